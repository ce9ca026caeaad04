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
_HASH_SHIFT = 10

_F = TypeVar("_F", bound=Callable[..., Any])


def _jit(function: _F) -> _F:
    """Compile without the GIL held, cached on disk (compiled once per machine)."""
    if numba is None:
        return function
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


@_jit
def _nonflush7(total: Any, hash_rows: Any, hash_values: Any) -> Any:
    """The best non-flush value of a 7-card key sum, through the perfect hash."""
    rank_sum = np.int64(total & _RANK_MASK)
    return hash_values[rank_sum + hash_rows[rank_sum >> _HASH_SHIFT]]


@_jit
def _value7(
    total: Any,
    suits: Any,
    a: Any,
    b: Any,
    hash_rows: Any,
    hash_values: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """One 7-card value from its key sum; ``suits`` are the board's ranks per suit."""
    value = _nonflush7(total, hash_rows, hash_values)
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
    cards: Any,
    keys: Any,
    hash_rows: Any,
    hash_values: Any,
    sums: Any,
    values: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """Values of ``(N, k)`` hands, k in 5..7 (``sums``/``values``: the k-card table, k < 7)."""
    n_rows, k = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for i in range(n_rows):
        total = np.uint64(0)
        for j in range(k):
            total += keys[cards[i, j]]
        rank_sum = total & np.uint64(_RANK_MASK)
        if k == 7:
            value = _nonflush7(total, hash_rows, hash_values)
        else:
            value = values[np.searchsorted(sums, np.int64(rank_sum))]
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
    hash_rows: Any,
    hash_values: Any,
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
    # one deck for all simulations: each one's swaps are undone after it, which costs its
    # dealt cards only, not a fresh copy of the deck
    cards = deck.astype(np.int64)
    where = position.copy()
    n_range = picked.shape[1]
    moved = np.empty(n_range, dtype=np.int64)  # per range card: where it was
    moved_last = np.empty(n_range, dtype=np.int64)  # the card put there, and its old place
    last_where = np.empty(n_range, dtype=np.int64)
    picks = np.empty(deal_count, dtype=np.int64)
    suits = np.empty(4, dtype=np.int64)
    for r in range(size):
        live = len(deck)
        for j in range(n_range):  # each range card to the end, out of play
            p = where[picked[r, j]]
            live -= 1
            last = cards[live]
            moved[j] = p
            moved_last[j] = last
            last_where[j] = where[last]
            cards[p] = last
            where[last] = p
        for i in range(deal_count):
            pick = i + np.int64(draws[i, r] * (live - i))
            picks[i] = pick
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
            hash_rows,
            hash_values,
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
            value = _value7(
                total + keys[a] + keys[b], suits, a, b, hash_rows, hash_values, flush_suit, flush
            )
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
        for i in range(deal_count - 1, -1, -1):  # undo, last swap first
            swap = cards[picks[i]]
            cards[picks[i]] = cards[i]
            cards[i] = swap
        for j in range(n_range - 1, -1, -1):
            cards[moved[j]] = picked[r, j]
            where[moved_last[j]] = last_where[j]
    return win, tie, share


@_jit
def enumerate_deals(
    cards: Any,
    counts: Any,
    sizes: Any,
    masks: Any,
    weights: Any,
    hero_a: int,
    hero_b: int,
    board_key: Any,
    board_suits: Any,
    keys: Any,
    hash_rows: Any,
    hash_values: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """Every deal of the exact enumeration, in numpy's order, without the ones that use a
    card twice: per deal its weight, and the weighted sums of hero's wins, ties and pot
    shares, added left to right as ``numpy.cumsum`` adds them.

    Slot ``s`` (each opponent, then the board completion, last) has ``counts[s]``
    candidates of ``sizes[s]`` cards: ``cards[s, i, :sizes[s]]``, their card mask and
    weight. Deals run in row-major order over the slots (the last slot fastest), as
    ``numpy.unravel_index`` numbers them, and a deal's weight multiplies the slots' weights
    in slot order from 1.0, as the numpy path does.
    """
    n_slots = len(counts)
    board = n_slots - 1
    total_deals = 1
    for s in range(n_slots):
        total_deals *= counts[s]
    # per board completion: its key sum, its ranks per suit and hero's value, once
    runs = counts[board]
    run_total = np.empty(runs, dtype=keys.dtype)
    run_suits = np.empty((runs, 4), dtype=np.int64)
    hero_value = np.empty(runs, dtype=np.int64)
    for run in range(runs):
        total = board_key
        for s in range(4):
            run_suits[run, s] = board_suits[s]
        for j in range(sizes[board]):
            c = cards[board, run, j]
            total += keys[c]
            run_suits[run, c & 3] |= 1 << (c >> 2)
        run_total[run] = total
        hero_value[run] = _value7(
            total + keys[hero_a] + keys[hero_b],
            run_suits[run],
            hero_a,
            hero_b,
            hash_rows,
            hash_values,
            flush_suit,
            flush,
        )
    weight = np.empty(total_deals)
    wins = 0.0
    ties = 0.0
    shares = 0.0
    index = np.zeros(n_slots, dtype=np.int64)
    found = 0
    for _ in range(total_deals):
        used = np.int64(0)
        clash = False
        for s in range(n_slots):
            mask = masks[s, index[s]]
            if used & mask:
                clash = True
                break
            used |= mask
        if not clash:
            w = 1.0
            for s in range(n_slots):
                w *= weights[s, index[s]]
            weight[found] = w
            run = index[board]
            total = run_total[run]
            hero = hero_value[run]
            best = 0
            tied = 0
            for s in range(board):
                a = cards[s, index[s], 0]
                b = cards[s, index[s], 1]
                value = _value7(
                    total + keys[a] + keys[b],
                    run_suits[run],
                    a,
                    b,
                    hash_rows,
                    hash_values,
                    flush_suit,
                    flush,
                )
                if value > best:
                    best = value
                if value == hero:
                    tied += 1
            # each term as numpy forms it (weight * value), then added in deal order
            if hero > best:
                wins += w * 1.0
                shares += w * 1.0
            elif hero == best:
                ties += w * 1.0
                shares += w * (1.0 / (1 + tied))
            found += 1
        s = n_slots - 1  # the next deal: the last slot moves fastest
        while s >= 0:
            index[s] += 1
            if index[s] < counts[s]:
                break
            index[s] = 0
            s -= 1
    return weight[:found], wins, ties, shares
