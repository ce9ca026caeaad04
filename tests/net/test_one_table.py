"""One table, three carriers: the turn loop, the local driver and a loopback host tell each
viewer the same.

A scripted game (two people who open every street with the smallest bet, a calling
station) is played three times from one seed: through the turn loop as a local table
carries it out (:func:`~holdem_tui.session.turns.next_step`, each step at once), through
the :class:`~holdem_tui.ui.local.LocalDriver` itself as the table app runs it (a hot seat:
its curtains lifted, Enter pressed after each hand, on a hand-turned clock), and through a
:class:`~holdem_tui.net.server.TableServer` on loopback with one client per person. The
driver must show each person exactly the snapshots the turn loop had for them, and the
table it draws at a person's turn must be one of them; every picture a client rebuilt must
be one of those snapshots, in the same order, the last picture of every hand must be the
local one exactly, and the log a person reads beside the table, carried from picture to
picture as a screen carries it, must be the same lines at every picture. (Issue 26: one
read model, one loop; a feature at one table is a feature at every table.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import HandLog
from holdem_tui.session.outcome import BustChoice
from holdem_tui.session.present import Stage, UiState, build_table
from holdem_tui.session.snapshot import Seating, Snapshot
from holdem_tui.session.turns import BustQuestion, Step
from holdem_tui.ui.local import LocalDriver
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import BustScreen, CurtainScreen
from tests.support.driver_host import FakeHost
from tests.support.net import WireClient, open_table, opening_bettor
from tests.support.scenes import stations
from tests.support.turns import walk

SEED = 23
HANDS = 4
PEOPLE = ("Ana", "Bo")


def _as_told(snap: Snapshot) -> Snapshot:
    """A snapshot without its decision number (the host numbers decisions; a local table
    asks its person without one)."""
    return replace(snap, decision=None)


def _recorder(
    session: Callable[[], Session | None], settings: GameSettings
) -> tuple[dict[int, list[Snapshot]], Callable[[], None]]:
    """Each person's snapshots, and the call that adds the ones that changed."""
    here = tuple(False if seat.is_human else None for seat in settings.seats)
    seen: dict[int, list[Snapshot]] = {seat: [] for seat in settings.humans}

    def record() -> None:
        played = session()
        if played is None:
            return
        for seat in settings.humans:
            snap = _as_told(played.snapshot(seat, local=(seat,), away=here))
            if not seen[seat] or seen[seat][-1] != snap:
                seen[seat].append(snap)

    return seen, record


def _as_the_host_answers(session: Session) -> BustChoice:
    """A busted friend watches until every person is out."""
    everyone = all(session.table.seats[h].out for h in session.settings.humans)
    return BustChoice.END if everyone else BustChoice.WATCH


def _local_game(settings: GameSettings) -> dict[int, list[Snapshot]]:
    """Each person's snapshot after every step of the game, the turn loop carried out."""
    session = Session(settings, stations)
    seen, record = _recorder(lambda: session, settings)

    def after(step: Step) -> None:
        if not isinstance(step, BustQuestion):  # the host tells the table at the next deal
            record()

    walk(session, opening_bettor, bust=lambda s, _: _as_the_host_answers(s), after=after)
    return seen


class _HotSeat(FakeHost):
    """The table app around a local driver, its two people at one keyboard: a curtain is
    lifted, a busted person answers as the host would, every redraw is looked at."""

    def __init__(self, look: Callable[[], None]) -> None:
        super().__init__()
        self.look = look

    def redraw(self) -> None:
        super().redraw()
        self.look()

    def open_screen(self, screen: Any, done: Callable[[Any], None] | None = None) -> None:
        super().open_screen(screen, done)
        if isinstance(screen, CurtainScreen) and done is not None:
            self.soon(lambda: done(None))
        elif isinstance(screen, BustScreen) and done is not None:
            driver = self.driver
            assert driver is not None and driver.session is not None
            choice = _as_the_host_answers(driver.session)
            self.soon(lambda: done(choice.value))


def _driven_game(
    settings: GameSettings,
) -> tuple[dict[int, list[Snapshot]], dict[int, list[Snapshot]]]:
    """Each person's snapshot after every redraw of the game played through the local
    driver, and the tables it drew at each person's turn."""
    driver = LocalDriver(settings, bot_factory=stations, bot_timeout=None)
    seen, record = _recorder(lambda: driver.session, settings)
    at_turn: dict[int, list[Snapshot]] = {seat: [] for seat in settings.humans}

    def look() -> None:
        record()
        found = driver.decision()
        snap = driver.snapshot()
        if found is not None and snap is not None:
            at_turn[found[0]].append(_as_told(snap))

    host = _HotSeat(look)
    host.driver = driver
    driver.attach(host)
    driver.start()
    for _ in range(20_000):
        if host.soon_steps or host.thinking or host.timers.next_due() is not None:
            host.run()
        elif (found := driver.decision()) is not None:
            driver.move(opening_bettor(found[1]))
        elif driver.ui.stage is Stage.HAND_OVER:
            driver.next_hand()  # a hot seat's result waits for Enter
        else:
            break
    assert driver.ui.stage is Stage.SESSION_OVER, driver.ui
    assert any(isinstance(screen, EndScreen) for screen in host.opened)
    return seen, at_turn


async def _hosted_game() -> tuple[GameSettings, dict[int, list[Snapshot]]]:
    """Each person's pictures, as their client rebuilt them, at a loopback host."""
    server = await open_table(
        humans=2, hands=HANDS, seed=SEED, bots=("easy",), bot_factory=stations
    )
    try:
        clients = [await WireClient.join(server, name) for name in PEOPLE]
        await asyncio.gather(*(c.play(opening_bettor, ready=True) for c in clients))
        settings = server.settings
        seen: dict[int, list[Snapshot]] = {}
        for client in clients:
            assert client.seat is not None
            pictures = seen.setdefault(client.seat, [])
            for state in client.pictures:
                snap = _as_told(state.snapshot)
                if snap.view is not None and (not pictures or pictures[-1] != snap):
                    pictures.append(snap)
        return settings, seen
    finally:
        await server.close()


def _logs(settings: GameSettings, seat: int, pictures: list[Snapshot]) -> list[tuple[str, ...]]:
    """The log a person reads beside the table at each of ``pictures``, one screen's log
    carried from each to the next (as the table app keeps it)."""
    tr, log = get_translator("en"), HandLog()
    seating = Seating(settings, (seat,))
    return [
        tuple(build_table(seating, snap, UiState(viewer=seat), tr, log).log) for snap in pictures
    ]


def _last_of_each_hand(pictures: list[Snapshot]) -> dict[int, int]:
    """The index of the last picture of each hand, by hand number."""
    last: dict[int, int] = {}
    for index, snap in enumerate(pictures):
        assert snap.view is not None
        last[snap.view.hand_number] = index
    return last


async def test_a_hand_at_a_local_table_and_at_a_loopback_host_is_told_the_same() -> None:
    settings, hosted = await _hosted_game()
    local = _local_game(settings)
    driven, at_turn = _driven_game(settings)
    assert set(hosted) == set(local) == set(driven) == set(settings.humans)
    for seat in settings.humans:
        mine, theirs = local[seat], hosted[seat]
        # the local driver carries out the turn loop's steps, no more and no fewer, and
        # draws a person's turn from that person's own snapshot
        assert driven[seat] == mine, f"seat {seat}"
        assert at_turn[seat] and all(snap in mine for snap in at_turn[seat]), f"seat {seat}"
        pictures = [snap for snap in mine if snap.view is not None]
        logs = _logs(settings, seat, pictures)
        # every picture the client rebuilt is a step of the local table, in its order, and
        # the client's log beside it (told from fewer pictures) reads the same lines
        their_logs = _logs(settings, seat, theirs)
        at = 0
        for number, picture in enumerate(theirs):
            while at < len(pictures) and pictures[at] != picture:
                at += 1
            assert at < len(pictures), f"seat {seat}, picture {number}"
            assert their_logs[number] == logs[at], f"seat {seat}, picture {number}"
        # and each hand ends on the same picture
        ends, local_ends = _last_of_each_hand(theirs), _last_of_each_hand(pictures)
        assert sorted(ends) == sorted(local_ends) == list(range(1, HANDS + 1))
        for hand, index in ends.items():
            assert theirs[index] == pictures[local_ends[hand]], f"seat {seat}, hand {hand}"
            assert their_logs[index]  # something was told
