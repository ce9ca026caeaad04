"""The three built-in levels, each one object that plays both games.

A seat keeps one bot for the whole session whatever the game, so each level dispatches
to its Hold'em or draw policy by ``view.variant``; the policies share the bot's seeded
generator, which makes a level's every decision reproducible from its seed.
"""

from __future__ import annotations

from typing import Protocol

from holdem_tui.bots.base import BaseBot
from holdem_tui.bots.draw_easy import DrawEasy
from holdem_tui.bots.draw_hard import DrawHard
from holdem_tui.bots.draw_normal import DrawNormal
from holdem_tui.bots.holdem_easy import HoldemEasy
from holdem_tui.bots.holdem_hard import HoldemHard
from holdem_tui.bots.holdem_normal import HoldemNormal
from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView


class _Policy(Protocol):
    def decide(self, view: PlayerView) -> Action: ...


class _LevelBot(BaseBot):
    """Dispatch to the variant's policy (built once, sharing ``self.rng``)."""

    holdem: _Policy
    draw: _Policy

    def decide(self, view: PlayerView) -> Action:
        """Ask the policy of the game being played."""
        policy = self.draw if view.variant == "draw" else self.holdem
        return policy.decide(view)


class EasyBot(_LevelBot):
    """Plays the immediate strength of its cards; calls a lot, rarely bluffs."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.holdem = HoldemEasy(self.rng)
        self.draw = DrawEasy(self.rng)


class NormalBot(_LevelBot):
    """Charts, position, stack depth, pot odds and board or draw odds."""

    level = "normal"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.holdem = HoldemNormal(self.rng)
        self.draw = DrawNormal(self.rng)


class HardBot(_LevelBot):
    """Reads each opponent from the public history and plays for expected value against
    what it read: ranges tracked action by action, fold rates by spot, bluffs and value
    bets sized by them (see :mod:`holdem_tui.bots.holdem_hard`)."""

    level = "hard"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.holdem = HoldemHard(self.rng)
        self.draw = DrawHard(self.rng)
