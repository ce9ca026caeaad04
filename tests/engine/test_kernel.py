"""The compiled kernel (the ``fast`` extra) gives the numpy path's results, bit for bit.

Both paths run in one process (:func:`holdem_tui.engine.kernel.disabled` switches to numpy)
on the same inputs: random hands of every size, flush-heavy hands, and Monte Carlo spots
with random and ranged opponents on every street. Skipped where numba is not installed;
the test extra installs it, so CI runs them.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdem_tui.engine import kernel
from holdem_tui.engine.equity import EquityResult, equity
from holdem_tui.engine.evaluator import evaluate_batch
from holdem_tui.engine.ranges import Range

pytest.importorskip("numba")


def _hands(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    """Random distinct cards per row, and a quarter of the rows mostly of one suit."""
    hands = np.argsort(rng.random((count, 52)), axis=1)[:, :size]
    suited = rng.random(count) < 0.25
    ranks = np.argsort(rng.random((count, 13)), axis=1)[:, :size]
    hands[suited] = (4 * ranks + rng.integers(0, 4, (count, 1)))[suited]
    return hands.astype(np.uint8)


def _both(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    assert kernel.active()
    fast = evaluate_batch(cards)
    with kernel.disabled():
        assert not kernel.active()
        slow = evaluate_batch(cards)
    return fast, slow


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_kernel_values_every_hand_as_numpy_does(size: int) -> None:
    fast, slow = _both(_hands(np.random.default_rng(size), 100_000, size))
    assert fast.dtype == slow.dtype and np.array_equal(fast, slow)


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_kernel_agrees_on_a_million_random_hands(size: int) -> None:
    fast, slow = _both(_hands(np.random.default_rng(100 + size), 1_000_000, size))
    assert np.array_equal(fast, slow)


def _spot(rng: random.Random) -> tuple[list[int], list[Range | None], list[int], int]:
    cards = rng.sample(range(52), 7)
    hero, board = cards[:2], cards[2 : 2 + rng.choice([0, 3, 4, 5])]
    opponents: list[Range | None] = []
    for _ in range(rng.randint(1, 5)):
        kind = rng.random()
        if kind < 0.4:
            opponents.append(None)
        elif kind < 0.8:
            opponents.append(Range.top(rng.uniform(5, 60)))
        else:
            opponents.append(Range.parse("AA,KK,QQ,JJ,AKs,AQs,KQs,T9s:0.5"))
    return hero, opponents, board, rng.randrange(2**32)


def test_the_kernels_monte_carlo_is_the_numpy_one() -> None:
    rng = random.Random(30)
    for _ in range(40):
        hero, opponents, board, seed = _spot(rng)
        try:
            with kernel.disabled():
                slow = equity(hero, opponents, board, sims=3_000, seed=seed, exact=False)
        except ValueError:  # ranges that cannot fit together with these cards
            continue
        fast: EquityResult = equity(hero, opponents, board, sims=3_000, seed=seed, exact=False)
        assert fast == slow


def test_the_kernels_exact_enumeration_is_the_numpy_one() -> None:
    rng = random.Random(31)
    checked = 0
    for _ in range(120):
        hero, opponents, board, _seed = _spot(rng)
        if len(board) < 3:
            board = [c for c in rng.sample(range(52), 9) if c not in hero][:4]
        try:
            with kernel.disabled():
                slow = equity(hero, opponents[:2], board, sims=1, exact=None)
        except ValueError:
            continue
        if not slow.exact:
            continue
        assert equity(hero, opponents[:2], board, sims=1, exact=None) == slow
        checked += 1
    assert checked >= 20
