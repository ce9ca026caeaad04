"""The coach in a tournament: the chart's advice and the ICM cost of a call, in four languages."""

from __future__ import annotations

import pytest

from holdem_tui.bots.pushfold import range_share
from holdem_tui.bots.tournament_play import chart_spot
from holdem_tui.coach.tournament import chart_advice, seat_name, tournament_lines
from holdem_tui.engine.actions import Action
from holdem_tui.i18n import get_translator
from tests.support.tournaments import decision

LANGS = ("en", "hr", "fi", "nl")
#: the coach's lines sit beside the action bar: none may be wider than the screen
WIDTH = 80


def test_the_chart_advice_names_the_hand_the_range_the_seat_and_the_stack() -> None:
    # six players, 8 bb each, folded to the button
    view = decision([1600] * 6, {0: "Ks9s"}, [Action.fold()] * 3)
    advice = chart_advice(view)
    spot = chart_spot(view)
    assert advice is not None and spot is not None and spot.chances is not None
    assert (advice.verb, advice.hand, advice.seat, advice.count) == ("push", "K9s", "button", 8)
    assert advice.share == pytest.approx(range_share(spot.chances))
    line = tournament_lines(view, get_translator("en"))[0]
    assert line == f"Push: K9s is in the top {round(100 * advice.share)}% from the button at 8 bb"
    trash = chart_advice(decision([1600] * 6, {0: "7c2d"}, [Action.fold()] * 3))
    assert trash is not None and trash.verb == "fold"


def test_facing_an_all_in_the_advice_is_about_the_pushers_seat() -> None:
    view = decision([2000, 2000], {1: "Qc3d"}, [Action.all_in()])
    advice = chart_advice(view)
    assert advice is not None and advice.verb == "pass" and advice.seat == "button"
    call = chart_advice(decision([2000, 2000], {1: "AcTd"}, [Action.all_in()]))
    assert call is not None and call.verb == "call"


def test_deep_or_outside_a_tournament_the_coach_says_nothing_new() -> None:
    assert tournament_lines(decision([5000] * 3, {0: "AsAh"}), get_translator("en")) == []


def test_seats_are_named_from_the_big_blind_back() -> None:
    six = ["early", "hijack", "cutoff", "button", "small_blind", "big_blind"]
    assert [seat_name(p, 6) for p in range(6)] == six
    assert [seat_name(p, 2) for p in range(2)] == ["button", "big_blind"]


@pytest.mark.parametrize("lang", LANGS)
def test_near_the_money_the_coach_gives_the_icm_cost_of_a_call(lang: str) -> None:
    tr = get_translator(lang)
    # the bubble of a 65/35 four-player sit-and-go: a big stack jams into ten big blinds
    view = decision([2000, 400, 400, 6000], {0: "AsKh"}, [Action.all_in()])
    lines = tournament_lines(view, tr)
    assert len(lines) == 3
    assert all("coach." not in line and "{" not in line for line in lines)
    assert all(len(line) <= WIDTH for line in lines), [len(x) for x in lines]
    assert "75" in lines[1] and "47" in lines[1]  # the ICM's need and the pot odds
    if lang == "en":
        assert lines[0].startswith("Call: AKo is in the")
        assert lines[1] == "ICM: calling needs 75% (chips: 47%), you have 62% vs the push range"
        assert lines[2].startswith("In prizes: calling 116, folding 141 (of 400")


@pytest.mark.parametrize("lang", LANGS)
def test_every_chart_line_fits_the_screen(lang: str) -> None:
    tr = get_translator(lang)
    for cards in ("AsAh", "7c2d"):
        for folds in range(0, 5):
            view = decision([1600] * 6, {(3 + folds) % 6: cards}, [Action.fold()] * folds)
            for line in tournament_lines(view, tr):
                assert len(line) <= WIDTH, line
