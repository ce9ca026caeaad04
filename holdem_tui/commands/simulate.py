"""``holdem-tui simulate``: a bots-only session with a results table (or one JSON line).

Flags are validated by click (a bad ``--blinds`` or an unknown level is reported before a
single hand is dealt); the session itself is :mod:`holdem_tui.measure.simulator`, so the tests
and the benchmarks use the same code path as this command.
"""

from __future__ import annotations

import json
import math

import click

from holdem_tui.bots.registry import LEVELS
from holdem_tui.commands.options import PairType, comma_list, game_option
from holdem_tui.commands.output import Output, quiet_when_the_reader_leaves
from holdem_tui.engine.variants import Variant
from holdem_tui.game_settings import MAX_CHIPS
from holdem_tui.measure.simulator import MAX_SIM_HANDS


def _bots(value: str, extra: tuple[str, ...]) -> tuple[str, ...]:
    specs = comma_list(value) + [s.strip() for s in extra]
    return tuple(s if ":" in s else s.lower() for s in specs)


@click.command(name="simulate")
@game_option("The game the bots play.")
@click.option(
    "--bots",
    "bots_text",
    default="hard,normal,easy,hard,normal,easy",
    show_default=True,
    help=f"Comma-separated seats: {', '.join(LEVELS)} or module:Class.",
)
@click.option(
    "--bot",
    "extra_bots",
    multiple=True,
    metavar="MODULE:CLASS",
    help="Seat a custom bot (repeatable), after the --bots seats.",
)
@click.option(
    "--hands", type=click.IntRange(min=1, max=MAX_SIM_HANDS), default=1000, show_default=True
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--stack",
    type=click.IntRange(min=1, max=MAX_CHIPS),
    default=None,
    help="Chips (default 100 BB).",
)
@click.option("--blinds", type=PairType(), default="5/10", show_default=True)
@click.option(
    "--ante", type=click.IntRange(min=0), default=None, help="Default 0; draw: half a small bet."
)
@click.option("--limits", type=PairType(), default="10/20", show_default=True, help="Draw bets.")
@click.option("--duplicate", is_flag=True, help="Replay each deal with the seats rotated.")
@click.option(
    "--workers",
    type=click.IntRange(min=1, max=1024),
    default=None,
    help="Default: all cores (never more than the cores there are).",
)
@click.option(
    "--history",
    "history_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Write every hand as PHH into this folder.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on the last line.")
@quiet_when_the_reader_leaves
def command(
    game: str,
    bots_text: str,
    extra_bots: tuple[str, ...],
    hands: int,
    seed: int,
    stack: int | None,
    blinds: tuple[int, int],
    ante: int | None,
    limits: tuple[int, int],
    duplicate: bool,
    workers: int | None,
    history_dir: str | None,
    as_json: bool,
) -> None:
    """Play a bots-only session; report bb/100 with 95% intervals, VPIP, PFR and more."""
    from holdem_tui.measure.simulator import SimConfig, check_bots, run

    specs = _bots(bots_text, extra_bots)
    try:
        check_bots(specs)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--bots' / '--bot'") from None
    try:
        config = SimConfig(
            game=Variant(game),
            bots=specs,
            hands=hands,
            seed=seed,
            stack=stack,
            small_blind=blinds[0],
            big_blind=blinds[1],
            ante=ante,
            small_bet=limits[0],
            big_bet=limits[1],
            duplicate=duplicate,
            workers=workers,
            history_dir=history_dir,
        )
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    # the progress goes to stderr: piped, stdout holds the results only
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=as_json,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(f"{game}, {len(specs)} seats", total=hands)
        try:
            report = run(config, progress=lambda done: progress.advance(task, done))
        except OSError as exc:  # the --history folder cannot be made or written
            raise click.UsageError(
                f"--history {history_dir}: {exc.strerror or exc}", ctx=None
            ) from None
    if as_json:
        click.echo(json.dumps(report.to_json(), separators=(",", ":")))
        return
    _print_table(report)


def _fmt_ci(low: float, high: float) -> str:
    if math.isinf(low) or math.isinf(high):
        return "n/a"
    return f"[{low:+.1f}, {high:+.1f}]"


def _print_table(report: object) -> None:
    """A Rich table of the seats, then the per-bot pooled lines (piped: the table whole)."""
    from rich.table import Table

    from holdem_tui.measure.simulator import SimReport

    assert isinstance(report, SimReport)
    out = Output()
    unit = "BB" if report.config.game is Variant.DRAW else "bb"
    table = Table(title=f"{report.hands} hands of {report.config.game}, seed {report.config.seed}")
    for name in (
        "seat",
        "bot",
        "net",
        f"{unit}/100",
        "95% interval",
        "VPIP",
        "PFR",
        "agg",
        "SD won",
        "bluffs",
        "faults",
    ):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for s in report.seats:
        table.add_row(
            str(s.seat),
            s.bot,
            f"{s.net:+d}",
            f"{s.bb_per_100:+.1f}",
            _fmt_ci(*s.bb_per_100_ci95),
            f"{s.vpip:.0%}",
            f"{s.pfr:.0%}",
            f"{s.aggression:.2f}",
            f"{s.showdown_win_rate:.0%}",
            f"{s.bluff_share:.0%}",
            str(s.faults),
        )
    out.print(table)
    for line in report.by_bot:
        low, high = line["bb_per_100_ci95"]
        out.print(
            f"{line['bot']} (seats {', '.join(map(str, line['seats']))}): "
            f"{line['bb_per_100']:+.1f} {unit}/100 per seat, 95% {_fmt_ci(low, high)}"
        )
    out.flush()
