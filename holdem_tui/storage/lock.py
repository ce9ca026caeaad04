"""One game per data folder: a lock, so a save and a history are written by one process.

Without it a second ``play`` renamed the first one's save, the two overwrote
``autosave.json`` in turn, and two ``--resume`` appended the same hands to one ``.phhs``
until none of it could be read. The lock is an ``flock`` on ``holdem-tui.lock`` in the
data folder: the kernel releases it when the holder dies (even by SIGKILL), so a stale lock
never blocks anyone; the file's text says who holds it, for the message to the second game.

Holding the lock is also what makes it safe to clean up: ``.tmp-*`` files left by a kill
can only belong to a dead writer, so :func:`acquire` removes them.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from holdem_tui.storage.atomic import TEMP_PREFIX, open_private, private_folder
from holdem_tui.storage.paths import LOCK_NAME


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a data folder, as far as its lock file says."""

    pid: str
    host: str
    since: str


class FolderInUse(Exception):
    """Another running game holds this data folder."""

    def __init__(self, folder: Path, holder: Holder) -> None:
        super().__init__(f"{folder} is in use by process {holder.pid} since {holder.since}")
        self.folder = folder
        self.holder = holder


class DataLock:
    """A held lock on one data folder; released by :meth:`release` or by the process ending."""

    def __init__(self, folder: Path, handle: IO[str]) -> None:
        self.folder = folder
        self._handle: IO[str] | None = handle

    def release(self) -> None:
        """Let another game use the folder."""
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.close()
            self._handle = None


def _read_holder(path: Path) -> Holder:
    try:
        data = json.loads(path.read_text(encoding="utf-8")[:1000])
        return Holder(str(data["pid"])[:12], str(data["host"])[:64], str(data["since"])[:32])
    except (OSError, ValueError, KeyError, TypeError):
        return Holder("?", "?", "?")


def acquire(folder: Path) -> DataLock:
    """Lock ``folder`` (created if needed) for this process and clean its stale temp files.

    Raises :class:`FolderInUse` naming the holder, or ``OSError`` when the folder cannot be
    made or written (the caller then plays on without saving).
    """
    import fcntl

    held = _HELD.get(folder.resolve())
    if held is not None and held._handle is not None:
        return held  # this process already holds it (a second game in one process)
    private_folder(folder)
    path = folder / LOCK_NAME
    handle = open_private(path, "a+")  # held for the whole game
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise FolderInUse(folder, _read_holder(path)) from None
    except OSError:
        handle.close()
        raise
    handle.seek(0)
    handle.truncate()
    since = datetime.now(UTC).astimezone().strftime("%Y-%m-%d %H:%M")
    handle.write(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": since}))
    handle.flush()
    clean_temp_files(folder)
    lock = DataLock(folder, handle)
    _HELD[folder.resolve()] = lock
    return lock


#: the locks this process holds, by folder (held until release or exit)
_HELD: dict[Path, DataLock] = {}


def clean_temp_files(folder: Path) -> list[Path]:
    """Remove ``.tmp-*`` files a killed writer left in ``folder`` and its ``histories``.

    Only called with the folder's lock held, so no live writer can own them.
    """
    removed = []
    for place in (folder, folder / "histories"):
        with contextlib.suppress(OSError):
            for path in place.glob(f"{TEMP_PREFIX}*"):
                with contextlib.suppress(OSError):
                    if path.is_file() and not path.is_symlink():
                        path.unlink()
                        removed.append(path)
    return removed
