"""What one seat may know, frozen: the only thing a bot or a player's screen receives.

A :class:`PlayerView` holds no reference into the engine: its own cards, the board, every
stack, bet and pot, the public history (others' secret cards removed) and, when it is this
seat's turn, its :class:`~holdem_tui.engine.actions.LegalActions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem_tui.engine.actions import LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import BlindKind, Event, Street
from holdem_tui.engine.pots import Pot
from holdem_tui.engine.variants import RULES, BettingStructure, Variant


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

    @property
    def in_hand(self) -> bool:
        """Still contesting the pot."""
        return not self.folded


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

    @property
    def players_in_hand(self) -> int:
        """Seats that have not folded."""
        return sum(1 for s in self.seats if not s.folded)

    @property
    def my_turn(self) -> bool:
        """Whether this view carries a decision to make."""
        return self.legal is not None
