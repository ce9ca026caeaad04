"""The client side of a network table: a bare connection and a session that mirrors the host.

:class:`Connection` speaks the protocol and nothing else (the bot client, the tests and the
benchmark use it directly). It keeps this client's copy of the table: a whole ``state``
replaces it, a ``delta`` is applied to it (:func:`~holdem_tui.net.protocol.apply_delta`),
and a delta that does not apply makes it ask the host for a whole ``state`` and wait for
it, so what it returns is always a whole :class:`~holdem_tui.net.protocol.State`.
:class:`RemoteSession` is the seam to the table UI: it answers the same questions as the
local :class:`~holdem_tui.session.controller.Session` (whose turn, what this seat may see,
stacks, limits, the score) from what the host last sent, and sends the player's decisions
(and "start now", "play again", "new game") to the host instead of applying them. The host
deals; nothing here can.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.decision import Decision, Reason
from holdem_tui.engine.events import Event
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.session.controller import BiggestPot, Session
from holdem_tui.session.narrate import Slip
from holdem_tui.session.snapshot import Snapshot, TableState
from holdem_tui.storage.autosave import SaveFile


def split_address(text: str, default_port: int = p.DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6]:port`` -> (host, port); ``ValueError`` if malformed."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"no host in {text!r}")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"not a port: {port_text!r}")
    return host, int(port_text)


class Connection:
    """One client connection: send messages, receive checked ones, keep the table's copy."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        #: chairs at the table, known once welcomed (the decoder checks lists against it)
        self.seats: int | None = None
        #: this client's copy of the table: the last whole picture, deltas applied
        self.state: p.State | None = None
        #: times a delta did not apply and a whole state was asked for
        self.resyncs = 0
        self._syncing = False

    @classmethod
    async def open(
        cls,
        host: str,
        port: int,
        code: str,
        name: str,
        *,
        watch: bool = False,
        token: str | None = None,
    ) -> Connection:
        """Connect and say hello (``token``: the host's own app); the first message answers."""
        reader, writer = await asyncio.open_connection(host, port, limit=p.MAX_SERVER_LINE)
        connection = cls(reader, writer)
        await connection.send(p.hello(code, name, watch=watch, token=token))
        return connection

    async def send(self, message: dict[str, Any]) -> None:
        """Write one message."""
        self.writer.write(p.frame(message))
        await self.writer.drain()

    def send_nowait(self, message: dict[str, Any]) -> None:
        """Write one message without waiting for the socket (the UI thread's path)."""
        self.writer.write(p.frame(message))

    async def recv(self) -> p.ServerMessage | None:
        """The next server message, ``None`` once the connection is closed.

        A ``delta`` comes back as the whole :class:`~holdem_tui.net.protocol.State` it makes
        of this client's copy; one that does not apply is answered with a ``sync`` request
        and skipped, like every delta after it until the whole ``state`` arrives. A frame
        that does not decode raises :class:`~holdem_tui.net.protocol.ProtocolError`.
        """
        while True:
            try:
                line = await self.reader.readline()
            except (ConnectionError, ValueError):
                return None
            if not line.endswith(b"\n"):
                return None
            message = p.decode_server(p.parse_line(line), self.seats)
            if isinstance(message, p.Welcome):
                self.seats = len(message.settings.seats)
                self.state = None
                self._syncing = False
            elif isinstance(message, p.State):
                self.state = message
                self._syncing = False
            elif isinstance(message, p.Delta):
                if self._syncing:
                    continue
                try:
                    message = self.state = p.apply_delta(self.state, message)
                except p.ProtocolError:
                    self.resyncs += 1
                    self._syncing = True
                    self.send_nowait(p.sync())
                    continue
            return message

    def hang_up(self) -> None:
        """Close the connection now, from code that cannot wait (the other side sees it go)."""
        self.writer.close()

    async def close(self) -> None:
        """Hang up, and wait until the connection is closed."""
        self.hang_up()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()


class RemoteSession(Session):
    """The host's session as one client sees it; drop-in for the table UI.

    It deliberately does not run :meth:`Session.__init__`: there is no deck, no bot and no
    hand on this side, only the last :class:`~holdem_tui.net.protocol.State` the host sent.
    It starts the same story fields as a local session (``Session._start_story``).
    """

    def __init__(
        self,
        settings: GameSettings,
        me: int | None,
        send: Callable[[dict[str, Any]], None],
        *,
        host: bool = False,
        game: int = 1,
        reveal_ms: int = 0,
    ) -> None:
        # the story fields the table screens read, as a local session starts them (the
        # host keeps the real story: past hands, rebuys and watchers stay empty here)
        self._start_story(settings)
        self.local_seats = () if me is None else (me,)
        self.me = me
        self.send = send
        self.view: PlayerView | None = None
        self.decision: int | None = None
        self.state: p.State | None = None
        #: the read model the host last sent (``None`` before the first picture)
        self.latest: Snapshot | None = None
        self.over = False
        self._show_allowed = False
        #: this connection is the host's own: it may start now and open the next game
        self.host = host
        #: which game at this table this session is (a new one comes with a new welcome)
        self.game = game
        #: the host's pause between hands turned up at a showdown (0: all at once)
        self.reveal_seconds = reveal_ms / 1000.0
        #: the events the last picture added (a whole state: the hand's history so far)
        self.events: tuple[Event, ...] = ()
        #: after the game: the host keeps the table open for another one here
        self.table_open = False

    # ------------------------------------------------------------------ from the host

    def update(self, state: p.State) -> None:
        """Take the host's latest picture of the table."""
        self.state = state
        self.latest = state.snapshot
        self.view = state.view
        self.decision = state.decision
        self._show_allowed = bool(state.snapshot.may_show)
        self.events = state.events
        self._take_table(state.table)

    def _take_table(self, table: TableState) -> None:
        for index, seat in enumerate(self.table.seats):
            seat.stack = table.stacks[index]
            seat.busted_in_hand = table.busted[index]
        self.table.hand_number = table.hand_number
        self.hands_won = list(table.hands_won)

    def finish(self, over: p.Over) -> None:
        """The session ended: final stacks, the chart's history and the biggest pot."""
        self._take_table(over.table)
        if over.history:
            self.table.history = [tuple(row) for row in over.history]
        best = over.biggest_pot
        if best is not None and len(best) >= 2:
            self.biggest_pot = BiggestPot(best[0], best[1], tuple(best[2:]))
        self.over = True
        self.table_open = over.again
        self.decision = None

    # ------------------------------------------------------------------ the table's calls

    def start_now(self) -> bool:
        """The host's "start without them" (see :meth:`TableServer.start_now`).

        False (nothing sent) unless this is the host's connection; the host answers with
        the game's ``welcome`` and first hand, or an ``error`` (``too_few_players``).
        """
        if not self.host:
            return False
        self.send(p.start())
        return True

    def play_again(self) -> None:
        """ "Play again" on the end screen.

        The host opens the next game at this table with the same settings (same join
        code; a fresh deck). A friend says they are ready for it and waits: the next
        ``welcome`` arrives when the host opens it.
        """
        self.send(p.next_game(None) if self.host else p.again())

    def new_game(self, settings: GameSettings | None = None) -> None:
        """ "New game" on the end screen.

        The host opens the next game at this table with ``settings`` from the host's setup
        (human chairs named for their player or ``""`` for open ones; built-in bots only);
        a friend leaves this table for good (the app then closes the connection).
        """
        if self.host and settings is not None:
            self.send(p.next_game(settings))
        else:
            self.leave()

    def leave(self) -> None:
        """Leave the table for good: the chair is free for the next game."""
        self.send(p.leave())

    def is_away(self, seat: int) -> bool:
        """Whether the host says this human chair's player is not connected."""
        return self.state is not None and self.state.table.away[seat] is True

    # ------------------------------------------------------------------ Session's questions

    def position_of(self, seat: int) -> int | None:
        """The chair's position in the hand on screen, if it is dealt in."""
        if self.view is None:
            return None
        for sv in self.view.seats:
            if sv.seat == seat:
                return sv.position
        return None

    def seat_at(self, position: int) -> int:
        """The chair at a hand position."""
        assert self.view is not None
        return self.view.seats[position].seat

    @property
    def actor_seat(self) -> int | None:
        """The chair the host waits for."""
        view = self.view
        if view is None or view.complete or view.to_act is None:
            return None
        return view.seats[view.to_act].seat

    def stack(self, seat: int) -> int:
        """Chips behind (during a hand) or at the chair (between hands)."""
        position = self.position_of(seat)
        if self.view is not None and position is not None:
            return self.view.seats[position].stack
        return self.table.seats[seat].stack

    def is_out(self, seat: int) -> bool:
        """Busted and not in the hand on screen."""
        return self.position_of(seat) is None and self.table.seats[seat].out

    def view_for(self, seat: int | None, *, reveal_all: bool = False) -> PlayerView:
        """The only view this client has: its own, as the host sent it."""
        assert self.view is not None
        return self.view

    def bot_view(self, seat: int) -> PlayerView:
        """Bots think on the host."""
        raise RuntimeError("bots play on the host")

    def start_hand(self) -> Hand:
        """The host deals."""
        raise RuntimeError("the host deals")

    def finish_hand(self) -> None:
        """The host pays out."""
        raise RuntimeError("the host pays out")

    def act(
        self,
        seat: int,
        action: Action,
        reason: Reason | None = None,
        *,
        slip: Slip | None = None,
    ) -> tuple[Event, ...]:
        """Send this chair's decision; the host's answer arrives as the next state (or error)."""
        if seat != self.me or self.decision is None:
            raise IllegalAction("not_your_turn", "it is not your turn")
        self.send(p.act(seat, self.decision, action, reason))
        self.decision = None
        return ()

    def act_for_bot(
        self, seat: int, answer: Action | Decision, *, slip: Slip | None = None
    ) -> tuple[Event, ...]:
        """Bots play on the host."""
        raise RuntimeError("bots play on the host")

    def can_show(self, seat: int) -> bool:
        """Whether the host offers this chair to turn its cards up."""
        return seat == self.me and self._show_allowed

    def show(self, seat: int) -> tuple[Event, ...]:
        """Ask the host to turn this chair's cards up."""
        self._show_allowed = False
        self.send(p.show())
        return ()

    def start_storage(self, save_file: SaveFile | None = None) -> None:
        """The host keeps the save and the history."""

    def save(self) -> None:
        """The host keeps the save."""

    def close_storage(self) -> None:
        """The host keeps the save."""

    def tick(self) -> None:
        """Time is counted on the host."""

    def is_over(self) -> bool:
        """Whether the host ended the session (or this hand is its last)."""
        if self.over:
            return True
        state = self.state
        return (
            state is not None
            and state.table.last_hand
            and self.view is not None
            and (self.view.complete)
        )

    def is_last_hand(self) -> bool:
        """The host's word on whether this is the last hand."""
        return self.state is not None and self.state.table.last_hand

    def hands_left(self) -> int | None:
        """Hands left by the limit, as the host counts them."""
        return None if self.state is None else self.state.table.hands_left

    def minutes_left(self) -> int | None:
        """Minutes left by the limit, as the host counts them."""
        return None if self.state is None else self.state.table.minutes_left
