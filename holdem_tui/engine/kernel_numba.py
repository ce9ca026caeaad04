"""The compiled loops of the ``fast`` extra (numba): the same arithmetic as the numpy path.

Imported only through :mod:`holdem_tui.engine.kernel`, and only when numba is installed. Each
function does, hand by hand, exactly what the numpy code does column by column: the same
key sums, the same table lookups, the same partial Fisher–Yates with the same random
numbers (drawn by numpy and passed in), and the same per-deal results, which numpy then
reduces as it always did. So the two paths give the same values bit for bit, and the tests
compare them on every hand of large random batches.

Compiled with ``cache=True``: the first call on a machine compiles (a few seconds, once) and
later processes load the compiled code from numba's cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

numba: Any
try:
    import numba
except ImportError:  # without the fast extra: importable, and never used (kernel.loaded)
    numba = None

_RANK_BITS = 23
_RANK_MASK = (1 << _RANK_BITS) - 1

_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(function: _F) -> _F:
    """Compile without the GIL held, cached on disk (compiled once per machine)."""
    if numba is None:
        return function
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


@_jit
def _value7(
    total: Any, suits: Any, a: Any, b: Any, nonflush7: Any, flush_suit: Any, flush: Any
) -> Any:
    """One 7-card value from its key sum; ``suits`` are the board's ranks per suit."""
    value = nonflush7[total & _RANK_MASK]
    s = flush_suit[total >> _RANK_BITS]
    if s >= 0:
        mask = suits[s]
        if a & 3 == s:
            mask |= 1 << (a >> 2)
        if b & 3 == s:
            mask |= 1 << (b >> 2)
        value = flush[mask]  # seven cards: a flush beats any non-flush hand
    return value


@_jit
def evaluate_rows(
    cards: Any, keys: Any, nonflush7: Any, sums: Any, values: Any, flush_suit: Any, flush: Any
) -> Any:
    """Values of ``(N, k)`` hands, k in 5..7 (``sums``/``values``: the k-card table, k < 7)."""
    n_rows, k = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for i in range(n_rows):
        total = np.uint64(0)
        for j in range(k):
            total += keys[cards[i, j]]
        rank_sum = total & np.uint64(_RANK_MASK)
        seven = k == 7
        value = nonflush7[rank_sum] if seven else values[np.searchsorted(sums, np.int64(rank_sum))]
        s = flush_suit[total >> np.uint64(_RANK_BITS)]
        if s >= 0:
            mask = 0
            for j in range(k):
                c = cards[i, j]
                if c & 3 == s:
                    mask |= 1 << (c >> 2)
            value = max(value, flush[mask])
        out[i] = value
    return out


@_jit
def simulate_chunk(
    deck: Any,
    position: Any,
    picked: Any,
    draws: Any,
    n_board: int,
    ranged: Any,
    hero_a: int,
    hero_b: int,
    board_key: Any,
    board_suits: Any,
    keys: Any,
    nonflush7: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """Per simulation: hero wins outright, ties for best, hero's share of the pot.

    ``picked`` holds the ranged opponents' hole cards (``(size, 2R)``), ``draws`` the
    uniform numbers of the partial Fisher–Yates (``(deal_count, size)``), ``ranged`` one
    flag per opponent (in seat order: random opponents take the next two dealt cards).
    """
    size = draws.shape[1]
    deal_count = draws.shape[0]
    win = np.zeros(size)
    tie = np.zeros(size)
    share = np.zeros(size)
    cards = np.empty(len(deck), dtype=np.int64)
    where = np.empty(52, dtype=np.int64)
    suits = np.empty(4, dtype=np.int64)
    for r in range(size):
        for i in range(len(deck)):
            cards[i] = deck[i]
        for i in range(52):
            where[i] = position[i]
        live = len(deck)
        for j in range(picked.shape[1]):  # each range card to the end, out of play
            p = where[picked[r, j]]
            live -= 1
            last = cards[live]
            cards[p] = last
            where[last] = p
        for i in range(deal_count):
            pick = i + np.int64(draws[i, r] * (live - i))
            swap = cards[pick]
            cards[pick] = cards[i]
            cards[i] = swap
        total = board_key
        for s in range(4):
            suits[s] = board_suits[s]
        for i in range(n_board):
            c = cards[i]
            total += keys[c]
            suits[c & 3] |= 1 << (c >> 2)
        hero = _value7(
            total + keys[hero_a] + keys[hero_b],
            suits,
            hero_a,
            hero_b,
            nonflush7,
            flush_suit,
            flush,
        )
        best = 0
        tied = 0
        next_card = n_board
        next_range = 0
        for o in range(len(ranged)):
            if ranged[o]:
                a = picked[r, 2 * next_range]
                b = picked[r, 2 * next_range + 1]
                next_range += 1
            else:
                a = cards[next_card]
                b = cards[next_card + 1]
                next_card += 2
            value = _value7(total + keys[a] + keys[b], suits, a, b, nonflush7, flush_suit, flush)
            if value > best:
                best = value
            if value == hero:
                tied += 1
        if hero > best:
            win[r] = 1.0
            share[r] = 1.0
        elif hero == best:
            tie[r] = 1.0
            share[r] = 1.0 / (1 + tied)
    return win, tie, share
