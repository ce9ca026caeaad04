"""Where an unexpected error is written down, so the screen can stay clean and short.

A crash must not print a traceback over the player's terminal: the game writes the
details to one log file in the data folder and says one line about where it is. The file
is appended to (a bug report can include several) and trimmed when it grows large.
"""

from __future__ import annotations

import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import holdem_tui
from holdem_tui.storage.atomic import atomic_write_text, private_folder
from holdem_tui.storage.paths import data_dir

#: Above this size the log keeps only its newest part.
MAX_LOG_BYTES: Final = 512 * 1024


def crash_log_path() -> Path:
    """The error log in the data folder (next to the autosave)."""
    return data_dir() / "holdem-tui.log"


def write_crash_log(error: BaseException, path: Path | None = None) -> Path:
    """Append ``error`` with its traceback and the game's version; returns the file written.

    Never raises: if the data folder cannot be written, the system's temporary folder is
    tried, because losing the report must not turn into a second crash.
    """
    text = "".join(traceback.format_exception(error))
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    entry = f"--- {stamp} holdem-tui {holdem_tui.__version__}\n{text}\n"
    candidates = [path or crash_log_path()]
    import tempfile

    candidates.append(Path(tempfile.gettempdir()) / "holdem-tui.log")
    for target in candidates:
        try:
            private_folder(target.parent)
            old = target.read_text(encoding="utf-8") if target.is_file() else ""
            if len(old.encode("utf-8")) > MAX_LOG_BYTES:
                old = old[-MAX_LOG_BYTES // 2 :]
            atomic_write_text(target, old + entry)
            return target
        except OSError:
            continue
    return candidates[-1]
