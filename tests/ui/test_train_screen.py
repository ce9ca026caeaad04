"""The drills screen: opened from the end screen (``d``), each drill answered with the keys a
player would press, graded on the screen, and kept (issue 32 item 3)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from holdem_tui.progress.drill_store import DrillStore, load_store, save_store
from holdem_tui.progress.scan import scan_histories
from holdem_tui.storage.histories import list_sessions
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.train import TrainScreen
from holdem_tui.ui.train_app import TrainApp
from tests.support.drills import write_called_below_the_price
from tests.support.screen_room import plain
from tests.support.ui import act_until, make_app, stations, wait_for

NOW = 1_800_000_000.0


def text(screen: TrainScreen) -> str:
    return plain(screen.query_one("#train-text", Static).content)


async def ready(pilot: Any) -> TrainScreen:
    """The drills on top with their store read and no worker busy."""
    app = pilot.app

    def idle() -> bool:
        screen = app.screen
        busy = [w for w in app.workers if not w.is_finished]
        return isinstance(screen, TrainScreen) and screen.trainer is not None and not busy

    await wait_for(pilot, idle)
    screen = app.screen
    assert isinstance(screen, TrainScreen)
    return screen


def app_at(tmp_path: Path, **options: Any) -> TrainApp:
    return TrainApp(
        "en", path=tmp_path / "drills.json", now=lambda: NOW, rng=random.Random(4), **options
    )


async def test_a_preflop_spot_is_answered_with_the_tables_keys_and_graded(
    tmp_path: Path,
) -> None:
    async with app_at(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        await pilot.press("1")
        screen = await ready(pilot)
        assert screen.round is not None and screen.round.preflop is not None
        spot = screen.round.preflop
        assert "What would you do here?" in text(screen)
        await pilot.press({"fold": "f", "call": "c", "check": "c", "raise": "r"}[spot.answer])
        assert text(screen).count("Right.") == 1
        assert "1 of 1 right" in plain(screen.query_one("#train-head", Static).render())
        await pilot.press("enter")
        screen = await ready(pilot)
        assert screen.round is not None and screen.round.verdict is None
        await pilot.press("escape")
        assert screen.page is None
    store, _ = load_store(tmp_path / "drills.json")
    assert [(a.kind, a.right) for a in store.attempts] == [("preflop", True)]


async def test_the_pot_odds_drill_takes_typed_numbers(tmp_path: Path) -> None:
    store = DrillStore()
    scan_histories(store, [])  # the real hands only
    save_store(store, tmp_path / "drills.json")
    async with app_at(tmp_path).run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("2")
        screen = await ready(pilot)
        current = screen.round
        assert current is not None and current.loaded is not None
        advice = current.loaded.advice
        assert advice.outs is not None and advice.break_even is not None
        price = str(round(100 * advice.break_even))
        await pilot.press(*price, "enter")
        assert "How many outs?" in text(screen)
        await pilot.press(*str(advice.outs.outs), "enter")
        assert "Call or fold?" in text(screen)
        await pilot.press("c" if advice.equity >= advice.break_even else "f")
        assert "Right." in text(screen) and "✗" not in text(screen)
        assert "Equity" in text(screen)  # the coach's own lines


async def test_an_own_spot_comes_back_with_its_flag_and_its_schedule(tmp_path: Path) -> None:
    write_called_below_the_price()
    async with app_at(tmp_path).run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert "1 spot to practise now" in text(screen)
        await pilot.press("3")
        screen = await ready(pilot)
        await pilot.press("c")
        shown = text(screen)
        assert "Worth another look." in shown and "Better here: Fold" in shown
        assert "Called with" in shown  # the review's own words for the flag
        assert "comes back in 10 minutes" in shown
        await pilot.press("escape", "4")
        assert "Your spots" in text(screen) and "BTN" in text(screen)


@pytest.mark.slow
async def test_d_on_the_end_screen_opens_the_drills() -> None:
    app = make_app(bot_factory=stations, hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")
        assert "d Drills" in plain(app.screen.query_one("#end-footer").render())
        await pilot.press("d")
        screen = await ready(pilot)
        assert "Preflop" in text(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
    assert list_sessions() == []  # the tests' app keeps no history: nothing was scanned


async def test_while_the_histories_are_read_the_menu_counts_them_and_claims_no_none(
    tmp_path: Path,
) -> None:
    """Reading years of histories takes a while: meanwhile the menu says how far it is, not
    "none yet" about spots it has not read."""
    async with app_at(tmp_path, scan=False).run_test(size=(80, 24)) as pilot:
        screen = await ready(pilot)
        assert "None yet" in text(screen) and "from real hands" in text(screen)
        screen._scanned(3, 10)
        await pilot.pause()
        shown = text(screen)
        assert "None yet" not in shown and "from real hands" not in shown
        assert "Reading your hand histories for spots: 3 of 10 hands" in shown
