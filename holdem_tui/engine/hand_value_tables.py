"""How the evaluator's tables are made: every hand class in poker order, then the lookups.

The evaluator ships these tables precomputed (:mod:`holdem_tui.engine.hand_value_data`) so a
start of the game pays nothing for them; this module builds them from first principles,
for ``scripts/build_hand_value_data.py`` and for the test that the shipped data is exactly
what it builds. Nothing here runs when the game plays (only the compiled kernel of bulk work,
``simulate`` and ``bench``, hashes the five-card sums with :func:`perfect_hash` on first use).

* Non-flush part. Each rank has a key such that the key sum over a rank multiset is unique
  per multiset of a given size (Kenneth Shackleton's SKPokerEval keys, :data:`RANK_KEYS`;
  uniqueness is asserted). For 5, 6 and 7 cards the table lists every rank multiset's sum,
  sorted, with its best value; 6 and 7 cards take the best of the multisets one rank smaller.
* Flush part. A 13-bit mask of one suit's ranks indexes an 8,192-entry table of the best
  flush (or straight flush) those ranks make; masks of 6 and 7 ranks take the best subset.
* A perfect hash of the 7-card sums for batches: ``values[sum + rows[sum >> 10]]`` in a
  table of about 110,000 entries (220 kB, which stays in a core's cache, where the dense
  7.8 M-entry table does not). Rows are placed first-fit, largest first.
"""

from __future__ import annotations

import base64
import itertools
import zlib
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem_tui.engine.evaluator import NUM_VALUES, RANK_KEYS, Category, build_classes

__all__ = ["HandValueTables", "build_tables", "decode", "encode"]


@dataclass(frozen=True, slots=True)
class HandValueTables:
    """The lookups, as plain numpy arrays: ``sums[n]`` sorted with ``values[n]`` beside it."""

    flush: npt.NDArray[np.uint16]
    sums: dict[int, npt.NDArray[np.int64]]
    values: dict[int, npt.NDArray[np.uint16]]
    #: the perfect hash of 7-card sums: per row of sums an offset, and the values
    hash_rows: npt.NDArray[np.int32]
    hash_values: npt.NDArray[np.uint16]


#: 7-card sums are hashed in rows of ``1 << HASH_SHIFT`` consecutive sums
HASH_SHIFT = 10


def build_tables() -> HandValueTables:
    """Build every table from the hand classes (about 0.1 s)."""
    classes = build_classes()
    if len(classes) != NUM_VALUES:  # pragma: no cover - a construction bug
        raise AssertionError(f"expected {NUM_VALUES} classes, built {len(classes)}")
    keys = np.array(RANK_KEYS, dtype=np.int64)
    five_sums: list[int] = []
    five_vals: list[int] = []
    flush = np.zeros(1 << 13, dtype=np.uint16)
    for value, (cat, _, five) in enumerate(classes, start=1):
        if cat in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            flush[sum(1 << r for r in five)] = value
        else:
            five_sums.append(sum(RANK_KEYS[r] for r in five))
            five_vals.append(value)
    # Flush masks of 6 and 7 ranks: best of the masks with one rank removed.
    for mask in sorted(range(1 << 13), key=int.bit_count):
        if mask.bit_count() > 5:
            flush[mask] = max(flush[mask & ~(1 << r)] for r in range(13) if mask >> r & 1)

    sums: dict[int, npt.NDArray[np.int64]] = {}
    vals: dict[int, npt.NDArray[np.uint16]] = {}
    order = np.argsort(np.array(five_sums))
    sums[5] = np.array(five_sums, dtype=np.int64)[order]
    vals[5] = np.array(five_vals, dtype=np.uint16)[order]
    if len(np.unique(sums[5])) != len(sums[5]):  # pragma: no cover
        raise AssertionError("rank keys collide on five cards")
    for n in (6, 7):
        combos = np.array(
            list(itertools.combinations_with_replacement(range(13), n)), dtype=np.int64
        )
        counts = np.zeros((len(combos), 13), dtype=np.int64)
        for col in range(n):
            np.add.at(counts, (np.arange(len(combos)), combos[:, col]), 1)
        counts = counts[counts.max(axis=1) <= 4]
        s = counts @ keys
        best = np.zeros(len(s), dtype=np.uint16)
        prev_sums, prev_vals = sums[n - 1], vals[n - 1]
        for r in range(13):
            has = counts[:, r] > 0
            sub = s[has] - keys[r]
            pos = np.searchsorted(prev_sums, sub)
            if not np.array_equal(prev_sums[pos], sub):  # pragma: no cover
                raise AssertionError("rank key table is inconsistent")
            best[has] = np.maximum(best[has], prev_vals[pos])
        order = np.argsort(s)
        sums[n], vals[n] = s[order], best[order]
        if len(np.unique(sums[n])) != len(sums[n]):  # pragma: no cover
            raise AssertionError(f"rank keys collide on {n} cards")
    rows, table = perfect_hash(sums[7], vals[7])
    return HandValueTables(flush, sums, vals, rows, table)


def perfect_hash(
    sums: npt.NDArray[np.int64], values: npt.NDArray[np.uint16]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint16]]:
    """A collision-free ``sum -> values[sum + rows[sum >> HASH_SHIFT]]`` for sorted ``sums``.

    Each row (sums sharing their high bits) is placed at the first offset where none of its
    columns lands on a taken slot, the fullest rows first (a few seconds).
    """
    mask = (1 << HASH_SHIFT) - 1
    row_of = sums >> HASH_SHIFT
    n_rows = int(row_of[-1]) + 1
    starts = np.searchsorted(row_of, np.arange(n_rows + 1))
    taken = np.zeros(3 * len(sums) + (2 << HASH_SHIFT), dtype=bool)
    placed = np.zeros(n_rows, dtype=np.int64)
    window = np.arange(2048)
    for row in np.argsort(-np.diff(starts), kind="stable"):
        columns = sums[starts[row] : starts[row + 1]] & mask
        if not len(columns):
            continue
        first = 0
        while True:
            free = np.flatnonzero(~taken[first + window[:, None] + columns[None, :]].any(axis=1))
            if free.size:
                break
            first += len(window)
        offset = first + int(free[0])
        taken[offset + columns] = True
        placed[row] = offset
    table = np.zeros(int(np.flatnonzero(taken)[-1]) + 1, dtype=np.uint16)
    rows = (placed - (np.arange(n_rows) << HASH_SHIFT)).astype(np.int32)
    table[sums + rows[row_of]] = values
    return rows, table


#: the layout of the shipped bytes: the flush table, then per size the sum gaps and values
_SIZES = (5, 6, 7)


def encode(tables: HandValueTables) -> str:
    """The tables as the text :mod:`holdem_tui.engine.hand_value_data` holds: little-endian
    arrays (sums as gaps, which compress well), zlib-compressed, base64."""
    parts = [tables.flush.astype("<u2").tobytes()]
    for n in _SIZES:
        parts.append(np.array([len(tables.sums[n])], dtype="<u4").tobytes())
        parts.append(np.diff(tables.sums[n], prepend=0).astype("<u4").tobytes())
        parts.append(tables.values[n].astype("<u2").tobytes())
    for array, kind in ((tables.hash_rows, "<i4"), (tables.hash_values, "<u2")):
        parts.append(np.array([len(array)], dtype="<u4").tobytes())
        parts.append(array.astype(kind).tobytes())
    return base64.b64encode(zlib.compress(b"".join(parts), 9)).decode("ascii")


def decode(text: str) -> HandValueTables:
    """The inverse of :func:`encode` (the evaluator has its own numpy-free reader)."""
    raw = zlib.decompress(base64.b64decode(text))
    flush = np.frombuffer(raw, dtype="<u2", count=1 << 13).astype(np.uint16)
    at = 2 << 13
    sums: dict[int, npt.NDArray[np.int64]] = {}
    vals: dict[int, npt.NDArray[np.uint16]] = {}
    for n in _SIZES:
        count = int(np.frombuffer(raw, dtype="<u4", count=1, offset=at)[0])
        at += 4
        sums[n] = np.cumsum(np.frombuffer(raw, dtype="<u4", count=count, offset=at), dtype=np.int64)
        at += 4 * count
        vals[n] = np.frombuffer(raw, dtype="<u2", count=count, offset=at).astype(np.uint16)
        at += 2 * count
    hashed = []
    for kind, size in (("<i4", 4), ("<u2", 2)):
        count = int(np.frombuffer(raw, dtype="<u4", count=1, offset=at)[0])
        hashed.append(np.frombuffer(raw, dtype=kind, count=count, offset=at + 4))
        at += 4 + size * count
    rows = hashed[0].astype(np.int32)
    return HandValueTables(flush, sums, vals, rows, hashed[1].astype(np.uint16))
