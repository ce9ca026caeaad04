"""A balanced Five-Card Draw regular: opening ranges by seat, minimum defence and bluffs in
the size's ratio after the draw. The draw half of the reference regulars.

Like the Hold'em regular it plays its own hand by a rule over a whole range and keeps its
own range: here a pool of possible hands dealt from the cards it cannot see
(:func:`~holdem_tui.bots.draw_montecarlo.build_pool`), each drawn by the book. Before the
draw a hand's strength is its class (a made hand by its pair, a four-flush or open straight
as a small pair); after it, its final value. Opponents get the same pool weighted by their
public story: how they bet before the draw, how many cards they took, how they bet since.

* Before the draw: bet first in with the top of the hands for the seat, raise an opener
  with the top of its range and some draws, call with what the price allows, cap with
  the best.
* After the draw, facing a bet of ``b`` into ``p``: go on with the strongest
  ``p / (p + b)`` of its own range (nothing it holds is an automatic fold to a bluff) and
  with whatever the price pays for; raise the hands that beat the betting range.
* After the draw, free to bet: bet what beats the range that would call, and bluff with its
  weakest hands at ``b / (p + 2b)`` of its bets. A bluff raise before the draw stands pat
  (snowing) and bets again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.base import call_or_check, check_or_fold, raise_action
from holdem_tui.bots.draw_common import best_discards, describe
from holdem_tui.bots.draw_montecarlo import (
    DrawPool,
    build_pool,
    classify,
    drawn_story,
)
from holdem_tui.bots.draw_ranges import band, percentile_before
from holdem_tui.bots.range_model import top_share, weighted_quantile
from holdem_tui.bots.reads import HandRead, opponents_in_hand, read_hand
from holdem_tui.bots.reference.exploits import NEUTRAL, Exploits
from holdem_tui.engine.actions import Action, LegalActions
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.events import CardsDrawn, Street
from holdem_tui.engine.view import PlayerView

Array = npt.NDArray[np.float64]

#: first-in betting ranges (top x% of hands) by seats from the button (0 the button)
OPEN_BY_SEAT = (45.0, 32.0, 24.0, 18.0, 15.0)
OPEN_HEADS_UP_FIRST = 45.0  # the seat that acts first heads-up
POOL = 2500
#: after the draw: the equity a value bet needs against the calling range, a raise against
#: the betting range
VALUE_EQUITY = 0.56
RAISE_EQUITY = 0.75


def seats_from_button(position: int, players: int) -> int:
    """0 for the button (the last seat), 1 the seat before it ..."""
    return players - 1 - position


def open_width(position: int, players: int, exploits: Exploits) -> float:
    """The first-in betting range of a seat, percent of hands."""
    if players == 2:
        pct = OPEN_HEADS_UP_FIRST if position == 0 else OPEN_BY_SEAT[0] + 10.0
    else:
        pct = OPEN_BY_SEAT[min(seats_from_button(position, players), len(OPEN_BY_SEAT) - 1)]
    return float(min(100.0, pct * exploits.open_wider))


@dataclass(slots=True)
class _DrawHand:
    """One hand's pool and the ranges kept on it."""

    key: tuple[int, tuple[str, ...]]
    pool: DrawPool | None = None
    pct: Array | None = None
    mine: Array | None = None
    snowing: bool = False
    #: my first-round rule so far (a chance per pool hand), applied once the pool exists
    before: Array | None = None


class DrawRegular:
    """The draw play of a reference regular (``exploits_for`` as in Hold'em)."""

    def __init__(
        self,
        rng: random.Random,
        exploits_for: Callable[[PlayerView, int], Exploits] | None = None,
        open_rate_for: Callable[[PlayerView, int], float | None] | None = None,
    ) -> None:
        self.rng = rng
        self.exploits_for = exploits_for or (lambda view, player: NEUTRAL)
        self.open_rate_for = open_rate_for or (lambda view, player: None)
        self._hand: _DrawHand | None = None
        self._first: list[tuple[str, float, float]] = []

    def _state(self, view: PlayerView) -> _DrawHand:
        key = (view.hand_number, tuple(s.name for s in view.seats))
        if self._hand is None or self._hand.key != key:
            self._hand = _DrawHand(key)
            self._first = []
        return self._hand

    def decide(self, view: PlayerView) -> Action:
        """Play the betting round or the draw."""
        legal = view.legal
        assert legal is not None
        state = self._state(view)
        read = read_hand(view)
        if legal.can_draw:
            if state.snowing:
                return Action.draw(())
            return Action.draw(best_discards(view.my_cards)[: legal.max_discards])
        if view.street is Street.PREDRAW:
            return self._before(view, legal, read, state)
        return self._after(view, legal, read, state)

    # ------------------------------------------------------------------ before the draw

    def _before(
        self, view: PlayerView, legal: LegalActions, read: HandRead, state: _DrawHand
    ) -> Action:
        me = view.me or 0
        players = len(view.seats)
        mine = classify(np.array([list(view.my_cards)], dtype=np.int64))
        pct = float(percentile_before(mine)[0])
        raises = read.first_round_raises
        opponents = opponents_in_hand(view)
        raisers = [p for p in opponents if read.seat(p).last_raise]
        main = raisers[-1] if raisers else (opponents[0] if opponents else me)
        knobs = self.exploits_for(view, main)
        info = describe(view.my_cards)
        air = info.category == Category.HIGH_CARD and not info.flush_draw
        call, pot = legal.call_amount, view.total_pot
        if raises == 0:
            width = open_width(me, players, knobs)
            strong = pct <= width
            bluff = air and self.rng.random() < 0.06 * knobs.bluffs
            if (strong or bluff) and legal.can_raise:
                self._first.append(("band", 0.0, width))
                state.snowing = bluff and not strong and len(opponents) == 1
                return raise_action(legal, legal.max_raise_to)
            self._first.append(("below", width, 100.0))
            return call_or_check(legal) if call == 0 else check_or_fold(legal)
        opener_rate = self.open_rate_for(view, main)
        if opener_rate is not None:
            width = 100.0 * opener_rate
        else:
            width = open_width(main, players, NEUTRAL)
        mine_raised = read.seat(me).last_raise != ""
        need = call / max(1, pot + call)
        if raises == 1:
            value = max(8.0, 0.35 * width) * knobs.threebet_value
            defend = min(90.0, width * (0.75 + 1.2 * (0.33 - need)) + 12.0) * knobs.defend
            defend = max(defend, value + 3.0)
        else:
            own = width if not mine_raised else open_width(me, players, NEUTRAL)
            value = max(3.0, 0.12 * own) * (knobs.continue_4bet if mine_raised else 1.0)
            share = 0.6 * knobs.continue_3bet
            defend = max(value + 2.0, own * share * (0.3 / max(need, 0.15)) ** 0.5)
            if raises >= 3:
                value *= 0.6
        drawish = bool(info.flush_draw) or (bool(info.straight_draw) and info.open_ended)
        if pct <= value and legal.can_raise:
            self._first.append(("band", 0.0, value))
            return raise_action(legal, legal.max_raise_to)
        light = 0.35 * knobs.threebet_bluffs if raises == 1 else 0.1 * knobs.fourbet_bluffs
        if drawish and legal.can_raise and self.rng.random() < light:
            self._first.append(("band", 0.0, defend))
            return raise_action(legal, legal.max_raise_to)
        if pct <= defend or (drawish and need < 0.3):
            self._first.append(("band", value * 0.5, defend))
            return call_or_check(legal)
        return check_or_fold(legal)

    # ------------------------------------------------------------------ after the draw

    def _pool(self, view: PlayerView, state: _DrawHand) -> tuple[DrawPool, Array, Array]:
        """This hand's pool, the pool hands' places before the draw, and my range on it."""
        if state.pool is None or state.pct is None or state.mine is None:
            dead: list[int] = [int(c) for c in view.my_cards]
            for event in view.history:
                if isinstance(event, CardsDrawn) and event.player == view.me and event.discarded:
                    dead.extend(int(c) for c in event.discarded)
            seed = self.rng.getrandbits(63)
            state.pool = build_pool(dead, POOL, np.random.default_rng(seed))
            state.pct = percentile_before(state.pool.before)
            mine = np.ones(POOL)
            for kind, low, high in self._first:
                below = 1.0 - band(state.pct, 0.0, low)
                mine = mine * (band(state.pct, low, high) if kind == "band" else below)
            drawn = view.seats[view.me or 0].drawn
            if drawn is not None:
                mine = drawn_story(state.pool, mine, drawn)
            state.mine = mine + 1e-9
        return state.pool, state.pct, state.mine

    def _their_range(
        self, view: PlayerView, read: HandRead, player: int, pool: DrawPool, pct: Array
    ) -> Array:
        """An opponent's range on the pool from its story."""
        players = len(view.seats)
        seat = read.seat(player)
        rate = self.open_rate_for(view, player)
        width = 100.0 * rate if rate is not None else open_width(player, players, NEUTRAL)
        action = seat.last_raise or seat.entry
        if action == "raise":
            weights = band(pct, 0.0, width) + 0.04
        elif action == "reraise":
            weights = band(pct, 0.0, max(6.0, 0.35 * width)) + 0.04
        elif action == "call":
            weights = band(pct, 0.0, min(95.0, width * 1.4 + 10.0)) * (0.3 + 0.7 * (pct > 6.0))
        else:
            weights = np.ones(len(pct))
        drawn = view.seats[player].drawn
        if drawn is not None:
            weights = drawn_story(pool, weights, drawn)
        value = pool.after.value.astype(np.float64)
        strength = weighted_quantile(value, weights)
        bets = seat.street_bets
        if bets:
            share = 0.45 if bets == 1 else 0.25
            weights = weights * top_share(strength, share, 0.15 if bets == 1 else 0.06)
        elif seat.street_checks:
            weights = weights * (1.0 - 0.85 * top_share(strength, 0.4))
        return weights

    def _after(
        self, view: PlayerView, legal: LegalActions, read: HandRead, state: _DrawHand
    ) -> Action:
        pool, pct, mine = self._pool(view, state)
        opponents = opponents_in_hand(view)
        values = pool.after.value.astype(np.float64)
        my_value = float(classify(np.array([list(view.my_cards)], dtype=np.int64)).value[0])
        theirs = {p: self._their_range(view, read, p, pool, pct) for p in opponents}
        main = read.last_aggressor if read.last_aggressor in theirs else opponents[0]
        knobs = self.exploits_for(view, main)

        def equity(of: Array, against: Array) -> Array:
            order = np.argsort(values)
            sorted_values = values[order]
            cum = np.concatenate([[0.0], np.cumsum(against[order])])
            total = cum[-1]
            low = cum[np.searchsorted(sorted_values, of, side="left")]
            high = cum[np.searchsorted(sorted_values, of, side="right")]
            out: Array = (low + 0.5 * (high - low)) / max(total, 1e-9)
            return out

        def versus(of: Array) -> Array:
            share = np.ones(len(of))
            for weights in theirs.values():
                share = share * equity(of, weights)
            return share

        strength = versus(values)
        me_now = float(versus(np.array([my_value]))[0])
        call, pot = legal.call_amount, view.total_pot
        if call == 0:
            size = legal.max_raise_to - legal.current_bet if legal.can_raise else 0
            heads_up = len(theirs) == 1
            if heads_up and size:
                weights = next(iter(theirs.values()))
                their_q = weighted_quantile(equity(values, mine), weights)
                callers = weights * top_share(their_q, pot / (pot + size))
                vs_callers = equity(values, callers)
                mine_vs = float(equity(np.array([my_value]), callers)[0])
            else:
                vs_callers, mine_vs = strength, me_now
            threshold = VALUE_EQUITY + knobs.value + (0.0 if heads_up else 0.1)
            value_set = _sigmoid((vs_callers - threshold) / 0.02)
            ratio = size / (pot + 2.0 * size) if size else 0.0
            ratio *= knobs.bluffs * (1.0 if heads_up else 0.3)
            ratio = min(0.5, ratio)
            weight = float((mine * value_set).sum() / mine.sum())
            want = weight * ratio / (1.0 - ratio)
            # bluffs: the weakest hands, as many as the ratio wants
            order = np.argsort(strength, kind="stable")
            spare = np.cumsum((mine * (1.0 - value_set))[order]) / float(mine.sum())
            cut = int(np.searchsorted(spare, want))
            worst = float(strength[order][cut]) if want > 0 and cut < len(order) else -1.0
            bluff_set = (strength <= worst) * (1.0 - value_set)
            my_value_bet = float(_sigmoid(np.array([(mine_vs - threshold) / 0.02]))[0])
            bet = self.rng.random() < my_value_bet or me_now <= worst
            if state.snowing and heads_up:
                bet = True
            bet = bet and size > 0
            kept = (value_set + bluff_set) if bet else (1.0 - value_set - bluff_set)
            state.mine = np.clip(mine * kept, 0.0, None) + 1e-9
            return raise_action(legal, legal.max_raise_to) if bet else Action.check()
        before = max(1, pot - call)
        to_act = 1 + sum(1 for p in opponents if p != main and read.seat(p).street_calls == 0)
        defend = 1.0 - (call / (before + call)) ** (1.0 / to_act)
        defend = float(np.clip(defend + knobs.call_down, 0.05, 0.97))
        q = weighted_quantile(strength, mine)
        need = call / (pot + call)
        my_q = float(weighted_quantile(np.append(strength, me_now), np.append(mine, 0))[-1])
        cont = np.maximum(top_share(q, defend), _sigmoid((strength - need - 0.02) / 0.015))
        my_cont = max(
            float(top_share(np.array([my_q]), defend)[0]),
            float(_sigmoid(np.array([(me_now - need - 0.02) / 0.015]))[0]),
        )
        raise_at = RAISE_EQUITY + 0.1 * (read.street_raises - 1)
        raising = _sigmoid((strength - raise_at) / 0.02) * cont
        my_raise = float(_sigmoid(np.array([(me_now - raise_at) / 0.02]))[0]) * my_cont
        roll = self.rng.random()
        if roll < my_raise and legal.can_raise:
            state.mine = mine * raising + 1e-9
            return raise_action(legal, legal.max_raise_to)
        if roll < my_cont:
            state.mine = mine * np.clip(cont - raising, 0.0, 1.0) + 1e-9
            return Action.call()
        return check_or_fold(legal)


def _sigmoid(x: Array) -> Array:
    out: Array = 1.0 / (1.0 + np.exp(-np.clip(x, -50.0, 50.0)))
    return out
