"""Hostile bots: each attack the issue lists, and proof that it no longer reaches the game.

Plugin bots run in their own confined process (holdem_tui.bots.sandbox); built-in bots get
a deep copy of their view. Each plugin below prints what it managed to see: its output goes
to a log file the game opens for it (a plugin can open no file itself), so the test can
check from outside what the attack found. The operating-system boundary has its own tests
in test_plugin_boundary.py, time and retirement in test_plugin_time.py.
"""

from __future__ import annotations

import json
import textwrap
import threading
from pathlib import Path

import pytest

from holdem_tui.bots import SafeBot, make_bot, safe_decide
from holdem_tui.bots.base import BaseBot
from holdem_tui.bots.faults import FaultKind
from holdem_tui.bots.registry import check_spec
from holdem_tui.bots.sandbox import ProcessBot
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from tests.support.hang import HANG_GUARD

PLUGINS = """
import gc, json, os, sys
from holdem_tui.engine.actions import Action

def note(**facts):
    print(json.dumps(facts), file=sys.stderr, flush=True)


def cards_in(value):
    return [str(c) for c in (value or ())]


class GcPeeker:
    name = "gc-peeker"

    def decide(self, view):
        hands = [o for o in gc.get_objects() if type(o).__name__.endswith("Hand")
                 and hasattr(o, "hole")]
        decks = [o for o in gc.get_objects() if type(o).__name__ == "Deck"]
        note(hands=len(hands), decks=len(decks),
             others=[cards_in(s.cards) for s in view.seats if s.position != view.me])
        return view.legal.passive_action()


class FramePeeker:
    name = "frame-peeker"

    def decide(self, view):
        found = 0
        for frame in sys._current_frames().values():
            while frame is not None:
                found += sum(1 for v in frame.f_locals.values()
                             if type(v).__name__.endswith("Hand") and hasattr(v, "hole"))
                frame = frame.f_back
        note(hands=found)
        return view.legal.passive_action()


class ChipMaker:
    name = "chip-maker"

    def decide(self, view):
        for pot in view.pots:
            object.__setattr__(pot, "amount", 306_002_000)
        if view.history:
            object.__setattr__(view, "history", ())
        object.__setattr__(view, "legal", None)
        return Action.fold()


class Spinner:
    def decide(self, view):
        while True:
            pass


class Hog:
    def decide(self, view):
        block = bytearray(2 * 1024**3)
        return Action.fold() if block else Action.check()


class Quitter:
    def decide(self, view):
        sys.exit(3)


class HardQuitter:
    def decide(self, view):
        os._exit(5)


class Chatter:
    name = "\\x1b[2J\\x1b[31mEVIL\\x1b[0m" + "x" * 200

    def decide(self, view):
        print("{garbage}")
        sys.stdin.read()
        return view.legal.passive_action()


class Liar:
    def decide(self, view):
        return "raise everything"


class NoDecide:
    pass
"""


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The hostile plugins as module ``hostile``; returns the report file they write to."""
    report = tmp_path / "report.jsonl"
    home = tmp_path / "plugins"
    home.mkdir()
    (home / "hostile.py").write_text(PLUGINS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(home))
    return report


def _plugin(spec: str, report: Path) -> ProcessBot:
    """The plugin's process, its output logged to ``report``."""
    return ProcessBot(spec, 1, log_file=report)


def _hand(seed: int = 1) -> Hand:
    return HoldemHand(holdem_config([1000, 1000, 1000], 5, 10), Dealer(seed))


def _play(hand: Hand, seats: list[SafeBot]) -> Hand:
    """Play to the end the way the simulator does: the engine's view, the seat's answer."""
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.act(seats[actor].decide(hand.view(actor)).action, actor)
    return hand


def _notes(report: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]


def _close(*bots: SafeBot) -> None:
    for safe in bots:
        if isinstance(safe.bot, ProcessBot):
            safe.bot.close()


@pytest.mark.parametrize("spec", ["hostile:GcPeeker", "hostile:FramePeeker"])
def test_a_plugin_finds_no_hand_and_no_hidden_card(plugins: Path, spec: str) -> None:
    peeker = SafeBot(_plugin(spec, plugins), timeout=HANG_GUARD)
    hand = _play(_hand(), [peeker, SafeBot(make_bot("easy", 2)), SafeBot(make_bot("easy", 3))])
    _close(peeker)
    notes = _notes(plugins)
    assert notes, "the plugin was asked at least once"
    assert all(note["hands"] == 0 for note in notes)
    assert all(note.get("decks", 0) == 0 for note in notes)
    assert all(cards == [] for note in notes for cards in note.get("others", []))  # type: ignore[attr-defined]
    assert not peeker.faults and hand.is_complete


def _chips(hand: Hand) -> int:
    assert hand.is_complete
    return sum(hand.stacks)


def test_a_plugin_cannot_change_pots_history_or_legal(plugins: Path) -> None:
    maker = SafeBot(_plugin("hostile:ChipMaker", plugins), timeout=HANG_GUARD)
    hand = _hand()
    before = sum(hand.config.starting_stacks)
    _play(hand, [SafeBot(make_bot("easy", 2)), maker, SafeBot(make_bot("easy", 3))])
    _close(maker)
    assert _chips(hand) == before
    assert hand.events[0].__class__.__name__ == "HandStarted"


class _InProcessChipMaker(BaseBot):
    """A built-in-style bot (in the game's process) that attacks its view's objects."""

    def decide(self, view: PlayerView) -> Action:
        for pot in view.pots:
            object.__setattr__(pot, "amount", 306_002_000)
        for event in view.history:
            if hasattr(event, "amount"):
                object.__setattr__(event, "amount", 10**9)
        object.__setattr__(view, "legal", None)
        return Action.fold()


def test_a_built_in_bot_gets_a_copy_sharing_nothing() -> None:
    hand = _hand(4)
    before = sum(hand.config.starting_stacks)
    events_before = list(hand.events)
    attacker = SafeBot(_InProcessChipMaker(1), timeout=None)
    seats = [SafeBot(make_bot("easy", 2)), SafeBot(make_bot("easy", 3)), attacker]
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        action = seats[actor].decide(view).action
        assert view.legal is not None  # the engine's view is untouched
        hand.act(action, actor)
    assert _chips(hand) == before
    assert hand.events[: len(events_before)] == events_before
    assert all(getattr(e, "amount", 0) < 10**9 for e in hand.events)


def _threads() -> int:
    """Threads alive, but the one long-lived thread that starts plugin processes."""
    return sum(1 for t in threading.enumerate() if not t.name.startswith("plugin-spawner"))


@pytest.mark.slow
def test_an_endless_loop_is_killed_restarted_and_leaks_no_thread(plugins: Path) -> None:
    threads = _threads()
    bot = _plugin("hostile:Spinner", plugins)
    bot.ready()
    view = _hand().view(_hand().actor)
    for _ in range(2):
        decision, fault = safe_decide(bot, view, timeout=0.5)
        assert fault is not None and fault.kind is FaultKind.TIMEOUT
        assert decision.action == Action.fold()
        bot.ready()  # the restart runs in the background: wait for it here, not in decide
    assert bot.faults["timeout"] == 2 and bot.restarts == 2
    bot.close()
    assert _threads() == threads


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        ("hostile:Hog", "exception"),
        ("hostile:Quitter", "exception"),
        ("hostile:HardQuitter", "crash"),
        ("hostile:Liar", "exception"),
    ],
)
def test_a_failing_plugin_is_a_counted_fault(plugins: Path, spec: str, kind: str) -> None:
    bot = _plugin(spec, plugins)
    view = _hand().view(_hand().actor)
    for _ in range(2):
        bot.ready()  # a crash restarts the process in the background
        decision, fault = safe_decide(bot, view, timeout=HANG_GUARD)
        assert fault is not None and fault.kind == kind, fault
        assert decision.action == Action.fold()
    assert bot.faults[kind] == 2
    bot.close()


def test_printing_and_reading_stdin_do_not_break_the_protocol(plugins: Path) -> None:
    bot = _plugin("hostile:Chatter", plugins)
    bot.ready()
    assert bot.name.isprintable() and len(bot.name) <= 24 and "\x1b" not in bot.name
    view = _hand().view(_hand().actor)
    decision, fault = safe_decide(bot, view, timeout=HANG_GUARD)
    assert fault is None and decision.action == Action.fold()
    bot.close()


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("os:system", "not a class"),
        ("builtins:print", "not a class"),
        ("sys:exit", "not a class"),
        ("hostile:NoDecide", "no decide"),
        ("hostile:Missing", "no attribute"),
    ],
)
def test_non_bots_are_refused_before_any_hand(plugins: Path, spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        check_spec(spec)


def test_a_module_that_exits_on_import_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "exits_on_import.py").write_text(
        textwrap.dedent(
            """
            import sys
            sys.exit(20)
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match="SystemExit"):
        check_spec("exits_on_import:Bot")
