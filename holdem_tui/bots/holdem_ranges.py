"""Opponent hold'em ranges built from public actions, for the hard level's Monte Carlo.

A seat that raised first in is given its observed raising range (tight players a narrow
top slice, a maniac nearly everything); a 3-bettor a third of that; a caller or limper
its voluntary range with the top removed (it would have raised those); a blind that just
checked, anything. After the flop each bet or raise shifts weight towards combos that
make strong hands on this board and each call away from air, by a strength that shrinks
for opponents seen to bet a lot (their bets mean less).
"""

from __future__ import annotations

import itertools
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.holdem_common import PERCENTILE
from holdem_tui.bots.reads import PlayerStats, SeatRead
from holdem_tui.engine.evaluator import evaluate_batch
from holdem_tui.engine.ranges import Range, hand_class


def _all_combos() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64]]:
    pairs = [(max(a, b), min(a, b)) for a, b in itertools.combinations(range(52), 2)]
    combos = np.array(pairs, dtype=np.int8)
    pct = np.array([PERCENTILE[hand_class(a, b)] for a, b in pairs], dtype=np.float64)
    return combos, pct


#: all 1,326 combos (higher card first) and each one's preflop percentile (0.5 = aces)
ALL_COMBOS, COMBO_PERCENTILE = _all_combos()
_FULL: Final = np.ones(len(ALL_COMBOS))


def percentile_range(weights: npt.NDArray[np.float64]) -> Range:
    """A range over all combos with the given per-combo weights (zeros dropped)."""
    keep = weights > 0
    return Range(ALL_COMBOS[keep], weights[keep])


def preflop_weights(seat: SeatRead, stats: PlayerStats) -> npt.NDArray[np.float64]:
    """Per-combo weights from how the seat entered the pot and its observed tendencies."""
    pct = COMBO_PERCENTILE
    raise_pct = float(np.clip(100.0 * stats.raise_rate(), 4.0, 100.0))
    vpip_pct = float(np.clip(100.0 * stats.vpip(), raise_pct + 5.0, 100.0))
    action = seat.last_raise or seat.entry
    if action == "reraise":
        top = float(np.clip(100.0 * stats.reraise_rate(), 2.5, 100.0))
        return np.where(pct <= top, 1.0, np.where(pct <= top * 2.0, 0.25, 0.0))
    if action == "raise":
        # an open is read by how often they open when they can (heads-up buttons open wide)
        open_pct = float(np.clip(100.0 * stats.open_rate(), 4.0, 100.0))
        return np.where(pct <= open_pct, 1.0, np.where(pct <= open_pct * 1.3, 0.3, 0.0))
    if action in ("call", "limp"):
        core = np.where(pct <= vpip_pct, 1.0, np.where(pct <= vpip_pct * 1.3, 0.25, 0.0))
        # the strongest hands would mostly have raised
        return np.where(pct <= raise_pct * 0.5, core * 0.35, core)
    return _FULL.copy()


def strength_quantile(rng_range: Range, board: tuple[int, ...]) -> npt.NDArray[np.float64]:
    """Each combo's place in the range by its made hand on ``board``: 0 weakest .. 1 best."""
    combos = rng_range.combos.astype(np.int64)
    cards = np.concatenate(
        [combos, np.broadcast_to(np.array(board, dtype=np.int64), (len(combos), len(board)))],
        axis=1,
    )
    values = evaluate_batch(cards, validate=False).astype(np.float64)
    order = np.argsort(values, kind="stable")
    cumulative = np.cumsum(rng_range.weights[order])
    q = np.empty(len(values))
    q[order] = cumulative / cumulative[-1]
    return q


def calling_range(rng_range: Range, board: tuple[int, ...], fold: float) -> Range:
    """The part of a range that calls a bet from a player who folds ``fold`` of the time.

    A value bet is worth making when it is ahead of this range, not of the whole range:
    against a folder only strong hands call, against a calling station nearly all do,
    which is what makes the hard bot value-bet thinner against callers.
    """
    if len(rng_range) == 0 or len(board) < 3:
        return rng_range
    q = strength_quantile(rng_range, board)
    cut = float(np.clip(fold, 0.05, 0.9))
    return rng_range.reweighted(0.03 + 1.0 / (1.0 + np.exp(-14.0 * (q - cut))))


def narrow_postflop(
    rng_range: Range,
    board: tuple[int, ...],
    bets: int,
    calls: int,
    aggression: float,
    raises: int = 0,
    raise_rate: float = 0.1,
) -> Range:
    """Shift a range towards what bets and calls on this board suggest.

    ``bets``/``calls`` count the seat's bets-or-raises and calls after the first round;
    ``aggression`` is how often the seat bets when it may (its observed share of
    aggressive actions, or its c-bet rate for a c-bet): the more often, the wider the
    range its bets come from. ``raises`` of those bets were raises over a bet, read
    from the top ``raise_rate`` (how often the seat raises a bet) of the range.
    """
    if (bets == 0 and calls == 0) or len(rng_range) == 0 or len(board) < 3:
        return rng_range
    q = strength_quantile(rng_range, board)
    factor = np.ones(len(q))
    # A player who bets a share f of the time bets roughly the strongest f of its range
    # plus some air: a habitual bettor (f near 1) says little with a bet, a rare one a lot.
    f = float(np.clip(aggression, 0.12, 0.9))
    air = 0.04 + 0.2 * f * f
    for _ in range(min(bets - raises, 3)):
        factor *= air + (1.0 - air) / (1.0 + np.exp(-14.0 * (q - (1.0 - f))))
        f = max(0.12, f * 0.7)  # a second bet comes from a narrower range
    # a raise over a bet comes from the top ``raise_rate`` of the range, plus a little air
    r = float(np.clip(raise_rate, 0.04, 0.6))
    for _ in range(min(raises, 3)):
        factor *= 0.02 + r * 0.2 + 1.0 / (1.0 + np.exp(-18.0 * (q - (1.0 - r))))
        r = max(0.04, r * 0.6)
    for _ in range(min(calls, 3)):
        factor *= 0.25 + np.minimum(1.0, 1.6 * q)
    return rng_range.reweighted(factor)
