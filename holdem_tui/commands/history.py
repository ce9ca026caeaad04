"""``holdem-tui history``: the sessions played so far, and where their hand histories are.

Read-only and fast: it lists the small per-session summaries, never the hands themselves,
so a player with years of sessions still gets the table at once. The files are plain PHH,
so the folder it prints is where to point ``holdem-tui replay`` or any other poker tool.
"""

from __future__ import annotations

import json
from datetime import datetime

import click
from rich.console import Console
from rich.table import Table

from holdem_tui.engine.variants import VARIANTS
from holdem_tui.i18n import LANGUAGES, Translator, get_translator, resolve_language
from holdem_tui.storage.histories import SessionInfo, list_sessions
from holdem_tui.storage.paths import histories_dir
from holdem_tui.storage.settings import load_settings


def _date(iso: str) -> str:
    """The start time as the player's clock showed it, to the minute."""
    try:
        return datetime.fromisoformat(iso).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def _name(info: SessionInfo, seat: int, tr: Translator) -> str:
    """A seat's name; the unnamed local player reads "You" in the chosen language."""
    name = info.players[seat] if seat < len(info.players) else ""
    return name or tr.t("table.you")


def _signed(amount: int, tr: Translator) -> str:
    sign = "+" if amount > 0 else "−" if amount < 0 else "±"
    return sign + tr.number(abs(amount))


def result_text(info: SessionInfo, tr: Translator) -> str:
    """The humans' net results, or who leads when only bots played."""
    if info.humans:
        parts = [
            f"{_name(info, seat, tr)} {_signed(info.net(seat), tr)}"
            for seat in info.humans
            if seat < len(info.stacks)
        ]
        text = ", ".join(parts)
    elif info.stacks:
        text = tr.t("history.leader", name=_name(info, info.leader(), tr))
    else:
        text = ""
    if not info.finished:
        text = f"{text} ({tr.t('history.unfinished')})".strip()
    return text


def session_json(info: SessionInfo) -> dict[str, object]:
    """One session as plain data for ``--json`` (scripts, backups, bug reports)."""
    data: dict[str, object] = dict(info.to_dict())
    data.pop("version", None)
    data["net"] = [info.net(seat) for seat in range(len(info.stacks))]
    data["history_path"] = str(info.history_path)
    return data


@click.command(name="history")
@click.option("--json", "as_json", is_flag=True, help="Print the sessions as JSON, no table.")
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help="Language of the table (default: your saved setting, then LANG, else English).",
)
def command(as_json: bool, lang: str | None) -> None:
    """List past sessions (date, game, players, hands, result) and where their files are."""
    folder = histories_dir()
    sessions = list_sessions(folder)
    if as_json:
        payload = {"folder": str(folder), "sessions": [session_json(s) for s in sessions]}
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    tr = get_translator(resolve_language(lang, load_settings(repair=False).settings.language))
    console = Console()
    if not sessions:
        console.print(tr.t("history.empty"))
    else:
        table = Table(title=tr.t("history.title"))
        table.add_column(tr.t("history.date"), no_wrap=True)
        table.add_column(tr.t("history.game"))
        table.add_column(tr.t("history.players"))
        table.add_column(tr.t("history.hands"), justify="right")
        table.add_column(tr.t("history.result"))
        for info in sessions:
            game = tr.t(f"game.{info.game}") if info.game in VARIANTS else info.game
            names = ", ".join(_name(info, seat, tr) for seat in range(len(info.players)))
            table.add_row(
                _date(info.started), game, names, tr.number(info.hands), result_text(info, tr)
            )
        console.print(table)
    console.print(tr.t("history.folder", path=str(folder)), highlight=False, soft_wrap=True)
