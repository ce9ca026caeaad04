"""A decision of the hard bot's expected-value pieces, with the numbers that made it.

Each piece of :mod:`holdem_tui.bots.holdem_heads_up` returns a :class:`Choice`: the action,
which piece chose it, and what it weighed (its equity, the price of a call, the
opponent's fold rate it counted on, the expected value of each option it compared). The
bot plays :meth:`Choice.decision`: the action with a reason of
:data:`~holdem_tui.bots.explain.REASONS` stating those numbers, so the review says why
without the decision being made twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem_tui.bots.explain import because
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.decision import Decision

#: option names of a fold (its expected value is 0 by definition)
_FOLD = "fold"


def _share(value: float | None) -> float:
    """A share for a reason: ``None`` (not weighed) reads 0, the rest clipped to 0..1."""
    return min(1.0, max(0.0, value or 0.0))


@dataclass(frozen=True, slots=True)
class Choice:
    """An action and its reason: ``piece`` names the strategy piece that chose it.

    ``options`` lists each alternative considered with its expected value in big blinds
    (relative to folding now), in the order compared; ``equity`` is the bot's share of
    the pot against the range it read, ``pot_odds`` the share a call needs, ``fold_rate``
    the opponent's estimated chance to fold to the bet it chose.
    """

    action: Action
    piece: str
    equity: float | None = None
    pot_odds: float | None = None
    fold_rate: float | None = None
    options: tuple[tuple[str, float], ...] = ()

    def _value_of(self, *names: str) -> float:
        """The expected value of the first option named ``names`` (0 if none was)."""
        for name in names:
            for option, value in self.options:
                if option == name:
                    return value
        return 0.0

    def decision(self) -> Decision:
        """The action with its reason: the expected value the piece found for it, and
        the equity, price or fold rate that value came from."""
        action, equity = self.action, _share(self.equity)
        kind = action.kind
        if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN):
            best = max((v for name, v in self.options if name != _FOLD), default=0.0)
            if self.fold_rate is not None:
                fold = _share(self.fold_rate)
                return because(action, "ev_bet", equity=equity, fold=fold, ev=best)
            return because(action, "ev_value", equity=equity, ev=best)
        if kind is ActionKind.CALL:
            need = _share(self.pot_odds)
            return because(action, "ev_call", equity=equity, need=need, ev=self._value_of("call"))
        if kind is ActionKind.CHECK and any(name == "check" for name, _ in self.options):
            return because(action, "ev_check", equity=equity, ev=self._value_of("check"))
        # a fold (or a free check where folding was the baseline): the best alternative
        best = max((v for name, v in self.options if name != _FOLD), default=0.0)
        return because(action, "ev_fold", equity=equity, ev=best)
