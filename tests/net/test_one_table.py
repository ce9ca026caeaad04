"""One table, two carriers: the local turn loop and a loopback host tell each viewer the same.

A scripted game (two people who open every street with the smallest bet, a calling
station) is played twice from one seed: through the turn loop as a local table carries it
out (:func:`~holdem_tui.session.turns.next_step`, each step at once), and through a
:class:`~holdem_tui.net.server.TableServer` on loopback with one client per person. Every
picture a client rebuilt must be the snapshot the local table had for that person at some
step, in the same order, the last picture of every hand must be the local one exactly, and
the log each person reads at the end of each hand must be the same lines. (Issue 26: one
read model, one loop; a feature at one table is a feature at every table.)
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import HandLog
from holdem_tui.session.outcome import BustChoice
from holdem_tui.session.present import UiState, build_table
from holdem_tui.session.snapshot import Seating, Snapshot
from holdem_tui.session.turns import BustQuestion, Step
from tests.support.net import WireClient, open_table, opening_bettor
from tests.support.scenes import stations
from tests.support.turns import walk
from tests.support.ui import TABLE_KEYS

SEED = 23
HANDS = 4
PEOPLE = ("Ana", "Bo")


def _as_told(snap: Snapshot) -> Snapshot:
    """A snapshot without its decision number (the host numbers decisions; a local table
    asks its person without one)."""
    return replace(snap, decision=None)


def _local_game(settings: GameSettings) -> dict[int, list[Snapshot]]:
    """Each person's snapshot after every step of the game at a local table."""
    session = Session(settings, stations)
    people = settings.humans
    here = tuple(False if seat.is_human else None for seat in settings.seats)
    seen: dict[int, list[Snapshot]] = {seat: [] for seat in people}

    def record() -> None:
        for seat in people:
            snap = _as_told(session.snapshot(seat, local=(seat,), away=here))
            if not seen[seat] or seen[seat][-1] != snap:
                seen[seat].append(snap)

    def bust(session: Session, question: BustQuestion) -> BustChoice:
        # as the host answers it: a busted friend watches until every person is out
        everyone = all(session.table.seats[h].out for h in people)
        return BustChoice.END if everyone else BustChoice.WATCH

    def after(step: Step) -> None:
        if not isinstance(step, BustQuestion):  # the host tells the table at the next deal
            record()

    walk(session, opening_bettor, bust=bust, after=after)
    return seen


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


def _log(settings: GameSettings, seat: int, snap: Snapshot) -> tuple[str, ...]:
    """The log a person reads beside the table at ``snap``."""
    model = build_table(
        Seating(settings, (seat,)),
        snap,
        UiState(viewer=seat),
        get_translator("en"),
        HandLog(),
        keys=TABLE_KEYS,
    )
    return tuple(model.log)


def _last_of_each_hand(pictures: list[Snapshot]) -> dict[int, Snapshot]:
    last: dict[int, Snapshot] = {}
    for snap in pictures:
        assert snap.view is not None
        last[snap.view.hand_number] = snap
    return last


async def test_a_hand_at_a_local_table_and_at_a_loopback_host_is_told_the_same() -> None:
    settings, hosted = await _hosted_game()
    local = _local_game(settings)
    assert set(hosted) == set(local) == set(settings.humans)
    for seat in settings.humans:
        mine, theirs = local[seat], hosted[seat]
        # every picture the client rebuilt is a step of the local table, in its order
        steps = iter(mine)
        for number, picture in enumerate(theirs):
            assert any(picture == step for step in steps), f"seat {seat}, picture {number}"
        # and each hand ends on the same picture, with the same log beside it
        ends, local_ends = _last_of_each_hand(theirs), _last_of_each_hand(mine)
        assert sorted(ends) == sorted(local_ends) == list(range(1, HANDS + 1))
        for hand, snap in ends.items():
            assert snap == local_ends[hand], f"seat {seat}, hand {hand}"
            assert _log(settings, seat, snap) == _log(settings, seat, local_ends[hand])
            assert _log(settings, seat, snap)  # something was told
