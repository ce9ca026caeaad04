"""``holdem-tui history``: the sessions played so far, and where their hand histories are.

It lists the small per-session summaries, plus each human's stats for the session (VPIP,
PFR, aggression, showdowns won, all-in luck), counted from the session's hand history by
:func:`holdem_tui.review.history_stats` (the end screen's numbers too). Those are kept in a
small cache beside each history, so a player with years of sessions reads only the new
ones. A history that cannot be read costs one line under the table; the other sessions are
still listed. The files are plain PHH, so the folder it prints is where to point
``holdem-tui replay`` or any other poker tool. Piped, the table is printed whole (see
:mod:`holdem_tui.commands.output`); ``--json`` gives the same as data.
"""

from __future__ import annotations

import json
from datetime import datetime

import click
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from holdem_tui.commands.options import lang_option
from holdem_tui.commands.output import Output, quiet_when_the_reader_leaves
from holdem_tui.engine.schedule import PRESETS
from holdem_tui.engine.variants import VARIANTS
from holdem_tui.i18n import Translator, get_translator, resolve_language
from holdem_tui.review import SeatStats, history_stats
from holdem_tui.review.text import aggression_text, rates_text
from holdem_tui.storage.histories import SessionInfo, list_sessions
from holdem_tui.storage.paths import histories_dir
from holdem_tui.storage.preferences import load_settings


def _date(iso: str) -> str:
    """The start time as the player's clock showed it, to the minute."""
    try:
        return datetime.fromisoformat(iso).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def _name(info: SessionInfo, seat: int, tr: Translator) -> str:
    """A seat's name; an unnamed one is "Player N", as the table's log called it."""
    name = info.players[seat] if seat < len(info.players) else ""
    return name or tr.t("setup.default_name", n=seat + 1)


def _signed(amount: int, tr: Translator) -> str:
    sign = "+" if amount > 0 else "−" if amount < 0 else "±"
    return sign + tr.number(abs(amount))


def tournament_name(name: str, tr: Translator) -> str:
    """A preset's name in the player's language; a file's name as it is."""
    return tr.t(f"tournament.preset.{name}") if name in PRESETS else name


def result_text(info: SessionInfo, tr: Translator) -> str:
    """The humans' net results (rebuys paid for, and named), or who leads when only bots
    played; in a tournament each human's place and prize ("You 2/6, 210")."""
    if info.places:
        seats = info.humans or [s for s, p in enumerate(info.places) if p == 1]
        parts = [
            tr.t(
                "history.placed",
                name=_name(info, seat, tr),
                place=info.places[seat],
                total=len(info.players),
                prize=tr.number(info.prizes[seat]),
            )
            for seat in seats
            if info.places[seat] is not None
        ]
        text = ", ".join(parts)
    elif info.humans:
        parts = []
        for seat in info.humans:
            if seat >= len(info.stacks):
                continue
            part = f"{_name(info, seat, tr)} {_signed(info.net(seat), tr)}"
            if info.rebuys_of(seat):  # the result already pays for them
                part += f" ({tr.plural('end_reason.rebuys', info.rebuys_of(seat))})"
            parts.append(part)
        text = ", ".join(parts)
    elif info.stacks:
        text = tr.t("history.leader", name=_name(info, info.leader(), tr))
    else:
        text = ""
    if not info.finished:
        text = f"{text} ({tr.t('history.unfinished')})".strip()
    return text


def session_stats(info: SessionInfo) -> tuple[dict[int, SeatStats], str | None]:
    """The humans' stats over the session's hands, and one line about what could not be read.

    A session with no hand recorded yet has no history file: its stats are simply empty.
    """
    humans = [seat for seat in info.humans if 0 <= seat < len(info.players)]
    if not humans or info.hands == 0:
        return {seat: SeatStats() for seat in humans}, None
    stats, problems = history_stats(info.history_path, humans)
    if not problems:
        return stats, None
    more = f" (+{len(problems) - 1})" if len(problems) > 1 else ""
    return stats, problems[0][:300] + more


def _seat_cells(s: SeatStats, tr: Translator) -> list[str]:
    """One human's four stats: VPIP/PFR, aggression, showdowns won, all-in luck."""
    return [
        rates_text(s, tr),
        aggression_text(s, tr),
        f"{tr.number(s.showdowns_won)}/{tr.number(s.showdowns)}",
        _signed(round(s.luck), tr) if s.all_ins else "",
    ]


def _stats_cells(info: SessionInfo, stats: dict[int, SeatStats], tr: Translator) -> list[str]:
    """The four stats columns, one line per human (hot seat: several)."""
    rows = [_seat_cells(stats[seat], tr) for seat in info.humans if seat in stats]
    return ["\n".join(column) for column in zip(*rows, strict=True)] if rows else [""] * 4


def session_json(
    info: SessionInfo, stats: dict[int, SeatStats] | None = None, problem: str | None = None
) -> dict[str, object]:
    """One session as plain data for ``--json`` (scripts, backups, bug reports).

    ``stats`` are the humans' (by chair) and ``stats_problem`` what of the history could
    not be read (``null``: all of it was).
    """
    data: dict[str, object] = dict(info.to_dict())
    data.pop("version", None)
    data["net"] = [info.net(seat) for seat in range(len(info.stacks))]
    data["history_path"] = str(info.history_path)
    data["stats"] = {str(seat): s.to_json() for seat, s in (stats or {}).items()}
    data["stats_problem"] = problem
    return data


def _row(info: SessionInfo, stats: dict[int, SeatStats], tr: Translator) -> list[str]:
    """A session's cells: date, game, players, hands, duration, result and the four stats."""
    game = tr.t(f"game.{info.game}") if info.game in VARIANTS else info.game
    if info.tournament is not None:
        game = tr.t("history.tournament", game=game, name=tournament_name(info.tournament, tr))
    names = ", ".join(_name(info, seat, tr) for seat in range(len(info.players)))
    return [
        _date(info.started),
        game,
        names,
        tr.number(info.hands),
        tr.duration(info.seconds) if info.seconds else "",
        result_text(info, tr),
        *_stats_cells(info, stats, tr),
    ]


def _block(
    info: SessionInfo, row: list[str], stats: dict[int, SeatStats], tr: Translator
) -> list[RenderableType]:
    """A session as a few lines, for a terminal too narrow for the table: the date and
    game, then the players, the result and each human's stats, each wrapping under itself."""
    date, game, names, _hands, duration, result, *_ = row
    head = " · ".join(
        part for part in (date, game, tr.plural("unit.hands", info.hands), duration) if part
    )
    lines: list[RenderableType] = [Text(""), Text(head, style="bold")]

    def under(text: str) -> None:
        lines.append(Padding(Text(text), (0, 0, 0, 2)))

    under(names)
    if result:
        under(result)
    humans = [seat for seat in info.humans if seat in stats]
    for seat in humans:
        cells = _seat_cells(stats[seat], tr)
        labels = ("history.vpip_pfr", "history.aggression", "history.showdowns", "history.luck")
        parts = [f"{tr.t(label)} {cell}" for label, cell in zip(labels, cells, strict=True) if cell]
        who = f"{_name(info, seat, tr)}: " if len(humans) > 1 else ""
        under(who + " · ".join(parts))
    return lines


@click.command(name="history")
@click.option("--json", "as_json", is_flag=True, help="Print the sessions as JSON, no table.")
@lang_option("your saved setting")
@quiet_when_the_reader_leaves
def command(as_json: bool, lang: str | None) -> None:
    """List past sessions (date, game, players, hands, result) and where their files are."""
    folder = histories_dir()
    sessions = list_sessions(folder)
    counted = {info.session_id: session_stats(info) for info in sessions}
    if as_json:
        listed = [session_json(s, *counted[s.session_id]) for s in sessions]
        payload = {"folder": str(folder), "sessions": listed}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    tr = get_translator(resolve_language(lang, load_settings(repair=False).settings.language))
    out = Output()
    if not sessions:
        out.print(tr.t("history.empty"))
    else:
        table = Table(title=tr.t("history.title"))
        table.add_column(tr.t("history.date"), no_wrap=True)
        table.add_column(tr.t("history.game"))
        table.add_column(tr.t("history.players"))
        table.add_column(tr.t("history.hands"), justify="right")
        table.add_column(tr.t("history.duration"), justify="right")
        table.add_column(tr.t("history.result"))
        table.add_column(tr.t("history.vpip_pfr"), justify="right")
        table.add_column(tr.t("history.aggression"), justify="right")
        table.add_column(tr.t("history.showdowns"), justify="right")
        table.add_column(tr.t("history.luck"), justify="right")
        blocks: list[RenderableType] = [Text(tr.t("history.title"), style="bold")]
        for info in sessions:
            stats, _problem = counted[info.session_id]
            row = _row(info, stats, tr)
            table.add_row(*row)
            blocks.extend(_block(info, row, stats, tr))
        out.print(table, narrow=Group(*blocks, Text("")))
        for info in sessions:
            problem = counted[info.session_id][1]
            if problem is not None:
                line = tr.t("history.stats_problem", session=info.session_id, problem=problem)
                out.print(line, highlight=False, markup=False, soft_wrap=True)
    out.print(tr.t("history.folder", path=str(folder)), highlight=False, soft_wrap=True)
    out.flush()
