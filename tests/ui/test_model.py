"""The UI's Textual-free layers: settings, the session controller, the log and the presenter.

These hold the rules of what a screen may show, so they are tested in plain Python: a seat's
hidden cards never reach the model of another viewer, the log re-tells a hand in any
language, and the command-line flags make the settings the issue asks for.
"""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from holdem_tui.commands.play import GameFlags, build_settings
from holdem_tui.engine.actions import Action
from holdem_tui.engine.events import CardsShown
from holdem_tui.game_settings import BOT, HUMAN, GameSettings, SeatSettings
from holdem_tui.i18n import Translator, get_translator
from holdem_tui.session.controller import Session
from holdem_tui.session.labels import display_name
from holdem_tui.session.narrate import hand_name, narrate
from holdem_tui.session.present import Stage, UiState, build_table
from holdem_tui.session.privacy import Privacy
from tests.support.ui import TABLE_KEYS, CallingStation, stations

EN = get_translator("en")


def test_default_settings_are_you_against_five_mixed_bots() -> None:
    settings = GameSettings()
    assert settings.variant == "holdem"
    assert [s.kind for s in settings.seats] == [HUMAN] + [BOT] * 5
    assert {s.level for s in settings.seats[1:]} == {"easy", "normal", "hard"}
    assert settings.validate() == []


def test_settings_round_trip_as_plain_data() -> None:
    settings = GameSettings.build(
        variant="draw", humans=["Ana", "Ben"], bots=["hard"], ante=5, hand_limit=12, seed=3
    )
    assert GameSettings.from_dict(settings.to_dict()) == settings


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"seats": (SeatSettings(HUMAN, "A"),)}, "setup.error.seats"),
        ({"small_blind": 20}, "setup.error.blinds"),
        ({"ante": 5000}, "setup.error.ante"),
        (
            {"seats": (SeatSettings(HUMAN, "A"), SeatSettings(HUMAN, "A"))},
            "setup.error.duplicate_name",
        ),
        (
            {"seats": (SeatSettings(HUMAN, ""), SeatSettings(BOT, "", "genius"))},
            "setup.error.bot_level",
        ),
    ],
)
def test_settings_name_each_problem(changes: dict[str, object], key: str) -> None:
    from dataclasses import replace

    settings = replace(GameSettings(), **changes)  # type: ignore[arg-type]
    assert key in [k for k, _ in settings.validate()]
    # and every problem has words in every language
    for lang in ("en", "hr", "fi", "nl"):
        tr = get_translator(lang)
        for k, params in settings.validate():
            assert k in tr.keys()  # noqa: SIM118 - keys() is the Translator's API
            assert tr.t(k, **params) != k


def test_draw_takes_at_most_six() -> None:
    settings = GameSettings.build(variant="draw", bots=["easy"] * 6)
    assert ("setup.error.seats", {"min": 2, "count": 6}) in settings.validate()


def test_draw_is_always_played_with_an_ante() -> None:
    draw = build_settings(GameFlags(game="draw"))
    holdem = build_settings(GameFlags(game="holdem"))
    assert draw.game_ante == 5 and draw.table_config().ante == 5
    assert holdem.game_ante == 0 and holdem.table_config().ante == 0
    both = build_settings(GameFlags(game="holdem", ante=2))
    assert (both.ante, both.draw_ante) == (2, 5)  # each game keeps its own ante
    assert GameSettings.from_dict(draw.to_dict()) == draw
    small = build_settings(GameFlags(game="draw", limits="4/8"))
    assert small.game_ante == 2  # half the small bet, as the simulator's default


def test_play_flags_build_the_settings() -> None:
    flags = GameFlags(
        game="draw",
        bots="easy,normal,hard",
        stack=500,
        limits="5/10",
        ante=1,
        hands=20,
        lang="fi",
        pace="slow",
        seed=9,
    )
    settings = build_settings(flags, humans="Ana,Ben")
    assert settings.variant == "draw"
    assert [s.name for s in settings.seats if s.is_human] == ["Ana", "Ben"]
    assert [s.level for s in settings.seats if not s.is_human] == ["easy", "normal", "hard"]
    assert (settings.small_bet, settings.big_bet, settings.game_ante) == (5, 10, 1)
    assert (settings.stack, settings.hand_limit, settings.lang, settings.pace) == (
        500,
        20,
        "fi",
        "slow",
    )
    assert Privacy(settings.humans).shared  # two at one keyboard: a hot seat


def test_play_flags_watch_and_bad_values() -> None:
    assert build_settings(GameFlags(bots="easy,hard"), watch=True).watch_only
    with pytest.raises(click.BadParameter):
        build_settings(GameFlags(blinds="five/ten"))
    with pytest.raises(click.UsageError):
        build_settings(GameFlags(game="draw", bots="easy,easy,easy,easy,easy,easy"))
    with pytest.raises(click.UsageError):
        build_settings(GameFlags(plugins=("nosuchmodule:Bot",)))


@pytest.mark.slow
def test_play_help_lists_every_flag() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "holdem_tui", "play", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for flag in (
        "--game",
        "--humans",
        "--bots",
        "--stack",
        "--blinds",
        "--ante",
        "--limits",
        "--hands",
        "--minutes",
        "--lang",
        "--pace",
        "--seed",
        "--bot",
        "--watch",
        "--setup",
    ):
        assert flag in result.stdout


def _session(**kw: object) -> Session:
    settings = GameSettings.build(seed=5, **kw)  # type: ignore[arg-type]
    return Session(settings, stations)


def test_hot_seat_view_between_turns_hides_every_hand() -> None:
    session = _session(humans=["Ana", "Ben"], bots=["easy"])
    session.start_hand()
    spectator = build_table(
        session, session.snapshot(None), UiState(stage=Stage.BOT), EN, keys=TABLE_KEYS
    )
    for seat in spectator.seats:
        assert all(face.card is None for face in seat.cards), seat.title
    model = build_table(
        session, session.snapshot(0), UiState(stage=Stage.HUMAN, viewer=0), EN, keys=TABLE_KEYS
    )
    shown = {m.seat: [f.card for f in m.cards] for m in model.seats}
    assert all(c is not None for c in shown[0])
    assert all(c is None for c in shown[1]) and all(c is None for c in shown[2])


def test_showdown_reveal_turns_hands_up_in_order() -> None:
    session = _session(humans=[], bots=["easy", "normal", "hard"])
    session.start_hand()
    hand = session.hand
    assert hand is not None
    while not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        session.act_for_bot(seat, CallingStation().decide(session.bot_view(seat)))
    view = session.view_for(None)
    order = [e.player for e in view.history if isinstance(e, CardsShown)]
    assert len(order) == 3
    half = build_table(
        session,
        session.snapshot(None),
        UiState(stage=Stage.REVEAL, revealed=1),
        EN,
        keys=TABLE_KEYS,
    )
    faces = {m.seat: m.cards for m in half.seats}
    first_seat = view.seats[order[0]].seat
    assert all(f.card is not None for f in faces[first_seat])
    later = [view.seats[p].seat for p in order[1:]]
    assert all(f.card is None for s in later for f in faces[s])
    assert half.results == ()
    done = build_table(
        session, session.snapshot(None), UiState(stage=Stage.HAND_OVER), EN, keys=TABLE_KEYS
    )
    assert done.results, "each pot's winner is announced once all hands are up"
    assert any(f.marked for m in done.seats for f in m.cards), "the winning cards are marked"


def test_log_retells_the_hand_in_every_language() -> None:
    session = _session(humans=[""], bots=["easy", "easy"])
    session.start_hand()
    seat = session.actor_seat
    assert seat is not None
    session.act(seat, Action.fold() if session.view_for(seat).legal.can_fold else Action.check())  # type: ignore[union-attr]
    view = session.view_for(0)
    lines = {}
    for lang in ("en", "hr", "fi", "nl"):
        tr = get_translator(lang)

        def name_of(position: int, tr: Translator = tr) -> str:
            return display_name(session, view.seats[position].seat, tr)

        lines[lang] = narrate(view.history, name_of, tr)
    assert lines["en"][0] == "Hand #1"
    assert lines["hr"][0] == "Ruka br. 1"
    assert len({tuple(v) for v in lines.values()}) == 4
    assert all(len(v) == len(lines["en"]) for v in lines.values())


def test_hand_names_for_two_and_seven_cards() -> None:
    from holdem_tui.engine.cards import parse_cards

    assert hand_name(parse_cards("AsAd"), EN) == "Pair of aces"
    assert hand_name(parse_cards("Ks7d"), EN) == "King high"
    assert hand_name(parse_cards("KsKd5c5h2s9d3c"), EN) == "Two pair, kings and fives"


def test_unnamed_human_is_player_one_in_the_log_and_you_on_the_seat() -> None:
    session = _session(humans=[""], bots=["easy"])
    session.start_hand()
    model = build_table(
        session, session.snapshot(0), UiState(stage=Stage.HUMAN, viewer=0), EN, keys=TABLE_KEYS
    )
    assert model.seats[0].title == "Player 1 (You)"
    assert display_name(session, 0, EN) == "Player 1"


def test_pot_lines_say_who_can_win_each_pot() -> None:
    from holdem_tui.engine.pots import Pot
    from holdem_tui.session.narrate import pot_line

    names = ["Ana", "Ben", "Mila", "Otto"].__getitem__
    pots = (Pot(400, (0, 1, 2, 3)), Pot(120, (1, 3)))
    assert pot_line(0, pots, names, EN, live=[0, 1, 2, 3]) == "Main pot: 400 · everyone"
    assert pot_line(1, pots, names, EN, live=[0, 1, 2, 3]) == "Side pot 1: 120 · Ben, Otto"
    hr = get_translator("hr")
    assert pot_line(1, (Pot(1500, (1, 3)), Pot(1500, (1, 3))), names, hr) == (
        "Sporedni pot 1: 1.500 · Ben, Otto"
    )


def test_the_log_names_who_gets_the_odd_chip_and_who_is_out() -> None:
    from holdem_tui.engine.events import HandEnded, PotAwarded

    names = ["Ana", "Ben", "Otto"].__getitem__
    tr = get_translator("en")
    split = PotAwarded(0, 301, (0, 1, 2), ((0, 0), (1, 151), (2, 150)), False)
    assert narrate([split], names, tr) == [
        "Ben, Otto split 301",
        "The odd chip goes to Ben",
    ]
    even = PotAwarded(0, 300, (1, 2), ((1, 150), (2, 150)), False)
    assert narrate([even], names, tr) == ["Ben, Otto split 300"]
    ended = HandEnded((0, 1500, 1500), (-1000, 500, 500))
    assert narrate([ended], names, get_translator("nl")) == ["Ana heeft geen fiches meer"]


def test_key_hints_wrap_whole_and_clicks_find_them_on_any_row() -> None:
    from holdem_tui.session.present import ActionModel
    from holdem_tui.ui.keybars import KeyBar, hint_rows

    hints = [
        ActionModel("Enter", "Bevestigen", "screen.confirm"),
        ActionModel("Esc", "Annuleren", "screen.cancel"),
        ActionModel("↑↓", "± 5\u00a0000", ""),
    ]
    rows = hint_rows(hints, 36)
    assert [[h.key for h in row] for row in rows] == [["Enter", "Esc"], ["↑↓"]]
    assert hint_rows(hints, 0) == [hints]  # not laid out yet: one row
    bar = KeyBar()
    bar.items, bar.rows = hints, rows
    assert bar.item_at(2, 1) is hints[2]
    assert bar.item_at(20, 0) is hints[1]
    assert bar.item_at(2, 2) is None


def test_play_refuses_a_draw_game_without_an_ante() -> None:
    with pytest.raises(click.UsageError) as refused:
        build_settings(GameFlags(game="draw", ante=0))
    assert "Five-Card Draw is played with an ante" in str(refused.value)
    assert build_settings(GameFlags(game="holdem", ante=0)).game_ante == 0
    for lang in ("hr", "fi", "nl"):
        text = get_translator(lang).t("setup.error.draw_ante", min=1)
        assert "1" in text and text != "setup.error.draw_ante"


def test_play_draw_without_hands_or_minutes_plays_the_set_number_of_hands() -> None:
    draw = build_settings(GameFlags(game="draw"))
    assert draw.hand_limit is None and draw.table_config().hand_limit == 30
    assert build_settings(GameFlags(game="draw", hands=8)).table_config().hand_limit == 8
    timed = build_settings(GameFlags(game="draw", minutes=20)).table_config()
    assert (timed.hand_limit, timed.minute_limit) == (None, 20.0)
    assert build_settings(GameFlags(game="holdem")).table_config().hand_limit is None


def test_asking_about_the_time_limit_does_not_move_the_clock() -> None:
    """Drawing the table asks is_over / is_last_hand / minutes_left: only tick() moves time,
    and the game ticks where time should count (a deal, a decision, between hands)."""
    now = [0.0]
    settings = GameSettings.build(bots=["easy"], minute_limit=1, seed=1)
    session = Session(settings, stations, clock=lambda: now[0])
    session.start_hand()
    now[0] = 90.0
    assert not session.is_over() and not session.is_last_hand()
    assert session.minutes_left() == 1 and session.table.elapsed == 0.0
    session.tick()
    assert session.table.elapsed == 90.0 and session.minutes_left() == 0
    assert session.is_last_hand()
