"""The draw pool's classification as one compiled loop (the ``fast`` extra).

:func:`holdem_tui.bots.draw_montecarlo.classify` uses it when the compiled kernel is on
(:mod:`holdem_tui.engine.kernel`). It computes, hand by hand, exactly what the numpy code
computes column by column (the same integer tests and the same floating-point expressions
in the same order), so both give the same arrays bit for bit; the tests compare them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from holdem_tui.engine.kernel_numba import _guides, _searchsorted, jit

# the categories the classification names (Category's values)
_HIGH_CARD = 0
_PAIR = 1
_TWO_PAIR = 2
_THREE_OF_A_KIND = 3
_STRAIGHT = 4


@jit
def classify_rows(hands: Any, value: Any, floors: Any) -> Any:
    """Per ``(N, 5)`` hand: category, top pair rank, drawing, score, and the cards kept."""
    n = hands.shape[0]
    category = np.empty(n, dtype=np.int64)
    pair_rank = np.empty(n, dtype=np.int64)
    drawing = np.empty(n, dtype=np.bool_)
    score = np.empty(n)
    keep = np.empty((n, 5), dtype=np.bool_)
    rank_counts = np.zeros(13, dtype=np.int64)
    suit_counts = np.zeros(4, dtype=np.int64)
    for i in range(n):
        rank_counts[:] = 0
        suit_counts[:] = 0
        mask = 0
        high = -1
        for j in range(5):
            r = hands[i, j] >> 2
            rank_counts[r] += 1
            suit_counts[hands[i, j] & 3] += 1
            mask |= 1 << r
            high = max(high, r)
        cat = -1
        for floor in floors:  # searchsorted(floors, value, "right") - 1
            if floor <= value[i]:
                cat += 1
        category[i] = cat
        top_pair = -1
        for r in range(12, -1, -1):
            if rank_counts[r] >= 2:
                top_pair = r
                break
        pair_rank[i] = top_pair
        flush_suit = 0
        for s in range(1, 4):
            if suit_counts[s] > suit_counts[flush_suit]:
                flush_suit = s
        four_flush = suit_counts[flush_suit] == 4
        open_low = -1
        for low in range(1, 9):
            if (mask >> low) & 0b1111 == 0b1111:
                open_low = low
                break
        open_ended = open_low >= 0 and cat == _HIGH_CARD
        drawing[i] = four_flush or open_ended
        below_top = -1
        for j in range(5):
            r = hands[i, j] >> 2
            if r != high:
                below_top = max(below_top, r)
        second_high = high if rank_counts[high] >= 2 else below_top
        small_pair = cat == _PAIR and top_pair < 9
        chase_flush = four_flush and (cat == _HIGH_CARD or small_pair)
        for j in range(5):
            r = hands[i, j] >> 2
            if cat >= _STRAIGHT:
                keep[i, j] = True
            elif chase_flush:
                keep[i, j] = hands[i, j] & 3 == flush_suit
            elif cat >= _PAIR:
                keep[i, j] = rank_counts[r] >= 2
            elif open_ended:
                keep[i, j] = open_low <= r < open_low + 4
            else:
                keep[i, j] = r >= second_high
        if cat == _HIGH_CARD:
            score[i] = 0.05 + 0.15 * high / 12
        elif cat == _PAIR:
            score[i] = 0.25 + 0.25 * top_pair / 12
        elif cat == _TWO_PAIR:
            score[i] = 0.6 + 0.1 * top_pair / 12
        elif cat == _THREE_OF_A_KIND:
            score[i] = 0.75 + 0.08 * top_pair / 12
        else:
            score[i] = min(1.0, 0.85 + 0.03 * (cat - _STRAIGHT))
    return category, pair_rank, drawing, score, keep


@jit
def weighted_picks(rng: Any, sims: int, cumulative: Any) -> Any:
    """``draw_montecarlo._pick``'s numpy lines in one loop: ``rng.random(sims)`` (the same
    numbers, in order), each times the total weight, and the hand whose running weight
    first passes it (``searchsorted(side="right")``, at most the last hand), found through
    a guide table instead of a binary search over thousands of hands."""
    n = len(cumulative)
    buckets = 1
    while buckets < n:
        buckets *= 2
    guide = _guides(cumulative.reshape(1, n), np.array([n], dtype=np.int64), buckets)[0]
    total = cumulative[n - 1]
    out = np.empty(sims, dtype=np.int64)
    for i in range(sims):
        uniform = rng.random()
        out[i] = min(_searchsorted(cumulative, guide, buckets, uniform, uniform * total), n - 1)
    return out


@jit
def deal_rows(keys: Any, deck: Any, count: int) -> Any:
    """``draw_montecarlo._deal``'s selection in one loop: per row of ``keys``, the cards of
    the ``count`` smallest keys, smallest first, equal keys in deck order.

    The keys are uniform, so a row's smallest are almost always below a bound that about
    ``count + 6`` of them pass: those are gathered without a branch and sorted (insertion,
    stable); the rare row with fewer than ``count`` below it sorts all its keys instead."""
    rows, live = keys.shape
    out = np.empty((rows, count), dtype=np.int64)
    bound = min(1.0, (count + 6) / live)
    picks = np.empty(live, dtype=np.int64)
    for i in range(rows):
        kept = 0
        for c in range(live):
            picks[kept] = c
            kept += keys[i, c] < bound
        if kept < count:
            kept = live
            for c in range(live):
                picks[c] = c
        for j in range(1, kept):
            pick = picks[j]
            key = keys[i, pick]
            k = j
            while k > 0 and keys[i, picks[k - 1]] > key:
                picks[k] = picks[k - 1]
                k -= 1
            picks[k] = pick
        for j in range(count):
            out[i, j] = deck[picks[j]]
    return out
