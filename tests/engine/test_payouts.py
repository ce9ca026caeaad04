"""Prize pools: every split adds up to the pool, for every field size; payout rules checked."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem_tui.engine.payouts import (
    DEFAULT_PAYOUTS,
    PayoutRule,
    Payouts,
    payouts_from_data,
)


@pytest.mark.parametrize("players", range(2, 10))
def test_default_payouts_sum_to_the_pool_for_every_player_count(players: int) -> None:
    prizes = DEFAULT_PAYOUTS.prizes(players)
    assert sum(prizes) == 100 * players
    assert list(prizes) == sorted(prizes, reverse=True)
    assert len(prizes) == (1 if players <= 3 else 2 if players <= 6 else 3)


def test_default_splits_are_the_usual_ones() -> None:
    assert DEFAULT_PAYOUTS.prizes(3) == (300,)
    assert DEFAULT_PAYOUTS.prizes(6) == (390, 210)
    assert DEFAULT_PAYOUTS.prizes(9) == (450, 270, 180)
    assert DEFAULT_PAYOUTS.prizes(7) == (350, 210, 140)


@given(
    buy_in=st.integers(1, 10**6),
    splits=st.lists(st.integers(1, 60), min_size=1, max_size=4),
    players=st.integers(2, 9),
)
def test_any_split_sums_to_the_pool_to_the_unit(
    buy_in: int, splits: list[int], players: int
) -> None:
    splits = sorted(splits, reverse=True)
    percents = [*splits[:-1], 0]
    percents[-1] = 100 - sum(percents[:-1])
    if percents[-1] < 1 or percents[-1] > min(percents):
        percents = [100]
    payouts = Payouts((PayoutRule(9, tuple(percents)),), buy_in)
    prizes = payouts.prizes(players)
    assert sum(prizes) == buy_in * players
    assert all(p >= 0 for p in prizes)


def test_payouts_read_from_data_and_written_back() -> None:
    data = {
        "buy_in": 10,
        "payouts": [{"up_to": 4, "percent": [100]}, {"up_to": 9, "percent": [70, 30]}],
    }
    payouts = payouts_from_data(data)
    assert payouts.prizes(4) == (40,)
    assert payouts.prizes(5) == (35, 15)
    assert payouts_from_data(payouts.to_data()) == payouts
    assert payouts_from_data({}) == DEFAULT_PAYOUTS


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"buy_in": 0}, "buy_in: 0 is outside 1..1000000000"),
        ({"buy_in": 1.5}, "buy_in: expected a whole number"),
        ({"payouts": "65/35"}, "payouts: expected a list"),
        ({"payouts": [{"up_to": 9, "percent": [60, 30]}]}, "add up to 90, not 100"),
        ({"payouts": [{"up_to": 9, "percent": [30, 70]}]}, "cannot pay more"),
        ({"payouts": [{"up_to": 6, "percent": [100]}]}, "must cover up to 9 players"),
        ({"payouts": [{"up_to": 2, "percent": [50, 30, 20]}]}, "more paid places than players"),
        (
            {"payouts": [{"up_to": 6, "percent": [100]}, {"up_to": 5, "percent": [100]}]},
            "up_to must grow",
        ),
        ({"payouts": [{"up_to": 9, "percent": [100], "x\x1b[2J": 1}]}, "is not a payout setting"),
        ({"payouts": [{"up_to": 10**30, "percent": [100]}]}, "a huge number"),
    ],
)
def test_bad_payouts_get_one_clear_line(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        payouts_from_data(data)
    text = str(caught.value)
    assert message in text
    assert "\n" not in text and "\x1b" not in text
