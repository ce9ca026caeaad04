"""Five-Card Draw knowledge shared by the three levels: what a hand is, what to throw.

The discard rules, draw detection and improvement odds are poker facts rather than
strategy, so they live here once; the levels differ in when they use them (easy never
draws to a flush, normal and hard do) and in how they bet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import Category, category_of, hand_value

#: chance to improve when drawing, by what is kept (well-known draw odds, 47 unseen cards)
IMPROVE_ODDS = {
    "pair": 0.287,  # draw 3 to a pair: two pair or better
    "two_pair": 0.085,  # draw 1: full house
    "trips": 0.104,  # draw 2: full house or quads
    "four_flush": 0.191,  # 9 outs of 47
    "open_straight": 0.170,  # 8 outs of 47
    "gutshot": 0.085,
    "nothing": 0.0,
}


@dataclass(frozen=True, slots=True)
class DrawHandInfo:
    """A five-card hand described for decisions: its made category and its draw, if any."""

    value: int
    category: Category
    pair_rank: int  # rank of the (highest) pair, trips or quads; -1 without one
    flush_draw: tuple[Card, ...]  # the four suited cards, if a four-flush
    straight_draw: tuple[Card, ...]  # four cards of an open-ended (or gutshot) straight
    open_ended: bool


def describe(cards: Sequence[Card]) -> DrawHandInfo:
    """Classify a five-card hand (made category, top pair rank, four-flush, straight draw)."""
    value = hand_value(cards)
    category = category_of(value)
    counts = Counter((c >> 2) for c in cards)
    paired = [r for r, k in counts.items() if k >= 2]
    pair_rank = max(paired, key=lambda r: (counts[r], r)) if paired else -1
    suits = Counter((c & 3) for c in cards)
    suit, most = suits.most_common(1)[0]
    flush_draw = tuple(c for c in cards if (c & 3) == suit) if most == 4 else ()
    straight_draw: tuple[Card, ...] = ()
    open_ended = False
    if category < Category.STRAIGHT:
        ranks = set(counts)
        if 12 in ranks:
            ranks.add(-1)
        for low in range(8, -2, -1):
            window = {r for r in ranks if low <= r < low + 5}
            if len(window) == 4:
                missing = ({low + k for k in range(5)} - window).pop()
                is_open = missing in (low, low + 4) and low >= 0 and low + 4 <= 12
                if is_open or not straight_draw:
                    keep = []
                    for r in sorted(window, reverse=True):
                        real = 12 if r == -1 else r
                        keep.append(next(c for c in cards if (c >> 2) == real))
                    straight_draw = tuple(keep)
                    open_ended = is_open
                    if is_open:
                        break
    return DrawHandInfo(value, category, pair_rank, flush_draw, straight_draw, open_ended)


def keep_made(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Discards that keep the made cards: pat with a straight or better, else throw the
    cards that do not pair (at most three; with nothing, keep the two highest).

    This is the easy level's whole drawing plan and the fallback of the others.
    """
    info = describe(cards)
    if info.category >= Category.STRAIGHT and info.category != Category.FOUR_OF_A_KIND:
        return ()
    counts = Counter((c >> 2) for c in cards)
    if info.category == Category.FOUR_OF_A_KIND:
        return ()
    loose = sorted((c for c in cards if counts[(c >> 2)] == 1), key=lambda c: c >> 2)
    if info.category == Category.TWO_PAIR:
        return tuple(loose)  # one card
    if info.category == Category.HIGH_CARD:
        return tuple(loose[:3])  # keep the two highest
    return tuple(loose[:3])


def best_discards(cards: Sequence[Card], *, draw_to_flush: bool = True) -> tuple[Card, ...]:
    """The standard draw: keep made hands, draw one to a four-flush or open straight
    (breaking nothing better than a small pair), else keep the made cards.

    A pair of jacks or better is kept over a four-flush; a smaller pair is broken for one,
    as the flush's 19% is worth more than the pair's chances.
    """
    info = describe(cards)
    if info.category >= Category.TWO_PAIR:
        return keep_made(cards)
    if draw_to_flush:
        small_pair = info.category == Category.PAIR and info.pair_rank < 9
        if info.flush_draw and (info.category == Category.HIGH_CARD or small_pair):
            return tuple(c for c in cards if c not in info.flush_draw)
        if info.straight_draw and info.open_ended and info.category == Category.HIGH_CARD:
            return tuple(c for c in cards if c not in info.straight_draw)
    return keep_made(cards)


def draw_kind(cards: Sequence[Card], discards: Sequence[Card]) -> str:
    """Name what a discard plan draws to, as a key of :data:`IMPROVE_ODDS`."""
    info = describe(cards)
    if not discards:
        return "nothing"
    kept = [c for c in cards if c not in discards]
    if len(discards) == 1 and info.flush_draw and set(kept) == set(info.flush_draw):
        return "four_flush"
    if len(discards) == 1 and info.straight_draw and set(kept) == set(info.straight_draw):
        return "open_straight" if info.open_ended else "gutshot"
    return {
        Category.PAIR: "pair",
        Category.TWO_PAIR: "two_pair",
        Category.THREE_OF_A_KIND: "trips",
    }.get(info.category, "nothing")
