"""The host's table server: one :class:`Session` driven over TCP, every client untrusted.

Why asyncio streams with JSON lines rather than ``websockets``: the clients are our own
terminal programs, not browsers, so the HTTP upgrade and masking of websockets buy nothing;
newline framing with a bounded ``readline`` gives a hard size limit per frame with no new
dependency, and it is the same one-object-per-line framing a plugin bot process speaks.

The server owns the only :class:`~holdem_tui.engine.hand.Hand`. A client only ever receives
what :meth:`Session.view_for` gives its own seat (spectators: a seatless view), so another
seat's hidden card or the deck cannot reach a socket; the seed never leaves the host either.
The table is made of parts, each with one job:

- :mod:`~holdem_tui.net.gate`: who gets in (the code's proof, the hello, flood caps) and
  what a connection may send (frame size, schema, rate, strikes);
- :mod:`~holdem_tui.net.chairs`: who sits where, when the game starts, the next game;
- this module: the table's lifecycle, and what a checked message means at the table (its
  seat, the current decision, a legal action);
- :mod:`~holdem_tui.net.host_loop`: the turn loop's steps carried out on asyncio;
- :mod:`~holdem_tui.net.pictures`: what each connection is told;
- :mod:`~holdem_tui.net.host_session`: the options and the session, before anyone connects.

A human seat whose player drops keeps its chips; when it is to act, it waits
``away_timeout`` seconds for the player to come back, then checks or folds (and from then
on at once, until the player reconnects with the same code and name). A table has phases:
the lobby (chairs fill; the host may start without the open ones), play, and, after a game,
"over", where a table kept open (``HostOptions.keep_table``) waits for the host's next game
with the same join code while players say "again" or leave.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from holdem_tui.engine.actions import IllegalAction
from holdem_tui.engine.decision import Reason
from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.chairs import Chairs, TablePhase
from holdem_tui.net.gate import Client, Gate
from holdem_tui.net.guard import CodeGuard
from holdem_tui.net.host_loop import HostLoop, over_message
from holdem_tui.net.host_session import HostOptions, HostSession, host_save_file
from holdem_tui.net.limits import pending_cap, quiet_resource_errors
from holdem_tui.net.pictures import Pictures
from holdem_tui.net.protocol import Refusal
from holdem_tui.net.saver import BackgroundSaveFile
from holdem_tui.net.seats import SeatLocks
from holdem_tui.session.controller import BotFactory
from holdem_tui.storage.autosave import LoadResult

log = logging.getLogger("holdem_tui.net")


class TableServer:
    """Serve one table (game after game with ``keep_table``); see the module docstring."""

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
        self.phase = TablePhase.LOBBY
        #: the games played at this table so far, the one in play or filling included
        self.game = 1
        self.chairs = Chairs(self)  # before a resume: it holds the saved seat keys
        if resumed is not None:
            self._resume(resumed)
        self.clients: list[Client] = []
        #: who may try the join code, and when (guesses, back-off, lockouts, pending caps)
        self.guard = CodeGuard(clock=clock, pending_cap=pending_cap())
        self.gate = Gate(self)
        self.pictures = Pictures(self)
        self.loop = HostLoop(self)
        self.decision = 0
        self.pending: int | None = None  # the human chair whose answer is awaited
        #: when the awaited chair's person is not at the table: the loop time it is played for
        self.away_deadline: float | None = None
        self.sitting_out: set[int] = set()
        self.ready: set[int] = set()
        #: names of players who left the table for good (their chairs open for the next game)
        self.left: set[str] = set()
        self.actions_applied = 0
        #: (decision number, loop time its state went to the actor's socket)
        self.sent_at: dict[int, float] = {}
        #: loop seconds from sending a decision to its answer arriving, per human decision
        self.round_trips: list[float] = []
        #: the port listened on, once started
        self.port: int | None = None
        self._server: asyncio.Server | None = None
        self._driver: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self._watchers = 0
        self._handlers: set[asyncio.Task[None]] = set()
        self.chairs.check_seated()

    @property
    def playing(self) -> bool:
        """Whether a game is being played at the table (not filling, not over)."""
        return self.phase == TablePhase.PLAYING

    @property
    def bytes_sent(self) -> int:
        """Bytes handed to client sockets (the benchmark reports them per action)."""
        return self.pictures.bytes_sent

    @property
    def failures(self) -> dict[str, int]:
        """Wrong codes (and host tokens) counted per address."""
        return self.guard.failed()

    def send(self, client: Client, message: dict[str, Any]) -> None:
        """Hand a frame to ``client``'s socket (see :meth:`Pictures.send`)."""
        self.pictures.send(client, message)

    # ------------------------------------------------------------------ seats

    @property
    def code(self) -> str:
        """The join code a client must present."""
        return self.options.code

    @property
    def finished(self) -> bool:
        """Whether the game at the table has ended (a kept table may start another)."""
        return self.phase == TablePhase.OVER

    @property
    def resumable(self) -> bool:
        """Whether a game is in play that ``host --resume`` could bring back."""
        return self.session is not None and self.phase != TablePhase.OVER

    def human_seats(self) -> tuple[int, ...]:
        """Chairs played by people (the host's included)."""
        return self.settings.humans

    def connected(self, seat: int) -> bool:
        """Whether a player is at this chair right now."""
        return any(c.seat == seat and not c.closed for c in self.clients)

    def members(self) -> list[Client]:
        """The connections taking part in the game at the table now (players and spectators)."""
        return [c for c in self.clients if c.game == self.game and not c.closed]

    def names(self) -> list[str | None]:
        """Every chair's name, ``None`` for a chair still open."""
        return self.chairs.names()

    def here(self) -> list[bool]:
        """Per chair: its player is at the table (a bot always is)."""
        return self.chairs.here()

    def start_now(self) -> None:
        """The host's "start without them" (see :meth:`Chairs.start_now`)."""
        self.chairs.start_now()

    def next_game(self, settings: GameSettings | None = None) -> None:
        """The host's next game at this table (see :meth:`Chairs.next_game`)."""
        self.chairs.next_game(settings)

    # ------------------------------------------------------------------ lifecycle

    async def start(self, host: str = p.LOOPBACK, port: int = 0) -> int:
        """Listen on ``host:port`` (0: any free port) and start the table; returns the port."""
        self.gate.open()
        quiet_resource_errors(asyncio.get_running_loop())
        self._server = await asyncio.start_server(self._handle, host, port, limit=p.MAX_CLIENT_LINE)
        self._driver = asyncio.create_task(self.loop.drive())
        sockets = self._server.sockets
        bound: int = sockets[0].getsockname()[1]
        self.port = bound
        log.info("table open on %s:%d", host, bound)
        return bound

    async def wait_closed(self) -> None:
        """Until the table is done (the game over, unless it is kept), or closed."""
        if self._driver is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver

    async def close(self) -> None:
        """Stop the table: save where it is, tell and drop every connection, stop listening."""
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
        session = self.session
        if session is not None and self.phase != TablePhase.OVER:
            session.save()
        if session is not None:
            await asyncio.to_thread(session.stop_saving)
        if self._server is not None:
            self._server.close()
        self.pictures.closing = True  # from here on nobody is told about the others leaving
        self.pictures.stop()
        leaving = list(self.clients)
        for client in leaving:
            self.send(client, p.closed("host_closed", "the host closed the table"))
            self.drop(client)
        if self._handlers:  # a moment to send what is buffered, then hang up regardless
            await asyncio.wait(self._handlers, timeout=1.0)
        for client in leaving:
            client.writer.transport.abort()
        # connections that never said hello (or never proved the code) are in no list:
        # end their tasks here, each quietly, rather than leave them to the loop's end
        for task in list(self._handlers):
            task.cancel()
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=1.0)
        if self._server is not None:
            await self._server.wait_closed()

    async def wait_until(self, condition: Callable[[], bool], quiet: float = 60.0) -> None:
        """Return once ``condition()`` holds (checked on every change); tests wait on this.

        It gives up (``TimeoutError``) only when nothing at the table has changed for
        ``quiet`` seconds: a table that is slow but moving is waited for however long.
        """
        self._watchers += 1
        try:
            async with self._changed:
                while not condition():
                    async with asyncio.timeout(quiet):
                        await self._changed.wait()
        finally:
            self._watchers -= 1

    def notify(self) -> None:
        """Wake whoever waits in :meth:`wait_until` (a change at the table)."""
        if not self._watchers:  # nobody waits: no task per change on the hot path
            return

        async def notify() -> None:
            async with self._changed:
                self._changed.notify_all()

        asyncio.get_running_loop().create_task(notify())

    # ------------------------------------------------------------------ connections

    def track(self, task: asyncio.Task[Any] | None) -> None:
        """A connection's task: ended by :meth:`close` if still running then."""
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self.gate.handle(reader, writer, self._inside)

    async def _inside(self, client: Client, reader: asyncio.StreamReader) -> None:
        """A connection that proved the code: its hello, its chair, then its messages."""
        if await self.gate.hello(client, reader) is None or not self._sit(client):
            return
        async for message in self.gate.messages(client, reader, self._awaited):
            try:
                self._apply(client, message)
            except p.ProtocolError as exc:
                self.gate.strike(client, exc.reason, exc.detail)
            except IllegalAction as exc:
                self.gate.strike_illegal(client, exc)

    def _sit(self, client: Client) -> bool:
        """Seat a greeted client (a player at the chair its name claims), or refuse it."""
        if not client.watching:
            claim = self.chairs.claim(client)
            if isinstance(claim, Refusal):
                self.gate.refuse(client, claim)
                return False
            client.seat = claim
            self.sitting_out.discard(claim)
            self.left.discard(client.name)
        self.clients.append(client)
        log.info("%s joined from %s", client.name or "a spectator", client.address)
        self.welcome(client)
        if self.phase == TablePhase.OVER:  # back after the end: the result, and the table's offer
            session = self.session
            assert session is not None
            self.pictures.picture(client, full=True)
            self.send(client, over_message(session, again=self.options.keep_table))
            return True
        self.chairs.check_seated()
        self.pictures.broadcast()
        self.loop.wake.set()
        return True

    def welcome(self, client: Client) -> None:
        """Tell ``client`` the table it sits at (game, chair, settings); its pictures follow."""
        client.game = self.game
        client.sent = None
        self.send(
            client,
            p.welcome(
                client.seat,
                self.settings,
                host=client.host,
                game=self.game,
                reveal_ms=round(self.options.reveal_delay * 1000),
                seat_token=client.seat_key if client.keys and client.seat is not None else None,
            ),
        )

    def _awaited(self, client: Client, message: p.ClientMessage) -> bool:
        """Whether ``message`` is this client's answer to the decision the table waits for."""
        return (
            isinstance(message, p.Act)
            and client.seat is not None
            and client.seat == self.pending == message.seat
            and message.decision == self.decision
            and client.game == self.game
        )

    def _apply(self, client: Client, message: p.ClientMessage) -> None:
        """Carry out one checked message, or raise why it cannot be."""
        if isinstance(message, p.Hello):
            raise p.ProtocolError("bad_message", "already seated")
        if isinstance(message, p.Leave):
            self.chairs.leave(client)
            return
        if isinstance(message, p.Start | p.NextGame | p.HandOver):
            if not client.host:
                raise p.ProtocolError("not_host", "only the host can do that")
            if isinstance(message, p.Start):
                self.chairs.start_now()
            elif isinstance(message, p.HandOver):
                self.chairs.hand_over(message.seat)
            else:
                self.chairs.next_game(message.settings)
            return
        if isinstance(message, p.Again):
            self.chairs.again(client)
            return
        if client.game != self.game:
            raise p.ProtocolError("not_seated", "say again to sit down at the next game")
        if isinstance(message, p.Sync):
            self._resync(client)
            return
        session = self.session
        if client.seat is None:
            raise p.ProtocolError("not_seated", "spectators cannot act")
        if session is None or self.phase == TablePhase.LOBBY:
            raise p.ProtocolError("not_started", "the first hand is not dealt yet")
        if self.phase == TablePhase.OVER:
            raise p.ProtocolError("not_now", "the game is over")
        if isinstance(message, p.Ready):
            self.ready.add(client.seat)
            self.loop.wake.set()
            return
        if isinstance(message, p.Show):
            if not session.may_show(client.seat) or self.pending is not None:
                raise p.ProtocolError("cannot_show", "nothing to show now")
            session.show(client.seat)
            self.pictures.broadcast()
            return
        if message.seat != client.seat:
            raise p.ProtocolError("not_your_seat", f"you sit at seat {client.seat}")
        if self.pending != client.seat:
            raise IllegalAction("not_your_turn", "it is not your turn")
        if message.decision != self.decision:
            raise p.ProtocolError("stale_decision", f"decision {self.decision} is open")
        reason = self._kept_reason(client, message)
        session.act(client.seat, message.action, reason, slip=message.slip)
        started = self.sent_at.pop(message.decision, None)
        if started is not None:
            self.round_trips.append(asyncio.get_running_loop().time() - started)
        self.actions_applied += 1
        self.pending = None
        self.loop.wake.set()

    @staticmethod
    def _kept_reason(client: Client, message: p.Act) -> Reason | None:
        """A bot client's reason as the hand keeps it: in its own words, like a plugin's.

        The codec has checked its shape and bounds already; like a plugin process's it is
        never kept as one of the game's own messages (a client cannot make the table say
        anything), only as the bot's words, cleaned and cut (``None``: nothing readable).
        """
        if message.reason is None:
            return None
        from holdem_tui.bots.safety import checked_reason

        return checked_reason(message.reason, plugin=True, bot=client.name or "?")

    def _resync(self, client: Client) -> None:
        """A whole picture for a client whose copy may be out of step."""
        if self.session is None:
            self.send(client, p.lobby(self.names(), self.here()))
        else:
            self.pictures.picture(client, full=True)

    def drop(self, client: Client) -> None:
        """``client`` is gone (or sent away): its chair is Away, the table is told."""
        if client.closed:
            return
        client.closed = True
        client.writer.close()  # what is buffered still goes out; then the reader sees EOF
        if client in self.clients:
            self.clients.remove(client)
        if client.seat is not None and client.game == self.game:
            log.info("seat %d dropped", client.seat)
            self.chairs.release(client.seat)
            self.pictures.broadcast()
        self.loop.wake.set()
        self.notify()

    # ------------------------------------------------------------------ the game

    def _resume(self, loaded: LoadResult) -> None:
        from holdem_tui.storage.session import SessionStore

        save_file = BackgroundSaveFile(host_save_file().path)
        store, resumed = SessionStore.resume(loaded, save_file=save_file)
        session = HostSession.resume(resumed, store, self.bot_factory, self.clock)
        assert isinstance(session, HostSession)
        code = resumed.extra.get("join_code")
        if isinstance(code, str) and code:
            self.options.code = code
        seat = resumed.extra.get("host_seat")
        session.host_seat = seat if isinstance(seat, int) else None
        saved_keys = SeatLocks.from_saved(resumed.extra.get("seat_keys"))
        self.chairs.locks = session.seat_locks = saved_keys
        session.join_code = self.options.code
        session.count_earlier_hands()
        self.options.host_seat = session.host_seat
        self.settings = session.settings
        self.session = session

    def start_session(self) -> HostSession:
        """The game's session, when its first hand is about to be dealt."""
        session = HostSession(self.settings, self.bot_factory, self.clock)
        session.join_code = self.code
        session.host_seat = self.options.host_seat
        session.seat_locks = self.chairs.locks
        if self.options.persist:
            session.start_storage()
        self.session = session
        return session

    def game_over(self) -> None:
        """The game has ended: nobody is awaited, no picture is held back."""
        self.phase = TablePhase.OVER
        self.pending = None
        self.pictures.stop()
