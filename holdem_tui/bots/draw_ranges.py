"""Five-Card Draw ranges before the draw, as bands of a hand chart over a pool of hands.

Hold'em ranges are "the top x% of starting hands"; draw ranges can be read the same way
once every five-card hand has a place in a chart. A hand's strength before the draw is
its class: made hands by what they make (two pair and better, then pairs by rank, then
high cards), a four-flush or an open-ended straight draw valued like a small pair, which
is about what each is worth against a drawing opponent. :func:`percentile_before` places
each hand of a pool among all hands (0 the best, 100 the worst), so "he opens 45%, folds
half of that to a raise" becomes a band of the pool, as in Hold'em. The pool is dealt
from the cards the reader cannot see (:func:`~holdem_tui.bots.draw_montecarlo.build_pool`),
and :func:`pool_share` is my pot share against a weighted band of it.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.draw_montecarlo import Classified, IntArray, build_pool
from holdem_tui.engine.evaluator import Category

Array = npt.NDArray[np.float64]

#: what a four-flush or an open-ended straight draw (with no pair) counts as
DRAW_STRENGTH = 0.31
#: random hands the chart is measured on
CHART_SAMPLE = 20_000


def strength_before(info: Classified) -> Array:
    """Each hand's strength before the draw, 0..1 (see the module docstring)."""
    score: Array = info.score.astype(np.float64)
    drawing = info.drawing & (info.category == Category.HIGH_CARD)
    score[drawing] = DRAW_STRENGTH
    return score


@cache
def _chart() -> Array:
    """Strengths before the draw of a fixed sample of random hands, sorted."""
    pool = build_pool((), CHART_SAMPLE, np.random.default_rng(20_261_204))
    return np.sort(strength_before(pool.before))


def percentile_before(info: Classified) -> Array:
    """Each hand's place among all hands before the draw: 0 the best .. 100 the worst."""
    chart = _chart()
    score = strength_before(info)
    below = np.searchsorted(chart, score, side="left")
    upto = np.searchsorted(chart, score, side="right")
    out: Array = 100.0 * (len(chart) - upto + 0.5 * (upto - below)) / len(chart)
    return out


def band(pct: Array, low: float, high: float, soft: float = 2.0) -> Array:
    """1 for hands in the chart band (low, high] percent, with soft edges."""
    upper = 1.0 / (1.0 + np.exp(-(high - pct) / soft))
    if low <= 0.0:
        return upper
    lower: Array = 1.0 / (1.0 + np.exp(-(pct - low) / soft))
    out: Array = upper * lower
    return out


def pool_share(mine: IntArray, values: IntArray, weights: Array) -> float:
    """My mean pot share with the values ``mine`` (one per simulated draw) against one
    opponent holding the pool hand of value ``values`` with the chances ``weights``."""
    total = float(weights.sum())
    if total <= 0:
        return 0.5
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    cum = np.concatenate([[0.0], np.cumsum(weights[order])])
    below = cum[np.searchsorted(ordered, mine, side="left")]
    upto = cum[np.searchsorted(ordered, mine, side="right")]
    return float(((below + 0.5 * (upto - below)) / total).mean())
