"""The hard bot's play in a heads-up pot: expected value against a read opponent.

When one opponent is left (a heads-up table, or a 6-max pot that came down to two) the
hard bot stops playing charts and thresholds and compares its options by expected value
against this opponent's range and habits, read from the public history
(:mod:`tendencies`, :mod:`range_model`). Each piece below is one spot a regular knows:

* :meth:`HeadsUpPlay.open_pot` — first in: raise or fold, by how often the player behind
  folds, flats and 3-bets (steal relentlessly from a player who folds too much).
* :meth:`HeadsUpPlay.defend` — facing an open: fold, call, or 3-bet by the opener's
  fold-to-3-bet and 4-bet rates (3-bet light a player who opens wide and folds to it).
* :meth:`HeadsUpPlay.meet_3bet` / :meth:`HeadsUpPlay.meet_4bet` — fold, call, or raise
  again, against the re-raiser's range and fold rate.
* :meth:`HeadsUpPlay.bet_or_check` — after the flop, not facing a bet: check, or bet one
  of three sizes. A bet wins the pot when the weak part of the range folds (as much of it
  as this player folds to that size, on that street, after checking or not) and is called
  or raised by the rest; the bot's equity against exactly the part that calls decides
  whether it is a value bet. Bluffs into players who fold, value bets thin against
  players who call, and the size that does most are the same calculation. Checking to
  a player still to act counts what it does when checked to (:func:`check_value`).
* :meth:`HeadsUpPlay.face_bet` — fold, call or raise against the range that bets or
  raises like this (a rare raiser's raise is strong: second-best hands fold).

Frequencies it relies on are drawn from their posterior rather than taken at the mean
(Thompson sampling), so an untried bluff size is tried now and then and dropped if the
counts say it fails. All of it is seeded from the bot's generator.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from holdem_tui.bots.base import raise_action
from holdem_tui.bots.choice import Choice
from holdem_tui.bots.holdem_common import playability, position_group, pot_odds
from holdem_tui.bots.holdem_ranges import ALL_COMBOS
from holdem_tui.bots.range_model import (
    WIDE_RATES,
    StreetRead,
    WideRates,
    apply_spots,
    bet_bluffs,
    current_spots,
    percentile_band,
    polarised_bets,
    street_read,
    street_start_range,
    top_share,
)
from holdem_tui.bots.reads import HandRead, OpponentBook, effective_stack, in_position
from holdem_tui.bots.tendencies import Tendencies, size_bucket
from holdem_tui.engine.actions import Action, LegalActions
from holdem_tui.engine.equity import equity
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class HeadsUpParams:
    """The heads-up pieces' knobs: sizes (in big blinds or pot fractions) and how much of
    its equity a hand realises in and out of position."""

    open_size: float = 2.5  # heads-up button open, big blinds
    open_size_blinds: float = 3.0  # small blind against the big blind at a bigger table
    threebet_ip: float = 3.0  # times the open
    threebet_oop: float = 3.6
    fourbet: float = 2.3  # times the 3-bet
    their_3bet: float = 4.0  # the 3-bet size assumed when working out an open
    realize_pre_ip: float = 1.0
    realize_pre_oop: float = 0.82
    realize_ip: float = 1.0
    realize_oop: float = 0.9
    bet_sizes: tuple[float, ...] = (0.33, 0.66, 1.2)
    raise_size: float = 0.8  # a raise adds this share of the pot after calling
    #: a bet must beat checking by this share of the pot (ties go to the cheaper line)
    bet_margin: float = 0.01
    #: the bet (pot fraction) an opponent checked to is assumed to make
    checked_to_bet: float = 0.6
    #: shorter than this (big blinds) the push-or-fold chart plays instead
    min_depth: float = 15.0
    preflop_sims: int = 700


def realize(eq: float, factor: float) -> float:
    """Equity after position: the middle of the range loses most out of position (it
    faces bets it cannot call), the nuts and the air hardly change."""
    return float(np.clip(eq + (factor - 1.0) * 2.0 * eq * (1.0 - eq), 0.0, 1.0))


@lru_cache(maxsize=50_000)
def band_equity(cards: tuple[int, int], low: float, high: float, sims: int) -> float:
    """My preflop equity against the chart band (low, high] percent (cached; seeded by
    the arguments, so the same question always gets the same answer)."""
    weights = percentile_band(low, high)
    if float(weights.sum()) < 1.0:
        weights = percentile_band(0.0, max(high, 1.5))
    opponent = Range(ALL_COMBOS, weights).without(cards)
    seed = (cards[0] * 52 + cards[1]) * 1_000_003 + int(low * 4) * 1009 + int(high * 4)
    try:
        return equity(cards, [opponent], (), sims=sims, seed=seed).equity
    except ValueError:
        return 0.5


def _band(cards: tuple[int, ...], low: float, high: float, sims: int) -> float:
    a, b = sorted(cards[:2], reverse=True)
    low = round(max(0.0, min(100.0, low)) * 2) / 2
    high = round(max(low + 0.5, min(100.0, high)) * 2) / 2
    return band_equity((a, b), low, high, sims)


#: the bet rates (by street) from which on this bot reads a bet as wider than polarised
#: (:func:`~holdem_tui.bots.range_model.wideness`): on the flop a balanced regular bets
#: about 60% of the time when checked to, a loose-aggressive one 90% (its air too), and
#: reading that one's c-bets as a regular's value folds the hands that beat its air. On
#: later streets no rate tells them apart (a regular barrels 85-90% into a checked,
#: capped range, with value), so those bets stay polarised. Only this bot's reading: the
#: reference regulars keep their own (:data:`~holdem_tui.bots.range_model.WIDE_RATES`).
HARD_WIDE_RATES: WideRates = {**WIDE_RATES, "flop": (0.7, 0.95)}


def check_value(
    sr: StreetRead, rate: float, street: str, pot: int, size: float, real: float
) -> float:
    """What checking to an opponent still to act is worth (chips): it bets ``size`` of
    the pot at its ``rate`` when checked to (its betting range read as a bet is read,
    :data:`HARD_WIDE_RATES`), and I call by my equity against those hands or fold; it
    checks the rest and I keep my share of the pot against them. Checking air to a
    player who bets is worth less than its bare equity (it is bet off the pot); checking
    a good hand to a player who bets a lot with air, more (its bluffs pay)."""
    bluffs = bet_bluffs(rate, size, street)
    bets, checks = polarised_bets(sr.strength, rate, bluffs, street, HARD_WIDE_RATES)
    pb, px = sr.share(bets), sr.share(checks)
    if pb + px <= 0.0:
        return realize(sr.mean_equity(), real) * pot
    b = size * pot
    facing = max(0.0, realize(sr.mean_equity(bets), real) * (pot + 2 * b) - b)
    return (px * realize(sr.mean_equity(checks), real) * pot + pb * facing) / (pb + px)


#: how often a player who has not yet acted folds to a raise and a re-raise in front of it
COLD_FOLD = 0.9
#: a 3-bet is light when its equity against the hands that go on is below this
LIGHT_EQUITY = 0.5
#: the most opens met with a light 3-bet: (at a bigger table, heads-up): beyond it the
#: bot would be exploitable by an opponent who simply calls and 4-bets more
LIGHT_CAP = (0.12, 0.28)


@dataclass(frozen=True, slots=True)
class Spot:
    """A decision against one opponent as every piece starts it: the opponent's position,
    the legal actions, the big blind its values are reported in, the pot, the price of a
    call, and the opponent's notes with the position group their first-round spots are
    keyed by.

    Built by :meth:`HeadsUpPlay.spot`, so the pieces read these facts one way.
    """

    opponent: int
    legal: LegalActions
    bb: int
    pot: int
    call: int
    notes: Tendencies
    group: str

    @property
    def facing(self) -> int:
        """The bet to match: what I have in front of me plus the call."""
        return self.legal.current_bet + self.call

    def position_rate(self, kind: str) -> float:
        """The opponent's rate at the first-round spot ``kind`` from their position."""
        return self.notes.rate((kind, self.group))


@dataclass(slots=True)
class Lines:
    """The lines a piece weighs, in order, each with its expected value in big blinds,
    and the best so far: a later line must beat it strictly, so a tie keeps the earlier,
    cheaper one. ``fold_rate`` is the fold rate the best line counts on, if any."""

    bb: int
    best: float
    action: Action
    piece: str
    weighed: list[tuple[str, float]]
    fold_rate: float | None = None

    @classmethod
    def first(
        cls, bb: int, name: str, ev: float, action: Action, piece: str, margin: float = 0.0
    ) -> Lines:
        """The first line, which a later one must beat by more than ``margin`` chips."""
        return cls(bb, ev + margin, action, piece, [(name, ev / bb)])

    @classmethod
    def from_fold(cls, bb: int, piece: str) -> Lines:
        """Folding first: worth nothing, the line every other must beat."""
        return cls.first(bb, "fold", 0.0, Action.fold(), piece)

    def weigh(
        self, name: str, ev: float, action: Action, piece: str, fold_rate: float | None = None
    ) -> None:
        """List the line ``name``; it becomes the best if its value beats the best so far."""
        self.weighed.append((name, ev / self.bb))
        if ev > self.best:
            self.best, self.action, self.piece, self.fold_rate = ev, action, piece, fold_rate

    @property
    def options(self) -> tuple[tuple[str, float], ...]:
        """The lines weighed, as a :class:`Choice` lists them."""
        return tuple(self.weighed)


class HeadsUpPlay:
    """The hard bot's heads-up pieces, sharing its generator and its opponent book."""

    def __init__(
        self, rng: random.Random, book: OpponentBook, params: HeadsUpParams | None = None
    ) -> None:
        self.rng = rng
        self.book = book
        self.params = params or HeadsUpParams()
        self._start_cache: dict[tuple[int, tuple[str, ...], int, int], Range] = {}
        #: per opponent: opens met with a light 3-bet, opens met
        self._light: dict[str, tuple[int, int]] = {}

    def spot(self, view: PlayerView, opponent: int) -> Spot:
        """The facts of this decision against ``opponent`` that every piece starts from."""
        legal = view.legal
        assert legal is not None
        notes = self.book.tendencies(view, opponent)
        group = position_group(opponent, len(view.seats))
        pot, call = view.total_pot, legal.call_amount
        return Spot(opponent, legal, view.big_blind, pot, call, notes, group)

    # ------------------------------------------------------------------ ranges

    def street_start_range(self, view: PlayerView, opponent: int) -> Range:
        """The opponent's range when this street began: its preflop band, then its
        actions on the earlier streets (kept for the rest of the street)."""
        key = (view.hand_number, tuple(s.name for s in view.seats), opponent, len(view.board))
        found = self._start_cache.get(key)
        if found is not None:
            return found
        notes = self.book.tendencies(view, opponent)
        seed = self.rng.getrandbits(63)
        rng_range = street_start_range(view, opponent, notes, seed, HARD_WIDE_RATES)
        if self._start_cache and next(iter(self._start_cache))[:2] != key[:2]:
            self._start_cache.clear()  # a new hand
        self._start_cache[key] = rng_range
        return rng_range

    def street_read(self, view: PlayerView, opponent: int) -> StreetRead:
        """My equity against each combo the opponent may hold now, and its strength."""
        start = self.street_start_range(view, opponent)
        generator = np.random.default_rng(self.rng.getrandbits(63))
        read = street_read(view.my_cards, view.board, start, generator)
        now = current_spots(view, opponent)
        if not now:
            return read
        notes = self.book.tendencies(view, opponent)
        weights, strength = apply_spots(
            read.weights, read.strength, now, notes, view.street.value, HARD_WIDE_RATES
        )
        return StreetRead(read.combos, weights, read.equity, strength)

    # ------------------------------------------------------------------ preflop

    def preflop(self, view: PlayerView, read: HandRead, opponent: int) -> Choice | None:
        """The preflop piece for this spot, or ``None`` where the charts play instead
        (short stacks, limped pots)."""
        legal = view.legal
        assert legal is not None and view.me is not None
        bb = view.big_blind
        if effective_stack(view) / bb < self.params.min_depth:
            return None
        raises = read.first_round_raises
        mine = read.seat(view.me)
        theirs = read.seat(opponent)
        if raises == 0:
            if legal.can_check or theirs.entry:
                return None  # a limped pot
            return self.open_pot(view, [opponent])
        if raises == 1 and theirs.entry == "raise" and not mine.entry:
            return self.defend(view, opponent)
        if raises == 2 and mine.entry == "raise" and theirs.last_raise == "reraise":
            return self.meet_3bet(view, opponent)
        if raises >= 3 and mine.last_raise == "reraise":
            return self.meet_4bet(view, opponent)
        return None

    def _realize_pre(self, view: PlayerView, opponents: list[int]) -> float:
        """How much of its preflop equity the hand keeps after the flop: less out of
        position, less for hands that make weak pairs (see :func:`playability`)."""
        p = self.params
        base = p.realize_pre_ip if in_position(view, opponents) else p.realize_pre_oop
        return base * playability(view.my_cards)

    def open_pot(self, view: PlayerView, behind: list[int]) -> Choice:
        """Raise first in, or fold, with the players still to act behind: all of them
        folding wins the blinds, a flat plays a pot against the widest defender (the last
        to act), a 3-bet is met as :meth:`meet_3bet` would (fold or call)."""
        legal = view.legal
        assert legal is not None
        p = self.params
        bb = view.big_blind
        players = len(view.seats)
        folds, threes = [], []
        for player in behind:
            notes = self.book.tendencies(view, player)
            group = position_group(player, players)
            folds.append(notes.rate(("fold_open", group)))
            threes.append(notes.rate(("3bet_open", group)))
        all_fold = float(np.prod(folds))
        three_any = 1.0 - float(np.prod([1.0 - t for t in threes]))
        flat = max(0.0, 1.0 - all_fold - three_any)
        last = behind[-1]
        me = view.me or 0
        sb_open = players > 2 and position_group(me, players) == "sb"
        size = (p.open_size_blinds if sb_open else p.open_size) * bb
        to = legal.clamp(int(size))
        invest = to - legal.current_bet
        real = self._realize_pre(view, behind)
        cards = view.my_cards
        band = (100 * threes[-1], 100 * (1 - folds[-1]))
        e_flat = realize(_band(cards, *band, p.preflop_sims), real)
        e_three = _band(cards, 0.0, 100 * max(threes), p.preflop_sims)
        pot = view.total_pot
        called = e_flat * (pot + invest + to - view.seats[last].bet) - invest
        their = min(p.their_3bet * to, legal.all_in_amount)
        versus = max(
            -invest, realize(e_three, real) * (pot + 2 * their) - (their - legal.current_bet)
        )
        ev = all_fold * pot + flat * called + three_any * versus
        options = (("fold", 0.0), ("raise", ev / bb))
        if ev > 0 and legal.can_raise:
            action = raise_action(legal, to)
        else:
            action = Action.check() if legal.can_check else Action.fold()
        return Choice(action, "open", e_flat, None, all_fold, options)

    def defend(self, view: PlayerView, opponent: int, behind: int = 0) -> Choice:
        """Facing an open: fold, call (equity against the opening range, out of position
        less of it realised), or 3-bet by the opener's fold-to-3-bet.

        With ``behind`` players still to act, a 3-bet wins the pot only when they fold
        too (each is counted folding :data:`COLD_FOLD` of the time; one who does not
        plays like the opener calling), and the call is left to the multiway rules.
        """
        spot, p = self.spot(view, opponent), self.params
        legal, pot, call, facing = spot.legal, spot.pot, spot.call, spot.facing
        opened = 100 * spot.position_rate("open")
        cards = view.my_cards
        real = self._realize_pre(view, [opponent])
        e_open = _band(cards, 0.0, opened, p.preflop_sims)
        ev_call = realize(e_open, real) * (pot + call) - call
        lines = Lines.from_fold(spot.bb, "defend")
        lines.weigh("call", ev_call, Action.call(), "defend")
        fold3 = spot.notes.rate(("fold_3bet",))
        four = spot.notes.rate(("4bet_3bet",))
        light = False
        if legal.can_raise:
            mult = p.threebet_ip if in_position(view, [opponent]) else p.threebet_oop
            to = legal.clamp(int(facing * mult))
            x = to - legal.current_bet
            e_calls = realize(
                _band(cards, opened * four, opened * (1 - fold3), p.preflop_sims), real
            )
            called = e_calls * (pot + x + (to - facing)) - x
            all_in = legal.all_in_amount
            e_four = _band(cards, 0.0, max(1.5, opened * four), p.preflop_sims)
            # met by a 4-bet: fold, or all in against the 4-betting range
            rest = all_in - legal.current_bet
            jammed = max(-x, e_four * (pot + rest + (all_in - facing)) - rest)
            wins = fold3 * COLD_FOLD**behind
            ev3 = wins * pot + max(0.0, 1 - wins - four) * called + four * jammed
            light = e_calls < LIGHT_EQUITY
            if light:
                # a light 3-bet: polarised (from the hands that would fold or barely
                # call, not the good calls) and held to a bounded share of the opens met
                ev3 -= max(0.0, ev_call)
                if self._light_share(view, opponent) >= LIGHT_CAP[len(view.seats) == 2]:
                    ev3 = -math.inf
            lines.weigh("3bet", ev3, raise_action(legal, to), "3bet")
        self._count_open(view, opponent, light and lines.piece == "3bet")
        odds = pot_odds(call, pot)
        return Choice(lines.action, lines.piece, e_open, odds, fold3, lines.options)

    def _light_share(self, view: PlayerView, opponent: int) -> float:
        """The share of this opponent's opens met so far with a light 3-bet (a prior of
        a balanced share over a few opens, so the first ones are not all light)."""
        light, met = self._light.get(view.seats[opponent].name, (0, 0))
        return (light + 0.1 * 5) / (met + 5)

    def _count_open(self, view: PlayerView, opponent: int, light: bool) -> None:
        name = view.seats[opponent].name
        was, met = self._light.get(name, (0, 0))
        self._light[name] = (was + light, met + 1)

    def meet_3bet(self, view: PlayerView, opponent: int) -> Choice:
        """Our open met a 3-bet: fold, call against the 3-betting range, or 4-bet by
        the 3-bettor's fold-to-4-bet."""
        spot, p = self.spot(view, opponent), self.params
        legal, pot, call, facing = spot.legal, spot.pot, spot.call, spot.facing
        three = max(1.5, 100 * spot.position_rate("3bet_open"))
        cards = view.my_cards
        real = self._realize_pre(view, [opponent])
        e_three = _band(cards, 0.0, three, p.preflop_sims)
        ev_call = realize(e_three, real) * (pot + call) - call
        if call >= legal.stack:
            ev_call = e_three * (pot + call) - call
        lines = Lines.from_fold(spot.bb, "meet_3bet")
        lines.weigh("call", ev_call, Action.call(), "meet_3bet")
        if legal.can_raise:
            fold4 = spot.notes.rate(("fold_4bet",))
            all_in = legal.all_in_amount
            to = int(facing * p.fourbet)
            jam = to >= 0.4 * all_in
            to = all_in if jam else legal.clamp(to)
            x = to - legal.current_bet
            e_cont = _band(cards, 0.0, max(1.0, three * (1 - fold4)), p.preflop_sims)
            final = pot + x + (to - facing)
            called = (e_cont if jam else realize(e_cont, real)) * final - x
            ev4 = fold4 * pot + (1 - fold4) * called
            lines.weigh("4bet", ev4, raise_action(legal, to), "4bet")
        odds = pot_odds(call, pot)
        return Choice(lines.action, lines.piece, e_three, odds, None, lines.options)

    def meet_4bet(self, view: PlayerView, opponent: int) -> Choice:
        """Our 3-bet met a 4-bet (or more): fold, or get the chips in against its range."""
        spot = self.spot(view, opponent)
        legal, bb, pot, call, facing = spot.legal, spot.bb, spot.pot, spot.call, spot.facing
        opened = 100 * spot.position_rate("open")
        four = max(1.2, opened * spot.notes.rate(("4bet_3bet",)))
        e_four = _band(view.my_cards, 0.0, four, self.params.preflop_sims)
        all_in = legal.all_in_amount
        x = all_in - legal.current_bet
        ev_jam = e_four * (pot + x + max(0, all_in - facing)) - x
        ev_call = e_four * (pot + call) - call
        options = (("fold", 0.0), ("call", ev_call / bb), ("all_in", ev_jam / bb))
        if max(ev_jam, ev_call) <= 0:
            return Choice(Action.fold(), "meet_4bet", e_four, pot_odds(call, pot), None, options)
        if ev_jam >= ev_call and legal.can_raise:
            return Choice(legal.all_in_action(), "meet_4bet", e_four, None, None, options)
        return Choice(Action.call(), "meet_4bet", e_four, pot_odds(call, pot), None, options)

    # ------------------------------------------------------------------ after the flop

    def postflop(self, view: PlayerView, read: HandRead, opponent: int) -> Choice:
        """Bet or check when free, else fold, call or raise: all by expected value."""
        sr = self.street_read(view, opponent)
        spot = self.spot(view, opponent)
        if spot.call == 0:
            return self.bet_or_check(view, read, sr, spot)
        return self.face_bet(view, read, sr, spot)

    def _realization(self, view: PlayerView, opponent: int) -> float:
        if len(view.board) == 5:
            return 1.0
        p = self.params
        return p.realize_ip if in_position(view, [opponent]) else p.realize_oop

    def bet_or_check(self, view: PlayerView, read: HandRead, sr: StreetRead, spot: Spot) -> Choice:
        """Check, or the bet size with the best expected value against this range.

        For each size the range splits by strength into folds (the weakest, as much as
        this player folds to that size here), raises (the strongest, as often as it
        raises) and calls (the rest); the bet earns the pot from the folds, its equity
        against the callers on a bigger pot, and loses the bet to raises it cannot call.
        Checking is worth my share of the pot when it ends the street, and
        :func:`check_value` when the opponent may still bet.
        """
        p, legal, pot, notes = self.params, spot.legal, spot.pot, spot.notes
        street = view.street.value
        real = self._realization(view, spot.opponent)
        eq = sr.mean_equity()
        checked = "x" if read.seat(spot.opponent).street_checks else "-"
        if checked == "-":
            # the opponent still to act: its bet when checked to is part of my check
            role = "agg" if read.previous_aggressor == spot.opponent else "pas"
            rate = notes.rate(("bet", role, street, "x"))
            ev_check = check_value(sr, rate, street, pot, p.checked_to_bet, real)
        else:
            ev_check = realize(eq, real) * pot  # my check ends the street
        lines = Lines.first(spot.bb, "check", ev_check, Action.check(), "check", p.bet_margin * pot)
        if not legal.can_raise:
            return Choice(lines.action, lines.piece, eq, None, None, lines.options)
        all_in = legal.all_in_amount
        raise_rate = notes.rate(("raise", street))
        tried: set[int] = set()
        for fraction in p.bet_sizes:
            to = legal.clamp(int(pot * fraction))
            if to >= 0.7 * all_in:
                to = legal.max_raise_to
            if to in tried:
                continue
            tried.add(to)
            b = to - legal.current_bet
            fold = notes.sample(("fold", checked, street, size_bucket(b, pot + b)), self.rng)
            shove = to >= all_in
            cont = top_share(sr.strength, 1.0 - fold)
            raises = np.minimum(cont, top_share(sr.strength, 0.0 if shove else raise_rate))
            if shove:
                raises = np.zeros_like(cont)
            calls = cont - raises
            pf = 1.0 - sr.share(cont)
            pc, pr = sr.share(calls), sr.share(raises)
            e_call = realize(sr.mean_equity(calls), 1.0 if shove else real)
            called = e_call * (pot + 2 * b) - b
            ev = pf * pot + pc * called
            if pr > 0:
                their = min(3 * b, all_in)
                ev += pr * max(-b, sr.mean_equity(raises) * (pot + 2 * their) - their)
            label = "all_in" if shove else f"bet_{fraction:g}"
            lines.weigh(label, ev, raise_action(legal, to), "bet", pf)
        return Choice(lines.action, lines.piece, eq, None, lines.fold_rate, lines.options)

    def face_bet(self, view: PlayerView, read: HandRead, sr: StreetRead, spot: Spot) -> Choice:
        """Fold, call by equity against the range that bets (or raises) like this, or
        raise when the folds it wins and the equity against the rest pay for it."""
        legal, pot, call, facing = spot.legal, spot.pot, spot.call, spot.facing
        street = view.street.value
        real = self._realization(view, spot.opponent)
        eq = sr.mean_equity()
        all_in = legal.all_in_amount
        ev_call = (eq if call >= legal.stack else realize(eq, real)) * (pot + call) - call
        lines = Lines.from_fold(spot.bb, "fold")
        lines.weigh("call", ev_call, Action.call(), "call")
        if legal.can_raise:
            # against a bet, its folds to a raise; against a raise (a range that is strong
            # already) a re-raise is only for value: nobody is counted on to fold
            reraise = read.street_raises >= 2
            fold = 0.0 if reraise else spot.notes.sample(("fold_raise", street), self.rng)
            raise_size = self.params.raise_size
            for to in sorted(
                {
                    max(legal.min_raise_to, min(all_in, facing + int((pot + call) * raise_size))),
                    all_in,
                }
            ):
                if to > legal.max_raise_to:
                    continue
                x = to - legal.current_bet
                shove = to >= all_in
                cont = top_share(sr.strength, 1.0 - fold)
                e_cont = sr.mean_equity(cont)
                final = pot + x + (to - facing)
                called = (e_cont if shove else realize(e_cont, real)) * final - x
                pf = 1.0 - sr.share(cont)
                ev = pf * pot + (1.0 - pf) * called
                label = "all_in" if shove else "raise"
                lines.weigh(label, ev, raise_action(legal, to), "raise", pf)
        odds = pot_odds(call, pot)
        return Choice(lines.action, lines.piece, eq, odds, lines.fold_rate, lines.options)
