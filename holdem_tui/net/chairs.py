"""The chairs of a hosted table: who sits where, when the game starts, and the next game.

A chair is a bot's, a person's reserved by name (the host's own, a resumed table's), or open
for the first friend who comes. The lobby fills them; the game starts once every person is
here, when the host says "start now" (the chairs still open go), once ``start_when`` people
are here, or, at a resumed table, as soon as its host is back. After a game, a table kept
open takes the host's next game with the same join code: the players who stay keep their
chairs, and those who left free theirs.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING

from holdem_tui.game_settings import HUMAN, GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.gate import Client
from holdem_tui.net.protocol import Refusal
from holdem_tui.net.seats import SeatLocks, hand_over_problem

if TYPE_CHECKING:
    from holdem_tui.net.server import TableServer

log = logging.getLogger("holdem_tui.net")


class TablePhase(StrEnum):
    """Where a hosted table is: chairs filling, a game in play, or a game over (a table kept
    open waits there for the host's next game)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


class Chairs:
    """The seating of one :class:`~holdem_tui.net.server.TableServer`; see the module."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        #: open chairs a name took in the lobby: open again when that player drops before
        #: the deal (a name that came and went keeps no chair from a real friend)
        self.claimed: set[int] = set()
        #: who may take a named chair back (:mod:`holdem_tui.net.seats`)
        self.locks = SeatLocks()

    def names(self) -> list[str | None]:
        """Every chair's name, ``None`` for a chair still open."""
        names: list[str | None] = []
        for index, seat in enumerate(self.table.settings.seats):
            if seat.kind == HUMAN and not seat.name:
                names.append(None)
            else:
                names.append(self.table.settings.seat_names()[index])
        return names

    def here(self) -> list[bool]:
        """Per chair: its player is at the table (a bot always is)."""
        return [
            not seat.is_human or (bool(seat.name) and self.table.connected(index))
            for index, seat in enumerate(self.table.settings.seats)
        ]

    def claim(self, client: Client) -> int | Refusal:
        """The chair for ``client``'s name (reserved, or the first open one), else why not."""
        name = client.name
        for index, seat in enumerate(self.table.settings.seats):
            if seat.kind == HUMAN and seat.name == name:
                return self._unlock(client, index)
        if name in self.table.settings.seat_names():
            return Refusal.NAME_TAKEN
        if self.table.phase != TablePhase.LOBBY:
            return Refusal.STARTED
        for index, seat in enumerate(self.table.settings.seats):
            if seat.kind == HUMAN and not seat.name:
                self.rename(index, name)
                self.claimed.add(index)
                client.seat_key = self.locks.issue(name)
                return index
        return Refusal.TABLE_FULL

    def _unlock(self, client: Client, index: int) -> int | Refusal:
        """The chair kept for ``client``'s name, if its key (or the host's token at the
        host's chair) opens it; a stale connection still holding it then makes way."""
        table = self.table
        holders = [c for c in table.clients if c.seat == index and not c.closed]
        host = client.host and index == table.options.host_seat
        if holders and not host and not self.locks.locked(client.name):
            return Refusal.SEAT_TAKEN
        admission = self.locks.admit(client.name, client.seat_key, host=host)
        if admission is None:
            table.gate.wrong_key(client)
            return Refusal.SEAT_TAKEN if holders else Refusal.SEAT_LOCKED
        client.seat_key = admission.key
        for stale in holders if admission.proved else ():  # the same player, a new line
            stale.seat = None
            table.send(stale, p.closed("replaced", "your seat was taken back with its key"))
            table.drop(stale)
        return index

    def hand_over(self, seat: int) -> None:
        """The host's "hand this chair to someone new": its key stops working, and the next
        player who joins with its name sits down with a fresh one (:mod:`~holdem_tui.net.seats`)."""
        table = self.table
        seats = table.settings.seats
        name = seats[seat].name if 0 <= seat < len(seats) else ""
        problem = hand_over_problem(
            table.settings, seat, host_seat=table.options.host_seat, here=table.connected(seat)
        )
        if problem is not None:
            raise p.ProtocolError(problem, "that chair cannot be handed over now")
        self.locks.revoke(name)
        log.info("the host handed seat %d over: the next to join as its player sits there", seat)

    def rename(self, index: int, name: str) -> None:
        """Name chair ``index`` (``""``: open it again, its last player's key going with it)."""
        if not name:
            self.locks.forget(self.table.settings.seats[index].name)
        seats = list(self.table.settings.seats)
        seats[index] = replace(seats[index], name=name)
        self.table.settings = replace(self.table.settings, seats=tuple(seats))

    def present(self) -> int:
        """People at the table now (chairs with their player connected)."""
        return sum(
            1
            for s in self.table.human_seats()
            if self.table.settings.seats[s].name and self.table.connected(s)
        )

    def check_seated(self) -> None:
        """Deal once every chair has its player, or once ``start_when`` people are here.

        A resumed table goes on as soon as its host is back: the host acts at once, and the
        friends not back yet are Away (checked or folded on their timer) until they return.
        """
        if self.table.phase != TablePhase.LOBBY:
            return
        humans = self.table.human_seats()
        if all(self.table.settings.seats[s].name for s in humans) and all(
            self.table.connected(s) for s in humans
        ):
            self.begin()
            return
        host = self.table.options.host_seat
        if self.table.session is not None and host is not None and self.table.connected(host):
            self.begin()
            return
        enough = self.table.options.start_when
        if enough is not None and self.present() >= enough:
            with contextlib.suppress(p.ProtocolError):  # too few to start: the table fills on
                self.start_now()

    def begin(self) -> None:
        """Deal: the chairs are as they will be for this game."""
        self.claimed.clear()
        self.table.phase = TablePhase.PLAYING
        self.table.loop.seated.set()
        self.table.loop.wake.set()

    def start_now(self) -> None:
        """The host's "start without them": deal now with whoever is at the table.

        The chairs still open (and chairs kept for players not here) are taken away, so
        the game is played by the people present and the host's bots, as a home game
        starts with who came; at least two players, one of them a person, must remain. A
        resumed table has chips in every chair, so there nobody is taken away: players not
        back yet are Away (checked or folded on their timer) until they return. Raises
        :class:`~holdem_tui.net.protocol.ProtocolError` when it cannot start.
        """
        if self.table.phase != TablePhase.LOBBY:
            raise p.ProtocolError("not_now", "the game is already under way")
        if self.table.session is not None:
            self.begin()
            return
        seats = self.table.settings.seats
        keep = [
            index
            for index, seat in enumerate(seats)
            if not seat.is_human or (seat.name and self.table.connected(index))
        ]
        if len(keep) < 2 or not any(seats[index].is_human for index in keep):
            raise p.ProtocolError(
                "too_few_players", "at least two players, one of them a person, are needed"
            )
        moved = {old: new for new, old in enumerate(keep)}
        self.table.settings = replace(
            self.table.settings, seats=tuple(seats[index] for index in keep)
        )
        for client in self.table.clients:
            if client.seat is not None:
                client.seat = moved.get(client.seat)
        if self.table.options.host_seat is not None:
            self.table.options.host_seat = moved.get(self.table.options.host_seat)
        log.info("started without the open chairs: %d players", len(keep))
        for (
            client
        ) in self.table.members():  # the new table at once: a lobby must not follow the old
            self.table.welcome(client)
        self.begin()

    def again(self, client: Client) -> None:
        """A player's "Play again": wait for the host's next game, or sit down in it now."""
        if client.game == self.table.game and self.table.phase != TablePhase.OVER:
            raise p.ProtocolError("not_now", "a game is already under way at this table")
        client.again = True
        if self.table.phase == TablePhase.OVER:
            self.table.notify()
            return
        self.join_game(client)

    def join_game(self, client: Client, *, deal: bool = True) -> None:
        """Seat a connection of an earlier game in the one filling now (or refuse it).

        ``deal`` False leaves the table undealt even when every chair is taken now: the
        next game seats everyone who is in first, so a player without a chair is told the
        table is full rather than that it started without them.
        """
        client.seat = None
        if not client.watching:
            claim = self.claim(client) if client.name else Refusal.TABLE_FULL
            if isinstance(claim, Refusal):
                self.table.gate.refuse(client, claim)
                self.table.drop(client)
                return
            client.seat = claim
        self.table.welcome(client)
        if deal:
            self.check_seated()
            self.table.pictures.broadcast()

    def leave(self, client: Client) -> None:
        """A player leaves for good: the chair opens for the next game (now, in a lobby)."""
        if client.name:
            self.table.left.add(client.name)
            seat = client.seat
            if (
                self.table.session is None
                and seat is not None
                and client.game == self.table.game
                and seat != self.table.options.host_seat
            ):
                self.rename(seat, "")
        log.info("%s left the table", client.name or "a spectator")
        self.table.drop(client)

    def next_game(self, settings: GameSettings | None = None) -> None:
        """The host's next game at this table, with the same join code.

        ``settings`` ``None`` plays the same table again (a fresh deck: a new seed);
        otherwise the host's new table, whose human chairs with a name are kept for that
        player and whose ``""`` chairs are open. The players of the last game who have not
        left keep their chair (or take an open one, in their order), so each sits down
        again by saying "again" (or reconnecting with the code and their name); those who
        already said it, the host and the spectators get a fresh ``welcome`` now.
        """
        if self.table.phase != TablePhase.OVER:
            raise p.ProtocolError("not_now", "the game at this table is not over")
        previous = self.table.settings
        if settings is None:
            base = previous
            seats = [
                replace(s, name="") if s.is_human and s.name in self.table.left else s
                for s in base.seats
            ]
        else:
            base = replace(settings, lang=previous.lang, pace=previous.pace)
            seats = list(base.seats)
        for name in self.table.left:  # their keys go with their chairs
            self.locks.forget(name)
        returning = [
            s.name
            for s in previous.seats
            if s.is_human and s.name and s.name not in self.table.left
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
        host_names = {c.name for c in self.table.clients if c.host and c.name}
        self.table.options.host_seat = next(
            (i for i, s in enumerate(table.seats) if s.is_human and s.name in host_names), None
        )
        self.table.settings = table
        self.table.session = None
        self.table.game += 1
        self.table.phase = TablePhase.LOBBY
        self.table.loop.seated.clear()
        self.table.pending = None
        self.table.ready.clear()
        self.table.sitting_out.clear()
        self.claimed.clear()
        self.table.pictures.encoder = p.FrameEncoder()
        log.info("game %d opens at the table", self.table.game)
        for client in self.table.clients:  # nobody sits in the new game until welcomed into it
            client.seat = None
        for client in list(self.table.clients):
            if client.watching or client.host or client.again:
                client.again = False
                self.join_game(client, deal=False)
        self.check_seated()
        self.table.pictures.broadcast()
        self.table.loop.next_game.set()

    def release(self, seat: int) -> None:
        """A lobby chair taken by a name that has gone again is open again (no game yet)."""
        if (
            self.table.session is None
            and self.table.phase == TablePhase.LOBBY
            and seat in self.claimed
            and seat != self.table.options.host_seat
            and not self.table.connected(seat)
        ):
            self.claimed.discard(seat)
            self.rename(seat, "")
