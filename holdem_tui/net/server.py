"""The host's table server: one :class:`Session` driven over TCP, every client untrusted.

Why asyncio streams with JSON lines rather than ``websockets``: the clients are our own
terminal programs, not browsers, so the HTTP upgrade and masking of websockets buy nothing;
newline framing with a bounded ``readline`` gives a hard size limit per frame with no new
dependency, and it is the same one-object-per-line framing a plugin bot process speaks.

The server owns the only :class:`~holdem_tui.engine.hand.Hand`. A client only ever receives
what :meth:`Session.view_for` gives its own seat (spectators: a seatless view), so another
seat's hidden card or the deck cannot reach a socket; the seed never leaves the host either.
Everything a client sends is checked here before it reaches the engine: the join code, the
frame size, the schema, the seat (its own), the decision number (the current one), the
action (legal now), and the rate. A bad message gets an ``error`` naming why; twenty of them
end that connection, never the table.

A human seat whose player drops keeps its chips; when it is to act, it waits
``away_timeout`` seconds for the player to come back, then checks or folds (and from then
on at once, until the player reconnects with the same code and name).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.view import PlayerView
from holdem_tui.net import protocol as p
from holdem_tui.settings import HUMAN, GameSettings
from holdem_tui.storage.autosave import LoadResult, SaveFile
from holdem_tui.storage.paths import data_dir
from holdem_tui.ui.controller import BotFactory, Session

log = logging.getLogger("holdem_tui.net")

#: seconds a new connection has to say hello
HELLO_TIMEOUT = 10.0
#: messages a client may send in a burst, and per second after it
RATE_BURST = 40
RATE_PER_SECOND = 20.0
#: refused messages before the connection is closed
MAX_STRIKES = 20
#: wrong join codes from one address before it is refused outright
MAX_CODE_FAILURES = 20
#: spectators at most
MAX_WATCHERS = 16
#: bytes waiting in one client's socket buffer before it counts as gone (not reading)
MAX_BACKLOG = 8 * 1024 * 1024


def new_code() -> str:
    """A short join code that reads unambiguously aloud and on screen."""
    return "".join(secrets.choice(p.CODE_ALPHABET) for _ in range(p.CODE_LENGTH))


def host_save_file() -> SaveFile:
    """The host's autosave, apart from ``play``'s so neither resumes the other's table."""
    return SaveFile(data_dir() / "host-autosave.json")


@dataclass
class HostOptions:
    """How the table runs: who may sit, how long it waits, whether it keeps a save.

    ``settings`` seats every chair; a human chair with an empty name is open for a friend,
    one with a name is reserved (the host's own, or a seat of a resumed table).
    """

    settings: GameSettings
    code: str = field(default_factory=new_code)
    host_seat: int | None = None
    away_timeout: float = 30.0
    hand_pause: float = 5.0
    bot_delay: float = 0.0
    bot_timeout: float | None = 5.0
    persist: bool = False


class HostSession(Session):
    """A :class:`Session` whose autosave also remembers the join code and the host's chair."""

    join_code = ""
    host_seat: int | None = None

    def start_storage(self, save_file: SaveFile | None = None) -> None:
        """Keep the hosted session on disk in the host's own save file."""
        super().start_storage(save_file or host_save_file())

    def score_data(self) -> dict[str, Any]:
        """The score plus what ``host --resume`` needs to open the same table again."""
        return {**super().score_data(), "join_code": self.join_code, "host_seat": self.host_seat}


@dataclass(eq=False)
class Client:
    """One connection: who it is and what it may still send."""

    writer: asyncio.StreamWriter
    address: str
    seat: int | None = None
    watching: bool = False
    strikes: int = 0
    tokens: float = RATE_BURST
    refilled: float = 0.0
    closed: bool = False


class TableServer:
    """Serve one table until the session ends; see the module docstring for the rules."""

    def __init__(
        self,
        options: HostOptions,
        *,
        bot_factory: BotFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
        resumed: LoadResult | None = None,
    ) -> None:
        self.options = options
        self.bot_factory = bot_factory
        self.clock = clock
        self.settings = options.settings.with_seed()
        self.session: HostSession | None = None
        if resumed is not None:
            self._resume(resumed)
        self.clients: list[Client] = []
        self.failures: dict[str, int] = {}
        self.decision = 0
        self.pending: int | None = None  # the human chair whose answer is awaited
        self.sitting_out: set[int] = set()
        self.ready: set[int] = set()
        self.finished = False
        self.actions_applied = 0
        #: (decision number, loop time its state went to the actor's socket)
        self.sent_at: dict[int, float] = {}
        #: loop seconds from sending a decision to its answer arriving, per human decision
        self.round_trips: list[float] = []
        #: the port listened on, once started
        self.port: int | None = None
        self._server: asyncio.Server | None = None
        self._driver: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._changed = asyncio.Condition()
        self._seated = asyncio.Event()
        self._finished_hand: int | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._encoder = p.ViewEncoder()
        self._check_seated()

    # ------------------------------------------------------------------ seats

    @property
    def code(self) -> str:
        """The join code a client must present."""
        return self.options.code

    def human_seats(self) -> tuple[int, ...]:
        """Chairs played by people (the host's included)."""
        return self.settings.humans

    def connected(self, seat: int) -> bool:
        """Whether a player is at this chair right now."""
        return any(c.seat == seat and not c.closed for c in self.clients)

    def names(self) -> list[str | None]:
        """Every chair's name, ``None`` for a chair still open."""
        names: list[str | None] = []
        for index, seat in enumerate(self.settings.seats):
            if seat.kind == HUMAN and not seat.name:
                names.append(None)
            else:
                names.append(self.settings.seat_names()[index])
        return names

    def _claim(self, name: str) -> int | str:
        """The chair for ``name`` (reserved, or the first open one), else why not."""
        for index, seat in enumerate(self.settings.seats):
            if seat.kind == HUMAN and seat.name == name:
                return "seat_taken" if self.connected(index) else index
        if name in self.settings.seat_names():
            return "name_taken"
        if self.session is not None:
            return "table_full"
        for index, seat in enumerate(self.settings.seats):
            if seat.kind == HUMAN and not seat.name:
                seats = list(self.settings.seats)
                seats[index] = replace(seat, name=name)
                self.settings = replace(self.settings, seats=tuple(seats))
                return index
        return "table_full"

    def _check_seated(self) -> None:
        """Deal once every chair has its player (a resumed table: once each came back)."""
        humans = self.human_seats()
        if all(self.settings.seats[s].name for s in humans) and all(
            self.connected(s) for s in humans
        ):
            self._seated.set()

    # ------------------------------------------------------------------ lifecycle

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (0: any free port) and start the table; returns the port."""
        self._server = await asyncio.start_server(self._handle, host, port, limit=p.MAX_CLIENT_LINE)
        self._driver = asyncio.create_task(self._drive())
        sockets = self._server.sockets
        bound: int = sockets[0].getsockname()[1]
        self.port = bound
        log.info("table open on %s:%d", host, bound)
        return bound

    async def wait_closed(self) -> None:
        """Until the session is over (or the server is closed)."""
        if self._driver is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver

    async def close(self) -> None:
        """Stop the table: save where it is, drop every connection, stop listening."""
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
        if self.session is not None and not self.finished:
            self.session.save()
        if self._server is not None:
            self._server.close()
        leaving = list(self.clients)
        for client in leaving:
            self._drop(client)
        if self._handlers:  # a moment to send what is buffered, then hang up regardless
            await asyncio.wait(self._handlers, timeout=1.0)
        for client in leaving:
            client.writer.transport.abort()
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=1.0)
        if self._server is not None:
            await self._server.wait_closed()

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Return once ``condition()`` holds (checked on every change); tests wait on this."""
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(condition)

    def _notify(self) -> None:
        async def notify() -> None:
            async with self._changed:
                self._changed.notify_all()

        asyncio.get_running_loop().create_task(notify())

    # ------------------------------------------------------------------ connections

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else "?"
        client = Client(writer, address)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        try:
            if await self._greet(client, reader):
                await self._read_loop(client, reader)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except Exception:  # one broken connection must never take the table down
            log.exception("connection from %s failed", address)
        finally:
            self._drop(client)
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _read_line(self, client: Client, reader: asyncio.StreamReader) -> bytes | None:
        """The next frame, or ``None`` when the client is gone or sent an endless line."""
        try:
            line = await reader.readline()
        except ValueError:  # longer than the limit: no way to find the next frame
            self._send(
                client, p.error("frame_too_large", f"a line is at most {p.MAX_CLIENT_LINE} bytes")
            )
            return None
        if not line.endswith(b"\n"):
            return None
        return line

    async def _greet(self, client: Client, reader: asyncio.StreamReader) -> bool:
        if self.failures.get(client.address, 0) >= MAX_CODE_FAILURES:
            self._send(client, p.refused("too_many_attempts", "too many wrong join codes"))
            return False
        try:
            line = await asyncio.wait_for(self._read_line(client, reader), HELLO_TIMEOUT)
        except TimeoutError:
            self._send(client, p.refused("timeout", "no hello in time"))
            return False
        if line is None:
            return False
        try:
            message = p.decode_client(p.parse_line(line))
        except p.ProtocolError as exc:
            self._send(client, p.refused(exc.reason, exc.detail))
            return False
        if not isinstance(message, p.Hello):
            self._send(client, p.refused("bad_message", "say hello first"))
            return False
        if not hmac.compare_digest(message.code.strip().upper().encode(), self.code.encode()):
            self.failures[client.address] = self.failures.get(client.address, 0) + 1
            self._send(client, p.refused("wrong_code", "that is not this table's join code"))
            return False
        if message.watch:
            if sum(1 for c in self.clients if c.watching) >= MAX_WATCHERS:
                self._send(client, p.refused("too_many_watchers", "no room to watch"))
                return False
            client.watching = True
        else:
            problem = p.check_name(message.name)
            if problem is not None:
                self._send(client, p.refused("bad_name", problem))
                return False
            claim = self._claim(message.name.strip())
            if isinstance(claim, str):
                self._send(client, p.refused(claim, _REFUSALS[claim]))
                return False
            client.seat = claim
            self.sitting_out.discard(claim)
        self.clients.append(client)
        log.info("%s joined from %s", message.name or "a spectator", client.address)
        self._send(client, p.welcome(client.seat, self.settings))
        self._check_seated()
        self._broadcast()
        self._wake.set()
        return True

    async def _read_loop(self, client: Client, reader: asyncio.StreamReader) -> None:
        loop = asyncio.get_running_loop()
        client.refilled = loop.time()
        while not client.closed:
            line = await self._read_line(client, reader)
            if line is None:
                return
            now = loop.time()
            client.tokens = min(
                RATE_BURST, client.tokens + (now - client.refilled) * RATE_PER_SECOND
            )
            client.refilled = now
            if client.tokens < 1:
                self._strike(client, "rate_limited", "too many messages; slow down")
                continue
            client.tokens -= 1
            try:
                message = p.decode_client(p.parse_line(line))
                self._apply(client, message)
            except p.ProtocolError as exc:
                self._strike(client, exc.reason, exc.detail)
            except IllegalAction as exc:
                self._strike(client, "illegal", str(exc), {"key": exc.reason, **exc.params})

    def _strike(
        self, client: Client, reason: str, detail: str, params: dict[str, Any] | None = None
    ) -> None:
        client.strikes += 1
        self._send(client, p.error(reason, detail, params))
        if client.strikes >= MAX_STRIKES:
            self._send(client, p.error("too_many_errors", "too many bad messages; goodbye"))
            self._drop(client)

    def _apply(self, client: Client, message: p.ClientMessage) -> None:
        """Carry out one checked message, or raise why it cannot be."""
        session = self.session
        if isinstance(message, p.Hello):
            raise p.ProtocolError("bad_message", "already seated")
        if client.seat is None:
            raise p.ProtocolError("not_seated", "spectators cannot act")
        if session is None:
            raise p.ProtocolError("not_started", "the first hand is not dealt yet")
        if isinstance(message, p.Ready):
            self.ready.add(client.seat)
            self._wake.set()
            return
        if isinstance(message, p.Show):
            if not session.can_show(client.seat) or self.pending is not None:
                raise p.ProtocolError("cannot_show", "nothing to show now")
            session.show(client.seat)
            self._broadcast()
            return
        if message.seat != client.seat:
            raise p.ProtocolError("not_your_seat", f"you sit at seat {client.seat}")
        if self.pending != client.seat:
            raise IllegalAction("not_your_turn", "it is not your turn")
        if message.decision != self.decision:
            raise p.ProtocolError("stale_decision", f"decision {self.decision} is open")
        session.act(client.seat, message.action)
        started = self.sent_at.pop(message.decision, None)
        if started is not None:
            self.round_trips.append(asyncio.get_running_loop().time() - started)
        self.actions_applied += 1
        self.pending = None
        self._wake.set()

    def _drop(self, client: Client) -> None:
        if client.closed:
            return
        client.closed = True
        client.writer.close()  # what is buffered still goes out; then the reader sees EOF
        if client in self.clients:
            self.clients.remove(client)
        if client.seat is not None:
            log.info("seat %d dropped", client.seat)
            self._broadcast()
        self._wake.set()
        self._notify()

    def _send(self, client: Client, message: dict[str, Any]) -> None:
        """Hand a frame to the socket at once (the event loop writes it out as it can)."""
        if client.closed:
            return
        transport = client.writer.transport
        if transport.is_closing():
            self._drop(client)
            return
        if transport.get_write_buffer_size() > MAX_BACKLOG:  # not reading: gone for the table
            self._drop(client)
            return
        client.writer.write(p.frame(message))

    # ------------------------------------------------------------------ telling the table

    def table_state(self) -> p.TableState:
        """What every client may know about the chairs now."""
        session = self.session
        assert session is not None
        count = session.seat_count
        hand = session.hand
        last = hand is not None and (
            session.is_last_hand() if not hand.is_complete else session.is_over()
        )
        return p.TableState(
            stacks=tuple(session.stack(s) for s in range(count)),
            busted=tuple(session.table.seats[s].busted_in_hand for s in range(count)),
            away=tuple(
                (not self.connected(s)) if session.is_human(s) else None for s in range(count)
            ),
            hand_number=session.table.hand_number,
            hands_left=session.hands_left(),
            minutes_left=session.minutes_left(),
            last_hand=last,
            hands_won=tuple(session.hands_won),
        )

    def _broadcast(self) -> None:
        """Send every client its own picture of the table (or the lobby)."""
        session = self.session
        if session is None:
            message = p.lobby(self.names())
            for client in self.clients:
                self._send(client, message)
            self._notify()
            return
        table = self.table_state()
        views: dict[int | None, PlayerView | None] = {}
        now = asyncio.get_running_loop().time()
        # the player asked to decide hears first: the others' encoding is not their wait
        clients = sorted(self.clients, key=lambda c: c.seat != self.pending)
        for client in clients:
            seat = client.seat
            if seat not in views:
                views[seat] = None if session.hand is None else session.view_for(seat)
            decision = self.decision if seat is not None and seat == self.pending else None
            can_show = (
                seat is not None
                and self.pending is None
                and session.hand is not None
                and session.hand.is_complete
                and session.can_show(seat)
            )
            self._send(client, p.state(table, views[seat], decision, can_show, self._encoder))
            if decision is not None:
                self.sent_at[decision] = now
        self._notify()

    # ------------------------------------------------------------------ the game

    def _resume(self, loaded: LoadResult) -> None:
        from holdem_tui.storage.session import SessionStore

        store, resumed = SessionStore.resume(loaded, save_file=host_save_file())
        session = HostSession.resume(resumed, store, self.bot_factory, self.clock)
        assert isinstance(session, HostSession)
        code = resumed.extra.get("join_code")
        if isinstance(code, str) and code:
            self.options.code = code
        seat = resumed.extra.get("host_seat")
        session.host_seat = seat if isinstance(seat, int) else None
        session.join_code = self.options.code
        self.options.host_seat = session.host_seat
        self.settings = session.settings
        self.session = session

    def _start_session(self) -> HostSession:
        session = HostSession(self.settings, self.bot_factory, self.clock)
        session.join_code = self.code
        session.host_seat = self.options.host_seat
        if self.options.persist:
            session.start_storage()
        self.session = session
        return session

    async def _drive(self) -> None:
        await self._seated.wait()
        session = self.session or self._start_session()
        for client in self.clients:  # the names of the friends who took the open chairs
            self._send(client, p.welcome(client.seat, self.settings))
        self._broadcast()
        while True:
            hand = session.hand
            if hand is not None and hand.is_complete:
                if self._finished_hand != hand.config.hand_number:
                    self._finished_hand = hand.config.hand_number
                    session.finish_hand()
                    self._broadcast()
                    await self._between_hands()
                humans = self.human_seats()
                session.tick()  # the pause between hands counts towards a time limit
                if session.is_over() or all(session.table.seats[h].out for h in humans):
                    self._end()
                    return
            if hand is None or hand.is_complete:
                session.start_hand()
                self.ready.clear()
                self._broadcast()
                continue
            seat = session.actor_seat
            assert seat is not None
            if session.is_human(seat):
                await self._human_turn(session, seat)
            else:
                await self._bot_turn(session, seat)
            self._broadcast()

    async def _between_hands(self) -> None:
        """Let the result be read: until every player present says ready, or the pause ends."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.options.hand_pause
        while True:
            present = {s for s in self.human_seats() if self.connected(s)}
            left = deadline - loop.time()
            if present <= self.ready or left <= 0:
                return
            self._wake.clear()
            await self._wait(left)

    async def _wait(self, timeout: float | None) -> bool:
        """Until something changes (a message, a connection), or ``timeout``; False on timeout."""
        try:
            await asyncio.wait_for(self._wake.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def _human_turn(self, session: HostSession, seat: int) -> None:
        self.decision += 1
        self.pending = seat
        session.save()  # a decision point, as at a local table: a kill resumes here
        self._broadcast()
        while self.pending == seat:
            self._wake.clear()
            if self.connected(seat):
                timeout = None
            else:
                timeout = 0.0 if seat in self.sitting_out else self.options.away_timeout
            if not await self._wait(timeout) and self.pending == seat:
                legal = session.view_for(seat).legal
                assert legal is not None
                session.act(seat, legal.passive_action())
                self.actions_applied += 1
                self.sitting_out.add(seat)
                self.pending = None
                log.info("seat %d is away: %s", seat, legal.passive_action().kind.value)

    async def _bot_turn(self, session: HostSession, seat: int) -> None:
        from holdem_tui.bots.safety import safe_decide

        loop = asyncio.get_running_loop()
        started = loop.time()
        view = session.bot_view(seat)
        action: Action
        action, _fault = await asyncio.to_thread(
            safe_decide, session.bots[seat], view, self.options.bot_timeout
        )
        wait = self.options.bot_delay - (loop.time() - started)
        if wait > 0:
            await asyncio.sleep(wait)  # pacing, so people can follow a bot's move
        session.act_for_bot(seat, action)
        self.actions_applied += 1

    def _end(self) -> None:
        session = self.session
        assert session is not None
        self.finished = True
        session.close_storage()
        best = session.biggest_pot
        biggest = None if best is None else [best.amount, best.hand_number, *best.winners]
        message = p.over(self.table_state(), list(session.table.history), biggest)
        for client in list(self.clients):
            self._send(client, message)
        self._notify()
        log.info("session over after %d hands", session.table.hand_number)


_REFUSALS = {
    "seat_taken": "a player with that name is already at the table",
    "name_taken": "that name is taken at this table",
    "table_full": "every seat is taken; join with --watch to look on",
}
