"""What the lifetime statistics have read, kept so the next look reads only what is new.

One file, ``<data>/stats-cache.npz``: the rows of every session read so far
(:mod:`holdem_tui.progress.facts`), each session's under the key of its history file (size
and modification time), so a history that grew (the session being played) or changed is
read again and the rest are not. numpy's own format, uncompressed: a few hundred thousand
rows load in milliseconds, where JSON would take most of a second.

The file is read like every file the game reads: a bounded regular file (never a FIFO or a
device), then every part checked (the arrays' types and shapes, each column's range, the
index's every field). Anything wrong costs nothing but a rebuild: :func:`read_cache` says
why in one line and returns nothing, and the next write replaces the file.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from holdem_tui.engine.positions import POSITION_LABELS
from holdem_tui.engine.variants import MAX_SEATS
from holdem_tui.history.phh import MAX_CHIPS, PhhError, read_regular
from holdem_tui.progress.facts import COLUMNS, COUNTS, INT_COLUMNS, HandRows
from holdem_tui.storage.atomic import atomic_write_bytes
from holdem_tui.storage.paths import data_dir

__all__ = ["CACHE_NAME", "CachedSession", "cache_path", "read_cache", "write_cache"]

CACHE_NAME: Final = "stats-cache.npz"
#: bump when a row's columns or their meaning change (an old file is then read again)
CACHE_VERSION: Final = 1
#: the largest cache read (about four million rows)
MAX_CACHE_BYTES: Final = 1 << 30
#: what a session id in the index may look like (ours: ``20261204-212714-a1b2c3``)
_SESSION_ID = re.compile(r"[A-Za-z0-9._-]{1,120}")
#: each column's allowed range (the rest: counts, 0 .. a hand's worth of actions)
_RANGES: Final = {
    "hand": (0, 10**7),
    "chair": (0, MAX_SEATS - 1),
    "label": (0, len(POSITION_LABELS) - 1),
    "players": (2, MAX_SEATS),
    "dealt": (1, (1 << MAX_SEATS) - 1),
    "unit": (1, MAX_CHIPS),
    "net": (-MAX_CHIPS, MAX_CHIPS),
    "all_in_won": (0, MAX_CHIPS),
    **{name: (0, 1) for name in ("saw_flop", "showdown", "showdown_won", "all_in")},
    **{name: (0, 10_000) for name in COUNTS},
}


@dataclass(frozen=True, slots=True)
class CachedSession:
    """One session's rows and the key of the history file they were read from."""

    key: tuple[int, int]
    rows: HandRows
    problems: tuple[str, ...] = ()


def cache_path() -> Path:
    """Where the cache lives: beside the histories folder, in the data folder."""
    return data_dir() / CACHE_NAME


class CacheError(ValueError):
    """Why a cache file cannot be used (one line)."""


def read_cache(path: Path) -> tuple[dict[str, CachedSession], str | None]:
    """The sessions a cache holds, and ``None``; or nothing and why it cannot be used.

    No file is nothing to say; a file of another version is read again without a word (an
    upgrade, not damage).
    """
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        data = read_regular(path, MAX_CACHE_BYTES)
        return _parse(data), None
    except _OtherVersion:
        return {}, None
    except (PhhError, CacheError) as exc:
        return {}, f"{path.name}: {exc}"


class _OtherVersion(Exception):
    pass


def _parse(data: bytes) -> dict[str, CachedSession]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {info.filename: info.file_size for info in archive.infolist()}
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise CacheError(f"not a cache file ({exc})") from None
    expected = {"version.npy", "ints.npy", "worth.npy", "index.npy"}
    if set(members) != expected:
        raise CacheError("not a cache file (its parts are not the cache's)")
    if sum(members.values()) > 4 * MAX_CACHE_BYTES:
        raise CacheError("its parts are too large")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as loaded:
            version = loaded["version"]
            if version.shape != () or version.dtype.kind != "i" or int(version) != CACHE_VERSION:
                raise _OtherVersion
            ints = loaded["ints"]
            worth = loaded["worth"]
            index = loaded["index"]
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise CacheError(f"cannot be read ({exc})") from None
    _check_rows(ints, worth)
    if index.shape != () or index.dtype.kind != "U":
        raise CacheError("its index is not text")
    try:
        listed = json.loads(str(index))
    except (ValueError, RecursionError):
        raise CacheError("its index is not JSON") from None
    return _sessions(listed, ints, worth)


def _check_rows(ints: np.ndarray[Any, Any], worth: np.ndarray[Any, Any]) -> None:
    if ints.dtype != np.int64 or ints.ndim != 2 or ints.shape[1] != len(INT_COLUMNS):
        raise CacheError("its rows have the wrong shape")
    if worth.dtype != np.float64 or worth.shape != (ints.shape[0],):
        raise CacheError("its all-in column has the wrong shape")
    if not np.all(np.isfinite(worth)) or np.any(worth < 0) or np.any(worth > MAX_CHIPS * 10):
        raise CacheError("its all-in column is out of range")
    if not len(ints):
        return
    for name, (low, high) in _RANGES.items():
        column = ints[:, COLUMNS[name]]
        if column.min() < low or column.max() > high:
            raise CacheError(f"its column {name!r} is out of range")


def _sessions(
    listed: object, ints: np.ndarray[Any, Any], worth: np.ndarray[Any, Any]
) -> dict[str, CachedSession]:
    if not isinstance(listed, list):
        raise CacheError("its index is not a list")
    sessions: dict[str, CachedSession] = {}
    at = 0
    for entry in listed:
        if not isinstance(entry, dict) or set(entry) != {"id", "key", "rows", "problems"}:
            raise CacheError("an index entry has the wrong fields")
        sid, key, count, problems = entry["id"], entry["key"], entry["rows"], entry["problems"]
        if not isinstance(sid, str) or not _SESSION_ID.fullmatch(sid) or sid in sessions:
            raise CacheError("an index entry has a bad session id")
        if (
            not isinstance(key, list)
            or len(key) != 2
            or not all(type(k) is int and k >= 0 for k in key)
        ):
            raise CacheError(f"{sid}: a bad file key")
        if type(count) is not int or not 0 <= count <= len(ints) - at:
            raise CacheError(f"{sid}: a bad row count")
        if (
            not isinstance(problems, list)
            or len(problems) > 100
            or not all(isinstance(p, str) and len(p) <= 500 for p in problems)
        ):
            raise CacheError(f"{sid}: bad problem lines")
        rows = (ints[at : at + count], worth[at : at + count])
        sessions[sid] = CachedSession((key[0], key[1]), rows, tuple(problems))
        at += count
    if at != len(ints):
        raise CacheError("its index does not cover its rows")
    return sessions


def write_cache(path: Path, sessions: dict[str, CachedSession]) -> None:
    """Replace the cache with these sessions (atomically: the old file or the new)."""
    index = [
        {"id": sid, "key": list(s.key), "rows": len(s.rows[0]), "problems": list(s.problems)}
        for sid, s in sessions.items()
    ]
    parts = [s.rows for s in sessions.values()]
    ints = (
        np.concatenate([p[0] for p in parts])
        if parts
        else np.zeros((0, len(INT_COLUMNS)), dtype=np.int64)
    )
    worth = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, dtype=np.float64)
    buffer = io.BytesIO()
    np.savez(
        buffer,
        version=np.int64(CACHE_VERSION),
        ints=ints.astype(np.int64, copy=False),
        worth=worth.astype(np.float64, copy=False),
        index=np.str_(json.dumps(index, ensure_ascii=False)),
    )
    atomic_write_bytes(path, buffer.getvalue())
