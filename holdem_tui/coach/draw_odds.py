"""Five-Card Draw: each sensible draw and its exact chance of reaching its goal.

The replacement cards come from the 47 cards the human does not hold; whoever holds the
others, every set of them is equally likely from the human's seat, so enumerating all
C(47, k) replacements gives the exact chance (at most 16,215 hands, one numpy batch).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.draw_common import best_discards, describe, keep_made
from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import Category, category_floor, evaluate_batch
from holdem_tui.engine.variants import RULES, Variant

__all__ = ["DrawOption", "draw_options", "improve_chance"]


@dataclass(frozen=True, slots=True)
class DrawOption:
    """One way to draw: the cards thrown, the hand it aims for (``goal``: a category, "or
    better") and the exact chance to get there; ``coach`` marks the coach's choice."""

    discards: tuple[Card, ...]
    goal: Category
    chance: float
    coach: bool


@lru_cache(maxsize=4)
def _replacements(k: int) -> npt.NDArray[np.int64]:
    """All k-subsets of 47 positions, as rows."""
    rows = list(itertools.combinations(range(47), k))
    return np.array(rows, dtype=np.int64).reshape(len(rows), k)


def _goal(kept: Sequence[int], drawing: int) -> Category:
    """What a draw keeping ``kept`` aims for: the flush or straight it draws to, else the
    next hand above what the kept cards make."""
    if drawing == 1 and len({c & 3 for c in kept}) == 1:
        return Category.FLUSH
    counts = sorted(Counter(c >> 2 for c in kept).values(), reverse=True)
    if counts[0] >= 4:
        return Category.STRAIGHT_FLUSH
    if counts[0] == 3:
        return Category.FULL_HOUSE
    if counts[0] == 2:
        return Category.FULL_HOUSE if len(counts) > 1 and counts[1] == 2 else Category.TWO_PAIR
    if drawing == 1:
        return Category.STRAIGHT  # four unpaired, unsuited cards kept: a straight draw
    return Category.PAIR


def improve_chance(cards: Sequence[int], discards: Sequence[int], goal: Category) -> float:
    """The exact chance that throwing ``discards`` ends with ``goal`` or better."""
    kept = [int(c) for c in cards if c not in discards]
    k = len(cards) - len(kept)
    if k == 0:
        return 0.0
    held = {int(c) for c in cards}
    deck = np.array([c for c in range(52) if c not in held], dtype=np.int64)
    new = deck[_replacements(k)]
    hands = np.concatenate([np.broadcast_to(np.array(kept), (len(new), len(kept))), new], 1)
    values = evaluate_batch(hands, validate=False)
    return float(np.mean(values >= category_floor(goal)))


def draw_options(
    cards: Sequence[Card], limit: int = RULES[Variant.DRAW].max_discards
) -> tuple[DrawOption, ...]:
    """The sensible draws for ``cards`` (at most ``limit`` discards), the coach's first.

    Sensible: the coach's own choice, keeping the made cards, drawing one to a four-flush
    or to four to a straight, keeping a pair with its highest kicker; standing pat only
    with a straight or better. Each set of discards appears once.
    """
    info = describe(cards)
    coach = tuple(best_discards(cards))[:limit]
    candidates: list[tuple[Card, ...]] = [coach, tuple(keep_made(cards))[:limit]]
    if info.flush_draw:
        candidates.append(tuple(c for c in cards if c not in info.flush_draw))
    if info.straight_draw:
        candidates.append(tuple(c for c in cards if c not in info.straight_draw))
    if info.category == Category.PAIR:
        loose = sorted((c for c in cards if c >> 2 != info.pair_rank), key=lambda c: c >> 2)
        candidates.append(tuple(loose[:2]))
    out: list[DrawOption] = []
    seen: set[frozenset[int]] = set()
    for discards in candidates:
        key = frozenset(int(c) for c in discards)
        if key in seen or len(discards) > limit:
            continue
        seen.add(key)
        if not discards:
            if info.category >= Category.STRAIGHT:
                out.append(DrawOption((), info.category, 1.0, discards == coach))
            continue
        kept = [c for c in cards if c not in discards]
        goal = _goal(kept, len(discards))
        chance = improve_chance(cards, discards, goal)
        out.append(DrawOption(discards, goal, chance, discards == coach))
    return tuple(out)
