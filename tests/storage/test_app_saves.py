"""The running game keeps its session: quit (or die) at a decision, continue at that hand.

Built through ``create_app`` exactly as ``holdem-tui play`` does, with ``persist=True`` and
the storage folders pointed at a temporary directory.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import pytest
from textual.pilot import Pilot

from holdem_tui.game_settings import GameSettings
from holdem_tui.session.present import Stage
from holdem_tui.storage import paths
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.storage.histories import list_sessions
from holdem_tui.storage.preferences import load_settings
from holdem_tui.ui.app import HoldemApp, create_app
from tests.support.scenes import progress_guard, stations


async def _human_turn(pilot: Pilot[Any], hand_number: int) -> None:
    """Check/call (Enter between hands) until the human decides in hand ``hand_number``."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    guard = progress_guard(app)  # gives up only when the table stands still, never for slowness
    while not guard.stalled():
        await pilot.pause()
        session = app.session
        if session is not None and app.ui.stage is Stage.HUMAN:
            if session.table.hand_number >= hand_number:
                return
            await pilot.press("c")
        elif app.ui.stage is Stage.HAND_OVER:
            await pilot.press("enter")
        else:
            await asyncio.sleep(0.005)
    raise AssertionError(f"never reached hand {hand_number}; stage {app.ui.stage}")


def _settings() -> GameSettings:
    return GameSettings.build(humans=[""], bots=["easy", "normal"], seed=11, pace="instant")


@pytest.mark.slow
async def test_quit_and_continue_at_the_same_hand() -> None:
    app = create_app(_settings(), bot_factory=stations, persist=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await _human_turn(pilot, 3)
        session = app.session
        assert session is not None and session.hand is not None
        number = session.table.hand_number
        cards = [list(h) for h in session.hand.hole]
        actions = session.hand.actions_taken()
        await pilot.press("c")  # one more move after the last save...
        await pilot.pause()
        await app.run_action("request_quit")
        await pilot.pause()
        app.quit_answered(True)  # ...then ctrl+q, "Quit": saved at once
    assert load_settings().settings.language == "en"
    assert load_settings().settings.last_setup["seed"] is None

    loaded = SaveFile().load()
    assert loaded.ok and loaded.session is not None
    assert loaded.session.hand_number == number
    assert loaded.session.hand is not None
    assert [list(h) for h in loaded.session.hand.hole] == cards
    assert len(loaded.session.hand.actions_taken()) > len(actions)

    again = create_app(_settings(), bot_factory=stations, persist=True, saved=loaded)
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        resumed = again.session
        assert resumed is not None and resumed.hand is not None
        assert resumed.table.hand_number == number
        assert [list(h) for h in resumed.hand.hole] == cards
        await _human_turn(pilot, number + 1)
        assert resumed.table.hand_number == number + 1
    [info] = list_sessions()
    assert info.hands == number  # every finished hand, none twice
    assert not info.finished


@pytest.mark.slow
async def test_tests_without_persist_write_nothing() -> None:
    app = create_app(_settings(), bot_factory=stations)
    async with app.run_test(size=(100, 32)) as pilot:
        await _human_turn(pilot, 2)
    assert not paths.data_dir().exists()
    assert not paths.config_dir().exists()


class _FakeApp:
    """Stands in for the Textual app so the command's choices can be checked headless."""

    made: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, settings: GameSettings, **options: Any) -> None:
        from holdem_tui.i18n import get_translator

        self.record: dict[str, Any] = {"settings": settings, "notices": [], **options}
        self.tr = get_translator(settings.lang)
        self.return_code = 0
        self.crash_log = None
        _FakeApp.made.append(self.record)

    def notify(self, message: str, **_: Any) -> None:
        self.record["notices"].append(message)

    def run(self) -> None:
        self.record["ran"] = True


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import holdem_tui.ui.app as app_module

    _FakeApp.made = []
    monkeypatch.setattr(app_module, "create_app", _FakeApp)
    return _FakeApp.made


def _play(*args: str) -> Any:
    from click.testing import CliRunner

    from holdem_tui.cli import main

    return CliRunner().invoke(main, ["play", *args])


def test_play_resume_continues_a_good_save(fake_app: list[dict[str, Any]]) -> None:
    from holdem_tui.session.controller import Session

    session = Session(_settings(), stations)
    session.start_storage()
    session.start_hand()
    result = _play("--resume")
    assert result.exit_code == 0, result.output
    [made] = fake_app
    assert made["persist"] is True and made["saved"].ok
    assert made["saved"].session.hand_number == 1
    assert made["settings"] == session.settings


@pytest.mark.parametrize("content", [b"", b"garbage", b'{"version": 1, "table": {'])
def test_play_resume_with_a_broken_save_offers_a_new_game(
    fake_app: list[dict[str, Any]], content: bytes
) -> None:
    save = SaveFile()
    save.path.parent.mkdir(parents=True)
    save.path.write_bytes(content)
    result = _play("--resume", "--lang", "nl")
    assert result.exit_code == 0, result.output
    [made] = fake_app
    assert made["setup_first"] is True and made["persist"] is True
    assert "saved" not in made
    [kept] = paths.data_dir().glob("autosave.corrupt-*.json")
    assert kept.read_bytes() == content
    [notice] = made["notices"]
    assert str(kept) in notice and "nieuw spel" in notice  # Dutch, in plain words
    assert str(kept) in result.stderr


def test_play_resume_without_a_save_starts_a_new_game(fake_app: list[dict[str, Any]]) -> None:
    result = _play("--resume")
    assert result.exit_code == 0
    [made] = fake_app
    assert made["setup_first"] is True
    assert made["notices"] == ["There is no saved session to continue, so a new game starts."]


def test_play_uses_the_saved_language_and_reports_broken_settings(
    fake_app: list[dict[str, Any]],
) -> None:
    from holdem_tui.storage.preferences import Settings, save_settings

    save_settings(Settings(language="fi"))
    _play()
    assert fake_app[-1]["settings"].lang == "fi"
    paths.settings_path().write_text("{broken")
    _play()
    [notice] = fake_app[-1]["notices"]
    assert "settings.corrupt-" in notice


def test_holdem_tui_lang_wins_over_the_saved_language_at_the_table(
    fake_app: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from holdem_tui.storage.preferences import Settings, save_settings

    save_settings(Settings(language="fi"))
    monkeypatch.setenv("HOLDEM_TUI_LANG", "nl")
    _play()
    assert fake_app[-1]["settings"].lang == "nl"
    _play("--lang", "hr")
    assert fake_app[-1]["settings"].lang == "hr"


def test_play_uses_the_saved_pace_unless_told(fake_app: list[dict[str, Any]]) -> None:
    from holdem_tui.storage.preferences import Settings, save_settings

    save_settings(Settings(language="en", pace="slow"))
    _play()
    assert fake_app[-1]["settings"].pace == "slow"
    _play("--pace", "instant")
    assert fake_app[-1]["settings"].pace == "instant"


def test_play_offers_continue_when_a_save_exists(fake_app: list[dict[str, Any]]) -> None:
    _play()
    assert fake_app[-1]["setup_first"] is False
    SaveFile().save(_table())
    _play()
    assert fake_app[-1]["setup_first"] is True
    _play("--lang", "fi", "--pace", "slow")  # how to show it is not a game described
    assert fake_app[-1]["setup_first"] is True


def test_play_with_flags_starts_at_the_table_and_keeps_the_old_save(
    fake_app: list[dict[str, Any]],
) -> None:
    SaveFile().save(_table())
    result = _play("--game", "draw", "--bots", "easy")
    assert result.exit_code == 0, result.output
    assert fake_app[-1]["setup_first"] is False
    assert not SaveFile().exists()
    [kept] = paths.data_dir().glob("autosave.previous-*.json")
    [notice] = fake_app[-1]["notices"]
    # no file to rename by hand: play --resume lists the kept session (issue 25 item 12)
    assert "holdem-tui play --resume" in notice and str(kept) not in notice
    assert "rename" not in notice and notice in result.stderr


def _kept_session(variant: str, humans: list[str], hands: int, age: float) -> None:
    """A session a new game set aside ``age`` seconds ago, ``hands`` hands in."""
    import os
    import time

    from holdem_tui.session.controller import Session
    from holdem_tui.storage.offer import set_previous_aside

    settings = GameSettings.build(
        variant=variant, humans=humans, bots=["easy", "normal"], seed=11, pace="instant"
    )
    session = Session(settings, stations)
    session.start_storage()
    for _ in range(hands):
        session.start_hand()
        while session.hand is not None and not session.hand.is_complete:
            seat = session.actor_seat
            assert seat is not None
            legal = session.view_for(seat).legal
            assert legal is not None
            if session.is_human(seat):
                session.act(seat, legal.passive_action())
            else:
                session.act_for_bot(seat, legal.passive_action())
        session.finish_hand()
    session.save()
    kept = set_previous_aside()
    assert kept is not None
    moment = time.time() - age
    os.utime(kept, (moment, moment))


def test_play_resume_lists_the_kept_sessions_and_continues_the_chosen(
    fake_app: list[dict[str, Any]],
) -> None:
    """Issue 25 item 12: with no current save, ``play --resume`` lists the sessions new
    games set aside (game, players, hand, when; newest first) and continues the one
    chosen; an answer not on the list is asked again, ``q`` chooses none."""
    from click.testing import CliRunner

    from holdem_tui.cli import main

    _kept_session("draw", ["Ana", "Ben"], 2, age=3 * 3600)
    _kept_session("holdem", [""], 4, age=600)
    result = CliRunner().invoke(main, ["play", "--resume"], input="q\n")
    assert result.exit_code == 0 and fake_app == []
    lines = result.output.splitlines()
    assert lines[0] == "Sessions kept for later, newest first:"
    assert lines[1].startswith("  1. Texas Hold'em, Player 1, ") and lines[1].endswith(
        "hand #4, just now"
    )
    assert lines[2].startswith("  2. Five-Card Draw, Ana, Ben, ") and lines[2].endswith(
        "hand #2, just now"
    )
    assert len(list(paths.data_dir().glob("autosave.previous-*.json"))) == 2

    result = CliRunner().invoke(main, ["play", "--resume", "--lang", "hr"], input="7\n2\n")
    assert result.exit_code == 0, result.output
    assert "Partije spremljene za kasnije" in result.output and "7 nije na popisu." in result.output
    [made] = fake_app
    assert made["saved"].ok and made["settings"].variant == "draw"
    assert made["saved"].session.hand_number == 2
    assert [s.name for s in made["settings"].seats[:2]] == ["Ana", "Ben"]
    assert SaveFile().exists()  # the chosen one is the current save again
    assert len(list(paths.data_dir().glob("autosave.previous-*.json"))) == 1


def test_at_most_five_previous_saves_are_kept() -> None:
    import os

    from holdem_tui.storage.offer import KEEP_PREVIOUS, prune_previous

    folder = paths.data_dir()
    folder.mkdir(parents=True)
    for n in range(8):
        old = folder / f"autosave.previous-2026010{n}-000000.json"
        old.write_text("{}")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    removed = prune_previous(SaveFile().path)
    left = sorted(p.name for p in folder.glob("autosave.previous-*.json"))
    assert len(left) == KEEP_PREVIOUS == 5 and len(removed) == 3
    assert left[0] == "autosave.previous-20260103-000000.json"  # the oldest three went


def test_leaving_with_a_saved_session_says_how_to_come_back(
    fake_app: list[dict[str, Any]],
) -> None:
    result = _play()
    assert "play --resume" not in result.output
    SaveFile().save(_table())
    result = _play("--bots", "easy")  # starts a new game: its save is what remains...
    assert "play --resume" not in result.stdout  # ...but the fake app saved nothing
    SaveFile().save(_table())
    result = _play("--resume")
    assert "holdem-tui play --resume" in result.stdout


def _table() -> Any:
    from holdem_tui.engine.table import Table

    return Table(_settings().table_config())


@pytest.mark.slow
async def test_setup_screen_continue_resumes_the_saved_hand() -> None:
    from textual.widgets import Button

    from holdem_tui.session.controller import Session
    from holdem_tui.ui.screens.setup import SetupScreen
    from holdem_tui.ui.screens.table import TableScreen

    old = Session(_settings(), stations)
    old.start_storage()
    old.start_hand()
    assert old.hand is not None
    cards = [list(h) for h in old.hand.hole]

    app = create_app(_settings(), bot_factory=stations, persist=True, setup_first=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        button = app.screen.query_one("#continue", Button)
        assert button.display
        label = str(button.label)
        assert label == "Continue — Texas Hold'em, 3 players, hand #1, just now", label
        await pilot.click("#continue")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None and app.session.hand is not None
        assert app.session.table.hand_number == 1
        assert [list(h) for h in app.session.hand.hole] == cards


@pytest.mark.slow
async def test_continue_keeps_the_language_on_screen_and_is_focused() -> None:
    from dataclasses import replace

    from textual.widgets import Button

    from holdem_tui.session.controller import Session
    from holdem_tui.ui.screens.table import TableScreen

    old = Session(_settings(), stations)  # a session started in English
    old.start_storage()
    old.start_hand()
    app = create_app(
        replace(_settings(), lang="hr"), bot_factory=stations, persist=True, setup_first=True
    )
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, Button) and app.focused.id == "continue"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.tr.lang == "hr" and app.driver.settings.lang == "hr"


@pytest.mark.slow
async def test_a_broken_save_is_never_offered_and_the_player_is_told() -> None:
    from textual.widgets import Button

    from holdem_tui.ui.screens.setup import SetupScreen

    save = SaveFile()
    save.path.parent.mkdir(parents=True)
    save.path.write_text("{ torn")
    app = create_app(_settings(), bot_factory=stations, persist=True, setup_first=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        # validated before Continue is offered: kept aside, and said on screen
        assert isinstance(app.screen, SetupScreen)
        assert not app.screen.query_one("#continue", Button).display
        # (beside the first run's hint about the keys)
        [notice] = [n.message for n in app._notifications if "New here?" not in n.message]
        assert "autosave.corrupt-" in notice
    [kept] = paths.data_dir().glob("autosave.corrupt-*.json")
    assert kept.read_text() == "{ torn"


@pytest.mark.slow
async def test_no_continue_without_a_save() -> None:
    from textual.widgets import Button

    app = create_app(_settings(), bot_factory=stations, persist=True, setup_first=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#continue", Button).display


async def test_four_colour_deck_toggles_and_is_remembered() -> None:
    from holdem_tui.engine.cards import parse_card
    from holdem_tui.ui.cards import suit_colour

    app = create_app(_settings(), bot_factory=stations, persist=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.four_colour is False
        await pilot.press("k")
        assert app.four_colour is True
    assert load_settings().settings.four_colour is True
    again = create_app(_settings(), bot_factory=stations, persist=True)
    assert again.four_colour is True
    diamond = parse_card("Ad")
    assert suit_colour(diamond, True) != suit_colour(diamond, False)
