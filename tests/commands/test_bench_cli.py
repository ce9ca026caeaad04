"""``holdem-tui bench --quick --json``: the last line is one JSON object with the figures.

No timing assertions: speed is read from the benchmark output, not enforced by tests.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.measure.benchmarks import BENCHMARKS, Benchmark, register, run

COUNT_ENDINGS = ("_refused", "_let_in")
REQUIRED = {"eval7_per_s", "mc9_sims_per_s", "mc2_sims_per_s", "equity_10k_ms"}
#: the isolation group's flags, one per layer of the plugin boundary
LAYER_FIGURES = {
    f"plugin_{name}" for name in ("namespaces", "fresh_proc", "limits", "landlock", "seccomp")
}


@pytest.mark.slow
def test_quick_json_last_line_has_the_keys() -> None:
    result = CliRunner().invoke(main, ["bench", "--quick", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output.strip().splitlines()[-1])
    assert figures.keys() >= REQUIRED
    layers = {k for k in figures if k in LAYER_FIGURES}  # 1 held, 0 missing on this kernel
    assert all(figures[k] in (0, 1) for k in layers)
    # counts that may rightly be zero: the load on an idle machine, refusals with no flood
    # pressure on the room, guesses nobody made
    counts = {k for k in figures if k.startswith("load_average") or k.endswith(COUNT_ENDINGS)}
    assert all(isinstance(v, int | float) and v >= 0 for v in figures.values())
    assert all(v > 0 for k, v in figures.items() if k not in layers | counts)
    assert "eval7_per_s" in result.output.split("{")[0]  # the table came first


@pytest.mark.slow
def test_only_runs_one_group() -> None:
    result = CliRunner().invoke(main, ["bench", "--quick", "--json", "--only", "evaluator"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output.strip().splitlines()[-1])
    assert "eval7_per_s" in figures and "mc9_sims_per_s" not in figures


@pytest.mark.slow
def test_isolation_lists_each_layer_of_the_plugin_boundary() -> None:
    """Issue 27: where the kernel lacks a layer, bench --only isolation says so."""
    result = CliRunner().invoke(main, ["bench", "--quick", "--json", "--only", "isolation"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output.strip().splitlines()[-1])
    assert figures.keys() >= LAYER_FIGURES
    held = all(figures[k] == 1 for k in LAYER_FIGURES)
    said = "every layer held" if held else "plugin isolation incomplete on this system: no "
    assert said in result.output


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
