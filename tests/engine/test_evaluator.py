"""The evaluator against exhaustive counts, pokerkit's ordering, and named showdown cases."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_tui.engine.cards import format_cards, parse_cards
from holdem_tui.engine.evaluator import (
    NUM_VALUES,
    Category,
    HandRank,
    best_five,
    category_of,
    evaluate,
    evaluate7_batch,
    evaluate_batch,
    hand_value,
)

KNOWN_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


def _all_five_card_hands() -> np.ndarray:
    """All C(52, 5) hands as rows."""
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


@pytest.mark.slow
def test_all_five_card_hands_give_known_category_counts() -> None:
    hands = _all_five_card_hands()
    assert len(hands) == 2_598_960
    values = evaluate_batch(hands)
    assert values.min() == 1 and values.max() == NUM_VALUES
    assert len(np.unique(values)) == 7_462
    categories = np.array([category_of(v) for v in range(1, NUM_VALUES + 1)])[values - 1]
    counts = np.bincount(categories, minlength=9)
    assert {Category(i): int(n) for i, n in enumerate(counts)} == KNOWN_COUNTS


def _random_hands(rng: random.Random, count: int, size: int) -> list[tuple[int, ...]]:
    return [tuple(rng.sample(range(52), size)) for _ in range(count)]


@pytest.mark.slow
def test_seven_card_order_matches_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(20240601)
    hands = _random_hands(rng, 20_001, 7)
    ours = evaluate7_batch(np.array(hands, dtype=np.uint8)).astype(np.int64)
    ints = ours.tolist()
    theirs = [pokerkit.StandardHighHand.from_game(format_cards(h)) for h in hands]
    # 20,000 random pairs (consecutive hands are independent draws) compared directly.
    for i in range(len(hands) - 1):
        a, b = theirs[i], theirs[i + 1]
        expected = (a > b) - (a < b)
        got = (ints[i] > ints[i + 1]) - (ints[i] < ints[i + 1])
        assert got == expected, (format_cards(hands[i]), format_cards(hands[i + 1]))
    # And the whole sample as one total order: pokerkit's entry index must map
    # monotonically onto our values, which checks all 200 million pairs at once.
    index = np.array([h.entry.index for h in theirs], dtype=np.int64)
    order = np.lexsort((ours, index))
    assert np.all(np.diff(ours[order]) >= 0)
    same_theirs = np.diff(index[order]) == 0
    assert np.array_equal(same_theirs, np.diff(ours[order]) == 0)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_scalar_and_detail_agree(size: int) -> None:
    rng = random.Random(size)
    hands = _random_hands(rng, 3_000, size)
    batch = evaluate_batch(np.array(hands, dtype=np.int64))
    for hand, value in zip(hands, batch, strict=True):
        rank = evaluate(hand)
        assert hand_value(hand) == value == rank.value
        assert rank.category == category_of(rank.value)
        assert len(rank.cards) == 5 and set(rank.cards) <= set(hand)
        assert hand_value(rank.cards) == rank.value


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_best_five_is_the_best_subset(cards: list[int]) -> None:
    best = max(hand_value(five) for five in itertools.combinations(cards, 5))
    assert hand_value(cards) == best
    assert hand_value(best_five(cards)) == best


def test_flush_rows_in_a_batch_with_many_flushes() -> None:
    hands = [parse_cards(h) for h in ("AhKh9h5h2h3c4d", "2s3s4s5s6sAsKs", "AcKdQhJs9c8c2c")]
    assert list(evaluate7_batch(np.array(hands))) == [hand_value(h) for h in hands]


def _name(text: str) -> tuple[str, tuple[int, ...], str]:
    rank = evaluate(parse_cards(text))
    return rank.name_key, rank.name_ranks, format_cards(rank.cards)


def test_wheel_is_the_lowest_straight() -> None:
    assert _name("Ac2d3h4s5c9dKh") == ("straight", (3,), "5c4s3h2dAc")
    wheel = hand_value(parse_cards("Ac2d3h4s5c"))
    six_high = hand_value(parse_cards("2d3h4s5c6c"))
    trips = hand_value(parse_cards("AcAdAh4s5c"))
    assert trips < wheel < six_high
    assert category_of(wheel) is Category.STRAIGHT


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    assert _name("Ah2h3h4h5hKhQs") == ("straight_flush", (3,), "5h4h3h2hAh")
    steel = hand_value(parse_cards("Ah2h3h4h5h"))
    assert hand_value(parse_cards("AsAdAhAcKs")) < steel < hand_value(parse_cards("2h3h4h5h6h"))


def test_broadway_and_royal() -> None:
    assert _name("AsKdQhJcTs3c2d") == ("straight", (12,), "AsKdQhJcTs")
    royal = evaluate(parse_cards("AsKsQsJsTs9s8s"))
    assert (royal.name_key, royal.name_ranks, royal.value) == ("royal_flush", (), NUM_VALUES)
    assert royal.category is Category.STRAIGHT_FLUSH
    assert _name("KsQsJsTs9s") == ("straight_flush", (11,), "KsQsJsTs9s")


def test_counterfeited_two_pair_plays_the_board() -> None:
    # Hero's fives are counterfeited: the board's two higher pairs and the ace kicker play.
    hero = parse_cards("5c5d")
    villain = parse_cards("2c7s")
    board = parse_cards("KsKdQhQcAs")
    a, b = evaluate(hero + board), evaluate(villain + board)
    assert a.value == b.value
    assert a.name_key == "two_pair" and a.name_ranks == (11, 10)
    assert format_cards(a.cards) == "KsKdQhQcAs"


def test_three_pairs_use_the_best_two_and_best_kicker() -> None:
    assert _name("AhAd3c3s7h7d8c") == ("two_pair", (12, 5), "AhAd7h7d8c")
    # The third pair's rank can be the kicker.
    assert _name("AhAd3c3s7h7d2c") == ("two_pair", (12, 5), "AhAd7h7d3s")


def test_suits_never_break_ties() -> None:
    a = parse_cards("AhKhQd9s7c")
    b = parse_cards("AsKsQc9d7h")
    assert hand_value(a) == hand_value(b)


def test_name_ranks_per_category() -> None:
    cases = {
        "KhKdKs5c5d": ("full_house", (11, 3)),
        "9h9d9s9c2d": ("four_of_a_kind", (7,)),
        "9h9d9s3c2d": ("three_of_a_kind", (7,)),
        "9h9dQs3c2d": ("pair", (7,)),
        "Ah9hQh3h2h": ("flush", (12,)),
        "Ah9dQh3h2h": ("high_card", (12,)),
    }
    for text, expected in cases.items():
        assert _name(text)[:2] == expected


def test_hand_rank_compares_by_value() -> None:
    low = evaluate(parse_cards("2c3d4h5s7c"))
    high = evaluate(parse_cards("AcAd4h5s7c"))
    assert isinstance(low, HandRank)
    assert low < high and high >= low and max(low, high) is high


@pytest.mark.parametrize(
    "bad",
    [
        [],
        [0, 1, 2, 3],
        [0, 1, 2, 3, 4, 5, 6, 7],
        [0, 1, 2, 3, 52],
        [0, 1, 2, 3, 3],
        [-1, 1, 2, 3, 4],
        ["As", 1, 2, 3, 4],
    ],
)
def test_bad_input_raises_value_error(bad: list[object]) -> None:
    with pytest.raises(ValueError):
        hand_value(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        evaluate(bad)  # type: ignore[arg-type]


def test_bad_batch_input_raises_value_error() -> None:
    with pytest.raises(ValueError):
        evaluate_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError):
        evaluate7_batch(np.zeros((3, 6), dtype=np.uint8) + np.arange(6))
    with pytest.raises(ValueError):
        evaluate_batch(np.array([[0, 1, 2, 3, 60]]))
    with pytest.raises(ValueError):
        evaluate_batch(np.array([[0, 1, 2, 3, 3]]))
    with pytest.raises(ValueError):
        evaluate_batch(np.array([[0.0, 1, 2, 3, 4]]))
    with pytest.raises(ValueError):
        category_of(0)
