"""The push-or-fold chart: exact equities, and a chart no best response beats by 0.02 bb."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from holdem_tui.bots import preflop_equity as pe
from holdem_tui.bots.pushfold import Spot, call_chances, chart, jam_chances, range_share
from holdem_tui.bots.pushfold_solver import (
    ANTES,
    PLAYERS,
    STACKS,
    JamGame,
    Matchups,
    exploitability,
    solve,
)
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.equity import equity
from holdem_tui.engine.evaluator import evaluate7_batch
from holdem_tui.engine.ranges import Range

#: what a best response may win against the chart, in big blinds per hand (issue 28)
LIMIT = 0.02


def index(name: str) -> int:
    return next(i for i in range(pe.CLASSES) if pe.class_name(i) == name)


@pytest.fixture(scope="module")
def cards() -> Matchups:
    return Matchups(pe.equities(), pe.pair_weights())


def test_the_equity_table_is_whole_and_known_matchups_are_right() -> None:
    table = pe.equities()
    assert table.shape == (169, 169)
    assert np.abs(table + table.T - 1.0).max() < 1e-12  # ties count half for both
    # textbook all-in equities, class against class
    assert table[index("AA"), index("KK")] == pytest.approx(0.8195, abs=5e-4)
    assert table[index("AKs"), index("QQ")] == pytest.approx(0.4605, abs=5e-4)
    assert table[index("AKo"), index("22")] == pytest.approx(0.4735, abs=5e-4)
    weights = pe.pair_weights()
    assert weights.sum() == 1326 * 1225
    against_any = (weights * table).sum(axis=1) / weights.sum(axis=1)
    assert against_any[index("AA")] == pytest.approx(0.8520, abs=5e-4)
    assert against_any[index("32o")] == pytest.approx(0.3230, abs=5e-4)


@pytest.mark.parametrize("seed", range(3))
def test_the_equities_agree_with_the_engines_own_equity(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for a, b in rng.integers(0, 169, size=(2, 2)):
        hero = Range.parse(pe.class_name(int(a)))
        combo = tuple(int(c) for c in hero.combos[rng.integers(len(hero))])
        villain = Range.parse(pe.class_name(int(b))).without(combo)
        if len(villain) == 0:
            continue
        got = equity(combo, [villain], sims=40_000, seed=seed).equity
        # one combo of the class against the class: within sampling error of the class's
        # value, plus what suits can change (a flush or a blocker), a few points at most
        assert got == pytest.approx(pe.equities()[a, b], abs=0.06)


def test_the_board_by_board_counting_equals_every_pair_compared() -> None:
    boards = np.array([parse_cards("AsKd7c7h2s"), parse_cards("9h8h7h6h2c")], dtype=np.int64)
    weights = np.array([3, 1])
    got = pe.class_scores(boards, weights)
    want = np.zeros((169, 169))
    for board, weight in zip(boards, weights, strict=True):
        live = np.array(
            [i for i, (x, y) in enumerate(pe.HANDS) if x not in board and y not in board]
        )
        hands = pe.HANDS[live]
        values = evaluate7_batch(
            np.concatenate([hands, np.broadcast_to(board, (len(live), 5))], axis=1)
        ).astype(int)
        meet = ~((hands[:, None, :, None] == hands[None, :, None, :]).any(axis=(2, 3)))
        score = 2 * (values[:, None] > values[None, :]) + (values[:, None] == values[None, :])
        onehot = np.eye(169)[pe.HAND_CLASS[live]]
        want += weight * onehot.T @ (score * meet) @ onehot
    assert np.array_equal(got, want)


@pytest.mark.slow
def test_one_matchup_equals_a_brute_force_over_every_board() -> None:
    """AKs against 72s: every combo pair, every one of the 1,712,304 boards each."""
    ak, seven_two = index("AKs"), index("72s")
    wins = ties = total = 0
    for h1, h2 in itertools.product(
        np.flatnonzero(np.equal(pe.HAND_CLASS, ak)),
        np.flatnonzero(np.equal(pe.HAND_CLASS, seven_two)),
    ):
        c1, c2 = pe.HANDS[h1], pe.HANDS[h2]
        rest = [c for c in range(52) if c not in (*c1, *c2)]
        boards = np.array(list(itertools.combinations(rest, 5)), dtype=np.int64)
        v1 = evaluate7_batch(np.concatenate([np.broadcast_to(c1, (len(boards), 2)), boards], 1))
        v2 = evaluate7_batch(np.concatenate([np.broadcast_to(c2, (len(boards), 2)), boards], 1))
        wins += int((v1 > v2).sum())
        ties += int((v1 == v2).sum())
        total += len(boards)
    assert pe.equities()[ak, seven_two] == pytest.approx((wins + ties / 2) / total, abs=1e-12)


def test_heads_up_exploitability_is_under_the_limit_at_every_stack(cards: Matchups) -> None:
    """What a best response wins against the shipped chart, seats alternating; the figure
    per stack is printed by ``python scripts/pushfold_data.py``."""
    grid = chart()
    for s, stack in enumerate(STACKS):
        for a, ante in enumerate(ANTES):
            game = JamGame(2, float(stack), ante)
            gains = exploitability(game, cards, grid.strategy(0, s, a))
            assert max(gains) < LIMIT, (stack, ante, gains)
            assert np.mean(gains) < 0.001  # the shipped figure: far below the limit
            assert gains == pytest.approx(list(grid.gain[0, s, a, :2]), abs=1e-9)


def test_every_multiway_chart_leaves_each_position_little_to_gain(cards: Matchups) -> None:
    grid = chart()
    worst = 0.0
    for p, players in enumerate(PLAYERS):
        for s, stack in enumerate(STACKS[::4]):
            for a, ante in enumerate(ANTES):
                game = JamGame(players, float(stack), ante)
                gains = exploitability(game, cards, grid.strategy(p, s * 4, a))
                worst = max(worst, *gains)
    assert worst < 0.002


def test_the_shipped_chart_is_what_the_solver_finds(cards: Matchups) -> None:
    game = JamGame(2, 10.0)
    solved, _ = solve(game, cards)
    grid = chart()
    s = STACKS.index(10)
    assert np.abs(np.rint(solved.jam[0] * 255) - grid.jam[0, s, 0, 0]).max() <= 1
    assert np.abs(np.rint(solved.call[0] * 255) - grid.call[0, s, 0, 0]).max() <= 1


def test_the_chart_says_what_players_know() -> None:
    ten = Spot(2, 10)
    assert range_share(jam_chances(ten, 0)) == pytest.approx(0.58, abs=0.01)
    assert range_share(call_chances(ten, 0, 1)) == pytest.approx(0.37, abs=0.01)
    for stack in STACKS:
        spot = Spot(6, stack)
        assert jam_chances(spot, 0)[index("AA")] == 1.0
        # later positions jam wider; the small blind widest
        shares = [range_share(jam_chances(spot, i)) for i in range(5)]
        assert shares == sorted(shares)
    assert jam_chances(Spot(2, 20), 0)[index("72o")] == 0.0
    assert jam_chances(Spot(2, 1), 0)[index("72o")] == 1.0
    # the grid's nearest point: 7.4 bb is 7, a tiny stack is 1, an ante of 0.1 is 0.125
    assert Spot(4, 7.4, 0.1).indices() == (2, 6, 1)
    assert Spot(12, 0.2, 3.0).indices() == (7, 0, 2)
