"""What a hosted table tells each connection: its picture of the table, and nothing more.

Each client gets a whole ``state`` (the session's own
:class:`~holdem_tui.session.snapshot.Snapshot` for its chair) when it sits down, when a hand
is dealt and when it asks; otherwise a ``delta`` made from what happened since its last
picture: the events its seat may see, the view's moving fields, the seats those events
changed (no two views are compared), and nothing when nothing did. While a person's
decision is open, that player hears at once and everybody else a moment later
(:attr:`~holdem_tui.net.host_session.HostOptions.others_delay`), so a quick answer is never
kept waiting behind the other screens. A client that stops reading is dropped rather than
let grow the host's memory.
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Any

from holdem_tui.net import protocol as p
from holdem_tui.net.gate import Client
from holdem_tui.session.snapshot import Snapshot
from holdem_tui.wire.codec import VIEW_PATCH_FIELDS

if TYPE_CHECKING:
    from holdem_tui.net.host_session import HostSession
    from holdem_tui.net.server import TableServer

#: bytes waiting in one client's socket buffer before it counts as gone (not reading)
MAX_BACKLOG = 8 * 1024 * 1024


class Pictures:
    """The broadcast of one :class:`~holdem_tui.net.server.TableServer`; see the module."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        #: bytes handed to client sockets (the benchmark reports them per action)
        self.bytes_sent = 0
        #: the event encoder of this game (its card and event strings are cached per game)
        self.encoder = p.FrameEncoder()
        #: once the table closes nobody is told about the others leaving
        self.closing = False
        #: the held-back pictures of the players not deciding (see :meth:`broadcast`)
        self._catch_up: asyncio.TimerHandle | None = None

    def send(self, client: Client, message: dict[str, Any]) -> None:
        """Hand a frame to the socket at once (the event loop writes it out as it can)."""
        if client.closed:
            return
        transport = client.writer.transport
        if transport.is_closing():
            self.table.drop(client)
            return
        if transport.get_write_buffer_size() > MAX_BACKLOG:  # not reading: gone for the table
            self.table.drop(client)
            return
        data = p.frame(message)
        self.bytes_sent += len(data)
        client.writer.write(data)

    def _away_left(self) -> int | None:
        """Whole seconds (rounded up) until the Away chair the hand waits for is played for.

        ``None`` as soon as its person is back, before the turn loop wakes to stop the
        countdown: the picture a returning client gets first must not show it running.
        """
        table = self.table
        pending, deadline = table.pending, table.away_deadline
        if deadline is None or pending is None or table.connected(pending):
            return None
        left = deadline - asyncio.get_running_loop().time()
        return max(0, math.ceil(left))

    def _away(self, session: HostSession) -> tuple[bool | None, ...]:
        """Per chair: its person is not at the table now (``None`` for a bot)."""
        return tuple(
            (not self.table.connected(s)) if session.is_human(s) else None
            for s in range(session.seat_count)
        )

    def broadcast(self) -> None:
        """Send every client of this game what changed for it (or the lobby).

        While a person's decision is open, that player hears at once and everybody else's
        delta comes :attr:`HostOptions.others_delay` later (see there): an answer that
        comes sooner is not kept waiting behind their pictures, and theirs then tell both
        moves at once. A whole picture (a new hand, a newcomer) is never held back.
        """
        if self.closing:
            return
        table = self.table
        session = table.session
        if session is None:
            self.stop()
            message = p.lobby(table.names(), table.here())
            for client in table.members():
                self.send(client, message)
            table.notify()
            return
        snapshots: dict[int | None, Snapshot] = {}
        delay = table.options.others_delay
        if table.pending is None or delay <= 0:
            self.stop()
            for client in table.members():
                self.picture(client, snapshots)
        else:
            hand = None if session.hand is None else session.hand.config.hand_number
            for client in table.members():
                # only deltas wait: a whole picture (a new hand, a newcomer) goes at once
                sent = None if client.sent is None else client.sent.view
                whole = sent is None or sent.hand_number != hand
                if client.seat == table.pending or whole:
                    self.picture(client, snapshots)
            if self._catch_up is None:  # a deadline once set stays: nobody waits longer
                loop = asyncio.get_running_loop()
                self._catch_up = loop.call_later(delay, self._others_catch_up)
        table.notify()

    def _others_catch_up(self) -> None:
        """The pictures held back while a decision was open: everybody is told now."""
        self._catch_up = None
        table = self.table
        if self.closing or table.session is None or not table.playing:
            return
        snapshots: dict[int | None, Snapshot] = {}
        for client in table.members():
            self.picture(client, snapshots)
        table.notify()

    def stop(self) -> None:
        """Forget the pictures held back (the lobby, the end, the table closing)."""
        if self._catch_up is not None:
            self._catch_up.cancel()
            self._catch_up = None

    def picture(
        self,
        client: Client,
        snapshots: dict[int | None, Snapshot] | None = None,
        *,
        full: bool = False,
    ) -> None:
        """Send one client its picture: a delta from its last one, or whole when needed.

        ``snapshots`` holds each chair's snapshot once it is built for this broadcast.
        """
        table = self.table
        session = table.session
        assert session is not None
        if snapshots is None:
            snapshots = {}
        seat = client.seat
        snap = snapshots.get(seat)
        if snap is None:
            decision = table.decision if seat is not None and seat == table.pending else None
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
            message = p.state(client.seq, snap, self.encoder)
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
            patch = self.encoder.patch(len(told.history), view)
            changes = p.table_changes(sent.table, snap.table)
            message = p.delta(client.seq, view.hand_number, changes, patch, snap)
        self.send(client, message)
        client.sent = snap
        if snap.decision is not None:
            table.sent_at.setdefault(snap.decision, asyncio.get_running_loop().time())
