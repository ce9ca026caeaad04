"""Bots in a tournament: the chart at 20 big blinds or less, ICM near the money in hard."""

from __future__ import annotations

import random

import pytest

from holdem_tui.bots.levels import EasyBot, HardBot, NormalBot
from holdem_tui.bots.pushfold import range_share
from holdem_tui.bots.tournament_play import Role, chart_spot, prize_call, short_stack
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant
from tests.support.tournaments import decision

RNG = random.Random(0)


def test_nothing_changes_outside_a_tournament_or_deeper_than_twenty_big_blinds() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("a", "b", "c"), seed=1, starting_stack=100))
    hand = table.start_hand()
    assert hand.actor is not None
    assert short_stack(hand.view(hand.actor), RNG) is None  # a cash table: 10 bb, no chart
    deep = decision([5000, 5000, 5000], {0: "AsAh"})
    assert chart_spot(deep) is None  # 25 big blinds: the level plays its own game


def test_first_in_the_chart_jams_its_range_and_folds_the_rest() -> None:
    # six players at 100/200, 1,600 chips (8 bb) each; everyone folds to the button (seat 0)
    stacks = [1600] * 6
    folds = [Action.fold()] * 3
    aces = decision(stacks, {0: "AsAh"}, folds)
    spot = chart_spot(aces)
    assert spot is not None and spot.role is Role.PUSH and spot.count == 8
    assert spot.chances is not None
    jam = NormalBot(1).decide(aces)
    assert jam.action.kind is ActionKind.RAISE and jam.action.amount == 1600
    assert jam.reason is not None and jam.reason.key == "chart_push"
    assert dict(jam.reason.params)["range"] == pytest.approx(range_share(spot.chances), abs=1e-4)
    trash = decision(stacks, {0: "7c2d"}, folds)
    fold = NormalBot(1).decide(trash)
    assert fold.action.kind is ActionKind.FOLD
    assert fold.reason is not None and fold.reason.key == "chart_push_fold"


def test_facing_a_jam_the_chart_calls_its_range() -> None:
    # heads-up at 10 bb: the button jams, the big blind answers
    kings = decision([2000, 2000], {1: "KsKh"}, [Action.all_in()])
    call = NormalBot(2).decide(kings)
    assert call.action.kind is ActionKind.CALL
    assert call.reason is not None and call.reason.key == "chart_call_jam"
    trash = decision([2000, 2000], {1: "8c3d"}, [Action.all_in()])
    assert NormalBot(2).decide(trash).action.kind is ActionKind.FOLD


def test_a_smaller_raise_is_answered_as_the_chart_answers_a_jam() -> None:
    view = decision([2000, 2000], {1: "QsQh"}, [Action.raise_to(500)])
    answer = NormalBot(3).decide(view)
    assert answer.action.kind is ActionKind.RAISE and answer.action.amount == 2000


def test_hard_folds_on_the_bubble_what_the_chips_would_call() -> None:
    """Four left, two paid (65/35): the big stack jams into my ten big blinds while two
    players are nearly out. By chips ace-king calls; by prizes it is a clear fold."""
    stacks = [2000, 400, 400, 6000]
    view = decision(stacks, {0: "AsKh"}, [Action.all_in()])
    prizes = prize_call(view)
    assert prizes is not None
    assert prizes.equity > prizes.chips_need  # a call by chips ...
    assert prizes.icm_need > prizes.equity  # ... a fold by prizes
    assert NormalBot(4).decide(view).action.kind is ActionKind.CALL
    folded = HardBot(4).decide(view)
    assert folded.action.kind is ActionKind.FOLD
    assert folded.reason is not None and folded.reason.key == "icm_pass"
    aces = decision(stacks, {0: "AsAh"}, [Action.all_in()])
    assert HardBot(4).decide(aces).action.kind is ActionKind.CALL


def test_winner_takes_all_makes_prizes_and_chips_the_same() -> None:
    """Three left, winner takes all: prize equity is the chip share, so ICM asks for the
    same equity as the pot odds."""
    view = decision([2000, 1500, 2500], {0: "AsKh"}, [Action.all_in()])
    prizes = prize_call(view)
    assert prizes is not None
    assert prizes.icm_need == pytest.approx(prizes.chips_need, abs=1e-9)


def test_easy_ignores_the_tournament() -> None:
    view = decision([1600] * 6, {0: "7c2d"}, [Action.fold()] * 3)
    easy = EasyBot(5).decide(view)
    assert easy.reason is not None and not easy.reason.key.startswith(("chart_push", "icm"))


def test_hard_weighs_a_first_in_jam_in_prizes_near_the_money() -> None:
    stacks = [1600, 300, 300, 6000]
    # UTG (seat 3, the big stack) folds to me on the button with 8 bb and a middling hand
    view = decision(stacks, {0: "Kc9d"}, [Action.fold()])
    spot = chart_spot(view)
    assert spot is not None and spot.role is Role.PUSH
    answer = HardBot(6).decide(view)
    assert answer.reason is not None and answer.reason.key in ("icm_push", "icm_fold")
    values = {k: float(v) for k, v in answer.reason.params}
    assert (answer.action.kind is ActionKind.RAISE) == (values["push"] > values["fold"])


def test_busting_heads_up_still_pays_second_place() -> None:
    """Heads-up for first and second the prizes are linear in chips: busting pays second
    place, so a call needs exactly the pot odds."""
    # six started (65/35 of 600: 390 and 210), four are out
    view = decision([2874, 3126, 0, 0, 0, 0], {0: "Ah9c", 1: "As9d"}, [Action.all_in()])
    assert view.tournament is not None and view.tournament.prizes == (390, 210)
    prizes = prize_call(view)
    assert prizes is not None
    assert prizes.lose >= 210.0  # losing (busting or not) heads-up is second place at worst
    assert prizes.icm_need == pytest.approx(prizes.chips_need, abs=1e-9)


def test_hard_weighs_a_deep_all_in_in_prizes_and_holds_back_when_it_costs() -> None:
    """Deep stacks: a bet of the whole stack with a thin edge in chips is given up when
    busting costs more prize equity than the pot earns; a strong edge is kept."""
    from holdem_tui.bots.explain import because
    from holdem_tui.bots.tournament_play import survive

    # four left of six (65/35), 100/200 blinds: the button (seat 0) has 30 big blinds
    view = decision([6000, 1000, 1000, 4000], {0: "Ks7d"}, [Action.fold()])
    legal = view.legal
    assert legal is not None and legal.can_raise
    thin = because(legal.all_in_action(), "ev_bet", equity=0.45, fold=0.3, ev=0.4)
    held = survive(view, thin)
    assert held.action.kind is ActionKind.FOLD
    assert held.reason is not None and held.reason.key == "icm_risk"
    strong = because(legal.all_in_action(), "ev_bet", equity=0.8, fold=0.3, ev=9.0)
    assert survive(view, strong) is strong
    small = because(Action.raise_to(500), "ev_bet", equity=0.45, fold=0.3, ev=0.4)
    assert survive(view, small) is small  # a raise that keeps most of the stack is not weighed


def test_deeper_than_the_chart_hard_plays_the_tight_game_not_the_cash_game() -> None:
    """Six players at 50 big blinds, a raise to three before me: the cash game three-bets
    king-eight light for chips; in a sit-and-go that costs places, so hard folds it as
    normal does (the old hard three-bet it)."""
    before = [Action.fold(), Action.raise_to(600)]
    seat = decision([10000] * 6, {}, before).me
    assert seat is not None
    view = decision([10000] * 6, {seat: "Kd8c"}, before)
    assert chart_spot(view) is None  # deeper than the chart
    hard, normal = HardBot(1).decide(view), NormalBot(1).decide(view)
    assert hard.action.kind is ActionKind.FOLD
    assert hard.action == normal.action
    assert hard.reason is not None and normal.reason is not None
    assert hard.reason.key == normal.reason.key
