"""The gate of a hosted table: who gets in, and what a connection may send once it is in.

Every byte a client sends passes here first, and a client may be anyone who knows the join
code, or nobody at all (a flood needs no code). The gate keeps a cap on connections that
have not proved the code yet (the silent ones make way first), encrypts each connection
and has it prove the join code (:mod:`holdem_tui.net.secure`, counted per address by
:class:`~holdem_tui.net.guard.CodeGuard`), takes the ``hello`` (in time, well formed, the
host's token, room to watch, a name a person could have), reads each frame with a hard
size limit, rate-limits every connection (a burst, then so many a second; the answer the
table waits for is never counted) and strikes each bad message with an ``error`` saying
why until a connection has had enough and is dropped. What a message *means* at the table
is not its business: :class:`~holdem_tui.net.server.TableServer` seats the person and
carries the message out.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from holdem_tui.engine.actions import IllegalAction
from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.guard import WAIT, CodeGuard
from holdem_tui.net.protocol import Refusal
from holdem_tui.session.snapshot import Snapshot

if TYPE_CHECKING:
    from holdem_tui.net.server import TableServer

log = logging.getLogger("holdem_tui.net")

#: seconds a new connection has to prove the code, and then to say hello
HELLO_TIMEOUT = 10.0
#: messages a client may send in a burst, and per second after it
RATE_BURST = 40
RATE_PER_SECOND = 20.0
#: refused messages before the connection is closed
MAX_STRIKES = 20
#: spectators at most
MAX_WATCHERS = 16

#: what a refused person reads, by refusal reason (the client words it in its language)
REFUSALS: dict[Refusal, str] = {
    Refusal.WRONG_CODE: "that is not this table's join code",
    Refusal.BAD_TOKEN: "that is not the host's token",
    Refusal.TOO_MANY_WATCHERS: "no room to watch",
    Refusal.TOO_MANY_ATTEMPTS: "too many wrong join codes from your address; try again later",
    Refusal.BUSY: "too many attempts at this table's code just now; try again in a minute",
    Refusal.SEAT_TAKEN: "a player with that name is already at the table",
    Refusal.SEAT_LOCKED: "that chair is kept for its player: only their own game (with its key) "
    "can take it back, or ask the host to hand it over to you",
    Refusal.NAME_TAKEN: "that name is taken at this table",
    Refusal.TABLE_FULL: "every seat is taken; join with --watch to look on",
    Refusal.STARTED: "the game started without you; join with --watch to look on, "
    "or come back for the next game at this table",
}


@dataclass(eq=False)
class Client:
    """One connection: who it is, what it may still send, and the picture it was sent.

    ``game`` is the game at this table the client was welcomed into (0: none yet); a
    player of an earlier game who has not said "again" gets nothing of the new one.
    ``sent`` is the snapshot its last picture (number ``seq``) told, the base of the next
    delta.
    """

    writer: asyncio.StreamWriter
    address: str
    name: str = ""
    seat: int | None = None
    watching: bool = False
    host: bool = False
    game: int = 0
    again: bool = False
    strikes: int = 0
    tokens: float = RATE_BURST
    refilled: float = 0.0
    closed: bool = False
    seq: int = 0
    sent: Snapshot | None = None
    #: the reconnect key it showed, then the one it holds (:mod:`holdem_tui.net.seats`);
    #: ``keys``: its hello said it reads one in its welcome
    seat_key: str | None = None
    keys: bool = False


class Gate:
    """The door of one :class:`~holdem_tui.net.server.TableServer`; see the module docstring."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        #: the certificate of this run's TLS (see :mod:`holdem_tui.net.secure`)
        self.identity: secure.TableIdentity | None = None
        #: set (and replaced) whenever a guess settles: the guesses told to wait ask again
        self._settled = asyncio.Event()
        #: connections that have not proved the code yet, the oldest first
        self._unproved: dict[Client, None] = {}
        #: those of them that have not said a word yet, the oldest first (they make way first)
        self._silent: dict[Client, None] = {}

    @property
    def guard(self) -> CodeGuard:
        """Who may try the join code, and when (the table's: a test may give it a clock)."""
        return self.table.guard

    def open(self) -> None:
        """A new certificate for this run of the table (before it listens)."""
        self.identity = secure.TableIdentity.generate()

    async def handle(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        inside: Callable[[Client, asyncio.StreamReader], Awaitable[None]],
    ) -> None:
        """One connection from its first byte to its end: let it in, then ``inside`` it."""
        table = self.table
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else "?"
        client = Client(writer, address)
        if self.guard.pending >= self.guard.pending_cap and self._unproved:
            # full: one that has never said a word goes first, else the one silent the
            # longest (an honest client greets at once and answers each step of the proof
            # in milliseconds), so a flood of idle sockets, however fast it reconnects,
            # cannot push out a player who is proving the code
            victim = next(iter(self._silent), None) or next(iter(self._unproved))
            self._unpend(victim, abort=True)
        if not self.guard.connect(address):  # this address holds its share already
            writer.transport.abort()
            return
        self._unproved[client] = None
        self._silent[client] = None
        table.track(asyncio.current_task())
        try:
            if await self._secure(client, reader):
                self._unpend(client)
                await inside(client, reader)
        except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError, secure.SecureError):
            pass
        except TimeoutError:  # no proof in time
            pass
        except asyncio.CancelledError:
            # the table is closing (its loop ends): a connection's task must not end
            # cancelled, since asyncio 3.11 prints a traceback for each such task
            pass
        except Exception:  # one broken connection must never take the table down
            if writer.transport is None or writer.transport.is_closing():
                # closed under its feet (made way for another): asyncio's TLS upgrade
                # fails on a transport already gone, which says nothing new
                log.debug("connection from %s closed during its handshake", address)
            else:
                log.exception("connection from %s failed", address)
        finally:
            self._unpend(client)
            table.drop(client)
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    def _heard(self, client: Client) -> None:
        """``client`` answered a step of the proof: the last in line to make way."""
        self._silent.pop(client, None)
        if client in self._unproved:
            del self._unproved[client]
            self._unproved[client] = None

    def _unpend(self, client: Client, *, abort: bool = False) -> None:
        """``client`` has proved the code, gone, or (``abort``) is closed to make room."""
        self._silent.pop(client, None)
        if client in self._unproved:
            del self._unproved[client]
            self.guard.proved_or_gone(client.address)
            if abort:
                client.writer.transport.abort()

    def _wake_waiting_guesses(self) -> None:
        settled, self._settled = self._settled, asyncio.Event()
        settled.set()

    async def _secure(self, client: Client, reader: asyncio.StreamReader) -> bool:
        """Encrypt the connection and check the client holds the join code (a SPAKE2 proof,
        :mod:`holdem_tui.net.secure`) before anything else is read; a failed proof counts
        as a wrong code."""
        identity = self.identity
        assert identity is not None
        async with asyncio.timeout(HELLO_TIMEOUT):
            heard = partial(self._heard, client)
            await secure.upgrade_table(reader, client.writer, identity, heard)
            # counted and checked at once, before the exchange runs (see net/guard.py)
            refusal = self.guard.try_guess(client.address)
            while refusal == WAIT:  # this address's earlier guesses decide first
                await self._settled.wait()
                refusal = self.guard.try_guess(client.address)
            if refusal is not None:
                self.refuse(client, Refusal(refusal))
                return False
            right = False
            code = self.table.code
            try:
                right = await secure.prove_table(reader, client.writer, identity, code, heard)
            finally:
                self.guard.settle(client.address, right)
                self._wake_waiting_guesses()
        if right:
            return True
        self.refuse(client, Refusal.WRONG_CODE)
        return False

    def refuse(self, client: Client, reason: Refusal) -> None:
        """Tell ``client`` it may not sit down, and why (see :data:`REFUSALS`)."""
        self.table.send(client, p.refused(reason, REFUSALS[reason]))

    def wrong_key(self, client: Client) -> None:
        """``client`` asked for a kept chair without its key, or with a wrong or voided one
        (:mod:`holdem_tui.net.seats`): a wrong secret, like a wrong code, so its address's
        budget pays for it (the back-off, then the lockout). A thief with the join code
        who floods hellos with guessed keys meets the wall a flood of guessed codes meets;
        the chair's own player, whose game shows the key, never does."""
        self.guard.count_failure(client.address)

    def _fail_attempt(self, client: Client, reason: Refusal) -> None:
        """A wrong secret in the hello (the code, the host's token): its address pays, and
        it is refused."""
        self.guard.count_failure(client.address)
        self.refuse(client, reason)

    async def read_line(self, client: Client, reader: asyncio.StreamReader) -> bytes | None:
        """The next frame, or ``None`` when the client is gone or sent an endless line."""
        try:
            line = await reader.readline()
        except ValueError:  # longer than the limit: no way to find the next frame
            detail = f"a line is at most {p.MAX_CLIENT_LINE} bytes"
            self.table.send(client, p.error("frame_too_large", detail))
            return None
        if not line.endswith(b"\n"):
            return None
        return line

    async def hello(self, client: Client, reader: asyncio.StreamReader) -> p.Hello | None:
        """The client's ``hello``, checked (``None``: refused, and told why).

        Marks the host's own connection (its token) and a spectator (room to watch); a
        player's name is checked as a name here, and the chair it asks for by the table.
        """
        table = self.table
        try:
            async with asyncio.timeout(HELLO_TIMEOUT):  # not wait_for: see HostLoop._wait
                line = await self.read_line(client, reader)
        except TimeoutError:
            table.send(client, p.refused("timeout", "no hello in time"))
            return None
        if line is None:
            return None
        try:
            message = p.decode_client(p.parse_line(line))
        except p.ProtocolError as exc:
            table.send(client, p.refused(exc.reason, exc.detail))
            return None
        if not isinstance(message, p.Hello):
            table.send(client, p.refused("bad_message", "say hello first"))
            return None
        if not hmac.compare_digest(message.code.strip().upper().encode(), table.code.encode()):
            self._fail_attempt(client, Refusal.WRONG_CODE)
            return None
        if message.token is not None:
            token = table.options.host_token.encode()
            if not hmac.compare_digest(message.token.encode(), token):
                self._fail_attempt(client, Refusal.BAD_TOKEN)
                return None
            client.host = True
        client.seat_key, client.keys = message.seat_token, message.keys
        if message.watch:
            watching = [c for c in table.clients if c.watching]
            mine = sum(1 for c in watching if c.address == client.address)
            cap = table.options.watchers_per_address
            if len(watching) >= MAX_WATCHERS or (cap is not None and mine >= cap):
                self.refuse(client, Refusal.TOO_MANY_WATCHERS)
                return None
            client.watching = True
        else:
            problem = p.check_name(message.name)
            if problem is not None:
                table.send(client, p.refused(Refusal.BAD_NAME, problem))
                return None
            client.name = message.name.strip()
        return message

    async def messages(
        self,
        client: Client,
        reader: asyncio.StreamReader,
        awaited: Callable[[Client, p.ClientMessage], bool],
    ) -> AsyncIterator[p.ClientMessage]:
        """Each well-formed message ``client`` sends within its rate, until it is gone.

        A malformed one is struck; the answer the table waits for (``awaited``) is never
        counted against the rate: the table asks at its own pace, and a bot client at a
        fast table answers faster than 20 a second.
        """
        loop = asyncio.get_running_loop()
        client.refilled = loop.time()
        while not client.closed:
            line = await self.read_line(client, reader)
            if line is None:
                return
            now = loop.time()
            client.tokens = min(
                RATE_BURST, client.tokens + (now - client.refilled) * RATE_PER_SECOND
            )
            client.refilled = now
            try:
                message = p.decode_client(p.parse_line(line))
            except p.ProtocolError as exc:
                if self._take_token(client):
                    self.strike(client, exc.reason, exc.detail)
                continue
            if not awaited(client, message) and not self._take_token(client):
                continue
            yield message

    def _take_token(self, client: Client) -> bool:
        """Count one message against the client's rate; False (and a strike) when over."""
        if client.tokens < 1:
            self.strike(client, "rate_limited", "too many messages; slow down")
            return False
        client.tokens -= 1
        return True

    def strike(
        self, client: Client, reason: str, detail: str, params: dict[str, Any] | None = None
    ) -> None:
        """One bad message: the client is told why; too many and it is dropped."""
        client.strikes += 1
        self.table.send(client, p.error(reason, detail, params))
        if client.strikes >= MAX_STRIKES:
            self.table.send(client, p.error("too_many_errors", "too many bad messages; goodbye"))
            self.table.drop(client)

    def strike_illegal(self, client: Client, exc: IllegalAction) -> None:
        """A move the engine refused: struck with the engine's reason and its numbers."""
        self.strike(client, "illegal", str(exc), {"key": exc.reason, **exc.params})
