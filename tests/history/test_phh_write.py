"""Hand histories this engine writes: pokerkit loads them and replays them to the same
stacks (odd-chip splits and the casino rules where pokerkit is not the standard aside, each
counted by reason, see ``pokerkit_oracle``), and our own replay reproduces them exactly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.table import play_hand
from holdem_tui.engine.view import PlayerView
from holdem_tui.history.phh import PhhError, loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.history.phh_write import dumps, dumps_section
from tests.support.pokerkit_oracle import (
    ODD_CHIP,
    _choose,
    _raise_amount,
    pokerkit_difference,
    random_draw,
    random_holdem,
)

HANDS = 1500


def random_agent(rng: random.Random):  # type: ignore[no-untyped-def]
    def agent(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(tuple(rng.sample(legal.hand, rng.randint(0, legal.max_discards))))
        choice = _choose(legal, rng)
        if choice == "fold":
            return Action.fold()
        if choice == "call":
            return Action.call() if legal.call_amount else Action.check()
        return Action.raise_to(_raise_amount(legal.min_raise_to, legal.max_raise_to, rng))

    return agent


@pytest.mark.slow
def test_pokerkit_replays_our_holdem_histories_to_the_same_stacks() -> None:
    rng = random.Random(42)
    agent = random_agent(rng)
    differences: Counter[str] = Counter()
    for _ in range(HANDS):
        hand, _ = random_holdem(rng)
        play_hand(hand, [agent] * hand.n)
        text = dumps(hand)
        differences[pokerkit_difference(text, hand)] += 1
        assert replay(loads(text)[0]).finishing_stacks == tuple(hand.stacks)
    assert differences[ODD_CHIP] < HANDS * 0.03
    casino = HANDS - differences[""] - differences[ODD_CHIP]
    assert casino < HANDS * 0.1, differences


@pytest.mark.slow
def test_draw_histories_round_trip_through_our_replay() -> None:
    rng = random.Random(43)
    agent = random_agent(rng)
    for _ in range(HANDS // 2):
        hand, _ = random_draw(rng)
        play_hand(hand, [agent] * hand.n)
        text = dumps(hand)
        assert 'variant = "F5CD"' in text
        again = replay(loads(text)[0])
        assert again.finishing_stacks == tuple(hand.stacks)
        assert dumps(again.hand) == text


def test_multi_hand_files_and_named_players() -> None:
    rng = random.Random(44)
    agent = random_agent(rng)
    sections = []
    for number in range(1, 4):
        hand, _ = random_holdem(rng)
        play_hand(hand, [agent] * hand.n)
        sections.append(dumps_section(hand, number, extra={"_note": 'ünïcode "quoted"'}))
    hands = loads("".join(sections))
    assert len(hands) == 3
    assert hands[0].fields["_note"] == 'ünïcode "quoted"'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'NT'\nactions = [", "TOML"),
        ("variant = 'FT'\nstarting_stacks = [1, 2]\nactions = []", "unsupported variant"),
        ("variant = 'NT'\nactions = []", "starting_stacks"),
        ("variant = 'NT'\nstarting_stacks = [1, 'x']\nactions = []", "whole numbers"),
        ("[1]\nfoo = 1", "no hand"),
    ],
)
def test_broken_files_say_why(text: str, message: str) -> None:
    with pytest.raises(PhhError, match=message):
        loads(text)


def test_illegal_actions_name_the_action() -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'p2 cbr 3']\n"
    )
    with pytest.raises(PhhError, match=r"'p2 cbr 3'.*below the minimum 4"):
        replay(loads(text)[0])
    with pytest.raises(PhhError, match="ends before the hand is over"):
        replay(loads(text.replace(", 'p2 cbr 3'", ""))[0])
