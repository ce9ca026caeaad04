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

from collections.abc import Sequence
from dataclasses import dataclass, field

from holdem_tui.bots.holdem_common import position_group
from holdem_tui.bots.stats import FIRST_ROUND, HandCounter, StyleCounts, betting_spots
from holdem_tui.bots.tendencies import Tendencies, count_hand
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.events import CardsDrawn, Event, PlayerActed, Street, StreetStarted
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
    street_checks: int = 0
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
                    seat.street_bets = seat.street_calls = seat.street_checks = 0
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
            elif kind is ActionKind.CHECK:
                seat.street_checks += 1
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


def smoothed(hits: int, chances: int, *, percent: int, over: int) -> float:
    """``hits`` in ``chances``, read as if ``over`` more chances at ``percent`` per cent
    came first, so a player seen twice is not read as never or always doing it.

    The prior's hits are ``percent * over / 100``: a ratio of whole numbers, so the float
    is the one a decimal literal would give (``0.3 * 6`` is not ``1.8``; ``30 * 6 / 100``
    is).
    """
    return (hits + percent * over / 100) / (chances + over)


@dataclass(slots=True)
class PlayerStats(StyleCounts):
    """Running public counts for one opponent across hands (:class:`StyleCounts`, counted
    by the shared :class:`~holdem_tui.bots.stats.HandCounter`), read with priors so they
    start sane."""

    def raise_rate(self) -> float:
        """How often they raise in the first round (prior: a 15% raiser over six hands)."""
        return smoothed(self.raised_first_round, self.hands, percent=15, over=6)

    def reraise_rate(self) -> float:
        """How often they re-raise a first-round raise (prior: 5% over six spots)."""
        return smoothed(self.reraised, self.faced_raise_first_round, percent=5, over=6)

    def vpip(self) -> float:
        """How often they put chips in voluntarily (prior: 30% over six hands)."""
        return smoothed(self.voluntary, self.hands, percent=30, over=6)

    def fold_to_bet(self) -> float:
        """How often they fold when facing a bet (prior: 45% over ten spots)."""
        return smoothed(self.folded_to_bet, self.faced_bet, percent=45, over=10)

    def aggression(self) -> float:
        """Share of their post-first-round actions that bet or raise (prior 35%)."""
        return smoothed(self.later_aggressive, self.later_actions, percent=35, over=10)

    def open_rate(self) -> float:
        """How often they raise when first in (prior: 25% over eight chances).

        Unlike :meth:`raise_rate` it counts only the spots where they could open, so a
        heads-up button who raises 70% is read as a 70% opener, not 35%.
        """
        return smoothed(self.opens, self.open_chances, percent=25, over=8)

    def fold_to_3bet(self) -> float:
        """How often an opener folds to a re-raise (prior: 45% over six spots)."""
        return smoothed(self.folded_to_3bet, self.faced_3bet, percent=45, over=6)

    def cbet_rate(self) -> float:
        """How often the first-round aggressor bets the next street (prior 55% over eight)."""
        return smoothed(self.cbets, self.cbet_chances, percent=55, over=8)

    def raise_to_later_bet(self) -> float:
        """How often they raise a bet after the first round (prior: 10% over ten).

        A raise comes from the top of this share of their range: rare raisers (most
        tight players) raise only with very strong hands, and the bot reads them so.
        """
        return smoothed(self.raised_later_bet, self.faced_later_bet, percent=10, over=10)

    def fold_to_later_bet(self) -> float:
        """How often they fold to a bet after the first round (prior: 40% over ten)."""
        return smoothed(self.folded_later_bet, self.faced_later_bet, percent=40, over=10)


class OpponentBook:
    """Remembers each opponent's public tendencies over the hands this bot has watched.

    Fed the view at each decision; the part of the history already counted is skipped, so
    several decisions in one hand never double count. Players are keyed by seat name.

    A bot is asked to act only when it is its turn, so the events that end a hand after
    its last decision never reach it in a view: the fold to its last bet, the river check
    behind, the button folded to its big blind. A player at the table sees them, and the
    book reconstructs them the way that player would reason: told of each decision with
    :meth:`note`, it knows what it did last; when the next hand starts, whatever must have
    followed is counted (see :func:`inferred_events`). Without that the book would see
    only the calls and raises, and read every opponent as a calling station.
    """

    def __init__(self) -> None:
        self.stats: dict[str, PlayerStats] = {}
        self.notes: dict[str, Tendencies] = {}
        self._hand_key: tuple[int, tuple[str, ...]] | None = None
        self._names: tuple[str, ...] = ()
        self._me: int | None = None
        self._seen = 0
        self._counter = HandCounter()
        self._last: tuple[PlayerView, Action] | None = None

    def of(self, view: PlayerView, player: int) -> PlayerStats:
        """The stats of the seat at ``player`` in this hand."""
        return self._stats_named(view.seats[player].name)

    def tendencies(self, view: PlayerView, player: int) -> Tendencies:
        """The spot-by-spot notes on the seat at ``player`` in this hand."""
        return self._notes_named(view.seats[player].name)

    def _stats_named(self, name: str) -> PlayerStats:
        found = self.stats.get(name)
        if found is None:
            found = self.stats[name] = PlayerStats()
        return found

    def _notes_named(self, name: str) -> Tendencies:
        found = self.notes.get(name)
        if found is None:
            found = self.notes[name] = Tendencies()
        return found

    def note(self, view: PlayerView, action: Action) -> None:
        """Remember the decision just made, so the hand's unseen end can be inferred."""
        self._last = (view, action)

    def update(self, view: PlayerView) -> None:
        """Count the public events of ``view.history`` not counted yet."""
        names = tuple(s.name for s in view.seats)
        key = (view.hand_number, names)
        if key != self._hand_key:
            self._finish_hand()
            self._count_walk(view, names)
            self._start_hand(key, names, view.me)
        self._count(view.history)

    def _start_hand(
        self, key: tuple[int, tuple[str, ...]], names: tuple[str, ...], me: int | None
    ) -> None:
        self._hand_key = key
        self._names = names
        self._me = me
        self._seen = 0
        self._counter = HandCounter()
        for position, name in enumerate(names):
            if position != me:
                self._stats_named(name).hands += 1

    def _finish_hand(self) -> None:
        """Count what must have happened after this bot's last decision of the hand."""
        last, self._last = self._last, None
        if last is None or self._hand_key is None:
            return
        view, action = last
        if (view.hand_number, tuple(s.name for s in view.seats)) != self._hand_key:
            return
        events = inferred_events(view, action)
        if len(events) > 1:  # more than my own action
            self._count((*view.history, *events))

    def _count_walk(self, view: PlayerView, names: tuple[str, ...]) -> None:
        """A hand skipped between two decisions is one where everybody folded to this
        bot's big blind: counted as each opponent's fold first in.

        Counted only when the seating proves it: the same players, the button moved one
        seat each hand, and this bot in the big blind of the missing hand.
        """
        if self._hand_key is None or self._me is None or view.me is None:
            return
        previous, n = self._hand_key[0], len(names)
        if view.hand_number != previous + 2 or n < 2 or sorted(names) != sorted(self._names):
            return
        # each hand every player's position drops by one (the button moves on)
        missing = tuple(self._names[(p + 1) % n] for p in range(n))
        me = (self._me - 1) % n
        big_blind = 0 if n == 2 else 1
        again = tuple(missing[(p + 1) % n] for p in range(n))
        if me != big_blind or again != names or missing[me] != self._names[self._me]:
            return
        self._start_hand((previous + 1, missing), missing, me)
        order = [(big_blind + 1 + k) % n for k in range(n - 1)]
        self._count(
            (
                StreetStarted(Street.PREFLOP),
                *(PlayerActed(p, ActionKind.FOLD, 0, 0, False) for p in order),
            )
        )

    def _count(self, history: Sequence[Event]) -> None:
        """Count the events of ``history`` from ``self._seen`` on (this hand's seating)."""
        me = self._me
        players = len(self._names)
        count_hand(
            history,
            self._seen,
            me,
            [position_group(p, players) for p in range(players)],
            lambda p: self._notes_named(self._names[p]),
        )
        for spot in betting_spots(history):
            if spot.index >= self._seen and spot.player != me:
                self._counter.count(spot, self._stats_named(self._names[spot.player]))
        self._seen = len(history)


#: the last betting round of each variant: a call there ends the hand unseen
LAST_ROUNDS = (Street.RIVER, Street.POSTDRAW)


def own_event(view: PlayerView, action: Action) -> PlayerActed | None:
    """The public event ``action`` becomes once played from ``view`` (``None`` for a draw)."""
    legal = view.legal
    if legal is None or view.me is None or action.kind is ActionKind.DRAW:
        return None
    if action.kind is ActionKind.ALL_IN:
        action = legal.all_in_action()
    kind = action.kind
    if kind in (ActionKind.BET, ActionKind.RAISE):
        to = int(action.amount or 0)
        amount = to - legal.current_bet
    elif kind is ActionKind.CALL:
        amount = legal.call_amount
        to = legal.current_bet + amount
    else:
        amount, to = 0, legal.current_bet
    return PlayerActed(view.me, kind, amount, to, amount >= legal.stack > 0)


def inferred_events(view: PlayerView, action: Action) -> tuple[PlayerActed, ...]:
    """This bot's last action of a hand, then what the others must have done after it.

    Called once the next hand has begun, so this hand ended with no further decision for
    this bot. After its bet or raise (not all-in) before the last round, every opponent
    who could have called without going all-in folded: a call or a raise would have
    brought another decision. After its check in the last round, everybody behind checked:
    a bet would have. Anything else (a call, a last-round bet, an all-in) could have ended
    several ways and adds nothing.
    """
    mine = own_event(view, action)
    if mine is None:
        return ()
    me = mine.player
    n = len(view.seats)
    behind = [(me + k) % n for k in range(1, n)]
    live = [view.seats[p] for p in behind if not view.seats[p].folded and not view.seats[p].all_in]
    if not live or mine.all_in:
        return (mine,)
    if mine.aggressive and view.street not in LAST_ROUNDS:
        if any(seat.stack <= mine.to - seat.bet for seat in live):
            return (mine,)  # a call all-in would also have ended the betting
        return (mine, *(PlayerActed(s.position, ActionKind.FOLD, 0, s.bet, False) for s in live))
    if mine.kind is ActionKind.CHECK and view.street in LAST_ROUNDS:
        after = [s for s in live if s.position > me]
        return (mine, *(PlayerActed(s.position, ActionKind.CHECK, 0, 0, False) for s in after))
    return (mine,)
