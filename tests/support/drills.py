"""Histories with known drill spots: hands dealt with chosen cards and played by script, and
a folder of generated sessions with their drills found, for the drill tests and scenes."""

from __future__ import annotations

import tempfile
from collections import deque
from functools import cache
from pathlib import Path

from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import Card
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.history.phh_replay import ReplayDealer
from holdem_tui.measure.generated import write_sessions
from holdem_tui.progress.drill_store import DrillStore, save_store
from holdem_tui.progress.lifetime import load_lifetime
from holdem_tui.progress.scan import scan_histories
from holdem_tui.storage.histories import SessionHistory, list_sessions


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(c) for c in text.split())


def dealt(holes: dict[int, str], board: str, stacks: int = 1000) -> HoldemHand:
    """A heads-up hand (position 1 the button) with these cards."""
    known = {int(c) for text in (*holes.values(), board) for c in cards(text)}
    dealer = ReplayDealer(
        {p: deque([cards(text)]) for p, text in holes.items()},
        deque([cards(board)[:3], cards(board)[3:4], cards(board)[4:5]]),
        known,
    )
    return HoldemHand(holdem_config([stacks, stacks], 5, 10, names=("Bo", "")), dealer)


def play(hand: Hand, *moves: Action) -> None:
    for move in moves:
        assert hand.actor is not None
        hand.act(move, hand.actor)


def write_called_below_the_price(folder: Path | None = None) -> SessionHistory:
    """A session of one hand where the human (chair 1, the button) calls a pot-sized river
    bet with nothing: a call well below the price, which the review flags."""
    hand = dealt({0: "As Ad", 1: "7c 2d"}, "Ah Kd 9h 5s 3c")
    play(hand, Action.call(), Action.check())
    play(hand, Action.check(), Action.check())  # flop
    play(hand, Action.check(), Action.check())  # turn
    play(hand, Action.bet(20), Action.call())  # river: a pot-sized bet, called
    history = SessionHistory.create(
        game="holdem", players=["Bo", ""], starting_stack=1000, humans=[1], folder=folder
    )
    history.append(hand)
    return history


@cache
def scene_folder() -> Path:
    """A folder of generated sessions (both games, hot seat, rebuys), with the lifetime
    stats' cache and the drills' store already built: the stats and drill scenes read it
    (made once per process, in a temporary folder: never the player's data folder)."""
    root = Path(tempfile.mkdtemp(prefix="holdem-scene-progress-"))
    histories = root / "histories"
    write_sessions(histories, 24, seed=3, hands=(5, 25))
    write_called_below_the_price(histories)
    load_lifetime(histories, root / "stats-cache.npz")
    store = DrillStore()
    humans = [info for info in list_sessions(histories) if info.hands <= 8]
    scan_histories(store, humans)
    save_store(store, root / "drills.json")
    return root
