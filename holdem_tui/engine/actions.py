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
    def all_in_amount(self) -> int:
        """The street total if this seat pushes every chip."""
        return self.stack + self.current_bet

    def all_in_action(self) -> Action:
        """The concrete action an all-in means now: a raise to the maximum, else a call."""
        if self.can_raise and self.max_raise_to == self.all_in_amount:
            return self.bet_or_raise(self.max_raise_to)
        if self.call_amount > 0:
            return Action.call()
        return Action.check()

    def bet_or_raise(self, to: int) -> Action:
        """A bet (nothing to match yet) or a raise to ``to``, as this decision names it."""
        return Action.bet(to) if self.is_bet else Action.raise_to(to)

    def clamp(self, amount: int) -> int:
        """``amount`` moved into the legal range of a bet or raise (only with ``can_raise``):
        what a slider, a pot-sized button or a bot's wish becomes."""
        return max(self.min_raise_to, min(self.max_raise_to, amount))

    def refusal(
        self, action: Action, *, raise_refusal: IllegalAction | None = None
    ) -> IllegalAction | None:
        """Why this seat may not make ``action`` now, or ``None`` when it may.

        The one place the rules of a single decision are checked: the engine's
        :meth:`~holdem_tui.engine.hand.Hand.verify`, the bots' safety net, the raise editor
        and the network seat all ask here, so they can never disagree. ``raise_refusal`` is
        the engine's own reason when no bet or raise is open (the cap, an incomplete all-in
        that does not reopen the betting...), which only the whole hand knows; without it the
        refusal says only that raising is closed.
        """
        kind = action.kind
        if self.can_draw or kind is ActionKind.DRAW:
            return self._draw_refusal(action)
        if kind is ActionKind.ALL_IN:
            return None  # a call or a raise to the maximum: always one of them
        if kind is ActionKind.FOLD:
            return None if self.can_fold else IllegalAction("not_now", "no decision to fold")
        if kind is ActionKind.CHECK:
            if self.can_check:
                return None
            return IllegalAction("cannot_check", "there is a bet to call", amount=self.call_amount)
        if kind is ActionKind.CALL:
            if self.call_amount:
                return None
            return IllegalAction("nothing_to_call", "nothing to call: check")
        if kind in (ActionKind.BET, ActionKind.RAISE):
            return self._raise_refusal(action.amount, raise_refusal)
        return IllegalAction("not_now", f"{kind!r} is not a move")

    def _draw_refusal(self, action: Action) -> IllegalAction | None:
        """The draw's rules: only a draw now, at most ``max_discards`` of one's own cards."""
        if not self.can_draw:
            return IllegalAction("no_draw_now", "there is no draw now")
        if action.kind is not ActionKind.DRAW:
            return IllegalAction("draw_only", "this is the draw: throw cards or stand pat")
        discards = action.discards
        if len(discards) > self.max_discards:
            return IllegalAction(
                "too_many_discards",
                f"you may draw at most {self.max_discards} cards",
                count=self.max_discards,
            )
        if len(set(discards)) != len(discards):
            return IllegalAction("duplicate_discard", "a card is listed twice")
        for c in discards:
            if c not in self.hand:
                return IllegalAction("not_your_card", f"{c} is not in your hand", card=str(c))
        return None

    def _raise_refusal(self, amount: object, closed: IllegalAction | None) -> IllegalAction | None:
        """A bet or raise needs a whole amount inside ``min_raise_to..max_raise_to``."""
        if not isinstance(amount, int) or isinstance(amount, bool):
            return IllegalAction("amount_missing", "a bet or raise needs an amount")
        if not self.can_raise:
            return closed or IllegalAction("not_now", "no bet or raise is possible now")
        bounds = {"amount": amount, "min": self.min_raise_to, "max": self.max_raise_to}
        if amount < self.min_raise_to:
            return IllegalAction(
                "below_min", f"{amount} is below the minimum {self.min_raise_to}", **bounds
            )
        if amount > self.max_raise_to:
            return IllegalAction(
                "above_max", f"{amount} is above the maximum {self.max_raise_to}", **bounds
            )
        return None

    def passive_action(self) -> Action:
        """Check if free, else fold: what a seat that fails to answer does."""
        if self.can_draw:
            return Action.draw(())
        return Action.check() if self.can_check else Action.fold()
