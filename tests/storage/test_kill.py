"""A session killed with SIGKILL resumes where it was: same hand number, same cards.

A child process plays a session the way the game does (a scripted "human" in seat 0 and
random bots), saving at every human decision and after every hand, and prints what it saved.
The test kills it with ``kill -9`` (no cleanup, no ``finally``), then loads the autosave in
this process and checks the hand, its cards and its history against what the child printed.

The kill comes at a random moment (seeded), and whatever moment it is, the checks hold: they
compare the save with what the child had printed by then, never with what a delay was meant
to reach. The child that must wait to be killed waits on its input, not on a clock.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from holdem_tui.history.phh import loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.storage import paths
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.storage.histories import read_history
from holdem_tui.storage.session import SessionStore
from tests.support.hang import HANG_GUARD

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

REPO = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, random, sys
sys.path.insert(0, sys.argv[2])
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.storage.session import SessionStore
from tests.support.storage import random_agent

mode = sys.argv[1]
config = TableConfig("holdem", ("You", "Mila", "Otto", "Ivo", "Lena"), seed=42,
                     reset_stacks=True)
table = Table(config)
store = SessionStore.start(table, settings={"seed": 42}, humans=[0])
human, bots = random_agent(random.Random(1)), random_agent(random.Random(2))

def report(tag, hand):
    cards = [[str(c) for c in h] for h in hand.hole] if hand is not None else None
    actions = len(hand.actions_taken()) if hand is not None else 0
    state = "in" if hand is not None else "between"
    print(tag, json.dumps([table.hand_number, actions, state, cards]), flush=True)

while True:
    if table.is_over():  # one player has everything: everybody buys in again
        for seat in table.seats:
            seat.stack = config.starting_stack
    hand = table.start_hand()
    report("WILL_SAVE", hand); store.decision_point(table, hand); report("SAVED", hand)
    while not hand.is_complete:
        actor = hand.actor
        if hand.config.seats[actor] == 0:
            report("WILL_SAVE", hand); store.decision_point(table, hand); report("SAVED", hand)
            if mode == "pause" and table.hand_number >= 3:
                print("WAITING", flush=True)
                sys.stdin.read()  # until the kill: no clock decides when it comes
            action = human(hand.view(actor))
        else:
            action = bots(hand.view(actor))
        hand.act(action, actor)
    table.finish_hand(hand)
    report("WILL_SAVE", None); store.hand_finished(table, hand); report("SAVED", None)
"""


def _spawn(tmp_path: Path, mode: str) -> subprocess.Popen[bytes]:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ)
    env[paths.DATA_ENV] = str(tmp_path / "data")
    env[paths.CONFIG_ENV] = str(tmp_path / "config")
    # unbuffered bytes: lines read here and the rest read by communicate() never overlap
    return subprocess.Popen(
        [sys.executable, str(script), mode, str(REPO)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        bufsize=0,
        env=env,
    )


def _readline(child: subprocess.Popen[bytes]) -> str:
    """One line of the child's output, read byte by byte so nothing is buffered past it."""
    assert child.stdout is not None
    raw = bytearray()
    while not raw.endswith(b"\n"):
        byte = child.stdout.read(1)
        if not byte:
            break
        raw += byte
    return raw.decode().strip()


def _kill(child: subprocess.Popen[bytes]) -> list[str]:
    child.send_signal(signal.SIGKILL)
    rest, _ = child.communicate(timeout=HANG_GUARD)
    assert child.returncode == -signal.SIGKILL
    lines = rest.decode().splitlines()
    # the kill can land in the middle of a print: a line without its newline is unfinished
    return lines if rest.endswith(b"\n") or not lines else lines[:-1]


def _check_history(store: SessionStore, finished_hands: int) -> None:
    """The history holds exactly the finished hands, each replaying to its own stacks."""
    assert store.history is not None
    if not store.history.path.exists():
        # killed while the first hand was being appended: its bytes were set aside, and the
        # new history file is made with the first hand it holds
        assert finished_hands == 0 == store.history.info.hands
        return
    text = store.history.path.read_text()
    read = read_history(text)
    assert read.broken == []
    assert len(read.hands) == finished_hands == store.history.info.hands
    if finished_hands:
        assert len(loads(text)) == finished_hands  # the strict reader takes the whole file
    for _, phh in read.hands:
        assert replay(phh).finishing_stacks == phh.finishing_stacks


@pytest.mark.slow
def test_kill_at_a_human_decision_resumes_that_hand(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "pause")
    lines: list[str] = []
    while not lines or lines[-1] != "WAITING":
        line = _readline(child)
        assert line or child.poll() is None, "the child stopped before the pause"
        lines.append(line)
    lines += _kill(child)
    saved = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("SAVED")]
    number, actions, state, cards = saved[-1]
    assert state == "in" and number >= 3

    loaded = SaveFile().load()
    assert loaded.ok, loaded.detail
    store, session = SessionStore.resume(loaded)
    hand = session.hand
    assert hand is not None
    assert session.hand_number == number
    assert hand.config.hand_number == number  # "Hand #N" where it was
    assert [[str(c) for c in h] for h in hand.hole] == cards
    assert len(hand.actions_taken()) == actions
    assert hand.actor is not None and hand.config.seats[hand.actor] == 0  # the human's turn
    _check_history(store, number - 1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_kill_at_any_moment_leaves_a_save_that_resumes(tmp_path: Path, seed: int) -> None:
    child = _spawn(tmp_path, "run")
    lines = [_readline(child)]  # the child is up and saving
    assert lines[0].startswith("WILL_SAVE")
    while not lines[-1].startswith("SAVED"):  # its first hand is on disk: the moment starts
        lines.append(_readline(child))
        assert lines[-1] or child.poll() is None, "the child stopped before its first save"
    time.sleep(random.Random(seed).uniform(0.0, 1.0))  # any moment: nothing below times it
    lines += _kill(child)
    # the save on disk is the last one completed, or the one being written at the kill
    done = [i for i, line in enumerate(lines) if line.startswith("SAVED")]
    candidates = []
    if done:
        candidates.append(json.loads(lines[done[-1]].split(" ", 1)[1]))
    following = [line for line in lines[(done[-1] + 1 if done else 0) :] if "WILL_SAVE" in line]
    if following:
        candidates.append(json.loads(following[0].split(" ", 1)[1]))

    loaded = SaveFile().load()
    assert loaded.ok, loaded.detail
    store, session = SessionStore.resume(loaded)
    hand = session.hand
    state = [
        session.hand_number,
        len(hand.actions_taken()) if hand else 0,
        "in" if hand else "between",
        [[str(c) for c in h] for h in hand.hole] if hand else None,
    ]
    assert state in candidates
    _check_history(store, session.hand_number - (1 if hand else 0))
    # and the session goes on: finish the hand and record it like the game would
    if hand is not None:
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            legal = hand.legal_actions()
            assert legal is not None
            hand.act(legal.passive_action(), actor)
        session.table.finish_hand(hand)
        store.hand_finished(session.table, hand)
        _check_history(store, session.hand_number)
