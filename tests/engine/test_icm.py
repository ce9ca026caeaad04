"""ICM (Malmuth–Harville) against an independent count over every finishing order."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from holdem_tui.engine.icm import icm_values


def brute_force(stacks: list[int], prizes: list[int]) -> list[float]:
    """Every finishing order, its Malmuth–Harville chance multiplied out, prizes paid."""
    values = [0.0] * len(stacks)
    live = [i for i, s in enumerate(stacks) if s > 0]
    for order in itertools.permutations(live):
        chance = 1.0
        left = float(sum(stacks[i] for i in live))
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            if place < len(prizes):
                values[player] += chance * prizes[place]
    return values


@pytest.mark.parametrize("seed", range(40))
def test_icm_equals_the_sum_over_finishing_orders(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    stacks = [rng.choice([0, rng.randint(1, 50), rng.randint(1, 5000)]) for _ in range(n)]
    if sum(1 for s in stacks if s) < 1:
        stacks[0] = 10
    prizes = sorted((rng.randint(0, 1000) for _ in range(rng.randint(1, n))), reverse=True)
    got = icm_values(stacks, prizes)
    want = brute_force(stacks, prizes)
    assert got == pytest.approx(want, rel=1e-9, abs=1e-9)
    paid = sum(prizes[: sum(1 for s in stacks if s)])
    assert math.isclose(sum(got), paid, rel_tol=1e-9, abs_tol=1e-9)


def test_known_values_and_limits() -> None:
    # 50/30/20 of 100, stacks 5000/3000/2000: B is 2nd with .5 * 3/5 + .2 * 3/8 = .375
    assert icm_values([5000, 3000, 2000], [50, 30, 20]) == pytest.approx(
        [38.393, 32.75, 28.857], abs=1e-3
    )
    # winner takes all: prize equity is the chip share
    assert icm_values([1, 3], [100]) == pytest.approx([25.0, 75.0])
    # equal stacks share equally; a busted player wins nothing more
    assert icm_values([7, 7, 7, 0], [50, 30, 20, 10]) == pytest.approx([100 / 3] * 3 + [0.0])
    with pytest.raises(ValueError):
        icm_values([-1, 5], [10])
