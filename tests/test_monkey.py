"""The monkey in the default suite (short) and under ``slow`` (thousands of keys).

See :mod:`monkey`. Each run is seeded, so a failure names the seed that reproduces it.
"""

from __future__ import annotations

import os

import pytest
from monkey import play_monkey

KINDS = [("holdem", False), ("holdem", True), ("draw", False), ("draw", True)]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hot_seat"), KINDS)
async def test_monkey_short(game: str, hot_seat: bool) -> None:
    report = await play_monkey(seed=12, steps=70, game=game, hot_seat=hot_seat)
    assert report.findings == []
    assert report.keys > 40


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hot_seat"), KINDS)
@pytest.mark.parametrize("seed", [1, 2])
async def test_monkey_long(
    game: str, hot_seat: bool, seed: int, request: pytest.FixtureRequest
) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("thousands of keys: run with -m slow")
    steps = int(os.environ.get("HOLDEM_MONKEY_STEPS", "1500"))
    report = await play_monkey(seed=seed, steps=steps, game=game, hot_seat=hot_seat)
    print(
        f"monkey {game} hot_seat={hot_seat} seed={seed}: {report.keys} keys, "
        f"{report.resizes} resizes, {report.clock_turns} clock turns, {report.apps} apps, "
        f"{report.sessions} sessions, {report.hands} hands, screens {dict(report.screens)}, "
        f"{len(report.pairs)} screen×key pairs"
    )
    assert report.findings == []
