"""The three built-in levels, each one object that plays both games.

A seat keeps one bot for the whole session whatever the game, so each level dispatches
to its Hold'em or draw policy by ``view.variant``; the policies share the bot's seeded
generator, which makes a level's every decision reproducible from its seed. Every answer
is a :class:`~holdem_tui.engine.decision.Decision`: a policy that returns a bare action
gets no reason, and giving it one is a matter of returning ``because(action, key, ...)``
at that return.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import ClassVar

from holdem_tui.bots.base import BaseBot, Policy
from holdem_tui.bots.draw_easy import DrawEasy
from holdem_tui.bots.draw_hard import DrawHard
from holdem_tui.bots.draw_normal import DrawNormal
from holdem_tui.bots.holdem_easy import HoldemEasy
from holdem_tui.bots.holdem_hard import HoldemHard
from holdem_tui.bots.holdem_normal import HoldemNormal
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.variants import VARIANTS, Variant
from holdem_tui.engine.view import PlayerView


class _LevelBot(BaseBot):
    """Dispatch to the policy of the game being played (each built once, sharing ``self.rng``).

    A level names one policy class per :class:`Variant`; each is built with the bot's rng.
    """

    policies: ClassVar[Mapping[Variant, Callable[[random.Random], Policy]]]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._policies = {variant: make(self.rng) for variant, make in self.policies.items()}
        assert set(self._policies) == set(VARIANTS), f"{self.level} must play every game"

    def decide(self, view: PlayerView) -> Decision:
        """Ask the policy of the game being played; the answer carries its reason."""
        return as_decision(self._policies[view.variant].decide(view))


class EasyBot(_LevelBot):
    """Plays the immediate strength of its cards; calls a lot, rarely bluffs."""

    level = "easy"
    policies = MappingProxyType({Variant.HOLDEM: HoldemEasy, Variant.DRAW: DrawEasy})


class NormalBot(_LevelBot):
    """Charts, position, stack depth, pot odds and board or draw odds."""

    level = "normal"
    policies = MappingProxyType({Variant.HOLDEM: HoldemNormal, Variant.DRAW: DrawNormal})


class HardBot(_LevelBot):
    """Reads each opponent from the public history and plays for expected value against
    what it read: ranges tracked action by action, fold rates by spot, bluffs and value
    bets sized by them (see :mod:`holdem_tui.bots.holdem_hard`)."""

    level = "hard"
    policies = MappingProxyType({Variant.HOLDEM: HoldemHard, Variant.DRAW: DrawHard})

    @property
    def holdem(self) -> HoldemHard:
        """The Hold'em policy, whose opponent book and range reader tests and tools read."""
        policy = self._policies[Variant.HOLDEM]
        assert isinstance(policy, HoldemHard)
        return policy
