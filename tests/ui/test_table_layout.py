"""The table at every size a player may have: 2, 6 and 9 seats of Hold'em, six of draw.

At 80×24, 100×30, 120×36, 160×48, 200×60 and 250×70 no seat, felt or log is cut, covered or
overlapping, no card row is wider than its seat (six-player draw at 80 columns used to wrap
its hidden cards), and the words on screen are whole (:mod:`screen_room`). On large windows
the cards, the seats and the log grow: five-line cards from 120×40 of table, the log a
quarter of the window, and the felt the size of a table with the bets lying on it, so the
green is not a field of nothing. The raise editor open at 200×60 changes none of it.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Offset
from textual.pilot import Pilot

from holdem_tui.session.present import Stage
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.cards import CardSize
from holdem_tui.ui.raise_editor import RaiseEditor
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.table_area import FELT_MOST, TableArea
from holdem_tui.ui.widgets import Felt, SeatWidget
from tests.support.scenes import (
    Scene,
    _solo,
    act_until,
    can_raise,
    drawing,
    my_view,
    settle,
    stations,
)
from tests.support.screen_room import find_problems
from tests.support.table_layout import layout_problems, shown_log

SIZES = [(80, 24), (100, 30), (120, 36), (160, 48), (200, 60), (250, 70)]
NINE = ("easy", "normal", "hard", "normal", "easy", "hard", "easy", "normal")


async def _flop(pilot: Pilot[Any]) -> None:
    def there(app: HoldemApp) -> bool:
        return app.ui.stage is Stage.HUMAN and len(my_view(app).board) >= 3

    await act_until(pilot, there)


async def _preflop_raise(pilot: Pilot[Any]) -> None:
    await act_until(pilot, can_raise)


async def _draw(pilot: Pilot[Any]) -> None:
    await act_until(pilot, drawing)


async def _draw_showdown(pilot: Pilot[Any]) -> None:
    await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)


TABLES = {
    "heads_up": Scene("heads_up", _solo(bots=("normal",)), _preflop_raise),
    "six": Scene("six", _solo(), _flop, bot_factory=stations),
    "nine": Scene("nine", _solo(bots=NINE), _preflop_raise),
    "draw_six": Scene(
        "draw_six",
        _solo(variant="draw", bots=("easy", "normal", "hard", "easy", "normal"), draw_ante=5),
        _draw,
    ),
    "draw_six_showdown": Scene(
        "draw_six_showdown",
        _solo(variant="draw", bots=("easy",) * 5, draw_ante=5),
        _draw_showdown,
        bot_factory=stations,
    ),
}


#: the one layout the quick tier (``pytest -m "not slow"``) still checks; the rest is slow
QUICK = {("nine", (80, 24))}


@pytest.mark.parametrize(
    ("name", "size"),
    [
        pytest.param(
            name,
            size,
            id=f"{name}-{size[0]}x{size[1]}",
            marks=[] if (name, size) in QUICK else [pytest.mark.slow],
        )
        for name in sorted(TABLES)
        for size in SIZES
    ],
)
async def test_the_table_fits_at_every_size(name: str, size: tuple[int, int]) -> None:
    scene = TABLES[name]
    app = scene.app()
    async with app.run_test(size=size) as pilot:
        await scene.drive(pilot)
        await pilot.pause()
        assert isinstance(app, HoldemApp)
        assert layout_problems(app) == []
        problems = find_problems(app)
        assert not problems, "\n".join(str(p) for p in problems)
        area = app.screen.query_one(TableArea)
        viewer = next(s for s in app.screen.query(SeatWidget) if s.has_class("-viewer"))
        expected = {24: CardSize.CHIP, 30: CardSize.CHIP, 36: CardSize.BIG}.get(
            size[1], CardSize.HUGE
        )
        assert area.card_size() is expected
        assert viewer.shown_size() is expected, "the player's own cards in the table's size"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(200, 60), (250, 70)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_large_window_grows_the_cards_the_log_and_not_the_empty_felt(
    size: tuple[int, int],
) -> None:
    scene = TABLES["nine"]  # before the flop: the blinds and a raise lie on the felt
    app = scene.app()
    async with app.run_test(size=size) as pilot:
        await scene.drive(pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        felt = screen.query_one(Felt)
        assert felt.board_size() is CardSize.HUGE, "the board in five-line cards"
        for seat in screen.query(SeatWidget):
            assert seat.shown_size() is CardSize.HUGE
            assert seat.outer_size.width >= 30
        log = shown_log(screen)
        assert log.outer_size.width >= size[0] // 4 - 2, "the log a quarter of the window"
        assert log.outer_size.height >= size[1] - 4
        # the felt is a table, not the whole room: at most FELT_MOST, the seats close round
        assert felt.outer_size.width <= FELT_MOST[0]
        assert felt.outer_size.height <= max(FELT_MOST[1], FELT_MOST[0] // 4)
        top = min(s.region.y for s in screen.query(SeatWidget))
        bottom = max(s.region.bottom for s in screen.query(SeatWidget))
        assert felt.region.y - top <= 10 and bottom - felt.region.bottom <= 10
        # and the bets lie on the felt, in front of each seat that made one
        text = felt.render().plain
        bets = [s.model.bet for s in screen.query(SeatWidget) if s.model and s.model.bet]
        assert bets, "the scene has a bet to show"
        for bet in bets:
            assert f"● {bet}" in text
        assert all(s.bet_on_felt for s in screen.query(SeatWidget))


@pytest.mark.slow
async def test_the_raise_editor_at_200x60_leaves_the_table_whole() -> None:
    app = TABLES["nine"].app()
    async with app.run_test(size=(200, 60)) as pilot:
        await TABLES["nine"].drive(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app, HoldemApp)
        assert app.screen.query_one(RaiseEditor).is_open
        assert layout_problems(app) == []
        assert find_problems(app) == []


async def test_the_layout_check_sees_a_seat_on_another() -> None:
    """The checker fails when a seat covers another or leaves the table."""
    app = TABLES["six"].app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert isinstance(app, HoldemApp)
        seats = list(app.screen.query(SeatWidget))
        seats[1].styles.offset = seats[2].styles.offset  # one chair on top of the next
        seats[3].styles.offset = Offset(-5, 0)  # and one half out of the table
        await pilot.pause()
        problems = "\n".join(layout_problems(app))
    assert "overlaps" in problems and "covered" in problems
    assert "reaches out of the table" in problems or "is cut" in problems
