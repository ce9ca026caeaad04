"""The coach in the app: a key toggles it, it shows the numbers at the human's decisions,
behind the hot-seat curtain it shows nothing, and the choice is remembered."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from holdem_tui.coach import advise
from holdem_tui.coach.text import coach_lines
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.present import Stage
from holdem_tui.storage.preferences import load_settings
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.screens.modals import CurtainScreen
from tests.support.scenes import wait_for_coach
from tests.support.ui import act_until, make_app, my_view, settle, stations


def _panel(app: HoldemApp) -> Static:
    table = app.table_screen()
    assert table is not None
    return table.query_one("#coach", Static)


def _text(app: HoldemApp) -> str:
    return str(_panel(app).render())


async def _advice_shown(pilot: Pilot[Any]) -> None:
    await wait_for_coach(pilot)


@pytest.mark.slow
async def test_coach_toggles_and_shows_the_numbers() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.ui.stage is Stage.HUMAN
        assert not _panel(app).display  # off by default
        await pilot.press("o")
        assert app.coach_on
        await _advice_shown(pilot)
        panel = _panel(app)
        assert panel.display
        room = app.table_screen().coach_room  # type: ignore[union-attr]
        fits = None if room is None else (lambda line: len(line) <= room)
        expected = coach_lines(advise(my_view(app)), app.tr, fits=fits)
        text = _text(app)
        assert "players' ranges" in text
        assert expected[0] in text and expected[-1] in text
        assert "Hard bot" in text
        await pilot.press("o")
        assert not app.coach_on
        assert not _panel(app).display


@pytest.mark.slow
async def test_coach_follows_each_decision_and_hides_between_them() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await _advice_shown(pilot)

        await act_until(pilot, lambda a: bool(my_view(a).board) and a.ui.stage is Stage.HUMAN)
        await _advice_shown(pilot)
        assert _text(app) == "\n".join(coach_lines(advise(my_view(app)), app.tr))


@pytest.mark.slow
async def test_nothing_behind_the_curtain() -> None:
    app = make_app(humans=("Ana", "Ben"), bots=("easy",))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("o")  # the curtain has focus: the app-wide key still toggles
        assert app.coach_on
        assert not _panel(app).display
        await pilot.press("enter")
        await settle(pilot)
        await _advice_shown(pilot)
        seat = app.ui.viewer
        assert seat is not None
        # 24 rows leave the coach no row to wrap into: each line fits the panel's columns
        # (the hard bot's reason is left to the review where it would not)
        table = app.table_screen()
        assert table is not None and table.coach_room == 78
        fits = lambda line: cell_len(line) <= 78  # noqa: E731
        assert _text(app) == "\n".join(coach_lines(advise(my_view(app)), app.tr, fits=fits))


@pytest.mark.slow
async def test_coach_choice_is_remembered() -> None:
    settings = GameSettings.build(humans=[""], bots=["easy", "normal"], seed=11, pace="instant")
    app = create_app(settings, bot_factory=stations, persist=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.coach_on is False
        await pilot.press("o")
        assert app.coach_on is True
    assert load_settings().settings.coach is True
    again = create_app(settings, bot_factory=stations, persist=True)
    assert again.coach_on is True
