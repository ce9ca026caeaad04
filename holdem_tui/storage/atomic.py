"""Writes that a crash, a kill or a full disk cannot turn into a half-written file.

The rule everywhere in :mod:`holdem_tui.storage`: a file on disk is either the old version
or the new one, never a mix. A full rewrite goes through a temporary file in the same
folder that is flushed, synced and then renamed over the old one (``os.replace`` is atomic
on POSIX and Windows). Hand histories only grow, so they are appended and synced instead;
their reader copes with a torn last record. A damaged file is never deleted: it is renamed
aside with a timestamp so the player (or a bug report) still has it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from pathlib import Path
from typing import IO, Final

#: failures that pass once a flood's descriptors are closed, or memory is back: a write
#: that meets one is tried again later, never the end of saving (a connection flood holds
#: every descriptor for a moment; issue 27.7 lost 6,610 of 7,458 hands' history to it)
TRANSIENT_ERRNOS: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.ENOBUFS})


def is_transient(exc: OSError) -> bool:
    """Whether ``exc`` is a failure to try again later (see :data:`TRANSIENT_ERRNOS`)."""
    return exc.errno in TRANSIENT_ERRNOS


#: Prefix of the temporary files; readers ignore files that start with it.
TEMP_PREFIX = ".tmp-"
#: every file the game writes is its player's alone: a hand history holds every hole card
#: of the session and a save the hand's seed (which deals it), so nobody else on the machine
#: may read them; folders the game makes likewise
FILE_MODE = 0o600
FOLDER_MODE = 0o700


def private_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) if needed; the folder itself is the player's
    only (its parents keep whatever the system gives them)."""
    folder = Path(folder)
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)


def open_private(path: Path, mode: str) -> IO[str]:
    """Open ``path`` for appending or reading and writing text, creating it readable by its
    owner only, and taking back a file an older version left readable by others."""
    flags = os.O_CREAT | (os.O_APPEND | os.O_WRONLY if mode == "a" else os.O_RDWR | os.O_APPEND)
    fd = os.open(path, flags, FILE_MODE)
    try:
        if os.name == "posix" and os.fstat(fd).st_mode & 0o077:
            os.fchmod(fd, FILE_MODE)
        return os.fdopen(fd, mode, encoding="utf-8", newline="\n")
    except BaseException:
        os.close(fd)
        raise


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable: sync the folder entry too (not possible on Windows)."""
    if os.name != "posix":  # pragma: no cover - Windows cannot open a folder
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - unusual file systems
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) as :func:`atomic_write_bytes` does."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old file or the new, nothing else.

    The temporary file sits in the same folder (a rename across file systems would not be
    atomic) and is removed if anything fails before the rename, so a crash never leaves a
    stray file that looks like the real one.
    """
    path = Path(path)
    private_folder(path.parent)
    fd, temp_name = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{path.name}.", dir=path.parent)
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _fsync_dir(path.parent)


def append_durably(path: Path, text: str) -> int:
    """Append ``text`` to ``path`` and sync it; returns the file's size afterwards.

    Appending (rather than rewriting) keeps a long session's history cheap to extend; the
    size returned lets the autosave record how much of the file belongs to the saved state.
    """
    path = Path(path)
    private_folder(path.parent)
    with open_private(path, "a") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
        size = handle.tell()
    return size


def keep_aside(path: Path, label: str = "corrupt") -> Path:
    """Rename a damaged file to ``<stem>.<label>-<timestamp><suffix>`` and return the new path.

    Never deletes and never overwrites: if the name is taken (two failures in one second)
    a counter is added. The player is told the new name so nothing seems to vanish.
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        extra = "" if attempt == 0 else f"-{attempt}"
        target = path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")
        if not target.exists():
            os.replace(path, target)
            _fsync_dir(path.parent)
            return target
    raise FileExistsError(f"no free name to keep {path} aside")  # pragma: no cover
