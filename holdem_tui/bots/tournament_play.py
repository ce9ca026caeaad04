"""Short-stack play in a tournament: the push-or-fold chart, and ICM near the money.

The normal and hard Hold'em levels ask :func:`short_stack` first when their view carries a
tournament (:attr:`PlayerView.tournament`); it answers before the flop at an effective
stack of 20 big blinds or less, and leaves every other decision (deeper stacks, after the
flop, any cash game) to the level's own play. Easy never asks: it plays a tournament like
any other game, as a weak player would.

What it answers, from the public actions before it:

* **first in** (everyone before folded, or only limped): jam or fold by the chart of this
  table size, stack and ante (:mod:`holdem_tui.bots.pushfold`), a mixed hand by chance;
* **facing one raise or jam** (nobody called it yet): jam or call with the chart's calling
  range against a jam from that position (a smaller raise is answered as if it were a jam:
  the chart's caller puts everything in);
* **the big blind after limps**: jam with the hands that would call a jam, else check;
* **facing a jam and a call, or a re-raise**: equity against the ranges the chart gives
  them (Monte Carlo), against the price.

With ``icm`` (hard) and the tournament near the money
(:meth:`~holdem_tui.engine.tournament.TournamentInfo.near_the_money`), each jam, call and
fold is weighed in prizes instead of chips: the Malmuth–Harville value
(:mod:`holdem_tui.engine.icm`) of the stacks after each outcome, with the opponents playing
the chart, so a hand that makes chips can still fold when busting costs more prize than
doubling wins.

Deeper than the chart, hard plays the normal level's tight game in a tournament, not its
cash game: the cash game's light three-bets and thin all-in edges win chips, but bust it
in the first levels so often that its average finish was no better than normal's (turbo,
6 seats, 1,000 runs, seed 1: hard 3.29 (3.21..3.37) and 17% sixth places, normal 3.23
(3.16..3.30) and 10%). With the tight game deep and this module short, hard finished
3.13 (3.06..3.20) against normal's 3.30 (3.22..3.37) (seed 2), and earned more (ROI +26%
against +13%).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from holdem_tui.bots.base import call_or_check, check_or_fold
from holdem_tui.bots.explain import MAX_BB, because
from holdem_tui.bots.preflop_equity import (
    HAND_CLASS,
    HANDS,
    class_combos,
    class_name,
    class_of_cards,
    equities,
    pair_weights,
)
from holdem_tui.bots.pushfold import (
    MAX_CHART_BB,
    Chances,
    Spot,
    call_chances,
    jam_chances,
    preflop_order,
    range_share,
)
from holdem_tui.bots.pushfold_solver import Matchups
from holdem_tui.bots.reads import OpponentBook, PlayerStats
from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.equity import equity
from holdem_tui.engine.events import AntePosted, BlindKind, PlayerActed
from holdem_tui.engine.icm import icm_values
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView

#: Monte Carlo deals for a multiway all-in's equity (a few milliseconds)
MULTIWAY_SIMS = 3000
#: a starting-hand class's grid index by its name ("AKs")
_CLASS_INDEX = {class_name(i): i for i in range(169)}


@functools.cache
def _cards() -> Matchups:
    return Matchups(equities(), pair_weights())


@dataclass(frozen=True, slots=True)
class Table:
    """The hand as the chart sees it: who acts in which order and with how many chips."""

    view: PlayerView
    order: list[int]
    start: list[int]
    big_blind: int
    ante_bb: float
    #: hard's reads of the opponents (their ranges widened where they play looser than
    #: the chart), and whether outcomes are weighed in prizes (near the money) or chips
    reads: OpponentBook | None = None
    in_prizes: bool = True

    @property
    def me(self) -> int:
        """My place in the order of play (0 first)."""
        assert self.view.me is not None
        return self.order.index(self.view.me)

    def chips(self, position: int) -> int:
        """What a hand position had when the hand began."""
        return self.start[position]

    def spot(self, stack: int) -> Spot:
        """The chart's grid point for an effective stack of ``stack`` chips."""
        return Spot(len(self.order), stack / self.big_blind, self.ante_bb)

    @property
    def posted(self) -> list[int]:
        """What each position has put in so far (antes, blinds, bets)."""
        return [s.invested for s in self.view.seats]

    @property
    def prize_pool(self) -> float:
        """The prizes still to be won by the players in the hand."""
        info = self.view.tournament
        assert info is not None
        return float(sum(info.prizes)) or 1.0

    def worth(self, changes: dict[int, int], me: int) -> float:
        """What an outcome is worth to me: prize equity (:meth:`after`) near the money,
        else my chips."""
        if self.in_prizes:
            return self.after(changes, me)
        return float(self.view.seats[me].stack + changes.get(me, 0))

    def caller_range(self, stack: int, caller: int) -> Chances:
        """Who calls my jam from the place ``caller`` in the order: the chart's range, or
        wider, as wide as the player's read fold-to-a-bet says they call."""
        chart = call_chances(self.spot(stack), self.me, caller)
        return self._widened(chart, caller, lambda stats: 1.0 - stats.fold_to_bet())

    def jammer_range(self, stack: int, opener: int) -> Chances:
        """What a player who jams (or raises) from ``opener`` holds: the chart's jam range,
        or wider, as wide as the player's read opening rate."""
        chart = _jam_range(self, stack, opener)
        return self._widened(chart, opener, lambda stats: stats.open_rate())

    def _widened(self, chart: Chances, place: int, rate: Callable[[PlayerStats], float]) -> Chances:
        if self.reads is None:
            return chart
        share = rate(self.reads.of(self.view, self.order[place]))
        if share <= range_share(chart):
            return chart
        return top_range(share)

    def after(self, changes: dict[int, int], me: int) -> float:
        """My prize equity (ICM) when the chips now behind move by ``changes`` and the
        chips in the middle are gone (given to whoever ``changes`` says).

        A player this outcome busts takes the lowest place still open (busting together,
        they share those places' prizes); the players left share the rest by ICM.
        """
        info = self.view.tournament
        assert info is not None
        stacks = [max(0, s.stack + changes.get(p, 0)) for p, s in enumerate(self.view.seats)]
        if stacks[me] > 0:
            return icm_values(stacks, info.prizes)[me]
        left = sum(1 for s in stacks if s > 0)
        out = len(stacks) - left
        return sum(info.prizes[left : left + out]) / out


class Role(StrEnum):
    """Which of the chart's questions a spot asks."""

    PUSH = "push"  # first in (or after limps): jam or fold
    CALL = "call"  # facing one jam or raise that nobody called: call (jam) or fold
    LIMPED = "limped"  # the big blind after limps: jam or check
    MULTIWAY = "multiway"  # a jam and a call, or a re-raise: equity against the ranges


@dataclass(frozen=True, slots=True)
class ChartSpot:
    """A short-stack decision the chart answers: the question, the effective stack, and
    my range for it (who jams, or who calls the jam from ``opener``)."""

    table: Table
    role: Role
    stack: int
    chances: Chances | None = None
    #: the raiser's (or first limper's) place in the order of play, and hand position
    opener: int | None = None
    raiser: int | None = None
    raises: tuple[PlayerActed, ...] = ()
    after: tuple[PlayerActed, ...] = ()

    @property
    def count(self) -> int:
        """The effective stack in whole big blinds (at least one)."""
        return _count(self.stack, self.table)


def chart_spot(view: PlayerView) -> ChartSpot | None:
    """The chart's question at this decision, or ``None`` where it has none.

    ``None`` outside a tournament, after the flop, in Five-Card Draw, deeper than 20 big
    blinds, or without a decision to make.
    """
    if view.tournament is None or view.board or view.variant is not Variant.HOLDEM:
        return None
    if view.legal is None or view.me is None:
        return None
    table = _table(view)
    if table is None:
        return None
    me = view.me
    acted = [e for e in view.history if isinstance(e, PlayerActed) and e.player != me]
    raises = [e for e in acted if e.kind in (ActionKind.BET, ActionKind.RAISE)]
    calls = [e for e in acted if e.kind is ActionKind.CALL]
    deep = MAX_CHART_BB * table.big_blind
    if not raises:
        behind = table.order[table.me + 1 :]
        if not behind:  # the big blind after limps: jam only what would call a jam
            first = table.order.index(calls[0].player) if calls else 0
            stack = min(table.chips(me), max(table.chips(p) for p in table.order[:-1]))
            chances = call_chances(table.spot(stack), first, len(table.order) - 1)
            spot = ChartSpot(table, Role.LIMPED, stack, chances, first)
        else:
            stack = min(table.chips(me), max(table.chips(p) for p in behind))
            spot = ChartSpot(table, Role.PUSH, stack, jam_chances(table.spot(stack), table.me))
        return spot if spot.stack <= deep else None
    raiser = raises[0].player
    stack = min(table.chips(me), table.chips(raiser))
    if stack > deep:
        return None
    opener = table.order.index(raiser)
    after = tuple(e for e in acted if acted.index(e) > acted.index(raises[0]))
    if len(raises) == 1 and not after:
        chances = _calling_range(table, stack, opener)
        return ChartSpot(table, Role.CALL, stack, chances, opener, raiser)
    return ChartSpot(table, Role.MULTIWAY, stack, None, opener, raiser, tuple(raises), after)


def short_stack(
    view: PlayerView,
    rng: random.Random,
    *,
    icm: bool = False,
    reads: OpponentBook | None = None,
) -> Decision | None:
    """The chart's answer (normal), or (hard: ``icm`` and ``reads``) the best answer to
    the opponents as read, in prizes near the money and in chips elsewhere; ``None`` where
    the chart has no spot (:func:`chart_spot`): the caller plays its own game then."""
    spot = chart_spot(view)
    if spot is None:
        return None
    table = spot.table
    assert view.tournament is not None
    near = icm and view.tournament.near_the_money(len(view.seats))
    hand = class_of_cards(*view.my_cards)
    if spot.role is Role.MULTIWAY:
        return _multiway(table, spot.raises, spot.after, near)
    if (near or reads is not None) and spot.role is Role.PUSH:
        return _best_jam(replace(table, reads=reads, in_prizes=near), hand, spot)
    if (near or reads is not None) and spot.role is Role.CALL:
        best = prize_call(view, reads=reads, in_prizes=near)
        assert best is not None
        return best.decision(view)
    return _by_chart(spot, hand, rng)


# --------------------------------------------------------------------------- the spot


def _table(view: PlayerView) -> Table | None:
    big = next((s.position for s in view.seats if s.blind is BlindKind.BIG), None)
    if big is None or view.min_bet <= 0:
        return None
    n = len(view.seats)
    antes = sum(e.amount for e in view.history if isinstance(e, AntePosted))
    return Table(
        view,
        preflop_order(n, big),
        [s.stack + s.invested for s in view.seats],
        view.min_bet,
        antes / n / view.min_bet,
    )


def _jam_range(table: Table, stack: int, opener: int) -> Chances:
    n = len(table.order)
    return jam_chances(table.spot(stack), min(opener, n - 2))


def _calling_range(table: Table, stack: int, opener: int) -> Chances:
    """The chart's calls against a jam from ``opener`` at my seat (after a limp, or when the
    big blind jams over a limp, the heads-up call)."""
    if opener < table.me:
        return call_chances(table.spot(stack), opener, table.me)
    return call_chances(Spot(2, stack / table.big_blind, table.ante_bb), 0, 1)


# --------------------------------------------------------------------------- chips


def _count(stack: int, table: Table) -> int:
    return max(1, round(stack / table.big_blind))


#: per question, the reasons for playing the hand and for letting it go
_CHART_REASONS = {
    Role.PUSH: ("chart_push", "chart_push_fold"),
    Role.LIMPED: ("chart_push", "chart_push_fold"),
    Role.CALL: ("chart_call_jam", "chart_fold_jam"),
}


def _by_chart(spot: ChartSpot, hand: int, rng: random.Random) -> Decision:
    """Play the hand as often as the chart does (a mixed hand by chance): all in (a call
    when that is all the chart's caller can do), else check or fold."""
    legal = spot.table.view.legal
    assert legal is not None and spot.chances is not None
    share = range_share(spot.chances)
    play, drop = _CHART_REASONS[spot.role]
    chance = spot.chances[hand]
    if chance > 0 and rng.random() < chance:
        # against a smaller raise the chart's caller puts everything in, as against a jam
        action = legal.all_in_action() if legal.can_raise else call_or_check(legal)
        return because(action, play, count=spot.count, range=share)
    return because(check_or_fold(legal), drop, count=spot.count, range=share)


def _multiway(
    table: Table, raises: Sequence[PlayerActed], after: Sequence[PlayerActed], near: bool
) -> Decision:
    """A jam and a call, or a re-raise: my equity against the ranges the chart gives them."""
    view = table.view
    legal = view.legal
    assert legal is not None and view.me is not None
    opener = table.order.index(raises[0].player)
    stack = min(table.chips(view.me), table.chips(raises[0].player))
    ranges = [_as_range(_jam_range(table, stack, opener))]
    others = [e.player for e in after if e.kind in (ActionKind.CALL, ActionKind.RAISE)]
    for player in dict.fromkeys(others):
        position = table.order.index(player)
        caller = (
            call_chances(table.spot(stack), opener, position)
            if position > opener
            else call_chances(Spot(2, stack / table.big_blind), 0, 1)
        )
        ranges.append(_as_range(caller))
    mine = view.my_cards
    live = [r.without(mine) for r in ranges]
    count = len(live)
    if any(len(r) == 0 for r in live):
        return because(check_or_fold(legal), "est_fold", equity=0.0, need=1.0, count=count)
    share = equity(mine, live, sims=MULTIWAY_SIMS, seed=view.hand_number).equity
    call = min(legal.call_amount, legal.stack)
    pot = sum(table.posted)
    need = call / (pot + call) if call else 0.0
    good = share >= need
    if near and call:
        # in prizes: win the pot, or lose the call to the first raiser; folding leaves the pot
        first = raises[0].player
        win = table.after({view.me: pot}, view.me)
        lose = table.after({view.me: -call, first: pot + call}, view.me)
        fold = table.after({first: pot}, view.me)
        good = share * win + (1 - share) * lose >= fold
    if good:
        action = legal.all_in_action() if legal.can_raise else call_or_check(legal)
        return because(action, "est_call", equity=share, need=need, count=count)
    return because(check_or_fold(legal), "est_fold", equity=share, need=need, count=count)


# --------------------------------------------------------------------------- prizes


def _best_jam(table: Table, hand: int, spot: ChartSpot) -> Decision:
    """First in: jam when what it is worth beats folding (prizes near the money, else chips).

    The players behind call with their ranges (the chart's, widened by reads; given my
    hand: card removal), in turn; the first call is shown down with the equity against
    that range.
    """
    view = table.view
    legal = view.legal
    assert legal is not None and view.me is not None
    me = view.me
    given = _cards().given[hand]
    against = _cards().equity[hand]
    dead = sum(table.posted)
    reach = 1.0
    jam = 0.0
    called_share = 0.0
    for position in table.order[table.me + 1 :]:
        effective = min(table.chips(me), table.chips(position))
        calls = table.caller_range(effective, table.order.index(position))
        called = float(given @ calls)
        if called > 0:
            share = float((given * calls) @ against) / called
            pot = dead + (effective - table.posted[me]) + (effective - table.posted[position])
            mine = {me: -(effective - table.posted[me])}
            theirs = {position: -(effective - table.posted[position])}
            win = table.worth({**theirs, me: mine[me] + pot}, me)
            lose = table.worth({**mine, position: theirs[position] + pot}, me)
            jam += reach * called * (share * win + (1 - share) * lose)
            called_share += reach * called * share
        reach *= 1 - called
    jam += reach * table.worth({me: dead}, me)
    fold = table.worth({table.order[-1]: dead}, me)
    if table.in_prizes:
        total = table.prize_pool
        if jam > fold:
            return because(legal.all_in_action(), "icm_push", push=jam / total, fold=fold / total)
        return because(check_or_fold(legal), "icm_fold", push=jam / total, fold=fold / total)
    called_at_all = 1.0 - reach
    equity_called = called_share / called_at_all if called_at_all > 0 else 0.0
    ev = _bb((jam - fold) / table.big_blind)
    if jam > fold:
        return because(legal.all_in_action(), "ev_bet", equity=equity_called, fold=reach, ev=ev)
    return because(check_or_fold(legal), "ev_fold", equity=equity_called, ev=ev)


def _bb(value: float) -> float:
    """An expected value in big blinds, to one decimal and within what a reason may say."""
    return max(-MAX_BB, min(MAX_BB, round(value, 1)))


@dataclass(frozen=True, slots=True)
class PrizeCall:
    """A call of one jam weighed in prizes: my equity against the jammer's chart range, and
    my prize equity (ICM) after winning, after losing and after folding."""

    equity: float
    win: float
    lose: float
    fold: float
    #: the equity the call needs by chips alone (the pot odds)
    chips_need: float
    #: the prizes still to be won (the unit of the three values above)
    pool: float
    #: weighed in chips instead (away from the money): the values are my chips, and this
    #: is the big blind (the unit a reason says them in)
    chips_unit: int = 0

    @property
    def call(self) -> float:
        """My prize equity if I call."""
        return self.equity * self.win + (1 - self.equity) * self.lose

    @property
    def icm_need(self) -> float:
        """The equity the call needs by the prizes (where calling and folding are worth
        the same)."""
        spread = self.win - self.lose
        return 1.0 if spread <= 0 else min(1.0, max(0.0, (self.fold - self.lose) / spread))

    def decision(self, view: PlayerView) -> Decision:
        """Call (all in) when it is worth more than folding."""
        legal = view.legal
        assert legal is not None
        good = self.call > self.fold
        action = legal.all_in_action() if legal.can_raise else call_or_check(legal)
        if self.chips_unit:
            ev = _bb((self.call - self.fold) / self.chips_unit)
            if good:
                return because(action, "ev_call", equity=self.equity, need=self.chips_need, ev=ev)
            return because(check_or_fold(legal), "ev_fold", equity=self.equity, ev=ev)
        called, folded = self.call / self.pool, self.fold / self.pool
        if good:
            return because(action, "icm_call", call=called, fold=folded)
        return because(check_or_fold(legal), "icm_pass", call=called, fold=folded)


def prize_call(
    view: PlayerView, *, reads: OpponentBook | None = None, in_prizes: bool = True
) -> PrizeCall | None:
    """Facing one jam (or raise, answered as a jam) in a tournament at 20 big blinds or
    less: the call weighed in prizes (or, ``in_prizes`` off, in chips), the jammer on the
    chart's range or, with ``reads``, as wide as they are read; ``None`` in any other spot."""
    spot = chart_spot(view)
    if spot is None or spot.role is not Role.CALL or view.me is None:
        return None
    assert spot.opener is not None and spot.raiser is not None
    table = replace(spot.table, reads=reads, in_prizes=in_prizes)
    me, raiser = view.me, spot.raiser
    hand = class_of_cards(*view.my_cards)
    given = _cards().given[hand] * table.jammer_range(spot.stack, spot.opener)
    weight = float(given.sum())
    share = float(given @ _cards().equity[hand]) / weight if weight > 0 else 0.5
    dead = sum(table.posted)
    mine = -(spot.stack - table.posted[me])
    theirs = -(spot.stack - table.posted[raiser])
    pot = dead - mine - theirs
    win = table.worth({me: mine + pot, raiser: theirs}, me)
    lose = table.worth({me: mine, raiser: theirs + pot}, me)
    fold = table.worth({raiser: dead}, me)
    need = -mine / pot if pot else 0.0
    unit = 0 if in_prizes else table.big_blind
    return PrizeCall(share, win, lose, fold, need, table.prize_pool, unit)


@functools.cache
def _top_cached(percent: int) -> Chances:
    chances = np.zeros(169)
    for name, weight in Range.top(max(1, percent) / 10).classes().items():
        chances[_CLASS_INDEX[name]] = weight / class_combos(_CLASS_INDEX[name])
    chances.setflags(write=False)
    return chances


def top_range(share: float) -> Chances:
    """The strongest ``share`` of all hands, per class (to a tenth of a percent)."""
    return _top_cached(min(1000, round(share * 1000)))


def _as_range(chances: Chances) -> Range:
    weights = chances[HAND_CLASS]
    keep = weights > 0
    if not keep.any():
        keep = np.ones_like(keep)
        weights = np.ones_like(weights)
    return Range.from_combos(
        (int(a), int(b), float(w)) for (a, b), w in zip(HANDS[keep], weights[keep], strict=True)
    )


# --------------------------------------------------------------------------- deep stacks

#: a deep decision that puts this share of the chips the player began the hand with into
#: the pot is weighed in prizes before it is made
RISKY_SHARE = 0.5


def survive(view: PlayerView, decision: Decision) -> Decision:
    """Hard, deeper than the chart in a tournament: a bet, raise or call that risks half its
    chips or more is weighed in prizes (ICM) with the bot's own equity against the range it
    read, as if called (no fold equity is counted), and given up for a check or a fold when
    busting costs more prize equity than winning earns.

    Chips are not prizes at any stage of a sit-and-go: the bot's chip-EV play is kept
    wherever the tournament life is not at stake.
    """
    legal, me, info, reason = view.legal, view.me, view.tournament, decision.reason
    if legal is None or me is None or info is None or reason is None or reason.key is None:
        return decision
    action = decision.action
    if action.kind not in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
        return decision
    values = {name: value for name, value in reason.params}
    share = values.get("equity")
    if not isinstance(share, int | float):
        return decision
    seat = view.seats[me]
    began = seat.stack + seat.invested
    added = legal.call_amount if action.kind is ActionKind.CALL else (action.amount or 0) - seat.bet
    added = min(max(0, added), seat.stack)
    if began <= 0 or (seat.invested + added) < RISKY_SHARE * began:
        return decision
    rival = _main_rival(view)
    if rival is None:
        return decision
    middle = sum(s.invested for s in view.seats)
    # the rival matches what it can of the chips added (a bet is called, a call closes)
    matched = min(added, view.seats[rival].stack + max(0, seat.bet + added - view.seats[rival].bet))
    table = _prize_table(view)
    win = table.after({me: middle + matched, rival: -matched}, me)
    lose = table.after({me: -added, rival: middle + added}, me)
    # judged as if called: over a short tournament the read fold rates are mostly the book's
    # prior, and a bluff of the whole stack into players who do not fold ends the tournament
    risky = float(share) * win + (1 - float(share)) * lose
    safe_action = check_or_fold(legal)
    # checking keeps my share of the pot in play; folding gives it to the rival
    safe = (
        table.after({}, me)
        if safe_action.kind is ActionKind.CHECK
        else table.after({rival: middle}, me)
    )
    if risky >= safe:
        return decision
    total = table.prize_pool
    return because(safe_action, "icm_risk", risk=risky / total, keep=safe / total)


def _main_rival(view: PlayerView) -> int | None:
    """The opponent still in the hand with the most chips behind: the one to bust me."""
    live = [s for s in view.seats if s.position != view.me and not s.folded]
    if not live:
        return None
    return max(live, key=lambda s: s.stack + s.bet).position


def _prize_table(view: PlayerView) -> Table:
    """The hand as :meth:`Table.after` weighs it (in prizes)."""
    n = len(view.seats)
    return Table(view, list(range(n)), [s.stack + s.invested for s in view.seats], 1, 0.0)
