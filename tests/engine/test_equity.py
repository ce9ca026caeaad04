"""Equity against pokerkit, against brute force, for reproducibility; and range parsing."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import numpy as np
import pytest

from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.equity import EquityResult, equity
from holdem_tui.engine.evaluator import hand_value
from holdem_tui.engine.ranges import PREFLOP_ORDER, Range, hand_class


def _pokerkit_equity(holes: list[str | None], board: str, samples: int, seed: int) -> float:
    """Hero's (first player's) equity by pokerkit; ``None`` is a random hand."""
    pk = pytest.importorskip("pokerkit")
    random.seed(seed)  # pokerkit samples with the random module
    ranges = [pk.parse_range(h) if h else [[]] for h in holes]
    result = pk.calculate_equities(
        ranges,
        pk.Card.parse(board),
        2,
        5,
        pk.Deck.STANDARD,
        (pk.StandardHighHand,),
        sample_count=samples,
    )
    return float(result[0])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hero", "opponents", "board"),
    [
        ("AsKd", [None], ""),
        ("QhQd", [None, None], "9s8s2c"),
        ("AhKh", ["QQ,JJ"], ""),
        ("7c7d", [None, None, None], "Kc8h2d"),
    ],
)
def test_matches_pokerkit_within_standard_error(
    hero: str, opponents: list[str | None], board: str
) -> None:
    samples = 2_000
    theirs = _pokerkit_equity([hero, *opponents], board, samples, seed=7)
    ranges = [Range.parse(o) if o else None for o in opponents]
    ours = equity(parse_cards(hero), ranges, parse_cards(board), sims=200_000, seed=7)
    # pokerkit's own sampling error dominates; a share is in [0, 1] so its sd is <= 0.5.
    their_se = 0.5 / math.sqrt(samples)
    assert abs(ours.equity - theirs) <= 4 * math.hypot(ours.std_error, their_se)


def _brute_force(hero: Sequence[int], board: Sequence[int], dead: Sequence[int] = ()) -> float:
    """Heads-up equity by looping over every opponent hand and every board completion."""
    known = set(hero) | set(board) | set(dead)
    deck = [c for c in range(52) if c not in known]
    total = count = 0.0
    for opp in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in opp]
        for run in itertools.combinations(rest, 5 - len(board)):
            full = [*board, *run]
            a, b = hand_value([*hero, *full]), hand_value([*opp, *full])
            total += 1.0 if a > b else 0.5 if a == b else 0.0
            count += 1
    return total / count


def test_exact_river_matches_brute_force() -> None:
    hero, board = parse_cards("9h8h"), parse_cards("7h6c2hKsQd")
    result = equity(hero, 1, board)
    assert result.exact and result.std_error == 0.0 and result.sims == 990
    assert result.equity == pytest.approx(_brute_force(list(hero), list(board)), abs=1e-12)


@pytest.mark.slow
def test_exact_turn_heads_up_matches_brute_force() -> None:
    hero, board, dead = parse_cards("AcJd"), parse_cards("JcTc4d5h"), parse_cards("2s")
    result = equity(hero, 1, board, dead)
    assert result.exact
    assert result.equity == pytest.approx(_brute_force(list(hero), list(board), list(dead)))


def test_monte_carlo_agrees_with_exact_enumeration() -> None:
    hero, board = parse_cards("KdQd"), parse_cards("Jd9c2d3s")
    exact = equity(hero, 1, board)
    sampled = equity(hero, 1, board, sims=100_000, seed=3, exact=False)
    assert exact.exact and not sampled.exact
    assert abs(exact.equity - sampled.equity) <= 4 * sampled.std_error
    assert abs(exact.win - sampled.win) < 0.01 and abs(exact.tie - sampled.tie) < 0.01


def test_ranged_monte_carlo_agrees_with_exact_enumeration() -> None:
    hero, board = parse_cards("AsQs"), parse_cards("Qh9s4c2s")
    villain = Range.parse("KK,99:0.5,AK,JTs:2")
    exact = equity(hero, [villain], board)
    sampled = equity(hero, [villain], board, sims=100_000, seed=5, exact=False)
    assert exact.exact
    assert abs(exact.equity - sampled.equity) <= 4 * sampled.std_error


def test_split_pots_count_fractionally() -> None:
    royal_board = parse_cards("AsKsQsJsTs")
    result = equity(parse_cards("2c3d"), 3, royal_board, sims=5_000, seed=1)
    assert not result.exact
    assert result.win == 0.0 and result.tie == 1.0
    assert result.equity == pytest.approx(0.25) and result.std_error == pytest.approx(0.0)


def test_same_seed_same_result_and_seeds_differ() -> None:
    hero = parse_cards("AsKd")
    ranges = [Range.top(15), None, None]
    a = equity(hero, ranges, sims=20_000, seed=42)
    b = equity(hero, ranges, sims=20_000, seed=42)
    c = equity(hero, ranges, sims=20_000, seed=43)
    assert a == b
    assert a != c
    assert isinstance(a, EquityResult) and a.sims == 20_000


def test_nine_handed_is_sane() -> None:
    result = equity(parse_cards("AsKd"), 8, sims=50_000, seed=9)
    assert 0.17 < result.equity < 0.22  # AKo 9-handed is about 19%
    assert 0.0 < result.std_error < 0.003


def test_dead_cards_matter() -> None:
    hero, board = parse_cards("AhKh"), parse_cards("Qh7h2c3d")
    live = equity(hero, 1, board)
    dead = equity(hero, 1, board, parse_cards("2h3h4h5h6h8h9h"))  # every other heart is gone
    assert dead.equity < live.equity


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hero": [0], "opponents": 1}, "2 hole cards"),
        ({"hero": [0, 0], "opponents": 1}, "overlap"),
        ({"hero": [0, 1], "opponents": 0}, "1 to 8"),
        ({"hero": [0, 1], "opponents": 9}, "1 to 8"),
        ({"hero": [0, 1], "opponents": 1, "board": [2, 3]}, "board"),
        ({"hero": [0, 1], "opponents": 1, "board": [1, 2, 3]}, "overlap"),
        ({"hero": [0, 52], "opponents": 1}, "card code"),
        ({"hero": [0, 1], "opponents": [Range.parse("AsKs")], "dead": [51]}, "no combo"),
        ({"hero": [0, 1], "opponents": 1, "sims": 0}, "sims"),
    ],
)
def test_bad_input_raises_value_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(**kwargs)  # type: ignore[arg-type]


def test_incompatible_ranges_raise() -> None:
    aces = Range.parse("AA")
    with pytest.raises(ValueError, match="ranges"):
        equity(parse_cards("KsKd"), [aces, aces, aces], sims=100, seed=0)


# ---------------------------------------------------------------- ranges


def test_range_parsing() -> None:
    assert len(Range.parse("AA")) == 6
    assert len(Range.parse("AKs")) == 4 and len(Range.parse("AKo")) == 12
    assert len(Range.parse("AK")) == 16
    assert set(Range.parse("TT+").classes()) == {"TT", "JJ", "QQ", "KK", "AA"}
    assert set(Range.parse("K9s+").classes()) == {"K9s", "KTs", "KJs", "KQs"}
    assert set(Range.parse("T9s+").classes()) == {"T9s"}
    assert set(Range.parse("22-44").classes()) == {"22", "33", "44"}
    assert set(Range.parse("A2s-A4s").classes()) == {"A2s", "A3s", "A4s"}
    r = Range.parse("AA,KK,AKs,T9s+,AsKd:0.5")
    assert len(r) == 6 + 6 + 4 + 4 + 1
    assert r.classes()["AKo"] == 0.5


@pytest.mark.parametrize("bad", ["", "AX", "AAs", "AK+s", "22-A5s", "AA:x", "AsAs", "AKs:-1"])
def test_bad_ranges_raise(bad: str) -> None:
    with pytest.raises(ValueError):
        Range.parse(bad)


def test_top_percent_ranges() -> None:
    assert len(PREFLOP_ORDER) == len(set(PREFLOP_ORDER)) == 169
    assert PREFLOP_ORDER[0] == "AA" and PREFLOP_ORDER[-1] == "32o"
    assert set(Range.top(100 * 6 / 1326).classes()) == {"AA"}
    for pct in (1, 5, 12.5, 50, 100):
        r = Range.top(pct)
        assert r.weights.sum() == pytest.approx(1326 * pct / 100)
    assert len(Range.random()) == 1326


def test_range_helpers() -> None:
    r = Range.parse("AA,KK")
    assert len(r.without(parse_cards("As"))) == 3 + 6
    narrowed = r.reweighted(np.where(r.combos[:, 0] >> 2 == 12, 0.0, 1.0))
    assert set(narrowed.classes()) == {"KK"}
    assert hand_class(*parse_cards("Ts9s")) == "T9s" and hand_class(*parse_cards("9dTs")) == "T9o"


def test_random_opponents_equal_uniform_ranges_nine_handed() -> None:
    """The range path (sampling + swapping cards out of each deck) agrees with plain dealing."""
    hero, board = parse_cards("AsKd"), parse_cards("Qs7s2d")
    plain = equity(hero, 8, board, sims=100_000, seed=1)
    uniform = Range.random()
    mixed = equity(hero, [uniform, None] * 4, board, sims=100_000, seed=2)
    assert abs(plain.equity - mixed.equity) <= 4 * math.hypot(plain.std_error, mixed.std_error)


def test_the_monte_carlos_deal_stream_is_splitmix64() -> None:
    """The deal's numbers are SplitMix64's, position by position (the published outputs for
    seed 0), each simulation taking its own run of words; the kernel makes the same words."""
    from holdem_tui.engine.equity import deal_words

    first = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
    words = deal_words(np.uint64(0), 0, 2, 2)  # two simulations of two words
    assert words.dtype == np.uint64 and words.shape == (2, 2)
    assert [int(w) for w in words.T.reshape(-1)] == first
    later = deal_words(np.uint64(0), 1, 1, 2)  # the second simulation alone: its own words
    assert [int(w) for w in later[:, 0]] == first[2:]


def test_the_seeded_monte_carlo_is_pinned() -> None:
    """One seed, one estimate, on every machine: the deal stream and the exact counts behind
    the result (a change here changes every bot's play: the decision trace's digest)."""
    result = equity(parse_cards("AsKd"), 2, parse_cards("Qh7c2d"), sims=20_000, seed=30)
    assert (result.win, result.tie) == (0.34575, 0.0113)
    assert result.equity == pytest.approx(0.3513833333333333, abs=1e-15)
