"""The network table's smaller holes (issue 27, item 9), tried on loopback.

A name that is a style tag is refused; one code holder cannot fill the spectators' room; a
name that joins the lobby and drops keeps no chair from a real friend; a table that closes
with connections that never proved the code ends them without a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

import pytest

from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.gate import MAX_WATCHERS
from holdem_tui.net.host_session import WATCHERS_PER_ADDRESS
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.server import TableServer
from tests.support.net import WireClient, open_table


@pytest.mark.parametrize("name", ["[$accent]Hosty", "Ana]", "[b]Bo[/b]"])
async def test_a_name_that_is_markup_is_refused(name: str) -> None:
    assert p.check_name(name) == "a name may not hold square brackets"
    server = await open_table(humans=2)
    try:
        client = await WireClient.join(server, name)
        assert client.messages[-1]["t"] == "refused"
        assert client.messages[-1]["reason"] == "bad_name"
        assert server.names() == [None, None]
    finally:
        await server.close()


async def test_one_address_cannot_take_every_watchers_place() -> None:
    server = await open_table(humans=2)
    try:
        watchers = [await WireClient.join(server, "", watch=True) for _ in range(4)]
        assert all(w.messages[-1]["t"] == "welcome" for w in watchers)
        fifth = await WireClient.join(server, "", watch=True)
        assert fifth.messages[-1]["reason"] == "too_many_watchers"
        assert len(watchers) == WATCHERS_PER_ADDRESS < MAX_WATCHERS
        # a player from the same address still sits down: the cap is on watching only
        ana = await WireClient.join(server, "Ana")
        assert ana.messages[-1]["t"] == "welcome"
        for client in (*watchers, ana):
            await client.close()
    finally:
        await server.close()


async def test_a_table_without_the_cap_lets_every_tab_watch() -> None:
    """``serve --table``: every browser tab watches from loopback."""
    server = await open_table(humans=2)
    server.options = replace(server.options, watchers_per_address=None)
    try:
        watchers = [await WireClient.join(server, "", watch=True) for _ in range(MAX_WATCHERS)]
        assert all(w.messages[-1]["t"] == "welcome" for w in watchers)
        extra = await WireClient.join(server, "", watch=True)
        assert extra.messages[-1]["reason"] == "too_many_watchers"
        for client in watchers:
            await client.close()
    finally:
        await server.close()


async def test_a_name_that_joins_and_drops_keeps_no_lobby_chair() -> None:
    server = await open_table(humans=2, reserved=("Host",))
    try:
        ghost = await WireClient.join(server, "Ghost")
        assert server.names() == ["Host", "Ghost"]
        ghost.kill()
        await server.wait_until(lambda: server.names() == ["Host", None])
        ana = await WireClient.join(server, "Ana")
        assert ana.messages[-1]["t"] == "welcome" and server.names() == ["Host", "Ana"]
        # a chair kept for a name (the host's, a resumed table's) stays kept when it drops
        host = await WireClient.join(server, "Host")
        await server.wait_until(lambda: server.phase != "lobby")
        await ana.close()
        await host.close()
    finally:
        await server.close()


async def _stalled(server: TableServer) -> asyncio.StreamWriter:
    """A connection that gets as far as TLS and then says nothing."""
    assert server.port is not None
    reader, writer = await asyncio.open_connection(LOOPBACK, server.port)
    writer.write(secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE}))
    await reader.readline()
    await writer.start_tls(secure._client_context())
    return writer


async def test_closing_with_unauthenticated_connections_prints_no_traceback() -> None:
    """``host --no-seat`` ending its game with sockets that never proved the code."""
    loop = asyncio.get_running_loop()
    problems: list[dict[str, Any]] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: problems.append(context))
    server = await open_table(humans=2)
    try:
        stalled = [await _stalled(server) for _ in range(3)]
        plain_reader, plain = await asyncio.open_connection(LOOPBACK, server.port)
        await server.close()
        for writer in stalled:
            writer.close()
        plain.close()
        for writer in (*stalled, plain):
            with contextlib.suppress(ConnectionError, OSError):
                await writer.wait_closed()
        assert await plain_reader.read() == b""
        assert problems == []
    finally:
        loop.set_exception_handler(previous)
