"""How each player plays, counted from the public history: VPIP, PFR, aggression and the rest.

One counter for everyone who keeps such numbers: the bots' reads of their opponents
(:class:`~holdem_tui.bots.reads.OpponentBook`) and the simulator's report
(:mod:`holdem_tui.simulate`) both walk a hand's events with :func:`betting_spots` and count
them with :class:`HandCounter`, so "VPIP" or "folds to a c-bet" means the same in both.

Only public events are read (who bet, called, folded, on which round), so a bot may count
anything here about anybody: it is what a regular at the table would note.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.events import Event, PlayerActed, Street, StreetStarted

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: streets on which the first betting round of each variant happens
FIRST_ROUND = (Street.PREFLOP, Street.PREDRAW)
#: moves that answer a bet: everything but a check or a bet into nobody
_ANSWERS = (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE)


@dataclass(frozen=True, slots=True)
class BettingSpot:
    """One betting action with the public situation it was made in."""

    #: where the action stands in the history
    index: int
    action: PlayerActed
    #: the first betting round (before the flop, or before the draw)
    first_round: bool
    #: betting rounds after the first one so far (1: the round right after it)
    later_round: int
    #: bets and raises already made in this round
    facing: int
    #: someone had already put chips in voluntarily in the first round
    entered_any: bool
    #: the first raiser of the first round so far (the opener)
    opener: int | None
    #: the last raiser of the first round so far (the one who may continuation-bet)
    first_aggressor: int | None
    #: in the first round, a re-raise stands that the opener has not answered yet
    reraised: bool
    #: the round right after the first: a continuation bet is its only bet so far
    cbet_standing: bool = False

    @property
    def player(self) -> int:
        """Who acted."""
        return self.action.player

    @property
    def answers_bet(self) -> bool:
        """A fold, call or raise facing a bet or raise."""
        return bool(self.facing) and self.action.kind in _ANSWERS

    @property
    def open_spot(self) -> bool:
        """First in: nobody has put chips in voluntarily yet, so this seat could open."""
        return self.first_round and not self.entered_any and self.facing == 0

    @property
    def faces_open(self) -> bool:
        """Facing the first round's only raise (someone else's): may 3-bet."""
        return self.first_round and self.facing == 1 and self.player != self.opener

    @property
    def faces_cbet(self) -> bool:
        """Facing a continuation bet, not raised yet: may fold to it, call or raise."""
        return self.cbet_standing and self.facing == 1 and self.player != self.first_aggressor

    @property
    def faces_3bet(self) -> bool:
        """The opener, re-raised, answering for the first time."""
        return self.reraised and self.player == self.opener

    @property
    def cbet_spot(self) -> bool:
        """The first round's last raiser, first to bet in the next round."""
        return self.later_round == 1 and self.facing == 0 and self.player == self.first_aggressor


def betting_spots(history: Iterable[Event]) -> Iterator[BettingSpot]:
    """Every :class:`PlayerActed` of ``history`` (public events) in its situation, in order."""
    first_round = True
    facing = 0
    later_round = 0
    entered_any = False
    opener: int | None = None
    first_aggressor: int | None = None
    answered_3bet = False
    cbet_standing = False
    for index, event in enumerate(history):
        if isinstance(event, StreetStarted):
            if event.street not in FIRST_ROUND and event.street not in (
                Street.SHOWDOWN,
                Street.DRAW,
            ):
                first_round = False
                later_round += 1
            facing = 0
            cbet_standing = False
            continue
        if not isinstance(event, PlayerActed):
            continue
        yield BettingSpot(
            index=index,
            action=event,
            first_round=first_round,
            later_round=later_round,
            facing=facing,
            entered_any=entered_any,
            opener=opener,
            first_aggressor=first_aggressor,
            reraised=first_round and facing >= 2 and not answered_3bet,
            cbet_standing=cbet_standing,
        )
        cbet = later_round == 1 and facing == 0 and event.player == first_aggressor
        if event.aggressive:
            cbet_standing = cbet
        if first_round and event.player == opener and facing >= 2:
            answered_3bet = True
        if first_round and event.voluntary:
            entered_any = True
        if event.aggressive:
            facing += 1
            if first_round:
                first_aggressor = event.player
                if opener is None:
                    opener = event.player


def field_sums(a: DataclassInstance, b: DataclassInstance) -> dict[str, Any]:
    """Each field of the dataclass ``a`` plus the same field of ``b``, by name.

    How every set of counts is summed (a player's chunks here, a session's hands in the
    review's :class:`~holdem_tui.review.stats.SeatStats`), so a count added to one of
    them is summed with the rest and no other change.
    """
    return {f.name: getattr(a, f.name) + getattr(b, f.name) for f in fields(a)}


@dataclass(slots=True)
class StyleCounts:
    """Running public counts for one player (or one player in one position), summable.

    ``hands`` is counted by whoever deals the player in; everything else by
    :meth:`HandCounter.count`.
    """

    hands: int = 0
    #: hands with chips put in voluntarily in the first round (VPIP)
    voluntary: int = 0
    #: hands with a bet or raise in the first round (PFR)
    raised_first_round: int = 0
    #: bets and raises, every round (the numerator of the aggression factor)
    aggressive: int = 0
    #: calls, every round (its denominator)
    calls: int = 0
    #: a bet or raise to answer, any round
    faced_bet: int = 0
    folded_to_bet: int = 0
    faced_raise_first_round: int = 0
    reraised: int = 0
    #: first round, facing a lone open (one raise, not one's own): a 3-bet chance
    faced_open: int = 0
    threebets: int = 0
    #: actions after the first round other than folds, and how many of them bet or raise
    later_actions: int = 0
    later_aggressive: int = 0
    #: first round, nobody in yet: could raise first in
    open_chances: int = 0
    opens: int = 0
    #: opened, then met a re-raise
    faced_3bet: int = 0
    folded_to_3bet: int = 0
    #: of those, answered with another raise (a 4-bet)
    fourbets: int = 0
    #: first-round aggressor, first to bet in the next round
    cbet_chances: int = 0
    cbets: int = 0
    #: facing that continuation bet (nobody has raised it yet), and folding to it
    faced_cbet: int = 0
    folded_to_cbet: int = 0
    #: a bet to answer after the first round
    faced_later_bet: int = 0
    folded_later_bet: int = 0
    raised_later_bet: int = 0

    def add(self, other: StyleCounts) -> None:
        """Accumulate another player's (or another chunk's) counts into these."""
        for name, total in field_sums(self, other).items():
            setattr(self, name, total)


class HandCounter:
    """Counts one hand's betting spots; VPIP and PFR at most once per player and hand.

    Make one per hand and feed it each spot once (a bot deciding several times in a hand
    feeds only the spots it has not counted yet).
    """

    def __init__(self) -> None:
        self._entered: set[int] = set()
        self._raised: set[int] = set()

    def count(self, spot: BettingSpot, *counts: StyleCounts) -> None:
        """Add what ``spot`` says about its player to each of ``counts``."""
        kind = spot.action.kind
        aggressive = spot.action.aggressive
        first_voluntary = False
        first_raise = False
        if spot.first_round:
            if spot.action.voluntary and spot.player not in self._entered:
                self._entered.add(spot.player)
                first_voluntary = True
            if aggressive and spot.player not in self._raised:
                self._raised.add(spot.player)
                first_raise = True
        for c in counts:
            c.voluntary += first_voluntary
            c.raised_first_round += first_raise
            if aggressive:
                c.aggressive += 1
            elif kind is ActionKind.CALL:
                c.calls += 1
            if spot.answers_bet:
                c.faced_bet += 1
                c.folded_to_bet += kind is ActionKind.FOLD
            if spot.first_round:
                if spot.answers_bet:
                    c.faced_raise_first_round += 1
                    c.reraised += kind is ActionKind.RAISE
                if spot.open_spot:
                    c.open_chances += 1
                    c.opens += aggressive
                if spot.faces_open:
                    c.faced_open += 1
                    c.threebets += aggressive
                if spot.faces_3bet:
                    c.faced_3bet += 1
                    c.folded_to_3bet += kind is ActionKind.FOLD
                    c.fourbets += aggressive
            else:
                if kind is not ActionKind.FOLD:
                    c.later_actions += 1
                    c.later_aggressive += aggressive
                if spot.answers_bet:
                    c.faced_later_bet += 1
                    c.folded_later_bet += kind is ActionKind.FOLD
                    c.raised_later_bet += kind is ActionKind.RAISE
            if spot.cbet_spot:
                c.cbet_chances += 1
                c.cbets += aggressive
            if spot.faces_cbet:
                c.faced_cbet += 1
                c.folded_to_cbet += kind is ActionKind.FOLD
