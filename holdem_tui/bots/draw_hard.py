"""Hard Five-Card Draw: reads ranges from bets and draw counts, simulates, bluffs sparingly.

Before the draw it simulates everyone drawing from hands weighted by their first-round
actions, read looser for opponents seen to open often; after the draw it rebuilds each
opponent's hand from how many cards they took (standing pat means strength) and how they
bet since, giving weak hands more weight in the bets of players seen to bet a lot (that
is how it calls down by reads). Heads-up it opens and defends wider, as the antes are
worth fighting for with one opponent.

Bluffs, including snowing (standing pat on nothing after betting or raising, then
betting), are budgeted to a share of its bets that grows with how often the opponent
folds, and aimed only at one or two opponents; against callers it value-bets thinner.
"""

from __future__ import annotations

import random

import numpy as np

from holdem_tui.bots.base import Policy, call_or_check, check_or_fold, raise_action
from holdem_tui.bots.draw_common import best_discards, describe
from holdem_tui.bots.draw_montecarlo import postdraw_equity, predraw_equity
from holdem_tui.bots.draw_normal import explained_draw
from holdem_tui.bots.explain import because
from holdem_tui.bots.holdem_common import pot_odds
from holdem_tui.bots.reads import HandRead, OpponentBook, opponents_in_hand, read_hand
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.events import CardsDrawn, Street
from holdem_tui.engine.view import PlayerView

#: deliberate bluffs are held to this share of the bot's bets
BLUFF_BUDGET = 0.2

SIMS_PREDRAW = 2000
SIMS_POSTDRAW = 2000


class DrawHard(Policy):
    """The hard level's draw policy; ``book`` remembers opponents across hands."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.book = OpponentBook()
        self.value_bets = 0.0
        self.bluffs = 0.0
        self._pat_bluff_hand: tuple[int, tuple[str, ...]] | None = None

    def _hand_key(self, view: PlayerView) -> tuple[int, tuple[str, ...]]:
        return view.hand_number, tuple(s.name for s in view.seats)

    def decide(self, view: PlayerView) -> Decision:
        """Update the book, then decide the betting round or the draw; the answer carries
        its reason, built from the numbers that decided it."""
        self.book.update(view)
        legal = view.legal
        assert legal is not None
        read = read_hand(view)
        if legal.can_draw:
            decision = self._draw(view, read)
        elif view.street is Street.PREDRAW:
            decision = self._predraw(view, read)
        else:
            decision = self._postdraw(view, read)
        self.book.note(view, decision.action)
        return decision

    def _pick(
        self,
        view: PlayerView,
        action: Action,
        piece: str,
        eq: float,
        odds: float | None = None,
        need: float | None = None,
    ) -> Decision:
        """The action with the reason of the rule (``piece``) that chose it: its equity
        against the opponents' ranges, the price (and ``need``, the equity it asked for
        when that is more than the price), or the fold rate a bluff counted on."""
        opponents = opponents_in_hand(view)
        share = min(1.0, max(0.0, eq))
        if piece in ("snow", "bluff"):
            fold = self._fold_rate(view, opponents)
            return because(action, "snow" if piece == "snow" else "bluff_fold", fold=fold)
        count = max(1, len(opponents))
        if odds is None:
            return because(action, "range_value", equity=share, count=count)
        price = min(1.0, max(0.0, odds))
        if need is not None:
            bar = min(1.0, max(0.0, need))
            return because(
                action, "range_threshold", equity=share, count=count, need=bar, odds=price
            )
        return because(action, "range_equity", equity=share, count=count, need=price)

    def _fold_rate(self, view: PlayerView, opponents: list[int]) -> float:
        """The lowest fold-to-bet rate among ``opponents`` (the one who calls decides)."""
        return min((self.book.of(view, p).fold_to_bet() for p in opponents), default=0.45)

    def _bluff_allowed(self, view: PlayerView, opponents: list[int]) -> bool:
        """Bluff only while bluffs stay under their budget (larger against folders), only
        into one or two opponents seen to fold, and only sometimes."""
        if not opponents or len(opponents) > 2:
            return False
        fold = self._fold_rate(view, opponents)
        if fold < 0.3:
            return False
        budget = BLUFF_BUDGET + max(0.0, fold - 0.45)
        if self.bluffs + 1 > budget * (self.value_bets + self.bluffs + 1):
            return False
        return self.rng.random() < 0.5

    def _looseness(self, view: PlayerView, player: int) -> float:
        """0 (opens only strong hands) .. 1 (opens almost anything), from the open rate."""
        rate = self.book.of(view, player).open_rate()
        return float(np.clip((rate - 0.3) / 0.5, 0.0, 1.0))

    def _thresholds(self, n: int) -> tuple[float, float]:
        scale = (2.0 / (n + 1)) ** 0.6
        return 0.56 * scale, 0.68 * scale

    def _predraw(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        opponents = opponents_in_hand(view)
        me = view.me or 0
        entered = [p for p in opponents if read.seat(p).entry]
        behind = [p for p in opponents if p > me and not read.seat(p).entry]
        actions = [read.seat(p).last_raise or read.seat(p).entry for p in entered]
        looseness = [self._looseness(view, p) for p in entered]
        # players still to act who have not folded: assume one of them comes along
        if behind and len(actions) < 2:
            actions.append("call")
        if not actions:
            actions.append("")
        heads_up = len(opponents) == 1
        generator = np.random.default_rng(self.rng.getrandbits(63))
        eq = predraw_equity(
            cards, best_discards(cards), actions, SIMS_PREDRAW, generator, looseness=looseness
        )
        value_thr, raise_thr = self._thresholds(len(actions))
        if heads_up:
            value_thr -= 0.05  # heads-up the antes are worth opening for
        call = legal.call_amount
        pot = view.total_pot
        info = describe(cards)
        nothing = info.category == Category.HIGH_CARD and not info.flush_draw
        if call == 0:
            if eq >= value_thr:
                self.value_bets += 1
                return self._pick(view, raise_action(legal, legal.max_raise_to), "open", eq)
            if nothing and (heads_up or not behind) and self._bluff_allowed(view, opponents):
                return self._pick(view, self._snow(view), "snow", eq)
            return self._pick(view, Action.check(), "check", eq)
        odds = pot_odds(call, pot)
        if eq >= raise_thr and legal.can_raise:
            self.value_bets += 1
            return self._pick(view, raise_action(legal, legal.max_raise_to), "raise", eq, odds)
        if (
            heads_up
            and nothing
            and legal.can_raise
            and read.first_round_raises == 1
            and self._bluff_allowed(view, opponents)
        ):
            return self._pick(view, self._snow(view), "snow", eq, odds)
        # a weak hand that improves a little pays off the big bets after the draw, so
        # calling needs both the price and a reasonable share of the pot (less of it
        # heads-up, where a wide opener's range is weak too)
        fair = 1.0 / (len(actions) + 1)
        if heads_up:
            needed = max(pot_odds(call, pot) * 1.05, 0.7 * fair)
        else:
            needed = max(pot_odds(call, pot) * 1.1, 0.8 * fair)
        if eq >= needed:
            return self._pick(view, Action.call(), "call", eq, odds, needed)
        return self._pick(view, Action.fold(), "fold", eq, odds, needed)

    def _snow(self, view: PlayerView) -> Action:
        """Bet or raise with nothing, meaning to stand pat and bet again after the draw."""
        legal = view.legal
        assert legal is not None
        self.bluffs += 1
        self._pat_bluff_hand = self._hand_key(view)
        return raise_action(legal, legal.max_raise_to)

    def _draw(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        throw = best_discards(cards)
        if self._pat_bluff_hand == self._hand_key(view):
            info = describe(cards)
            opponents = opponents_in_hand(view)
            if info.category == Category.HIGH_CARD and len(opponents) <= 2:
                fold = self._fold_rate(view, opponents)
                return because(Action.draw(()), "snow", fold=fold)
            self._pat_bluff_hand = None
        return explained_draw(cards, throw[: legal.max_discards])

    def opponent_specs(
        self, view: PlayerView, read: HandRead, opponents: list[int]
    ) -> list[tuple[str, int | None, float, float, float]]:
        """How each opponent still in is read after the draw, for :func:`postdraw_equity`.

        Public so the coach reads opponents exactly as this bot does (one reading, not two).
        """
        specs: list[tuple[str, int | None, float, float, float]] = []
        for p in opponents:
            seat = read.seat(p)
            aggression = seat.street_bets - 0.5 * seat.street_calls
            # a player who bets a lot after the draw bets weak hands too: call them down
            bluffs = 0.04 + 0.5 * max(0.0, self.book.of(view, p).aggression() - 0.3)
            specs.append(
                (
                    seat.last_raise or seat.entry,
                    view.seats[p].drawn,
                    aggression,
                    self._looseness(view, p),
                    bluffs,
                )
            )
        return specs

    def _postdraw(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        opponents = opponents_in_hand(view)
        dead: list[int] = []
        for event in view.history:
            if isinstance(event, CardsDrawn) and event.player == view.me and event.discarded:
                dead.extend(int(c) for c in event.discarded)
        specs = self.opponent_specs(view, read, opponents)
        generator = np.random.default_rng(self.rng.getrandbits(63))
        eq = postdraw_equity(cards, dead, specs, SIMS_POSTDRAW, generator)
        value_thr, raise_thr = self._thresholds(len(opponents))
        # value-bet thinner into callers, thicker into folders (they pay only with better)
        fold = self._fold_rate(view, opponents)
        value_thr += float(np.clip((fold - 0.4) * 0.3, -0.06, 0.06))
        call = legal.call_amount
        pot = view.total_pot
        bluffing = self._pat_bluff_hand == self._hand_key(view)
        if call == 0:
            if eq >= value_thr:
                self.value_bets += 1
                return self._pick(view, raise_action(legal, legal.max_raise_to), "value_bet", eq)
            if bluffing and len(opponents) <= 2:
                return self._pick(view, raise_action(legal, legal.max_raise_to), "snow", eq)
            if eq < 0.2 and self._bluff_allowed(view, opponents):
                self.bluffs += 1
                return self._pick(view, raise_action(legal, legal.max_raise_to), "bluff", eq)
            return self._pick(view, Action.check(), "check", eq)
        odds = pot_odds(call, pot)
        if eq >= raise_thr + 0.05 and legal.can_raise:
            self.value_bets += 1
            return self._pick(view, raise_action(legal, legal.max_raise_to), "raise", eq, odds)
        if eq >= odds:
            return self._pick(view, call_or_check(legal), "call", eq, odds)
        return self._pick(view, check_or_fold(legal), "fold", eq, odds)
