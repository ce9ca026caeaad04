"""A table server under load on loopback, for ``holdem-tui bench`` (never for timed tests).

The server runs in this process exactly as ``holdem-tui host`` runs it (autosaving every
decision point and writing the hand history, into a temporary data folder); the clients run
in a separate process (so they do not share the server's interpreter lock, as real players'
machines would not), each applying every frame to its own copy of the table (as a player's
screen must) and answering every decision at once by checking or calling. The game
is seeded and the clients' answers are fixed, so every run plays the same hands and the same
actions. Throughput is actions applied per second of play; the round trip is measured on
the server, from the moment the state asking for a decision is queued to the moment the
answer has been decoded, checked and applied: what the network adds to a decision compared
with a bot deciding in the host's own process. Wall-clock figures depend on what else the
machine runs, so the server's own CPU time per action and the bytes it sends per action are
reported too: those stay put on a busy machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass

from holdem_tui.net import protocol as p
from holdem_tui.net.protocol import LOOPBACK


@dataclass(frozen=True, slots=True)
class LoadFigures:
    """What one measured session gave."""

    actions_per_s: float
    round_trip_ms_median: float
    round_trip_ms_p95: float
    decisions: int
    actions: int
    server_cpu_ms_per_action: float
    bytes_per_action: float


async def _client(port: int, code: str, name: str) -> None:
    from holdem_tui.engine.actions import Action
    from holdem_tui.net.client import Connection

    connection = await Connection.open(LOOPBACK, port, code, name)
    seat: int | None = None
    try:
        while True:
            # every frame is applied to this client's copy, as a player's screen must
            message = await connection.recv()
            if message is None or isinstance(message, p.Over | p.Refused | p.Closed):
                return
            if isinstance(message, p.Welcome):
                seat = message.seat
            elif isinstance(message, p.State) and message.decision is not None:
                legal = message.view.legal if message.view else None
                if legal is None or seat is None:
                    continue
                action = Action.call() if legal.call_amount else Action.check()
                if legal.can_draw:
                    action = Action.draw(())
                await connection.send(p.act(seat, message.decision, action))
    finally:
        await connection.close()


def _clients_process(port: int, code: str, count: int) -> None:
    async def all_clients() -> None:
        await asyncio.gather(*(_client(port, code, f"Player{i + 1}") for i in range(count)))

    asyncio.run(all_clients())


@contextlib.contextmanager
def _scratch_data_dir() -> Iterator[None]:
    """The host's autosave and histories go to a folder of their own, removed afterwards."""
    from holdem_tui.storage.paths import DATA_ENV

    before = os.environ.get(DATA_ENV)
    with tempfile.TemporaryDirectory(prefix="holdem-bench-") as folder:
        os.environ[DATA_ENV] = folder
        try:
            yield
        finally:
            if before is None:
                os.environ.pop(DATA_ENV, None)
            else:
                os.environ[DATA_ENV] = before


async def _session(clients: int, hands: int) -> LoadFigures:
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.net.server import HostOptions, TableServer

    settings = GameSettings.build(
        humans=[""] * clients, bots=(), hand_limit=hands, seed=1, pace="instant", stack=10**6
    )
    server = TableServer(HostOptions(settings, hand_pause=0.0, persist=True))
    port = await server.start(LOOPBACK, 0)
    process = multiprocessing.get_context("spawn").Process(
        target=_clients_process, args=(port, server.code, clients), daemon=True
    )
    process.start()
    try:
        await server.wait_until(lambda: server.session is not None, quiet=60)
        start = time.perf_counter()
        cpu = time.process_time()
        sent = server.bytes_sent
        await asyncio.wait_for(server.wait_closed(), timeout=900)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
        sent = server.bytes_sent - sent
    finally:
        await server.close()
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
    trips = sorted(t * 1000.0 for t in server.round_trips)
    p95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))] if trips else 0.0
    actions = max(1, server.actions_applied)
    return LoadFigures(
        actions_per_s=server.actions_applied / elapsed if elapsed > 0 else 0.0,
        round_trip_ms_median=statistics.median(trips) if trips else 0.0,
        round_trip_ms_p95=p95,
        decisions=len(trips),
        actions=server.actions_applied,
        server_cpu_ms_per_action=cpu * 1000.0 / actions,
        bytes_per_action=sent / actions,
    )


def measure(clients: int, hands: int) -> LoadFigures:
    """Play ``hands`` hands with ``clients`` network players (no bots) and measure."""
    with _scratch_data_dir():
        return asyncio.run(_session(clients, hands))
