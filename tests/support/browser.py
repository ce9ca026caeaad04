"""``holdem-tui serve`` in a real browser: the server as a process, Chromium as a player.

The screen is read where a player sees it: the text of xterm.js's buffer in the page
(``window.textualClient.terminal``, see :func:`holdem_tui.web.server.client_script`). Every
wait is for a condition (text in that buffer, a process gone) bounded only by the hang
guard of :mod:`tests.support.hang`; nothing sleeps.
"""

from __future__ import annotations

import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from holdem_tui.web.bench import SCREEN_JS, tab_pids
from tests.support.hang import HANG_GUARD


def chromium() -> str:
    """The system's Chromium; outside CI a missing one skips, in CI it fails."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI has no Chromium: .ci/run installs Debian's chromium package first")
        pytest.skip("no Chromium here (apt-get install chromium); CI installs it and runs this")
    return found


def tab_processes(root: Path, *, games_only: bool = True) -> list[int]:
    """Pids of the tab games of the server whose folder is ``root`` (and its spare)."""
    return tab_pids(root, games_only=games_only)


def wait_gone(pids: list[int]) -> None:
    """Until every one of these processes has ended (the kernel says so: no polling)."""
    for pid in pids:
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(handle, selectors.EVENT_READ)
                assert selector.select(timeout=HANG_GUARD), f"process {pid} did not end"
        finally:
            os.close(handle)


@dataclass
class Serve:
    """A running ``holdem-tui serve``; :meth:`stop` ends it as Ctrl+C would."""

    process: subprocess.Popen[str]
    url: str
    root: Path
    log: list[str] = field(default_factory=list)

    def stop(self) -> float:
        """Ctrl+C (SIGINT), and the seconds until the server has gone."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=HANG_GUARD)
        assert self.process.stdout is not None
        self.log += self.process.stdout.read().splitlines()
        return time.monotonic() - started


@contextmanager
def serve(tmp_path: Path, *flags: str) -> Iterator[Serve]:
    """``holdem-tui serve --port 0`` with every folder under ``tmp_path``."""
    root = tmp_path / "web"
    env = {
        **os.environ,
        "HOLDEM_TUI_CONFIG_DIR": str(tmp_path / "config"),
        "HOLDEM_TUI_DATA_DIR": str(tmp_path / "data"),
        "PYTHONUNBUFFERED": "1",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "holdem_tui",
            "serve",
            "--port",
            "0",
            "--data-dir",
            str(root),
            *flags,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    log: list[str] = []
    url = None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while url is None:
            if not selector.select(timeout=HANG_GUARD):
                process.kill()
                raise AssertionError("serve printed no address: " + "\n".join(log))
            line = process.stdout.readline()
            if not line:
                raise AssertionError("serve stopped: " + "\n".join(log))
            log.append(line.rstrip("\n"))
            found = re.search(r"http://\S+/", line)
            url = found.group(0) if found else None
    server = Serve(process, url, root, log)
    try:
        yield server
    finally:
        if process.poll() is None:
            server.stop()


def screen(page: Any) -> str:
    """What the tab shows now."""
    text: str = page.evaluate(SCREEN_JS)
    return text


def until(page: Any, predicate: str, arg: object = None) -> Any:
    """Until the page's JavaScript ``predicate(arg)`` is truthy (checked every frame, bounded
    by the hang guard only); returns its value."""
    return page.wait_for_function(
        predicate, arg=arg, timeout=HANG_GUARD * 1000, polling="raf"
    ).json_value()


def wait_for(page: Any, pattern: str) -> str:
    """Until the screen matches ``pattern`` (a regular expression); returns the screen."""
    until(
        page,
        f"(pattern) => new RegExp(pattern, 'm').test(({SCREEN_JS})())",
        pattern,
    )
    return screen(page)


#: the hand's log, beside the table on a wide screen: the text right of its "▏" rule
LOG_JS = f"""() => ({SCREEN_JS})().split("\\n")
  .map((row) => row.includes("▏") ? row.split("▏").pop().trim() : "").filter(Boolean)"""


def log_lines(page: Any) -> list[str]:
    """The hand's log as the tab shows it, oldest first."""
    lines: list[str] = page.evaluate(LOG_JS)
    return lines


def my_turn(page: Any, after: str | None = None) -> str:
    """Until it is the player's turn again: "Your turn" on screen and, when ``after`` (the
    log line of the player's last move) is given, something logged since it. A hand that
    ends first is followed by the next one (Enter, as a player would). Returns the screen.
    """
    while True:
        until(
            page,
            f"""(after) => {{
              const now = ({SCREEN_JS})();
              if (/Enter Next hand/.test(now)) return true;
              if (!/Your turn/.test(now)) return false;
              const log = ({LOG_JS})();
              return after === null || (log.length > 0 && log[log.length - 1] !== after);
            }}""",
            after,
        )
        now = screen(page)
        if "Enter Next hand" not in now:
            return now
        before = now
        page.keyboard.press("Enter")
        until(
            page,
            f"(before) => ({SCREEN_JS})() !== before",
            before,
        )
        after = None


#: keeps every screen the tab draws from now on (``window.holdemFrames``): a refused key's
#: bell, the keys' colours lighting up, a log line gone with its hand; returns how many
RECORD_JS = f"""() => {{
  if (window.holdemFrames === undefined) {{
    window.holdemFrames = [];
    window.textualClient.terminal.onWriteParsed(
      () => window.holdemFrames.push(({SCREEN_JS})()));
  }}
  return window.holdemFrames.length;
}}"""


def _drawn_since(page: Any, drawn: int, pattern: str, present: bool = True) -> str:
    """Until a screen drawn after the first ``drawn`` matches ``pattern`` (or, with
    ``present=False``, does not); returns that screen."""
    frame: str = until(
        page,
        """([drawn, pattern, present]) => window.holdemFrames.slice(drawn)
             .find((frame) => new RegExp(pattern, "m").test(frame) === present)""",
        [drawn, pattern, present],
    )
    return frame


def act(page: Any, key: str, expect: str) -> str:
    """On the player's turn: press ``key`` and wait until a screen shows ``expect``.

    The game can draw a turn a moment before its keys answer (the table screen just
    put up over the lobby), and a key pressed then is dropped without a sound. So the
    player first opens and closes the help (``?``, Esc): keys are handled in order, so
    once the help has closed, ``key`` reaches the table as it stands. Returns the screen.
    """
    drawn = page.evaluate(RECORD_JS)
    page.keyboard.press("?")
    _drawn_since(page, drawn, HELP_CLOSE)
    drawn = page.evaluate(RECORD_JS)
    page.keyboard.press("Escape")
    _drawn_since(page, drawn, HELP_CLOSE, present=False)
    drawn = page.evaluate(RECORD_JS)
    page.keyboard.press(key)
    return _drawn_since(page, drawn, expect)


#: the help's last line (``help.close``): the help is open
HELP_CLOSE = "Press Esc to close"


def logged(page: Any, pattern: str) -> str:
    """Until the log has a line matching ``pattern``; returns the newest such line."""
    until(
        page,
        f"(pattern) => ({LOG_JS})().some((line) => new RegExp(pattern).test(line))",
        pattern,
    )
    lines = [line for line in log_lines(page) if re.search(pattern, line)]
    assert lines, f"{pattern!r} is on screen but not in the log"
    return lines[-1]


_RANK = r"(?:10|[2-9JQKA])"
_SUITS = "♣♦♥♠"


def frames(page: Any) -> list[str]:
    """Every screen the tab has drawn since :data:`RECORD_JS` first ran in it."""
    drawn: list[str] = page.evaluate("() => window.holdemFrames")
    return drawn


def visible_cards(text: str) -> set[str]:
    """The face-up cards in a screen's text (``"10♥"``): one-line chips, and the larger
    cards (five cells wide: the rank top left, the suit below it two cells in, the rank
    again bottom right)."""
    found = set(re.findall(rf"{_RANK}[{_SUITS}]", text))
    rows = text.split("\n")
    for y in range(len(rows) - 2):
        for match in re.finditer(_RANK, rows[y]):
            rank, x = match.group(0), match.start()
            suit = rows[y + 1][x + 2 : x + 3]
            corner = x + 5 - len(rank)
            if suit and suit in _SUITS and rows[y + 2][corner : corner + len(rank)] == rank:
                found.add(rank + suit)
    return found


def own_cards(text: str) -> set[str]:
    """The face-up cards in the player's own seat (the box titled "(You)")."""
    rows = text.split("\n")
    for y, row in enumerate(rows):
        title = row.find("(You)")
        if title < 0:
            continue
        left = max(row.rfind(corner, 0, title) for corner in "┏╭╔")
        right = min((i for i in (row.find(c, title) for c in "┓╮╗") if i >= 0), default=-1)
        if left < 0 or right < 0:
            continue
        inside = []
        for below in rows[y + 1 :]:
            if below[left : left + 1] in ("┗", "╰", "╚"):
                break
            inside.append(below[left + 1 : right])
        return visible_cards("\n".join(inside))
    return set()


def save_failure(page: Any, folder: Path, name: str) -> list[Path]:
    """The tab's screen text and a PNG, for a failed test to be read afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    text = folder / f"{name}.txt"
    png = folder / f"{name}.png"
    try:
        text.write_text(screen(page), encoding="utf-8")
        page.screenshot(path=str(png))
    except Exception as exc:  # the page may be what failed
        text.write_text(f"(no screen: {exc})", encoding="utf-8")
    return [text, png]
