"""Exact pot shares of known Hold'em hands over every board still to come.

When every hand still in is known (a finished hand's history has all the cards), what a
player's all-in was worth is no estimate: enumerate each way the board can run out and
split each pot among the best hands. :func:`holdem_tui.engine.equity.equity` can enumerate
too, but it is built for ranges and walks every combination through generic machinery;
here the hands are fixed, so each board's key sum is built once (vectorised) and every
player adds two keys, as the Monte Carlo does. A preflop heads-up all-in (1,712,304
boards) takes a fraction of a second instead of several.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from holdem_tui.engine import evaluator as _ev
from holdem_tui.engine import kernel
from holdem_tui.engine.equity import _values, compiled_board

__all__ = ["runout_shares"]


@lru_cache(maxsize=8)
def _subsets(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of range(n), one per column of a ``(k, C(n, k))`` array (contiguous
    rows, so each position of every subset is read in one pass), lexicographic order."""
    if k == 0:
        return np.zeros((0, 1), dtype=np.uint8)
    rows = np.arange(n, dtype=np.int64).reshape(-1, 1)
    for _ in range(k - 1):
        last = rows[:, -1]
        counts = n - 1 - last
        keep = counts > 0
        rows, last, counts = rows[keep], last[keep], counts[keep]
        repeated = np.repeat(rows, counts, axis=0)
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([repeated, (starts + offsets)[:, None]], axis=1)
    out = np.ascontiguousarray(rows.T.astype(np.uint8))
    out.setflags(write=False)
    return out


#: card -> its bit in a 52-bit word laid out as 13 * suit + rank (a suit's ranks: one shift)
_SUIT_RANK_BIT = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)


def _board_values(
    holes: Sequence[tuple[int, int]], board: Sequence[int], dead: Sequence[int]
) -> npt.NDArray[np.uint16]:
    """``(players, runouts)`` hand values, one column per way the board can be completed."""
    known = {c for hole in holes for c in hole} | set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in known], dtype=np.int64)
    compiled = kernel.loaded()
    if compiled is not None:
        return _board_values_compiled(compiled, holes, board, deck)
    runs = _subsets(len(deck), 5 - len(board))
    size = runs.shape[1]
    keys = _ev.numpy_tables().card_keys
    deck_keys, deck_bits = keys[deck], _SUIT_RANK_BIT[deck]
    board_sum = np.full(size, sum(int(keys[c]) for c in board), dtype=np.uint64)
    bits = np.full(size, sum(int(_SUIT_RANK_BIT[c]) for c in board), dtype=np.int64)
    for column in runs:
        board_sum += deck_keys[column]
        bits |= deck_bits[column]
    suit_mask = np.stack([(bits >> (13 * suit)) & 0x1FFF for suit in range(4)]).astype(np.int32)
    values = np.empty((len(holes), size), dtype=np.uint16)
    for i, (a, b) in enumerate(holes):
        total = board_sum + keys[a] + keys[b]
        values[i] = _values(total, suit_mask, np.full(size, a), np.full(size, b))
    return values


def _board_values_compiled(
    compiled: ModuleType,
    holes: Sequence[tuple[int, int]],
    board: Sequence[int],
    deck: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint16]:
    """:func:`_board_values` by the compiled kernel: the same columns in the same order."""
    tables = _ev.numpy_tables()
    board_key, board_suits = compiled_board(board)
    k = 5 - len(board)
    values: npt.NDArray[np.uint16] = compiled.runout_values(
        deck,
        k,
        math.comb(len(deck), k),
        np.array(holes, dtype=np.int64).reshape(-1, 2),
        board_key,
        board_suits,
        tables.card_keys.view(np.int64),
        tables.hash_rows,
        tables.hash_values,
        tables.flush_suit,
        tables.flush,
    )
    return values


def runout_shares(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    groups: Sequence[Sequence[int]] | None = None,
    dead: Sequence[int] = (),
) -> list[tuple[float, ...]]:
    """Each contender's expected share of each pot, exactly, over every possible runout.

    ``holes`` are the known two-card hands still in; ``groups`` lists, per pot, the
    indices into ``holes`` that contest it (default: one pot for all). A tie splits the pot
    evenly. Returns one tuple per pot with a share per member, in the group's order; the
    shares of a pot sum to 1. Raises ``ValueError`` for bad or repeated cards.
    """
    pairs: list[tuple[int, int]] = []
    for hole in holes:
        if len(hole) != 2:
            raise ValueError(f"a Hold'em hand has two cards, got {len(hole)}")
        pairs.append((int(hole[0]), int(hole[1])))
    cards = [c for pair in pairs for c in pair] + [int(c) for c in (*board, *dead)]
    if any(not 0 <= c < 52 for c in cards) or len(set(cards)) != len(cards):
        raise ValueError("cards out of range or seen twice")
    if len(board) not in (0, 3, 4, 5):
        raise ValueError(f"the board has 0, 3, 4 or 5 cards, got {len(board)}")
    if groups is None:
        groups = [range(len(pairs))]
    values = _board_values(pairs, [int(c) for c in board], [int(c) for c in dead])
    out: list[tuple[float, ...]] = []
    for group in groups:
        members = list(group)
        if not members:
            raise ValueError("a pot needs at least one contender")
        contest = values[members]
        best = contest.max(axis=0)
        winners = contest == best
        split = winners / winners.sum(axis=0)
        out.append(tuple(float(share) for share in split.mean(axis=1)))
    return out
