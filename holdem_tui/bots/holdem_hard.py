"""Hard Hold'em: reads each opponent from the public history and plays for expected value.

Its opponent book (:class:`~holdem_tui.bots.reads.OpponentBook`) keeps, per opponent and
within the session, how often they open, fold to an open, 3-bet, fold to a 3-bet, bet
when they may, and fold or raise to a bet of each size on each street (with priors, so
early hands are sane). What it does with that depends on how many are left:

* **One opponent** (a heads-up table, or any pot down to two): the expected-value pieces
  of :mod:`holdem_tui.bots.holdem_heads_up` (open, defend, meet a 3-bet or 4-bet, bet or
  check, face a bet), against the opponent's range tracked action by action
  (:mod:`holdem_tui.bots.range_model`).
* **First in late at a bigger table** (cutoff, button, small blind): the same open piece,
  with the fold, flat and 3-bet rates of everyone behind.
* **Otherwise** (several opponents): the multiway rules below. It builds a range for
  every live opponent from their public actions (:mod:`holdem_ranges`), estimates its
  share of the pot with the engine's numpy Monte Carlo and compares calling, betting and
  raising against the pot odds. Before the flop it plays opening charts by position;
  after it, bets by role (value, protection, bluff) with a bluff budget, c-bets by board
  texture, and calls by equity against the bettors' ranges.

Push-or-fold takes over when stacks are short. Every decision is a
:class:`~holdem_tui.engine.decision.Decision` whose reason states the numbers that made it
(the expected value a piece found, the equity against the ranges read and the price, the
fold rate a bet counted on, the stack depth of a push). All randomness comes from the
bot's seeded generator, so a seed replays every decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from holdem_tui.bots.base import Policy, check_or_fold, raise_action
from holdem_tui.bots.choice import Choice
from holdem_tui.bots.explain import because
from holdem_tui.bots.holdem_common import (
    board_texture,
    playability,
    position_group,
    pot_odds,
    preflop_percentile,
)
from holdem_tui.bots.holdem_heads_up import HeadsUpParams, HeadsUpPlay
from holdem_tui.bots.holdem_normal import HoldemNormal
from holdem_tui.bots.holdem_ranges import (
    calling_range,
    narrow_postflop,
    percentile_range,
    preflop_weights,
)
from holdem_tui.bots.reads import (
    HandRead,
    OpponentBook,
    PlayerStats,
    effective_stack,
    in_position,
    opponents_in_hand,
    read_hand,
)
from holdem_tui.bots.tournament_play import short_stack, survive
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.equity import equity
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class HardParams:
    """The hard level's tuning knobs in one place (the simulator measured these)."""

    sims_preflop: int = 1000
    sims_postflop: int = 1500
    #: first-in raising ranges (top x% of combos) with four or more players dealt in
    open_percent: tuple[tuple[str, float], ...] = (
        ("early", 13.0),
        ("middle", 19.0),
        ("late", 34.0),
        ("sb", 30.0),
        ("bb", 45.0),
    )
    #: heads-up: the button raises this much first in
    open_percent_hu: float = 72.0
    #: three-handed: the button and the small blind
    open_percent_3h: tuple[tuple[str, float], ...] = (("late", 50.0), ("sb", 42.0), ("bb", 30.0))
    value_equity_hu: float = 0.6
    raise_equity_hu: float = 0.72
    realization_oop: float = 0.88
    realization_ip: float = 0.97
    bluff_max_equity: float = 0.35
    bluff_min_fold: float = 0.3
    #: the widest steals at a bigger table: by seats from the button, and the small blind
    steal_caps: tuple[float, ...] = (55.0, 33.0, 24.0, 18.0)
    steal_cap_sb: float = 45.0


def steal_cap(params: HardParams, position: int, players: int) -> float:
    """The widest range (top x% of combos) a seat at a bigger table steals with, however
    often the players behind fold: solid blinds that defend by the price make the
    worst hands lose after the flop, out of position or against a caller behind."""
    if position == 0:
        return params.steal_cap_sb
    from_button = players - 1 - position
    caps = params.steal_caps
    return caps[min(from_button, len(caps) - 1)]


def open_percent(params: HardParams, group: str, players: int) -> float:
    """The first-in raising range for a seat, by the number of players dealt in.

    Heads-up and three-handed the blinds come round so often that waiting for a hand
    loses them; the charts widen accordingly (a heads-up button raises about 70%).
    """
    if players == 2:
        return params.open_percent_hu if group == "late" else dict(params.open_percent)["bb"]
    if players == 3:
        return dict(params.open_percent_3h)[group]
    return dict(params.open_percent)[group]


class HoldemHard(Policy):
    """The hard level's Hold'em policy; remembers opponents across hands in ``book``."""

    def __init__(
        self,
        rng: random.Random,
        params: HardParams | None = None,
        heads_up: HeadsUpParams | None = None,
    ) -> None:
        super().__init__(rng)
        self.params = params or HardParams()
        self.book = OpponentBook()
        self.heads_up = HeadsUpPlay(rng, self.book, heads_up)
        #: a tournament deeper than the chart is played by the normal level's game
        self.tight = HoldemNormal(rng)
        self.value_bets = 0.0
        self.bluffs = 0.0

    # ----------------------------------------------------------------- equity

    def ranges(self, view: PlayerView, opponents: list[int]) -> list[Range]:
        """The ranges this bot reads for ``opponents`` now, as it plays against them: one
        opponent after the flop, the range tracked through the hand (the heads-up
        pieces' reading); otherwise the multiway reading. For the coach and for tests."""
        self.book.update(view)
        if len(opponents) == 1 and view.board:
            read = self.heads_up.street_read(view, opponents[0])
            return [Range(read.combos, read.weights)]
        return self._ranges(view, read_hand(view), opponents)

    def _ranges(self, view: PlayerView, read: HandRead, opponents: list[int]) -> list[Range]:
        ranges = []
        known = (*view.my_cards, *view.board)
        for player in opponents:
            seat = read.seat(player)
            stats = self.book.of(view, player)
            base = percentile_range(preflop_weights(seat, stats)).without(known)
            aggression = stats.aggression()
            if player == read.first_round_aggressor and len(view.board) == 3:
                # a flop c-bet comes from a range as wide as the player's c-bet rate
                aggression = stats.cbet_rate()
            ranges.append(
                narrow_postflop(
                    base,
                    view.board,
                    seat.later_bets,
                    seat.later_calls,
                    aggression,
                    raises=seat.later_raises,
                    raise_rate=stats.raise_to_later_bet(),
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

    def _stats(self, view: PlayerView, players: list[int]) -> list[PlayerStats]:
        return [self.book.of(view, p) for p in players]

    # ----------------------------------------------------------------- decide

    def decide(self, view: PlayerView) -> Decision:
        """Update the opponent book, then decide: by expected value against the one
        opponent left (:mod:`holdem_heads_up`), else by the multiway rules below. The
        answer carries its reason, built from the numbers that decided it."""
        self.book.update(view)
        read = read_hand(view)
        # a tournament's short stack: the chart, weighed in prizes near the money; deeper,
        # the normal level's tight game (see tournament_play: the cash game's thin edges
        # cost more places than they win)
        chosen: Choice | Decision | None = short_stack(view, self.rng, icm=True, reads=self.book)
        if chosen is None and view.tournament is not None:
            chosen = self.tight.decide(view)
        elif chosen is None:
            chosen = self._choose(view, read)
        decision = chosen.decision() if isinstance(chosen, Choice) else chosen
        decision = survive(view, decision)  # a tournament: its life weighed in prizes
        self.book.note(view, decision.action)
        return decision

    def _choose(self, view: PlayerView, read: HandRead) -> Choice | Decision:
        opponents = opponents_in_hand(view)
        steal = self._steal_spot(view, read, opponents)
        if steal:
            opened = self.heads_up.open_pot(view, steal)
            cap = steal_cap(self.params, view.me or 0, len(view.seats))
            top = preflop_percentile(view.my_cards)
            if opened.action.kind is ActionKind.RAISE and top > cap:
                # past the widest steal a seat makes against defenders who know it
                legal = view.legal
                assert legal is not None
                return because(check_or_fold(legal), "chart_fold", top=top / 100, range=cap / 100)
            return opened
        squeeze = self._three_bet_spot(view, read, opponents)
        if squeeze is not None:
            opener, behind = squeeze
            three = self.heads_up.defend(view, opener, behind)
            if three.piece == "3bet":
                return three
            legal = view.legal
            if legal and legal.can_raise and position_group(view.me or 0, len(view.seats)) == "sb":
                # the small blind flats out of position with the big blind still to act
                # behind: a losing line; it 3-bets (above) or folds
                return because(Action.fold(), "small_blind_no_flat")
        if len(opponents) == 1:
            if view.board:
                return self.heads_up.postflop(view, read, opponents[0])
            heads_up = self.heads_up.preflop(view, read, opponents[0])
            if heads_up is not None:
                return heads_up
        if not view.board:
            return self._preflop(view, read)
        return self._postflop(view, read)

    def _steal_spot(self, view: PlayerView, read: HandRead, opponents: list[int]) -> list[int]:
        """The players behind when first in late at a bigger table (cutoff, button or
        small blind, at most three to act, deep enough): those spots are played by the
        expected value of a steal; an empty list means the charts decide."""
        legal = view.legal
        if view.board or legal is None or len(view.seats) < 3 or read.first_round_raises:
            return []
        if any(read.seat(p).entry for p in opponents) or legal.can_check:
            return []
        if effective_stack(view) < self.heads_up.params.min_depth * view.big_blind:
            return []
        me = view.me or 0
        players = len(view.seats)
        # preflop the blinds (positions 0 and 1) act last
        behind = [p for p in opponents if p > me] + [p for p in opponents if p < 2 and p < me]
        if me < 2:
            behind = [p for p in opponents if me < p < 2]
        if not 1 <= len(behind) <= 3 or position_group(me, players) not in ("late", "sb"):
            return []
        return behind

    def _three_bet_spot(
        self, view: PlayerView, read: HandRead, opponents: list[int]
    ) -> tuple[int, int] | None:
        """(the opener, players behind) when facing a lone open with others still to
        act; the 3-bet is then weighed by expected value, the call by the rules below."""
        legal = view.legal
        if view.board or legal is None or read.first_round_raises != 1 or len(opponents) < 2:
            return None
        if view.me is None or read.seat(view.me).entry:
            return None
        entered = [p for p in opponents if read.seat(p).entry]
        if len(entered) != 1 or read.seat(entered[0]).entry != "raise":
            return None
        if effective_stack(view) < self.heads_up.params.min_depth * view.big_blind:
            return None
        return entered[0], len(opponents) - 1

    def _value_threshold(self, base: float, opponents: int) -> float:
        """Equity needed for value grows less than linearly harder with more opponents."""
        return float(base * (2.0 / (opponents + 1)) ** 0.6)

    def _preflop(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        params = self.params
        bb = view.big_blind
        me = view.me or 0
        players = len(view.seats)
        pct = preflop_percentile(view.my_cards)
        group = position_group(me, players)
        eff_bb = effective_stack(view) / bb
        facing = legal.current_bet + legal.call_amount
        entered = [
            p
            for p in opponents_in_hand(view)
            if read.seat(p).entry in ("raise", "reraise", "call", "limp")
        ]
        if read.first_round_raises == 0 and not entered:
            open_pct = open_percent(params, group, players)
            behind = [p for p in opponents_in_hand(view) if p > me or p < 2 <= me]
            folds = [s.fold_to_bet() for s in self._stats(view, behind)] or [0.7]
            # wider only behind players who fold more than the usual 70% to a bet
            open_pct *= float(np.clip(1.0 + 0.6 * (sum(folds) / len(folds) - 0.7), 0.8, 1.3))
            top, chart = pct / 100.0, min(1.0, open_pct / 100.0)
            if eff_bb <= 12:
                open_pct *= 1.3
                action = legal.all_in_action() if pct <= open_pct else check_or_fold(legal)
                depth = max(1, round(eff_bb))
                return because(
                    action, "push_fold", count=depth, top=top, range=min(1.0, chart * 1.3)
                )
            if pct <= open_pct:
                size = (3.0 if group in ("sb", "bb") and players > 2 else 2.5) * bb
                return because(raise_action(legal, int(size)), "chart_raise", top=top, range=chart)
            return because(check_or_fold(legal), "chart_fold", top=top, range=chart)
        ranges = self._ranges(view, read, entered) if entered else []
        eq = self._equity(view, ranges)
        n = max(1, len(entered))
        pot = view.total_pot
        call = legal.call_amount
        in_pos = group == "late" or (group == "bb" and read.first_round_raises == 0)
        real = params.realization_ip if in_pos else params.realization_oop
        real = min(1.0, real * playability(view.my_cards))
        if eff_bb > 40 and pct > 20:
            real *= 0.93  # dominated offsuit junk plays badly deep
        ev_call = eq * real * (pot + call) - call
        raise_thr = self._value_threshold(params.raise_equity_hu - 0.1, n)
        share = min(1.0, max(0.0, eq))
        priced = {"equity": share, "count": n}

        def bar(realised: float) -> dict[str, float]:
            """The equity a call needs once the share of it this hand realises is counted
            (what ``ev_call`` compares), beside the bare pot odds: the reason says both."""
            odds = pot_odds(call, pot)
            return {"need": min(1.0, odds / max(realised, 1e-6)), "odds": odds}

        if legal.can_raise and eq >= raise_thr:
            if eff_bb <= 20 or facing >= 0.3 * effective_stack(view):
                return because(legal.all_in_action(), "range_value", equity=share, count=n)
            mult = 3.0 if in_pos else 3.6
            to = int(max(facing * mult, facing + pot))
            return because(raise_action(legal, to), "range_value", equity=share, count=n)
        if read.first_round_raises == 0:
            # only limpers: raise them, or see a cheap flop
            limp_raise = open_percent(params, group, players) * (0.8 if players > 3 else 0.5)
            if pct <= limp_raise and legal.can_raise:
                return because(
                    raise_action(legal, int((3 + len(entered)) * bb)),
                    "chart_raise",
                    top=pct / 100.0,
                    range=min(1.0, limp_raise / 100.0),
                )
            if call == 0:
                return because(Action.check(), "range_value", **priced)
            action = Action.call() if ev_call > 0 else Action.fold()
            return because(action, "range_threshold", **priced, **bar(real))
        if call == 0:
            return because(Action.check(), "range_value", **priced)
        if call >= legal.stack:
            ev_call = eq * (pot + call) - call  # all-in: nothing left to realise badly
            real = 1.0
        fold3 = self._light_3bet(view, read, entered, pct, eq, eff_bb)
        if fold3 is not None:
            self.bluffs += 1
            to = int(facing * (3.0 if in_pos else 3.6))
            return because(raise_action(legal, to), "light_3bet", fold=fold3)
        if ev_call > 0:
            return because(Action.call(), "range_threshold", **priced, **bar(real))
        return because(Action.fold(), "range_threshold", **priced, **bar(real))

    def _light_3bet(
        self,
        view: PlayerView,
        read: HandRead,
        entered: list[int],
        pct: float,
        eq: float,
        eff_bb: float,
    ) -> float | None:
        """A 3-bet bluff: hands just too weak to 3-bet for value, against a lone opener
        who folds to 3-bets often (more often the more they fold), deep stacked only.
        Returns the opener's fold-to-3-bet when it 3-bets light, else ``None``."""
        legal = view.legal
        assert legal is not None
        if read.first_round_raises != 1 or len(entered) != 1 or not legal.can_raise:
            return None
        value_3bet = self._value_threshold(self.params.raise_equity_hu - 0.1, 1)
        if eff_bb <= 40 or not 0.4 <= eq < value_3bet:
            return None
        players = len(view.seats)
        fold3 = self.book.of(view, entered[0]).fold_to_3bet()
        base = 0.12 if players <= 3 else (0.06 if pct <= 30 else 0.0)
        chance = base + max(0.0, fold3 - 0.45) * 1.2
        return fold3 if self.rng.random() < min(0.6, chance) else None

    def _all_fold(self, view: PlayerView, opponents: list[int]) -> float:
        """The chance that every one of ``opponents`` folds to a bet after the first round,
        by each one's observed fold rate."""
        return float(np.prod([s.fold_to_later_bet() for s in self._stats(view, opponents)]))

    def _bluff_allowed(self, view: PlayerView, opponents: list[int], size: float) -> bool:
        """Whether a bluff now keeps bluffs within the ratio a bet of ``size`` x pot allows.

        The ratio b / (pot + 2b) is what makes a caller indifferent; the bot bluffs only
        while its bluffs are below that share of its bets, only into one or two opponents
        who have been seen folding, and then only part of the time (not predictable).
        """
        if not opponents or len(opponents) > 2:
            return False
        fold = self._all_fold(view, opponents)
        if fold < self.params.bluff_min_fold:
            return False
        ratio = size / (1.0 + 2.0 * size)
        total = self.value_bets + self.bluffs
        if self.bluffs + 1 > (ratio + max(0.0, fold - 0.45)) * (total + 1):
            return False
        return self.rng.random() < 0.6

    def _postflop(self, view: PlayerView, read: HandRead) -> Decision:
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
        stats = self._stats(view, opponents)
        # how often these opponents all fold after the flop: bluff more into folders,
        # value bet thinner into callers (and thicker into folders, who pay only with
        # better); with several in, somebody calls more often than any one of them does
        fold = self._all_fold(view, opponents)
        thin = float(np.clip((fold - 0.4) * 0.25, -0.05, 0.05))
        value_thr = self._value_threshold(params.value_equity_hu, n) + thin
        raise_thr = self._value_threshold(params.raise_equity_hu, n)
        value_size = 0.5 + 0.3 * texture.wetness + (0.2 if eq > 0.8 else 0.0)
        if river and eq > 0.85:
            value_size = 0.9
        if call:
            return self._facing_bet(view, read, eq, eq_real, raise_thr, value_size, fold)
        share = min(1.0, max(0.0, eq))
        if eq_real >= value_thr and self._ahead_of_callers(view, ranges, stats, n):
            self.value_bets += 1
            bet = int(pot * value_size)
            action = legal.all_in_action() if stack <= bet * 1.5 else raise_action(legal, bet)
            return because(action, "range_value", equity=share, count=n)
        heads_up = n == 1
        if heads_up and not river and texture.wet and eq_real >= value_thr - 0.1 and eq_real >= 0.5:
            # protection: a medium hand on a wet board charges the draws
            self.value_bets += 1
            return because(raise_action(legal, int(pot * 0.55)), "protection", equity=share)
        bluff_size = self._initiative_bet(view, read, eq, fold)
        if bluff_size:
            self.bluffs += 1
            action = raise_action(legal, int(pot * bluff_size))
            return because(action, "initiative", equity=share, fold=fold)
        bluff_cap = params.bluff_max_equity * (2.0 / (n + 1))
        size = 0.5 + 0.3 * texture.wetness
        if eq < bluff_cap and self._bluff_allowed(view, opponents, size):
            self.bluffs += 1
            return because(raise_action(legal, int(pot * size)), "bluff_fold", fold=fold)
        return because(Action.check(), "range_value", equity=share, count=n)

    def _ahead_of_callers(
        self, view: PlayerView, ranges: list[Range], stats: list[PlayerStats], n: int
    ) -> bool:
        """Heads-up, whether a value bet is ahead of the hands that would call it.

        Equity against the whole range flatters a medium hand: the weak part of the range
        folds to the bet. Against a calling station the calling range is nearly the
        whole range, so this passes with thinner hands.
        """
        if n != 1 or not ranges:
            return True
        callers = calling_range(ranges[0], view.board, stats[0].fold_to_later_bet())
        return self._equity(view, [callers]) >= 0.5

    def _initiative_bet(self, view: PlayerView, read: HandRead, eq: float, fold: float) -> float:
        """The pot fraction of a c-bet, delayed c-bet, barrel or stab; 0.0 to check.

        Only heads-up. The preflop raiser's range is stronger on high, dry boards (it
        holds the big pairs and big aces), so it c-bets those often and small; on wet or
        low boards the caller connects too, so it bets less often and bigger. Each
        frequency then moves with this opponent's fold rate against what the size needs
        to show a profit (a third of the pot needs 25% folds, half the pot 33%).
        """
        opponents = opponents_in_hand(view)
        if len(opponents) != 1:
            return 0.0
        me = view.me or 0
        opponent = opponents[0]
        texture = board_texture(view.board)
        street = len(view.board)
        in_pos = in_position(view, opponents)
        caller_capped = read.seat(opponent).entry in ("call", "limp", "")
        high_board = texture.high_card >= 8  # a ten or higher
        base, size = 0.0, 0.5
        if read.first_round_aggressor == me and street == 3:
            base = 0.4 if texture.wet else 0.6
            if caller_capped and high_board:
                base += 0.15  # range advantage: the caller rarely has the big pairs
            if texture.paired and not texture.wet:
                base += 0.1
            size = 0.6 if texture.wet else 0.33
        elif street == 4 and read.previous_aggressor == me:
            base, size = 0.25, 0.6  # second barrel
        elif street == 4 and read.previous_aggressor is None and in_pos:
            # delayed c-bet (we raised and checked the flop) or a stab at a checked turn
            base = 0.45 if read.first_round_aggressor == me else 0.35
        elif street == 3 and read.first_round_aggressor == opponent and in_pos:
            base = 0.35  # the raiser checked the flop to us: it often gave up
        elif street == 5 and read.previous_aggressor == me and eq < 0.2:
            base, size = 0.15, 0.7  # river bluff after betting the turn
        if base <= 0.0:
            return 0.0
        if eq >= 0.3 and street < 5:
            base += 0.2  # draws and overcards bet as semi-bluffs
        needed = size / (1.0 + size)
        chance = base + 1.5 * (fold - needed - 0.1)
        return size if self.rng.random() < float(np.clip(chance, 0.05, 0.9)) else 0.0

    def _facing_bet(
        self,
        view: PlayerView,
        read: HandRead,
        eq: float,
        eq_real: float,
        raise_thr: float,
        size: float,
        fold: float,
    ) -> Decision:
        """Raise for value, check-raise some draws, call by equity, or fold."""
        legal = view.legal
        assert legal is not None
        opponents = opponents_in_hand(view)
        pot = view.total_pot
        call = legal.call_amount
        stack = legal.stack
        river = len(view.board) == 5
        needed = pot_odds(call, pot)
        share = min(1.0, max(0.0, eq))
        n = len(opponents)
        if legal.can_raise and eq_real >= raise_thr and eq_real >= needed + 0.15:
            self.value_bets += 1
            target = legal.current_bet + call + int((pot + call) * min(size + 0.2, 1.0))
            if stack <= 1.2 * (pot + call) or target >= legal.max_raise_to * 0.6:
                return because(legal.all_in_action(), "range_value", equity=share, count=n)
            return because(raise_action(legal, target), "range_value", equity=share, count=n)
        if (
            legal.can_raise
            and not river
            and len(opponents) == 1
            and 0.3 <= eq < 0.55
            and stack > 2 * pot
        ):
            bettor = opponents[0]
            stats = self.book.of(view, bettor)
            cbet = bettor == read.first_round_aggressor and len(view.board) == 3
            frequent = stats.cbet_rate() if cbet else stats.aggression()
            chance = max(0.0, frequent - 0.45) * 0.6 + max(0.0, fold - 0.4) * 0.5
            if self.rng.random() < min(0.35, chance):
                # a check-raise (or raise) with a draw against someone who bets too much
                self.bluffs += 1
                to = legal.current_bet + call + int((pot + call) * 0.9)
                return because(raise_action(legal, to), "draw_raise", equity=share, fold=fold)
        priced = {"equity": share, "count": n, "need": needed}
        if eq_real >= needed:
            return because(Action.call(), "range_equity", **priced)
        if (
            legal.can_raise
            and not river
            and eq >= 0.2
            and stack > 2 * pot
            and self._bluff_allowed(view, opponents, 0.6)
        ):
            self.bluffs += 1
            to = legal.current_bet + call + int(pot * 0.8)
            return because(raise_action(legal, to), "bluff_fold", fold=fold)
        return because(Action.fold(), "range_equity", **priced)
