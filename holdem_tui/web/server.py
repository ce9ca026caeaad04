"""``holdem-tui serve``'s web server: the page, one game process per tab, a bounded stop.

It is built from textual-serve's parts (the xterm.js client bundle and its font, and
:class:`~textual_serve.app_service.AppService`, see :mod:`.process`) rather than its
``Server``, because the things that server does not do are most of a server:

- **A tab is a game of its own.** Each tab gets its own data and config folders
  (:mod:`.tabs`), so its autosave, hand histories and settings are its own, two tabs never
  meet at one data lock, and a reload comes back to the same game (``play --resume``) or, at
  a served table, to the same seat.
- **The websocket address is right wherever the page was opened.** It is the public URL
  when one is given, else the address the browser itself used (its ``Host``), so
  ``--port 0`` and a page opened by another name work; a wildcard ``--host`` without a
  public URL is refused by the command, since the address to *print* cannot be known.
- **The page needs no internet** (:data:`PAGE`): the font and scripts come from here, and
  it says in words what happened when the connection closes, by the close codes in
  :class:`Closed`.
- **Stopping takes under a second**: every game is asked to quit, given
  :data:`~.process.QUIT_GRACE` to save, then its process group is killed.
- **Strangers' pages cannot drive a game.** The ``POST`` and the websocket must come from
  this server's own page (their ``Origin``), and the number of games is capped
  (``max_tabs``): a flood of tabs costs a refusal each, not a process each.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import string
from dataclasses import dataclass, field
from enum import IntEnum
from importlib import resources
from pathlib import Path
from typing import Any, Final, Protocol
from urllib.parse import urlsplit

import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from holdem_tui.i18n import Translator
from holdem_tui.storage.paths import CONFIG_ENV, DATA_ENV, autosave_path
from holdem_tui.web.process import TabProcess
from holdem_tui.web.tabs import Tab, Tickets, tab_key

log = logging.getLogger(__name__)

#: textual-serve's static files: the xterm.js client (``js/textual.js``), its CSS and font
STATIC: Final = Path(textual_serve.__file__).parent / "static"
#: where the client script is patched to hand its terminal to the page (see :func:`client_script`)
_CLIENT_ANCHOR: Final = "this.terminal.open("
#: the page every tab opens (``string.Template``: ``$lang``, ``$title``, ``$mode``, ``$text``)
PAGE: Final = "page.html"
#: the page's words, by key under ``web.`` in the locale files
PAGE_TEXT: Final = (
    "loading",
    "name_prompt",
    "sit_down",
    "watch",
    "reload",
    "new_game",
    "play_here",
    "ended",
    "elsewhere",
    "stopped",
    "failed",
    "full",
    "dropped",
)
#: largest ``POST /tab`` body read (a secret and a name)
MAX_BODY: Final = 1024


class Closed(IntEnum):
    """Why the server closed a tab's websocket; the page words each (1006: a dropped line)."""

    ENDED = 4000  # the game ended (Ctrl+Q, or the session is over): its save is kept
    ELSEWHERE = 4001  # the same tab's game was opened again (a reload, a copied tab)
    STOPPED = 4002  # the server is stopping
    FAILED = 4003  # the game never drew a screen
    FULL = 4004  # every game the server may run is taken


class Placement(Protocol):
    """What a served table says about a tab asking for a place (see :mod:`.table`)."""

    async def place(self, tab: Tab, name: str | None, watch: bool) -> str | None:
        """``None``: seated or watching; ``""``: ask for a name; else why not, in words."""
        ...

    def argv(self, tab: Tab) -> list[str]:
        """The ``join`` command line of the tab's seat."""
        ...

    async def released(self, tab: Tab) -> None:
        """Until the tab's seat is free for it to take back (its old connection gone)."""
        ...


@dataclass
class ServeOptions:
    """What each tab runs and where its files go.

    ``play_args`` are the ``play`` flags of a new game (``lang_args`` also go to a resumed
    game and a table seat); ``root`` holds one folder per tab under ``tabs/``.
    """

    root: Path
    tr: Translator
    play_args: tuple[str, ...] = ()
    lang_args: tuple[str, ...] = ()
    public_url: str | None = None
    max_tabs: int = 8
    table: Placement | None = None


@dataclass
class _Live:
    """A tab's open websocket and its game."""

    socket: web.WebSocketResponse
    process: TabProcess | None = None
    why: Closed | None = None


def client_script() -> bytes:
    """textual-serve's client with one change: the page (and the browser test) can reach
    the terminal (``window.textualClient``) to watch its socket and read its screen."""
    text = (STATIC / "js" / "textual.js").read_text(encoding="utf-8")
    if text.count(_CLIENT_ANCHOR) != 1:
        raise RuntimeError(
            "textual-serve's client script has changed shape; holdem-tui's web extra pins "
            "the textual-serve series it was tested with"
        )
    return text.replace(_CLIENT_ANCHOR, "(window.textualClient=this)," + _CLIENT_ANCHOR).encode()


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL, as a browser's ``Origin`` header says it."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def websocket_url(public_url: str | None, scheme: str, host: str, ticket: str) -> str:
    """The address a tab's websocket connects to: under the public URL if one is given,
    else at the host the browser itself used."""
    if public_url:
        base = public_url.rstrip("/")
        secure = base.startswith("https:")
        base = ("wss:" if secure else "ws:") + base.split(":", 1)[1]
    else:
        base = ("wss" if scheme == "https" else "ws") + "://" + host
    return f"{base}/ws/{ticket}"


@dataclass
class WebServer:
    """The server; :meth:`start` listens, :meth:`close` ends every game and stops."""

    options: ServeOptions
    tickets: Tickets = field(default_factory=Tickets)
    tabs: dict[str, Tab] = field(default_factory=dict)
    live: dict[str, _Live] = field(default_factory=dict)
    #: the next tab's game process, started ahead (see :mod:`holdem_tui.commands.web_tab`)
    _spare: TabProcess | None = None
    _runner: web.AppRunner | None = None
    _downloads: DownloadManager = field(default_factory=DownloadManager)
    _closing: bool = False
    _tasks: set[asyncio.Task[bool]] = field(default_factory=set)
    _client: bytes = b""
    _page: str = ""

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host:port`` (0: a free port); returns the port. ``OSError`` if taken."""
        self._client = client_script()
        self._page = (resources.files("holdem_tui.web") / PAGE).read_text(encoding="utf-8")
        app = web.Application(client_max_size=MAX_BODY)
        app.add_routes(
            [
                web.get("/", self._index),
                web.post("/tab", self._tab),
                web.get("/ws/{ticket}", self._websocket),
                web.get("/static/js/textual.js", self._script),
                web.static("/static", STATIC),
            ]
        )
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=0.1
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError:
            await self._runner.cleanup()
            self._runner = None
            raise
        self._spare = TabProcess(self._downloads, self.options.root)
        await self._spare.spawn()
        server = site._server
        assert isinstance(server, asyncio.Server)
        bound: int = server.sockets[0].getsockname()[1]
        return bound

    async def close(self) -> None:
        """End every game (each keeps its save) and stop listening, within a second."""
        self._closing = True
        if self._spare is not None:
            await self._spare.stop()
            self._spare = None
        live = list(self.live.values())
        for entry in live:
            entry.why = Closed.STOPPED
        await asyncio.gather(
            *(entry.process.stop() for entry in live if entry.process is not None),
            return_exceptions=True,
        )
        await asyncio.gather(
            *(entry.socket.close(code=Closed.STOPPED) for entry in live), return_exceptions=True
        )
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ the page

    def _text(self) -> dict[str, str]:
        tr = self.options.tr
        return {key: tr.t(f"web.{key}") for key in PAGE_TEXT}

    async def _index(self, request: web.Request) -> web.Response:
        text = json.dumps(self._text(), ensure_ascii=True).replace("</", "<\\/")
        page = string.Template(self._page).substitute(
            lang=self.options.tr.lang,
            title="holdem-tui",
            mode="table" if self.options.table is not None else "solo",
            text=text,
        )
        return web.Response(
            text=page,
            content_type="text/html",
            headers={"Cache-Control": "no-store", "Content-Security-Policy": _CSP},
        )

    async def _script(self, request: web.Request) -> web.Response:
        return web.Response(body=self._client, content_type="application/javascript")

    def _same_origin(self, request: web.Request) -> bool:
        """Whether the request comes from this server's own page (or from no page at all)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        allowed = {f"{request.scheme}://{request.host}"}
        if self.options.public_url:
            allowed.add(origin_of(self.options.public_url))
        return origin in allowed

    async def _tab(self, request: web.Request) -> web.Response:
        """A page asks for its game: a ticket to connect with, a question, or a refusal."""
        if not self._same_origin(request):
            raise web.HTTPForbidden()
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPBadRequest() from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest()
        key = tab_key(body.get("secret"))
        if key is None:
            raise web.HTTPBadRequest()
        if key not in self.live and len(self.live) >= self.options.max_tabs:
            return web.json_response({"problem": self.options.tr.t("web.full")})
        tab = self.tabs.get(key) or Tab(key, self.options.root / "tabs" / key)
        if self.options.table is not None:
            name = body.get("name")
            problem = await self.options.table.place(
                tab, name if isinstance(name, str) else None, body.get("watch") is True
            )
            if problem is not None:
                return web.json_response({"ask": problem == "", "problem": problem})
        self.tabs[key] = tab
        ticket = self.tickets.issue(key)
        url = websocket_url(self.options.public_url, request.scheme, request.host, ticket)
        return web.json_response({"ws": url}, headers={"Cache-Control": "no-store"})

    # ------------------------------------------------------------------ a tab's game

    def _argv(self, tab: Tab) -> list[str]:
        if self.options.table is not None:
            return self.options.table.argv(tab)
        if (tab.data / autosave_path().name).exists():
            return ["play", "--resume", *self.options.lang_args]
        return ["play", *self.options.play_args]

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        key = self.tickets.take(request.match_info["ticket"])
        if not self._same_origin(request) or key is None or key not in self.tabs:
            raise web.HTTPForbidden()
        await socket.prepare(request)
        if self._closing:
            await socket.close(code=Closed.STOPPED)
            return socket
        tab = self.tabs[key]
        before = self.live.get(key)
        if before is not None:  # the same tab again: the game follows the newest page
            before.why = Closed.ELSEWHERE
            if before.process is not None:
                await before.process.stop()
            await before.socket.close(code=Closed.ELSEWHERE)
        elif len(self.live) >= self.options.max_tabs:
            await socket.close(code=Closed.FULL)
            return socket
        entry = _Live(socket)
        self.live[key] = entry
        try:
            await self._play(request, tab, entry)
        finally:
            if self.live.get(key) is entry:
                del self.live[key]
            if entry.process is not None:
                await entry.process.stop()
            with contextlib.suppress(Exception):
                await socket.close(code=entry.why or Closed.ENDED)
        return socket

    async def _play(self, request: web.Request, tab: Tab, entry: _Live) -> None:
        if self.options.table is not None:
            await self.options.table.released(tab)
        width = _number(request.query.get("width"), 80)
        height = _number(request.query.get("height"), 24)
        tab.data.mkdir(parents=True, exist_ok=True)
        tab.config.mkdir(parents=True, exist_ok=True)
        socket = entry.socket

        async def ended(process: TabProcess) -> None:
            if entry.why is None:
                entry.why = Closed.ENDED if process.drew else Closed.FAILED
                if not process.drew:
                    log.warning("a tab's game did not start: %s", " ".join(process.argv))
            # not awaited here: the close waits for the page, whose reader may be waiting on us
            closing = asyncio.create_task(socket.close(code=entry.why))
            self._tasks.add(closing)
            closing.add_done_callback(self._tasks.discard)

        process = await self._take_spare()
        entry.process = process
        await process.claim(
            self._argv(tab),
            {DATA_ENV: str(tab.data), CONFIG_ENV: str(tab.config)},
            (width, height),
            write_bytes=socket.send_bytes,
            write_str=socket.send_str,
            on_end=ended,
        )
        log.info("a tab's game started (process %s); its files: %s", process.pid, tab.folder)
        await _relay(socket, process)

    async def _take_spare(self) -> TabProcess:
        """The game process started ahead (a new one if it is not ready); the next one
        starts now, for the next tab."""
        spare = self._spare
        self._spare = None
        if spare is None or not spare.ready:
            if spare is not None:
                await spare.stop()
            spare = TabProcess(self._downloads, self.options.root)
            await spare.spawn()
        if not self._closing:
            self._spare = TabProcess(self._downloads, self.options.root)
            await self._spare.spawn()
        return spare


async def _relay(socket: web.WebSocketResponse, process: TabProcess) -> None:
    """The page's keys, sizes and focus to the game, until the page goes."""
    async for message in socket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(message.data)
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope:
            continue
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            await process.send_bytes(data.encode("utf-8"))
        elif kind == "resize" and isinstance(data, dict):
            await process.set_terminal_size(
                _number(data.get("width"), 80), _number(data.get("height"), 24)
            )
        elif kind == "ping":
            await socket.send_json(["pong", data])
        elif kind == "blur":
            await process.blur()
        elif kind == "focus":
            await process.focus()


def _number(value: Any, default: int) -> int:
    """A terminal size from the page: a whole number from 1 to 1000, else ``default``."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return number if 1 <= number <= 1000 else default


#: the page runs only what this server sent (its inline scripts included) and connects only here
_CSP: Final = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self' ws: wss:; img-src 'self' data:; font-src 'self'"
)
