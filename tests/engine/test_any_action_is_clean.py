"""Every wrong action is a clean refusal (issue 11, point 9).

Random actions of every kind, with random amounts, discards and seats, are fed at random
points of random hands of both games, through ``verify``, ``can`` and ``act`` and the
per-move methods alike. Each must either be applied or refused with :class:`IllegalAction`
carrying a reason key that has a message in every language, and a refusal must leave the
hand exactly as it was. ``verify``, ``can`` and ``act`` must always agree.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_tui.engine.actions import Action, ActionKind, IllegalAction
from holdem_tui.engine.cards import FULL_DECK
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from tests.i18n.test_refusals import REASONS
from tests.support.scripted import random_step


def _snapshot(hand: Hand) -> dict[str, Any]:
    state = {k: copy.deepcopy(v) for k, v in vars(hand).items() if k != "dealer"}
    state["deck"] = hand.dealer.remaining
    return state


def _hand(game: str, seed: int) -> Hand:
    rng = random.Random(seed)
    if game == "holdem":
        n = rng.randint(2, 9)
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(30, 400)]) for _ in range(n)]
        config = holdem_config(stacks, 5, 10, ante=rng.choice([0, 0, 2, 10]))
        return HoldemHand(config, Dealer(seed))
    n = rng.randint(2, 6)
    stacks = [rng.choice([rng.randint(1, 30), rng.randint(30, 400)]) for _ in range(n)]
    return DrawHand(draw_config(stacks, rng.choice([1, 5, 10]), 10, 20), Dealer(seed))


def _random_action(hand: Hand, rng: random.Random) -> Action:
    kind = rng.choice(list(ActionKind))
    amount = rng.choice([None, -5, 0, 1, 9, 10, 15, 20, 25, 40, 10**9, rng.randint(0, 500)])
    actor = hand.actor
    own = list(hand.hole[actor]) if actor is not None else []
    pool = own * 3 + [FULL_DECK[rng.randrange(52)]]
    discards = tuple(rng.choice(pool) for _ in range(rng.randint(0, 5)) if pool)
    return Action(kind, amount, discards)


def _attempt(hand: Hand, rng: random.Random) -> bool:
    """One random move by a random route; returns whether it was applied."""
    action = _random_action(hand, rng)
    seat = rng.choice([None, hand.actor, rng.randint(-2, hand.n + 2)])
    route = rng.choice(["act", "act", "fold", "check_or_call", "raise_to", "draw"])
    before = _snapshot(hand)
    verdict = hand.can(action, seat)
    try:
        if route == "act":
            try:
                hand.verify(action, seat)
            except IllegalAction:
                assert not verdict
                raise
            assert verdict
            hand.act(action, seat)
        elif route == "fold":
            hand.fold(seat)
        elif route == "check_or_call":
            hand.check_or_call(seat)
        elif route == "raise_to":
            hand.raise_to(action.amount if action.amount is not None else 0, seat)
        else:
            hand.draw(action.discards, seat)
    except IllegalAction as refusal:
        assert refusal.reason in REASONS, refusal.reason
        assert _snapshot(hand) == before, (route, action, seat)
        return False
    return True


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    game=st.sampled_from(["holdem", "draw"]),
    seed=st.integers(0, 2**32 - 1),
    plan=st.lists(st.integers(0, 9), min_size=1, max_size=60),
)
def test_random_actions_are_applied_or_refused_cleanly(
    game: str, seed: int, plan: list[int]
) -> None:
    hand = _hand(game, seed)
    rng = random.Random(seed ^ len(plan))
    total = sum(hand.config.starting_stacks)
    for step in plan:
        if hand.is_complete:
            break
        if step < 6:
            _attempt(hand, rng)
        else:
            random_step(hand, rng, fold=0.15)
        in_play = sum(hand.stacks) + (0 if hand.is_complete else hand.total_pot)
        assert in_play == total and min(hand.stacks) >= 0
    if hand.is_complete:
        assert _attempt(hand, rng) is False  # nothing is accepted once the hand is over


def test_a_finished_hand_refuses_every_kind_of_move() -> None:
    hand = _hand("draw", 7)
    while not hand.is_complete:
        random_step(hand, random.Random(1))
    for kind in ActionKind:
        try:
            hand.act(Action(kind, 10))
        except IllegalAction as refusal:
            assert refusal.reason == "not_now"
        else:
            raise AssertionError(f"{kind} accepted after the hand")
