"""``holdem-tui bench --web``: the game in a real browser, timed.

Starts ``holdem-tui serve`` on a free port with folders of its own, opens tabs in the
system's headless Chromium through Playwright (``pip install playwright``; its own browser
download is not needed) and measures what a player feels: page open to the first table
frame (the first tab as the server starts, *cold*, and later ones, *warm*, which find a
game process started ahead), a key to its answer on screen, the memory of each tab's
game, and how long a stop with every tab open takes. Figures, not verdicts: a loaded
machine is slower.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Final

#: how Chromium is started: headless, and nothing that would reach the internet
CHROMIUM_FLAGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
#: the screen as text, one line a row, from the xterm.js buffer the page hands over
SCREEN_JS: Final = """() => {
  const c = window.textualClient;
  if (!c || !c.terminal) return "";
  const b = c.terminal.buffer.active, rows = [];
  for (let y = 0; y < c.terminal.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
#: times, in the page, from a key going down to the next thing the terminal draws
_KEY_TIMER_JS: Final = """() => {
  window.benchLatencies = [];
  let down = null;
  document.addEventListener("keydown", () => { down = performance.now(); }, true);
  window.textualClient.terminal.onWriteParsed(() => {
    if (down !== null) { window.benchLatencies.push(performance.now() - down); down = null; }
  });
}"""
#: seconds between two tabs opening (the spare game started for the next tab warms up)
_BETWEEN_TABS: Final = 2.0
#: how long the benchmark waits for any one thing before it calls it stuck (seconds)
_STUCK: Final = 120.0


def _chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError("no Chromium found (Debian: apt-get install chromium)")


def _memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in KiB: PSS shares the libraries fairly between tabs."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def tab_pids(root: Path, *, games_only: bool = True) -> list[int]:
    """The game processes of the server whose folder is ``root``: the tabs' games (each
    runs in its tab's folder), or with ``games_only=False`` the spare started ahead too."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            if b"holdem_tui.commands.web_tab" not in words or str(root).encode() not in words:
                continue
            if games_only and not Path(os.readlink(entry / "cwd")).is_relative_to(root):
                continue
        except OSError:
            continue
        pids.append(int(entry.name))
    return pids


def _serve(root: Path) -> tuple[subprocess.Popen[str], str]:
    env = {
        **os.environ,
        "HOLDEM_TUI_CONFIG_DIR": str(root / "config"),
        "HOLDEM_TUI_DATA_DIR": str(root / "data"),
        "PYTHONUNBUFFERED": "1",
    }
    command = [sys.executable, "-m", "holdem_tui", "serve", "--port", "0"]
    command += ["--data-dir", str(root / "web"), "--pace", "normal", "--lang", "en"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"http://\S+/", line)
        if found:
            return process, found.group(0)
    raise RuntimeError("serve printed no address")


def run(tabs: int = 3, keys: int = 20) -> dict[str, float]:
    """Measure; returns the figures by name (ms, MiB, s)."""
    from playwright.sync_api import sync_playwright

    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="holdem-web-bench-") as folder:
        root = Path(folder)
        process, url = _serve(root)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=_chromium(), args=list(CHROMIUM_FLAGS), headless=True
                )
                opens = []
                pages: list[Any] = []
                for index in range(tabs):
                    if index:  # as people open tabs: the game started ahead has warmed up
                        time.sleep(_BETWEEN_TABS)
                    page = browser.new_context(viewport={"width": 1100, "height": 700}).new_page()
                    started = time.monotonic()
                    page.goto(url)
                    page.wait_for_function(
                        f"() => /Your turn|Pot:/.test(({SCREEN_JS})())",
                        timeout=_STUCK * 1000,
                        polling="raf",
                    )
                    opens.append(time.monotonic() - started)
                    pages.append(page)
                # the first tab comes as the server starts, before its spare game is ready
                figures["page_open_to_table_ms_cold"] = opens[0] * 1000
                figures["page_open_to_table_ms_warm"] = statistics.median(opens[1:]) * 1000
                page = pages[0]
                page.evaluate(_KEY_TIMER_JS)
                for index in range(keys):  # the help opens and closes: an answer every key
                    page.keyboard.press("?" if index % 2 == 0 else "Escape")
                    page.wait_for_function(
                        "(n) => window.benchLatencies.length > n",
                        arg=index,
                        timeout=_STUCK * 1000,
                        polling="raf",
                    )
                latencies: list[float] = page.evaluate("() => window.benchLatencies")
                figures["key_to_screen_ms_median"] = statistics.median(latencies)
                figures["key_to_screen_ms_max"] = max(latencies)
                memory = [_memory_kib(pid) for pid in tab_pids(root / "web")]
                if memory:
                    figures["tab_rss_mib_mean"] = statistics.mean(m[0] for m in memory) / 1024
                    figures["tab_pss_mib_mean"] = statistics.mean(m[1] for m in memory) / 1024
                started = time.monotonic()
                process.send_signal(signal.SIGINT)
                process.wait(timeout=_STUCK)
                figures["stop_with_tabs_open_s"] = time.monotonic() - started
                figures["tabs_left_running"] = float(len(tab_pids(root / "web", games_only=False)))
                browser.close()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return figures
