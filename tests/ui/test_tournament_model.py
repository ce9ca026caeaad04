"""What the table shows of a tournament: level, next level, players left, prizes; in four
languages, in 80 columns; stacks in big blinds on request."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len

from holdem_tui.engine.table import play_hand
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.session.controller import Session
from holdem_tui.session.labels import out_line
from holdem_tui.session.present import Stage, TableModel, UiState, build_table
from tests.support.scenes import stations
from tests.support.ui import TABLE_KEYS

LANGS = ("en", "hr", "fi", "nl")
#: the top bar's room at 80 columns (its border takes two)
ROOM = 78


def session(tournament: str = "turbo", hands: int = 0, **kw: object) -> Session:
    settings = GameSettings.build(
        humans=("",),
        bots=("easy",) * 8,
        tournament=tournament,
        seed=1,
        **kw,  # type: ignore[arg-type]
    )
    played = Session(settings, bot_factory=stations)
    for _ in range(hands):
        hand = played.start_hand()
        play_hand(hand, [lambda v: v.legal.passive_action()] * hand.n)  # type: ignore[union-attr]
        played.finish_hand()
    return played


def top_bar(model: TableModel) -> str:
    """The bar as the table screen fits it: the game's name goes, then the prizes, then the
    players left (which the info line and the seats show too)."""
    header, limit = model.header, model.limit
    if cell_len(f"{header}  {limit}") > ROOM:
        header = model.header_short
    for shorter in model.limit_fallbacks:
        if cell_len(f"{header}  {limit}") <= ROOM:
            break
        limit = shorter
    return f"{header}  {limit}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_top_bar_says_level_next_level_players_and_prizes_in_80_columns(lang: str) -> None:
    tr = get_translator(lang)
    for hands in (0, 9, 55):
        played = session(hands=hands, stack=25_000)
        hand = played.start_hand()
        model = build_table(
            played, played.snapshot(0), UiState(Stage.HUMAN, viewer=0), tr, keys=TABLE_KEYS
        )
        bar = top_bar(model)
        assert cell_len(bar) <= ROOM, bar
        assert tr.t("tournament.level", level=played.table.level + 1) in bar
        left = tr.t("tournament.left", left=9, total=9)
        assert left in bar or left in model.info  # on the top bar, or under the table
        assert cell_len(model.info) <= ROOM
        assert "{" not in model.header + model.limit
        if lang == "en":
            assert "Prizes 450/270/180" in model.limit
            if hands == 9:  # the tenth hand is the last of level 1: announced
                assert model.limit.startswith("next 15") or "Next hand" in model.limit
        play_hand(hand, [lambda v: v.legal.passive_action()] * hand.n)  # type: ignore[union-attr]
        played.finish_hand()


def test_the_level_change_is_announced_before_the_hand_and_logged_in_it() -> None:
    tr = get_translator("en")
    played = session(hands=10)
    model = build_table(played, played.snapshot(None), UiState(), tr, keys=TABLE_KEYS)
    assert model.limit.startswith("Next hand: Blinds 15/30 · 9/9 left · Prizes 450/270/180")
    played.start_hand()
    model = build_table(played, played.snapshot(0), UiState(viewer=0), tr, keys=TABLE_KEYS)
    assert model.log[1] == "Level 2: Blinds 15/30"
    assert model.header.startswith("Texas Hold'em · Level 2 · Blinds 15/30")


def test_minutes_count_down_on_the_clock() -> None:
    tr = get_translator("en")
    played = session("regular")
    played.start_hand()
    played.table.elapsed = 4 * 60 + 10
    model = build_table(played, played.snapshot(0), UiState(viewer=0), tr, keys=TABLE_KEYS)
    assert "next 15/30 in 6 minutes" in model.limit


def test_stacks_show_in_big_blinds_on_request() -> None:
    tr = get_translator("hr")
    played = session(hands=0)
    played.start_hand()
    ui = UiState(Stage.HUMAN, viewer=0)
    chips = build_table(played, played.snapshot(0), ui, tr, keys=TABLE_KEYS)
    blinds = build_table(
        played, played.snapshot(0), replace(ui, in_big_blinds=True), tr, keys=TABLE_KEYS
    )
    assert chips.seats[3].stack == "1.000"
    assert blinds.seats[3].stack == "50,0 bb"  # 1,000 chips at 10/20, as Croatian writes it


def test_a_bust_says_the_place_and_the_prize() -> None:
    tr = get_translator("en")
    played = session(hands=0)
    table = played.table
    from holdem_tui.engine.payouts import Finish

    table.finishes[0] = Finish(0, 3, 180)
    assert out_line(played, played.result(), 0, tr) == "You finish in place 3 of 9 and win 180."
    table.finishes[0] = Finish(0, 5, 0)
    assert out_line(played, played.result(), 0, tr) == "You finish in place 5 of 9."
    assert not played.can_rebuy
    played.table.seats[0].stack = 0
    played.rebuy(0)
    assert played.table.seats[0].stack == 0 and played.rebuys[0] == 0


def test_settings_with_a_tournament_travel_and_are_checked() -> None:
    settings = GameSettings.build(humans=("",), bots=("easy",), tournament="hyper")
    back = GameSettings.from_dict(settings.to_dict())
    assert back == settings and back.validate() == []
    assert back.table_config().tournament is not None
    assert GameSettings.build(tournament="hyper", hand_limit=5).validate()[0][0] == (
        "setup.error.tournament_limit"
    )
    assert GameSettings.build(tournament="slow").validate()[0][0] == "setup.error.tournament"
    bad = GameSettings.build(tournament="mine", tournament_data={"game": "holdem"})
    assert bad.validate()[0][0] == "setup.error.tournament"
    with pytest.raises(ValueError):
        GameSettings.from_dict({**settings.to_dict(), "tournament_data": [1, 2]})
