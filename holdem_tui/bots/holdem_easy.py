"""Easy Hold'em: plays what its cards are worth right now, and little else.

Before the flop it knows a tier for its two cards; after, only the hand it has made. It
calls and checks a lot, bets its strong hands, bluffs rarely and ignores position, stack
depth and draws: a friendly opponent a beginner can read and beat.
"""

from __future__ import annotations

import random

from holdem_tui.bots.base import call_or_check, check_or_fold, raise_action
from holdem_tui.bots.holdem_common import made_hand, preflop_tier
from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView

#: chance of a stab with nothing when checked to
BLUFF_RATE = 0.04
#: chance of calling anyway with a hand it should fold ("let's see")
CURIOUS_CALL = 0.10


class HoldemEasy:
    """The easy level's Hold'em policy; the seeded ``rng`` belongs to the bot."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView) -> Action:
        """Preflop by tier, postflop by made hand."""
        if not view.board:
            return self._preflop(view)
        return self._postflop(view)

    def _preflop(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        bb = view.big_blind
        tier = preflop_tier(view.my_cards)
        to_call_bb = legal.call_amount / bb
        if tier == 1:
            if legal.current_bet + legal.call_amount <= 4 * bb:
                return raise_action(legal, 3 * max(bb, legal.current_bet + legal.call_amount))
            return call_or_check(legal)
        if tier == 2:
            return call_or_check(legal) if to_call_bb <= 12 else check_or_fold(legal)
        if tier == 3:
            return call_or_check(legal) if to_call_bb <= 4 else check_or_fold(legal)
        if tier == 4:
            if to_call_bb <= 1 or (to_call_bb <= 3 and self.rng.random() < CURIOUS_CALL):
                return call_or_check(legal)
            return check_or_fold(legal)
        if to_call_bb <= 1 and self.rng.random() < 0.3:
            return call_or_check(legal)
        return check_or_fold(legal)

    def _postflop(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        level = made_hand(view.my_cards, view.board).level
        pot = view.total_pot
        call = legal.call_amount
        if level >= 5:
            if call:
                return raise_action(legal, legal.current_bet + call * 3 + pot // 2)
            return raise_action(legal, (pot * 2) // 3)
        if level >= 3:
            if call == 0:
                return raise_action(legal, pot // 2) if self.rng.random() < 0.5 else Action.check()
            return Action.call() if call <= pot else check_or_fold(legal)
        if level >= 1:
            if call == 0:
                return Action.check()
            if call <= pot // 2 or self.rng.random() < CURIOUS_CALL:
                return Action.call()
            return Action.fold()
        if call == 0:
            if self.rng.random() < BLUFF_RATE:
                return raise_action(legal, pot // 2)
            return Action.check()
        if call <= pot // 3 and self.rng.random() < CURIOUS_CALL:
            return Action.call()
        return Action.fold()
