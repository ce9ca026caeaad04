"""What the public history says about the other seats: this hand, and hands seen before.

Every level that reasons about opponents (normal and hard) needs the same facts: who
raised before the flop, who only limped, who bet this street, how many cards each drew.
They are read here once from ``view.history`` — the public events, with nobody's secret
cards — so no strategy ever peeks at anything a human at the table could not see.

:class:`OpponentBook` remembers across hands what each opponent did (how often they raise
first in, how often they fold to a bet), as a human regular would; it keys players by
their seat name, which is public.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from holdem_tui.bots.stats import FIRST_ROUND, HandCounter, StyleCounts, betting_spots
from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.events import CardsDrawn, PlayerActed, Street, StreetStarted
from holdem_tui.engine.view import PlayerView


@dataclass(slots=True)
class SeatRead:
    """One opponent's public actions in the current hand, summarised.

    ``entry`` is how the seat first put money in voluntarily in the first round: ``""``
    (not yet / blind only), ``"limp"`` (called the blind or the opening bet unraised),
    ``"call"`` (called a raise), ``"raise"`` (first raise), ``"reraise"`` (a raise on top
    of a raise). ``last_raise`` is its most aggressive first-round action by the same names.
    """

    player: int
    entry: str = ""
    last_raise: str = ""
    first_round_raises: int = 0
    later_bets: int = 0  # bets and raises after the first round
    later_raises: int = 0  # of which raises over someone's bet
    later_calls: int = 0
    street_bets: int = 0  # bets and raises on the current street
    street_calls: int = 0
    drawn: int | None = None


@dataclass(slots=True)
class HandRead:
    """The whole table's public story of this hand, as the strategies need it."""

    seats: dict[int, SeatRead] = field(default_factory=dict)
    street: Street = Street.PREFLOP
    first_round_raises: int = 0
    street_raises: int = 0  # bets + raises on the current street
    last_aggressor: int | None = None  # last bettor or raiser on the current street
    previous_aggressor: int | None = None  # last bettor or raiser of the previous round
    first_round_aggressor: int | None = None  # last raiser of the first round (c-bettor)
    limpers: int = 0

    def seat(self, player: int) -> SeatRead:
        """The read for ``player`` (created empty the first time)."""
        read = self.seats.get(player)
        if read is None:
            read = self.seats[player] = SeatRead(player)
        return read


def read_hand(view: PlayerView) -> HandRead:
    """Summarise ``view.history`` (public events only) into a :class:`HandRead`."""
    read = HandRead()
    first_round = True
    for event in view.history:
        if isinstance(event, StreetStarted):
            street = event.street
            if street in (Street.SHOWDOWN, Street.DRAW):
                continue
            first_round = street in FIRST_ROUND
            if street is not read.street:
                read.previous_aggressor = read.last_aggressor
                read.street_raises = 0
                read.last_aggressor = None
                for seat in read.seats.values():
                    seat.street_bets = seat.street_calls = 0
            read.street = street
        elif isinstance(event, PlayerActed):
            seat = read.seat(event.player)
            kind = event.kind
            if event.aggressive:
                seat.street_bets += 1
                if first_round:
                    name = "raise" if read.first_round_raises == 0 else "reraise"
                    if not seat.entry:
                        seat.entry = name
                    seat.last_raise = name
                    seat.first_round_raises += 1
                    read.first_round_raises += 1
                    read.first_round_aggressor = event.player
                else:
                    seat.later_bets += 1
                    seat.later_raises += kind is ActionKind.RAISE
                read.street_raises += 1
                read.last_aggressor = event.player
            elif kind is ActionKind.CALL:
                seat.street_calls += 1
                if first_round:
                    if not seat.entry:
                        seat.entry = "limp" if read.first_round_raises == 0 else "call"
                        if seat.entry == "limp":
                            read.limpers += 1
                else:
                    seat.later_calls += 1
        elif isinstance(event, CardsDrawn):
            read.seat(event.player).drawn = event.count
    return read


def opponents_in_hand(view: PlayerView) -> list[int]:
    """Positions of the other seats that have not folded."""
    return [s.position for s in view.seats if not s.folded and s.position != view.me]


def effective_stack(view: PlayerView) -> int:
    """Chips that can really be won or lost: my stack and bet against the deepest opponent."""
    me = view.seats[view.me or 0]
    mine = me.stack + me.bet
    others = [s.stack + s.bet for s in view.seats if not s.folded and s.position != view.me]
    return min(mine, max(others, default=0))


def in_position(view: PlayerView, opponents: list[int]) -> bool:
    """Whether I act after every live opponent on the later streets (higher position)."""
    me = view.me or 0
    return all(me > p for p in opponents)


@dataclass(slots=True)
class PlayerStats(StyleCounts):
    """Running public counts for one opponent across hands (:class:`StyleCounts`, counted
    by the shared :class:`~holdem_tui.bots.stats.HandCounter`), read with priors so they
    start sane."""

    def raise_rate(self) -> float:
        """How often they raise in the first round (prior: a 15% raiser over six hands)."""
        return (self.raised_first_round + 0.9) / (self.hands + 6)

    def reraise_rate(self) -> float:
        """How often they re-raise a first-round raise (prior: 5% over six spots)."""
        return (self.reraised + 0.3) / (self.faced_raise_first_round + 6)

    def vpip(self) -> float:
        """How often they put chips in voluntarily (prior: 30% over six hands)."""
        return (self.voluntary + 1.8) / (self.hands + 6)

    def fold_to_bet(self) -> float:
        """How often they fold when facing a bet (prior: 45% over ten spots)."""
        return (self.folded_to_bet + 4.5) / (self.faced_bet + 10)

    def aggression(self) -> float:
        """Share of their post-first-round actions that bet or raise (prior 35%)."""
        return (self.later_aggressive + 3.5) / (self.later_actions + 10)

    def open_rate(self) -> float:
        """How often they raise when first in (prior: 25% over eight chances).

        Unlike :meth:`raise_rate` it counts only the spots where they could open, so a
        heads-up button who raises 70% is read as a 70% opener, not 35%.
        """
        return (self.opens + 2.0) / (self.open_chances + 8)

    def fold_to_3bet(self) -> float:
        """How often an opener folds to a re-raise (prior: 45% over six spots)."""
        return (self.folded_to_3bet + 2.7) / (self.faced_3bet + 6)

    def cbet_rate(self) -> float:
        """How often the first-round aggressor bets the next street (prior 55% over eight)."""
        return (self.cbets + 4.4) / (self.cbet_chances + 8)

    def raise_to_later_bet(self) -> float:
        """How often they raise a bet after the first round (prior: 10% over ten).

        A raise comes from the top of this share of their range: rare raisers (most
        tight players) raise only with very strong hands, and the bot reads them so.
        """
        return (self.raised_later_bet + 1.0) / (self.faced_later_bet + 10)

    def fold_to_later_bet(self) -> float:
        """How often they fold to a bet after the first round (prior: 40% over ten)."""
        return (self.folded_later_bet + 4.0) / (self.faced_later_bet + 10)


class OpponentBook:
    """Remembers each opponent's public tendencies over the hands this bot has watched.

    Fed the view at each decision; the part of the history already counted is skipped, so
    several decisions in one hand never double count. Players are keyed by seat name.
    """

    def __init__(self) -> None:
        self.stats: dict[str, PlayerStats] = {}
        self._hand_key: tuple[int, tuple[str, ...]] | None = None
        self._seen = 0
        self._counter = HandCounter()

    def of(self, view: PlayerView, player: int) -> PlayerStats:
        """The stats of the seat at ``player`` in this hand."""
        name = view.seats[player].name
        found = self.stats.get(name)
        if found is None:
            found = self.stats[name] = PlayerStats()
        return found

    def update(self, view: PlayerView) -> None:
        """Count the public events of ``view.history`` not counted yet."""
        names = tuple(s.name for s in view.seats)
        key = (view.hand_number, names)
        if key != self._hand_key:
            self._hand_key = key
            self._seen = 0
            self._counter = HandCounter()
            for seat in view.seats:
                if seat.position != view.me:
                    self.of(view, seat.position).hands += 1
        for spot in betting_spots(view.history):
            if spot.index >= self._seen and spot.player != view.me:
                self._counter.count(spot, self.of(view, spot.player))
        self._seen = len(view.history)
