"""A decision together with the numbers that made it.

The hard bot's strategy pieces each return a :class:`Choice`: the action, which piece
chose it, and what it weighed (its equity, the price of a call, the opponent's fold rate
it counted on, the expected value of each option it compared). The bot plays the action
and keeps the last choice, so a test, the coach or a "why did it do that" line can read
the reason without the decision being made twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem_tui.engine.actions import Action


@dataclass(frozen=True, slots=True)
class Choice:
    """An action and its reason: ``piece`` names the strategy piece that chose it.

    ``options`` lists each alternative considered with its expected value in big blinds
    (relative to folding now), best last or in the order compared; ``equity`` is the
    bot's share of the pot against the range it read, ``pot_odds`` the share a call
    needs, ``fold_rate`` the opponent's estimated chance to fold to the bet it chose.
    """

    action: Action
    piece: str
    equity: float | None = None
    pot_odds: float | None = None
    fold_rate: float | None = None
    options: tuple[tuple[str, float], ...] = ()
