"""Easy Hold'em: plays what its cards are worth right now, and little else.

Before the flop it knows a tier for its two cards; after, only the hand it has made. It
calls and checks a lot, bets its strong hands, bluffs rarely and ignores position, stack
depth and draws: a friendly opponent a beginner can read and beat. Each answer says why,
in the same simple terms (the hand's rank among starting hands, the hand made, the price).
"""

from __future__ import annotations

import math

from holdem_tui.bots.base import Policy, call_or_check, check_or_fold, raise_action
from holdem_tui.bots.explain import LEVEL_WORDS, because
from holdem_tui.bots.holdem_common import made_hand, preflop_percentile, preflop_tier
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.view import PlayerView

#: chance of a stab with nothing when checked to
BLUFF_RATE = 0.04
#: chance of calling anyway with a hand it should fold ("let's see")
CURIOUS_CALL = 0.10
#: the most big blinds each tier calls before the flop (tier 1 raises while the pot is
#: at most TIER_ONE_RAISE_BB, then calls anything)
CALL_LIMIT_BB = {2: 12, 3: 4, 4: 1, 5: 1}
TIER_ONE_RAISE_BB = 4
#: the top share of starting hands each tier reaches (holdem_common.preflop_tier)
TIER_TOP = {1: 0.04, 2: 0.12, 3: 0.30, 4: 0.55, 5: 1.0}
#: chance that tier 5 limps for a single big blind
TRASH_LIMP = 0.3


class HoldemEasy(Policy):
    """The easy level's Hold'em policy; the seeded ``rng`` belongs to the bot."""

    def decide(self, view: PlayerView) -> Decision:
        """Preflop by tier, postflop by made hand."""
        if not view.board:
            return self._preflop(view)
        return self._postflop(view)

    def _preflop(self, view: PlayerView) -> Decision:
        legal = view.legal
        assert legal is not None
        bb = view.big_blind
        tier = preflop_tier(view.my_cards)
        top = preflop_percentile(view.my_cards) / 100.0
        to_call_bb = legal.call_amount / bb
        call = math.ceil(to_call_bb - 1e-9)
        if tier == 1:
            if legal.current_bet + legal.call_amount <= TIER_ONE_RAISE_BB * bb:
                action = raise_action(legal, 3 * max(bb, legal.current_bet + legal.call_amount))
                return because(action, "chart_raise", top=top, range=TIER_TOP[1])
            return because(call_or_check(legal), "chart_call", top=top, range=TIER_TOP[1])
        limit = CALL_LIMIT_BB[tier]
        if tier in (2, 3):
            if to_call_bb <= limit:
                return because(call_or_check(legal), "price_call", top=top, call=call, limit=limit)
            return because(check_or_fold(legal), "price_fold", top=top, call=call, limit=limit)
        if tier == 4:
            if to_call_bb <= limit:
                return because(call_or_check(legal), "price_call", top=top, call=call, limit=limit)
            if to_call_bb <= 3 and self.rng.random() < CURIOUS_CALL:
                return because(call_or_check(legal), "curious_call", chance=CURIOUS_CALL)
            return because(check_or_fold(legal), "price_fold", top=top, call=call, limit=limit)
        if to_call_bb <= limit and self.rng.random() < TRASH_LIMP:
            return because(call_or_check(legal), "curious_call", chance=TRASH_LIMP)
        return because(check_or_fold(legal), "chart_fold", top=top, range=TIER_TOP[4])

    def _postflop(self, view: PlayerView) -> Decision:
        legal = view.legal
        assert legal is not None
        level = made_hand(view.my_cards, view.board).level
        made = LEVEL_WORDS[level]
        pot = view.total_pot
        call = legal.call_amount
        if level >= 5:
            if call:
                action = raise_action(legal, legal.current_bet + call * 3 + pot // 2)
            else:
                action = raise_action(legal, (pot * 2) // 3)
            return because(action, "made_value", made=made)
        if level >= 3:
            if call == 0:
                action = (
                    raise_action(legal, pot // 2) if self.rng.random() < 0.5 else Action.check()
                )
                return because(action, "made_mixed", made=made, chance=0.5)
            if call <= pot:
                return because(Action.call(), "made_price_ok", made=made, call=call, pot=pot)
            return because(check_or_fold(legal), "made_price_bad", made=made, call=call, pot=pot)
        if level >= 1:
            if call == 0:
                return because(Action.check(), "made_check", made=made)
            if call <= pot // 2:
                return because(Action.call(), "made_price_ok", made=made, call=call, pot=pot)
            if self.rng.random() < CURIOUS_CALL:
                return because(Action.call(), "curious_call", chance=CURIOUS_CALL)
            return because(Action.fold(), "made_price_bad", made=made, call=call, pot=pot)
        if call == 0:
            if self.rng.random() < BLUFF_RATE:
                return because(raise_action(legal, pot // 2), "bluff", chance=BLUFF_RATE)
            return because(Action.check(), "made_check", made=made)
        if call <= pot // 3 and self.rng.random() < CURIOUS_CALL:
            return because(Action.call(), "curious_call", chance=CURIOUS_CALL)
        return because(Action.fold(), "made_price_bad", made=made, call=call, pot=pot)
