"""The monkey: whole sessions played by random keys, resizes and clock turns, seeded.

Every key bound on any screen of the game (and keys bound nowhere) is pressed at random,
the window is resized between 60×20 and 200×60, and the pauses' clock is turned by hand, so
a run is the same every time for the same seed. After every step the app must still be
running without an exception, and no screen may show a card its viewer may not know.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from holdem_tui.game_settings import GameSettings
from holdem_tui.session.narrate import card_text
from holdem_tui.ui import raise_editor
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.hand_review import ChoiceScreen, ReviewCurtain, ReviewScreen, ReviewSeat
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import (
    BustScreen,
    CurtainScreen,
    FoldConfirmScreen,
    HelpScreen,
    PastHandsScreen,
    QuitScreen,
    TooSmallScreen,
)
from holdem_tui.ui.screens.rules import RulesScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.timing import ManualTimers
from tests.support.ui import wait_for

SCREENS: tuple[type[Screen[Any]], ...] = (
    TableScreen,
    QuitScreen,
    CurtainScreen,
    HelpScreen,
    TooSmallScreen,
    BustScreen,
    FoldConfirmScreen,
    PastHandsScreen,
    EndScreen,
    SetupScreen,
    RulesScreen,
    ReviewScreen,
    ChoiceScreen,
    ReviewCurtain,
)
#: keys bound nowhere, and keys a player types into fields
JUNK = ("x", "z", "0", "9", "tab", "shift+tab", "backspace", "up", "down", "left", "right")
#: keys that leave the app: pressed, but rarely, so sessions get played to their end
LEAVING = frozenset({"ctrl+q", "q"})
#: every key the docked raise editor answers (it is no screen, so it has no bindings)
EDITOR_KEYS = tuple(
    sorted(
        {*raise_editor.STEP_KEYS, *raise_editor.QUICK_KEYS, *"0123456789", "P", "A"}
        | {"backspace", "enter", "escape"}
    )
)


def _binding_keys(bindings: list[Any]) -> set[str]:
    keys: set[str] = set()
    for item in bindings:
        binding = item if isinstance(item, Binding) else Binding(*item)
        keys.update(k.strip() for k in binding.key.split(","))
    return keys


def every_key() -> list[str]:
    """Every key any screen or the app binds, the editor's own keys, and junk."""
    keys = _binding_keys(list(HoldemApp.BINDINGS))
    for screen in SCREENS:
        keys |= _binding_keys(list(screen.BINDINGS))
    keys |= set(EDITOR_KEYS)
    keys |= set(JUNK)
    return sorted(keys)


@dataclass
class MonkeyReport:
    """What a run covered and found."""

    keys: int = 0
    resizes: int = 0
    clock_turns: int = 0
    sessions: int = 0
    apps: int = 0
    hands: int = 0
    screens: Counter[str] = field(default_factory=Counter)
    pairs: set[tuple[str, str]] = field(default_factory=set)
    findings: list[str] = field(default_factory=list)


def hidden_cards_shown(app: HoldemApp) -> str | None:
    """A face-up card on the visible table that its viewer may not know, described."""
    screen = app.screen
    table = app.table_screen()
    session = app.session
    if table is None or table.model is None or session is None or session.hand is None:
        return None
    if screen is not table and not isinstance(screen, ModalScreen):
        return None  # the table is hidden (curtain, end screen, setup, cover...)
    if session.settings.watch_only:
        return None
    public = session.view_for(None)
    mine = None if app.ui.viewer is None else session.view_for(app.ui.viewer)
    known = {s.seat: s.cards for s in public.seats if s.cards is not None}
    if mine is not None and mine.my_seat is not None and mine.my_seat.cards is not None:
        known[mine.my_seat.seat] = mine.my_seat.cards
    for seat in table.model.seats:
        faces = [f.card for f in seat.cards if f.card is not None]
        if faces and not set(faces) <= set(known.get(seat.seat, ())):
            return f"seat {seat.seat} shows {faces} to viewer {app.ui.viewer}"
    return None


def review_cards_shown(app: HoldemApp) -> str | None:
    """A card the hand review shows that the player it follows may not know, described.

    Away from a training table (or watching bots) a review shows its player's own cards
    and the hands turned up at the table, nothing else: checked against the cards each
    seat really held, in what the seat panels draw.
    """
    screen = app.screen
    if not isinstance(screen, ReviewScreen):
        return None
    book, entry, review = screen.book, screen.entry, screen.review
    if book is None or entry is None or review is None or book.training:
        return None
    record = entry.record
    viewer = book.viewer(entry)
    if viewer is not None and record.seats[viewer] not in app.driver.settings.humans:
        return f"the review follows chair {record.seats[viewer]}, not a player"
    allowed = set(record.shown) | ({viewer} if viewer is not None else set())
    every = record.hand.view(None, reveal_all=True)
    drawn = " ".join(str(panel.render()) for panel in screen.query(ReviewSeat) if panel.display)
    for seat in every.seats:
        if seat.position in allowed or not seat.cards:
            continue
        for card in seat.cards:
            if card_text(card) in drawn:
                return f"the review shows {card_text(card)} of position {seat.position}"
    return None


async def _stable(pilot: Any) -> None:
    """Wait until no bot is thinking (their answers come from threads) and the UI is idle."""
    app = pilot.app

    def idle() -> bool:
        return not any(w.group == "bots" and not w.is_finished for w in app.workers)

    await wait_for(pilot, idle)


def _screen_name(app: HoldemApp) -> str:
    """The screen on top, or "RaiseEditor" while the table's docked editor owns the keys."""
    screen = app.screen
    if isinstance(screen, TableScreen) and screen.is_mounted and screen.editor.is_open:
        return "RaiseEditor"
    return type(screen).__name__


def _window(rng: random.Random) -> tuple[int, int]:
    """A window between 60×20 and 200×60; one in four too small for the table."""
    if rng.random() < 0.25:
        return rng.randint(60, 79), rng.randint(20, 60)
    return rng.randint(80, 200), rng.randint(24, 60)


def monkey_settings(game: str, hot_seat: bool, rng: random.Random) -> GameSettings:
    """A short session of the chosen kind, at a pace with real pauses (the clock is manual)."""
    humans = ("Ana", "Ben") if hot_seat else ("",)
    bots = tuple(rng.choice(("easy", "easy", "normal")) for _ in range(2 if hot_seat else 3))
    return GameSettings.build(
        variant=game,
        humans=humans,
        bots=bots,
        stack=rng.choice((60, 100, 200)),
        hand_limit=rng.choice((3, 5, 8)),
        pace=rng.choice(("normal", "slow", "instant")),
        seed=rng.randrange(1000),
    )


async def play_monkey(seed: int, steps: int, game: str, hot_seat: bool) -> MonkeyReport:
    """Play ``steps`` random steps (keys, resizes, clock turns); restarts the app if it quits."""
    rng = random.Random(seed)
    #: its own stream, so pressing an editor key not typed yet leaves the seed's walk as it was
    coverage = random.Random(-seed - 1)
    keys = every_key()
    report = MonkeyReport()
    while report.keys + report.resizes + report.clock_turns < steps:
        timers = ManualTimers()
        app = create_app(monkey_settings(game, hot_seat, rng), timers=timers, bot_timeout=None)
        report.apps += 1
        size = _window(rng)
        async with app.run_test(size=size) as pilot:
            await _stable(pilot)
            sessions_seen: set[int] = set()
            while report.keys + report.resizes + report.clock_turns < steps:
                if app.session is not None and id(app.session) not in sessions_seen:
                    sessions_seen.add(id(app.session))
                    report.sessions += 1
                roll = rng.random()
                screen_name = _screen_name(app)
                report.screens[screen_name] += 1
                if roll < 0.05:
                    size = _window(rng)
                    await pilot.resize_terminal(*size)
                    report.resizes += 1
                elif roll < 0.25 and timers.waiting:
                    timers.advance(rng.choice((0.5, 1.0, 3.0, timers.next_due() or 0.0)))
                    report.clock_turns += 1
                else:
                    editing = screen_name == "RaiseEditor"
                    live = list(EDITOR_KEYS) if editing else sorted(app.screen.active_bindings)
                    # in the editor, type like a player typing an amount, with slips
                    share = 0.85 if editing else 0.6
                    key = rng.choice(live if live and rng.random() < share else keys)
                    untyped = [k for k in live if (screen_name, k) not in report.pairs]
                    if editing and untyped and coverage.random() < 0.3:
                        # a long run presses every key of the editor, not most of them
                        key = coverage.choice(untyped)
                    if "r" in live and screen_name == "TableScreen" and rng.random() < 0.2:
                        key = "r"  # open the raise editor often: it has many keys of its own
                    leaving = key in LEAVING or (key == "escape" and screen_name == "EndScreen")
                    if leaving and rng.random() < 0.8:
                        key = "enter"
                    report.pairs.add((screen_name, key))
                    await pilot.press(key)
                    report.keys += 1
                await _stable(pilot)
                if app._exception is not None:  # the app stopped on an error
                    raise app._exception
                leak = hidden_cards_shown(app) or review_cards_shown(app)
                if leak is not None:
                    report.findings.append(f"seed {seed}: {leak}")
                    raise AssertionError(leak)
                if app._exit:
                    break
            if app.session is not None:
                report.hands += app.session.table.hand_number
    return report
