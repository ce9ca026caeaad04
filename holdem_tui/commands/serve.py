"""``holdem-tui serve``: play in a web browser, one game per tab, or one table for all tabs.

Needs the ``web`` extra (``pip install "holdem-tui[web]"``). The flags of the game are
``play``'s, checked here before anything listens, so a typo is a line on the command line,
not a broken page. ``--table`` opens a network table instead (``host``'s table flags), at
which every tab sits down as a player or watches. The server prints the address to open;
Ctrl+C (or SIGTERM) stops it, and every game with it, within a second, each keeping its save.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

import click

from holdem_tui.commands.host import away_option, start_when_option, table_options
from holdem_tui.commands.options import address_option, port_option, whole_option
from holdem_tui.commands.play import BOTS_HELP, GameFlags, build_settings, game_options
from holdem_tui.engine.variants import MAX_SEATS
from holdem_tui.game_settings import Pace
from holdem_tui.i18n import Translator, get_translator, resolve_language

if TYPE_CHECKING:
    from holdem_tui.net.host_session import HostOptions
    from holdem_tui.storage.autosave import LoadResult
    from holdem_tui.web.table import ServedTable

#: the port ``serve`` listens on unless told otherwise (``host`` has 7477)
DEFAULT_PORT: Final = 7480
#: hosts that listen on every interface: the address players open cannot be known
WILDCARDS: Final = frozenset({"0.0.0.0", "::", ""})


def flags_argv(flags: GameFlags) -> list[str]:
    """The ``play`` command line that gives a tab's game these flags (only those set)."""
    default = GameFlags()
    argv: list[str] = []
    for item in fields(GameFlags):
        value = getattr(flags, item.name)
        if value is None or value == getattr(default, item.name):
            continue
        flag = "--bot" if item.name == "plugins" else f"--{item.name}"
        for one in value if isinstance(value, tuple) else (value,):
            argv += [flag, str(one)]
    return argv


def page_url(host: str, port: int, public_url: str | None) -> str:
    """The address to open, as printed."""
    if public_url:
        return public_url if public_url.endswith("/") else public_url + "/"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


@click.command(name="serve")
@game_options(BOTS_HELP)
@address_option("--host", "127.0.0.1", "0.0.0.0: every interface; then give --public-url")
@port_option(DEFAULT_PORT)
@click.option(
    "--public-url",
    default=None,
    metavar="URL",
    help="The address players open, e.g. http://192.168.1.20:7480/ or behind a proxy.",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where each tab's folder goes [default: web/ in the game's data folder].",
)
@whole_option(
    "--max-tabs", low=1, high=64, default=8, help="Games (tabs) running at once; more are refused."
)
@click.option("--table", is_flag=True, help="One network table: every tab sits down or watches.")
@whole_option(
    "--open",
    "open_seats",
    low=1,
    high=MAX_SEATS,
    default=2,
    help="With --table: seats for the players who open the page.",
)
@start_when_option
@away_option
@click.option(
    "--resume",
    is_flag=True,
    help="With --table: open the last served table again where it stopped, same join code.",
)
def command(
    flags: GameFlags,
    host: str,
    port: int,
    public_url: str | None,
    data_dir: Path | None,
    max_tabs: int,
    table: bool,
    open_seats: int,
    start_when: int | None,
    away_timeout: float,
    resume: bool,
) -> None:
    """Play in a web browser: a game per tab, or one table for every tab."""
    tr = get_translator(resolve_language(flags.lang, None))
    try:
        import aiohttp  # noqa: F401 - only to say clearly that the extra is missing
        import textual_serve  # noqa: F401
    except ImportError:
        raise click.ClickException(tr.t("web.needs_extra")) from None
    if host in WILDCARDS and not public_url:
        raise click.UsageError(tr.t("web.wildcard", host=host or "''"))
    if public_url and not public_url.startswith(("http://", "https://")):
        raise click.BadParameter("http://… or https://…", param_hint="--public-url")
    if resume and not table:
        raise click.UsageError(tr.t("web.resume_needs_table"))
    from holdem_tui.storage.paths import data_dir as game_data_dir

    root = (data_dir or game_data_dir() / "web").expanduser().resolve()
    lang_args = ("--lang", flags.lang) if flags.lang else ()
    resumed: LoadResult | None = None
    if table:
        resumed = _table_save(root, tr) if resume else None
        options = table_options(
            replace(flags, pace=flags.pace or Pace.NORMAL.value),
            player=None,
            open_seats=open_seats,
            code=None,
            away_timeout=away_timeout,
            start_when=start_when,
        )
        play_args: list[str] = []
    else:
        build_settings(flags)  # a wrong flag is said here, not in every tab
        from holdem_tui.bots.registry import discard_checked

        discard_checked()  # each tab's game starts its own plugins: end the checked ones
        play_args = flags_argv(flags)
        options = None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(
        _serve(tr, host, port, public_url, root, max_tabs, play_args, lang_args, options, resumed)
    )


async def _serve(
    tr: Translator,
    host: str,
    port: int,
    public_url: str | None,
    root: Path,
    max_tabs: int,
    play_args: list[str],
    lang_args: tuple[str, ...],
    table_options: HostOptions | None,
    resumed: LoadResult | None = None,
) -> None:
    from holdem_tui.web.server import ServeOptions, WebServer

    options = ServeOptions(
        root,
        tr,
        play_args=tuple(play_args),
        lang_args=lang_args,
        public_url=public_url,
        max_tabs=max_tabs,
    )
    served = None
    if table_options is not None:
        served = await _open_table(root, table_options, tr, lang_args, resumed)
        options.table = served
    server = WebServer(options)
    try:
        bound = await server.start(host, port)
    except OSError as exc:
        if served is not None:
            await served.close()
        raise click.ClickException(
            tr.t("web.cannot_listen", address=f"{host}:{port}", detail=_reason(exc))
        ) from None
    url = page_url(host, bound, public_url)
    if served is not None:
        served.page_url = url
    click.echo(tr.t("web.serving_table" if served else "web.serving", url=url))
    click.echo(tr.t("web.folders", path=str(root)))
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        click.echo(tr.t("web.stopping"))
        await server.close()
        if served is not None:
            await served.close()
            if served.server.resumable:
                click.echo(tr.t("web.table_saved"))


def _reason(exc: OSError) -> str:
    """ "Address already in use", not the web library's sentence around it."""
    return os.strerror(exc.errno) if exc.errno else str(exc)


def _table_folder(root: Path) -> None:
    """The served table keeps its autosave and histories in ``root/table``, apart from
    ``host``'s own (so neither resumes the other's table)."""
    from holdem_tui.storage.paths import DATA_ENV

    folder = root / "table"
    folder.mkdir(parents=True, exist_ok=True)
    os.environ[DATA_ENV] = str(folder)


def _table_save(root: Path, tr: Translator) -> LoadResult:
    """The served table's autosave, read before anything listens; none is one line, exit 1."""
    from holdem_tui.net.host_session import host_save_file

    _table_folder(root)
    loaded = host_save_file().load()
    if loaded.session is None:
        click.echo(loaded.message(tr) or tr.t("storage.no_save"), err=True)
        sys.exit(1)
    return loaded


async def _open_table(
    root: Path,
    options: HostOptions,
    tr: Translator,
    lang_args: tuple[str, ...],
    resumed: LoadResult | None = None,
) -> ServedTable:
    """The served table (``resumed``: where its autosave left it, the same code and chairs)."""
    from holdem_tui.net.server import TableServer
    from holdem_tui.web.table import ServedTable

    _table_folder(root)
    # every tab watches from loopback: the per-address cap on spectators would stop the 5th
    server = TableServer(replace(options, watchers_per_address=None), resumed=resumed)
    served = ServedTable(server, tr, lang_args)
    await served.open()
    return served
