"""The plugin path end to end (issue 26.7): one thread per decision, one process per plugin
seat at start-up, and a plugin's fault told to the player in one line of the log at every
kind of table (local, hot seat, hosted).

Real plugin processes play here. A slow plugin never answers at all, so the outcome cannot
depend on the machine's speed (only how long the test takes does: its short timeout).
"""

from __future__ import annotations

import asyncio
import os
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from holdem_tui.bots import safe_decide, sandbox
from holdem_tui.bots.registry import discard_checked
from holdem_tui.bots.sandbox import ProcessBot
from holdem_tui.commands.play import GameFlags, build_settings
from holdem_tui.engine.decision import Reason
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import get_translator
from holdem_tui.session.controller import Session, default_bot_factory
from holdem_tui.session.narrate import HandLog, Slip, narrate
from holdem_tui.session.turns import BotTurn, HandOver, PersonTurn, ask_bot, next_step, play_bot
from tests.support.hang import HANG_GUARD
from tests.support.net import WireClient, calling, open_table
from tests.support.threads import count_thread_starts

EN = get_translator("en")

PLUGINS = """
import os, threading


class Quiet:
    name = "Quiet"

    def decide(self, view):
        threading.Event().wait()  # never answers


class Crashes:
    name = "Crashy"

    def decide(self, view):
        os._exit(3)


class Talks:
    def decide(self, view):
        from holdem_tui.engine.decision import Decision
        return Decision(view.legal.passive_action(), "  \\x1b[31mtrust me\\n  ")
"""

#: each kind of fault, the plugin that makes it and the line the log tells it in
FAULTS = {
    "slow": ("path_plugins:Quiet", Slip.TIMEOUT, " took too long: it "),
    "crash": ("path_plugins:Crashes", Slip.FAILED, " could not decide: it "),
}
#: seconds a slow plugin is given (it never answers)
SHORT = 0.3


@pytest.fixture(autouse=True)
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    home = tmp_path / "plugins"
    home.mkdir()
    (home / "path_plugins.py").write_text(textwrap.dedent(PLUGINS), encoding="utf-8")
    monkeypatch.syspath_prepend(str(home))
    yield
    discard_checked()


@pytest.fixture
def spawned(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The specs of the plugin processes started while the test runs."""
    started: list[str] = []
    real = sandbox._Worker

    class Counted(real):  # type: ignore[misc, valid-type]
        def __init__(self, spec: str, *args: object) -> None:
            started.append(spec)
            super().__init__(spec, *args)

    monkeypatch.setattr(sandbox, "_Worker", Counted)
    return started


def _view() -> PlayerView:
    hand = HoldemHand(holdem_config([1000, 1000, 1000], 5, 10), Dealer(1))
    assert hand.actor is not None
    return hand.view(hand.actor)


# ----------------------------------------------------------------------------- threads


def test_a_plugin_decision_starts_no_thread_even_across_a_restart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The decision runs in the caller's thread (the table's bot worker): building the
    bot, a crash, the restart and the next decision waiting for it start no thread."""
    warm = ProcessBot("path_plugins:Talks")
    warm.ready(HANG_GUARD)  # the one spawner thread exists from the first plugin on
    warm.close()
    started = count_thread_starts(monkeypatch)
    bot = ProcessBot("path_plugins:Crashes")
    kinds = [safe_decide(bot, _view(), timeout=HANG_GUARD)[1] for _ in range(3)]
    assert [fault.kind if fault else None for fault in kinds] == ["crash", "crash", "retired"]
    assert bot.restarts == 2
    assert started == []


@pytest.mark.skipif(not hasattr(os, "waitid"), reason="POSIX process groups")
def test_a_started_plugin_nobody_asks_yet_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's start is read through to its ready line on the game's side at once, and
    the plugin is stopped there: no thread of it runs between its start and its first
    question, however long that question takes to come."""
    built: list[sandbox._Worker] = []
    running = threading.Event()
    real = sandbox._Worker

    class Seen(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object) -> None:
            super().__init__(*args)
            built.append(self)
            running.set()

    monkeypatch.setattr(sandbox, "_Worker", Seen)
    bot = ProcessBot("path_plugins:Talks")  # and nobody asks it anything
    assert running.wait(HANG_GUARD)
    (worker,) = built
    # blocks until the game's SIGSTOP has taken it (WNOWAIT: the state stays to be seen)
    stopped = os.waitid(os.P_PID, worker.process.pid, os.WSTOPPED | os.WNOWAIT)
    assert stopped is not None and stopped.si_code == os.CLD_STOPPED
    bot.close()


# ----------------------------------------------------------------------------- reasons


def test_a_plugins_reason_is_put_in_its_own_words_once() -> None:
    """The reason crosses the boundary as the plugin gave it and is cleaned and cut once,
    by the one check every bot's answer passes."""
    bot = ProcessBot("path_plugins:Talks")
    bot.ready(HANG_GUARD)
    answer = bot.decide_within(_view(), HANG_GUARD)
    assert answer.reason == "  \x1b[31mtrust me\n  "  # as the plugin said it
    decision, fault = safe_decide(bot, _view(), timeout=HANG_GUARD)
    bot.close()
    assert fault is None
    assert decision.reason == Reason.own_words("[31mtrust me")


# ----------------------------------------------------------------------------- start-up


def test_start_up_starts_one_process_per_plugin_seat(spawned: list[str]) -> None:
    """The command line checks each plugin seat's spec (``build_settings``, as ``play`` and
    ``host`` do) and the session then seats the very processes that were checked."""
    spec = "path_plugins:Talks"
    settings = build_settings(GameFlags(plugins=(spec, spec)), humans="1")
    assert spawned == [spec]  # checked: the first seat's process
    session = Session(settings, default_bot_factory)
    try:
        plugins = [bot for bot in session.bots.values() if isinstance(bot, ProcessBot)]
        assert len(plugins) == 2
        for bot in plugins:
            bot.ready(HANG_GUARD)  # both started (each process starts on the spawner)
        assert spawned == [spec, spec]  # one per plugin seat, none only to check
    finally:
        for bot in plugins:
            bot.close()


# ----------------------------------------------------------------------------- the log


def _fault_lines(log: list[str], words: str) -> list[str]:
    """The lines telling a fault of the kind ``words`` names."""
    return [line for line in log if words in line]


def _play_hand(session: Session, timeout: float) -> int:
    """Play the first hand, people calling; returns how many bot decisions failed."""
    session.start_hand()
    failed = 0
    while not isinstance(step := next_step(session), HandOver):
        if isinstance(step, PersonTurn):
            session.act(step.seat, calling(session.view_for(step.seat)))
        else:
            assert isinstance(step, BotTurn)
            move = ask_bot(session, step.seat, timeout)()
            failed += move.fault is not None
            assert play_bot(session, move)
    return failed


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("people", [1, 2], ids=["local", "hot_seat"])
def test_a_plugins_fault_is_one_line_in_every_players_log(fault: str, people: int) -> None:
    spec, slip, words = FAULTS[fault]
    humans = ",".join(f"P{n}" for n in range(people))
    settings = build_settings(GameFlags(plugins=(spec,)), human_seats=humans.split(","))
    session = Session(settings, default_bot_factory)
    try:
        failed = _play_hand(session, SHORT if fault == "slow" else HANG_GUARD)
    finally:
        for bot in session.bots.values():
            if isinstance(bot, ProcessBot):
                bot.close()
    hand = session.hand
    assert hand is not None and failed >= 1
    slips = session.slips_of(hand)
    assert len(slips) == failed and set(slips.values()) <= {slip, Slip.FAILED}
    names = {p: session.names[hand.config.seats[p]] for p in range(hand.n)}
    for person in settings.humans:
        position = session.position_of(person)
        assert position is not None
        history = hand.view(position).history
        lines = narrate(history, names.__getitem__, EN, slips, viewer=position)
        told = [line for line in lines if "could not decide" in line or "took too long" in line]
        assert len(told) == failed, lines
        robo = next(s for s in range(len(settings.seats)) if not settings.seats[s].is_human)
        assert _fault_lines(lines, session.names[robo] + words), lines  # the first, as it was
        # a screen redrawing the log as the hand goes on tells each fault once
        screen = HandLog()
        for end in range(len(history) + 1):
            shown = screen.lines((1,), history[:end], names.__getitem__, EN, slips)
        assert shown == narrate(history, names.__getitem__, EN, slips)


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_plugins_fault_reaches_a_hosted_tables_players_in_one_line(fault: str) -> None:
    spec, slip, words = FAULTS[fault]
    timeout = SHORT if fault == "slow" else HANG_GUARD

    def seat_plugin(level: str, seed: int | None) -> ProcessBot:
        return ProcessBot(level, seed, timeout=timeout)

    async def play() -> WireClient:
        server = await open_table(humans=1, bots=(spec,), hands=1, bot_factory=seat_plugin)
        try:
            ana = await WireClient.join(server, "Ana")
            await ana.play(calling, ready=True)
            return ana
        finally:
            await server.close()

    ana = asyncio.run(play())
    state = ana.state
    assert state is not None
    snapshot = state.snapshot
    view = snapshot.view
    assert view is not None and snapshot.slips
    history = view.history
    slips = dict(snapshot.slips)
    lines = narrate(history, lambda p: "Ana" if p == view.me else "Robo", EN, slips)
    told = [line for line in lines if "could not decide" in line or "took too long" in line]
    assert len(told) == len(slips), lines
    assert _fault_lines(lines, "Robo" + words), lines
    assert set(slips.values()) <= {slip, Slip.FAILED}
