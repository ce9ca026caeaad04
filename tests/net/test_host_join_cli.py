"""``holdem-tui host`` and ``holdem-tui join`` from the command line, on 127.0.0.1 only.

Every bounded wait is a hang guard (:data:`hang.HANG_GUARD`), never a measure of speed.
"""

from __future__ import annotations

import asyncio
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.net.bot_client import play_bot
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.server import TableServer
from tests.support.hang import HANG_GUARD, QUIET_LIMIT
from tests.support.net import open_table
from tests.support.scenes import CallingStation

STATION = "tests.support.scenes:CallingStation"


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
    ).result(HANG_GUARD)
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
        assert other.result(HANG_GUARD) is not None
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(HANG_GUARD)


@pytest.mark.slow
def test_join_says_why_it_cannot_sit_down(loop: asyncio.AbstractEventLoop) -> None:
    server: TableServer = asyncio.run_coroutine_threadsafe(open_table(humans=2), loop).result(
        HANG_GUARD
    )
    try:
        result = CliRunner().invoke(
            main, ["join", f"{LOOPBACK}:{server.port}", "--code", "WRONG1", "--bot", STATION]
        )
        assert result.exit_code == 1
        assert "did not let you in: wrong_code" in result.output
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(HANG_GUARD)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["join", "host:notaport", "--code", "ABCDEF"], "not a port"),
        # issue 27.12: a 64-character label was a traceback and exit status 0
        (["join", "a" * 64 + ":7477", "--code", "ABCDEF", "--name", "Ana"], "not a host name"),
        (["join", "a" * 64, "--code", "ABCDEF", "--bot", STATION], "not a host name"),
        (["join", "localhost", "--code", "ABCDEF"], "a name is needed"),
        (["join", "localhost", "--code", "X", "--watch", "--bot", STATION], "do not go together"),
        (["join", "localhost", "--code", "X", "--bot", "nope:Nothing"], "cannot import"),
        (["host", "--code", "0OIL11"], "characters from"),
        (["host", "--no-seat", "--open", "0", "--bots", "easy,easy"], "needs a seat"),
        (["host", "--name", "x" * 30], "at most 20"),
        (["host", "--open", "9"], "--open"),
        (["host", "--open", "2", "--start-when", "4"], "3 seats for players"),
        (["host", "--no-seat", "--open", "2", "--start-when", "1"], "a game needs two"),
        (["host", "--start-when", "0"], "--start-when"),
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
    command += ["--code", "abcde-fghjk", "--lang", "en"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"Table open at 127\.0\.0\.1:(\d+) · join code: ABCDE-FGHJK", first)
        assert found, first
        port = int(found.group(1))

        async def two_bots() -> list[object]:
            return list(
                await asyncio.gather(
                    play_bot(LOOPBACK, port, "abcdefghjk", "Ana", CallingStation()),
                    play_bot(LOOPBACK, port, "ABCDE-FGHJK", "Bo", CallingStation()),
                )
            )

        overs = asyncio.run(asyncio.wait_for(two_bots(), HANG_GUARD))
        assert all(over is not None for over in overs)
        assert process.wait(timeout=HANG_GUARD) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    histories = list((Path(os.environ["HOLDEM_TUI_DATA_DIR"]) / "histories").glob("*.phhs"))
    assert len(histories) == 1 and histories[0].read_text().count("hand = ") >= 2


class _Lines:
    """A process's output read line by line in a thread, so a test waits for a line with a
    bound instead of blocking on a pipe forever."""

    def __init__(self, stream: Any) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.queue.put(line)

    def until(self, text: str, timeout: float = QUIET_LIMIT) -> list[str]:
        """Every line up to the first holding ``text`` (each line given ``timeout``: a
        process that prints nothing for that long is hung)."""
        seen: list[str] = []
        while True:
            line = self.queue.get(timeout=timeout)
            seen.append(line)
            if text in line:
                return seen


def _host_only(*flags: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "holdem_tui", "host", "--no-seat", "--hands", "1"]
    command += ["--pace", "instant", "--bind", LOOPBACK, "--port", "0", "--code", "ABCDEFGHJK"]
    command += ["--lang", "en", *flags]
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )


def _port(lines: _Lines) -> int:
    found = re.search(r"127\.0\.0\.1:(\d+)", lines.until("Table open at")[-1])
    assert found
    return int(found.group(1))


def test_a_host_without_a_seat_starts_with_enter_on_its_terminal() -> None:
    process = _host_only("--open", "3")
    try:
        assert process.stdout is not None and process.stderr is not None
        out, log = _Lines(process.stdout), _Lines(process.stderr)
        port = _port(out)
        assert out.until("Press Enter here to deal now")

        def enter(answer: str, after: str) -> None:
            log.until(after)  # the host's log: that player has sat down
            assert process.stdin is not None
            process.stdin.write("\n")
            process.stdin.flush()
            assert answer in out.until("")[-1]

        async def play() -> list[object]:
            station = CallingStation()
            ana = asyncio.create_task(play_bot(LOOPBACK, port, "ABCDEFGHJK", "Ana", station))
            # one player here: not enough, said plainly, and the table waits on
            await asyncio.to_thread(enter, "Not enough players", "Ana joined")
            bo = asyncio.create_task(play_bot(LOOPBACK, port, "ABCDEFGHJK", "Bo", CallingStation()))
            await asyncio.to_thread(enter, "Dealing now", "Bo joined")
            return list(await asyncio.gather(ana, bo))

        overs = asyncio.run(asyncio.wait_for(play(), HANG_GUARD))
        assert all(over is not None for over in overs)
        assert all(len(over.result.stacks) == 2 for over in overs)  # type: ignore[attr-defined]
        assert process.wait(timeout=HANG_GUARD) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_host_without_a_seat_deals_once_enough_players_sat_down() -> None:
    process = _host_only("--open", "4", "--start-when", "2")
    try:
        assert process.stdout is not None
        port = _port(_Lines(process.stdout))

        async def two_bots() -> list[object]:
            return list(
                await asyncio.gather(
                    play_bot(LOOPBACK, port, "ABCDEFGHJK", "Ana", CallingStation()),
                    play_bot(LOOPBACK, port, "ABCDEFGHJK", "Bo", CallingStation()),
                )
            )

        overs = asyncio.run(asyncio.wait_for(two_bots(), HANG_GUARD))
        assert all(over is not None for over in overs)
        assert all(len(over.result.stacks) == 2 for over in overs)  # type: ignore[attr-defined]
        assert process.wait(timeout=HANG_GUARD) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_host_and_join_speak_the_language_and_keep_the_pace_chosen_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player who chose Croatian and the instant pace in the game gets them when hosting or
    joining too, as ``play`` does; a flag still wins over the saved choice."""
    from holdem_tui.commands import host
    from holdem_tui.storage.preferences import Settings, save_settings
    from holdem_tui.ui import remote

    save_settings(Settings(language="hr", pace="instant"))
    hosted: list[tuple[str | None, str]] = []

    def fake_serve_and_play(*args: Any) -> None:
        *_, lang, pace = args
        hosted.append((lang, pace))

    monkeypatch.setattr(host, "_serve_and_play", fake_serve_and_play)
    assert CliRunner().invoke(main, ["host", "--bind", LOOPBACK]).exit_code == 0
    assert CliRunner().invoke(main, ["host", "--lang", "fi", "--pace", "slow"]).exit_code == 0
    assert hosted == [("hr", "instant"), ("fi", "slow")]

    joined: list[tuple[str, str]] = []

    class FakeApp:
        """Just enough of the table app for the command: it ran and left cleanly."""

        def __init__(self, settings: Any) -> None:
            joined.append((settings.lang, settings.pace))
            self.driver = self

        exit_reason = ""
        farewell = ""

        def run(self) -> None:
            """Nothing to show."""

    monkeypatch.setattr(remote, "create_remote_app", lambda target, settings: FakeApp(settings))
    result = CliRunner().invoke(main, ["join", LOOPBACK, "--code", "ABC234", "--name", "Ana"])
    assert result.exit_code == 0, result.output
    assert joined == [("hr", "instant")]


def test_the_host_with_a_seat_leaves_no_open_table_on_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 25.7: the host's app shows the address and the code in its lobby; once it
    closes, the terminal says the table is closed rather than still reading "Table open at".
    """
    from holdem_tui.ui import remote

    class ClosedAtOnce:
        """The host's app, closed as soon as it opens (the player pressed Ctrl+Q)."""

        def __init__(self) -> None:
            self.driver = type("Driver", (), {"exit_reason": ""})()

        def run(self) -> None:
            pass

    monkeypatch.setattr(remote, "create_remote_app", lambda *a, **k: ClosedAtOnce())
    args = ["host", "--name", "Ana", "--bind", LOOPBACK, "--port", "0", "--lang", "en"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "Table open at" not in result.output
    assert re.search(r"The table at 127\.0\.0\.1:\d+ is closed\.", result.output), result.output


@pytest.mark.parametrize("lang", ["en", "hr", "fi", "nl"])
def test_a_refusal_is_printed_at_word_breaks_within_80_columns(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``join`` prints why the table said no after the app has closed: the terminal would
    cut a three-line refusal (``seat_locked``) mid-word, so it is wrapped, word for word."""
    from holdem_tui.commands.join import _prose
    from holdem_tui.i18n import get_translator
    from holdem_tui.net.protocol import Refusal

    monkeypatch.setenv("COLUMNS", "200")  # a wide window still reads as prose
    tr = get_translator(lang)
    for reason in Refusal:
        text = tr.t(f"net.refusal.{reason}")
        printed = _prose(text)
        assert max(len(line) for line in printed.splitlines()) <= 80, (reason, printed)
        assert printed.split() == text.split()
    assert len(_prose(tr.t("net.refusal.seat_locked")).splitlines()) > 1


def test_every_refusal_is_one_word_with_its_text_in_every_language() -> None:
    """A refusal is a ``Refusal`` wherever the table gives one (the gate, the chairs, the
    code guard), and each is told in the player's words in every language."""
    from holdem_tui.i18n import LANGUAGES, load_messages
    from holdem_tui.net import guard
    from holdem_tui.net.protocol import Refusal

    assert isinstance(guard.LOCKED, Refusal) and isinstance(guard.BUSY, Refusal)
    for lang in LANGUAGES:
        messages = load_messages(lang)
        missing = [r.value for r in Refusal if f"net.refusal.{r.value}" not in messages]
        assert not missing, (lang, missing)
