"""A bot's decision at the table app crosses one thread (issue 26.7): the app starts one
daemon thread for it (a quit never waits for a slow plugin), waits for the answer on its own
loop without polling, and hands the answer on there."""

from __future__ import annotations

import threading

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision
from holdem_tui.session.turns import BotMove
from tests.support.scenes import wait_for
from tests.support.threads import count_thread_starts
from tests.support.ui import make_app


async def test_a_bot_decision_runs_in_one_thread_and_is_answered_on_the_apps_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = make_app(bots=("easy",))
    async with app.run_test() as pilot:
        await pilot.pause()
        app.stop_thinking()
        started = count_thread_starts(monkeypatch)
        asked_in: list[threading.Thread] = []
        answered_in: list[threading.Thread] = []
        release = threading.Event()

        def decide() -> BotMove:
            asked_in.append(threading.current_thread())
            release.wait()
            return BotMove(1, 1, Decision(Action.check()))

        app.think(decide, lambda move: answered_in.append(threading.current_thread()))
        await wait_for(pilot, lambda: bool(asked_in))
        release.set()
        await wait_for(pilot, lambda: bool(answered_in))
        monkeypatch.undo()
    assert started == [asked_in[0].name]  # one thread, and the bot decides in it
    assert asked_in[0].daemon and asked_in[0] is not threading.main_thread()
    assert answered_in == [threading.main_thread()]
