"""The hand review's "worth a look" marks: a few patterns, each defined by the coach's numbers.

A flag is a pointer, not a verdict: the coach reads opponents from their public actions the
way the hard bot does, and a real opponent may be stronger or weaker than that reading. So
each pattern is narrow, with a margin wider than the reading's usual error, and says the
numbers it was judged by. The set, and why each threshold is where it is:

``call_below_price``
    A call with equity (vs ranges) more than :data:`CALL_MARGIN` (5 points) below the
    break-even equity of the call. Five points: the Monte Carlo error is under half a point,
    and on the flop and turn a call also buys the chance to win more later (implied odds),
    worth a few points; a call short by more than that pays clearly more than it gets back.
``fold_with_equity``
    A fold facing a bet with equity at least :data:`FOLD_MARGIN` (10 points) above the
    break-even equity, after the flop (Hold'em) or after the draw. Before them raw equity
    overstates what a hand wins (offsuit or out-of-position hands realise far less of it),
    and after them a hand that is ahead of the price by 10 points still has room for being
    bet off the hand later (reverse implied odds).
``fold_free``
    A fold when checking was free: it can never win more than checking.
``thin_river_bet``
    A Hold'em river bet or raise with showdown value (at least :data:`SHOWDOWN_VALUE`, 40%,
    against everything they may hold) that wins under :data:`CALLED_EQUITY` (35%) against
    the stronger half of each opponent's range: the hands that call a bet. Betting then
    gets called mostly by better hands and folds out the worse ones it beats at showdown;
    a check would have kept them in. (A bluff, with little showdown value, is not flagged:
    its value is in the folds.)
``passive_river``
    On the last betting round, equity of at least :data:`STRONG` (85%) against their ranges,
    and either a call where a raise was allowed, or a check after which nobody bet. That
    strong a hand is called by enough worse ones for a bet or raise to win more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from holdem_tui.bots.reads import opponents_in_hand
from holdem_tui.coach import Advice
from holdem_tui.coach.advice import range_equity, read_ranges
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.evaluator import evaluate7_batch
from holdem_tui.engine.events import Street
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.variants import Variant, rules_of
from holdem_tui.engine.view import PlayerView

__all__ = [
    "CALLED_EQUITY",
    "CALLING_SHARE",
    "CALL_MARGIN",
    "FLAGS",
    "FOLD_MARGIN",
    "SHOWDOWN_VALUE",
    "STRONG",
    "Flag",
    "assess",
    "calling_range_equity",
]

#: a call this far (as a share) below the break-even equity is flagged
CALL_MARGIN: Final = 0.05
#: a fold facing a bet this far above the break-even equity is flagged (after flop / draw)
FOLD_MARGIN: Final = 0.10
#: a river bet needs this much equity against everything to have showdown value
SHOWDOWN_VALUE: Final = 0.40
#: ... and is flagged when it wins less than this against the hands that call
CALLED_EQUITY: Final = 0.35
#: the stronger share of each opponent's river range taken to call a bet
CALLING_SHARE: Final = 0.5
#: equity on the last round strong enough that checking or only calling is worth a look
STRONG: Final = 0.85

#: every flag key, in the order they are reported
FLAGS: Final = (
    "call_below_price",
    "fold_with_equity",
    "fold_free",
    "thin_river_bet",
    "passive_river_check",
    "passive_river_call",
)


@dataclass(frozen=True, slots=True)
class Flag:
    """One "worth a look" mark: a key of :data:`FLAGS` and the shares it was judged by.

    ``equity`` is the number the flag is about (vs ranges, or against the calling range
    for ``thin_river_bet``), ``need`` the break-even equity where a price is involved.
    """

    key: str
    equity: float
    need: float | None = None


def _last_round(view: PlayerView) -> bool:
    return view.street in (Street.RIVER, Street.POSTDRAW)


def _after_flop_or_draw(view: PlayerView) -> bool:
    if rules_of(view.variant).board_cards:
        return bool(view.board)
    return view.street is Street.POSTDRAW


def calling_range_equity(view: PlayerView, share: float = CALLING_SHARE) -> float | None:
    """Hold'em river: equity against the stronger ``share`` of each opponent's range.

    The ranges are the coach's (as the hard bot reads them from this view); each is cut
    to its best hands on this board by weight, ties at the cut kept. ``None`` where it
    does not apply (not a Hold'em river, nobody left, a range emptied by known cards).
    """
    if view.variant is not Variant.HOLDEM or len(view.board) != 5 or view.me is None:
        return None
    opponents = opponents_in_hand(view)
    if not opponents:
        return None
    known = (*view.my_cards, *view.board)
    board = np.array(view.board, dtype=np.int64)
    calling: list[Range] = []
    for full in read_ranges(view, opponents):
        live = full.without(known)
        if len(live) == 0:
            return None
        combos = live.combos.astype(np.int64)
        hands = np.concatenate([combos, np.broadcast_to(board, (len(combos), 5))], axis=1)
        values = evaluate7_batch(hands, validate=False)
        order = np.argsort(-values.astype(np.int64), kind="stable")
        weights = live.weights[order]
        before = np.cumsum(weights) - weights  # weight of the stronger combos
        cut = values[order][np.searchsorted(before, share * weights.sum(), side="left") - 1]
        keep = values >= cut
        calling.append(Range(live.combos[keep], live.weights[keep]))
    return range_equity(view.my_cards, calling, view.board)


def assess(
    view: PlayerView, action: Action, advice: Advice, *, river_checked_through: bool = False
) -> tuple[Flag, ...]:
    """The flags a choice earns against the coach's numbers for the same view.

    ``river_checked_through`` says whether, after this check, nobody bet on the street (the
    review knows the rest of the hand; the coach does not need to).
    """
    legal = view.legal
    if legal is None:
        return ()
    kind = action.kind
    if kind is ActionKind.ALL_IN:
        kind = legal.all_in_action().kind
    equity, need = advice.equity, advice.break_even
    flags: list[Flag] = []
    if kind is ActionKind.CALL and need is not None and equity < need - CALL_MARGIN:
        flags.append(Flag("call_below_price", equity, need))
    if kind is ActionKind.FOLD:
        if legal.can_check:
            flags.append(Flag("fold_free", equity))
        elif need is not None and _after_flop_or_draw(view) and equity >= need + FOLD_MARGIN:
            flags.append(Flag("fold_with_equity", equity, need))
    if _last_round(view):
        if kind in (ActionKind.BET, ActionKind.RAISE) and equity >= SHOWDOWN_VALUE:
            called = calling_range_equity(view)
            if called is not None and called < CALLED_EQUITY:
                flags.append(Flag("thin_river_bet", called))
        if equity >= STRONG:
            if kind is ActionKind.CHECK and river_checked_through:
                flags.append(Flag("passive_river_check", equity))
            if kind is ActionKind.CALL and legal.can_raise:
                flags.append(Flag("passive_river_call", equity, need))
    return tuple(flags)
