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

Under a flood (:func:`measure` with ``flood``), a third process attacks the table while it
plays, from rotating loopback sources (127.0.x.y, so per-address caps alone do not stop it):
``idle`` holds as many silent sockets open as it can (the review's 1,100 at ``ulimit -n
1024``), reopening each one the table closes; ``guess`` opens connection after connection
that completes TLS and offers a key exchange with a wrong code. The figures then say how
much slower the honest players' round trip is, how many hands the table wrote to its
history, and how many of the flood's connections and guesses it let in.
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
from typing import Any

from holdem_tui.game_settings import Pace
from holdem_tui.net import protocol as p
from holdem_tui.net.protocol import LOOPBACK


@dataclass(frozen=True, slots=True)
class LoadFigures:
    """What one measured session gave (the last four: under a flood)."""

    actions_per_s: float
    round_trip_ms_median: float
    round_trip_ms_p95: float
    decisions: int
    actions: int
    server_cpu_ms_per_action: float
    bytes_per_action: float
    hands_written: int = 0
    hands_played: int = 0
    guesses_let_in: int = 0
    connections_refused: int = 0


async def _connect_from(port: int, index: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to the table from the ``index``-th loopback address: a flood comes from
    many sources, as the gate, which counts per address, would meet it."""
    source = f"127.0.{(index // 250) % 250}.{index % 250 + 1}"
    return await asyncio.open_connection(LOOPBACK, port, local_addr=(source, 0))


async def _flood_idle(port: int, sockets: int, stop: asyncio.Event) -> None:
    """Keep ``sockets`` silent connections open, reopening each one the table closes."""

    async def hold(index: int) -> None:
        while not stop.is_set():
            try:
                reader, writer = await _connect_from(port, index)
            except OSError:
                await asyncio.sleep(0.05)
                continue
            with contextlib.suppress(OSError):
                await reader.read()  # until the table hangs up
            writer.close()
            index += sockets

    await asyncio.gather(*(hold(i) for i in range(sockets)))


async def _flood_guess(port: int, workers: int, stop: asyncio.Event) -> None:
    """Wrong guesses as fast as the table answers them, each from a new source."""
    import base64

    from holdem_tui.net import secure

    offer = secure._line(
        {"pake": base64.b64encode(secure._spake_client("WRONGWRONG").start()).decode()}
    )
    greeting = secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE})

    async def guess(index: int) -> None:
        while not stop.is_set():
            try:
                reader, writer = await _connect_from(port, index)
                writer.write(greeting)
                await reader.readline()
                await writer.start_tls(secure._client_context())
                writer.write(offer)
                await reader.readline()
                writer.write(secure._line({"proof": "00" * 32}))
                await reader.readline()
                writer.close()
            except (OSError, ValueError):
                await asyncio.sleep(0.01)
            index += workers

    await asyncio.gather(*(guess(i) for i in range(workers)))


def _flood_process(port: int, kind: str, size: int, seconds: float) -> None:
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))

    async def run() -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        flood = _flood_idle if kind == "idle" else _flood_guess
        task = asyncio.ensure_future(flood(port, size, stop))
        await stop.wait()
        task.cancel()
        with contextlib.suppress(BaseException):
            await task

    asyncio.run(run())


async def _client(port: int, code: str, name: str, go: Any = None) -> None:
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
                if go is not None and not go.is_set():  # seated: wait for the flood to build
                    await asyncio.to_thread(go.wait)
                action = Action.call() if legal.call_amount else Action.check()
                if legal.can_draw:
                    action = Action.draw(())
                await connection.send(p.act(seat, message.decision, action))
    finally:
        await connection.close()


def _clients_process(port: int, code: str, count: int, go: Any = None) -> None:
    async def all_clients() -> None:
        await asyncio.gather(*(_client(port, code, f"Player{i + 1}", go) for i in range(count)))

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


async def _session(
    clients: int, hands: int, flood: str | None = None, flood_size: int = 0
) -> LoadFigures:
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.net.host_session import HostOptions
    from holdem_tui.net.server import TableServer

    settings = GameSettings.build(
        humans=[""] * clients,
        bots=(),
        hand_limit=hands,
        seed=1,
        pace=Pace.INSTANT.value,
        stack=10**6,
    )
    server = TableServer(HostOptions(settings, hand_pause=0.0, persist=True))
    port = await server.start(LOOPBACK, 0)
    spawn = multiprocessing.get_context("spawn")
    flooding = None
    if flood is not None:
        flooding = spawn.Process(
            target=_flood_process, args=(port, flood, flood_size, 600.0), daemon=True
        )
    if flooding is not None and flood == "idle":
        # idle sockets first: the players come into a table under attack
        flooding.start()
        await asyncio.sleep(2.0)  # the flood builds up
    go = spawn.Event() if flood == "guess" else None
    process = spawn.Process(
        target=_clients_process, args=(port, server.code, clients, go), daemon=True
    )
    process.start()
    try:
        await server.wait_until(lambda: server.session is not None, quiet=60)
        if flooding is not None and go is not None:
            # guessers attack a seated table (a friend who has never proved the code shares
            # the table-wide guess budget with them, by design: docs/security.md); the
            # players wait for the flood to build, and that first wait is not measured
            flooding.start()
            await asyncio.sleep(2.0)
            go.set()
            await server.wait_until(lambda: server.actions_applied > 0, quiet=60)
            server.round_trips.clear()
        start = time.perf_counter()
        cpu = time.process_time()
        sent = server.bytes_sent
        await asyncio.wait_for(server.wait_closed(), timeout=900)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu
        sent = server.bytes_sent - sent
    finally:
        if flooding is not None:
            flooding.kill()
            flooding.join(timeout=10)
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
        hands_written=_hands_written(),
        hands_played=0 if server.session is None else server.session.table.hand_number,
        guesses_let_in=server.guard.guesses,
        connections_refused=server.guard.refused,
    )


def _hands_written() -> int:
    """Hands in the histories of the scratch data folder (what the table wrote)."""
    from holdem_tui.storage.paths import data_dir

    return sum(
        path.read_text(encoding="utf-8").count("hand = ")
        for path in (data_dir() / "histories").glob("*.phhs")
    )


def measure(clients: int, hands: int, flood: str | None = None, flood_size: int = 0) -> LoadFigures:
    """Play ``hands`` hands with ``clients`` network players (no bots) and measure, under
    a ``flood`` (``"idle"`` or ``"guess"``) of ``flood_size`` sockets or guessers if given."""
    with _scratch_data_dir():
        return asyncio.run(_session(clients, hands, flood, flood_size))
