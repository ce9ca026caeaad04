"""``holdem-tui bench``: measure evaluator, equity, engine and bot speed on this machine.

Speed targets live here rather than in timed tests, so CI stays deterministic and a person
(or a script reading the ``--json`` last line) can compare machines and commits.
"""

from __future__ import annotations

import json
import os
import platform

import click
from rich.console import Console
from rich.table import Table

from holdem_tui.measure.benchmarks import BENCHMARKS, run


def _unit(key: str) -> str:
    if key.endswith("_per_s"):
        return "per second"
    if key.endswith("_ms") or "_ms_" in key:
        return "ms"
    return ""


def _fmt(value: float) -> str:
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


@click.command(name="bench")
@click.option("--quick", is_flag=True, help="Fewer iterations: a smoke run, noisier figures.")
@click.option(
    "--only",
    type=click.Choice([b.name for b in BENCHMARKS]),
    default=None,
    help="Run just one benchmark group.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Also print all figures as one JSON object, last line."
)
def command(quick: bool, only: str | None, as_json: bool) -> None:
    """Measure evaluator, equity, engine and bot speed."""
    console = Console()
    figures: dict[str, float] = {}
    table = Table(title=f"holdem-tui bench{' (quick)' if quick else ''}")
    table.add_column("group")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("unit")
    with console.status("measuring…"):
        results = run(only=only, quick=quick)
    for bench, values in results:
        for key, value in values.items():
            figures[key] = value
            table.add_row(bench.name, key, _fmt(value), _unit(key))
    console.print(table)
    from holdem_tui.engine import kernel

    compiled = "compiled kernel (numba)" if kernel.active() else "numpy only (no fast extra)"
    console.print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}, load {os.getloadavg()[0]:.2f}, {compiled}",
        style="dim",
    )
    if as_json:
        click.echo(json.dumps({k: round(v, 3) for k, v in figures.items()}))
