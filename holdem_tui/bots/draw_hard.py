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

import math
import random
from collections.abc import Iterable

import numpy as np

from holdem_tui.bots.base import Policy, call_or_check, check_or_fold, raise_action
from holdem_tui.bots.draw_common import best_discards, describe
from holdem_tui.bots.draw_montecarlo import (
    DrawPool,
    FloatArray,
    build_pool,
    classify,
    draw_values,
    drawn_story,
    first_round_weight,
    predraw_equity,
)
from holdem_tui.bots.draw_normal import explained_draw
from holdem_tui.bots.draw_ranges import band, percentile_before, pool_share
from holdem_tui.bots.explain import because
from holdem_tui.bots.holdem_common import position_group, pot_odds
from holdem_tui.bots.holdem_heads_up import realize
from holdem_tui.bots.range_model import (
    action_factor,
    aggressive_read,
    current_spots,
    polarised_bets,
    top_share,
    weighted_quantile,
)
from holdem_tui.bots.reads import HandRead, OpponentBook, opponents_in_hand, read_hand
from holdem_tui.bots.tendencies import Tendencies, size_bucket
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.evaluator import Category, hand_value
from holdem_tui.engine.events import CardsDrawn, Street
from holdem_tui.engine.view import PlayerView

#: deliberate bluffs are held to this share of the bot's bets
BLUFF_BUDGET = 0.2

SIMS_PREDRAW = 2000
#: before the draw heads-up: the opponent hands dealt, and my own draws simulated
POOL_PREDRAW = 1500
SIMS_PREDRAW_MINE = 300
#: the share of its equity a hand keeps out of position (it bets and calls first after
#: the draw), as :func:`realize` applies it
REALIZE_OOP = 0.72
#: possible opponent hands dealt to read the ranges after the draw
POOL_POSTDRAW = 3000
POSTDRAW = Street.POSTDRAW.value
#: first to act heads-up, the widest range bet before the draw (top x% of hands): the
#: rest checks, since it acts first again after the draw, where the worst hands lose
OPEN_CAP_OOP = 55.0
#: a raise after the draw comes from the top of this share of the raise rate
RAISE_VALUE = 0.6
#: how often a player who plays its cards by the book stands pat (its made hands)
MADE_PAT = 0.008


def draw_bluffs(rate: float, good: float, bet: int, pot: int) -> float:
    """The share of bluffs in a player's bets after the draw.

    ``rate`` is how often this player bets there, ``good`` the share of its range worth a
    value bet. Betting more often than its value allows, it bluffs at least the
    difference; betting about as often as it has value, it bluffs as a balanced player
    would (``bet / (pot + 2 bet)``, what makes a call break even); betting much less than
    its value (a tight player who checks its medium hands) it hardly bluffs at all.
    """
    balanced = bet / max(1, pot + 2 * bet)
    forced = (rate - good) / max(rate, 1e-3)
    ratio = rate / max(good, 1e-3)
    share = balanced * float(np.clip((ratio - 0.6) / 0.3, 0.1, 1.0))
    return float(np.clip(max(forced, share), 0.03, 0.5))


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

    def _predraw_heads_up(self, view: PlayerView, read: HandRead, opponent: int) -> Decision:
        """Before the draw against one opponent, by expected value: bet (or raise) when
        the folds it wins plus its equity against the hands that go on beat checking (or
        calling); call when the price is right against the betting range; else fold.

        The opponent's ranges are chart bands (:mod:`draw_ranges`) as wide as its own
        rates from this seat: it opens its top ``open`` share, calls an open with the
        hands between its 3-bets and its folds, 3-bets its top ``3bet`` share, and so
        on. Equity is realised less out of position (it acts first after the draw).
        """
        legal = view.legal
        assert legal is not None and view.me is not None
        cards = view.my_cards
        notes = self.book.tendencies(view, opponent)
        group = position_group(opponent, len(view.seats))
        in_position = view.me > opponent
        real = 1.0 if in_position else REALIZE_OOP
        generator = np.random.default_rng(self.rng.getrandbits(63))
        pool = build_pool(cards, POOL_PREDRAW, generator)
        mine = draw_values(cards, best_discards(cards), SIMS_PREDRAW_MINE, generator)
        pct = percentile_before(pool.before)

        def versus(low: float, high: float) -> float:
            weights = band(pct, low, high) + 0.02  # a few odd hands anywhere
            return realize(pool_share(mine, pool.after.value, weights), real)

        pot, call, bet = view.total_pot, legal.call_amount, view.small_bet
        raises = read.first_round_raises
        opens = 100.0 * notes.rate(("open", group))
        info = describe(cards)
        nothing = info.category == Category.HIGH_CARD and not info.flush_draw
        if call == 0:
            fold = notes.rate(("fold_open", group))
            three = notes.rate(("3bet_open", group))
            flat = max(0.0, 1.0 - fold - three)
            called = versus(100.0 * three, 100.0 * (1.0 - fold)) * (pot + 2 * bet) - bet
            met = max(-bet, versus(0.0, 100.0 * three) * (pot + 4 * bet) - 2 * bet)
            ev_bet = fold * pot + flat * called + three * met
            if read.seat(opponent).street_checks or in_position:
                checked = opens if read.seat(opponent).street_checks else 0.0
                e_any = versus(checked, 100.0)
                ev_check = e_any * pot  # checked through to the draw
            else:
                # it may bet behind (as often as it opens): then call or fold by the price
                e_any = versus(opens, 100.0)
                facing = max(0.0, versus(0.0, opens) * (pot + 2 * bet) - bet)
                ev_check = (1.0 - opens / 100.0) * e_any * pot + opens / 100.0 * facing
            ev_snow = -math.inf
            if nothing:
                # bet, stand pat and bet again: called, it wins when the caller folds
                # after the draw (as this player folds a pat bet), else loses both bets
                after = self._snow_after(view, notes, pot + 2 * bet, bet)
                ev_snow = fold * pot + (1.0 - fold) * after
            mine_pct = float(percentile_before(classify(np.array([list(cards)])))[0])
            if (
                not in_position
                and mine_pct > OPEN_CAP_OOP
                and not read.seat(opponent).street_checks
            ):
                ev_bet = -math.inf  # first to act: the worst hands check (see OPEN_CAP_OOP)
            if max(ev_bet, ev_snow) > ev_check and legal.can_raise:
                if ev_snow >= ev_bet:
                    return self._pick(view, self._snow(view), "snow", e_any)
                self.value_bets += 1
                return self._pick(view, raise_action(legal, legal.max_raise_to), "open", e_any)
            return self._pick(view, Action.check(), "check", e_any)
        odds = pot_odds(call, pot)
        if raises == 1:
            top = opens
        elif raises == 2:
            top = opens * notes.rate(("3bet_open", group)) / max(0.05, notes.rate(("open", group)))
        else:
            top = opens * notes.rate(("4bet_3bet",))
        top = float(np.clip(top, 2.0, 100.0))
        e_bet = versus(0.0, top)
        ev_call = e_bet * (pot + call) - call
        ev_raise = -math.inf
        if legal.can_raise:
            if raises == 1:
                fold, again = notes.rate(("fold_3bet",)), notes.rate(("4bet_3bet",))
            else:
                fold, again = notes.rate(("fold_4bet",)), 0.0
            x = call + bet
            cont = versus(0.0, max(2.0, top * (1.0 - fold)))
            called = cont * (pot + 2 * x - call) - x
            capped = max(-x, versus(0.0, max(1.5, top * again)) * (pot + 2 * x - call + 2 * bet))
            ev_raise = (
                fold * pot + max(0.0, 1.0 - fold - again) * called + again * (capped - x - bet)
            )
        if legal.can_raise and nothing:
            x = call + bet
            snow = fold * pot + (1.0 - fold) * self._snow_after(view, notes, pot + 2 * x - call, x)
            if snow > max(0.0, ev_call, ev_raise):
                return self._pick(view, self._snow(view), "snow", e_bet, odds)
        if ev_raise > max(0.0, ev_call):
            self.value_bets += 1
            return self._pick(view, raise_action(legal, legal.max_raise_to), "raise", e_bet, odds)
        if ev_call > 0:
            return self._pick(view, Action.call(), "call", e_bet, odds)
        return self._pick(view, Action.fold(), "fold", e_bet, odds)

    def _snow_after(self, view: PlayerView, notes: Tendencies, pot: int, put_in: int) -> float:
        """What a called snow wins, against ``put_in`` chips already in a pot of ``pot``:
        the pot when the opponent folds to the bet after the draw (as often as it folds
        there), else what was put in and the bet."""
        bet = view.big_bet
        fold = notes.sample(("fold", "-", POSTDRAW, size_bucket(bet, pot + bet)), self.rng)
        return fold * (pot - put_in) - (1.0 - fold) * (put_in + bet)

    def _predraw(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        cards = view.my_cards
        opponents = opponents_in_hand(view)
        if len(opponents) == 1:
            return self._predraw_heads_up(view, read, opponents[0])
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

    def postdraw_ranges(
        self, view: PlayerView, read: HandRead, opponents: list[int], pool: DrawPool
    ) -> dict[int, FloatArray]:
        """Each opponent's range after the draw, as weights over ``pool``: its first-round
        action (read looser for a wide opener), the cards it took (a hand that would not
        have drawn that many keeps a little weight) and its bets since, each read with
        this player's own frequencies (:func:`apply_spots`).

        A bet is read as the hands worth a bet (two pair or better, or a big pair) as far
        as this player's bet rate reaches, plus bluffs for the rest: a player who bets
        more often than its value allows is bluffing the difference, which is what lets
        the bot call a frequent bettor down by pot odds.
        """
        ranges: dict[int, FloatArray] = {}
        value = pool.after.value.astype(np.float64)
        worth = (pool.after.category >= Category.TWO_PAIR) | (pool.after.pair_rank >= 10)
        for p in opponents:
            seat = read.seat(p)
            weights = first_round_weight(
                pool.before, seat.last_raise or seat.entry, self._looseness(view, p)
            )
            drawn = view.seats[p].drawn
            took: tuple[str, ...] = ()
            notes = self.book.tendencies(view, p)
            if drawn is not None:
                weights = drawn_story(pool, weights, drawn)
                took = (f"d{drawn}",)
                if drawn == 0:
                    weights = self._snows(pool, weights, notes)
            strength = weighted_quantile(value, weights)
            for spot in current_spots(view, p):
                factor = action_factor(
                    spot.kind,
                    strength,
                    notes,
                    street=POSTDRAW,
                    role=spot.role,
                    checked=spot.checked,
                    checked_to=spot.checked_to,
                    facing=spot.facing,
                    need=spot.need,
                    pot=spot.pot,
                )
                if spot.facing == 0 and spot.kind in (ActionKind.BET, ActionKind.RAISE):
                    checked_to = "x" if spot.checked_to else "-"
                    rate = notes.rate(("bet", spot.role, POSTDRAW, checked_to, *took))
                    good = float((weights * worth).sum() / max(1e-9, float(weights.sum())))
                    bluffs = draw_bluffs(rate, good, spot.need or self._bet_size(view), spot.pot)
                    # polarised: value from the top, bluffs from the bottom (the hands
                    # that cannot win a showdown), nothing from the middle; the whole
                    # range from a player who bets nearly always
                    factor, _checks = polarised_bets(strength, rate, bluffs, POSTDRAW)
                elif spot.kind is ActionKind.RAISE:
                    # a raise after the draw, where nothing is left to draw to, is value:
                    # the top of what its raise rate allows, no bluffs; any hand from a
                    # player who raises nearly always
                    rate = notes.rate(("raise", POSTDRAW))
                    factor = aggressive_read(
                        top_share(strength, RAISE_VALUE * rate), rate, POSTDRAW
                    )
                if factor is None:
                    continue
                new = weights * factor
                if float(new.sum()) > 1e-9 * float(weights.sum()):
                    weights = new
                    strength = weighted_quantile(strength, weights)
            ranges[p] = weights
        return ranges

    @staticmethod
    def _bet_size(view: PlayerView) -> int:
        """The bet of this betting round (fixed limit)."""
        return view.big_bet if view.street is Street.POSTDRAW else view.small_bet

    @staticmethod
    def _snows(pool: DrawPool, weights: FloatArray, notes: Tendencies) -> FloatArray:
        """A pat hand's range with the snows this player has shown: it stands pat more
        often than its made hands allow (under one hand in a hundred is pat by the book), and
        the difference is nothing, played as a made hand."""
        pat = notes.rate(("pat",))
        snows = float(np.clip((pat - MADE_PAT) / max(pat, 1e-3), 0.04, 0.9))
        made = pool.drawn == 0
        air = (pool.before.category == Category.HIGH_CARD) & ~made
        on, off = float(weights[made].sum()), float(weights[air].sum())
        if on <= 0 or off <= 0:
            return weights
        scale = snows / (1.0 - snows) * on / off
        out: FloatArray = np.where(made, weights, np.where(air, weights * scale, 0.0))
        return out

    def postdraw_equity(self, view: PlayerView, read: HandRead) -> float:
        """My pot share after the draw against the ranges :meth:`postdraw_ranges` reads
        (the coach reads opponents through this too: one reading, not two)."""
        pool = self._pool(view)
        opponents = opponents_in_hand(view)
        ranges = self.postdraw_ranges(view, read, opponents, pool)
        return self._share(view, pool, ranges.values())

    def _pool(self, view: PlayerView) -> DrawPool:
        """The possible opponent hands after the draw, from the cards I cannot see."""
        dead: list[int] = [int(c) for c in view.my_cards]
        for event in view.history:
            if isinstance(event, CardsDrawn) and event.player == view.me and event.discarded:
                dead.extend(int(c) for c in event.discarded)
        generator = np.random.default_rng(self.rng.getrandbits(63))
        return build_pool(dead, POOL_POSTDRAW, generator)

    @staticmethod
    def _share(
        view: PlayerView, pool: DrawPool, ranges: Iterable[FloatArray], mine: int | None = None
    ) -> float:
        """My pot share against every range (independently), by my hand's value."""
        value = pool.after.value
        me = hand_value(view.my_cards) if mine is None else mine
        share = 1.0
        for weights in ranges:
            total = float(weights.sum())
            if total <= 0:
                continue
            wins = float(weights[value < me].sum()) + 0.5 * float(weights[value == me].sum())
            share *= wins / total
        return share

    def _postdraw(self, view: PlayerView, read: HandRead) -> Decision:
        """After the draw, by expected value against the ranges read: call by the price,
        raise what beats the betting range, and bet where the folds plus the equity
        against the hands that call beat checking (value and bluffs alike)."""
        legal = view.legal
        assert legal is not None
        opponents = opponents_in_hand(view)
        pool = self._pool(view)
        ranges = self.postdraw_ranges(view, read, opponents, pool)
        eq = self._share(view, pool, ranges.values())
        call = legal.call_amount
        pot = view.total_pot
        bluffing = self._pat_bluff_hand == self._hand_key(view)
        if call == 0:
            return self._bet_or_check(view, read, pool, ranges, eq, bluffing)
        odds = pot_odds(call, pot)
        _value_thr, raise_thr = self._thresholds(len(opponents))
        if legal.can_raise and len(opponents) == 1:
            # re-raising needs equity against the range that calls or raises again
            ((_, weights),) = ranges.items()
            strength = weighted_quantile(pool.after.value.astype(np.float64), weights)
            cont = top_share(strength, 0.7)
            if self._share(view, pool, [weights * cont]) >= 0.55:
                self.value_bets += 1
                return self._pick(view, raise_action(legal, legal.max_raise_to), "raise", eq, odds)
        elif eq >= raise_thr + 0.05 and legal.can_raise:
            self.value_bets += 1
            return self._pick(view, raise_action(legal, legal.max_raise_to), "raise", eq, odds)
        if eq >= odds:
            return self._pick(view, call_or_check(legal), "call", eq, odds)
        return self._pick(view, check_or_fold(legal), "fold", eq, odds)

    def _bet_or_check(
        self,
        view: PlayerView,
        read: HandRead,
        pool: DrawPool,
        ranges: dict[int, FloatArray],
        eq: float,
        bluffing: bool,
    ) -> Decision:
        """Bet when the folds it wins and its equity against the callers beat checking."""
        legal = view.legal
        assert legal is not None
        opponents = list(ranges)
        if not legal.can_raise:
            return self._pick(view, Action.check(), "check", eq)
        if bluffing and len(opponents) <= 2:
            return self._pick(view, raise_action(legal, legal.max_raise_to), "snow", eq)
        pot = view.total_pot
        bet = legal.max_raise_to - legal.current_bet
        value = pool.after.value.astype(np.float64)
        fold_all, callers = 1.0, []
        for p, weights in ranges.items():
            notes = self.book.tendencies(view, p)
            checked = "x" if read.seat(p).street_checks else "-"
            drawn = view.seats[p].drawn
            took = (f"d{drawn}",) if drawn is not None else ()
            key = ("fold", checked, POSTDRAW, size_bucket(bet, pot + bet), *took)
            fold = notes.sample(key, self.rng)
            fold_all *= fold
            strength = weighted_quantile(value, weights)
            callers.append(weights * top_share(strength, 1.0 - fold))
        against_callers = self._share(view, pool, callers)
        ev_bet = fold_all * pot + (1.0 - fold_all) * (against_callers * (pot + 2 * bet) - bet)
        ev_check = eq * pot
        behind = [p for p in opponents if p > (view.me or 0) and not read.seat(p).street_checks]
        if len(opponents) == 1 and behind:
            ev_check = self._check_to(view, pool, behind[0], ranges[behind[0]], bet)
        if ev_bet <= ev_check + 0.02 * pot:
            return self._pick(view, Action.check(), "check", eq)
        if against_callers >= 0.5:
            self.value_bets += 1
            return self._pick(view, raise_action(legal, legal.max_raise_to), "value_bet", eq)
        self.bluffs += 1
        return self._pick(view, raise_action(legal, legal.max_raise_to), "bluff", eq)

    def _check_to(
        self, view: PlayerView, pool: DrawPool, player: int, weights: FloatArray, bet: int
    ) -> float:
        """What checking to ``player`` (last to act) is worth: it bets its polarised
        range as often as it bets when checked to, and I call that by the price or fold;
        else it checks behind and the hand goes to a showdown."""
        notes = self.book.tendencies(view, player)
        drawn = view.seats[player].drawn
        took = (f"d{drawn}",) if drawn is not None else ()
        rate = notes.rate(("bet", "pas", POSTDRAW, "x", *took))
        strength = weighted_quantile(pool.after.value.astype(np.float64), weights)
        worth = (pool.after.category >= Category.TWO_PAIR) | (pool.after.pair_rank >= 10)
        good = float((weights * worth).sum() / max(1e-9, float(weights.sum())))
        pot = view.total_pot
        bluffs = draw_bluffs(rate, good, bet, pot)
        bet_factor, check_factor = polarised_bets(strength, rate, bluffs, POSTDRAW)
        betting = weights * bet_factor
        checking = weights * check_factor
        bets = float(betting.sum() / max(1e-9, float(weights.sum())))
        facing = max(0.0, self._share(view, pool, [betting]) * (pot + 2 * bet) - bet)
        return bets * facing + (1.0 - bets) * self._share(view, pool, [checking]) * pot
