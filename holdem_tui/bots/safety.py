"""Never let a bot stop the game: exceptions, slow answers and illegal answers are absorbed.

A plugin can be buggy and even a built-in bot could meet a corner its author did not; the
table must go on either way. :func:`safe_decide` runs a bot, checks its answer against the
view's legal actions and, on any fault, substitutes check-or-fold (stand pat in a draw):
the one fallback of every bot. It logs the fault and returns it; the turn loop
(:func:`holdem_tui.session.turns.play_bot`) keeps it with the hand, so every table's log
tells it in one line ("Robo took too long: it checks").

The answer comes back as a :class:`~holdem_tui.engine.decision.Decision`, whether the bot
gave a bare action or a decision with a reason. A reason is hostile input like the action:
one from a plugin's process arrives as the plugin gave it and is put, here and only here,
in its own words (cleaned and cut, never a message key of ours, so a plugin cannot make
the game say something it does not), and a malformed one is dropped without costing the
action.
"""

from __future__ import annotations

import logging
import sys
import threading
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeGuard

from holdem_tui.bots.base import Bot
from holdem_tui.bots.explain import REASONS, catalogue_problem, foreign_reason
from holdem_tui.bots.faults import FaultKind
from holdem_tui.engine.actions import Action, ActionKind, LegalActions
from holdem_tui.engine.decision import Decision, Reason
from holdem_tui.engine.view import PlayerView, own_copy

if TYPE_CHECKING:
    from holdem_tui.bots.sandbox import ProcessBot

log = logging.getLogger("holdem_tui.bots")

#: seconds a bot may think before it is replaced for that decision (UI default)
DEFAULT_TIMEOUT = 5.0


@dataclass(frozen=True, slots=True)
class BotFault:
    """One replaced decision, kept as data so the UI and the simulator can report it."""

    bot: str
    hand_number: int
    kind: FaultKind
    detail: str
    substitute: Action


def illegal_reason(action: object, legal: LegalActions) -> str | None:
    """Why ``action`` is not allowed by ``legal``, or ``None`` when it is (in words, for the
    log), so a bad answer is caught before it reaches the hand, where it would raise.

    The rules are :meth:`LegalActions.refusal`'s, the engine's own. One more rule holds for
    bots only: a bot never folds when checking is free (the engine allows it for humans, who
    are asked to confirm); such a fold is played as the check.
    """
    if not isinstance(action, Action):
        return f"not an Action: {action!r}"
    if action.kind is ActionKind.FOLD and legal.can_check:
        return "fold when checking is free"
    refusal = legal.refusal(action)
    return None if refusal is None else f"{action.kind.value}: {refusal}"


@dataclass
class _Answer:
    action: object = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


def _plugin(bot: object) -> TypeGuard[ProcessBot]:
    """Whether ``bot`` is a plugin in its own process. The sandbox is imported only when a
    plugin is loaded (not for a game's first frame): until then no bot can be one."""
    sandbox = sys.modules.get("holdem_tui.bots.sandbox")
    return sandbox is not None and isinstance(bot, sandbox.ProcessBot)


def _run(bot: Bot, view: PlayerView, timeout: float | None) -> tuple[object, FaultKind | None, str]:
    """Run ``bot.decide``; returns (answer, fault kind or None, detail).

    A plugin (:class:`~holdem_tui.bots.sandbox.ProcessBot`) gets the view as data in its
    own process, which enforces the timeout. A built-in bot runs here and reads the view
    itself: it is immutable all the way down and shares nothing with the engine
    (:func:`~holdem_tui.engine.view.own_copy`); the bot gets its own outer view object and
    legal actions, so not even ``object.__setattr__`` on them changes what the caller checks
    its answer against.
    """
    if _plugin(bot):
        from holdem_tui.bots.sandbox import PluginFault

        try:
            return bot.decide_within(view, timeout), None, ""
        except PluginFault as fault:
            return None, fault.kind, fault.detail
    view = replace(view, legal=own_copy(view.legal))
    if timeout is None:
        try:
            return bot.decide(view), None, ""
        except Exception as exc:  # a faulty bot must never stop the table
            return None, FaultKind.EXCEPTION, f"{type(exc).__name__}: {exc}"
    answer = _Answer()

    def work() -> None:
        try:
            answer.action = bot.decide(view)
        except BaseException as exc:  # reported to the caller below
            answer.error = exc
        finally:
            answer.done.set()

    # A daemon thread rather than a pool: a plugin stuck forever must not keep the program
    # alive at exit, and a fresh thread per decision costs well under a millisecond.
    thread = threading.Thread(target=work, name=f"bot-{getattr(bot, 'name', '?')}", daemon=True)
    thread.start()
    if not answer.done.wait(timeout):
        return None, FaultKind.TIMEOUT, f"no answer within {timeout:g} s"
    if answer.error is not None:
        err = answer.error
        return None, FaultKind.EXCEPTION, f"{type(err).__name__}: {err}"
    return answer.action, None, ""


def checked_reason(reason: object, *, plugin: bool, bot: str = "?") -> Reason | None:
    """The reason a bot gave, as the game may keep it (``None``: none, or unusable).

    A plugin's (``plugin=True``: it came out of its process) is always put in its own words.
    An in-process bot's (ours) is kept as it is when :data:`~holdem_tui.bots.explain.REASONS`
    describes it; one of our keys with the wrong numbers is a bug, dropped and logged; any
    other reason (a test bot's text) is put in its own words.
    """
    if reason is None:
        return None
    if not plugin and isinstance(reason, Reason):
        problem = catalogue_problem(reason)
        if problem is None:
            return reason
        if isinstance(reason.key, str) and reason.key in REASONS:
            log.warning("bot %s gave a malformed reason (%s); it is dropped", bot, problem)
            return None
    return foreign_reason(reason)


def _split(answer: object, bot: Bot) -> tuple[object, Reason | None]:
    """The action and the checked reason of a bot's answer (a bare action has none).

    A plugin's answer (a :class:`~holdem_tui.bots.sandbox.PluginAnswer`) carries its
    reason as the plugin gave it: this is where it is put in the plugin's words, once.
    """
    plugin = _plugin(bot)
    action: object
    raw: object
    if plugin:
        from holdem_tui.bots.sandbox import PluginAnswer

        assert isinstance(answer, PluginAnswer)
        action, raw = answer.action, answer.reason
    elif isinstance(answer, Decision):
        action, raw = answer.action, answer.reason
    else:
        return answer, None
    name = str(getattr(bot, "name", type(bot).__name__))
    try:
        reason = checked_reason(raw, plugin=plugin, bot=name)
    except Exception as exc:  # a reason that breaks on reading costs the reason only
        log.warning("bot %s gave a reason that cannot be read (%s); it is dropped", name, exc)
        reason = None
    return action, reason


def safe_decide(
    bot: Bot, view: PlayerView, timeout: float | None = DEFAULT_TIMEOUT
) -> tuple[Decision, BotFault | None]:
    """The bot's decision if it is legal and in time, else check-or-fold plus the fault.

    ``timeout=None`` runs the bot in the calling thread (the simulator's built-in bots, where
    a thread per decision would only cost time); answers are validated either way. The
    decision carries the bot's reason (see :func:`checked_reason`); a substitute has none.
    """
    legal = view.legal
    if legal is None:
        raise ValueError("the view carries no decision")
    answer, kind, detail = _run(bot, view, timeout)
    decision: Decision | None = None
    if kind is None:
        action, reason = _split(answer, bot)
        problem = illegal_reason(action, legal)
        if problem is None:
            assert isinstance(action, Action)
            decision = Decision(action, reason)
        else:
            kind, detail = FaultKind.ILLEGAL, problem
    plugin = _plugin(bot)
    retired_now = _plugin(bot) and bot.outcome(kind)
    if decision is not None:
        return decision, None
    assert kind is not None
    if retired_now:
        kind, detail = FaultKind.RETIRED, f"{detail}; retired after repeated faults"
    # the one fallback of every bot, plugin or not: the passive move, with no reason
    substitute = legal.passive_action()
    name = str(getattr(bot, "name", type(bot).__name__))
    fault = BotFault(name, view.hand_number, kind, detail, substitute)
    if not (plugin and detail == _retired_detail()):  # reported once, when it retires
        log.warning(
            "bot %s (hand %d, position %s): %s: %s; played %s instead",
            name,
            view.hand_number,
            view.me,
            kind,
            detail,
            substitute.kind.value,
        )
    return Decision(substitute), fault


def _retired_detail() -> str:
    from holdem_tui.bots.sandbox import RETIRED_DETAIL

    return RETIRED_DETAIL


class SafeBot:
    """A bot wrapped so that its every answer is legal; faults are kept in ``faults``.

    The UI and the simulator hold seats as ``SafeBot`` so neither needs its own error
    handling; ``faults`` lets the UI tell the player that a bot misbehaved.
    """

    def __init__(self, bot: Bot, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.bot = bot
        self.timeout = timeout
        self.faults: list[BotFault] = []

    @property
    def name(self) -> str:
        """The wrapped bot's name (a plugin's own once it has started)."""
        return str(getattr(self.bot, "name", type(self.bot).__name__))

    def decide(self, view: PlayerView) -> Decision:
        """The wrapped bot's checked decision, or check-or-fold when it fails."""
        decision, fault = safe_decide(self.bot, view, self.timeout)
        if fault is not None:
            self.faults.append(fault)
        return decision

    def close(self) -> None:
        """End a plugin's process now rather than when the bot is collected."""
        if _plugin(self.bot):
            self.bot.close()
