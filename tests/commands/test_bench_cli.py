"""``holdem-tui bench --quick --json``: the last line is one JSON object with the figures.

No timing assertions: speed is read from the benchmark output, not enforced by tests.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.measure.benchmarks import BENCHMARKS, Benchmark, register, run

REQUIRED = {"eval7_per_s", "mc9_sims_per_s", "mc2_sims_per_s", "equity_10k_ms"}


@pytest.mark.slow
def test_quick_json_last_line_has_the_keys() -> None:
    result = CliRunner().invoke(main, ["bench", "--quick", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output.strip().splitlines()[-1])
    assert figures.keys() >= REQUIRED
    assert all(isinstance(v, int | float) and v > 0 for v in figures.values())
    assert "eval7_per_s" in result.output.split("{")[0]  # the table came first


@pytest.mark.slow
def test_only_runs_one_group() -> None:
    result = CliRunner().invoke(main, ["bench", "--quick", "--json", "--only", "evaluator"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output.strip().splitlines()[-1])
    assert "eval7_per_s" in figures and "mc9_sims_per_s" not in figures


def test_unknown_group_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["bench", "--only", "nope"])
    assert result.exit_code != 0


def test_registering_a_benchmark_adds_its_figures() -> None:
    before = list(BENCHMARKS)
    try:

        @register("dummy_for_test")
        def _dummy(quick: bool) -> dict[str, float]:
            """A figure later issues would add."""
            return {"dummy_per_s": 1.0 if quick else 2.0}

        assert isinstance(BENCHMARKS[-1], Benchmark)
        assert run(only="dummy_for_test", quick=True)[0][1] == {"dummy_per_s": 1.0}
    finally:
        BENCHMARKS[:] = before
