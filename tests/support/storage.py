"""Shared helpers for the storage, history and replay-viewer tests: seeded random players
and a session loop that stores what it plays the way the game's controller does."""

from __future__ import annotations

import random
from collections.abc import Callable

from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.storage.session import SessionStore

Agent = Callable[[PlayerView], Action]


def random_agent(rng: random.Random) -> Agent:
    """Any legal move, with enough all-ins to make side pots and split pots common."""

    def agent(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            count = rng.randint(0, legal.max_discards)
            return Action.draw(tuple(rng.sample(list(legal.hand), count)))
        roll = rng.random()
        if legal.can_raise and roll < 0.3:
            low, high = legal.min_raise_to, legal.max_raise_to
            pick = rng.random()
            amount = high if pick < 0.3 else low if pick < 0.6 else rng.randint(low, high)
            return Action(ActionKind.BET if legal.is_bet else ActionKind.RAISE, amount)
        if legal.can_fold and roll < 0.5:
            return Action.fold()
        return Action.call() if legal.call_amount else Action.check()

    return agent


def random_table(rng: random.Random, variant: str = "holdem") -> Table:
    """A table with a random size, stakes and seed, as the setup screen could make."""
    players = rng.randint(2, 9 if variant == "holdem" else 6)
    big = rng.choice([2, 10, 20, 50])
    return Table(
        TableConfig(
            variant=Variant(variant),
            names=tuple(f"P{i + 1}" for i in range(players)),
            starting_stack=rng.choice([big * 10, big * 50, big * 100]),
            small_blind=big // 2,
            big_blind=big,
            # draw is always played with an ante (rule card 001)
            ante=rng.choice([0, 0, 1, big // 2] if variant == "holdem" else [1, big // 2]),
            small_bet=big,
            big_bet=big * 2,
            seed=rng.getrandbits(32),
        )
    )


def play_one(hand: Hand, agent: Agent, on_decision: Callable[[Hand], None] | None = None) -> None:
    """Play ``hand`` to its end; ``on_decision`` runs before each decision (the autosave)."""
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        if on_decision is not None:
            on_decision(hand)
        hand.act(agent(hand.view(actor)), actor)


def play_session(
    table: Table,
    agent: Agent,
    hands: int,
    store: SessionStore | None = None,
) -> list[Hand]:
    """Play up to ``hands`` hands, storing them as the controller does; returns the hands."""
    played = []
    for _ in range(hands):
        if table.is_over():
            break
        hand = table.start_hand()
        if store is not None:
            store.decision_point(table, hand)
        play_one(
            hand,
            agent,
            None if store is None else (lambda h: store.decision_point(table, h)),
        )
        table.finish_hand(hand)
        if store is not None:
            store.hand_finished(table, hand)
        played.append(hand)
    return played
