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

from holdem_tui.engine.events import CardsShown, PotAwarded
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.narrate import card_text
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.ui import raise_editor
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.hand_review import ReviewScreen
from holdem_tui.ui.local import LocalDriver
from holdem_tui.ui.review_parts import ChoiceScreen, ReviewCurtain, ReviewSeat
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import (
    BustScreen,
    CurtainScreen,
    FoldConfirmScreen,
    HelpScreen,
    PastHandsScreen,
    QuitScreen,
    ShowScreen,
    TooSmallScreen,
)
from holdem_tui.ui.screens.rules import RulesScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.stats import StatsScreen
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
    ShowScreen,
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
    #: apps that continued a session saved by the last one (a hot seat's quit mid-game)
    resumed: int = 0
    screens: Counter[str] = field(default_factory=Counter)
    pairs: set[tuple[str, str]] = field(default_factory=set)
    findings: list[str] = field(default_factory=list)


#: keys that lift a curtain
LIFT_KEYS = frozenset({"enter", "space"})
#: screens anyone may answer or read: a private span never survives one of them
PUBLIC_SCREENS: tuple[type[Screen[Any]], ...] = (EndScreen, BustScreen, ChoiceScreen, SetupScreen)
#: screens a curtain may uncover that are one person's moment: closing one ends the span
PRIVATE_MOMENTS: tuple[type[Screen[Any]], ...] = (ReviewScreen, ShowScreen)
#: screens drawn over whatever is there without changing whose screen it is (the lifetime
#: statistics, ``t``, show no card of the hand in play: closing them uncovers the same span)
NEUTRAL_SCREENS: tuple[type[Screen[Any]], ...] = (
    TooSmallScreen,
    QuitScreen,
    HelpScreen,
    RulesScreen,
    StatsScreen,
)


def public_cards(app: HoldemApp) -> dict[int, tuple[Any, ...]]:
    """Per chair, the cards of the hand in play that everyone may know (turned up)."""
    session = app.session
    if session is None or session.hand is None:
        return {}
    return {s.seat: s.cards for s in session.view_for(None).seats if s.cards is not None}


def table_cards_shown(app: HoldemApp, allowed: int | None) -> str | None:
    """A face-up card on the visible table that is neither public nor ``allowed``'s own."""
    screen = app.screen
    table = app.table_screen()
    session = app.session
    if table is None or table.model is None or session is None or session.hand is None:
        return None
    if screen is not table and not isinstance(screen, ModalScreen):
        return None  # the table is hidden (curtain, end screen, setup, cover...)
    known = public_cards(app)
    if allowed is not None:
        own = session.view_for(allowed).my_seat
        if own is not None and own.cards is not None:
            known[allowed] = own.cards
    for seat in table.model.seats:
        faces = [f.card for f in seat.cards if f.card is not None]
        if faces and not set(faces) <= set(known.get(seat.seat, ())):
            return f"seat {seat.seat} shows {faces} while the screen is {_whose(allowed)}"
    return None


def _whose(owner: int | None) -> str:
    return "public" if owner is None else f"private to chair {owner}"


@dataclass
class _Before:
    """What the watch saw before a step."""

    top: Screen[Any]
    hand: int | None
    number: int
    complete: bool
    shows: int
    playing: bool


@dataclass
class PrivacyWatch:
    """The privacy rule (``holdem_tui/session/privacy.py``), checked from outside on every frame.

    Alone at the keyboard the screen is always the player's. At a hot seat the watch keeps
    its own account of whose screen it is, from what everyone at the table sees, never from
    the app's idea of its viewer: a private span begins when a curtain naming X is lifted by
    a key, and ends when a curtain naming someone else comes up, when the hand ends or a new
    one is dealt, when the end screen, a busted player's question, "whose review?" or the
    setup comes up, and when the screen the curtain uncovered (a review, the question whether
    to show) closes. Then, on every frame:

    - no card is face up on the table unless it is public or the span's owner's own;
    - a hand review follows the span's owner (its own check: :func:`review_cards_shown`);
    - cards are shown by choice only by the winner of an uncontested pot, inside their span;
    - the clock never deals the next hand while people play (the result is public: the next
      deal waits for a key, so nobody's cards come up while everyone looks).
    """

    app: HoldemApp
    owner: int | None = None
    base: Screen[Any] | None = None
    _before: _Before | None = None

    @property
    def shared(self) -> bool:
        """A hot seat: several people at this keyboard."""
        return len(self.app.driver.settings.humans) > 1

    def allowed(self) -> int | None:
        """Whose own cards the screen may show now."""
        humans = self.app.driver.settings.humans
        if not humans:
            return None
        return self.owner if self.shared else humans[0]

    def before(self) -> None:
        """Remember the screen and the hand before a step."""
        app = self.app
        session = app.session
        hand = None if session is None else session.hand
        self._before = _Before(
            top=app.screen,
            hand=None if hand is None else id(hand),
            number=0 if session is None else session.table.hand_number,
            complete=hand is not None and hand.is_complete,
            shows=_voluntary_shows(app),
            playing=session is not None and session.humans_playing(),
        )

    def after(self, key: str | None, *, clock: bool = False) -> str | None:
        """Follow the span through the step just taken (``key``: the key pressed, ``None``
        for a clock turn, ``clock``, or a resize); the first broken rule, described, or
        ``None``."""
        app = self.app
        session = app.session
        if session is None or session.settings.watch_only:
            return None
        was = self._before
        owner_before = self.owner
        hand = session.hand
        if was is not None and self.shared:
            curtain = was.top
            if (
                isinstance(curtain, CurtainScreen)
                and key in LIFT_KEYS
                and curtain not in app.screen_stack
                and getattr(curtain, "lifted", True)
            ):
                self.owner = curtain.seat
                self.base = self._uncovered()
            number = session.table.hand_number
            ended = hand is not None and hand.is_complete and not was.complete
            if ended or number != was.number or (hand is not None and id(hand) != was.hand):
                self._public()
            if clock and was.playing and was.complete and number > was.number:
                return f"hand {number} was dealt by the clock while everyone looked"
        if self.shared:
            top = app.screen
            if any(isinstance(s, PUBLIC_SCREENS) for s in app.screen_stack):
                self._public()
            if isinstance(top, CurtainScreen) and top.seat != self.owner:
                self._public()
            if self.base is not None and self.base not in app.screen_stack:
                self._public()
        if was is not None and _voluntary_shows(app) > was.shows and hand is not None:
            problem = self._shown_by_choice(hand, owner_before if self.shared else self.allowed())
            if problem is not None:
                return problem
        return table_cards_shown(app, self.allowed()) or review_cards_shown(app, self)

    def _public(self) -> None:
        self.owner = None
        self.base = None

    def _uncovered(self) -> Screen[Any] | None:
        """The private moment a lifted curtain uncovered (a review, the question whether to
        show), whose closing ends the span; ``None`` for the table, or a screen drawn over
        it (the last hands, help, rules, statistics), which leaves the turn's span as it is.
        """
        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, NEUTRAL_SCREENS):
                continue
            return screen if isinstance(screen, PRIVATE_MOMENTS) else None
        return None

    def _shown_by_choice(self, hand: Any, owner: int | None) -> str | None:
        """A hand shown by choice was the uncontested winner's, shown inside their span."""
        shown = [e for e in hand.events if isinstance(e, CardsShown) and e.voluntary]
        last = shown[-1]
        seat = hand.config.seats[last.player]
        won = any(
            isinstance(e, PotAwarded)
            and e.uncontested
            and any(p == last.player and amount > 0 for p, amount in e.shares)
            for e in hand.events
        )
        if not won:
            return f"chair {seat} showed by choice without winning uncontested"
        if owner != seat:
            return f"chair {seat}'s cards were shown by choice while the screen was {_whose(owner)}"
        return None


def _voluntary_shows(app: HoldemApp) -> int:
    session = app.session
    if session is None or session.hand is None:
        return 0
    return sum(1 for e in session.hand.events if isinstance(e, CardsShown) and e.voluntary)


def hidden_cards_shown(app: HoldemApp) -> str | None:
    """A face-up card the one player at this keyboard may not know (solo and watching only:
    at a hot seat use :class:`PrivacyWatch`, which follows whose screen it is)."""
    session = app.session
    if session is None or session.settings.watch_only:
        return None
    humans = session.settings.humans
    return table_cards_shown(app, humans[0] if len(humans) == 1 else None)


def review_cards_shown(app: HoldemApp, watch: PrivacyWatch | None = None) -> str | None:
    """A card the hand review shows that the player it follows may not know, described.

    Away from a training table (or watching bots) a review shows its player's own cards
    and the hands turned up at the table, nothing else: checked against the cards each
    seat really held, in what the seat panels draw. At a hot seat (``watch``) the player
    it follows must be the one whose private span it is.
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
    if watch is not None and watch.shared and book.follow != watch.owner:
        return f"the review follows chair {book.follow} while the screen is {_whose(watch.owner)}"
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


def monkey_settings(
    game: str, hot_seat: bool, rng: random.Random, tournament: bool = False
) -> GameSettings:
    """A short session of the chosen kind, at a pace with real pauses (the clock is manual);
    ``tournament``: a hyper sit-and-go (no hand limit: it ends when one has every chip)."""
    humans = ("Ana", "Ben") if hot_seat else ("",)
    bots = tuple(rng.choice(("easy", "easy", "normal")) for _ in range(2 if hot_seat else 3))
    stack = rng.choice((60, 100, 200))
    hand_limit: int | None = rng.choice((3, 5, 8))
    extra: dict[str, str] = {}
    if tournament:
        hand_limit, extra = None, {"tournament": "hyper"}
    return GameSettings.build(
        variant=game,
        humans=humans,
        bots=bots,
        stack=stack,
        hand_limit=hand_limit,
        pace=rng.choice(("normal", "slow", "instant")),
        seed=rng.randrange(1000),
        **extra,
    )


def monkey_app(settings: GameSettings, timers: ManualTimers, hot_seat: bool) -> HoldemApp:
    """The table app as ``create_app`` builds it; at a hot seat the session is kept on disk
    (the test's own data folder), so a quit mid-game is continued by the next app."""
    saved = None
    if hot_seat:
        loaded = SaveFile().load()
        saved = loaded if loaded.ok and loaded.session is not None else None
    driver = LocalDriver(settings, bot_timeout=None, persist=hot_seat, saved=saved)
    return HoldemApp(driver, timers=timers)


async def play_monkey(
    seed: int, steps: int, game: str, hot_seat: bool, *, tournament: bool = False
) -> MonkeyReport:
    """Play ``steps`` random steps (keys, resizes, clock turns); restarts the app if it quits
    (at a hot seat the next app continues the saved session, when one was left)."""
    rng = random.Random(seed)
    #: its own stream, so pressing an editor key not typed yet leaves the seed's walk as it was
    coverage = random.Random(-seed - 1)
    keys = every_key()
    report = MonkeyReport()
    while report.keys + report.resizes + report.clock_turns < steps:
        timers = ManualTimers()
        app = monkey_app(monkey_settings(game, hot_seat, rng, tournament), timers, hot_seat)
        report.apps += 1
        if isinstance(app.driver, LocalDriver) and app.driver.saved is not None:
            report.resumed += 1
        watch = PrivacyWatch(app)
        size = _window(rng)
        async with app.run_test(size=size) as pilot:
            await _stable(pilot)
            sessions_seen: set[int] = set()
            leak = watch.after(None)
            if leak is not None:
                raise AssertionError(leak)
            while report.keys + report.resizes + report.clock_turns < steps:
                if app.session is not None and id(app.session) not in sessions_seen:
                    sessions_seen.add(id(app.session))
                    report.sessions += 1
                roll = rng.random()
                screen_name = _screen_name(app)
                report.screens[screen_name] += 1
                watch.before()
                pressed: str | None = None
                clock = False
                if roll < 0.05:
                    size = _window(rng)
                    await pilot.resize_terminal(*size)
                    report.resizes += 1
                elif roll < 0.25 and timers.waiting:
                    timers.advance(rng.choice((0.5, 1.0, 3.0, timers.next_due() or 0.0)))
                    report.clock_turns += 1
                    clock = True
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
                    pressed = key
                    report.keys += 1
                await _stable(pilot)
                if app._exception is not None:  # the app stopped on an error
                    raise app._exception
                leak = watch.after(pressed, clock=clock)
                if leak is not None:
                    report.findings.append(f"seed {seed}: {leak}")
                    raise AssertionError(leak)
                if app._exit:
                    break
            if app.session is not None:
                report.hands += app.session.table.hand_number
    return report
