"""The bot protocol: a view in, an action out, nothing else.

A bot is handed a frozen :class:`~holdem_tui.engine.view.PlayerView` and answers an
:class:`~holdem_tui.engine.actions.Action`, or a
:class:`~holdem_tui.engine.decision.Decision` (the action plus the reason it gives); in a
draw phase the same call answers ``Action.draw(discards)``. It never sees the hand object,
the deck or another seat's secret cards, so the UI, the simulator and a plugin author all
drive bots the same way and no bot can cheat by construction. The built-in levels always
answer a ``Decision`` with a reason; a plugin may, and a bare ``Action`` is fine.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Protocol, runtime_checkable

from holdem_tui.engine.actions import Action, LegalActions
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """What the game needs from any computer opponent, built in or plugged in.

    A protocol rather than a required base class so a plugin can be any object with a
    ``name`` and a ``decide`` method; :class:`BaseBot` is there for convenience.
    """

    @property
    def name(self) -> str:
        """Who the bot is, in reports and fault logs (a plain attribute does)."""
        ...

    def decide(self, view: PlayerView) -> Action | Decision:
        """Answer the decision carried by ``view`` (``view.legal`` is never ``None`` here).

        Callers that play the answer normalise it with
        :func:`~holdem_tui.engine.decision.as_decision` (our own bots) or run the bot
        through :func:`~holdem_tui.bots.safety.safe_decide` (any bot), which also checks it.
        """
        ...


class BaseBot:
    """Shared plumbing for bots: a seeded generator and helpers that always stay legal.

    Every built-in level derives from it so that "same seed, same decisions" holds without
    each strategy re-implementing it, and so amounts are clamped to the legal range in one
    place instead of in every strategy.
    """

    #: the level name shown to players and accepted by ``--bots``
    level: str = "custom"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = self.level

    def decide(self, view: PlayerView) -> Action | Decision:
        """Subclasses decide; the base class only checks and folds, which is always legal."""
        legal = view.legal
        assert legal is not None
        return legal.passive_action()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class Policy(ABC):
    """One level's play of one game, behind that level's bot.

    A level bot builds one policy per variant and hands them all its seeded generator
    (see :mod:`holdem_tui.bots.levels`), so every draw a level makes comes from one seed
    whichever game it plays; the bot asks the policy of the game being played.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @abstractmethod
    def decide(self, view: PlayerView) -> Action | Decision:
        """Answer the decision carried by ``view`` in this policy's game."""


def raise_action(legal: LegalActions, to: int) -> Action:
    """A bet or raise to ``to`` clamped into the legal range; a call/check when no raise is open.

    Strategies think in "how much would I like to put in", and this keeps that wish legal
    whatever the stacks, caps or incomplete all-ins say.
    """
    if not legal.can_raise:
        return call_or_check(legal)
    return legal.bet_or_raise(legal.clamp(int(to)))


def call_or_check(legal: LegalActions) -> Action:
    """Continue without raising: check when free, else call."""
    return Action.call() if legal.call_amount > 0 else Action.check()


def check_or_fold(legal: LegalActions) -> Action:
    """Give up cheaply: check when free, else fold."""
    return Action.check() if legal.can_check else Action.fold()
