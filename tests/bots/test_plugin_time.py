"""A plugin cannot stall the table (issue 27.4): a clock per plugin, bounded starts and
restarts, retirement after repeated faults of any kind.

The session clock is read through an injected clock, so "answering at 4.9 s every time" is
played without waiting 4.9 s. Where a real wait is unavoidable (a plugin that never starts
or never answers), the plugin never answers at all, so the outcome cannot depend on the
machine's speed: only how long the test takes does.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from holdem_tui.bots import make_bot, safe_decide, sandbox
from holdem_tui.bots.registry import check_spec
from holdem_tui.bots.sandbox import MAX_CONSECUTIVE_FAULTS, ProcessBot
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from tests.support.hang import HANG_GUARD

PLUGINS = """
import os, threading
from holdem_tui.engine.actions import Action


class Passive:
    def decide(self, view):
        return view.legal.passive_action()


class NeverAnswers:
    def decide(self, view):
        threading.Event().wait()


class Overbets:
    def decide(self, view):
        return Action.raise_to(10**12)


class Stumbles:
    '''Raises twice, answers once, again and again: never three faults in a row.'''

    def __init__(self, seed=None):
        self.calls = 0

    def decide(self, view):
        self.calls += 1
        if self.calls % 3:
            raise RuntimeError("stumbled")
        return view.legal.passive_action()
"""

NEVER_STARTS = """
import threading
threading.Event().wait()  # importing this module never ends


class Bot:
    def decide(self, view):
        return view.legal.passive_action()
"""


@pytest.fixture(autouse=True)
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "plugins"
    home.mkdir()
    (home / "timing.py").write_text(textwrap.dedent(PLUGINS), encoding="utf-8")
    (home / "never_starts.py").write_text(textwrap.dedent(NEVER_STARTS), encoding="utf-8")
    monkeypatch.syspath_prepend(str(home))


def _view() -> PlayerView:
    hand = HoldemHand(holdem_config([1000, 1000, 1000], 5, 10), Dealer(1))
    assert hand.actor is not None
    return hand.view(hand.actor)


def _each_decision_takes(seconds: float) -> Iterator[float]:
    """A clock read twice a decision (before, after) that says each one took ``seconds``."""
    now = 0.0
    while True:
        yield now
        now += seconds
        yield now


def test_answering_just_under_the_timeout_drains_the_clock_and_retires() -> None:
    """The issue's 4.9 s answers under a 5 s timeout: the clock (20 s, plus 1 s a
    decision) runs out after five of them, then each decision may use only what is left,
    is late, and three late answers in a row retire the plugin."""
    ticks = _each_decision_takes(4.9)
    bot = ProcessBot(
        "timing:Passive", timeout=5.0, budget=20.0, increment=1.0, clock=lambda: next(ticks)
    )
    bot.ready(HANG_GUARD)
    kinds = []
    for _ in range(10):
        decision, fault = safe_decide(bot, _view(), timeout=5.0)
        kinds.append(None if fault is None else fault.kind)
        assert decision.action == Action.fold()
    assert kinds == [None] * 5 + ["timeout", "timeout", "retired", "retired", "retired"]
    assert bot.retired and bot.faults["timeout"] == MAX_CONSECUTIVE_FAULTS
    # what it cost the table in all: eight answers of 4.9 s, then nothing
    assert next(ticks) == pytest.approx(8 * 4.9)


def test_a_plugin_that_never_starts_costs_each_decision_its_timeout_only() -> None:
    """The start runs in the background: building the bot does not wait (the host builds
    bots off its event loop), each decision waits at most its timeout, the same start goes
    on (no restart piles up), and three timeouts retire the plugin."""
    bot = ProcessBot("never_starts:Bot", timeout=0.2)
    assert bot.layers == ()  # not started, and nobody waited for it
    kinds = []
    for _ in range(MAX_CONSECUTIVE_FAULTS + 1):
        _decision, fault = safe_decide(bot, _view(), timeout=0.2)
        assert fault is not None
        kinds.append(fault.kind)
    assert kinds == ["timeout", "timeout", "retired", "retired"]
    assert bot.restarts == 0 and bot.retired


def test_a_plugin_that_never_answers_is_retired() -> None:
    bot = ProcessBot("timing:NeverAnswers", timeout=0.2)
    bot.ready(HANG_GUARD)
    kinds = []
    for _ in range(MAX_CONSECUTIVE_FAULTS + 1):
        _decision, fault = safe_decide(bot, _view(), timeout=0.2)
        assert fault is not None
        kinds.append(fault.kind)
    assert kinds == ["timeout", "timeout", "retired", "retired"]
    assert bot.retired


def test_illegal_answers_count_toward_retirement() -> None:
    bot = ProcessBot("timing:Overbets")
    bot.ready(HANG_GUARD)
    kinds = [safe_decide(bot, _view(), timeout=HANG_GUARD)[1] for _ in range(4)]
    assert [fault.kind if fault else None for fault in kinds] == [
        "illegal",
        "illegal",
        "retired",
        "retired",
    ]


def test_a_good_answer_between_faults_keeps_the_plugin_seated() -> None:
    bot = ProcessBot("timing:Stumbles")
    bot.ready(HANG_GUARD)
    faults = [safe_decide(bot, _view(), timeout=HANG_GUARD)[1] for _ in range(9)]
    assert [fault is None for fault in faults] == [False, False, True] * 3
    assert not bot.retired
    bot.close()


def test_checking_a_spec_starts_the_one_process_that_then_plays() -> None:
    """Issue 26.7: no extra plugin process at start-up only to validate the spec."""
    spawned: list[object] = []
    real = sandbox._Worker

    class Counted(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object) -> None:
            spawned.append(args)
            super().__init__(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sandbox, "_Worker", Counted)
        check_spec("timing:Passive")
        bot = make_bot("timing:Passive", 3)
        assert isinstance(bot, ProcessBot)
        _decision, fault = safe_decide(bot, _view(), timeout=HANG_GUARD)
        bot.close()
    assert fault is None and len(spawned) == 1


@pytest.mark.skipif(not hasattr(os, "waitid"), reason="POSIX process groups")
def test_a_plugin_runs_only_while_it_is_asked() -> None:
    """Between its decisions a plugin's whole process group is stopped: no thread of it
    burns the CPU the other bots think with, or waits in the background."""
    bot = ProcessBot("timing:Passive")
    bot.ready(HANG_GUARD)
    worker = bot._start.worker
    assert worker is not None
    for _ in range(2):
        _decision, fault = safe_decide(bot, _view(), timeout=HANG_GUARD)
        assert fault is None
        # blocks until the game's SIGSTOP has taken the plugin's first process (WNOWAIT:
        # the state stays to be seen again)
        stopped = os.waitid(os.P_PID, worker.process.pid, os.WSTOPPED | os.WNOWAIT)
        assert stopped is not None and stopped.si_code == os.CLD_STOPPED
    bot.close()
