"""Easy Five-Card Draw: bets and raises with a pair or better, otherwise checks or folds.

It keeps whatever it has made when drawing (never chases a flush), rarely bluffs, and
pays no attention to position or to how many cards anyone drew.
"""

from __future__ import annotations

import random

from holdem_tui.bots.base import check_or_fold, raise_action
from holdem_tui.bots.draw_common import describe, keep_made
from holdem_tui.engine.actions import Action
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.view import PlayerView

BLUFF_RATE = 0.03
CURIOUS_CALL = 0.08


class DrawEasy:
    """The easy level's draw policy."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView) -> Action:
        """Draw to the made cards; bet a pair or better."""
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        if legal.can_draw:
            return Action.draw(keep_made(cards)[: legal.max_discards])
        info = describe(cards)
        if info.category >= Category.PAIR:
            strong = info.category >= Category.TWO_PAIR or info.pair_rank >= 9
            if legal.call_amount == 0 or strong:
                return raise_action(legal, legal.max_raise_to)
            return Action.call()
        if legal.call_amount == 0:
            if self.rng.random() < BLUFF_RATE:
                return raise_action(legal, legal.max_raise_to)
            return Action.check()
        if self.rng.random() < CURIOUS_CALL:
            return Action.call()
        return check_or_fold(legal)
