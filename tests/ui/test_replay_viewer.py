"""The replay viewer: exact figures at every step, keys, the hand picker, broken files.

Figures are checked against an independent count: the chips each seat has put in or won,
summed from the engine's events up to the PHH action's mark (``Replay.marks``), with no use
of the viewer's code or of the engine's views.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from holdem_tui.engine.events import (
    AntePosted,
    BetReturned,
    BlindPosted,
    Event,
    HandStarted,
    PlayerActed,
    PotAwarded,
    Street,
)
from holdem_tui.history.phh import loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.i18n import Translator
from holdem_tui.storage.histories import SessionHistory
from holdem_tui.ui.replay import PickerScreen, ReplayApp, ReplayScreen, SeatPanel
from holdem_tui.ui.replay_model import Step, build_replay, load_entries
from tests.support.phh_dataset import FILES, PLURIBUS, phh_text
from tests.support.storage import play_session, random_agent, random_table

ALL_DATASET = FILES


def _own_hands(tmp_path: Path, count: int = 4, seed: int = 8) -> Path:
    """A multi-hand ``.phhs`` written by the game's own history writer."""
    rng = random.Random(seed)
    table = random_table(rng)
    history = SessionHistory.create(
        game="holdem",
        players=table.config.names,
        starting_stack=table.config.starting_stack,
        folder=tmp_path / "histories",
    )
    while history.info.hands < count:
        for hand in play_session(table, random_agent(rng), count - history.info.hands):
            history.append(hand)
        if table.is_over():
            table = random_table(rng)
    return history.path


def _pluribus_file(tmp_path: Path) -> Path:
    """A Pluribus hand that reaches the river, as a ``.phh`` file (or one of ours)."""
    for source in PLURIBUS:
        data = json.loads(source.read_text())
        if len(data["board"]) == 3 or sum(1 for a in data["actions"] if a.startswith("d db")) == 3:
            target = tmp_path / f"{source.stem}.phh"
            target.write_text(phh_text(data))
            return target
    raise AssertionError("no Pluribus hand reaches the river in tests/data/phh")


def _accounting(events: list[Event]) -> tuple[list[int], int]:
    """Stacks and total pot after ``events``, counted from the chips that moved."""
    start = events[0]
    assert isinstance(start, HandStarted)
    stacks = list(start.stacks)
    pot = 0
    for event in events:
        if isinstance(event, AntePosted | BlindPosted | PlayerActed):
            stacks[event.player] -= event.amount
            pot += event.amount
        elif isinstance(event, BetReturned):
            stacks[event.player] += event.amount
            pot -= event.amount
        elif isinstance(event, PotAwarded):
            for player, amount in event.shares:
                stacks[player] += amount
    return stacks, pot


def _check_every_step(phh_text: str) -> int:
    phh = loads(phh_text)[0]
    reference = replay(phh)
    viewed = build_replay(phh)
    decisions = [
        j
        for j, action in enumerate(phh.actions)
        if not action.startswith("d ") and " sm" not in action
    ]
    decision_steps = [s for s in viewed.steps if s.actor is not None and s.street != "showdown"]
    steps_by_count: dict[int, Step] = {}
    total = 0
    for step in viewed.steps:
        total += len(step.events)
        steps_by_count[total] = step
    checked = 0
    for j in decisions:
        mark = reference.marks[j]
        step = steps_by_count[mark]
        stacks, pot = _accounting(list(reference.hand.events[:mark]))
        view = step.view
        assert [s.stack for s in view.seats] == stacks, (j, phh.actions[j])
        assert view.total_pot == pot
        checked += 1
    assert checked == len(decisions) >= len(decision_steps) - 1
    final = viewed.steps[-1].view
    assert tuple(s.stack for s in final.seats) == reference.finishing_stacks
    return checked


def test_every_dataset_hand_has_exact_figures_at_every_step() -> None:
    for source in ALL_DATASET:
        data = json.loads(source.read_text())
        assert _check_every_step(phh_text(data)) > 0
        assert build_replay(loads(phh_text(data))[0]).steps[-1].view.complete


def test_own_histories_have_exact_figures_at_every_step(tmp_path: Path) -> None:
    path = _own_hands(tmp_path, 30)
    for entry in load_entries([path]):
        assert not entry.error
        assert entry.phh is not None
        viewed = entry.build()
        assert tuple(s.stack for s in viewed.steps[-1].view.seats) == entry.phh.finishing_stacks


def test_unknown_cards_stay_face_down(tmp_path: Path) -> None:
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
  "d db 2c3d4h", "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cc", "d db 9h",
  "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm QdQc"]
"""
    viewed = build_replay(loads(text)[0])
    assert viewed.known == {0, 1}  # p2 showed; p3 folded unseen
    assert not viewed.shows_cards(2)


# --------------------------------------------------------------------------- on screen


def _panel_text(screen: ReplayScreen, position: int) -> str:
    panel = screen.query_one(f"#seat-{position}", SeatPanel)
    return str(getattr(panel.content, "plain", panel.content))


def _board_text(screen: ReplayScreen) -> str:
    from textual.widgets import Static

    board = screen.query_one("#replay-board", Static)
    return str(getattr(board.content, "plain", board.content))


def _assert_screen_matches_engine(screen: ReplayScreen, tr: Translator) -> None:
    view = screen.hand.steps[screen.index].view
    for seat in view.seats:
        text = _panel_text(screen, seat.position)
        assert f"{tr.t('table.stack')} {tr.number(seat.stack)}" in text
        if seat.bet:
            assert f"{tr.t('table.bet')} {tr.number(seat.bet)}" in text
    assert tr.t("table.pot_amount", amount=tr.number(view.total_pot)) in _board_text(screen)


@pytest.mark.slow
async def test_pilot_steps_through_a_pluribus_hand(tmp_path: Path) -> None:
    path = _pluribus_file(tmp_path)
    tr = Translator("en")
    app = ReplayApp(load_entries([path]), tr)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.index == 0
        _assert_screen_matches_engine(screen, tr)
        for expected in (1, 2, 3):
            await pilot.press("right")
            assert screen.index == expected
            _assert_screen_matches_engine(screen, tr)
        await pilot.press("left")
        assert screen.index == 2
        _assert_screen_matches_engine(screen, tr)
        await pilot.press("r")
        river = screen.hand.street_step(Street.RIVER)
        assert river is not None and screen.index == river
        assert len(screen.step.view.board) == 5
        _assert_screen_matches_engine(screen, tr)
        await pilot.press("f")
        assert screen.index == screen.hand.street_step(Street.FLOP)
        assert len(screen.step.view.board) == 3
        await pilot.press("down")
        assert screen.index == screen.hand.street_step(Street.TURN)
        await pilot.press("up")
        assert screen.index == screen.hand.street_step(Street.FLOP)
        await pilot.press("1")
        assert screen.index == 0
        await pilot.press("end")
        assert screen.index == len(screen.hand.steps) - 1
        _assert_screen_matches_engine(screen, tr)
        # every known card is face up on the table at the end
        for seat in screen.step.view.seats:
            assert seat.cards is not None
            for card in seat.cards:
                rank = "10" if card.rank_char == "T" else card.rank_char
                assert rank + "♣♦♥♠"[card.suit] in _panel_text(screen, seat.position)
        await pilot.press("right")  # past the end: stays
        assert screen.index == len(screen.hand.steps) - 1
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("q")
    assert app.return_code in (0, None)


async def test_pilot_multi_hand_file_shows_the_picker(tmp_path: Path) -> None:
    path = _own_hands(tmp_path, 4)
    entries = load_entries([path])
    assert len(entries) == 4
    tr = Translator("fi")
    app = ReplayApp(entries, tr)
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        options = picker.query_one(OptionList)
        assert options.option_count == 4
        await pilot.press("down", "enter")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.entry is entries[1]
        assert tr.t("replay.header", file=path.name, number=entries[1].number) in str(
            app.screen.query_one("#replay-header", Static).content
        )
        _assert_screen_matches_engine(screen, tr)
        await pilot.press("escape")
        assert isinstance(app.screen, PickerScreen)


async def test_pilot_broken_hands_are_listed_but_not_opened(tmp_path: Path) -> None:
    good = _own_hands(tmp_path, 1)
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = [\n")
    app = ReplayApp(load_entries([good, broken]), Translator("en"))
    async with app.run_test(size=(80, 24)):
        options = app.screen.query_one(OptionList)
        assert options.option_count == 2
        assert options.get_option_at_index(1).disabled
        assert "broken.phh" in str(options.get_option_at_index(1).prompt)


def test_viewer_reports_broken_and_illegal_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from holdem_tui.ui.replay import run_replay_viewer

    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = [\n")
    illegal = tmp_path / "illegal.phh"
    illegal.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AsKs", "d dh p2 2c2d", "p1 cbr 1"]\n'
    )
    missing = tmp_path / "missing.phh"
    assert run_replay_viewer([broken, illegal, missing]) == 1
    err = capsys.readouterr().err
    assert "broken.phh" in err and "TOML" in err
    assert "illegal.phh" in err and "p1 cbr 1" in err
    assert "missing.phh" in err


def test_replay_command_without_json_uses_the_viewer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from holdem_tui.cli import main
    from holdem_tui.ui import replay as viewer

    seen: list[tuple[Path, ...]] = []

    def fake(files: tuple[Path, ...]) -> int:
        seen.append(files)
        return 0

    monkeypatch.setattr(viewer, "run_replay_viewer", fake)
    path = _own_hands(tmp_path, 1)
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0
    assert seen == [(path,)]


def test_a_torn_history_still_opens_its_whole_hands(tmp_path: Path) -> None:
    path = _own_hands(tmp_path, 4)
    data = path.read_bytes()
    last = data.rindex(b"actions = [")
    path.write_bytes(data[: last + 30])  # the machine died while appending the last hand
    entries = load_entries([path])
    good = [e for e in entries if not e.error]
    assert len(good) == 3
    assert all(e.build().steps[-1].view.complete for e in good)
    assert len(entries) == 4 and entries[-1].error


def _suit_styles(screen: ReplayScreen) -> set[str]:
    """The colours the suits are drawn in on the board and at every seat."""
    from textual.widgets import Static

    colours: set[str] = set()
    widgets = [screen.query_one("#replay-board", Static), *screen.query(SeatPanel)]
    for widget in widgets:
        text = widget.content
        for span in getattr(text, "spans", ()):
            colours.add(str(span.style).split(" on ")[0].replace("bold ", ""))
    return colours


async def test_the_viewer_draws_the_tables_cards_four_colour_deck_included(
    tmp_path: Path,
) -> None:
    """The saved four-colour choice shows in the viewer, and ``k`` switches it there too."""
    from holdem_tui.storage.preferences import load_settings
    from holdem_tui.ui import cards

    path = _own_hands(tmp_path, count=1)
    app = ReplayApp(load_entries([path]), Translator("en"), four_colour=True, persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        four = _suit_styles(screen)
        assert four & {cards.BLUE, cards.GREEN}, four
        await pilot.press("k")
        two = _suit_styles(screen)
        assert not two & {cards.BLUE, cards.GREEN} and two & {cards.RED, cards.BLACK}, two
        await pilot.press("l")  # the language switches in the viewer as at the table
        assert app.tr.lang == "hr"
        assert Translator("hr").t("table.stack") in _panel_text(screen, 0)
    kept = load_settings().settings
    assert kept.four_colour is False and kept.language == "hr"


async def test_the_hand_picker_names_its_keys(tmp_path: Path) -> None:
    """Issue 25 item 15: the list of hands said nothing of how to use it."""
    from holdem_tui.ui.keybars import KeyFooter

    path = _own_hands(tmp_path, 3)
    app = ReplayApp(load_entries([path]), Translator("en"))
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        footer = picker.query_one(KeyFooter)
        await pilot.pause()
        keys = {item.key: item.label for item in footer.items}
        assert keys["↑ ↓"] == "Choose a hand" and keys["Enter"] == "Replay it"
        assert keys["q"] == "Quit" and "l" in keys and "?" in keys
        assert footer.region.bottom == 24 and footer.region.height == 1
        await pilot.press("l")  # the next language: the keys follow
        await pilot.pause()
        assert {item.key for item in footer.items} == set(keys)
        assert footer.items[0].label == "Odabir ruke"
        await pilot.click("#picker-footer", offset=(20, 0))  # "Enter Replay it", clicked
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
