"""``holdem-tui host``: open a table that friends join from their own terminals.

The host plays too (in the same table app as a joining friend, connected over loopback), or
with ``--no-seat`` only runs the table and logs who comes and goes. The table is autosaved
like a local game, and ``--resume`` opens it again with the same join code, so everybody
reconnects with the code and their name.
"""

from __future__ import annotations

import asyncio
import getpass
import logging
import socket
import sys
import threading
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from holdem_tui.commands.options import address_option, chosen_before, port_option, whole_option
from holdem_tui.commands.play import GameFlags, build_settings, game_options
from holdem_tui.engine.variants import MAX_SEATS
from holdem_tui.game_settings import Pace
from holdem_tui.i18n import Translator, get_translator, resolve_language
from holdem_tui.net import protocol as p
from holdem_tui.net.secure import normalize_code, spaced_code
from holdem_tui.session.pace import pace_of

if TYPE_CHECKING:
    from holdem_tui.net.host_session import HostOptions


def lan_address() -> str:
    """The address friends on the same network reach this machine at (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET: only picks the outgoing interface
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return p.LOOPBACK
    finally:
        probe.close()


def _default_name() -> str:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    return name[: p.MAX_NAME] or "Host"


#: ``--away`` and ``--start-when``: how a table without a host at the keyboard runs
#: (``host`` and ``serve --table``)
away_option = click.option(
    "--away",
    "away_timeout",
    type=click.FloatRange(min=0, max=3600),
    default=30.0,
    show_default=True,
    help="Seconds a dropped player's seat waits before it checks or folds.",
)
start_when_option = whole_option(
    "--start-when",
    "start_when",
    low=1,
    high=MAX_SEATS,
    metavar="N",
    help="Deal as soon as N players are at the table (the seats still open are taken away).",
)


@click.command(name="host")
@game_options("Comma-separated bot levels for the seats not left open (default: none).")
@whole_option(
    "--open",
    "open_seats",
    low=0,
    high=MAX_SEATS - 1,  # the host's own chair is one of them
    default=1,
    help="Seats left open for friends to join.",
)
@click.option("--name", default=None, help="Your name at the table [default: your user name].")
@click.option("--no-seat", is_flag=True, help="Only run the table; do not play yourself.")
@port_option(p.DEFAULT_PORT)
@address_option("--bind", "0.0.0.0", "127.0.0.1: this machine only")
@click.option("--code", default=None, help="Join code to use [default: a new random one].")
@away_option
@start_when_option
@click.option("--resume", is_flag=True, help="Open the last hosted table again where it stopped.")
def command(
    flags: GameFlags,
    open_seats: int,
    name: str | None,
    no_seat: bool,
    port: int,
    bind: str,
    code: str | None,
    away_timeout: float,
    start_when: int | None,
    resume: bool,
) -> None:
    """Host a table for friends on their own terminals."""
    from holdem_tui.net.host_session import host_save_file
    from holdem_tui.net.server import TableServer
    from holdem_tui.storage.preferences import load_settings

    lang, pace = chosen_before(flags.lang, flags.pace, load_settings(repair=False).settings)
    tr = get_translator(resolve_language(lang, None))
    player = None if no_seat else (name or _default_name()).strip()
    if player is not None and (problem := p.check_name(player)) is not None:
        raise click.BadParameter(problem, param_hint="--name")
    if code is not None:
        code = normalize_code(code)
        if len(code) != p.CODE_LENGTH or any(ch not in p.CODE_ALPHABET for ch in code):
            raise click.BadParameter(
                f"{p.CODE_LENGTH} characters from {p.CODE_ALPHABET} (dashes may separate them)",
                param_hint="--code",
            )
    flags = replace(flags, lang=lang, pace=pace)
    options = table_options(
        flags,
        player=player,
        open_seats=open_seats,
        code=code,
        away_timeout=away_timeout,
        start_when=start_when,
    )
    loaded = None
    if resume:
        loaded = host_save_file().load()
        if loaded.session is None:
            click.echo(loaded.message(tr) or tr.t("storage.no_save"), err=True)
            sys.exit(1)
    server = TableServer(options, resumed=loaded)
    seated = server.options.host_seat
    if resume and seated is not None:
        player = server.settings.seat_names()[seated]
    if player is None:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
        asyncio.run(_serve_only(server, bind, port, tr))
        return
    _serve_and_play(server, bind, port, player, tr, lang, pace)


def table_options(
    flags: GameFlags,
    *,
    player: str | None,
    open_seats: int,
    code: str | None,
    away_timeout: float,
    start_when: int | None,
) -> HostOptions:
    """How a hosted table runs, from the flags (``lang`` and ``pace`` already chosen);
    ``serve --table`` opens its table with the same rules as ``host --no-seat``.

    Raises click's usage errors naming the flag that is wrong.
    """
    from holdem_tui.net.host_session import HostOptions, new_code

    pace = flags.pace or Pace.NORMAL.value
    seats = ([player] if player is not None else []) + [""] * open_seats
    # no --bots: no bots (every seat not left open is the host's or a friend's)
    flags = replace(flags, bots=flags.bots or "")
    settings = build_settings(flags, human_seats=seats)
    if not settings.humans:
        raise click.UsageError("a hosted table needs a seat for someone: use --open or a seat")
    if start_when is not None:
        bots_seated = len(settings.seats) - len(settings.humans)
        if start_when > len(settings.humans):
            raise click.BadParameter(
                f"the table has {len(settings.humans)} seats for players", param_hint="--start-when"
            )
        if start_when + bots_seated < 2:
            raise click.BadParameter(
                "a game needs two players: 2 or more, or a bot with --bots",
                param_hint="--start-when",
            )
    delays = pace_of(pace)
    return HostOptions(
        settings,
        code=(code or new_code()).upper(),
        host_seat=None if player is None else 0,
        away_timeout=away_timeout,
        hand_pause=delays.next_hand or 0.0,
        bot_delay=delays.bot,
        persist=True,
        reveal_delay=delays.reveal,
        # the host who plays may open the next game at the same table from the end screen
        keep_table=player is not None,
        start_when=start_when,
    )


def _closed(tr: Translator, address: str, server: object) -> None:
    """The table has closed: say so (and how to open it again, when a game was left)."""
    from holdem_tui.net.server import TableServer

    assert isinstance(server, TableServer)
    click.echo(tr.t("net.table_closed", address=address))
    if server.resumable:
        click.echo(tr.t("net.resume_hint", code=spaced_code(server.code)))


def _announce(tr: Translator, address: str, port: int, code: str) -> None:
    code = spaced_code(code)
    click.echo(tr.t("net.hosting", address=f"{address}:{port}", code=code))
    click.echo(tr.t("net.join_hint", command=f"holdem-tui join {address}:{port} --code {code}"))


def _listen_for_enter(server: object, loop: asyncio.AbstractEventLoop, tr: Translator) -> None:
    """Enter on the host's terminal (``--no-seat``: it has no table app) starts the table
    without the seats still open, as the host's lobby key does; an ended input stops it."""
    from holdem_tui.net.chairs import TablePhase
    from holdem_tui.net.server import TableServer

    assert isinstance(server, TableServer)

    def start() -> None:
        if server.phase != TablePhase.LOBBY:
            return
        try:
            server.start_now()
        except p.ProtocolError as exc:
            known = exc.reason in ("too_few_players", "not_now")
            click.echo(tr.t(f"net.problem.{exc.reason}") if known else exc.detail)
            return
        click.echo(tr.t("net.dealing_now"))

    def read() -> None:
        for _line in sys.stdin:
            try:
                loop.call_soon_threadsafe(start)
            except RuntimeError:  # the table has closed meanwhile
                return

    threading.Thread(target=read, name="host-terminal", daemon=True).start()


async def _serve_only(server: object, bind: str, port: int, tr: Translator) -> None:
    from holdem_tui.net.chairs import TablePhase
    from holdem_tui.net.server import TableServer

    assert isinstance(server, TableServer)
    try:
        bound = await server.start(bind, port)
    except OSError as exc:
        raise click.ClickException(tr.t("net.cannot_listen", detail=str(exc))) from None
    address = lan_address() if bind in ("0.0.0.0", "") else bind
    _announce(tr, address, bound, server.code)
    if server.phase == TablePhase.LOBBY:
        click.echo(tr.t("net.enter_to_start"))
        _listen_for_enter(server, asyncio.get_running_loop(), tr)
    try:
        await server.wait_closed()
    finally:
        await server.close()
        _closed(tr, f"{address}:{bound}", server)


def _serve_and_play(
    server: object,
    bind: str,
    port: int,
    player: str,
    tr: Translator,
    lang: str | None,
    pace: str,
) -> None:
    """The table in a background thread's event loop, the host's own screen in front."""
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.net.server import TableServer
    from holdem_tui.ui.joining import JoinTarget
    from holdem_tui.ui.remote import create_remote_app

    assert isinstance(server, TableServer)
    loop = asyncio.new_event_loop()
    started: list[int | BaseException] = []
    ready = threading.Event()

    async def open_table() -> None:
        try:
            started.append(await server.start(bind, port))
        except OSError as exc:
            started.append(exc)
        ready.set()

    thread = threading.Thread(target=loop.run_forever, name="table-server", daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(open_table(), loop)
    ready.wait()
    outcome = started[0]
    if isinstance(outcome, BaseException):
        loop.call_soon_threadsafe(loop.stop)
        raise click.ClickException(tr.t("net.cannot_listen", detail=str(outcome)))
    everywhere = bind in ("0.0.0.0", "")
    address = lan_address() if everywhere else bind
    # no "Table open at" printed here: the host's lobby shows the address and the code,
    # and a line left behind the app would still say the table is open once it is closed
    # the host's own app proves it is the host's with the token only this process knows;
    # it connects over loopback when the table listens everywhere, else where it listens
    target = JoinTarget(
        p.LOOPBACK if everywhere else bind,
        outcome,
        server.code,
        player,
        shown=f"{address}:{outcome}",
        token=server.options.host_token,
    )
    settings = GameSettings(lang=resolve_language(lang, None), pace=pace)
    app = create_remote_app(target, settings)
    try:
        app.run()
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)
    _closed(tr, f"{address}:{outcome}", server)
    if app.driver.exit_reason:
        click.echo(app.driver.exit_reason, err=True)
