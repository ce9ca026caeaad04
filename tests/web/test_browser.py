"""``holdem-tui serve`` played in headless Chromium (issue 31's proof).

Each test starts ``serve`` on a free port with its own folders, opens tabs, reads the
screen from xterm.js's buffer and types as a player would. A failed test leaves each tab's
screen text and a PNG in ``.test-artifacts/web/``. Chromium is the system's (Playwright's
own download is not reachable here); CI installs it, elsewhere its absence skips.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from holdem_tui.web.bench import CHROMIUM_FLAGS
from tests.support.browser import (
    RECORD_JS,
    act,
    chromium,
    frames,
    logged,
    my_turn,
    own_cards,
    save_failure,
    screen,
    serve,
    tab_processes,
    visible_cards,
    wait_for,
    wait_gone,
)
from tests.support.hang import HANG_GUARD

pytestmark = pytest.mark.slow

ARTIFACTS = Path(__file__).resolve().parents[2] / ".test-artifacts" / "web"
TURN = r"Your turn"
#: the raise editor's allowed amounts, "20–1,000"
RANGE = r"(\d[\d,]*)–(\d[\d,]*)"
ME = r"Player\s1"  # the name a game without --humans gives its player (a no-break space)


@pytest.fixture
def browser() -> Iterator[Any]:
    path = chromium()
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=path, args=CHROMIUM_FLAGS, headless=True
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def pages(browser: Any, request: pytest.FixtureRequest) -> Iterator[list[Any]]:
    """Tabs a test opens (``pages.append(...)``); on failure each one's screen is saved."""
    opened: list[Any] = []
    yield opened
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        saved = []
        for index, page in enumerate(opened):
            saved += save_failure(page, ARTIFACTS, f"{request.node.name}-tab{index}")
        print("screens saved:", *saved)


def new_tab(browser: Any, pages: list[Any], url: str) -> Any:
    """A tab in a window of its own (its own sessionStorage: a tab of its own)."""
    context = browser.new_context(viewport={"width": 1100, "height": 700})
    page = context.new_page()
    pages.append(page)
    page.goto(url)
    return page


def at_turn(browser: Any, pages: list[Any], url: str) -> Any:
    """A new tab, once its game waits for the player's move."""
    page = new_tab(browser, pages, url)
    my_turn(page)
    return page


def press(page: Any, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


def amount(text: str) -> int:
    return int(text.replace(",", ""))


def test_a_hand_with_call_typed_raise_and_fold_then_ctrl_q(
    tmp_path: Path, browser: Any, pages: list[Any]
) -> None:
    with serve(tmp_path, "--bots", "easy", "--pace", "instant", "--seed", "7") as served:
        page = new_tab(browser, pages, served.url)
        last = None
        done: list[str] = []
        for step in ("call", "raise", "fold"):
            my_turn(page, last)
            if step == "call":
                act(page, "c", rf"{ME} (calls|checks)")
                last = logged(page, rf"^{ME} (calls|checks)")
            elif step == "raise":
                shown = act(page, "r", RANGE)
                found = re.search(RANGE, shown)
                assert found is not None
                typed = str(amount(found.group(1)))
                page.keyboard.type(typed)
                press(page, "Enter")
                last = logged(page, rf"^{ME} (raises to|bets) {int(typed):,}$")
            else:
                if "Fold?" in act(page, "f", rf"{ME} folds|Fold\?"):
                    press(page, "Enter")
                last = logged(page, rf"^{ME} folds")
            done.append(step)
        assert done == ["call", "raise", "fold"]
        press(page, "Control+q")
        wait_for(page, r"Quit")
        press(page, "Enter")
        page.wait_for_function(
            "() => document.body.dataset.closed === 'ended'", timeout=HANG_GUARD * 1000
        )
        assert "saved" in page.inner_text("#ended-text")
        assert tab_processes(served.root) == []
        data = next((served.root / "tabs").iterdir()) / "data"
        assert list((data / "histories").glob("*.phhs")), "the hands were not written"
        listed = subprocess.run(
            [sys.executable, "-m", "holdem_tui", "history"],
            env={**os.environ, "HOLDEM_TUI_DATA_DIR": str(data)},
            capture_output=True, text=True, check=True, timeout=HANG_GUARD,
        )  # fmt: skip
        assert "No sessions recorded yet" not in listed.stdout and "Hold" in listed.stdout


def test_two_tabs_are_two_games_and_a_stop_leaves_nothing(
    tmp_path: Path, browser: Any, pages: list[Any]
) -> None:
    with serve(tmp_path, "--bots", "easy,easy", "--pace", "instant") as served:
        first = at_turn(browser, pages, served.url)
        first_game = tab_processes(served.root)
        second = at_turn(browser, pages, served.url)
        folders = sorted(p.name for p in (served.root / "tabs").iterdir())
        assert len(folders) == 2, "each tab has a folder of its own"
        both = tab_processes(served.root)
        assert len(first_game) == 1 and len(both) == 2
        act(first, "c", rf"{ME} (calls|checks)")
        logged(first, rf"^{ME} (calls|checks)")
        # the second tab's game did not move: it is still its first decision
        assert re.search(TURN, screen(second))
        # closing a tab ends its game
        first.context.close()
        pages.remove(first)
        wait_gone(first_game)
        assert tab_processes(served.root) == [pid for pid in both if pid not in first_game]
        served.process.send_signal(signal.SIGINT)
        served.process.wait(timeout=HANG_GUARD)
        second.wait_for_function(
            "() => document.body.dataset.closed === 'stopped' "
            "|| document.body.dataset.closed === 'dropped'",
            timeout=HANG_GUARD * 1000,
        )
        assert tab_processes(served.root, games_only=False) == []


def sit_down(browser: Any, pages: list[Any], url: str, name: str) -> Any:
    page = new_tab(browser, pages, url)
    page.wait_for_selector("#seat-name", state="visible", timeout=HANG_GUARD * 1000)
    page.fill("#seat-name", name)
    page.click("#seat-sit")
    page.wait_for_function("() => window.textualClient !== undefined", timeout=HANG_GUARD * 1000)
    page.evaluate(RECORD_JS)
    return page


def test_a_served_table_two_tabs_a_hand_no_card_crosses_and_a_reload_sits_again(
    tmp_path: Path, browser: Any, pages: list[Any]
) -> None:
    # normal pace: a hand's end stays on screen a moment (instant deals the next at once)
    with serve(tmp_path, "--table", "--open", "2", "--pace", "normal", "--seed", "5") as served:
        tabs = {name: sit_down(browser, pages, served.url, name) for name in ("Ana", "Ben")}
        blind = logged(tabs["Ana"], r"posts the small blind")
        small = "Ana" if blind.startswith("Ana") else "Ben"
        big = "Ben" if small == "Ana" else "Ana"
        sb, bb = tabs[small], tabs[big]
        # the small blind calls, the big blind raises a typed amount, the small blind folds
        my_turn(sb)
        act(sb, "c", rf"{small} calls")
        called = logged(sb, rf"^{small} calls")
        my_turn(bb)
        shown = act(bb, "r", RANGE)
        found = re.search(RANGE, shown)
        assert found is not None
        bb.keyboard.type(str(amount(found.group(1))))
        press(bb, "Enter")
        logged(bb, rf"^{big} raises to {amount(found.group(1)):,}$")
        my_turn(sb, called)
        act(sb, "f", rf"{small} folds")
        for page in tabs.values():  # the hand is over: won without a showdown
            logged(page, rf"^{big} wins")
        # no tab ever drew a card of the other's hand
        seen = {
            name: [visible_cards(frame) for frame in frames(page)] for name, page in tabs.items()
        }
        hands = {
            name: set().union(*(own_cards(f) for f in frames(page))) for name, page in tabs.items()
        }
        assert len(hands["Ana"]) == 2 and len(hands["Ben"]) == 2, hands
        for name, other in (("Ana", "Ben"), ("Ben", "Ana")):
            assert all(not (cards & hands[other]) for cards in seen[name]), (name, hands[other])
        # a reload: the same chair (its name, its chips), not a new player
        chips = re.search(r"(You)[^\n]*\n[^\d\n]*([\d,]+)", screen(tabs["Ana"]))
        tabs["Ana"].reload()
        tabs["Ana"].wait_for_function(
            "() => window.textualClient !== undefined", timeout=HANG_GUARD * 1000
        )
        again = wait_for(tabs["Ana"], r"Ana \(You\)")
        assert "Name" not in again
        if chips is not None:
            wait_for(tabs["Ana"], re.escape(chips.group(2)))
        assert len(tab_processes(served.root)) == 2
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(timeout=HANG_GUARD)
        assert tab_processes(served.root, games_only=False) == []


def test_a_killed_server_leaves_no_game_running_and_no_folder_locked(
    tmp_path: Path, browser: Any, pages: list[Any]
) -> None:
    from holdem_tui.storage.lock import acquire

    with serve(tmp_path, "--bots", "easy", "--pace", "instant") as served:
        at_turn(browser, pages, served.url)
        games = tab_processes(served.root, games_only=False)
        assert len(games) == 2  # the tab's game and the one started ahead for the next tab
        served.process.kill()  # SIGKILL: no clean stop, only the lifeline
        served.process.wait(timeout=HANG_GUARD)
        wait_gone(games)
        data = next((served.root / "tabs").iterdir()) / "data"
        acquire(data).release()  # free again
        assert (data / "autosave.json").exists()
        pages[0].wait_for_function(
            "() => document.body.dataset.closed === 'dropped'", timeout=HANG_GUARD * 1000
        )
