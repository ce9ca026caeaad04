"""Monte Carlo for Five-Card Draw over the unknown cards only, vectorised with numpy.

The hard level never sees a hidden card. It deals a pool of possible opponent hands from
the cards it does not hold (its own discards are out of play too), lets each pool hand
draw by the book, and then weighs the pool per opponent by how likely that opponent's
public story is with it: the first-round action and how many cards it drew (a pool hand
that would not have drawn that many keeps a small weight, for bluffs and odd plays; the
hard bot's :meth:`~holdem_tui.bots.draw_hard.DrawHard.postdraw_ranges` reads the betting
after the draw on the same pool). Each simulation picks one pool hand per opponent by
those weights. Opponents are drawn independently of one another (their cards may overlap
in a multiway simulation), which costs a little accuracy and saves most of the time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem_tui.engine import kernel
from holdem_tui.engine.evaluator import Category, category_floor, evaluate_batch

_FLOORS = np.array([category_floor(c) for c in Category])
#: the lowest rank of an open-ended four in a row (3-4-5-6 up to T-J-Q-K: room both sides)
_RUN_LOWS = np.arange(1, 9)
#: share of an opponent's range given to hands that would not have drawn the observed
#: count by the book (bluffs, odd plays): standing pat on nothing is the classic bluff
OFF_STORY = 0.08

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Classified:
    """Per hand of a batch: category, top pair rank, draw flag, and a 0..1 strength score."""

    value: IntArray
    category: IntArray
    pair_rank: IntArray
    drawing: npt.NDArray[np.bool_]
    score: FloatArray
    keep: npt.NDArray[np.bool_]  # (N, 5): the cards a by-the-book draw keeps


def classify(hands: IntArray) -> Classified:
    """Classify ``(N, 5)`` hands and decide the standard draw for each, all at once.

    Counts come from one ``bincount`` per batch and runs from a 13-bit rank mask, rather
    than per-rank comparisons: the pool is classified on every hard decision. With the
    compiled kernel on, one loop does it (:mod:`holdem_tui.bots.draw_kernel`), same arrays.
    """
    value = evaluate_batch(hands, validate=False).astype(np.int64)
    if kernel.active():  # the same arrays from one compiled loop
        from holdem_tui.bots.draw_kernel import classify_rows

        rows_int = np.ascontiguousarray(hands, dtype=np.int64)
        return Classified(value, *classify_rows(rows_int, value, _FLOORS))
    n = len(hands)
    ranks = hands >> 2
    suits = hands & 3
    rows = np.arange(n)[:, None]
    rank_counts = np.bincount((ranks + 13 * rows).ravel(), minlength=13 * n).reshape(n, 13)
    suit_counts = np.bincount((suits + 4 * rows).ravel(), minlength=4 * n).reshape(n, 4)
    category = np.searchsorted(_FLOORS, value, side="right") - 1
    paired_ranks = rank_counts[:, ::-1] >= 2  # highest rank first
    pair_rank = np.where(paired_ranks.any(axis=1), 12 - paired_ranks.argmax(axis=1), -1)
    per_card = rank_counts.ravel()[ranks + 13 * rows]
    flush_suit = suit_counts.argmax(axis=1)
    four_flush = suit_counts.max(axis=1) == 4
    # open-ended four in a row: ranks low..low+3 with room on both sides (lowest such low)
    mask = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    runs = (mask[:, None] >> _RUN_LOWS) & 0b1111 == 0b1111  # (N, 8)
    open_low = np.where(runs.any(axis=1), _RUN_LOWS[runs.argmax(axis=1)], -1)
    open_ended = (open_low >= 0) & (category == Category.HIGH_CARD)
    drawing = four_flush | open_ended
    made = category >= Category.STRAIGHT
    paired = per_card >= 2
    in_flush = suits == flush_suit[:, None]
    in_run = (ranks >= open_low[:, None]) & (ranks < open_low[:, None] + 4)
    high = ranks.max(axis=1)
    # the second card from the top: the top rank again when it is paired
    below_top = np.where(ranks == high[:, None], -1, ranks).max(axis=1)
    second_high = np.where(rank_counts[np.arange(n), high] >= 2, high, below_top)
    two_high = ranks >= second_high[:, None]
    small_pair = (category == Category.PAIR) & (pair_rank < 9)
    chase_flush = four_flush & ((category == Category.HIGH_CARD) | small_pair)
    keep = np.where(
        made[:, None],
        True,
        np.where(
            chase_flush[:, None],
            in_flush,
            np.where(
                (category >= Category.PAIR)[:, None],
                paired,
                np.where(open_ended[:, None], in_run, two_high),
            ),
        ),
    )
    score = np.select(
        [
            category == Category.HIGH_CARD,
            category == Category.PAIR,
            category == Category.TWO_PAIR,
            category == Category.THREE_OF_A_KIND,
        ],
        [
            0.05 + 0.15 * high / 12,
            0.25 + 0.25 * pair_rank / 12,
            0.6 + 0.1 * pair_rank / 12,
            0.75 + 0.08 * pair_rank / 12,
        ],
        np.minimum(1.0, 0.85 + 0.03 * (category - Category.STRAIGHT)),
    )
    return Classified(value, category, pair_rank, drawing, score, keep)


def first_round_weight(info: Classified, action: str, loose: float = 0.0) -> FloatArray:
    """How likely a first-round action is with each hand (before the draw).

    ``loose`` (0 tight .. 1 very loose) is how wide this opponent has been seen to open:
    a heads-up regular bets small pairs and ace-high too, so those keep more weight.
    """
    cat, pair_rank, drawing = info.category, info.pair_rank, info.drawing
    two_pair_up = cat >= Category.TWO_PAIR
    pair = cat == Category.PAIR
    if action in ("raise", "reraise"):
        return np.select(
            [two_pair_up, pair & (pair_rank >= 9), pair, drawing],
            [1.0, 0.9, 0.35 + 0.6 * loose, 0.35 + 0.4 * loose],
            0.1 + 0.5 * loose,
        )
    if action in ("call", "limp"):
        return np.select([two_pair_up, pair, drawing], [0.6, 1.0, 0.8], 0.25)
    return np.ones(len(cat))


@dataclass(frozen=True, slots=True)
class DrawPool:
    """Possible opponent hands before and after a by-the-book draw, from unseen cards."""

    before: Classified
    drawn: IntArray
    after: Classified


def _deal(dead: Sequence[int], rows: int, count: int, rng: np.random.Generator) -> IntArray:
    """``(rows, count)`` cards, distinct within a row, from the cards not in ``dead``.

    Each row draws one uniform key per live card (``rng.random((rows, live))``) and deals
    the cards of the ``count`` smallest keys, smallest first (equal keys, about one row in
    10^13, by deck order). The order is part of the result (the pool's first five cards are
    the hand, the rest its draw), so it is stated here rather than left to
    ``argpartition``, whose order is whatever the CPU's sorting code gives (sorted on this
    machine's AVX-512 path, not on every CPU). With the compiled kernel on, one loop keeps
    the same cards (:func:`~holdem_tui.bots.draw_kernel.deal_rows`).
    """
    gone = set(int(c) for c in dead)
    deck = np.array([c for c in range(52) if c not in gone], dtype=np.int64)
    keys = rng.random((rows, len(deck)))
    if kernel.active():
        from holdem_tui.bots.draw_kernel import deal_rows

        dealt: IntArray = deal_rows(keys, deck, count)
        return dealt
    chosen = np.sort(np.argpartition(keys, count, axis=1)[:, :count], axis=1)  # deck order
    order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1, kind="stable")
    out: IntArray = deck[np.take_along_axis(chosen, order, axis=1)]
    return out


def build_pool(dead: Sequence[int], size: int, rng: np.random.Generator) -> DrawPool:
    """Deal ``size`` opponent hands from unseen cards and draw each by the book."""
    cards = _deal(dead, size, 8, rng)
    hands = cards[:, :5]
    before = classify(hands)
    keep = before.keep
    kept = keep.sum(axis=1)
    # the kept cards first, in their order, then the replacements in the order dealt
    slot = np.arange(5)[None, :] - kept[:, None]  # replacement index per position
    final = np.take_along_axis(cards[:, 5:], np.clip(slot, 0, 2), axis=1)
    rows, columns = np.nonzero(keep)
    final[rows, np.cumsum(keep, axis=1)[rows, columns] - 1] = hands[rows, columns]
    return DrawPool(before, (5 - kept).astype(np.int64), classify(final))


def drawn_story(pool: DrawPool, weights: FloatArray, drawn: int) -> FloatArray:
    """``weights`` with the pool hands that would not have drawn ``drawn`` cards by the
    book cut to :data:`OFF_STORY` of the range between them."""
    match = pool.drawn == drawn
    on = float(weights[match].sum())
    off = float(weights[~match].sum())
    if on <= 0 or off <= 0:
        return weights
    scale = OFF_STORY / (1.0 - OFF_STORY) * on / off
    out: FloatArray = np.where(match, weights, weights * scale)
    return out


def showdown_share(mine: IntArray, opponents: Sequence[IntArray]) -> float:
    """My mean pot share given my values and each opponent's values per simulation."""
    opp = np.stack(opponents)
    best = opp.max(axis=0)
    ties = (opp == mine).sum(axis=0)
    share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (1 + ties), 0.0))
    return float(share.mean())


def _pick(pool: DrawPool, weights: FloatArray, sims: int, rng: np.random.Generator) -> IntArray:
    """``sims`` pool hands drawn with replacement by weight (uniformly if none has any).

    With the compiled kernel on, one loop draws the same numbers and finds the same hands
    (:func:`holdem_tui.bots.draw_kernel.weighted_picks`)."""
    total = float(weights.sum())
    if total <= 0:
        return rng.integers(0, len(weights), sims)
    cumulative = np.cumsum(weights)
    if kernel.active():
        from holdem_tui.bots.draw_kernel import weighted_picks

        picked: IntArray = weighted_picks(rng, sims, cumulative)
        return picked
    picks = np.searchsorted(cumulative, rng.random(sims) * cumulative[-1], side="right")
    out: IntArray = np.minimum(picks, len(weights) - 1).astype(np.int64)
    return out


def draw_values(
    mine: Sequence[int], my_discards: Sequence[int], sims: int, rng: np.random.Generator
) -> IntArray:
    """The values my hand may end with, ``sims`` times: ``my_discards`` replaced from
    the cards I do not hold."""
    kept = [int(c) for c in mine if c not in my_discards]
    need = 5 - len(kept)
    if need:
        extra = _deal(mine, sims, need, rng)
        my_hands = np.concatenate([np.broadcast_to(kept, (sims, len(kept))), extra], axis=1)
        out: IntArray = evaluate_batch(my_hands, validate=False).astype(np.int64)
        return out
    return np.full(sims, int(evaluate_batch(np.array([kept]))[0]), dtype=np.int64)


def predraw_equity(
    mine: Sequence[int],
    my_discards: Sequence[int],
    actions: Sequence[str],
    sims: int,
    rng: np.random.Generator,
    pool_size: int = 2000,
    looseness: Sequence[float] | None = None,
) -> float:
    """My pot share if everyone draws now, against opponents read from their actions
    (and, per opponent, how loosely they have been seen to open)."""
    pool = build_pool(mine, pool_size, rng)
    my_values = draw_values(mine, my_discards, sims, rng)
    loose = list(looseness) if looseness is not None else [0.0] * len(actions)
    loose += [0.0] * (len(actions) - len(loose))
    values = [
        pool.after.value[_pick(pool, first_round_weight(pool.before, a, x), sims, rng)]
        for a, x in zip(actions, loose, strict=False)
    ]
    return showdown_share(my_values, values)
