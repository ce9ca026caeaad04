"""A whole hot-seat sit-and-go played through the keyboard, to the end screen."""

from __future__ import annotations

import pytest
from rich.console import Console
from textual.widgets import Static

from holdem_tui.session.present import Stage
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import BustScreen, CurtainScreen
from tests.support.scenes import STABLE
from tests.support.ui import make_app, wait_for


def _text(widget: Static) -> str:
    console = Console(width=200, record=True)
    console.print(widget.content)
    return console.export_text()


@pytest.mark.slow
async def test_a_hot_seat_tournament_plays_to_the_end_screen() -> None:
    app = make_app(humans=("Ana", "Ben"), bots=("normal", "easy"), tournament="hyper", seed=3)
    busts: list[str] = []
    bars: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(800):
            await wait_for(
                pilot,
                lambda: (
                    isinstance(app.screen, BustScreen | CurtainScreen | EndScreen)
                    or app.ui.stage in STABLE
                ),
            )
            screen = app.screen
            if isinstance(screen, EndScreen):
                break
            if isinstance(screen, BustScreen):
                busts.append(str(screen.query_one("#bust-text").render()))
                assert not screen.check_action("choose", ("rebuy",))  # no rebuy
                can_watch = screen.can_watch
                await pilot.press("r")  # refused: the question stays
                assert app.screen is screen
                await pilot.press("w" if can_watch else "e")
                continue
            if isinstance(screen, CurtainScreen):
                await pilot.press("enter")
                continue
            if app.ui.stage is Stage.HUMAN:
                bars.append(str(app.screen.query_one("#topbar").render()))
                await pilot.press("a", "c")
            else:
                await pilot.press("enter")
        end = app.screen
        assert isinstance(end, EndScreen)
        session = app.session
        assert session is not None and session.table.is_over()
        finishes = session.table.finishes
        assert sorted(f.place for f in finishes.values())[0] == 1 and len(finishes) == 4
        assert sum(f.prize for f in finishes.values()) == 400  # 65/35 of four buy-ins
        winner = next(s for s, f in finishes.items() if f.place == 1)
        headline = str(end.query_one("#end-winner").render())
        assert headline.endswith("wins the tournament")
        assert session.names[winner] in headline or "Mila" in headline or "Otto" in headline
        table = _text(end.query_one("#end-table", Static))
        assert "Prize" in table and "260" in table and "140" in table
        # every human who busted was told the place at once (and the prize when paid)
        for line in busts:
            assert "finishes in place" in line and " of 4" in line
        assert any("Level 1" in bar for bar in bars)
        assert all(len(bar) <= 80 for bar in bars)


@pytest.mark.slow
async def test_the_setup_screen_sets_up_a_tournament() -> None:
    from textual.widgets import Select

    from holdem_tui.ui.screens.setup import SetupScreen
    from holdem_tui.ui.screens.table import TableScreen

    app = make_app(setup_first=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#f-tournament", Select).value = "turbo"
        await pilot.pause()
        # the levels are the stakes, and one player with every chip the end
        for row in ("row-blinds", "row-ante", "row-session_limit"):
            assert not setup.query_one(f"#{row}").display
        setup.action_start()
        await wait_for(
            pilot, lambda: isinstance(app.screen, TableScreen) and app.ui.stage in STABLE
        )
        assert app.session is not None and app.session.tournament
        assert "Level 1 · Blinds 10/20" in str(app.screen.query_one("#topbar").render())
