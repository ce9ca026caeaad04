"""``holdem-tui join HOST[:PORT] --code CODE --name NAME``: sit down at a friend's table.

The same table app as a local game; the host deals. ``--watch`` looks on without a seat
(and sees no hidden card), ``--bot module:Class`` seats a bot instead of a person.
"""

from __future__ import annotations

import asyncio
import sys

import click

from holdem_tui.commands.options import chosen_before, lang_option, pace_option
from holdem_tui.i18n import get_translator, resolve_language


@click.command(name="join")
@click.argument("address", metavar="HOST[:PORT]")
@click.option("--code", required=True, help="The table's join code (the host has it).")
@click.option("--name", default="", help="Your name at the table (to sit down or come back).")
@click.option("--watch", is_flag=True, help="Look on without a seat; no hidden card is shown.")
@click.option("--bot", "bot_spec", metavar="MODULE:CLASS", default=None, help="Seat this bot.")
@click.option("--shown-as", "shown", default="", hidden=True, help="serve --table's page address.")
@lang_option("as last chosen")
@pace_option()
def command(
    address: str,
    code: str,
    name: str,
    watch: bool,
    bot_spec: str | None,
    lang: str | None,
    pace: str | None,
    shown: str,
) -> None:
    """Join a table someone hosts."""
    from holdem_tui.net import protocol as p
    from holdem_tui.net.client import split_address
    from holdem_tui.net.secure import normalize_code
    from holdem_tui.storage.preferences import load_settings

    lang, pace = chosen_before(lang, pace, load_settings(repair=False).settings)
    tr = get_translator(resolve_language(lang, None))
    try:
        host, port = split_address(address)
        host.encode("idna")  # a label over 63 characters, or an empty one, is no host name
    except UnicodeError as exc:
        shown = host if len(host) <= 40 else host[:39] + "…"
        raise click.BadParameter(
            f"{shown!r} is not a host name ({exc})", param_hint="HOST[:PORT]"
        ) from None
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="HOST[:PORT]") from None
    if watch and bot_spec:
        raise click.UsageError("--watch and --bot do not go together")
    if bot_spec is not None:
        _play_bot(host, port, code, name, bot_spec, tr)
        return
    if not watch and (problem := p.check_name(name)) is not None:
        raise click.BadParameter(problem, param_hint="--name")
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.ui.joining import JoinTarget
    from holdem_tui.ui.remote import create_remote_app

    target = JoinTarget(host, port, normalize_code(code), name.strip(), watch, shown=shown)
    app = create_remote_app(target, GameSettings(lang=tr.lang, pace=pace))
    app.run()
    if app.driver.exit_reason:
        click.echo(_prose(app.driver.exit_reason), err=True)
        sys.exit(1)
    if app.driver.farewell:
        click.echo(_prose(app.driver.farewell))


def _prose(text: str) -> str:
    """``text`` wrapped at word breaks to the terminal (at most 80 columns): a refusal
    such as ``seat_locked`` is three lines in every language, and the terminal would cut
    it mid-word."""
    import shutil
    import textwrap

    width = max(20, min(80, shutil.get_terminal_size().columns))
    return "\n".join(textwrap.fill(line, width) if line else "" for line in text.split("\n"))


def _play_bot(host: str, port: int, code: str, name: str, spec: str, tr: object) -> None:
    from holdem_tui.bots.registry import check_spec, make_bot
    from holdem_tui.i18n import Translator
    from holdem_tui.net import protocol as p
    from holdem_tui.net.bot_client import Refused, play_bot
    from holdem_tui.net.seats import SeatKeyring
    from holdem_tui.net.secure import normalize_code
    from holdem_tui.net.unreachable import unreachable_text

    assert isinstance(tr, Translator)
    try:
        check_spec(spec)  # a plugin's process starts here, and is the one that plays
        bot = make_bot(spec)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bot") from None
    seat_name = (name or str(getattr(bot, "name", "")) or "Bot").strip()[: p.MAX_NAME]
    try:
        result = asyncio.run(
            play_bot(
                host,
                port,
                normalize_code(code),
                seat_name,
                bot,
                lang=tr.lang,
                keyring=SeatKeyring.for_table(normalize_code(code)),
            )
        )
    except Refused as exc:
        raise click.ClickException(tr.t("net.refused", detail=str(exc))) from None
    except OSError as exc:
        raise click.ClickException(unreachable_text(tr, exc, host, port)) from None
    finally:
        close = getattr(bot, "close", None)  # a plugin's own process
        if callable(close):
            close()
    if result is None:
        raise click.ClickException(tr.t("net.lost"))
    click.echo(
        tr.t("net.bot_done", name=seat_name, hands=tr.plural("unit.hands", result.result.hands))
    )
