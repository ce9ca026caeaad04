"""Property tests: whatever the stacks, blinds and choices, chips are never created or lost
and no stack goes negative, at every step of a hand and across a session."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_tui.engine.actions import Action
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.hand import Dealer, Hand, HandConfig
from holdem_tui.engine.holdem import HoldemHand
from holdem_tui.engine.pots import build_pots, split
from holdem_tui.engine.table import Table, TableConfig, play_hand
from holdem_tui.engine.variants import Variant


def _step(hand: Hand, choice: int) -> None:
    legal = hand.legal_actions()
    assert legal is not None
    if legal.can_draw:
        hand.act(Action.draw(legal.hand[: choice % 4]))
    elif legal.can_raise and choice % 5 == 0:
        span = legal.max_raise_to - legal.min_raise_to
        hand.act(Action.raise_to(legal.min_raise_to + (choice * 7919) % (span + 1)))
    elif legal.can_fold and choice % 5 == 1:
        hand.act(Action.fold())
    else:
        hand.act(Action.call() if legal.call_amount else Action.check())


def _assert_conserved(hand: Hand, total: int) -> None:
    assert min(hand.stacks) >= 0
    in_play = sum(hand.stacks) + (0 if hand.is_complete else hand.total_pot)
    assert in_play == total


def _play_conserving(hand: Hand, choices: list[int]) -> None:
    """Play the choices, then check/call to the end, checking the chips at every step."""
    total = sum(hand.config.starting_stacks)
    for choice in choices:
        _assert_conserved(hand, total)
        if hand.is_complete:
            break
        _step(hand, choice)
    while not hand.is_complete:
        _step(hand, 2)
    _assert_conserved(hand, total)


stacks = st.lists(st.integers(min_value=1, max_value=2_000), min_size=2, max_size=9)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    stacks=stacks,
    big=st.integers(min_value=1, max_value=200),
    ante=st.integers(min_value=0, max_value=50),
    trimming=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=200, max_size=200),
)
def test_holdem_conserves_chips(
    stacks: list[int], big: int, ante: int, trimming: bool, seed: int, choices: list[int]
) -> None:
    n = len(stacks)
    config = HandConfig(
        starting_stacks=tuple(stacks),
        antes=(ante,) * n,
        blinds=(max(1, big // 2), big) + (0,) * (n - 2),
        min_bet=big,
        ante_trimming=trimming,
    )
    hand = HoldemHand(config, Dealer(seed))
    _play_conserving(hand, choices)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=300), min_size=2, max_size=6),
    small=st.integers(min_value=1, max_value=20),
    ante=st.integers(min_value=0, max_value=10),
    cap=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=120, max_size=120),
)
def test_draw_conserves_chips(
    stacks: list[int], small: int, ante: int, cap: int, seed: int, choices: list[int]
) -> None:
    hand = DrawHand(draw_config(stacks, ante, small, 2 * small, cap=cap), Dealer(seed))
    _play_conserving(hand, choices)


@settings(max_examples=300, deadline=None)
@given(
    contributions=st.lists(st.integers(min_value=0, max_value=500), min_size=2, max_size=9),
    live_bits=st.integers(min_value=1, max_value=511),
    dead=st.integers(min_value=0, max_value=100),
)
def test_pots_hold_exactly_what_was_put_in(
    contributions: list[int], live_bits: int, dead: int
) -> None:
    live = [bool(live_bits >> i & 1) for i in range(len(contributions))]
    if not any(live):
        live[0] = True
    pots = build_pots(contributions, live, dead)
    assert sum(p.amount for p in pots) == sum(contributions) + dead
    for pot in pots:
        assert all(live[i] for i in pot.eligible)


@given(amount=st.integers(min_value=0, max_value=10_000), winners=st.integers(1, 9))
def test_split_shares_every_chip(amount: int, winners: int) -> None:
    shares = split(amount, list(range(winners)))
    assert sum(s for _, s in shares) == amount
    assert max(s for _, s in shares) - min(s for _, s in shares) <= 1
    assert [s for _, s in shares] == sorted((s for _, s in shares), reverse=True)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), variant=st.sampled_from(["holdem", "draw"]))
def test_sessions_conserve_chips(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    ante = 1 if variant == "draw" else 0  # draw is always played with an ante
    names = ("A", "B", "C", "D")
    config = TableConfig(Variant(variant), names, starting_stack=60, ante=ante, seed=seed)
    table = Table(config)

    def agent(view):  # type: ignore[no-untyped-def]
        legal = view.legal
        if legal.can_draw:
            return Action.draw(legal.hand[: rng.randint(0, 3)])
        if legal.can_raise and rng.random() < 0.4:
            return Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        return Action.call() if legal.call_amount else Action.check()

    for _ in range(40):
        if table.is_over():
            break
        hand = table.start_hand()
        play_hand(hand, [agent] * hand.n)
        table.finish_hand(hand)
        assert sum(s.stack for s in table.seats) == 240
        assert all(s.stack >= 0 for s in table.seats)
