"""A balanced Hold'em regular: standard ranges before the flop, minimum defence and
value-to-bluff ratios by bet size after it. The yardstick that does not over-fold.

It plays from its view alone, like any bot: its own cards, the board, the public history
and the legal actions. What makes it balanced is that it knows its **own** range: every
decision is a rule over all 1,326 combos (raise these, call those, fold the rest, some of
them with a probability), it plays its own hand by that rule, and keeps the share of each
combo that would have done what it did. After the flop each combo's strength is its
equity against the opponents' ranges (read from their actions, with standard frequencies
for the balanced regular and observed ones for the adaptive one), so:

* facing a bet of ``b`` into a pot ``p`` it goes on with the strongest ``p / (p + b)`` of
  its range (the minimum defence: a bluff of any size shows no automatic profit), and with
  anything the price alone pays for; it raises its best hands with bluffs from the best of
  what would fold (draws) in a fixed ratio;
* when it may bet it bets every hand that is ahead of the range that would call, and adds
  bluffs so that they make ``b / (p + 2b)`` of its river bets (what makes a call break
  even), more on earlier streets where bluffs have outs: air and draws, not the weak made
  hands that would rather check.

Before the flop: opening ranges by position (heads-up the button raises 80%), 3-bets
polarised (value plus suited hands from just below the calls), the big blind defending by
the price against the opener's range, continuing against 3-bets and 4-bets by the usual
shares. The adaptive regular is the same player with :class:`~holdem_tui.bots.reference.
exploits.Exploits` read from its opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.base import call_or_check, check_or_fold, raise_action
from holdem_tui.bots.holdem_common import board_texture, position_group
from holdem_tui.bots.holdem_ranges import ALL_COMBOS, COMBO_PERCENTILE
from holdem_tui.bots.range_model import (
    BoardValues,
    apply_spots,
    board_values,
    combo_index,
    current_spots,
    full_weights,
    percentile_band,
    street_start_range,
    top_share,
    weighted_quantile,
)
from holdem_tui.bots.reads import HandRead, opponents_in_hand, read_hand
from holdem_tui.bots.reference.exploits import NEUTRAL, Exploits
from holdem_tui.bots.tendencies import Tendencies
from holdem_tui.engine.actions import Action, LegalActions
from holdem_tui.engine.view import PlayerView

Array = npt.NDArray[np.float64]

_SUITED = np.array([(a & 3) == (b & 3) for a, b in ALL_COMBOS])
_PAIR = np.array([(a >> 2) == (b >> 2) for a, b in ALL_COMBOS])

#: first-in raising ranges (top x% of combos) by seats from the button (0 the button)
OPEN_BY_SEAT = (45.0, 27.0, 20.0, 16.0, 13.0, 12.0, 11.0)
OPEN_HEADS_UP = 80.0
OPEN_THREE_HANDED = 55.0
OPEN_SMALL_BLIND = 40.0
#: after the flop, the equity against the calling range a value bet needs, by street
VALUE_EQUITY = {"flop": 0.57, "turn": 0.58, "river": 0.55}
#: the equity against a betting range that raises it for value, by street
RAISE_EQUITY = {"flop": 0.72, "turn": 0.76, "river": 0.82}
#: bluffs in the betting range relative to the river's b / (p + 2b), by street
BLUFF_STREET = {"flop": 1.5, "turn": 1.2, "river": 1.0}
#: bluffs in a raising range, by street
RAISE_BLUFF_SHARE = {"flop": 0.3, "turn": 0.22, "river": 0.2}


def _sigmoid(x: Array) -> Array:
    out: Array = 1.0 / (1.0 + np.exp(-np.clip(x, -50.0, 50.0)))
    return out


def pick_share(score: Array, weights: Array, share: float, among: Array) -> Array:
    """Per-combo chance of being one of the ``share`` (of all ``weights``) best-scoring
    combos among the candidates ``among`` (0..1 each); a partial last step is mixed."""
    total = float(weights.sum())
    candidates = weights * among
    available = float(candidates.sum())
    if share <= 0.0 or total <= 0.0 or available <= 0.0:
        return np.zeros(len(score))
    if share * total >= available:
        return among.copy()
    want = share * total / available  # the top ``want`` of the candidates
    q = weighted_quantile(score, candidates)
    picked: Array = among * top_share(q, want)
    return picked


@cache
def standard_notes(players: int) -> Tendencies:
    """The frequencies a balanced regular assumes of an opponent it does not study: its
    own charts (opens, defends, 3-bets) and the usual rates after the flop."""
    notes = Tendencies()
    heads_up = players == 2

    def add(key: tuple[str, ...], rate: float, n: int = 200) -> None:
        hits = round(rate * n)
        for i in range(n):
            notes.add(key, i < hits)

    if heads_up:
        add(("open", "late"), OPEN_HEADS_UP / 100)
        add(("fold_open", "bb"), 0.3)
        add(("3bet_open", "bb"), 0.15)
    else:
        for group, rate in (("early", 0.13), ("middle", 0.18), ("late", 0.36), ("sb", 0.4)):
            add(("open", group), rate)
        for group, rate in (("middle", 0.9), ("late", 0.85), ("sb", 0.88), ("bb", 0.6)):
            add(("fold_open", group), rate)
            add(("3bet_open", group), 0.07 if group != "bb" else 0.1)
    add(("fold_3bet",), 0.45)
    add(("4bet_3bet",), 0.1)
    add(("fold_4bet",), 0.5)
    return notes


def seats_from_button(position: int, players: int) -> int:
    """0 for the button, 1 the cutoff ... (the blinds are further than everyone)."""
    if players == 2:
        return 0 if position == 1 else players
    return players - 1 - position if position >= 2 else players + position


def open_range(position: int, players: int, exploits: Exploits) -> float:
    """The first-in raising range of a seat, in percent of combos."""
    if players == 2:
        pct = OPEN_HEADS_UP if position == 1 else 0.0
    elif position == 0:
        pct = OPEN_SMALL_BLIND
    elif players == 3:
        pct = OPEN_THREE_HANDED
    else:
        seat = seats_from_button(position, players)
        pct = OPEN_BY_SEAT[min(seat, len(OPEN_BY_SEAT) - 1)]
    return float(min(100.0, pct * exploits.open_wider))


@dataclass(slots=True)
class _HandState:
    """What the regular keeps through one hand: its own range (weights over all combos)
    and the cached run-out values and opponents' start-of-street ranges."""

    key: tuple[int, tuple[str, ...]]
    mine: Array
    board: tuple[int, ...] = ()
    values: BoardValues | None = None
    starts: dict[int, Array] = field(default_factory=dict)


class HoldemRegular:
    """The Hold'em play of a reference regular; ``exploits_for`` gives the knobs against
    an opponent (neutral for the balanced one) and ``notes_for`` the frequencies it reads
    that opponent's actions with."""

    def __init__(
        self,
        rng: random.Random,
        exploits_for: Callable[[PlayerView, int], Exploits] | None = None,
        notes_for: Callable[[PlayerView, int], Tendencies] | None = None,
    ) -> None:
        self.rng = rng
        self.exploits_for = exploits_for or (lambda view, player: NEUTRAL)
        self.notes_for = notes_for or (lambda view, player: standard_notes(len(view.seats)))
        self._state: _HandState | None = None

    # ------------------------------------------------------------------ plumbing

    def _hand(self, view: PlayerView) -> _HandState:
        key = (view.hand_number, tuple(s.name for s in view.seats))
        if self._state is None or self._state.key != key:
            self._state = _HandState(key, np.ones(len(ALL_COMBOS)))
        return self._state

    def _play(self, probabilities: dict[str, Array], actions: dict[str, Action]) -> Action:
        """Play my own combo by the rule (a chance per action for every combo) and keep,
        in my range, each combo's chance of having done the same."""
        view_state = self._state
        assert view_state is not None
        mine = self._my_index
        names = list(probabilities)
        chances = np.array([float(probabilities[n][mine]) for n in names])
        total = float(chances.sum())
        pick = names[-1]
        if total > 0:
            roll = self.rng.random() * total
            for name, chance in zip(names, chances, strict=True):
                if roll < chance:
                    pick = name
                    break
                roll -= chance
        view_state.mine = view_state.mine * probabilities[pick]
        if float(view_state.mine.sum()) <= 1e-9:
            view_state.mine = probabilities[pick].copy() + 1e-6
        return actions[pick]

    def decide(self, view: PlayerView) -> Action:
        """Play the decision: the preflop charts, or the range rules after the flop."""
        legal = view.legal
        assert legal is not None
        self._hand(view)
        self._my_index = combo_index(view.my_cards)
        read = read_hand(view)
        if not view.board:
            return self._preflop(view, legal, read)
        return self._postflop(view, legal, read)

    # ------------------------------------------------------------------ preflop

    def _preflop(self, view: PlayerView, legal: LegalActions, read: HandRead) -> Action:
        me = view.me or 0
        players = len(view.seats)
        bb = view.big_blind
        pct = COMBO_PERCENTILE
        raises = read.first_round_raises
        facing = legal.current_bet + legal.call_amount
        stack_total = legal.stack + legal.current_bet
        opponents = opponents_in_hand(view)
        raisers = [p for p in opponents if read.seat(p).last_raise]
        main = raisers[-1] if raisers else (opponents[0] if opponents else me)
        knobs = self.exploits_for(view, main)
        none = np.zeros(len(pct))
        if raises == 0:
            if legal.can_check:  # the big blind in a limped pot
                top = percentile_band(0.0, 12.0 * knobs.threebet_value)
                to = int((3 + read.limpers) * bb)
                return self._play(
                    {"raise": top, "check": 1.0 - top},
                    {"raise": raise_action(legal, to), "check": Action.check()},
                )
            width = open_range(me, players, knobs)
            if read.limpers:
                width *= 0.6
            band = percentile_band(0.0, width)
            size = 3.0 if players > 2 and me == 0 else 2.5
            to = int((size + read.limpers) * bb)
            return self._play(
                {"raise": band, "fold": 1.0 - band},
                {"raise": raise_action(legal, to), "fold": check_or_fold(legal)},
            )
        if facing >= 0.45 * stack_total or legal.call_amount >= legal.stack:
            # a shove or near it: call with what the price and the shover's range allow
            need = legal.call_amount / max(1, view.total_pot + legal.call_amount)
            stretch = float(np.clip(0.35 / max(need, 0.05), 0.7, 2.5)) * knobs.continue_4bet
            band = percentile_band(0.0, (3.0 if raises >= 3 else 6.0) * stretch)
            return self._play(
                {"call": band, "fold": 1.0 - band},
                {"call": legal.all_in_action(), "fold": check_or_fold(legal)},
            )
        mine = read.seat(me)
        if raises == 1:
            return self._meet_open(view, legal, read, main, knobs)
        if raises == 2 and mine.last_raise == "raise":
            return self._meet_3bet(view, legal, main, knobs)
        # facing a 4-bet or more (or a 3-bet after I only called): about half of a 3-bet
        # range goes on (the minimum defence against a 4-bet), the best half all in
        opened = 100.0 * self.notes_for(view, main).rate(("open", position_group(main, players)))
        cont = max(4.2, 0.9 * max(2.5, 0.1 * opened)) * knobs.continue_4bet
        jam = percentile_band(0.0, max(2.6, 0.6 * cont))
        call = np.clip(percentile_band(0.0, cont) - jam, 0.0, 1.0)
        if mine.last_raise == "" or raises >= 4:
            call, jam = call + jam, none
        return self._play(
            {"raise": jam, "call": call, "fold": np.clip(1.0 - jam - call, 0.0, 1.0)},
            {
                "raise": legal.all_in_action(),
                "call": Action.call(),
                "fold": check_or_fold(legal),
            },
        )

    def _meet_open(
        self,
        view: PlayerView,
        legal: LegalActions,
        read: HandRead,
        opener: int,
        knobs: Exploits,
    ) -> Action:
        """Facing one raise: 3-bet (value and suited bluffs), call, or fold."""
        me = view.me or 0
        players = len(view.seats)
        pct = COMBO_PERCENTILE
        callers = [p for p in opponents_in_hand(view) if read.seat(p).entry == "call"]
        notes = self.notes_for(view, opener)
        group_rate = notes.rate(("open", position_group(opener, players)))
        if read.seat(opener).entry == "limp" or read.limpers:
            group_rate = max(group_rate, 0.3)
        width = 100.0 * group_rate
        facing = legal.current_bet + legal.call_amount
        pot = view.total_pot
        need = legal.call_amount / max(1, pot + legal.call_amount)
        big_blind = me == 1 or (players == 2 and me == 0)
        small_blind = players > 2 and me == 0
        value = max(2.5, 0.1 * width) * knobs.threebet_value
        if small_blind:
            value *= 1.25
        if callers:
            value = max(2.2, value * 0.7)
        if big_blind:
            defend = min(85.0, 18.0 + 0.75 * width) * (0.28 / max(need, 0.1)) ** 0.8
            defend = float(np.clip(defend * knobs.defend, value + 2.0, 88.0))
        elif small_blind:
            defend = value + 0.5 * width * 0.25 * knobs.defend
        else:
            defend = value + width * (0.3 if me > opener else 0.2) * knobs.defend
        if callers:
            defend = value + (defend - value) * 0.8
        value_band = percentile_band(0.0, value)
        calls = np.clip(percentile_band(0.0, defend) - value_band, 0.0, 1.0)
        if small_blind and not callers:
            calls = calls * _PAIR  # the small blind flats only pairs, and 3-bets the rest
        bluffs = np.zeros(len(pct))
        if not callers:
            # polarised: the light 3-bets are suited hands from the lower half of the
            # calls (they play well when called, and block nothing the value range needs)
            want = value * 0.8 * knobs.threebet_bluffs / 100.0
            light = _SUITED * percentile_band(value + 0.5 * (defend - value), defend + 8.0)
            bluffs = pick_share(-pct, np.ones(len(pct)), want, light)
        three = np.clip(value_band + bluffs, 0.0, 1.0)
        calls = np.clip(calls, 0.0, 1.0 - three)
        in_position = me > opener and not (players == 2 and me == 0)
        mult = 3.0 if in_position else (3.6 if players == 2 else 4.0)
        to = int(facing * mult + legal.call_amount * len(callers))
        return self._play(
            {"raise": three, "call": calls, "fold": np.clip(1.0 - three - calls, 0.0, 1.0)},
            {
                "raise": self._sized_raise(legal, to),
                "call": Action.call(),
                "fold": check_or_fold(legal),
            },
        )

    def _meet_3bet(
        self, view: PlayerView, legal: LegalActions, three_bettor: int, knobs: Exploits
    ) -> Action:
        """My open met a 3-bet: 4-bet (value and suited bluffs), call, or fold."""
        me = view.me or 0
        players = len(view.seats)
        pct = COMBO_PERCENTILE
        width = open_range(me, players, NEUTRAL)
        in_position = me > three_bettor and not (players == 2 and me == 0)
        share = (0.55 if in_position else 0.45) * knobs.continue_3bet
        cont = float(np.clip(width * share, 2.5, width))
        value = max(2.2, min(4.0, 0.05 * width + 0.5))
        value_band = percentile_band(0.0, value)
        calls = np.clip(percentile_band(0.0, cont) - value_band, 0.0, 1.0)
        want = value * 0.6 * knobs.fourbet_bluffs / 100.0
        light = _SUITED * percentile_band(0.6 * cont, width)
        bluffs = pick_share(-pct, np.ones(len(pct)), want, light)
        four = np.clip(value_band + bluffs, 0.0, 1.0)
        calls = np.clip(calls, 0.0, 1.0 - four)
        facing = legal.current_bet + legal.call_amount
        to = int(facing * (2.3 if in_position else 2.6))
        return self._play(
            {"raise": four, "call": calls, "fold": np.clip(1.0 - four - calls, 0.0, 1.0)},
            {
                "raise": self._sized_raise(legal, to),
                "call": Action.call(),
                "fold": check_or_fold(legal),
            },
        )

    @staticmethod
    def _sized_raise(legal: LegalActions, to: int) -> Action:
        """A raise to ``to``, or all in once that would be most of the stack."""
        if to >= 0.45 * legal.all_in_amount:
            return legal.all_in_action()
        return raise_action(legal, to)

    # ------------------------------------------------------------------ after the flop

    def _opponent_weights(self, view: PlayerView, opponent: int, values: BoardValues) -> Array:
        """The opponent's range now (over all combos): from the start of the street, then
        its actions on this street, ranked by its equity against my range."""
        state = self._state
        assert state is not None
        notes = self.notes_for(view, opponent)
        start = state.starts.get(opponent)
        if start is None:
            found = street_start_range(view, opponent, notes, self.rng.getrandbits(63))
            start = state.starts[opponent] = full_weights(found) * values.live
        spots = current_spots(view, opponent)
        if not spots:
            return start
        strength = weighted_quantile(values.equity(state.mine), start)
        weights, _ = apply_spots(start, strength, spots, notes, view.street.value)
        return weights

    def _postflop(self, view: PlayerView, legal: LegalActions, read: HandRead) -> Action:
        state = self._state
        assert state is not None
        board = tuple(view.board)
        if state.board != board or state.values is None:
            seed = self.rng.getrandbits(63)
            state.values = board_values(board, view.my_cards, np.random.default_rng(seed))
            state.board = board
            state.starts = {}
            state.mine = state.mine * state.values.live
        values = state.values
        mine = state.mine
        opponents = opponents_in_hand(view)
        blocked = _without(view.my_cards)
        ranges = {p: self._opponent_weights(view, p, values) * blocked for p in opponents}
        strength = np.ones(len(mine))
        for weights in ranges.values():
            strength = strength * values.equity(weights)
        street = view.street.value
        bettor = read.last_aggressor
        main = bettor if bettor in ranges else opponents[0]
        knobs = self.exploits_for(view, main)
        if legal.call_amount == 0:
            return self._bet_or_check(view, legal, read, strength, ranges, knobs)
        # facing a bet or raise
        call, pot = legal.call_amount, view.total_pot
        before = max(1, pot - call)
        behind = [p for p in opponents if p != bettor and not view.seats[p].all_in]
        to_act = 1 + sum(1 for p in behind if read.seat(p).street_calls == 0)
        fold_all = call / (before + call)
        defend = 1.0 - fold_all ** (1.0 / to_act)
        raised = read.street_raises >= 2
        if street == "flop" and bettor == read.previous_aggressor and not raised:
            defend += knobs.defend_cbet
        elif street != "flop":
            defend += knobs.call_down
        defend = float(np.clip(defend, 0.05, 0.95))
        q = weighted_quantile(strength, mine)
        need = call / (pot + call)
        priced = _sigmoid((strength - need - 0.03) / 0.015)
        cont = np.maximum(top_share(q, defend), priced)
        raise_at = RAISE_EQUITY[street] + (0.08 if raised else 0.0) + 0.05 * (len(opponents) - 1)
        value = _sigmoid((strength - raise_at) / 0.02) * cont
        bluffs = np.zeros(len(mine))
        if not raised and len(opponents) == 1 and legal.can_raise:
            share = RAISE_BLUFF_SHARE[street] * knobs.raise_bluffs
            weight = float((mine * value).sum()) / max(1e-9, float(mine.sum()))
            want = weight * share / (1.0 - share)
            folding = 1.0 - cont
            score = -strength if street == "river" else strength
            bluffs = pick_share(score, mine, want, folding)
        raising = np.clip(value + bluffs, 0.0, 1.0) if legal.can_raise else np.zeros(len(mine))
        calling = np.clip(cont - raising, 0.0, 1.0)
        folding = np.clip(1.0 - raising - calling, 0.0, 1.0)
        facing = legal.current_bet + call
        to = facing + int((pot + call) * 0.8)
        return self._play(
            {"raise": raising, "call": calling, "fold": folding},
            {
                "raise": self._sized_raise(legal, to),
                "call": Action.call(),
                "fold": Action.fold(),
            },
        )

    def _bet_or_check(
        self,
        view: PlayerView,
        legal: LegalActions,
        read: HandRead,
        strength: Array,
        ranges: dict[int, Array],
        knobs: Exploits,
    ) -> Action:
        """Bet value that is ahead of the calling range, plus bluffs in the size's ratio."""
        state = self._state
        assert state is not None and state.values is not None
        me = view.me or 0
        mine = state.mine
        street = view.street.value
        texture = board_texture(view.board)
        aggressor = read.previous_aggressor == me
        if street == "flop":
            size = (0.66 if texture.wet else 0.33) if aggressor else 0.5
        else:
            size = 0.66 if street == "turn" else 0.75
        heads_up = len(ranges) == 1
        if heads_up and legal.can_raise:
            ((_, theirs),) = ranges.items()
            their_strength = weighted_quantile(state.values.equity(mine), theirs)
            callers = theirs * top_share(their_strength, 1.0 / (1.0 + size))
            against_callers = state.values.equity(callers * _without(view.my_cards))
            threshold = VALUE_EQUITY[street] + knobs.value
        else:
            against_callers = strength
            threshold = VALUE_EQUITY[street] + 0.1 + knobs.value
        value = _sigmoid((against_callers - threshold) / 0.02)
        if street == "flop":
            value = value * (1.0 - 0.12 * top_share(weighted_quantile(strength, mine), 0.08))
        bluffs = np.zeros(len(mine))
        if legal.can_raise:
            river_share = size / (1.0 + 2.0 * size)
            share = min(0.45, river_share * BLUFF_STREET[street])
            share *= knobs.cbet_bluffs if (street == "flop" and aggressor) else knobs.bluffs
            if not heads_up:
                share *= 0.3
            share = min(0.6, share)
            weight = float((mine * value).sum()) / max(1e-9, float(mine.sum()))
            want = weight * share / (1.0 - share)
            # the river's bluffs are the weakest hands (they cannot win a showdown); the
            # earlier ones air and draws, whose equity holds up against the callers, not
            # the weak made hands, which lose most of theirs when called
            score = -strength if street == "river" else against_callers / np.maximum(strength, 0.05)
            bluffs = pick_share(score, mine, want, 1.0 - value)
        betting = np.clip(value + bluffs, 0.0, 1.0) if legal.can_raise else np.zeros(len(mine))
        to = legal.current_bet + int(view.total_pot * size)
        return self._play(
            {"bet": betting, "check": 1.0 - betting},
            {"bet": self._sized_raise(legal, to), "check": call_or_check(legal)},
        )


def _without(cards: tuple[int, ...]) -> Array:
    """1 for every combo holding none of ``cards``."""
    held = np.isin(ALL_COMBOS, np.array(cards, dtype=np.int8)).any(axis=1)
    out: Array = (~held).astype(float)
    return out
