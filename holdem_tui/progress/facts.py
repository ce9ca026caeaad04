"""One finished hand as the lifetime statistics count it: a row of numbers per player.

Everything the statistics show comes from these rows, so each fact is worked out once, here,
from a :class:`~holdem_tui.review.record.HandRecord` (a hand of a history, replayed by the
engine): who sat where (chair, position name, players dealt in), the result in chips and
the unit it is measured in, how the player played (the bots' one counter,
:class:`~holdem_tui.bots.stats.HandCounter` over the hand's public betting), whether they
saw the flop (or the draw) and the showdown and won it, and an all-in with cards to come
(:func:`holdem_tui.review.stats.all_in`: what their equity there was worth, exactly).

A row is plain integers plus one float (the all-in's worth), so a few hundred thousand of
them sit in two numpy arrays, are summed by column in milliseconds and kept in the cache
(:mod:`holdem_tui.progress.cache`) as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.stats import FIRST_ROUND, HandCounter, StyleCounts, betting_spots
from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.events import HandEnded, PlayerActed, PotAwarded, Street, StreetStarted
from holdem_tui.engine.positions import POSITION_LABELS, position_label
from holdem_tui.engine.variants import rules_of
from holdem_tui.review.record import HandRecord
from holdem_tui.review.stats import all_in

__all__ = ["COLUMNS", "COUNTS", "INT_COLUMNS", "HandRows", "hand_rows", "stack_rows"]

#: the counter's counts, one column each (``hands`` is the row itself)
COUNTS: Final = tuple(f.name for f in fields(StyleCounts) if f.name != "hands")
#: what a row says besides the counter's counts
FACTS: Final = ("saw_flop", "showdown", "showdown_won", "all_in")
#: the integer columns, in order: where the hand was (its place in the session's file),
#: who (the chair, 0-based), where (the position's index in ``POSITION_LABELS``, players
#: dealt in, the chairs dealt in as bits), the unit results are measured in (the big blind,
#: or the big bet in Five-Card Draw), the chips won or lost, the chips paid at an all-in
#: with cards to come, then the counts and the facts
INT_COLUMNS: Final = (
    "hand",
    "chair",
    "label",
    "players",
    "dealt",
    "unit",
    "net",
    "all_in_won",
    *COUNTS,
    *FACTS,
)
#: beside them, one float per row: what the player's equity at that all-in was worth, in chips
COLUMNS: Final = {name: index for index, name in enumerate(INT_COLUMNS)}

HandRows = tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]


def _unit(record: HandRecord) -> int:
    config = record.hand.config
    big_blind = max(config.blinds, default=0)
    return max(1, rules_of(record.hand.variant).unit(big_blind, config.big_bet))


def _saw_second_round(record: HandRecord) -> set[int]:
    """Positions still in when the round after the first began (the flop, or after the
    draw): the hands that could go on to a showdown."""
    folded: set[int] = set()
    for event in record.hand.events:
        if isinstance(event, PlayerActed) and event.kind is ActionKind.FOLD:
            folded.add(event.player)
        elif isinstance(event, StreetStarted) and event.street not in (
            *FIRST_ROUND,
            Street.DRAW,
            Street.SHOWDOWN,
        ):
            return set(range(record.hand.n)) - folded
    return set()


def hand_rows(record: HandRecord, index: int) -> HandRows:
    """Every dealt-in player's row of one hand; ``index`` is the hand's place in its file."""
    hand = record.hand
    n = hand.n
    counts = [StyleCounts() for _ in range(n)]
    counter = HandCounter()
    for betting in betting_spots(hand.view(None).history):
        counter.count(betting, counts[betting.player])
    ended = next(e for e in reversed(hand.events) if isinstance(e, HandEnded))
    saw = _saw_second_round(record)
    paid = {p for e in hand.events if isinstance(e, PotAwarded) for p, amount in e.shares if amount}
    showdown = sum(hand.live) > 1
    dealt = sum(1 << chair for chair in record.seats)
    unit = _unit(record)
    ints = np.zeros((n, len(INT_COLUMNS)), dtype=np.int64)
    worth = np.zeros(n, dtype=np.float64)
    for position in range(n):
        spot = all_in(record, position)
        went = showdown and hand.live[position]
        facts = (position in saw, went, went and position in paid, spot is not None)
        ints[position] = (
            index,
            record.seats[position],
            POSITION_LABELS.index(position_label(hand.variant, position, n)),
            n,
            dealt,
            unit,
            ended.net[position],
            spot.won if spot else 0,
            *(getattr(counts[position], name) for name in COUNTS),
            *(int(fact) for fact in facts),
        )
        worth[position] = spot.worth if spot else 0.0
    return ints, worth


def stack_rows(parts: Iterable[HandRows]) -> HandRows:
    """Rows of several hands as one pair of arrays (empty arrays of the right shape for none)."""
    listed = list(parts)
    if not listed:
        return np.zeros((0, len(INT_COLUMNS)), dtype=np.int64), np.zeros(0, dtype=np.float64)
    return np.concatenate([p[0] for p in listed]), np.concatenate([p[1] for p in listed])
