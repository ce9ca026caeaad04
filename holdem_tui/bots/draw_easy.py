"""Easy Five-Card Draw: bets and raises with a pair or better, otherwise checks or folds.

It keeps whatever it has made when drawing (never chases a flush), rarely bluffs, and
pays no attention to position or to how many cards anyone drew. Its reasons name the
hand it holds and the price.
"""

from __future__ import annotations

from holdem_tui.bots.base import Policy, check_or_fold, raise_action
from holdem_tui.bots.draw_common import describe, keep_made
from holdem_tui.bots.explain import because
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.view import PlayerView

BLUFF_RATE = 0.03
CURIOUS_CALL = 0.08


class DrawEasy(Policy):
    """The easy level's draw policy."""

    def decide(self, view: PlayerView) -> Decision:
        """Draw to the made cards; bet a pair or better."""
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        info = describe(cards)
        made = info.category.name.lower()
        if legal.can_draw:
            discards = keep_made(cards)[: legal.max_discards]
            if not discards:
                return because(Action.draw(()), "pat", made=made)
            return because(Action.draw(discards), "keep_made", made=made, count=len(discards))
        pot, call = view.total_pot, legal.call_amount
        if info.category >= Category.PAIR:
            strong = info.category >= Category.TWO_PAIR or info.pair_rank >= 9
            if legal.call_amount == 0 or strong:
                return because(raise_action(legal, legal.max_raise_to), "made_value", made=made)
            return because(Action.call(), "made_price_ok", made=made, call=call, pot=pot)
        if legal.call_amount == 0:
            if self.rng.random() < BLUFF_RATE:
                return because(raise_action(legal, legal.max_raise_to), "bluff", chance=BLUFF_RATE)
            return because(Action.check(), "made_check", made=made)
        if self.rng.random() < CURIOUS_CALL:
            return because(Action.call(), "curious_call", chance=CURIOUS_CALL)
        return because(check_or_fold(legal), "made_price_bad", made=made, call=call, pot=pot)
