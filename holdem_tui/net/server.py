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

Each client gets a whole ``state`` when it sits down, when a hand is dealt and when it
asks; otherwise only a ``delta`` of what changed for it (its own redacted new events and
the fields that moved), and nothing when nothing did. A table has phases: the lobby (chairs
fill; the host may start without the open ones), play, and, after a game, "over", where a
table kept open (``HostOptions.keep_table``) waits for the host's next game with the same
join code while players say "again" or leave.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import secrets
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from holdem_tui.engine.actions import IllegalAction
from holdem_tui.engine.decision import Reason
from holdem_tui.game_settings import HUMAN, GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.guard import WAIT, CodeGuard
from holdem_tui.net.limits import pending_cap, quiet_resource_errors
from holdem_tui.net.saver import BackgroundSaveFile
from holdem_tui.review import HandRecord, SeatStats, session_records, session_stats
from holdem_tui.session.controller import BotFactory, Session
from holdem_tui.session.outcome import BustChoice
from holdem_tui.session.snapshot import Snapshot, TableState
from holdem_tui.session.turns import (
    BustQuestion,
    Deal,
    HandOver,
    PersonTurn,
    RevealPlan,
    SessionOver,
    answer_bust,
    ask_bot,
    bot_pause,
    next_step,
    play_bot,
)
from holdem_tui.storage.autosave import LoadResult, SaveFile
from holdem_tui.storage.paths import data_dir
from holdem_tui.wire.codec import VIEW_PATCH_FIELDS

log = logging.getLogger("holdem_tui.net")

#: seconds a new connection has to say hello
HELLO_TIMEOUT = 10.0
#: messages a client may send in a burst, and per second after it
RATE_BURST = 40
RATE_PER_SECOND = 20.0
#: refused messages before the connection is closed
MAX_STRIKES = 20
#: spectators at most, and from one address (one code holder cannot fill the room)
MAX_WATCHERS = 16
WATCHERS_PER_ADDRESS = 4
#: bytes waiting in one client's socket buffer before it counts as gone (not reading)
MAX_BACKLOG = 8 * 1024 * 1024

#: the table's phases: chairs filling, a game in play, a game over (waiting for the next)
LOBBY = "lobby"
PLAYING = "playing"
OVER = "over"


def new_code() -> str:
    """A short join code that reads unambiguously aloud and on screen."""
    return "".join(secrets.choice(p.CODE_ALPHABET) for _ in range(p.CODE_LENGTH))


def new_token() -> str:
    """The host process's secret: its own table app shows it to be the host's connection."""
    return secrets.token_urlsafe(32)


def host_save_file() -> SaveFile:
    """The host's autosave, apart from ``play``'s so neither resumes the other's table."""
    return SaveFile(data_dir() / "host-autosave.json")


@dataclass
class HostOptions:
    """How the table runs: who may sit, how long it waits, whether it keeps a save.

    ``settings`` seats every chair; a human chair with an empty name is open for a friend,
    one with a name is reserved (the host's own, or a seat of a resumed table).
    ``reveal_delay`` is the pause between hands turned up at a showdown on the players'
    screens (the table waits for it before the next hand); ``keep_table`` keeps the table
    open after a game for the host's next one; ``host_token`` is the secret the host's own
    table app presents (never sent to anyone); ``start_when`` deals as soon as that many
    people are at the table, as if the host had started without the others
    (:meth:`TableServer.start_now`), for a table nobody watches over. While a person's
    decision is open, the other screens' pictures wait ``others_delay`` seconds (less than
    a screen refresh: nobody sees it), so the decision's frame goes out alone and a quick
    answer (a bot client's) is read at once; their next picture tells both moves.
    ``watchers_per_address`` caps the spectators from one address (``None``: no cap, for
    ``serve --table``, whose every tab watches from loopback).
    """

    settings: GameSettings
    code: str = field(default_factory=new_code)
    host_seat: int | None = None
    away_timeout: float = 30.0
    hand_pause: float = 5.0
    bot_delay: float = 0.0
    bot_timeout: float | None = 5.0
    persist: bool = False
    reveal_delay: float = 0.0
    keep_table: bool = False
    host_token: str = field(default_factory=new_token)
    start_when: int | None = None
    others_delay: float = 0.02
    watchers_per_address: int | None = WATCHERS_PER_ADDRESS


class HostSession(Session):
    """A :class:`Session` whose autosave also remembers the join code and the host's chair."""

    join_code = ""
    host_seat: int | None = None

    def _start_story(self, settings: GameSettings) -> None:
        super()._start_story(settings)
        #: each person's play so far, by chair: counted as each hand ends, so the end of the
        #: game sends it at once (counting a long game at its end would stall the table)
        self.seat_stats: dict[int, SeatStats] = {}

    def _count(self, records: list[HandRecord]) -> None:
        """Add ``records`` to the people's stats (a chair dealt none of them gets no entry)."""
        for seat, counted in session_stats(records, self.settings.humans).items():
            if counted.hands:
                self.seat_stats[seat] = self.seat_stats.get(seat, SeatStats()) + counted

    def finish_hand(self) -> None:
        """Pay the hand as any session does, and add it to the people's stats."""
        super().finish_hand()
        hand = self.played[-1]
        try:
            self._count([HandRecord.from_hand(hand, self.reasons_of(hand))])
        except Exception:  # the stats are a bonus: never the table's end
            log.exception("hand %d could not be counted", hand.config.hand_number)

    def count_earlier_hands(self) -> None:
        """A resumed table: the people's stats over the hands its history already holds."""
        if not self.finished_before or self.history_path is None:
            return
        try:
            history, before = self.history_path, self.finished_before
            self._count(session_records([], lambda hand: {}, history, before)[0])
        except Exception:  # an unreadable history: the stats count this run's hands only
            log.exception("the earlier hands of %s could not be counted", self.history_path)

    def start_storage(self, save_file: SaveFile | None = None) -> None:
        """Keep the hosted session on disk in the host's own save file, written off the loop."""
        super().start_storage(save_file or BackgroundSaveFile(host_save_file().path))

    def score_data(self) -> dict[str, Any]:
        """The score plus what ``host --resume`` needs to open the same table again."""
        return {**super().score_data(), "join_code": self.join_code, "host_seat": self.host_seat}

    def stop_saving(self) -> None:
        """Wait for the autosave writer to put the last save on disk, and end it."""
        store = self.store
        if store is not None and isinstance(store.save_file, BackgroundSaveFile):
            try:
                store.save_file.stop()
            except OSError as exc:
                store.unusable = f"{exc.strerror or exc}"


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
        self.phase = LOBBY
        #: the games played at this table so far, the one in play or filling included
        self.game = 1
        if resumed is not None:
            self._resume(resumed)
        self.clients: list[Client] = []
        #: who may try the join code, and when (guesses, back-off, lockouts, pending caps)
        self.guard = CodeGuard(clock=clock, pending_cap=pending_cap())
        self.decision = 0
        self.pending: int | None = None  # the human chair whose answer is awaited
        #: when the awaited chair's person is not at the table: the loop time it is played for
        self.away_deadline: float | None = None
        self.sitting_out: set[int] = set()
        self.ready: set[int] = set()
        #: names of players who left the table for good (their chairs open for the next game)
        self.left: set[str] = set()
        self.actions_applied = 0
        #: bytes handed to client sockets (the benchmark reports them per action)
        self.bytes_sent = 0
        #: (decision number, loop time its state went to the actor's socket)
        self.sent_at: dict[int, float] = {}
        #: loop seconds from sending a decision to its answer arriving, per human decision
        self.round_trips: list[float] = []
        #: the port listened on, once started
        self.port: int | None = None
        self._server: asyncio.Server | None = None
        #: the certificate of this run's TLS (see :mod:`holdem_tui.net.secure`)
        self._identity: secure.TableIdentity | None = None
        self._driver: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._changed = asyncio.Condition()
        self._watchers = 0
        #: set (and replaced) whenever a guess settles: the guesses told to wait ask again
        self._settled = asyncio.Event()
        #: open chairs a name took in the lobby: open again when that player drops before
        #: the deal (a name that came and went keeps no chair from a real friend)
        self._claimed: set[int] = set()
        #: connections that have not proved the code yet, the oldest first
        self._unproved: dict[Client, None] = {}
        #: those of them that have not said a word yet, the oldest first (they make way first)
        self._silent: dict[Client, None] = {}
        self._seated = asyncio.Event()
        self._next_game = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()
        self._encoder = p.FrameEncoder()
        self._closing = False
        #: the held-back pictures of the players not deciding (see :meth:`_broadcast`)
        self._catch_up: asyncio.TimerHandle | None = None
        self._check_seated()

    # ------------------------------------------------------------------ seats

    @property
    def code(self) -> str:
        """The join code a client must present."""
        return self.options.code

    @property
    def finished(self) -> bool:
        """Whether the game at the table has ended (a kept table may start another)."""
        return self.phase == OVER

    @property
    def resumable(self) -> bool:
        """Whether a game is in play that ``host --resume`` could bring back."""
        return self.session is not None and self.phase != OVER

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
        names: list[str | None] = []
        for index, seat in enumerate(self.settings.seats):
            if seat.kind == HUMAN and not seat.name:
                names.append(None)
            else:
                names.append(self.settings.seat_names()[index])
        return names

    def here(self) -> list[bool]:
        """Per chair: its player is at the table (a bot always is)."""
        return [
            not seat.is_human or (bool(seat.name) and self.connected(index))
            for index, seat in enumerate(self.settings.seats)
        ]

    def _claim(self, name: str) -> int | str:
        """The chair for ``name`` (reserved, or the first open one), else why not."""
        for index, seat in enumerate(self.settings.seats):
            if seat.kind == HUMAN and seat.name == name:
                return "seat_taken" if self.connected(index) else index
        if name in self.settings.seat_names():
            return "name_taken"
        if self.phase != LOBBY:
            return "started"
        for index, seat in enumerate(self.settings.seats):
            if seat.kind == HUMAN and not seat.name:
                self._rename(index, name)
                self._claimed.add(index)
                return index
        return "table_full"

    def _rename(self, index: int, name: str) -> None:
        seats = list(self.settings.seats)
        seats[index] = replace(seats[index], name=name)
        self.settings = replace(self.settings, seats=tuple(seats))

    def present(self) -> int:
        """People at the table now (chairs with their player connected)."""
        return sum(
            1 for s in self.human_seats() if self.settings.seats[s].name and self.connected(s)
        )

    def _check_seated(self) -> None:
        """Deal once every chair has its player, or once ``start_when`` people are here.

        A resumed table goes on as soon as its host is back: the host acts at once, and the
        friends not back yet are Away (checked or folded on their timer) until they return.
        """
        if self.phase != LOBBY:
            return
        humans = self.human_seats()
        if all(self.settings.seats[s].name for s in humans) and all(
            self.connected(s) for s in humans
        ):
            self._begin()
            return
        host = self.options.host_seat
        if self.session is not None and host is not None and self.connected(host):
            self._begin()
            return
        enough = self.options.start_when
        if enough is not None and self.present() >= enough:
            with contextlib.suppress(p.ProtocolError):  # too few to start: the table fills on
                self.start_now()

    def _begin(self) -> None:
        self._claimed.clear()
        self.phase = PLAYING
        self._seated.set()
        self._wake.set()

    def start_now(self) -> None:
        """The host's "start without them": deal now with whoever is at the table.

        The chairs still open (and chairs kept for players not here) are taken away, so
        the game is played by the people present and the host's bots, as a home game
        starts with who came; at least two players, one of them a person, must remain. A
        resumed table has chips in every chair, so there nobody is taken away: players not
        back yet are Away (checked or folded on their timer) until they return. Raises
        :class:`~holdem_tui.net.protocol.ProtocolError` when it cannot start.
        """
        if self.phase != LOBBY:
            raise p.ProtocolError("not_now", "the game is already under way")
        if self.session is not None:
            self._begin()
            return
        seats = self.settings.seats
        keep = [
            index
            for index, seat in enumerate(seats)
            if not seat.is_human or (seat.name and self.connected(index))
        ]
        if len(keep) < 2 or not any(seats[index].is_human for index in keep):
            raise p.ProtocolError(
                "too_few_players", "at least two players, one of them a person, are needed"
            )
        moved = {old: new for new, old in enumerate(keep)}
        self.settings = replace(self.settings, seats=tuple(seats[index] for index in keep))
        for client in self.clients:
            if client.seat is not None:
                client.seat = moved.get(client.seat)
        if self.options.host_seat is not None:
            self.options.host_seat = moved.get(self.options.host_seat)
        log.info("started without the open chairs: %d players", len(keep))
        for client in self.members():  # the new table at once: a lobby must not follow the old
            self._welcome(client)
        self._begin()

    # ------------------------------------------------------------------ lifecycle

    async def start(self, host: str = p.LOOPBACK, port: int = 0) -> int:
        """Listen on ``host:port`` (0: any free port) and start the table; returns the port."""
        self._identity = secure.TableIdentity.generate()
        quiet_resource_errors(asyncio.get_running_loop())
        self._server = await asyncio.start_server(self._handle, host, port, limit=p.MAX_CLIENT_LINE)
        self._driver = asyncio.create_task(self._drive())
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
        if session is not None and self.phase != OVER:
            session.save()
        if session is not None:
            await asyncio.to_thread(session.stop_saving)
        if self._server is not None:
            self._server.close()
        self._closing = True  # from here on nobody is told about the others leaving
        self._stop_catch_up()
        leaving = list(self.clients)
        for client in leaving:
            self._send(client, p.closed("host_closed", "the host closed the table"))
            self._drop(client)
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

    def _notify(self) -> None:
        if not self._watchers:  # nobody waits: no task per change on the hot path
            return

        async def notify() -> None:
            async with self._changed:
                self._changed.notify_all()

        asyncio.get_running_loop().create_task(notify())

    def _wake_waiting_guesses(self) -> None:
        settled, self._settled = self._settled, asyncio.Event()
        settled.set()

    # ------------------------------------------------------------------ connections

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
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
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        try:
            if await self._secure(client, reader):
                self._unpend(client)
                if await self._greet(client, reader):
                    await self._read_loop(client, reader)
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
            self._drop(client)
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

    @property
    def failures(self) -> dict[str, int]:
        """Wrong codes (and host tokens) counted per address."""
        return self.guard.failed()

    def _fail_attempt(self, client: Client, reason: str, detail: str) -> bool:
        self.guard.count_failure(client.address)
        self._send(client, p.refused(reason, detail))
        return False

    async def _secure(self, client: Client, reader: asyncio.StreamReader) -> bool:
        """Encrypt the connection and check the client holds the join code (a SPAKE2 proof,
        :mod:`holdem_tui.net.secure`) before anything else is read; a failed proof counts
        as a wrong code."""
        identity = self._identity
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
                self._send(client, p.refused(refusal, _REFUSALS[refusal]))
                return False
            right = False
            try:
                right = await secure.prove_table(reader, client.writer, identity, self.code, heard)
            finally:
                self.guard.settle(client.address, right)
                self._wake_waiting_guesses()
        if right:
            return True
        self._send(client, p.refused("wrong_code", "that is not this table's join code"))
        return False

    async def _greet(self, client: Client, reader: asyncio.StreamReader) -> bool:
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
            return self._fail_attempt(client, "wrong_code", "that is not this table's join code")
        if message.token is not None:
            if not hmac.compare_digest(message.token.encode(), self.options.host_token.encode()):
                return self._fail_attempt(client, "bad_token", "that is not the host's token")
            client.host = True
        if message.watch:
            watching = [c for c in self.clients if c.watching]
            mine = sum(1 for c in watching if c.address == client.address)
            cap = self.options.watchers_per_address
            if len(watching) >= MAX_WATCHERS or (cap is not None and mine >= cap):
                self._send(client, p.refused("too_many_watchers", "no room to watch"))
                return False
            client.watching = True
        else:
            problem = p.check_name(message.name)
            if problem is not None:
                self._send(client, p.refused("bad_name", problem))
                return False
            client.name = message.name.strip()
            claim = self._claim(client.name)
            if isinstance(claim, str):
                self._send(client, p.refused(claim, _REFUSALS[claim]))
                return False
            client.seat = claim
            self.sitting_out.discard(claim)
            self.left.discard(client.name)
        self.clients.append(client)
        log.info("%s joined from %s", client.name or "a spectator", client.address)
        self._welcome(client)
        if self.phase == OVER:  # back after the end: the result, and the table's offer
            self._picture(client, {}, full=True)
            self._send(client, self._over_message())
            return True
        self._check_seated()
        self._broadcast()
        self._wake.set()
        return True

    def _welcome(self, client: Client) -> None:
        client.game = self.game
        client.sent = None
        self._send(
            client,
            p.welcome(
                client.seat,
                self.settings,
                host=client.host,
                game=self.game,
                reveal_ms=round(self.options.reveal_delay * 1000),
            ),
        )

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
            try:
                message = p.decode_client(p.parse_line(line))
            except p.ProtocolError as exc:
                if self._take_token(client):
                    self._strike(client, exc.reason, exc.detail)
                continue
            # the answer to the decision the table waits for is never too many: the table
            # asks at its own pace (a bot client at a fast table answers faster than 20/s)
            if not self._awaited(client, message) and not self._take_token(client):
                continue
            try:
                self._apply(client, message)
            except p.ProtocolError as exc:
                self._strike(client, exc.reason, exc.detail)
            except IllegalAction as exc:
                self._strike(client, "illegal", str(exc), {"key": exc.reason, **exc.params})

    def _take_token(self, client: Client) -> bool:
        """Count one message against the client's rate; False (and a strike) when over."""
        if client.tokens < 1:
            self._strike(client, "rate_limited", "too many messages; slow down")
            return False
        client.tokens -= 1
        return True

    def _awaited(self, client: Client, message: p.ClientMessage) -> bool:
        """Whether ``message`` is this client's answer to the decision the table waits for."""
        return (
            isinstance(message, p.Act)
            and client.seat is not None
            and client.seat == self.pending == message.seat
            and message.decision == self.decision
            and client.game == self.game
        )

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
        if isinstance(message, p.Hello):
            raise p.ProtocolError("bad_message", "already seated")
        if isinstance(message, p.Leave):
            self._leave(client)
            return
        if isinstance(message, p.Start | p.NextGame):
            if not client.host:
                raise p.ProtocolError("not_host", "only the host can do that")
            if isinstance(message, p.Start):
                self.start_now()
            else:
                self.next_game(message.settings)
            return
        if isinstance(message, p.Again):
            self._again(client)
            return
        if client.game != self.game:
            raise p.ProtocolError("not_seated", "say again to sit down at the next game")
        if isinstance(message, p.Sync):
            self._resync(client)
            return
        session = self.session
        if client.seat is None:
            raise p.ProtocolError("not_seated", "spectators cannot act")
        if session is None or self.phase == LOBBY:
            raise p.ProtocolError("not_started", "the first hand is not dealt yet")
        if self.phase == OVER:
            raise p.ProtocolError("not_now", "the game is over")
        if isinstance(message, p.Ready):
            self.ready.add(client.seat)
            self._wake.set()
            return
        if isinstance(message, p.Show):
            if not session.may_show(client.seat) or self.pending is not None:
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
        reason = self._kept_reason(client, message)
        session.act(client.seat, message.action, reason, slip=message.slip)
        started = self.sent_at.pop(message.decision, None)
        if started is not None:
            self.round_trips.append(asyncio.get_running_loop().time() - started)
        self.actions_applied += 1
        self.pending = None
        self._wake.set()

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
            self._send(client, p.lobby(self.names(), self.here()))
        else:
            self._picture(client, {}, full=True)

    def _again(self, client: Client) -> None:
        """A player's "Play again": wait for the host's next game, or sit down in it now."""
        if client.game == self.game and self.phase != OVER:
            raise p.ProtocolError("not_now", "a game is already under way at this table")
        client.again = True
        if self.phase == OVER:
            self._notify()
            return
        self._join_game(client)

    def _join_game(self, client: Client, *, deal: bool = True) -> None:
        """Seat a connection of an earlier game in the one filling now (or refuse it).

        ``deal`` False leaves the table undealt even when every chair is taken now: the
        next game seats everyone who is in first, so a player without a chair is told the
        table is full rather than that it started without them.
        """
        client.seat = None
        if not client.watching:
            claim = self._claim(client.name) if client.name else "table_full"
            if isinstance(claim, str):
                self._send(client, p.refused(claim, _REFUSALS[claim]))
                self._drop(client)
                return
            client.seat = claim
        self._welcome(client)
        if deal:
            self._check_seated()
            self._broadcast()

    def _leave(self, client: Client) -> None:
        """A player leaves for good: the chair opens for the next game (now, in a lobby)."""
        if client.name:
            self.left.add(client.name)
            seat = client.seat
            if (
                self.session is None
                and seat is not None
                and client.game == self.game
                and seat != self.options.host_seat
            ):
                self._rename(seat, "")
        log.info("%s left the table", client.name or "a spectator")
        self._drop(client)

    def next_game(self, settings: GameSettings | None = None) -> None:
        """The host's next game at this table, with the same join code.

        ``settings`` ``None`` plays the same table again (a fresh deck: a new seed);
        otherwise the host's new table, whose human chairs with a name are kept for that
        player and whose ``""`` chairs are open. The players of the last game who have not
        left keep their chair (or take an open one, in their order), so each sits down
        again by saying "again" (or reconnecting with the code and their name); those who
        already said it, the host and the spectators get a fresh ``welcome`` now.
        """
        if self.phase != OVER:
            raise p.ProtocolError("not_now", "the game at this table is not over")
        previous = self.settings
        if settings is None:
            base = previous
            seats = [
                replace(s, name="") if s.is_human and s.name in self.left else s for s in base.seats
            ]
        else:
            base = replace(settings, lang=previous.lang, pace=previous.pace)
            seats = list(base.seats)
        returning = [
            s.name for s in previous.seats if s.is_human and s.name and s.name not in self.left
        ]
        reserved = {s.name for s in seats if s.is_human and s.name}
        waiting = [name for name in returning if name not in reserved]
        for index, seat in enumerate(seats):
            if seat.is_human and not seat.name and waiting:
                seats[index] = replace(seat, name=waiting.pop(0))
        table = replace(base, seats=tuple(seats), seed=None).with_seed()
        problems = table.validate()
        if problems:
            raise p.ProtocolError("bad_message", f"that table does not hold: {problems[0][0]}")
        host_names = {c.name for c in self.clients if c.host and c.name}
        self.options.host_seat = next(
            (i for i, s in enumerate(table.seats) if s.is_human and s.name in host_names), None
        )
        self.settings = table
        self.session = None
        self.game += 1
        self.phase = LOBBY
        self._seated.clear()
        self.pending = None
        self.ready.clear()
        self.sitting_out.clear()
        self._claimed.clear()
        self._encoder = p.FrameEncoder()
        log.info("game %d opens at the table", self.game)
        for client in self.clients:  # nobody sits in the new game until welcomed into it
            client.seat = None
        for client in list(self.clients):
            if client.watching or client.host or client.again:
                client.again = False
                self._join_game(client, deal=False)
        self._check_seated()
        self._broadcast()
        self._next_game.set()

    def _drop(self, client: Client) -> None:
        if client.closed:
            return
        client.closed = True
        client.writer.close()  # what is buffered still goes out; then the reader sees EOF
        if client in self.clients:
            self.clients.remove(client)
        if client.seat is not None and client.game == self.game:
            log.info("seat %d dropped", client.seat)
            self._release(client.seat)
            self._broadcast()
        self._wake.set()
        self._notify()

    def _release(self, seat: int) -> None:
        """A lobby chair taken by a name that has gone again is open again (no game yet)."""
        if (
            self.session is None
            and self.phase == LOBBY
            and seat in self._claimed
            and seat != self.options.host_seat
            and not self.connected(seat)
        ):
            self._claimed.discard(seat)
            self._rename(seat, "")

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
        data = p.frame(message)
        self.bytes_sent += len(data)
        client.writer.write(data)

    # ------------------------------------------------------------------ telling the table

    def table_state(self) -> TableState:
        """What every client may know about the chairs now (who is away included)."""
        session = self.session
        assert session is not None
        return session.table_state(self._away(session), self._away_left())

    def _away_left(self) -> int | None:
        """Whole seconds (rounded up) until the Away chair the hand waits for is played for.

        ``None`` as soon as its person is back, before the turn loop wakes to stop the
        countdown: the picture a returning client gets first must not show it running.
        """
        pending = self.pending
        if self.away_deadline is None or pending is None or self.connected(pending):
            return None
        left = self.away_deadline - asyncio.get_running_loop().time()
        return max(0, math.ceil(left))

    def _away(self, session: HostSession) -> tuple[bool | None, ...]:
        """Per chair: its person is not at the table now (``None`` for a bot)."""
        return tuple(
            (not self.connected(s)) if session.is_human(s) else None
            for s in range(session.seat_count)
        )

    def _broadcast(self) -> None:
        """Send every client of this game what changed for it (or the lobby).

        While a person's decision is open, that player hears at once and everybody else's
        delta comes :attr:`HostOptions.others_delay` later (see there): an answer that
        comes sooner is not kept waiting behind their pictures, and theirs then tell both
        moves at once. A whole picture (a new hand, a newcomer) is never held back.
        """
        if self._closing:
            return
        session = self.session
        if session is None:
            self._stop_catch_up()
            message = p.lobby(self.names(), self.here())
            for client in self.members():
                self._send(client, message)
            self._notify()
            return
        snapshots: dict[int | None, Snapshot] = {}
        delay = self.options.others_delay
        if self.pending is None or delay <= 0:
            self._stop_catch_up()
            for client in self.members():
                self._picture(client, snapshots)
        else:
            hand = None if session.hand is None else session.hand.config.hand_number
            for client in self.members():
                # only deltas wait: a whole picture (a new hand, a newcomer) goes at once
                sent = None if client.sent is None else client.sent.view
                whole = sent is None or sent.hand_number != hand
                if client.seat == self.pending or whole:
                    self._picture(client, snapshots)
            if self._catch_up is None:  # a deadline once set stays: nobody waits longer
                loop = asyncio.get_running_loop()
                self._catch_up = loop.call_later(delay, self._others_catch_up)
        self._notify()

    def _others_catch_up(self) -> None:
        """The pictures held back while a decision was open: everybody is told now."""
        self._catch_up = None
        if self._closing or self.session is None or self.phase != PLAYING:
            return
        snapshots: dict[int | None, Snapshot] = {}
        for client in self.members():
            self._picture(client, snapshots)
        self._notify()

    def _stop_catch_up(self) -> None:
        if self._catch_up is not None:
            self._catch_up.cancel()
            self._catch_up = None

    def _picture(
        self,
        client: Client,
        snapshots: dict[int | None, Snapshot],
        *,
        full: bool = False,
    ) -> None:
        """Send one client its picture: a delta from its last one, or whole when needed.

        ``snapshots`` holds each chair's snapshot once it is built for this broadcast.
        """
        session = self.session
        assert session is not None
        seat = client.seat
        snap = snapshots.get(seat)
        if snap is None:
            decision = self.decision if seat is not None and seat == self.pending else None
            local = () if seat is None else (seat,)
            snap = snapshots[seat] = session.snapshot(
                seat,
                local=local,
                decision=decision,
                away=self._away(session),
                away_left=self._away_left(),
            )
        view, sent = snap.view, client.sent
        told = None if sent is None or sent.view is None else sent.view
        if full or view is None or told is None or told.hand_number != view.hand_number:
            client.seq += 1
            message = p.state(client.seq, snap, self._encoder)
        else:
            assert sent is not None
            added = len(view.history) - len(told.history)
            moved = any(getattr(view, f) != getattr(told, f) for f in VIEW_PATCH_FIELDS)
            same = (snap.table, snap.decision, snap.may_show, snap.slips) == (
                sent.table,
                sent.decision,
                sent.may_show,
                sent.slips,
            )
            if not added and not moved and same:
                return  # nothing new for this client
            client.seq += 1
            patch = self._encoder.patch(len(told.history), view)
            changes = p.table_changes(sent.table, snap.table)
            message = p.delta(client.seq, view.hand_number, changes, patch, snap)
        self._send(client, message)
        client.sent = snap
        if snap.decision is not None:
            self.sent_at.setdefault(snap.decision, asyncio.get_running_loop().time())

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
        session.join_code = self.options.code
        session.count_earlier_hands()
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
        while True:
            await self._play_game()
            if not self.options.keep_table:
                return
            await self._next_game.wait()
            self._next_game.clear()

    async def _play_game(self) -> None:
        """Carry out the turn loop's steps (:func:`~holdem_tui.session.turns.next_step`) on
        the event loop until the game is over."""
        await self._seated.wait()
        session = self.session or self._start_session()
        for client in self.members():  # the names of the friends who took the open chairs
            self._welcome(client)
        self._broadcast()
        while True:
            step = next_step(session)
            if isinstance(step, SessionOver):
                self._end()
                return
            if isinstance(step, BustQuestion):
                # nobody is asked over the network: a busted friend watches until every
                # person is out, and then the game is over
                humans = session.settings.humans
                everyone = all(session.table.seats[h].out for h in humans)
                answer_bust(session, step.seat, BustChoice.END if everyone else BustChoice.WATCH)
                continue
            if isinstance(step, HandOver):
                session.finish_hand()
                self._broadcast()
                await self._between_hands(step.plan)
                continue
            if isinstance(step, Deal):
                session.start_hand()
                self.ready.clear()
            elif isinstance(step, PersonTurn):
                await self._human_turn(session, step.seat)
            else:
                await self._bot_turn(session, step.seat)
            if not self._next_turn_tells(session):
                self._broadcast()

    @staticmethod
    def _next_turn_tells(session: HostSession) -> bool:
        """Whether the next step sends the table its picture anyway (one frame, not two):
        a finished hand is told once paid, a person's turn together with the decision."""
        hand = session.hand
        if hand is None or hand.is_complete:
            return hand is not None
        seat = session.actor_seat
        return seat is not None and session.is_human(seat)

    async def _between_hands(self, plan: RevealPlan) -> None:
        """Let the result be read: until every player present says ready, or the pause ends
        (which starts after the hands have been turned up)."""
        loop = asyncio.get_running_loop()
        reveal = plan.seconds(self.options.reveal_delay)
        deadline = loop.time() + reveal + self.options.hand_pause
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
        """Wait for the person at ``seat``; a chair whose person is not at the table is
        Away: its turn is checked or folded when its timer runs out (every screen counts
        it down), at once once it has been, until the person is back."""
        loop = asyncio.get_running_loop()
        self.decision += 1
        self.pending = seat
        self.away_deadline = None
        self._broadcast()
        session.save()  # a decision point, as at a local table: a kill resumes here
        while self.pending == seat:
            self._wake.clear()
            deadline = None
            if not self.connected(seat):
                away = 0.0 if seat in self.sitting_out else self.options.away_timeout
                deadline = self.away_deadline or loop.time() + away
            if deadline != self.away_deadline:
                self.away_deadline = deadline
                self._broadcast()  # the countdown starts (or stops: the person is back)
            timeout = None if deadline is None else max(0.0, deadline - loop.time())
            if not await self._wait(timeout) and self.pending == seat:
                legal = session.view_for(seat).legal
                assert legal is not None
                session.act(seat, legal.passive_action())
                self.actions_applied += 1
                self.sent_at.pop(self.decision, None)
                self.sitting_out.add(seat)
                self.pending = None
                log.info("seat %d is away: %s", seat, legal.passive_action().kind.value)
        self.away_deadline = None

    async def _bot_turn(self, session: HostSession, seat: int) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        move = await asyncio.to_thread(ask_bot(session, seat, self.options.bot_timeout))
        people = [s for s in self.human_seats() if self.connected(s)]
        pause = bot_pause(session, people, self.options.bot_delay, watch=False)
        wait = pause - (loop.time() - started)
        if wait > 0:
            await asyncio.sleep(wait)  # pacing, so people can follow a bot's move
        if play_bot(session, move):
            self.actions_applied += 1

    def _over_message(self) -> dict[str, Any]:
        session = self.session
        assert session is not None
        return p.over(session.result(), again=self.options.keep_table, stats=session.seat_stats)

    def _end(self) -> None:
        session = self.session
        assert session is not None
        self.phase = OVER
        self.pending = None
        self._stop_catch_up()
        session.close_storage()
        message = self._over_message()
        for client in self.members():
            client.again = False
            self._send(client, message)
        self._notify()
        log.info("game %d over after %d hands", self.game, session.table.hand_number)


_REFUSALS = {
    "too_many_attempts": "too many wrong join codes from your address; try again later",
    "busy": "too many attempts at this table's code just now; try again in a minute",
    "seat_taken": "a player with that name is already at the table",
    "name_taken": "that name is taken at this table",
    "table_full": "every seat is taken; join with --watch to look on",
    "started": "the game started without you; join with --watch to look on, "
    "or come back for the next game at this table",
}
