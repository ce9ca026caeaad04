"""``holdem-tui host`` and ``holdem-tui join`` from the command line, on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from net_support import LOOPBACK, open_table
from scenes import CallingStation

from holdem_tui.cli import main
from holdem_tui.net.bot_client import play_bot
from holdem_tui.net.server import TableServer

STATION = "scenes:CallingStation"


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop in a thread, so a command that runs its own loop can join its table."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=10)


@pytest.mark.slow
def test_join_with_a_bot_plays_the_session_through(loop: asyncio.AbstractEventLoop) -> None:
    server: TableServer = asyncio.run_coroutine_threadsafe(
        open_table(humans=2, hands=2), loop
    ).result(10)
    assert server.port is not None
    other = asyncio.run_coroutine_threadsafe(
        play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation()), loop
    )
    try:
        result = CliRunner().invoke(
            main,
            [
                *("join", f"{LOOPBACK}:{server.port}", "--code", server.code.lower()),
                *("--name", "Robo", "--bot", STATION),
            ],
        )
        assert result.exit_code == 0, result.output
        assert "Robo played 2 hands; the session is over." in result.output
        assert other.result(30) is not None
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(10)


@pytest.mark.slow
def test_join_says_why_it_cannot_sit_down(loop: asyncio.AbstractEventLoop) -> None:
    server: TableServer = asyncio.run_coroutine_threadsafe(open_table(humans=2), loop).result(10)
    try:
        result = CliRunner().invoke(
            main, ["join", f"{LOOPBACK}:{server.port}", "--code", "WRONG1", "--bot", STATION]
        )
        assert result.exit_code == 1
        assert "did not let you in: wrong_code" in result.output
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(10)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["join", "host:notaport", "--code", "ABCDEF"], "not a port"),
        (["join", "localhost", "--code", "ABCDEF"], "a name is needed"),
        (["join", "localhost", "--code", "X", "--watch", "--bot", STATION], "do not go together"),
        (["join", "localhost", "--code", "X", "--bot", "nope:Nothing"], "cannot import"),
        (["host", "--code", "0OIL11"], "characters from"),
        (["host", "--no-seat", "--open", "0", "--bots", "easy,easy"], "needs a seat"),
        (["host", "--name", "x" * 30], "at most 20"),
        (["host", "--open", "9"], "--open"),
    ],
)
def test_bad_flags_are_refused_before_anything_opens(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert message in result.output


@pytest.mark.slow
def test_host_no_seat_runs_a_table_to_the_end_and_keeps_its_history(tmp_path: Path) -> None:
    """The real command in its own process; two bots join it over loopback."""
    command = [sys.executable, "-m", "holdem_tui", "host", "--no-seat", "--open", "2"]
    command += ["--hands", "2", "--pace", "instant", "--bind", LOOPBACK, "--port", "0"]
    command += ["--code", "ABCDEF", "--lang", "en"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"Table open at 127\.0\.0\.1:(\d+) · join code: ABCDEF", first)
        assert found, first
        port = int(found.group(1))

        async def two_bots() -> list[object]:
            return list(
                await asyncio.gather(
                    play_bot(LOOPBACK, port, "abcdef", "Ana", CallingStation()),
                    play_bot(LOOPBACK, port, "ABCDEF", "Bo", CallingStation()),
                )
            )

        overs = asyncio.run(asyncio.wait_for(two_bots(), 60))
        assert all(over is not None for over in overs)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    histories = list((Path(os.environ["HOLDEM_TUI_DATA_DIR"]) / "histories").glob("*.phhs"))
    assert len(histories) == 1 and histories[0].read_text().count("hand = ") >= 2
