"""The client side of a network table: a bare connection and a session that mirrors the host.

:class:`Connection` speaks the protocol and nothing else (the bot client, the tests and the
benchmark use it directly). It keeps this client's copy of the table: a whole ``state``
replaces it, a ``delta`` is applied to it (:func:`~holdem_tui.net.protocol.apply_delta`),
and a delta that does not apply makes it ask the host for a whole ``state`` and wait for
it, so what it returns is always a whole :class:`~holdem_tui.net.protocol.State`.
:class:`RemoteSession` is the seam to the table UI: the host's last snapshot of the table
(the same read model a local table is drawn from) and a small command port that sends the
player's decisions (and "start now", "play again", "new game") to the host. The host
deals; nothing here can.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.seats import SeatKeyring
from holdem_tui.session.outcome import SessionResult
from holdem_tui.session.snapshot import Snapshot


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
        #: a frame the table sent during the secure handshake (its refusal), read first
        self.first: bytes | None = None
        #: where this player's reconnect key for the table is kept, and under which name
        self.keyring: SeatKeyring | None = None
        self.name = ""

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
        keyring: SeatKeyring | None = None,
    ) -> Connection:
        """Connect over the encrypted wire keyed by ``code`` (:mod:`holdem_tui.net.secure`)
        and say hello (``token``: the host's own app); the first message answers.

        ``keyring`` holds this machine's reconnect keys for the table: the one kept for
        ``name`` is shown, and the one the table gives is kept (:mod:`holdem_tui.net.seats`).

        A far end that is not a table holding this code, or that speaks another version,
        answers with a refusal as the first message (``not_the_table``, ``version``: see
        :func:`~holdem_tui.net.secure.connect`); ``OSError`` when it cannot be reached.
        """
        reader, writer, refusal = await secure.connect(host, port, code)
        connection = cls(reader, writer)
        connection.first = refusal
        if not watch and name:
            connection.keyring, connection.name = keyring, name
        if refusal is None:
            key = None if connection.keyring is None else connection.keyring.key(name)
            hello = p.hello(
                secure.normalize_code(code), name, watch=watch, token=token, seat_token=key
            )
            await connection.send(hello)
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
            line, self.first = self.first, None
            try:
                line = line or await self.reader.readline()
            except (ConnectionError, ValueError, OSError):
                return None
            if not line.endswith(b"\n"):
                return None
            message = p.decode_server(p.parse_line(line), self.seats)
            if isinstance(message, p.Welcome):
                if message.seat_token is not None and self.keyring is not None:
                    self.keyring.keep(self.name, message.seat_token)
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


class RemoteSession:
    """The host's table as one client knows it: the last snapshot, and a small command port.

    Nothing is played on this side: there is no deck, no bot and no hand here, only the
    last :class:`~holdem_tui.session.snapshot.Snapshot` the host sent (:meth:`update`) and,
    once a game is over, its :class:`~holdem_tui.session.outcome.SessionResult`
    (:meth:`finish`). The port sends what the player does: :meth:`act`, :meth:`show`,
    :meth:`ready`, "play again" (:meth:`again`), :meth:`leave`, and the host's own
    :meth:`start_now` and :meth:`new_game`.
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
        self.settings = settings
        self.me = me
        self.send = send
        #: this connection is the host's own: it may start now and open the next game
        self.host = host
        #: which game at this table this session is (a new one comes with a new welcome)
        self.game = game
        #: the host's pause between hands turned up at a showdown (0: all at once)
        self.reveal_seconds = reveal_ms / 1000.0
        #: the host's last picture (``None`` before the first one)
        self.state: p.State | None = None
        #: the number of the decision this seat may still answer (cleared once it has)
        self.decision: int | None = None
        #: the game's results, once it is over
        self.result: SessionResult | None = None
        #: after the game: the host keeps the table open for another one here
        self.table_open = False
        #: this seat's final view of each hand of the game finished so far, oldest first
        #: (its past hands and its review: only what this seat may know)
        self.past: list[PlayerView] = []

    # ------------------------------------------------------------------ what it knows

    @property
    def local_seats(self) -> tuple[int, ...]:
        """The chair played at this screen (a spectator: none)."""
        return () if self.me is None else (self.me,)

    @property
    def names(self) -> tuple[str, ...]:
        """Every chair's name, as the host's settings give it."""
        return self.settings.seat_names()

    @property
    def snapshot(self) -> Snapshot | None:
        """The table as the host last told it (``None`` before the first picture)."""
        return None if self.state is None else self.state.snapshot

    @property
    def view(self) -> PlayerView | None:
        """This seat's view of the hand on show (``None`` before the first deal)."""
        return None if self.state is None else self.state.view

    @property
    def over(self) -> bool:
        """The game has ended (the results are in)."""
        return self.result is not None

    # ------------------------------------------------------------------ from the host

    def update(self, state: p.State) -> None:
        """Take the host's latest picture of the table (a finished hand's is kept)."""
        self.state = state
        self.decision = state.decision
        view = state.view
        if view is not None and view.complete:
            if self.past and self.past[-1].hand_number == view.hand_number:
                self.past[-1] = view  # the same hand again (someone showed after it)
            else:
                self.past.append(view)

    def finish(self, over: p.Over) -> None:
        """The game ended: its results, and whether the table stays open for another."""
        self.result = over.result
        self.table_open = over.again
        self.decision = None

    # ------------------------------------------------------------------ the command port

    def act(self, action: Action) -> None:
        """Send this chair's decision; the host's answer arrives as the next state (or error)."""
        if self.me is None or self.decision is None:
            raise IllegalAction("not_your_turn", "it is not your turn")
        self.send(p.act(self.me, self.decision, action))
        self.decision = None

    def show(self) -> None:
        """Ask the host to turn this chair's cards up (it won without a showdown)."""
        self.send(p.show())

    def ready(self) -> None:
        """This player has seen the result: the host may deal the next hand."""
        self.send(p.ready())

    def start_now(self) -> bool:
        """The host's "start without them" (see :meth:`TableServer.start_now`).

        False (nothing sent) unless this is the host's connection; the host answers with
        the game's ``welcome`` and first hand, or an ``error`` (``too_few_players``).
        """
        if not self.host:
            return False
        self.send(p.start())
        return True

    def again(self) -> None:
        """ "Play again" on the end screen.

        The host opens the next game at this table with the same settings (same join
        code; a fresh deck). A friend says they are ready for it and waits: the next
        ``welcome`` arrives when the host opens it.
        """
        self.send(p.next_game(None) if self.host else p.again())

    def new_game(self, settings: GameSettings) -> None:
        """ "New game" on the end screen: the host opens the next game at this table with
        ``settings`` from the host's setup (human chairs named for their player or ``""`` for
        open ones); a friend leaves this table for good."""
        if self.host:
            self.send(p.next_game(settings))
        else:
            self.leave()

    def hand_over(self, seat: int) -> bool:
        """The host's "hand this chair over" (:meth:`Chairs.hand_over
        <holdem_tui.net.chairs.Chairs.hand_over>`): its key stops working, and the next
        player who joins with its name sits there. False (nothing sent) unless this is the
        host's connection."""
        if not self.host:
            return False
        self.send(p.hand_over(seat))
        return True

    def leave(self) -> None:
        """Leave the table for good: the chair is free for the next game."""
        self.send(p.leave())
