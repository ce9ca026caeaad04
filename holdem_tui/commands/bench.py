"""``holdem-tui bench``: measure evaluator, equity, engine and bot speed on this machine.

Speed targets live here rather than in timed tests, so CI stays deterministic and a person
(or a script reading the ``--json`` last line) can compare machines and commits.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from holdem_tui.measure.benchmarks import BENCHMARKS, run


def _unit(key: str) -> str:
    if key.endswith("_per_cpu_s"):
        return "per CPU second"
    if key.endswith("_per_s"):
        return "per second"
    if key.endswith(("_mib", "_mib_mean")):
        return "MiB"
    if key.endswith("_s"):
        return "s"
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
@click.option(
    "--web",
    is_flag=True,
    help="Instead: holdem-tui serve in headless Chromium (needs the web extra and playwright).",
)
def command(quick: bool, only: str | None, as_json: bool, web: bool) -> None:
    """Measure evaluator, equity, engine and bot speed."""
    console = Console()
    figures: dict[str, float] = {}
    table = Table(title=f"holdem-tui bench{' --web' if web else ''}{' (quick)' if quick else ''}")
    table.add_column("group")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("unit")
    with console.status("measuring…"):
        results = _web(quick) if web else run(only=only, quick=quick)
    for bench, values in results:
        for key, value in values.items():
            figures[key] = value
            table.add_row(bench.name, key, _fmt(value), _unit(key))
    console.print(table)
    if only in (None, "isolation"):
        from holdem_tui.bots.sandbox import isolation_line, last_layers

        console.print(isolation_line(last_layers) or "plugin isolation: every layer held")
    from holdem_tui.engine import kernel

    if kernel.active():
        compiled = "compiled kernel (numba)"
    elif importlib.util.find_spec("numba") is None:
        compiled = "numpy only (no fast extra)"
    else:  # e.g. --only startup: the groups run used no kernel
        compiled = "fast extra unused here"
    console.print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}, load {os.getloadavg()[0]:.2f}, {compiled}",
        style="dim",
    )
    if as_json:
        click.echo(json.dumps({k: round(v, 3) for k, v in figures.items()}))


def _web(quick: bool) -> list[tuple[Any, dict[str, float]]]:
    """The browser figures, as one group: page open, key to screen, memory, stop."""
    from types import SimpleNamespace

    from holdem_tui.web.bench import run as run_web

    figures = run_web(tabs=2 if quick else 3, keys=10 if quick else 30)
    return [(SimpleNamespace(name="web"), figures)]
