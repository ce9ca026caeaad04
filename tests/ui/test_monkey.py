"""The monkey in the default suite (short) and under ``slow`` (thousands of keys).

See :mod:`monkey`. Each run is seeded, so a failure names the seed that reproduces it.
"""

from __future__ import annotations

import os

import pytest

from tests.support.monkey import EDITOR_KEYS, play_monkey

KINDS = [("holdem", False), ("holdem", True), ("draw", False), ("draw", True)]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hot_seat"), KINDS)
async def test_monkey_short(game: str, hot_seat: bool) -> None:
    report = await play_monkey(seed=12, steps=70, game=game, hot_seat=hot_seat)
    assert report.findings == []
    assert report.keys > 40


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hot_seat"), KINDS)
async def test_monkey_plays_tournaments(game: str, hot_seat: bool) -> None:
    """Sit-and-gos: busting without rebuy, places, watching to the end, the end screen."""
    report = await play_monkey(seed=5, steps=120, game=game, hot_seat=hot_seat, tournament=True)
    assert report.findings == []
    assert report.keys > 60


@pytest.mark.slow
async def test_monkey_types_in_the_raise_editor() -> None:
    """The editor is docked into the table, not a screen with bindings: the monkey presses
    its keys whenever it is open (seed 10 opens it early and often)."""
    report = await play_monkey(seed=10, steps=70, game="holdem", hot_seat=False)
    assert report.findings == []
    typed = {key for screen, key in report.pairs if screen == "RaiseEditor"}
    assert report.screens["RaiseEditor"] >= 20 and len(typed) >= 15, (report.screens, typed)


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
    if game == "holdem":  # no-limit: the raise editor had every one of its keys pressed
        typed = {key for screen, key in report.pairs if screen == "RaiseEditor"}
        assert typed >= set(EDITOR_KEYS), sorted(set(EDITOR_KEYS) - typed)
