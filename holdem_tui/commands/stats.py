"""``holdem-tui stats``: lifetime statistics from every hand history in the data folder.

Hands, results in big blinds (big bets in Five-Card Draw) and per hundred hands, the
all-in adjusted result, and how the player plays (VPIP, PFR, 3-bet, c-bet, fold to c-bet,
aggression, went to and won at showdown), in total and by position, game, table size,
opponent level and format; for the humans, or for any player by name; filtered by game and
by days. ``--json`` and ``--csv`` write the same figures for scripts and spreadsheets;
``--charts`` opens the stats screen with its charts. What has been read is cached
(:mod:`holdem_tui.progress.cache`), so years of sessions read in a fraction of a second.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from typing import Any

import click
from rich.console import Console

from holdem_tui.commands.options import lang_option
from holdem_tui.engine.variants import VARIANTS
from holdem_tui.i18n import get_translator, resolve_language
from holdem_tui.progress.lifetime import DIMENSIONS, Filters, Lifetime, Line, load_lifetime
from holdem_tui.progress.text import RATES, filters_text, rates_text, result_text, tournaments_text
from holdem_tui.storage.paths import histories_dir
from holdem_tui.storage.preferences import load_settings
from holdem_tui.ui.stats_tables import group_table

#: the columns of ``--csv``, after the group and its key
CSV_FIELDS = (
    "hands",
    "net_bb",
    "all_in_adjusted_bb",
    "bb_per_100",
    *RATES,
)


def _day(text: str | None, flag: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        message = f"{text!r} is not a date like 2026-03-01"
        raise click.BadParameter(message, param_hint=flag) from None


def report_json(lifetime: Lifetime, filters: Filters) -> dict[str, Any]:
    """Everything the report shows, as plain data (``--json``)."""
    mask = lifetime.select(filters)
    data: dict[str, Any] = {
        "folder": str(histories_dir()),
        "filters": {
            "player": filters.player,
            "game": filters.game,
            "since": None if filters.since is None else filters.since.isoformat(),
            "until": None if filters.until is None else filters.until.isoformat(),
        },
        "total": lifetime.line(mask).to_json(),
        "rebuys": lifetime.rebuys(filters),
        "tournaments": lifetime.tournaments(filters).to_json(),
    }
    for dimension in DIMENSIONS:
        data[f"by_{dimension}"] = {k: v.to_json() for k, v in lifetime.groups(mask, dimension)}
    data["sessions"] = [
        {
            "session_id": meta.session_id,
            "started": None if meta.started is None else meta.started.isoformat(),
            "game": meta.game,
            **line.to_json(),
        }
        for meta, line in lifetime.session_lines(filters)
    ]
    data["problems"] = list(lifetime.problems)
    data["cache"] = lifetime.cache_note
    return data


def report_csv(lifetime: Lifetime, filters: Filters) -> str:
    """One row per group: the total, each dimension's groups, then each session."""
    mask = lifetime.select(filters)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["group", "key", "started", *CSV_FIELDS])

    def row(group: str, key: str, line: Line, started: str = "") -> None:
        data = line.to_json()
        writer.writerow(
            [group, key, started, *("" if data[f] is None else data[f] for f in CSV_FIELDS)]
        )

    row("total", "", lifetime.line(mask))
    for dimension in DIMENSIONS:
        for key, line in lifetime.groups(mask, dimension):
            row(dimension, key, line)
    for meta, line in lifetime.session_lines(filters):
        started = "" if meta.started is None else meta.started.isoformat()
        row("session", meta.session_id, line, started)
    return out.getvalue()


def _print(lifetime: Lifetime, filters: Filters, lang: str) -> None:
    tr = get_translator(lang)
    console = Console()
    mask = lifetime.select(filters)
    total = lifetime.line(mask)
    console.print(f"[b]{tr.t('stats.title')}[/b] · {filters_text(filters, tr)}", highlight=False)
    if not total.hands:
        console.print(tr.t("stats.empty"), highlight=False)
    else:
        sessions = len(lifetime.session_lines(filters))
        console.print(tr.plural("stats.sessions", sessions), highlight=False)
        console.print(result_text(total, tr), highlight=False)
        console.print(rates_text(total, tr), highlight=False)
        rebuys = lifetime.rebuys(filters)
        if rebuys:
            console.print(tr.plural("stats.rebuys", rebuys), highlight=False)
        tournaments = lifetime.tournaments(filters)
        if tournaments.entered:
            console.print(tournaments_text(tournaments, tr), highlight=False)
        for dimension in DIMENSIONS:
            if len(lifetime.groups(mask, dimension)) < 2 and dimension != "position":
                continue
            title = tr.t(f"stats.by.{dimension}")
            console.print(group_table(lifetime, filters, dimension, tr, title=title))
        if any(meta.game == "draw" for meta, _ in lifetime.session_lines(filters)):
            console.print(tr.t("stats.draw_unit"), highlight=False)
    for line in lifetime.problems[:5]:
        console.print(
            tr.t("stats.problem", problem=line), highlight=False, markup=False, soft_wrap=True
        )
    if lifetime.cache_note:
        note = tr.t("stats.cache_rebuilt", problem=lifetime.cache_note)
        console.print(note, highlight=False, markup=False, soft_wrap=True)
    folder = tr.t("history.folder", path=str(histories_dir()))
    console.print(folder, highlight=False, markup=False, soft_wrap=True)


@click.command(name="stats")
@click.option("--player", default=None, help="A player's name (default: every human seat).")
@click.option("--game", type=click.Choice([v.value for v in VARIANTS]), default=None)
@click.option("--since", default=None, metavar="YYYY-MM-DD", help="From this day on.")
@click.option("--until", default=None, metavar="YYYY-MM-DD", help="Up to this day.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the figures as CSV.")
@click.option("--charts", is_flag=True, help="Open the stats screen with its charts.")
@lang_option("your saved setting")
def command(
    player: str | None,
    game: str | None,
    since: str | None,
    until: str | None,
    as_json: bool,
    as_csv: bool,
    charts: bool,
    lang: str | None,
) -> None:
    """Lifetime statistics: results, by position, game, table size and opponents."""
    if as_json and as_csv:
        raise click.UsageError("--json and --csv: choose one")
    filters = Filters(player, game, _day(since, "--since"), _day(until, "--until"))
    if filters.since and filters.until and filters.since > filters.until:
        raise click.BadParameter("--since is after --until", param_hint="--since")
    settings = load_settings(repair=False).settings
    language = resolve_language(lang, settings.language)
    if charts:
        from holdem_tui.ui.stats_app import StatsApp

        StatsApp(language, filters, four_colour=settings.four_colour, persist=True).run()
        return
    lifetime = load_lifetime(workers=0)
    if as_json:
        click.echo(json.dumps(report_json(lifetime, filters), ensure_ascii=False, indent=2))
    elif as_csv:
        click.echo(report_csv(lifetime, filters), nl=False)
    else:
        _print(lifetime, filters, language)
