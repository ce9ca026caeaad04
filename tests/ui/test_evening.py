"""A whole evening at the table: the paths that used to crash or end in a dead end.

Play again and New game after the end screen, a window too small at start-up, a crash that
must leave a clean terminal and a save, busting out (rebuy, watch, end), and an end screen
that says why the session ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.present import Stage
from holdem_tui.storage import paths
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.local import LocalDriver
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import BustScreen, TooSmallScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from tests.support.ui import act_until, make_app, settle, stations


def at_end(app: HoldemApp) -> bool:
    return isinstance(app.screen, EndScreen)


def tables(app: HoldemApp) -> int:
    return sum(isinstance(s, TableScreen) for s in app.screen_stack)


@pytest.mark.slow
async def test_play_again_from_the_end_screen_deals_a_new_session() -> None:
    app = make_app(hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, at_end, key="f")
        first = app.session
        await pilot.press("enter")
        await settle(pilot)
        assert app.session is not first and isinstance(app.screen, TableScreen)
        assert tables(app) == 1
        await act_until(pilot, at_end, key="f")  # and once more: no second-time crash
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and tables(app) == 1


@pytest.mark.slow
async def test_new_game_from_the_end_screen_starts_what_the_form_says() -> None:
    app = make_app(hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, at_end, key="f")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#f-game", Select).value = "draw"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and tables(app) == 1
        assert app.driver.settings.variant == "draw"


@pytest.mark.slow
@pytest.mark.parametrize("how", ["setup", "table"])
async def test_starting_in_a_small_window_waits_and_then_plays(how: str) -> None:
    app = make_app(setup_first=how == "setup")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen), app.screen_stack
        await pilot.press("ctrl+s")  # nothing under the cover reacts
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        if how == "setup":
            assert isinstance(app.screen, SetupScreen), app.screen_stack
            await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.ui.stage is Stage.HUMAN
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("ctrl+q")  # the quit question goes over the cover
        await pilot.resize_terminal(120, 40)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen_stack


@pytest.mark.slow
async def test_resuming_in_a_small_window_then_growing() -> None:
    from holdem_tui.session.controller import Session

    settings = GameSettings.build(humans=[""], bots=["easy", "normal"], seed=11, pace="instant")
    session = Session(settings, stations)
    session.start_storage()
    session.start_hand()
    loaded = SaveFile().load()
    app = create_app(settings, bot_factory=stations, persist=True, saved=loaded)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.ui.stage is Stage.HUMAN


async def test_a_crash_keeps_the_save_and_writes_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = GameSettings.build(humans=[""], bots=["easy", "normal"], seed=11, pace="instant")
    app = create_app(settings, bot_factory=stations, persist=True)

    def boom(self: LocalDriver, action: Action, legal: object = None) -> bool:
        raise RuntimeError("a bug in the fold key")

    monkeypatch.setattr(LocalDriver, "move", boom)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            saved = SaveFile().path.read_text()
            await pilot.press("c")
            await pilot.pause()
    assert app.return_code == 1
    assert app.crash_log is not None and "a bug in the fold key" in app.crash_log.read_text()
    assert app.crash_log.parent == paths.data_dir()
    assert SaveFile().path.read_text() == saved, "the save of the last decision stays"


class _CrashingApp:
    def __init__(self, log: Path | None, raises: bool = False) -> None:
        from holdem_tui.i18n import get_translator

        self.tr = get_translator("en")
        self.crash_log = log
        self.return_code = 1
        self.raises = raises

    def notify(self, *_: Any, **__: Any) -> None:
        pass

    def run(self) -> None:
        if self.raises:
            raise ValueError("broken before the screen opened")


@pytest.mark.parametrize("raises", [False, True])
def test_the_command_line_says_one_line_and_exits_non_zero(
    raises: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    from holdem_tui.commands.play import run_app

    SaveFile().save(_table())
    log = paths.data_dir() / "holdem-tui.log"
    with pytest.raises(SystemExit) as exit_info:
        run_app(_CrashingApp(None if raises else log, raises), [])  # type: ignore[arg-type]
    assert exit_info.value.code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(log) in err[0] and "holdem-tui play --resume" in err[0]
    assert "Traceback" not in err[0]
    if raises:
        assert "broken before the screen opened" in log.read_text()


def _table() -> Any:
    from holdem_tui.engine.table import Table

    settings = GameSettings.build(humans=[""], bots=["easy"], seed=1)
    return Table(settings.table_config())


# --------------------------------------------------------------------------- busting


async def _bust(pilot: Any) -> BustScreen:
    app = pilot.app
    await act_until(pilot, lambda a: isinstance(a.screen, BustScreen), key="a", limit=400)
    screen = app.screen
    assert isinstance(screen, BustScreen)
    return screen


class _Folder:
    """Checks when free, else folds: leaves the human and the calling station to it."""

    def decide(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(())
        return Action.check() if legal.can_check else Action.fold()


def _station_and_folders(spec: str, seed: int | None) -> Any:
    return stations(spec, seed) if spec == "easy" else _Folder()


def _busting_app(**kw: Any) -> HoldemApp:
    kw.setdefault("seed", BUST_SEED)
    return make_app(bots=("easy", "normal", "normal"), bot_factory=_station_and_folders, **kw)


#: a deal in which the human's all-ins against the calling station lose early
BUST_SEED = 1


@pytest.mark.slow
async def test_busting_says_the_place_and_rebuy_plays_on() -> None:
    app = _busting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        bust = await _bust(pilot)
        text = str(bust.query_one("#bust-text").render())
        assert text.startswith("You are out in place ") and " of 4 after " in text, text
        assert app.session is not None and app.session.table.seats[0].out
        await pilot.press("r")
        await settle(pilot)
        session = app.session
        assert session.rebuys[0] == 1 and session.table.seats[0].stack > 0
        assert isinstance(app.screen, TableScreen) and app.ui.stage is Stage.HUMAN
        assert session.result().net(0) == session.table.seats[0].stack - 2 * settings_stack(app)


def settings_stack(app: HoldemApp) -> int:
    return app.driver.settings.stack


@pytest.mark.slow
async def test_busting_then_watching_runs_to_the_end_screen() -> None:
    app = _busting_app(hand_limit=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await _bust(pilot)
        await pilot.press("w")
        await act_until(pilot, at_end, key="c", limit=400)
        end = app.screen
        assert isinstance(end, EndScreen)
        reason = str(end.query_one("#end-reason").render())
        assert "lasted" in reason
        assert "hand limit" in reason or "every chip" in reason, reason


@pytest.mark.slow
async def test_busting_then_ending_says_why() -> None:
    app = _busting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _bust(pilot)
        await pilot.press("e")
        await act_until(pilot, at_end, key="c")
        end = app.screen
        assert isinstance(end, EndScreen)
        assert "You are out in place" in str(end.query_one("#end-winner").render())
        assert "Ended after going broke" in str(end.query_one("#end-reason").render())


@pytest.mark.slow
async def test_the_end_screen_names_the_hand_limit() -> None:
    app = make_app(hand_limit=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, at_end, key="f")
        reason = str(app.screen.query_one("#end-reason").render())
        assert reason.startswith("The hand limit was reached (2 hands) · lasted 1 minute, 2 hands")
