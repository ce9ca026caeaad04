"""Bots-only sit-and-gos: every place paid once, seats rotated, results reproducible."""

from __future__ import annotations

import pytest

from holdem_tui.engine.tournament import preset_tournament
from holdem_tui.engine.variants import Variant
from holdem_tui.measure.tournaments import TournamentSimConfig, run_tournaments, wilson


def config(runs: int, game: Variant = Variant.HOLDEM, seed: int = 0) -> TournamentSimConfig:
    bots = ("hard", "normal", "easy")
    spec = preset_tournament("hyper", game, 1000)
    return TournamentSimConfig(game, bots, spec, runs, seed=seed, workers=1)


@pytest.mark.parametrize("game", list(Variant))
def test_every_tournament_places_everyone_and_pays_the_pool(game: Variant) -> None:
    report = run_tournaments(config(3, game))
    assert report.runs == 3
    for result in report.results:
        assert sorted(f.bot for f in result.finishes) == [0, 1, 2]
        assert sum(f.prize for f in result.finishes) == 300  # winner takes all of 3 x 100
        assert sorted(f.place for f in result.finishes)[0] == 1
    # the prizes are the buy-ins: the bots' returns add up to nothing
    assert sum(b.roi.mean for b in report.bots) == pytest.approx(0.0, abs=1e-9)
    assert sum(b.wins for b in report.bots) == 3
    data = report.to_json()
    assert data["bots"][0]["average_finish"]["low"] <= data["bots"][0]["average_finish"]["mean"]


def test_the_same_seed_plays_the_same_tournaments() -> None:
    first, again = run_tournaments(config(2, seed=5)), run_tournaments(config(2, seed=5))
    assert first.results == again.results
    assert run_tournaments(config(2, seed=6)).results != first.results


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    low = wilson(0, 10)
    assert low.low == pytest.approx(0.0) and 0 < low.high < 0.35
    high = wilson(10, 10)
    assert high.high == pytest.approx(1.0) and high.low > 0.65


def test_simulate_tournament_prints_json_with_intervals() -> None:
    import json

    from click.testing import CliRunner

    from holdem_tui.commands.simulate import command

    result = CliRunner().invoke(
        command,
        [
            "--tournament",
            "hyper",
            "--runs",
            "3",
            "--bots",
            "normal,easy",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    assert data["tournament"] == "hyper" and data["runs"] == 3
    assert {b["bot"] for b in data["bots"]} == {"normal", "easy"}
    for bot in data["bots"]:
        for key in ("average_finish", "itm", "roi"):
            assert bot[key]["low"] <= bot[key]["mean"] <= bot[key]["high"]
    bad = CliRunner().invoke(command, ["--tournament", "nope.toml", "--runs", "2"])
    assert bad.exit_code == 2 and "nope.toml: no such file" in bad.output
