"""Normal Five-Card Draw: hand strength, position, opponents, drawing odds and pot odds.

Before the draw it opens tighter in early position and with more opponents, calls with a
four-flush or an open straight when the pot pays for the chance to fill it, and raises
with two pair or better. After the draw it judges its final hand and notices who stood
pat (a warning) and who drew three (probably a pair that missed).
"""

from __future__ import annotations

import random

from holdem_tui.bots.base import check_or_fold, raise_action
from holdem_tui.bots.draw_common import IMPROVE_ODDS, best_discards, describe, draw_kind
from holdem_tui.bots.holdem_common import pot_odds
from holdem_tui.bots.reads import HandRead, opponents_in_hand, read_hand
from holdem_tui.engine.actions import Action
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.events import Street
from holdem_tui.engine.view import PlayerView

#: drawing hands win more bets when they fill: count the pot this much bigger
IMPLIED = 1.8


class DrawNormal:
    """The normal level's draw policy."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView) -> Action:
        """Draw by the book; bet by strength, position and odds."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(best_discards(view.my_cards)[: legal.max_discards])
        read = read_hand(view)
        if view.street is Street.PREDRAW:
            return self._predraw(view, read)
        return self._postdraw(view, read)

    def _predraw(self, view: PlayerView, read: HandRead) -> Action:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        info = describe(cards)
        opponents = opponents_in_hand(view)
        n = len(view.seats)
        me = view.me or 0
        late = me >= n - 2
        raises = read.street_raises
        # the pair needed to open: jacks early, nines late, any pair heads-up
        need = 9 if not late else 7
        need += max(0, len(opponents) - 3)
        if len(opponents) == 1:
            need = 0
        if info.category >= Category.TWO_PAIR:
            if raises < 3 or info.category >= Category.THREE_OF_A_KIND:
                return raise_action(legal, legal.max_raise_to)
            return Action.call()
        if info.category == Category.PAIR:
            if raises == 0:
                if info.pair_rank >= need:
                    return raise_action(legal, legal.max_raise_to)
                return Action.check()
            if raises == 1 and info.pair_rank >= max(need, 10):
                return raise_action(legal, legal.max_raise_to)
            if raises == 1 and info.pair_rank >= need - 2:
                return Action.call()
            if info.pair_rank >= 9 and raises <= 2:
                return Action.call()
            return check_or_fold(legal)
        kind = draw_kind(cards, best_discards(cards))
        odds = IMPROVE_ODDS.get(kind, 0.0)
        if legal.call_amount == 0:
            if late and not raises and len(opponents) <= 2 and self.rng.random() < 0.3:
                return raise_action(legal, legal.max_raise_to)
            return Action.check()
        needed = pot_odds(legal.call_amount, view.total_pot)
        if odds and odds * IMPLIED >= needed and raises <= 1:
            return Action.call()
        return Action.fold()

    def _postdraw(self, view: PlayerView, read: HandRead) -> Action:
        legal = view.legal
        assert legal is not None
        info = describe(view.my_cards)
        opponents = opponents_in_hand(view)
        drawn = [view.seats[p].drawn for p in opponents]
        pat = any(d == 0 for d in drawn)
        weak_field = all(d is not None and d >= 3 for d in drawn)
        cat = info.category
        strength = {
            Category.HIGH_CARD: 0.1,
            Category.PAIR: 0.3 + 0.2 * info.pair_rank / 12,
            Category.TWO_PAIR: 0.65,
            Category.THREE_OF_A_KIND: 0.78,
        }.get(cat, 0.9)
        if pat and cat < Category.STRAIGHT:
            strength -= 0.2
        if weak_field:
            strength += 0.1
        strength = max(0.0, min(1.0, strength)) ** (1.0 + 0.4 * (len(opponents) - 1))
        call = legal.call_amount
        if call == 0:
            if strength >= 0.5:
                return raise_action(legal, legal.max_raise_to)
            me = view.me or 0
            last = all(me > p for p in opponents)
            if last and weak_field and len(opponents) == 1 and self.rng.random() < 0.25:
                return raise_action(legal, legal.max_raise_to)
            return Action.check()
        if strength >= 0.72 and read.street_raises < 3:
            return raise_action(legal, legal.max_raise_to)
        if strength >= pot_odds(call, view.total_pot) + 0.1:
            return Action.call()
        return Action.fold()
