"""The turn loop of a hosted table, carried out on asyncio.

What happens next is the turn loop's to say (:func:`~holdem_tui.session.turns.next_step`),
as at a local table; here each step is carried out the network's way: a person's turn waits
for their client's answer (an Away chair is checked or folded on its timer, counted down on
every screen), a bot thinks in a thread and is paced so people can follow it, a finished
hand waits until everyone present says they have seen it (or the pause ends), and a busted
friend watches until every person is out.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from holdem_tui.net import protocol as p
from holdem_tui.session.outcome import BustChoice
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

if TYPE_CHECKING:
    from holdem_tui.net.host_session import HostSession
    from holdem_tui.net.server import TableServer

log = logging.getLogger("holdem_tui.net")


class HostLoop:
    """Carries out one :class:`~holdem_tui.net.server.TableServer`'s games, step by step."""

    def __init__(self, table: TableServer) -> None:
        self.table = table
        #: set on anything the loop may be waiting for (a message, a connection)
        self.wake = asyncio.Event()
        #: set once the game's chairs are filled (or the host starts without them)
        self.seated = asyncio.Event()
        #: set when the host opens the next game at a kept table
        self.next_game = asyncio.Event()

    async def drive(self) -> None:
        """Game after game while the table is kept open, else the one game."""
        while True:
            await self.play_game()
            if not self.table.options.keep_table:
                return
            await self.next_game.wait()
            self.next_game.clear()

    async def play_game(self) -> None:
        """Carry out the turn loop's steps (:func:`~holdem_tui.session.turns.next_step`) on
        the event loop until the game is over."""
        table = self.table
        await self.seated.wait()
        session = table.session or table.start_session()
        for client in table.members():  # the names of the friends who took the open chairs
            table.welcome(client)
        table.pictures.broadcast()
        while True:
            step = next_step(session)
            if isinstance(step, SessionOver):
                self.end()
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
                table.pictures.broadcast()
                await self._between_hands(step.plan)
                continue
            if isinstance(step, Deal):
                session.start_hand()
                table.ready.clear()
            elif isinstance(step, PersonTurn):
                await self._person_turn(session, step.seat)
            else:
                await self._bot_turn(session, step.seat)
            if not _next_turn_tells(session):
                table.pictures.broadcast()

    async def _between_hands(self, plan: RevealPlan) -> None:
        """Let the result be read: until every player present says ready, or the pause ends
        (which starts after the hands have been turned up)."""
        table = self.table
        loop = asyncio.get_running_loop()
        reveal = plan.seconds(table.options.reveal_delay)
        deadline = loop.time() + reveal + table.options.hand_pause
        while True:
            present = {s for s in table.human_seats() if table.connected(s)}
            left = deadline - loop.time()
            if present <= table.ready or left <= 0:
                return
            self.wake.clear()
            await self._wait(left)

    async def _wait(self, timeout: float | None) -> bool:
        """Until something changes (a message, a connection), or ``timeout``; False on timeout.

        ``asyncio.timeout``, not ``wait_for``: on Python 3.11 ``wait_for`` swallows a cancel
        that lands as the event is set (the table's close then waited forever on a loop that
        went on waiting: seen when a player's key took a chair back just before the close).
        """
        try:
            async with asyncio.timeout(timeout):
                await self.wake.wait()
        except TimeoutError:
            return False
        return True

    async def _person_turn(self, session: HostSession, seat: int) -> None:
        """Wait for the person at ``seat``; a chair whose person is not at the table is
        Away: its turn is checked or folded when its timer runs out (every screen counts
        it down), at once once it has been, until the person is back."""
        table = self.table
        loop = asyncio.get_running_loop()
        table.decision += 1
        table.pending = seat
        table.away_deadline = None
        table.pictures.broadcast()
        session.save()  # a decision point, as at a local table: a kill resumes here
        while table.pending == seat:
            self.wake.clear()
            deadline = None
            if not table.connected(seat):
                away = 0.0 if seat in table.sitting_out else table.options.away_timeout
                deadline = table.away_deadline or loop.time() + away
            if deadline != table.away_deadline:
                table.away_deadline = deadline
                table.pictures.broadcast()  # the countdown starts (or stops: they are back)
            timeout = None if deadline is None else max(0.0, deadline - loop.time())
            if not await self._wait(timeout) and table.pending == seat:
                legal = session.view_for(seat).legal
                assert legal is not None
                session.act(seat, legal.passive_action())
                table.actions_applied += 1
                table.sent_at.pop(table.decision, None)
                table.sitting_out.add(seat)
                table.pending = None
                log.info("seat %d is away: %s", seat, legal.passive_action().kind.value)
        table.away_deadline = None

    async def _bot_turn(self, session: HostSession, seat: int) -> None:
        table = self.table
        loop = asyncio.get_running_loop()
        started = loop.time()
        move = await asyncio.to_thread(ask_bot(session, seat, table.options.bot_timeout))
        people = [s for s in table.human_seats() if table.connected(s)]
        pause = bot_pause(session, people, table.options.bot_delay, watch=False)
        wait = pause - (loop.time() - started)
        if wait > 0:
            await asyncio.sleep(wait)  # pacing, so people can follow a bot's move
        if play_bot(session, move):
            table.actions_applied += 1

    def end(self) -> None:
        """The game is over: the result to everyone in it, and the table waits."""
        table = self.table
        session = table.session
        assert session is not None
        table.game_over()
        session.close_storage()
        message = over_message(session, again=table.options.keep_table)
        for client in table.members():
            client.again = False
            table.send(client, message)
        table.notify()
        log.info("game %d over after %d hands", table.game, session.table.hand_number)


def over_message(session: HostSession, *, again: bool) -> dict[str, Any]:
    """The end of the game as every client is told it (``again``: the table is kept)."""
    return p.over(session.result(), again=again, stats=session.seat_stats)


def _next_turn_tells(session: HostSession) -> bool:
    """Whether the next step sends the table its picture anyway (one frame, not two):
    a finished hand is told once paid, a person's turn together with the decision."""
    hand = session.hand
    if hand is None or hand.is_complete:
        return hand is not None
    seat = session.actor_seat
    return seat is not None and session.is_human(seat)
