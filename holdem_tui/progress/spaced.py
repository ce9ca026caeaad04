"""Spaced repetition for the player's own spots: right comes back later and less often,
wrong comes back soon.

Each spot is a :class:`Card` with the time it is next due and the interval that got it
there. A right answer stretches the interval (a day the first time, then two and a half
times as long each time: 1, 2.5, 6, 16 days…); a wrong one shrinks it to :data:`AGAIN`
(ten minutes: the spot comes back in the same sitting) and starts its streak again. The
order asked is the most overdue first, then the spots never asked, oldest first. Every
function takes the time (``now``, seconds since the epoch) as an argument: the clock is the
caller's, so the tests turn it by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Final

__all__ = ["AGAIN", "DAY", "FIRST", "GROWTH", "Card", "answered", "due_order", "next_due"]

DAY: Final = 86_400.0
#: how soon a spot answered wrong comes back
AGAIN: Final = 600.0
#: the interval after the first right answer, and how much each next right one stretches it
FIRST: Final = DAY
GROWTH: Final = 2.5


@dataclass(frozen=True, slots=True)
class Card:
    """One spot's schedule: when it is due, the interval that set that, right answers in a
    row, and how often it has been asked."""

    due: float
    interval: float = 0.0
    streak: int = 0
    seen: int = 0


def answered(card: Card, right: bool, now: float) -> Card:
    """The card after an answer at ``now``."""
    if right:
        interval = FIRST if card.interval < FIRST else card.interval * GROWTH
        return Card(now + interval, interval, card.streak + 1, card.seen + 1)
    return replace(card, due=now + AGAIN, interval=AGAIN, streak=0, seen=card.seen + 1)


def due_order(cards: Mapping[str, Card], now: float, new: Iterable[str] = ()) -> list[str]:
    """The spots to ask now: those due (most overdue first), then ``new`` ones never asked,
    in the order given."""
    due = sorted((card.due, key) for key, card in cards.items() if card.due <= now and card.seen)
    return [key for _, key in due] + [key for key in new if key not in cards or not cards[key].seen]


def next_due(cards: Mapping[str, Card]) -> float | None:
    """When the next spot already asked comes back (``None``: none asked yet)."""
    times = [card.due for card in cards.values() if card.seen]
    return min(times) if times else None
