"""Helpers for the network tests: a real table server on 127.0.0.1 and bare protocol clients.

Everything waits for conditions (a message arriving, the server's state changing), bounded by
a timeout, never for a fixed time; every socket is on the loopback address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.net import protocol as p
from holdem_tui.net.server import HostOptions, TableServer
from holdem_tui.settings import GameSettings
from holdem_tui.ui.scenes import CallingStation

LOOPBACK = "127.0.0.1"


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
    **settings: Any,
) -> TableServer:
    """A started table: ``humans`` open chairs (``reserved`` names first) and ``bots``."""
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
        hand_pause=0.0,
        bot_timeout=None,
        persist=persist,
    )
    server = TableServer(options)
    await server.start(LOOPBACK, 0)
    return server


def calling(view: PlayerView) -> Action:
    """Check or call; stand pat in a draw."""
    return CallingStation().decide(view)


class WireClient:
    """A bare protocol client that keeps every line it received, raw, for inspection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.raw: list[bytes] = []
        self.messages: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.closed = False
        #: a decision read by :meth:`next_decision` and not answered yet (:meth:`play` does)
        self.unanswered: dict[str, Any] | None = None

    @classmethod
    async def connect(cls, server: TableServer) -> WireClient:
        """Open a connection to the test table."""
        assert server.port is not None
        reader, writer = await asyncio.open_connection(
            LOOPBACK, server.port, limit=p.MAX_SERVER_LINE
        )
        return cls(reader, writer)

    @classmethod
    async def join(
        cls, server: TableServer, name: str, *, watch: bool = False, code: str | None = None
    ) -> WireClient:
        """Connect and say hello; waits for the answer."""
        client = await cls.connect(server)
        await client.send(p.hello(code or server.code, name, watch=watch))
        answer = await client.next()
        if answer["t"] == "welcome":
            client.seat = answer["seat"]
        return client

    async def send(self, message: dict[str, Any]) -> None:
        """One protocol message."""
        await self.send_raw(p.frame(message))

    async def send_raw(self, data: bytes) -> None:
        """Bytes as they are, garbage included."""
        self.writer.write(data)
        await self.writer.drain()

    async def next(self, kinds: tuple[str, ...] = (), timeout: float = 10.0) -> dict[str, Any]:
        """The next message (of one of ``kinds``, skipping others); fails at EOF or timeout."""
        async with asyncio.timeout(timeout):
            while True:
                line = await self.reader.readline()
                if not line:
                    self.closed = True
                    raise ConnectionError("the server closed the connection")
                self.raw.append(line)
                message: dict[str, Any] = json.loads(line)
                self.messages.append(message)
                if not kinds or message["t"] in kinds:
                    return message

    async def next_decision(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next state that asks this client to act."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.next(("state",))
                if message["decision"] is not None:
                    self.unanswered = message
                    return message

    async def play(
        self, decide: Callable[[PlayerView], Action] = calling, timeout: float = 60.0
    ) -> dict[str, Any]:
        """Answer every decision with ``decide`` until the session is over; returns ``over``."""
        async with asyncio.timeout(timeout):
            while True:
                message, self.unanswered = self.unanswered or await self.next(), None
                if message["t"] == "over":
                    return message
                if message["t"] == "state" and message["decision"] is not None:
                    state = p.decode_server(message, len(message["table"]["stacks"]))
                    assert isinstance(state, p.State) and state.view is not None
                    assert self.seat is not None
                    await self.send(p.act(self.seat, message["decision"], decide(state.view)))

    def kill(self) -> None:
        """Drop the connection the hard way (no goodbye), as a killed process would."""
        self.writer.transport.abort()
        self.closed = True

    async def close(self) -> None:
        """Hang up politely."""
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
