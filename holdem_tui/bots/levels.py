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
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from holdem_tui.bots.base import BaseBot, Policy
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.variants import VARIANTS, Variant
from holdem_tui.engine.view import PlayerView

if TYPE_CHECKING:
    from holdem_tui.bots.holdem_hard import HoldemHard


class Level(StrEnum):
    """The built-in levels, weakest first: the one list behind ``--bots``, the setup screen,
    the wire and the saved games (a member is its own string, so old files read the same;
    data holds ``.value``, plain text, since the wire's strict readers take only that)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class _LevelBot(BaseBot):
    """Dispatch to the policy of the game being played (each built once, sharing ``self.rng``).

    A level names one policy maker per :class:`Variant`; each imports its module and builds
    the policy with the bot's rng when that game is first played, so a Hold'em table never
    imports the draw policies (nor a draw table the Hold'em ones), and a game starts without
    waiting for them. Building a policy draws nothing from the rng (a test checks it), so
    when a policy is built does not change a single decision.
    """

    policies: ClassVar[Mapping[Variant, Callable[[random.Random], Policy]]]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        assert set(self.policies) == set(VARIANTS), f"{self.level} must play every game"
        self._policies: dict[Variant, Policy] = {}

    def policy(self, variant: Variant) -> Policy:
        """The policy that plays ``variant``, built on first use."""
        found = self._policies.get(variant)
        if found is None:
            found = self._policies[variant] = self.policies[variant](self.rng)
        return found

    def decide(self, view: PlayerView) -> Decision:
        """Ask the policy of the game being played; the answer carries its reason."""
        return as_decision(self.policy(view.variant).decide(view))


# The policy makers: each imports its policy's module on first use.


def _holdem_easy(rng: random.Random) -> Policy:
    from holdem_tui.bots.holdem_easy import HoldemEasy

    return HoldemEasy(rng)


def _draw_easy(rng: random.Random) -> Policy:
    from holdem_tui.bots.draw_easy import DrawEasy

    return DrawEasy(rng)


def _holdem_normal(rng: random.Random) -> Policy:
    from holdem_tui.bots.holdem_normal import HoldemNormal

    return HoldemNormal(rng)


def _draw_normal(rng: random.Random) -> Policy:
    from holdem_tui.bots.draw_normal import DrawNormal

    return DrawNormal(rng)


def _holdem_hard(rng: random.Random) -> Policy:
    from holdem_tui.bots.holdem_hard import HoldemHard

    return HoldemHard(rng)


def _draw_hard(rng: random.Random) -> Policy:
    from holdem_tui.bots.draw_hard import DrawHard

    return DrawHard(rng)


class EasyBot(_LevelBot):
    """Plays the immediate strength of its cards; calls a lot, rarely bluffs."""

    level = Level.EASY.value
    policies = MappingProxyType({Variant.HOLDEM: _holdem_easy, Variant.DRAW: _draw_easy})


class NormalBot(_LevelBot):
    """Charts, position, stack depth, pot odds and board or draw odds."""

    level = Level.NORMAL.value
    policies = MappingProxyType({Variant.HOLDEM: _holdem_normal, Variant.DRAW: _draw_normal})


class HardBot(_LevelBot):
    """Reads each opponent from the public history and plays for expected value against
    what it read: ranges tracked action by action, fold rates by spot, bluffs and value
    bets sized by them (see :mod:`holdem_tui.bots.holdem_hard`)."""

    level = Level.HARD.value
    policies = MappingProxyType({Variant.HOLDEM: _holdem_hard, Variant.DRAW: _draw_hard})

    @property
    def holdem(self) -> HoldemHard:
        """The Hold'em policy, whose opponent book and range reader tests and tools read."""
        from holdem_tui.bots.holdem_hard import HoldemHard

        policy = self.policy(Variant.HOLDEM)
        assert isinstance(policy, HoldemHard)
        return policy
