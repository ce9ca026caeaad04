"""Normal Five-Card Draw: hand strength, position, opponents, drawing odds and pot odds.

Before the draw it opens tighter in early position and with more opponents, calls with a
four-flush or an open straight when the pot pays for the chance to fill it, and raises
with two pair or better. After the draw it judges its final hand and notices who stood
pat (a warning) and who drew three (probably a pair that missed). Its reasons give the
pair it needs against the players in, the draw's chance against the price, or its
estimate of the final hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem_tui.bots.base import Policy, check_or_fold, raise_action
from holdem_tui.bots.draw_common import IMPROVE_ODDS, best_discards, describe, draw_kind
from holdem_tui.bots.explain import because
from holdem_tui.bots.holdem_common import pot_odds
from holdem_tui.bots.reads import HandRead, opponents_in_hand, read_hand
from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import Card
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.events import Street
from holdem_tui.engine.view import PlayerView

#: drawing hands win more bets when they fill: count the pot this much bigger
IMPLIED = 1.8
#: draw_common.draw_kind -> the word a reason names it by
DRAW_WORDS = {
    "pair": "pair",
    "two_pair": "two_pair",
    "trips": "three_of_a_kind",
    "four_flush": "four_flush",
    "open_straight": "open_straight",
    "gutshot": "gutshot",
}


class DrawNormal(Policy):
    """The normal level's draw policy."""

    def decide(self, view: PlayerView) -> Decision:
        """Draw by the book; bet by strength, position and odds."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return self._draw(view)
        read = read_hand(view)
        if view.street is Street.PREDRAW:
            return self._predraw(view, read)
        return self._postdraw(view, read)

    def _draw(self, view: PlayerView) -> Decision:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        return explained_draw(cards, best_discards(cards)[: legal.max_discards])

    def _predraw(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        info = describe(cards)
        made = info.category.name.lower()
        opponents = opponents_in_hand(view)
        count = len(opponents)
        n = len(view.seats)
        me = view.me or 0
        late = me >= n - 2
        raises = read.street_raises
        # the pair needed to open: jacks early, nines late, any pair heads-up
        need = 9 if not late else 7
        need += max(0, len(opponents) - 3)
        if len(opponents) == 1:
            need = 0
        top = legal.max_raise_to
        if info.category >= Category.TWO_PAIR:
            if raises < 3 or info.category >= Category.THREE_OF_A_KIND:
                return because(raise_action(legal, top), "made_value", made=made)
            return because(Action.call(), "made_capped", made=made, count=raises)
        if info.category == Category.PAIR:
            if raises == 0:
                if info.pair_rank >= need:
                    return because(raise_action(legal, top), "pair_open", count=count)
                return because(Action.check(), "pair_weak", count=count)
            if raises == 1 and info.pair_rank >= max(need, 10):
                return because(raise_action(legal, top), "pair_strong", count=count)
            if raises == 1 and info.pair_rank >= need - 2:
                return because(Action.call(), "pair_call", count=count)
            if info.pair_rank >= 9 and raises <= 2:
                return because(Action.call(), "pair_call", count=count)
            return because(check_or_fold(legal), "pair_weak", count=count)
        kind = draw_kind(cards, best_discards(cards))
        odds = IMPROVE_ODDS.get(kind, 0.0)
        if legal.call_amount == 0:
            if late and not raises and len(opponents) <= 2 and self.rng.random() < 0.3:
                return because(raise_action(legal, top), "late_steal", chance=0.3)
            return because(Action.check(), "made_check", made=made)
        needed = pot_odds(legal.call_amount, view.total_pot)
        word = DRAW_WORDS.get(kind)
        if odds and odds * IMPLIED >= needed and raises <= 1 and word is not None:
            implied = min(1.0, odds * IMPLIED)
            return because(
                Action.call(), "draw_price_ok", draw=word, chance=odds, implied=implied, need=needed
            )
        if word is not None and odds:
            implied = min(1.0, odds * IMPLIED)
            return because(
                Action.fold(),
                "draw_price_bad",
                draw=word,
                chance=odds,
                implied=implied,
                need=needed,
            )
        call, pot = legal.call_amount, view.total_pot
        return because(Action.fold(), "made_price_bad", made=made, call=call, pot=pot)

    def _postdraw(self, view: PlayerView, read: HandRead) -> Decision:
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
        count = len(opponents)
        call = legal.call_amount
        if call == 0:
            if strength >= 0.5:
                action = raise_action(legal, legal.max_raise_to)
                return because(action, "est_value", equity=strength, count=count)
            me = view.me or 0
            last = all(me > p for p in opponents)
            if last and weak_field and len(opponents) == 1 and self.rng.random() < 0.25:
                action = raise_action(legal, legal.max_raise_to)
                return because(action, "weak_field_bluff", chance=0.25)
            return because(Action.check(), "est_check", equity=strength, count=count)
        if strength >= 0.72 and read.street_raises < 3:
            action = raise_action(legal, legal.max_raise_to)
            return because(action, "est_value", equity=strength, count=count)
        needed = pot_odds(call, view.total_pot)
        if strength >= needed + 0.1:
            return because(Action.call(), "est_call", equity=strength, need=needed, count=count)
        return because(Action.fold(), "est_fold", equity=strength, need=needed, count=count)


def explained_draw(cards: Sequence[Card], discards: tuple[Card, ...]) -> Decision:
    """The draw of ``discards`` from ``cards`` with its reason: standing pat on a made
    hand, keeping what is made, or the draw's chance to improve (normal and hard say it
    alike)."""
    made = describe(cards).category.name.lower()
    if not discards:
        return because(Action.draw(()), "pat", made=made)
    kind = draw_kind(cards, discards)
    if kind not in DRAW_WORDS:
        return because(Action.draw(discards), "keep_made", made=made, count=len(discards))
    word = DRAW_WORDS[kind]
    chance = IMPROVE_ODDS[kind]
    return because(
        Action.draw(discards), "draw_odds", draw=word, count=len(discards), chance=chance
    )
