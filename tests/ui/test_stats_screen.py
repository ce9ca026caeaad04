"""The stats screen opens from the table (``t``) and from the end screen, shows what the
histories hold, and its charts read without colour (issue 32)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.widgets import Static

from holdem_tui.measure.generated import write_sessions
from holdem_tui.progress.lifetime import Filters, load_lifetime
from holdem_tui.storage.paths import histories_dir
from holdem_tui.ui.charts import BarsChart, HandsFormatter, ResultsChart
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.stats import StatsScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.stats_app import StatsApp
from tests.support.screen_room import plain
from tests.support.ui import act_until, make_app, settle, stations, wait_for


def text_of(screen: Any, selector: str) -> str:
    return plain(screen.query_one(selector, Static).render())


async def stats_loaded(pilot: Any) -> StatsScreen:
    app = pilot.app
    await wait_for(
        pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.lifetime is not None
    )
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


@pytest.fixture
def histories() -> int:
    """A few sessions in the data folder; the hands the humans played in them."""
    write_sessions(histories_dir(), 5, seed=3, hands=(3, 8))
    lifetime = load_lifetime()
    return lifetime.line(lifetime.select(Filters())).hands


async def test_t_opens_the_stats_from_the_table_and_esc_goes_back(histories: int) -> None:
    app = make_app(bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        screen = await stats_loaded(pilot)
        assert f"{histories} hands" in text_of(screen, "#stats-summary")
        assert screen.query_one(ResultsChart).display
        await pilot.press("2")
        assert screen.query_one(BarsChart).display
        assert "BB/100" in text_of(screen, "#stats-bars-title")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_the_end_screen_offers_the_stats(histories: int) -> None:
    app = make_app(bot_factory=stations, hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")
        assert "t Stats" in plain(app.screen.query_one("#end-footer").render())
        await pilot.press("t")
        screen = await stats_loaded(pilot)
        assert f"{histories} hands" in text_of(screen, "#stats-summary")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


async def test_filters_step_through_players_games_and_days(histories: int) -> None:
    app = StatsApp("en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await stats_loaded(pilot)
        assert "You · every game · all dates" in text_of(screen, "#stats-head")
        await pilot.press("g")
        assert "Texas Hold'em" in text_of(screen, "#stats-head")
        await pilot.press("p")
        assert screen.filters.player == screen.player_choices()[1]
        await pilot.press("d")
        assert "since" in text_of(screen, "#stats-head")


async def test_no_histories_say_so(tmp_path: Any) -> None:
    app = StatsApp("hr")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await stats_loaded(pilot)
        assert not screen.query_one(ResultsChart).display
        assert text_of(screen, "#stats-summary") == app.tr.t("stats.empty")


async def test_the_lines_differ_in_shape_without_colour(
    histories: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR: the legend tells the two lines apart by their marks, not their colours."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = StatsApp("en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await stats_loaded(pilot)
        assert app.no_color
        legend = plain(screen.query_one(ResultsChart).query_one("#legend", Static).render())
        result, adjusted = (line.strip() for line in legend.splitlines())
        assert result.startswith("⠒⠒⠒") and adjusted.startswith("·")


async def test_a_first_read_says_how_far_it_has_come(histories: int) -> None:
    """Years of histories take a moment on the first look: the screen counts them."""
    release = threading.Event()

    def slow_load(progress: Any = None) -> Any:
        progress(2, 5)
        release.wait()
        return load_lifetime()

    app = StatsApp("nl", load=slow_load)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            await wait_for(pilot, lambda: screen.reading == (2, 5))
            said = text_of(screen, "#stats-summary")
            assert "2 van 5" in said, said
            release.set()
            await stats_loaded(pilot)
            assert f"{histories} handen" in text_of(screen, "#stats-summary")
    finally:
        release.set()


def test_the_hands_axis_counts_whole_hands() -> None:
    """Three hands are ticked 0 1 2 3 (no half hands); many at round numbers, in the
    language's digits."""
    assert HandsFormatter("en").get_ticks_and_labels(0, 3)[1] == ["0", "1", "2", "3"]
    ticks, labels = HandsFormatter("hr").get_ticks_and_labels(0, 2400)
    assert all(t.is_integer() for t in ticks) and "2.000" in labels
