"""Hard Hold'em: Monte Carlo equity against read ranges, decisions on expected value.

Each decision it builds a range for every live opponent from their public actions
(:mod:`holdem_ranges`, with what it remembers of them from earlier hands), estimates its
share of the pot with the engine's numpy Monte Carlo, and compares calling, betting and
raising by expected value against the pot odds. Bet sizes grow with equity and with a
wet board; bluffs are budgeted so that, over time, the share of its bets that are bluffs
matches the ratio the bet size justifies (a half-pot bet: one bluff per three bets at
most), and only against opponents seen to fold.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from holdem_tui.bots.base import call_or_check, check_or_fold, raise_action
from holdem_tui.bots.holdem_common import (
    board_texture,
    position_group,
    pot_odds,
    preflop_percentile,
)
from holdem_tui.bots.holdem_ranges import narrow_postflop, percentile_range, preflop_weights
from holdem_tui.bots.reads import (
    HandRead,
    OpponentBook,
    effective_stack,
    in_position,
    opponents_in_hand,
    read_hand,
)
from holdem_tui.engine.actions import Action
from holdem_tui.engine.equity import equity
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.view import PlayerView

#: the share of the hard bot's bets and raises that ``holdem-tui simulate`` measures as
#: bluffs (equity against the hands actually in below half a fair share) is configured to
#: stay in this band: the bluff budget below allows at most b / (pot + 2b) of bets (a
#: quarter to a third) as deliberate bluffs, many of which are semi-bluffs with equity
#: above the line, while some value bets run into better hands and land below it
BLUFF_SHARE_BAND = (0.05, 0.25)


@dataclass(frozen=True, slots=True)
class HardParams:
    """The hard level's tuning knobs in one place (the simulator measured these)."""

    sims_preflop: int = 1000
    sims_postflop: int = 1500
    open_percent: tuple[tuple[str, float], ...] = (
        ("early", 13.0),
        ("middle", 19.0),
        ("late", 34.0),
        ("sb", 30.0),
        ("bb", 45.0),
    )
    value_equity_hu: float = 0.6
    raise_equity_hu: float = 0.72
    realization_oop: float = 0.88
    realization_ip: float = 0.97
    bluff_max_equity: float = 0.35
    bluff_min_fold: float = 0.3


class HoldemHard:
    """The hard level's Hold'em policy; remembers opponents across hands in ``book``."""

    def __init__(self, rng: random.Random, params: HardParams | None = None) -> None:
        self.rng = rng
        self.params = params or HardParams()
        self.book = OpponentBook()
        self.value_bets = 0.0
        self.bluffs = 0.0

    # ----------------------------------------------------------------- equity

    def _ranges(self, view: PlayerView, read: HandRead, opponents: list[int]) -> list[Range]:
        ranges = []
        known = (*view.my_cards, *view.board)
        for player in opponents:
            seat = read.seat(player)
            stats = self.book.of(view, player)
            base = percentile_range(preflop_weights(seat, stats)).without(known)
            ranges.append(
                narrow_postflop(
                    base, view.board, seat.later_bets, seat.later_calls, stats.aggression()
                )
            )
        return ranges

    def _equity(self, view: PlayerView, opponents: list[Range]) -> float:
        if not opponents:
            return 1.0
        sims = self.params.sims_postflop if view.board else self.params.sims_preflop
        seed = self.rng.getrandbits(63)
        try:
            return equity(view.my_cards, opponents, view.board, sims=sims, seed=seed).equity
        except ValueError:
            # a range emptied by the known cards: treat those opponents as unknown
            fallback: list[Range | None] = [None] * len(opponents)
            return equity(view.my_cards, fallback, view.board, sims=sims, seed=seed).equity

    # ----------------------------------------------------------------- decide

    def decide(self, view: PlayerView) -> Action:
        """Update the opponent book, then decide by street."""
        self.book.update(view)
        read = read_hand(view)
        if not view.board:
            return self._preflop(view, read)
        return self._postflop(view, read)

    def _value_threshold(self, base: float, opponents: int) -> float:
        """Equity needed for value grows less than linearly harder with more opponents."""
        return float(base * (2.0 / (opponents + 1)) ** 0.6)

    def _preflop(self, view: PlayerView, read: HandRead) -> Action:
        legal = view.legal
        assert legal is not None
        params = self.params
        bb = view.big_blind
        me = view.me or 0
        pct = preflop_percentile(view.my_cards)
        group = position_group(me, len(view.seats))
        eff_bb = effective_stack(view) / bb
        facing = legal.current_bet + legal.call_amount
        entered = [
            p
            for p in opponents_in_hand(view)
            if read.seat(p).entry in ("raise", "reraise", "call", "limp")
        ]
        if read.first_round_raises == 0 and not entered:
            open_pct = dict(params.open_percent)[group]
            behind = [p for p in opponents_in_hand(view) if p > me or p < 2 <= me]
            folds = [self.book.of(view, p).fold_to_bet() for p in behind] or [0.5]
            open_pct *= 0.75 + 0.6 * (sum(folds) / len(folds))
            if eff_bb <= 12:
                open_pct *= 1.3
                return legal.all_in_action() if pct <= open_pct else check_or_fold(legal)
            if pct <= open_pct:
                size = (3.0 if group in ("sb", "bb") else 2.5) * bb
                return raise_action(legal, int(size))
            return check_or_fold(legal)
        ranges = self._ranges(view, read, entered) if entered else []
        eq = self._equity(view, ranges)
        n = max(1, len(entered))
        pot = view.total_pot
        call = legal.call_amount
        in_pos = group == "late" or (group == "bb" and read.first_round_raises == 0)
        real = params.realization_ip if in_pos else params.realization_oop
        if eff_bb > 40 and pct > 20:
            real *= 0.9  # dominated offsuit junk plays badly deep
        ev_call = eq * real * (pot + call) - call
        raise_thr = self._value_threshold(params.raise_equity_hu - 0.1, n)
        if legal.can_raise and eq >= raise_thr:
            if eff_bb <= 20 or facing >= 0.3 * effective_stack(view):
                return legal.all_in_action()
            mult = 3.0 if in_pos else 3.6
            return raise_action(legal, int(max(facing * mult, facing + pot)))
        if read.first_round_raises == 0:
            # only limpers: raise them, or see a cheap flop
            if pct <= dict(params.open_percent)[group] * 0.8 and legal.can_raise:
                return raise_action(legal, int((3 + len(entered)) * bb))
            return call_or_check(legal) if ev_call > 0 or legal.can_check else Action.fold()
        if call == 0:
            return Action.check()
        if call >= legal.stack:
            ev_call = eq * (pot + call) - call  # all-in: nothing left to realise badly
        if ev_call > 0:
            return Action.call()
        if (
            read.first_round_raises == 1
            and legal.can_raise
            and 12.0 <= pct <= 30.0
            and eff_bb > 40
            and self._bluff_allowed(view, entered, 0.3)
        ):
            self.bluffs += 1
            return raise_action(legal, int(facing * (3.0 if in_pos else 3.6)))
        return Action.fold()

    def _bluff_allowed(self, view: PlayerView, opponents: list[int], size: float) -> bool:
        """Whether a bluff now keeps bluffs within the ratio a bet of ``size`` x pot allows.

        The ratio b / (pot + 2b) is what makes a caller indifferent; the bot bluffs only
        while its bluffs are below that share of its bets, only into one or two opponents
        who have been seen folding, and then only part of the time (not predictable).
        """
        if not opponents or len(opponents) > 2:
            return False
        fold = min(self.book.of(view, p).fold_to_bet() for p in opponents)
        if fold < self.params.bluff_min_fold:
            return False
        ratio = size / (1.0 + 2.0 * size)
        total = self.value_bets + self.bluffs
        if self.bluffs + 1 > ratio * (total + 1):
            return False
        return self.rng.random() < 0.6

    def _postflop(self, view: PlayerView, read: HandRead) -> Action:
        legal = view.legal
        assert legal is not None
        params = self.params
        opponents = opponents_in_hand(view)
        ranges = self._ranges(view, read, opponents)
        eq = self._equity(view, ranges)
        n = len(opponents)
        pot = view.total_pot
        call = legal.call_amount
        texture = board_texture(view.board)
        river = len(view.board) == 5
        in_pos = in_position(view, opponents)
        real = 1.0 if river else (params.realization_ip if in_pos else params.realization_oop)
        eq_real = eq * real
        stack = legal.stack
        value_thr = self._value_threshold(params.value_equity_hu, n)
        raise_thr = self._value_threshold(params.raise_equity_hu, n)
        size = 0.45 + 0.3 * texture.wetness + (0.25 if eq > 0.8 else 0.0)
        if river and eq > 0.85:
            size = 0.9
        if call:
            needed = pot_odds(call, pot)
            if legal.can_raise and eq_real >= raise_thr and eq_real >= needed + 0.15:
                self.value_bets += 1
                target = legal.current_bet + call + int((pot + call) * min(size + 0.2, 1.0))
                if stack <= 1.2 * (pot + call) or target >= legal.max_raise_to * 0.6:
                    return legal.all_in_action()
                return raise_action(legal, target)
            if eq_real >= needed:
                return Action.call()
            if (
                legal.can_raise
                and not river
                and eq >= 0.2
                and stack > 2 * pot
                and self._bluff_allowed(view, opponents, 0.6)
            ):
                self.bluffs += 1
                return raise_action(legal, legal.current_bet + call + int(pot * 0.8))
            return Action.fold()
        if eq_real >= value_thr:
            self.value_bets += 1
            bet = int(pot * size)
            if stack <= bet * 1.5:
                return legal.all_in_action()
            return raise_action(legal, bet)
        bluff_cap = params.bluff_max_equity * (2.0 / (n + 1))
        if eq < bluff_cap and self._bluff_allowed(view, opponents, size):
            self.bluffs += 1
            return raise_action(legal, int(pot * size))
        return Action.check()
