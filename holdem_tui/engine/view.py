"""What one seat may know, frozen: the only thing a bot or a player's screen receives.

A :class:`PlayerView` holds no reference into the engine: its own cards, the board, every
stack, bet and pot, the public history (others' secret cards removed) and, when it is this
seat's turn, its :class:`~holdem_tui.engine.actions.LegalActions`. :func:`view_of` builds it
from a hand, here next to what it builds, so what a seat may see is decided in one place.

It is immutable all the way down: frozen dataclasses, tuples, ints (cards are ints), strings
and enum members, and every dataclass in it is the view's own (:func:`own_copy`), so even a
bot that forces a field with ``object.__setattr__`` changes its view only, never the hand.
That is what lets the game's own bots read their views directly, without a serialised copy.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeVar

from holdem_tui.engine.actions import LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import BlindKind, Event, Street
from holdem_tui.engine.pots import Pot
from holdem_tui.engine.tournament import TournamentInfo
from holdem_tui.engine.variants import RULES, BettingStructure, Variant

if TYPE_CHECKING:
    from holdem_tui.engine.hand import Hand

_T = TypeVar("_T")
#: values shared as they are: nothing in them can be changed, not even by object.__setattr__
_LEAVES: tuple[type, ...] = (int, str, float, Enum, type(None))
#: field names per dataclass type, looked up once (``fields()`` is slow in a hot path)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def own_copy(value: _T) -> _T:
    """``value`` with a new object for every dataclass in it, so that nothing it holds is
    shared with the original except values that cannot be changed at all.

    For the engine's frozen values (events, pots, legal actions): tuples are rebuilt only
    around copied items, leaves (ints and cards, strings, enum members) are shared. Anything
    else is refused, so a mutable type slipping into a view fails loudly in the tests.
    """
    cls = type(value)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if isinstance(value, _LEAVES):
            return value
        if isinstance(value, tuple):
            return value if _leaves_only(value) else tuple(own_copy(item) for item in value)  # type: ignore[return-value]
        if not is_dataclass(value):
            raise TypeError(f"a view holds only immutable values, not {cls.__name__}")
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(value))
    copy = object.__new__(cls)
    for name in names:
        item = getattr(value, name)
        if not (isinstance(item, _LEAVES) or (type(item) is tuple and _leaves_only(item))):
            item = own_copy(item)
        object.__setattr__(copy, name, item)
    return copy


def _leaves_only(items: tuple[object, ...]) -> bool:
    """Whether a tuple holds leaves only (cards, amounts, names): shared as it is."""
    return all(isinstance(item, _LEAVES) for item in items)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everyone sees it, plus its cards when the viewer may know them."""

    position: int
    seat: int
    name: str
    stack: int
    bet: int
    invested: int
    folded: bool
    all_in: bool
    card_count: int
    cards: tuple[Card, ...] | None
    shown: bool
    drawn: int | None
    blind: BlindKind | None
    is_button: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The hand as seen from ``me`` (``None``: a spectator who sees only public cards)."""

    variant: Variant
    hand_number: int
    me: int | None
    street: Street
    board: tuple[Card, ...]
    seats: tuple[SeatView, ...]
    pots: tuple[Pot, ...]
    total_pot: int
    to_act: int | None
    legal: LegalActions | None
    history: tuple[Event, ...]
    structure: BettingStructure
    min_bet: int
    small_bet: int
    big_bet: int
    max_raises: int | None
    complete: bool
    #: in a tournament: the level, the field and the prizes still to win (public to all)
    tournament: TournamentInfo | None = None

    @property
    def my_seat(self) -> SeatView | None:
        """This viewer's own seat, if it plays."""
        return None if self.me is None else self.seats[self.me]

    @property
    def my_cards(self) -> tuple[Card, ...]:
        """The viewer's private cards (empty for a spectator)."""
        seat = self.my_seat
        return seat.cards or () if seat is not None else ()

    @property
    def big_blind(self) -> int:
        """The unit results are measured in: the big blind (Hold'em) or the big bet (draw)."""
        return RULES[self.variant].unit(self.min_bet, self.big_bet)


def view_of(hand: Hand, viewer: int | None, *, reveal_all: bool = False) -> PlayerView:
    """Everything ``viewer`` may know of ``hand`` now, frozen; legal actions only on its turn.

    A seat sees its own cards and the cards turned up; a spectator (``None``) sees only
    those. ``reveal_all`` shows every card, for a spectator watching bots only, never for a
    seat. The history is each event as the viewer may see it (:meth:`Hand.history_for`).
    """
    config = hand.config
    seats = []
    for i in range(hand.n):
        known = reveal_all or i == viewer or i in hand.shown
        seats.append(
            SeatView(
                position=i,
                seat=config.seats[i] if config.seats else i,
                name=config.names[i] if config.names else f"p{i + 1}",
                stack=hand.stacks[i],
                bet=hand.bets[i],
                invested=config.starting_stacks[i] - hand.stacks[i],
                folded=not hand.live[i],
                all_in=hand.live[i] and hand.stacks[i] == 0,
                card_count=len(hand.hole[i]),
                cards=tuple(hand.hole[i]) if known else None,
                shown=i in hand.shown,
                drawn=hand.drawn_counts[i],
                blind=hand.blind_kinds[i],
                is_button=i == hand.n - 1,
            )
        )
    # legal actions are only ever the actor's: nobody else's view computes them
    legal = hand.legal_actions() if viewer is not None and viewer == hand.actor else None
    history = hand.history_for(viewer, reveal_all=reveal_all)
    return PlayerView(
        variant=hand.variant,
        hand_number=config.hand_number,
        me=viewer,
        street=hand.street,
        board=tuple(hand.board),
        seats=tuple(seats),
        pots=tuple(own_copy(pot) for pot in hand.pots),
        total_pot=hand.total_pot,
        to_act=hand.actor,
        legal=legal,
        history=history,
        structure=config.structure,
        min_bet=config.min_bet,
        small_bet=config.small_bet,
        big_bet=config.big_bet,
        max_raises=config.max_raises,
        complete=hand.is_complete,
        tournament=config.tournament,
    )
