"""A network seat's line to the host: connect, read the host's word, connect again after a drop.

A table that was reached and then dropped keeps the chair (Away) for the same code and name,
so the line tries again (:data:`RECONNECT_ATTEMPTS`, :data:`RECONNECT_PAUSE` apart) and the
seat is given back. An address that never answered is given up at once, in one line: trying
again is for a dropped table, not for a typo. What the host says is the seat's
(:class:`LinkOwner`, the :class:`~holdem_tui.ui.remote.RemoteDriver`): the line only carries
it, and knows when to stop (the player quit, left the table, or the host is done).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Final, Protocol

from holdem_tui.net import protocol as p
from holdem_tui.net.client import Connection
from holdem_tui.net.seats import SeatKeyring
from holdem_tui.net.unreachable import unreachable_text

if TYPE_CHECKING:
    from holdem_tui.ui.driver import TableHost
    from holdem_tui.ui.joining import JoinTarget

#: attempts to reach the host again after the connection drops, and the pause between them
RECONNECT_ATTEMPTS = 30
RECONNECT_PAUSE = 1.0
#: seconds an address has to answer before it is given up (a host that never answers)
CONNECT_TIMEOUT: Final = 5.0


class LinkOwner(Protocol):
    """The seat a line carries the host's word to."""

    #: the host closed the table: a connection that ends now is not tried again
    closed: bool

    @property
    def host(self) -> TableHost:
        """The app the seat runs in (the line's own words are in its language)."""

    def tell(self, text: str) -> None:
        """A passing word (reconnecting) where the player looks now."""

    def give_up(self, text: str) -> None:
        """The table cannot be reached (again): close the app and say why."""

    async def received(self, message: p.ServerMessage) -> bool:
        """Carry out the host's message; True when nothing is left to reconnect to."""

    def left(self) -> None:
        """The host has let go of the chair of a player who left the table: close the app."""


class HostLink:
    """The connection to the host of ``target``, kept up while ``reconnect`` allows."""

    def __init__(self, target: JoinTarget, owner: LinkOwner, *, reconnect: bool = True) -> None:
        self.target = target
        self.owner = owner
        self.reconnect = reconnect
        #: the connection open now (``None`` between attempts)
        self.connection: Connection | None = None
        #: the player chose to leave the table for good (waiting for the host to let go)
        self.leaving = False
        #: the player quit (Ctrl+Q): the connection is hung up and never tried again
        self.quitting = False

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` to the host (nothing while the line is down)."""
        if self.connection is not None:
            self.connection.send_nowait(message)

    def hang_up(self) -> None:
        """The player quits: the host sees the chair empty now, and nobody calls back."""
        self.quitting = True
        if self.connection is not None:
            self.connection.hang_up()

    async def run(self) -> None:
        """Connect, serve the connection, and after a drop connect again."""
        target, owner = self.target, self.owner
        tr = owner.host.tr
        failures = 0
        reached = False
        while True:
            try:
                connection = await asyncio.wait_for(
                    Connection.open(
                        target.host,
                        target.port,
                        target.code,
                        target.name,
                        watch=target.watch,
                        token=target.token,
                        keyring=SeatKeyring.for_table(target.code),
                    ),
                    CONNECT_TIMEOUT,
                )
            except (OSError, TimeoutError) as exc:
                failures += 1
                if not reached or not self.reconnect or failures > RECONNECT_ATTEMPTS:
                    owner.give_up(unreachable_text(tr, exc, target.host, target.port))
                    return
                owner.tell(tr.t("net.reconnecting"))
                await asyncio.sleep(RECONNECT_PAUSE)
                continue
            failures = 0
            reached = True
            if self.quitting:  # the player quit while this connection was being made
                await connection.close()
                return
            self.connection = connection
            finished = await self._serve(connection)
            self.connection = None
            await connection.close()
            if self.leaving:
                owner.left()
                return
            if self.quitting:
                return
            if finished or not self.reconnect:
                if not finished:
                    owner.give_up(tr.t("net.lost"))
                return
            owner.tell(tr.t("net.reconnecting"))

    async def _serve(self, connection: Connection) -> bool:
        """Read messages until the connection ends; True when nothing is left to reconnect to."""
        while True:
            try:
                message = await connection.recv()
            except p.ProtocolError as exc:
                self.owner.give_up(self.owner.host.tr.t("net.bad_host", detail=exc.detail))
                return True
            if message is None:
                return self.owner.closed
            if await self.owner.received(message):
                return True
