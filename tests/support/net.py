"""Helpers for the network tests: a real table server on 127.0.0.1 and bare protocol clients.

Everything waits for conditions (a message arriving, the server's state changing), never for
a fixed time; a wait gives up only when nothing has arrived for :data:`hang.QUIET_LIMIT`
seconds (a hang), so a slow machine makes a session longer, never a failure. Every socket is
on the loopback address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.host_session import HostOptions
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.server import TableServer
from holdem_tui.session.controller import BotFactory
from tests.support.hang import QUIET_LIMIT
from tests.support.scenes import CallingStation


async def open_table(
    humans: int = 2,
    bots: tuple[str, ...] = (),
    *,
    game: str = "holdem",
    hands: int | None = 4,
    seed: int = 11,
    away_timeout: float = 60.0,
    persist: bool = False,
    reserved: tuple[str, ...] = (),
    host: str | None = None,
    keep_table: bool = False,
    reveal_delay: float = 0.0,
    hand_pause: float = 0.0,
    bot_factory: BotFactory | None = None,
    start_when: int | None = None,
    **settings: Any,
) -> TableServer:
    """A started table: ``humans`` open chairs (``reserved`` names first) and ``bots``.

    ``host`` names the host's own chair (the first; its app holds ``server.options.
    host_token``); ``keep_table`` keeps the table open after a game for the next one;
    ``bot_factory`` seats scripted bots (calling stations) in the bots' chairs;
    ``hand_pause`` is how long a hand's result stays before the host deals on without every
    seated player's word.
    """
    if host is not None:
        reserved = (host, *reserved)
    names = [*reserved, *([""] * (humans - len(reserved)))]
    game_settings = GameSettings.build(
        variant=game,
        humans=names,
        bots=bots,
        hand_limit=hands,
        seed=seed,
        pace="instant",
        **settings,
    )
    options = HostOptions(
        game_settings,
        away_timeout=away_timeout,
        hand_pause=hand_pause,
        bot_timeout=None,
        persist=persist,
        host_seat=None if host is None else 0,
        keep_table=keep_table,
        reveal_delay=reveal_delay,
        start_when=start_when,
    )
    server = TableServer(options, bot_factory=bot_factory)
    await server.start(LOOPBACK, 0)
    return server


def calling(view: PlayerView) -> Action:
    """Check or call; stand pat in a draw."""
    return CallingStation().decide(view)


def opening_bettor(view: PlayerView) -> Action:
    """Open every street with the smallest bet, call otherwise: pots to show down for.

    (Checked all the way, a draw hand with only antes ends with every hand mucked.)
    """
    legal = view.legal
    assert legal is not None
    if legal.can_raise and legal.is_bet:
        return Action.bet(legal.min_raise_to)
    return CallingStation().decide(view)


#: the reconnect keys the test clients were given, by (join code, name): a client joining
#: again with a name comes back as that player would, from the machine that kept the key
#: (a thief passes ``stranger=True``); the code names the table, as a player's keyring does
SEAT_KEYS: dict[tuple[str, str], str] = {}


class WireClient:
    """A bare protocol client that keeps every line it received, raw, for inspection.

    It also keeps its copy of the table as a v2 client must (a whole ``state`` replaces it,
    a ``delta`` is applied to it) in :attr:`state`; :attr:`pictures` lists every copy in
    order, for tests that compare them with what the server meant.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.raw: list[bytes] = []
        self.messages: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.seats: int | None = None
        self.closed = False
        self.state: p.State | None = None
        self.pictures: list[p.State] = []
        #: a decision read by :meth:`next_decision` and not answered yet (:meth:`play` does)
        self.unanswered: p.State | None = None
        #: the table's refusal during the secure handshake, read as its first message
        self.first: bytes | None = None
        self._port: int | None = None
        #: the table's code and the name this client joined with (its key's place)
        self.code = ""
        self.name = ""
        #: the reconnect key the table gave this client (net/seats.py)
        self.seat_token: str | None = None

    @classmethod
    async def connect(
        cls, server: TableServer, *, code: str | None = None, port: int | None = None
    ) -> WireClient:
        """Open an encrypted connection to the test table (keyed by ``code``, else the
        table's own; through ``port``, else straight to the table)."""
        assert server.port is not None
        reader, writer, refusal = await secure.connect(
            LOOPBACK, port or server.port, code or server.code
        )
        client = cls(reader, writer)
        client.first = refusal
        _ = client.port  # kept: a closed TLS connection no longer knows its address
        return client

    @classmethod
    async def connect_plain(cls, server: TableServer) -> WireClient:
        """A plaintext connection, as a client of an older version (or a stranger) opens."""
        assert server.port is not None
        reader, writer = await asyncio.open_connection(
            LOOPBACK, server.port, limit=p.MAX_SERVER_LINE
        )
        return cls(reader, writer)

    @classmethod
    async def join(
        cls,
        server: TableServer,
        name: str,
        *,
        watch: bool = False,
        code: str | None = None,
        token: str | None = None,
        port: int | None = None,
        seat_token: str | None = None,
        stranger: bool = False,
    ) -> WireClient:
        """Connect and say hello; waits for the answer.

        The reconnect key shown is ``seat_token``, else (unless ``stranger``) the one this
        name was given at this table before.
        """
        client = await cls.connect(server, code=code, port=port)
        client.code, client.name = code or server.code, name
        if seat_token is None and not stranger:
            seat_token = SEAT_KEYS.get((client.code, name))
        hello = p.hello(client.code, name, watch=watch, token=token, seat_token=seat_token)
        await client.send(hello)
        await client.next()
        return client

    @property
    def port(self) -> int:
        """This connection's own port (the server sees it as the peer's)."""
        if self._port is None:
            self._port = int(self.writer.get_extra_info("sockname")[1])
        return self._port

    async def send(self, message: dict[str, Any]) -> None:
        """One protocol message."""
        await self.send_raw(p.frame(message))

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are, garbage included."""
        self.writer.write(data)
        await self.writer.drain()

    async def next(self, kinds: tuple[str, ...] = (), quiet: float = QUIET_LIMIT) -> dict[str, Any]:
        """The next message (of one of ``kinds``, skipping others); fails at EOF, or when no
        message at all has come for ``quiet`` seconds."""
        while True:
            line, self.first = self.first, None
            if line is None:
                async with asyncio.timeout(quiet):
                    line = await self.reader.readline()
            if not line:
                self.closed = True
                raise ConnectionError("the server closed the connection")
            self.raw.append(line)
            message: dict[str, Any] = json.loads(line)
            self.messages.append(message)
            self._follow(line)
            if not kinds or message["t"] in kinds:
                return message

    def _follow(self, line: bytes) -> None:
        """Keep the copy of the table as a client must (strictly: a bad frame fails here)."""
        decoded = p.decode_server(p.parse_line(line), self.seats)
        if isinstance(decoded, p.Welcome):
            self.seat = decoded.seat
            if decoded.seat_token is not None:
                self.seat_token = decoded.seat_token
                SEAT_KEYS[(self.code, self.name)] = decoded.seat_token
            self.seats = len(decoded.settings.seats)
            self.state = None
        elif isinstance(decoded, p.State | p.Delta):
            state = decoded if isinstance(decoded, p.State) else p.apply_delta(self.state, decoded)
            self.state = state
            self.pictures.append(state)

    async def next_picture(self) -> p.State:
        """The table as the next ``state`` or ``delta`` leaves this client's copy."""
        await self.next(("state", "delta"))
        assert self.state is not None
        return self.state

    async def next_decision(self) -> p.State:
        """The next picture that asks this client to act."""
        while True:
            state = await self.next_picture()
            if state.decision is not None:
                self.unanswered = state
                return state

    async def play(
        self,
        decide: Callable[[PlayerView], Action] = calling,
        *,
        ready: bool = False,
    ) -> dict[str, Any]:
        """Answer every decision with ``decide`` until the session is over; returns ``over``.

        ``ready``: say so once each hand's result is on screen (the table then deals on).
        Each message is waited for with :meth:`next`'s no-progress limit, so a long session
        on a slow machine is waited for however long it takes.
        """
        readied: set[int] = set()
        while True:
            if self.unanswered is not None:
                state, self.unanswered = self.unanswered, None
                await self._answer(state, decide)
                continue
            message = await self.next()
            if message["t"] == "over":
                return message
            if message["t"] in ("state", "delta") and self.state is not None:
                await self._answer(self.state, decide)
                view = self.state.view
                done = ready and view is not None and view.complete
                if done and view is not None and view.hand_number not in readied:
                    readied.add(view.hand_number)
                    await self.send(p.ready())

    async def _answer(self, state: p.State, decide: Callable[[PlayerView], Action]) -> None:
        if state.decision is None:
            return
        assert state.view is not None and self.seat is not None
        await self.send(p.act(self.seat, state.decision, decide(state.view)))

    def kill(self) -> None:
        """Drop the connection the hard way (no goodbye), as a killed process would."""
        self.writer.transport.abort()
        self.closed = True

    async def close(self) -> None:
        """Hang up politely."""
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()


class HandClock:
    """A clock the test moves by hand (``now``), for the table's :class:`CodeGuard`."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
