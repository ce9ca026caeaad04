"""The wire is encrypted with the join code (issue 27, item 8), tried on loopback.

A recording proxy sits between the clients and the table: what it saw holds no card and
no join code. A client of the plaintext protocol is refused in its own version; a wrong
code is refused and counted; a relay in the middle that terminates TLS on both sides is
caught by both ends (and never sees a hello); a table that does not hold the code cannot
pass itself off as the table.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json

from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.client import Connection
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.server import TableServer
from tests.support.net import WireClient, open_table


class RecordingProxy:
    """A TCP proxy on loopback that forwards both ways and keeps every byte it carried."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.seen = bytearray()
        self.port = 0
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._handle, LOOPBACK, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(LOOPBACK, self.target)
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while data := await reader.read(65536):
                self.seen += data
                writer.write(data)
                await writer.drain()
        writer.close()

    async def close(self) -> None:
        assert self._server is not None
        self._server.close()


def _every_card_as_the_wire_writes_it() -> list[bytes]:
    return [f'"{rank}{suit}"'.encode() for rank in "23456789TJQKA" for suit in "cdhs"]


async def test_a_capture_of_the_wire_holds_no_card_and_no_code() -> None:
    server = await open_table(humans=2, hands=3)
    assert server.port is not None
    proxy = RecordingProxy(server.port)
    await proxy.start()
    try:
        ana = await WireClient.join(server, "Ana", port=proxy.port)
        bo = await WireClient.join(server, "Bo", port=proxy.port)
        await asyncio.gather(ana.play(ready=True), bo.play(ready=True))
        clear = b"".join(ana.raw + bo.raw)
        # the clients did read hole cards: the capture would hold them were it plaintext
        cards = [token for token in _every_card_as_the_wire_writes_it() if token in clear]
        assert len(cards) >= 4
        seen = bytes(proxy.seen)
        assert len(seen) > len(clear) // 2  # the proxy carried the game
        for token in _every_card_as_the_wire_writes_it():
            assert token not in seen
        code = server.code.encode()
        for form in (code, code.lower(), secure.spaced_code(server.code).encode()):
            assert form not in seen
        for word in (b"Ana", b"hello", b'"t"', b"welcome", b"state"):
            assert word not in seen
        # only the greeting lines were in clear: the suite, and nothing of the table's
        greeting = secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE})
        assert seen.count(greeting) == 4  # each client's and the table's answer to it
        await ana.close()
        await bo.close()
    finally:
        await proxy.close()
        await server.close()


async def test_a_client_of_the_plaintext_protocol_is_refused_in_its_own_version() -> None:
    server = await open_table(humans=2)
    try:
        old = await WireClient.connect_plain(server)
        await old.send(p.hello(server.code, "Ana"))  # as version 3 opened: in clear
        line = await old.reader.readline()
        # readable by a v3 client: its own version number, its own refusal message
        refused = json.loads(line)
        assert refused["v"] == secure.PLAINTEXT_VERSION  # not the version spoken inside
        assert (refused["t"], refused["reason"]) == ("refused", "version")
        assert "encrypt" in refused["detail"]
        assert server.failures == {} and server.names()[0] is None
        await old.close()
    finally:
        await server.close()


async def test_a_wrong_code_is_refused_and_counted_before_any_hello() -> None:
    server = await open_table(humans=2)
    try:
        guess = await WireClient.connect(server, code="ABCDEFGHJK")
        assert (await guess.next())["reason"] == "wrong_code"
        assert server.failures == {LOOPBACK: 1}
        connection = await Connection.open(LOOPBACK, server.port or 0, "ZZZZZ-ZZZZZ", "Ana")
        refused = await connection.recv()
        assert isinstance(refused, p.Refused) and refused.reason == "wrong_code"
        assert server.failures == {LOOPBACK: 2} and server.names()[0] is None
        await connection.close()
        # the right code, typed in lower case with its dash, sits down
        typed = secure.spaced_code(server.code).lower()
        ana = await Connection.open(LOOPBACK, server.port or 0, typed, "Ana")
        assert isinstance(await ana.recv(), p.Welcome)
        await ana.close()
    finally:
        await server.close()


class TlsRelay:
    """A man in the middle who terminates TLS on both sides and relays the exchange.

    He does not know the code, so he passes the client's key exchange and proof on to the
    table and the table's back, hoping the two ends agree; ``heard`` keeps every line he
    could read.
    """

    def __init__(self, table: TableServer) -> None:
        self.table = table
        self.identity = secure.TableIdentity.generate()
        self.heard: list[bytes] = []
        self._server: asyncio.Server | None = None

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._handle, LOOPBACK, 0)
        port: int = self._server.sockets[0].getsockname()[1]
        return port

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError, secure.SecureError):
            await secure.upgrade_table(reader, writer, self.identity)
            up_reader, up_writer = await asyncio.open_connection(LOOPBACK, self.table.port)
            up_writer.write(secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE}))
            await up_reader.readline()
            await up_writer.start_tls(secure._client_context())
            await asyncio.gather(self._relay(reader, up_writer), self._relay(up_reader, writer))

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            while line := await reader.readline():
                self.heard.append(line)
                writer.write(line)
                await writer.drain()
        writer.close()

    async def close(self) -> None:
        assert self._server is not None
        self._server.close()


async def test_a_relay_in_the_middle_is_caught_and_hears_no_hello() -> None:
    server = await open_table(humans=2)
    relay = TlsRelay(server)
    port = await relay.start()
    try:
        connection = await Connection.open(LOOPBACK, port, server.code, "Ana", token="secret")
        refused = await connection.recv()
        # the client's proof names the relay's certificate: the table takes it for a guess
        assert isinstance(refused, p.Refused) and refused.reason == "wrong_code"
        assert server.failures == {LOOPBACK: 1}
        heard = b"".join(relay.heard)
        assert b"hello" not in heard and b"Ana" not in heard and b"secret" not in heard
        assert server.code.encode() not in heard
        await connection.close()
    finally:
        await relay.close()
        await server.close()


async def test_a_table_without_the_code_cannot_pass_for_the_table() -> None:
    """An impostor answers the key exchange with a guessed code and a made-up proof."""
    identity = secure.TableIdentity.generate()
    got: list[bytes] = []

    async def impostor(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            await secure.upgrade_table(reader, writer, identity)
            got.append(await reader.readline())  # the client's key exchange
            spake = secure._spake_table("AAAAABBBBB")
            writer.write(secure._line({"pake": base64.b64encode(spake.start()).decode()}))
            got.append(await reader.readline())  # the client's proof
            writer.write(secure._line({"proof": "00" * 32}))
            got.append(await reader.readline())  # nothing more: the client hangs up
            await writer.drain()

    fake = await asyncio.start_server(impostor, LOOPBACK, 0)
    try:
        port = fake.sockets[0].getsockname()[1]
        connection = await Connection.open(LOOPBACK, port, "CCCCC-DDDDD", "Ana")
        refused = await connection.recv()
        assert isinstance(refused, p.Refused) and refused.reason == "not_the_table"
        assert await connection.recv() is None
        assert all(b"Ana" not in line and b"CCCCC" not in line for line in got)
        assert "proof" in json.loads(got[1])
        await connection.close()
    finally:
        fake.close()


def test_codes_are_typed_in_any_case_with_or_without_dashes() -> None:
    assert secure.normalize_code(" abcde-fghjk ") == "ABCDEFGHJK"
    assert secure.spaced_code("abcdefghjk") == "ABCDE-FGHJK"
