"""What a seat can send to the engine, and why the engine may refuse it.

Actions are frozen values so a bot, the UI and a replayed history all hand the engine the
same thing; the engine answers an illegal one with :class:`IllegalAction`, whose ``reason``
is a stable key the UI translates (``below_min``, ``not_your_turn``...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from holdem_tui.engine.cards import Card


class ActionKind(StrEnum):
    """The moves a seat can make; ``ALL_IN`` is resolved by the engine into a call or raise."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of a seat.

    ``amount`` is the street total a bet or raise goes *to* (as in PHH ``cbr``), never the
    increment; ``discards`` are the cards thrown in a draw (empty to stand pat).
    """

    kind: ActionKind
    amount: int | None = None
    discards: tuple[Card, ...] = ()

    @staticmethod
    def fold() -> Action:
        """Give up the hand."""
        return Action(ActionKind.FOLD)

    @staticmethod
    def check() -> Action:
        """Pass when there is nothing to call."""
        return Action(ActionKind.CHECK)

    @staticmethod
    def call() -> Action:
        """Match the current bet (or go all-in for less)."""
        return Action(ActionKind.CALL)

    @staticmethod
    def bet(to: int) -> Action:
        """Open the betting on a street, to ``to`` chips."""
        return Action(ActionKind.BET, to)

    @staticmethod
    def raise_to(to: int) -> Action:
        """Raise the current bet to ``to`` chips in total on this street."""
        return Action(ActionKind.RAISE, to)

    @staticmethod
    def all_in() -> Action:
        """Put every chip in: the engine makes it a raise if one is allowed, else a call."""
        return Action(ActionKind.ALL_IN)

    @staticmethod
    def draw(discards: tuple[Card, ...] = ()) -> Action:
        """Throw ``discards`` (0 to 3 of your cards) and receive as many; empty stands pat."""
        return Action(ActionKind.DRAW, None, tuple(discards))


class IllegalAction(ValueError):
    """An action the rules do not allow now; nothing in the hand changed.

    ``reason`` is a stable key with a message per language in ``locales/*/ui.toml`` under
    ``[error.action]``, and ``params`` the values that message needs, so a refusal reads in
    the player's language.
    """

    def __init__(self, reason: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, Any] = params


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Everything the seat to act may do now, computed by the engine and sent with the view.

    ``call_amount`` is capped at the stack. ``min_raise_to`` is capped at the all-in amount;
    ``full_min_raise_to`` is the uncapped full raise. For fixed limit ``min_raise_to ==
    max_raise_to``. In a draw phase only ``can_draw`` and ``max_discards`` matter.
    """

    player: int
    can_fold: bool = False
    can_check: bool = False
    call_amount: int = 0
    can_raise: bool = False
    is_bet: bool = False
    min_raise_to: int = 0
    full_min_raise_to: int = 0
    max_raise_to: int = 0
    stack: int = 0
    current_bet: int = 0
    can_draw: bool = False
    max_discards: int = 0
    hand: tuple[Card, ...] = field(default=())

    @property
    def can_call(self) -> bool:
        """Whether there is a bet to match."""
        return self.call_amount > 0

    @property
    def all_in_amount(self) -> int:
        """The street total if this seat pushes every chip."""
        return self.stack + self.current_bet

    def all_in_action(self) -> Action:
        """The concrete action an all-in means now: a raise to the maximum, else a call."""
        if self.can_raise and self.max_raise_to == self.all_in_amount:
            return Action(ActionKind.BET if self.is_bet else ActionKind.RAISE, self.max_raise_to)
        if self.call_amount > 0:
            return Action.call()
        return Action.check()

    def passive_action(self) -> Action:
        """Check if free, else fold: what a seat that fails to answer does."""
        if self.can_draw:
            return Action.draw(())
        return Action.check() if self.can_check else Action.fold()
