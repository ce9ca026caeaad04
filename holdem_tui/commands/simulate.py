"""``holdem-tui simulate``: a bots-only session with a results table (or one JSON line).

Flags are validated by click (a bad ``--blinds`` or an unknown level is reported before a
single hand is dealt); the session itself is :mod:`holdem_tui.measure.simulator`, so the tests
and the benchmarks use the same code path as this command.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import click

from holdem_tui.bots.registry import BUILT_IN
from holdem_tui.commands.options import (
    PairType,
    comma_list,
    game_option,
    tournament_option,
    whole_option,
)
from holdem_tui.commands.output import Output, quiet_when_the_reader_leaves
from holdem_tui.engine.variants import Variant
from holdem_tui.game_settings import MAX_CHIPS
from holdem_tui.measure.simulator import MAX_SIM_HANDS

#: the most sit-and-gos one ``simulate --tournament`` plays
MAX_RUNS = 100_000


def _bots(value: str, extra: tuple[str, ...]) -> tuple[str, ...]:
    specs = comma_list(value) + [s.strip() for s in extra]
    return tuple(s if ":" in s else s.lower() for s in specs)


def history_folder(value: str | None) -> str | None:
    """The ``--history`` folder, refused when empty or the root of the file system (the
    hands would land in the current folder, or all over ``/``)."""
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("give a folder to write the hands into", param_hint="--history")
    folder = Path(value).expanduser().resolve()
    if folder == Path(folder.anchor):
        raise click.BadParameter(
            f"{value!r} is the root of the file system; give a folder of its own",
            param_hint="--history",
        )
    return value


@click.command(name="simulate")
@game_option("The game the bots play.")
@click.option(
    "--bots",
    "bots_text",
    default="hard,normal,easy,hard,normal,easy",
    show_default=True,
    help=f"Comma-separated seats: {', '.join(BUILT_IN)} or module:Class.",
)
@click.option(
    "--bot",
    "extra_bots",
    multiple=True,
    metavar="MODULE:CLASS",
    help="Seat a custom bot (repeatable), after the --bots seats.",
)
@whole_option("--hands", low=1, high=MAX_SIM_HANDS, default=1000)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Deal seed (default 0; with a plugin bot seated, 128 random bits: a plugin could "
    "try small seeds until one deals the cards it holds).",
)
@whole_option("--stack", low=1, high=MAX_CHIPS, help="Chips (default 100 BB).")
@click.option("--blinds", type=PairType(), default="5/10", show_default=True)
@whole_option("--ante", low=0, help="Default 0; draw: half a small bet.")
@click.option("--limits", type=PairType(), default="10/20", show_default=True, help="Draw bets.")
@click.option("--duplicate", is_flag=True, help="Replay each deal with the seats rotated.")
@whole_option(
    "--workers", low=1, high=1024, help="Default: all cores (never more than the cores there are)."
)
@click.option(
    "--history",
    "history_dir",
    type=click.Path(file_okay=False),
    default=None,
    callback=lambda _ctx, _param, value: history_folder(value),
    help="Write every hand as PHH into this folder.",
)
@click.option(
    "--no-bluffs",
    "skip_bluffs",
    is_flag=True,
    help="Do not measure bluffs (each bet's equity against the cards out): faster.",
)
@tournament_option("Play sit-and-gos instead: each bot's average finish, ITM and ROI (see --runs).")
@whole_option(
    "--runs",
    low=1,
    high=MAX_RUNS,
    default=100,
    help="With --tournament: how many sit-and-gos (the seats rotate from one to the next).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on the last line.")
@quiet_when_the_reader_leaves
def command(
    game: str,
    bots_text: str,
    extra_bots: tuple[str, ...],
    hands: int,
    seed: int | None,
    stack: int | None,
    blinds: tuple[int, int],
    ante: int | None,
    limits: tuple[int, int],
    duplicate: bool,
    workers: int | None,
    history_dir: str | None,
    skip_bluffs: bool,
    tournament: str | None,
    runs: int,
    as_json: bool,
) -> None:
    """Play a bots-only session; report bb/100 with 95% intervals, VPIP, PFR and more.

    With --tournament, play --runs sit-and-gos and report each bot's average finish, how
    often it finished in the money and its return on the buy-in, with 95% intervals.
    """
    from holdem_tui.measure.simulator import SimConfig, check_bots, run

    specs = _bots(bots_text, extra_bots)
    if tournament is not None:
        _tournaments(game, specs, tournament, runs, seed or 0, stack, workers, as_json)
        return
    if seed is None:
        from holdem_tui.bots.seeds import new_session_seed

        seed = new_session_seed() if any(":" in spec for spec in specs) else 0
    try:
        check_bots(specs)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--bots' / '--bot'") from None
    if any(":" in spec for spec in specs):
        from holdem_tui.commands.play import say_isolation

        say_isolation()
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
            bluffs=not skip_bluffs,
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


def _tournaments(
    game: str,
    specs: tuple[str, ...],
    choice: str,
    runs: int,
    seed: int,
    stack: int | None,
    workers: int | None,
    as_json: bool,
) -> None:
    """``--tournament``: sit-and-gos of built-in bots, one table per run, seats rotated."""
    from rich.console import Console
    from rich.table import Table

    from holdem_tui.bots.registry import LEVELS as BUILT_IN
    from holdem_tui.game_settings import DEFAULT_STACK
    from holdem_tui.measure.tournaments import TournamentSimConfig, run_tournaments
    from holdem_tui.storage.tournament_file import TournamentFileError, load_tournament

    if any(spec not in BUILT_IN for spec in specs):
        raise click.BadParameter("sit-and-gos seat built-in bots only", param_hint="'--bots'")
    variant = Variant(game)
    try:
        spec = load_tournament(choice, variant, stack or DEFAULT_STACK)
        config = TournamentSimConfig(
            variant, specs, spec, runs, stack=stack or DEFAULT_STACK, seed=seed, workers=workers
        )
    except (TournamentFileError, ValueError) as exc:
        raise click.UsageError(f"--tournament: {exc}") from None
    console = Console(stderr=as_json)
    with console.status(f"{runs} sit-and-gos of {game}", spinner="dots"):
        report = run_tournaments(config)
    if as_json:
        click.echo(json.dumps(report.to_json(), separators=(",", ":")))
        return
    title = f"{runs} {spec.name} sit-and-gos of {game}, {report.hands} hands, seed {seed}"
    table = Table(title=title)
    for name in ("seat", "bot", "avg finish", "95% CI", "ITM", "95% CI", "ROI", "95% CI", "wins"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    pooled = report.by_level()
    rows = [(str(b.bot), b) for b in report.bots]
    if len(pooled) < len(report.bots):
        rows += [("all", b) for b in pooled.values()]
    for seat, bot in rows:
        table.add_row(
            seat,
            bot.spec,
            f"{bot.finish.mean:.2f}",
            f"[{bot.finish.low:.2f}, {bot.finish.high:.2f}]",
            f"{bot.itm.mean:.0%}",
            f"[{bot.itm.low:.0%}, {bot.itm.high:.0%}]",
            f"{bot.roi.mean:+.0%}",
            f"[{bot.roi.low:+.0%}, {bot.roi.high:+.0%}]",
            str(bot.wins),
        )
    console.print(table)


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
            "–" if s.bluff_share is None else f"{s.bluff_share:.0%}",
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
