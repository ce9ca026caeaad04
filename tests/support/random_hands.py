"""Random hands for tests that play many spots: every seat count, stacks short to deep."""

from __future__ import annotations

import random

from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config

#: stacks from a few chips (all in at once) to very deep, at blinds 5/10 or limits 10/20
STACKS = (1, 3, 7, 15, 40, 100, 250, 1000, 5000)


#: stacks deep enough that every seat has a decision to make (no one all in by the blinds)
DEEP = (30, 120, 400, 1000, 2500)


def random_hand(
    game: str, rng: random.Random, number: int = 1, stacks: tuple[int, ...] = STACKS
) -> Hand:
    """A hand of ``game`` with 2..9 seats (draw 2..6), stakes 5/10 (draw 10/20, ante 1–5),
    sometimes an ante in Hold'em, stacks drawn from ``stacks``, dealt from ``rng``;
    ``number`` is its hand number."""
    n = rng.randint(2, 6 if game == "draw" else 9)
    chips = [rng.choice(stacks) for _ in range(n)]
    dealer = Dealer(rng.randrange(2**32))
    if game == "draw":
        config = draw_config(chips, rng.choice([1, 2, 5]), 10, 20, hand_number=number)
        return DrawHand(config, dealer)
    ante = rng.choice([0, 0, 1])
    return HoldemHand(holdem_config(chips, 5, 10, ante=ante, hand_number=number), dealer)
