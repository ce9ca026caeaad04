"""The evaluator's shipped tables, its numpy-free single-hand path and its trusted path.

The tables ship precomputed so that no start of the game builds them; these tests rebuild
them from first principles and compare, and check that one hand is valued without numpy.
"""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from holdem_tui.engine import evaluator
from holdem_tui.engine.evaluator import (
    NUM_VALUES,
    Category,
    build_classes,
    category_floor,
    category_of,
    evaluate_batch,
    hand_value,
    hand_value_trusted,
)
from holdem_tui.engine.hand_value_data import DATA
from holdem_tui.engine.hand_value_tables import HASH_SHIFT, build_tables, decode, encode


@pytest.mark.slow  # the perfect hash takes seconds to place
def test_the_shipped_tables_are_exactly_what_the_builder_makes() -> None:
    built = build_tables()
    assert encode(built) == DATA
    shipped = decode(DATA)
    assert np.array_equal(shipped.flush, built.flush)
    for n in (5, 6, 7):
        assert np.array_equal(shipped.sums[n], built.sums[n])
        assert np.array_equal(shipped.values[n], built.values[n])


def test_the_shipped_perfect_hash_finds_every_seven_card_sum() -> None:
    shipped = decode(DATA)
    sums, values = shipped.sums[7], shipped.values[7]
    rows = shipped.hash_rows[sums >> HASH_SHIFT].astype(np.int64)
    slots = sums + rows
    assert len(np.unique(slots)) == len(sums)  # no two sums share a slot
    assert np.array_equal(shipped.hash_values[slots], values)
    tables = evaluator.numpy_tables()
    assert np.array_equal(tables.hash_values, shipped.hash_values)
    assert np.array_equal(tables.hash_rows, shipped.hash_rows)
    assert HASH_SHIFT == evaluator._HASH_SHIFT


def test_category_floors_and_categories_follow_the_classes() -> None:
    classes = build_classes()
    assert len(classes) == NUM_VALUES
    for category in Category:
        values = [v for v, c in enumerate(classes, start=1) if c[0] is category]
        assert category_floor(category) == min(values)
        assert category_of(min(values)) is category and category_of(max(values)) is category


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_trusted_path_agrees_with_the_checked_one_and_the_batch(size: int) -> None:
    rng = random.Random(size)
    hands = [rng.sample(range(52), size) for _ in range(20_000)]
    hands += [[4 * r + 1 for r in rng.sample(range(13), size)] for _ in range(2_000)]  # flushes
    batch = evaluate_batch(np.array(hands))
    for hand, value in zip(hands, batch.tolist(), strict=True):
        assert hand_value_trusted(hand) == hand_value(hand) == value
        assert hand_value_trusted(tuple(np.array(hand))) == value  # numpy integers too


@pytest.mark.parametrize(
    "bad",
    [[0, 1, 2, 3, 4, 4, 5], [0, 1, 2, 3, 4, 5, 52], [0, 1, 2, 3, -4], [0, 1, 2, 3, 4, 5, None]],
)
def test_the_checked_path_refuses_what_the_trusted_one_would_take(bad: list[object]) -> None:
    with pytest.raises(ValueError):
        hand_value(bad)  # type: ignore[arg-type]


def test_numpy_callers_get_read_only_tables() -> None:
    tables = evaluator.numpy_tables()
    assert np.array_equal(evaluator.CARD_KEYS, tables.card_keys)
    with pytest.raises(ValueError):
        tables.hash_values[0] = 1
    with pytest.raises(AttributeError):
        _ = evaluator.NO_SUCH_TABLE


def test_one_hand_is_valued_without_numpy_or_building_a_table() -> None:
    code = (
        "import sys\n"
        "from holdem_tui.engine.hand import Hand\n"
        "from holdem_tui.engine.evaluator import hand_value, evaluate\n"
        "assert 'holdem_tui.engine.hand_value_data' not in sys.modules\n"
        "assert hand_value([48, 49, 50, 51, 44, 0, 1]) == 7452\n"  # four aces, king kicker
        "assert evaluate([48, 44, 40, 36, 32]).name_key == 'royal_flush'\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
        "assert 'holdem_tui.engine.hand_value_tables' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
