"""Every change in a hand is one frozen event.

The log, the UI, the hand-history writer and the tests all read the same events. Events
that carry secret cards know how to hide them: :meth:`Event.seen_by` returns the version a
given seat may see (its own cards, the count of another seat's draw, nothing of a muck).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.cards import Card
from holdem_tui.engine.pots import Pot
from holdem_tui.engine.variants import Variant


class Street(StrEnum):
    """Betting and drawing phases of both variants."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    PREDRAW = "predraw"
    DRAW = "draw"
    POSTDRAW = "postdraw"
    SHOWDOWN = "showdown"


class BlindKind(StrEnum):
    """Which forced bet a seat posted: PHH's first blind is the small, the second the big,
    any further one a straddle."""

    SMALL = "sb"
    BIG = "bb"
    STRADDLE = "straddle"

    @classmethod
    def of_position(cls, position: int, players: int) -> BlindKind:
        """The blind a hand position posts (heads-up the button, position 1, posts the small
        blind, as in PHH and pokerkit)."""
        phh_index = (1 - position) if players == 2 else position
        return (cls.SMALL, cls.BIG)[phh_index] if phh_index < 2 else cls.STRADDLE

    @classmethod
    def of_blinds(cls, blinds: Sequence[int]) -> tuple[BlindKind | None, ...]:
        """What each position posts, given the blinds as posted (``None``: nothing).

        A hand with one blind only is a tournament hand whose small blind is dead (its
        player busted, TDA's dead button): the one blind is the big blind, whatever its
        position.
        """
        n = len(blinds)
        lone = sum(1 for b in blinds if b) == 1
        return tuple(
            None if not b else cls.BIG if lone else cls.of_position(i, n)
            for i, b in enumerate(blinds)
        )


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; ``player`` is the hand position (0 = left of the button)."""

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None`` = a spectator knowing nothing)."""
        return self


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: who plays, with what, and the forced bets (with the view's stakes, all a
    seat needs to play the hand again as it knew it: its review at a network table)."""

    hand_number: int
    variant: Variant
    names: tuple[str, ...]
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    ante_trimming: bool = False


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """A seat put its ante in (less if that is all it had)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """A seat posted a blind (or straddle)."""

    player: int
    amount: int
    kind: BlindKind


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    """Private cards dealt to a seat; others see only that cards were dealt."""

    player: int
    count: int
    cards: tuple[Card, ...] | None

    def seen_by(self, viewer: int | None) -> Event:
        """Hide the cards from everyone but their owner."""
        return self if viewer == self.player else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class StreetStarted(Event):
    """A betting round, the draw, or the showdown begins."""

    street: Street


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """Community cards turned face up."""

    street: Street
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayerActed(Event):
    """A betting decision, normalised: ``kind`` is fold, check, call, bet or raise (an
    all-in is recorded as the call or raise it was; a draw is :class:`CardsDrawn`).

    ``amount`` is the chips moved from the stack by this action; ``to`` the seat's street
    total afterwards (the PHH ``cbr`` figure for bets and raises).
    """

    player: int
    kind: ActionKind
    amount: int
    to: int
    all_in: bool

    @property
    def aggressive(self) -> bool:
        """A bet or a raise: the actions that make others pay to stay in."""
        return self.kind in (ActionKind.BET, ActionKind.RAISE)

    @property
    def voluntary(self) -> bool:
        """Chips put in by choice (a call, bet or raise; blinds and antes are forced)."""
        return self.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A draw: everyone sees the count; only the drawer sees which cards left and came."""

    player: int
    count: int
    discarded: tuple[Card, ...] | None
    received: tuple[Card, ...] | None

    def seen_by(self, viewer: int | None) -> Event:
        """Others learn only how many cards were drawn."""
        return self if viewer == self.player else replace(self, discarded=None, received=None)


@dataclass(frozen=True, slots=True)
class BetReturned(Event):
    """Uncalled chips going back to the seat that bet them."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class BetsCollected(Event):
    """The street's bets swept into the pots."""

    pots: tuple[Pot, ...]


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """A seat turned its cards up, with the hand they make (when there is a board to judge)."""

    player: int
    cards: tuple[Card, ...]
    value: int
    name_key: str
    name_ranks: tuple[int, ...]
    best_five: tuple[Card, ...]
    voluntary: bool = False


@dataclass(frozen=True, slots=True)
class CardsMucked(Event):
    """A seat threw its hand away unseen at showdown."""

    player: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """One pot paid out; ``shares`` pairs each winner with the chips they got."""

    pot_index: int
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    uncontested: bool


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand turned up in a showdown, judged with the final board: the hand the pots were
    compared with (a hand turned up during an all-in is shown before the run-out, so its
    :class:`CardsShown` is judged with the board as it was then, or not at all)."""

    player: int
    value: int
    name_key: str
    name_ranks: tuple[int, ...]
    best_five: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over; ``stacks`` are final and ``net`` what each seat won or lost;
    ``shown`` every hand turned up by then, in the order shown, with its final rank."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    shown: tuple[ShownHand, ...] = ()


def seats_changed(events: Iterable[Event]) -> frozenset[int] | None:
    """The positions whose seat these events changed (a stack, a bet, cards, a fold...), or
    ``None`` when every seat may have: a hand begun, the street's bets swept into the pots.

    A view of the hand moved on by ``events`` differs from the one before only in these
    seats (and the view's own fields): the network table sends a seat what happened from
    this, without comparing the two views.
    """
    changed: set[int] = set()
    for event in events:
        if isinstance(event, HandStarted | BetsCollected):
            return None
        if isinstance(event, PotAwarded):
            changed.update(p for p, amount in event.shares if amount > 0)
            continue
        player = getattr(event, "player", None)
        if isinstance(player, int):
            changed.add(player)
    return frozenset(changed)
