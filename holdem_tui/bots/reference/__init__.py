"""Reference opponents that do not over-fold: the yardsticks the hard level is measured by.

Two regulars, both games, playing from their own :class:`~holdem_tui.engine.view.
PlayerView` like any bot (own cards, public cards, public history, legal actions):

* :class:`BalancedRegular` (``--bots balanced``): standard ranges by seat before the
  flop or the draw, minimum-defence calling on every later street and value-to-bluff
  ratios by bet size (:mod:`holdem_regular`, :mod:`draw_regular`). It studies nobody.
* :class:`AdaptiveRegular` (``--bots adaptive``): the same player, who keeps notes on
  each opponent as the hard bot does (:class:`~holdem_tui.bots.reads.OpponentBook`) and,
  after about a hundred hands, exploits what they show: their 3-bets, c-bets, folds to
  c-bets and to 3-bets, aggression (:mod:`exploits`).

``simulate`` seats them by name, and the tests measure the hard bot against them.
"""

from __future__ import annotations

from holdem_tui.bots.base import BaseBot
from holdem_tui.bots.reads import OpponentBook
from holdem_tui.bots.reference.draw_regular import DrawRegular
from holdem_tui.bots.reference.exploits import Exploits, read_exploits
from holdem_tui.bots.reference.holdem_regular import HoldemRegular
from holdem_tui.bots.tendencies import Tendencies
from holdem_tui.engine.actions import Action
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView

__all__ = ["REFERENCE_BOTS", "AdaptiveRegular", "BalancedRegular"]


class BalancedRegular(BaseBot):
    """Balanced play in both games (see the package docstring)."""

    level = "balanced"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.holdem = HoldemRegular(self.rng)
        self.draw = DrawRegular(self.rng)

    def decide(self, view: PlayerView) -> Action:
        """Ask the game's policy."""
        if view.variant is Variant.DRAW:
            return self.draw.decide(view)
        return self.holdem.decide(view)


class AdaptiveRegular(BalancedRegular):
    """The balanced regular who studies each opponent and exploits what it sees."""

    level = "adaptive"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.book = OpponentBook()
        self.holdem = HoldemRegular(self.rng, self._exploits, self._notes)
        self.draw = DrawRegular(self.rng, self._exploits, self._open_rate)

    def _exploits(self, view: PlayerView, player: int) -> Exploits:
        return read_exploits(self.book, view, player)

    def _notes(self, view: PlayerView, player: int) -> Tendencies:
        return self.book.tendencies(view, player)

    def _open_rate(self, view: PlayerView, player: int) -> float | None:
        stats = self.book.of(view, player)
        return stats.open_rate() if stats.open_chances >= 20 else None

    def decide(self, view: PlayerView) -> Action:
        """Count what the opponents did since the last decision, then play."""
        self.book.update(view)
        action = super().decide(view)
        self.book.note(view, action)
        return action


#: the reference opponents ``--bots`` knows by name
REFERENCE_BOTS: dict[str, type[BalancedRegular]] = {
    "balanced": BalancedRegular,
    "adaptive": AdaptiveRegular,
}
