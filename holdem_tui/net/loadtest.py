"""A table server under load on loopback, for ``holdem-tui bench`` (never for timed tests).

The server runs in this process; the clients run in a separate process (so they do not share
the server's interpreter lock, as real players' machines would not), each answering every
decision at once by checking or calling. Throughput is actions applied per second of play;
the round trip is measured on the server, from the moment the state asking for a decision is
queued to the moment the answer has been decoded, checked and applied: what the network adds
to a decision compared with a bot deciding in the host's own process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import statistics
import time
from dataclasses import dataclass

from holdem_tui.net import protocol as p

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True, slots=True)
class LoadFigures:
    """What one measured session gave."""

    actions_per_s: float
    round_trip_ms_median: float
    round_trip_ms_p95: float
    decisions: int


async def _client(port: int, code: str, name: str) -> None:
    from holdem_tui.engine.actions import Action
    from holdem_tui.net.client import Connection

    connection = await Connection.open(LOOPBACK, port, code, name)
    seat: int | None = None
    try:
        while True:
            # one process plays every seat here; a real player's machine decodes only its own
            # states, so only the ones asking this seat to act are decoded in full
            line = await connection.reader.readline()
            if not line:
                return
            if b'"decision":null' in line:  # compact JSON: someone else's turn
                continue
            raw = p.parse_line(line)
            message = p.decode_server(raw, connection.seats)
            if isinstance(message, p.Over | p.Refused):
                return
            if isinstance(message, p.Welcome):
                seat = message.seat
                connection.seats = len(message.settings.seats)
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


async def _session(clients: int, hands: int) -> LoadFigures:
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.net.server import HostOptions, TableServer

    settings = GameSettings.build(
        humans=[""] * clients, bots=(), hand_limit=hands, seed=1, pace="instant", stack=10**6
    )
    server = TableServer(HostOptions(settings, hand_pause=0.0))
    port = await server.start(LOOPBACK, 0)
    process = multiprocessing.get_context("spawn").Process(
        target=_clients_process, args=(port, server.code, clients), daemon=True
    )
    process.start()
    try:
        await server.wait_until(lambda: server.session is not None, quiet=60)
        start = time.perf_counter()
        await asyncio.wait_for(server.wait_closed(), timeout=600)
        elapsed = time.perf_counter() - start
    finally:
        await server.close()
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
    trips = sorted(t * 1000.0 for t in server.round_trips)
    p95 = trips[min(len(trips) - 1, int(0.95 * len(trips)))] if trips else 0.0
    return LoadFigures(
        actions_per_s=server.actions_applied / elapsed if elapsed > 0 else 0.0,
        round_trip_ms_median=statistics.median(trips) if trips else 0.0,
        round_trip_ms_p95=p95,
        decisions=len(trips),
    )


def measure(clients: int, hands: int) -> LoadFigures:
    """Play ``hands`` hands with ``clients`` network players (no bots) and measure."""
    return asyncio.run(_session(clients, hands))
