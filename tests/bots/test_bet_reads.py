"""How the hard bot reads a bet: polarised from a regular, wide from a maniac (issue 33).

A regular who bets about as often as a polarised range allows bets its strong hands and
some air; a player seen to bet nearly every time it may bets its middle hands too. The
hard draw bot used to read both as the regular, and folded its pairs and two pairs to a
maniac after the draw. Hold'em keeps the polarised read at any rate (measured: a
balanced regular's frequent bets are polarised, see ``WIDE_RATES``).
"""

from __future__ import annotations

import itertools

import numpy as np

from holdem_tui.bots.range_model import action_factor, wideness
from holdem_tui.bots.tendencies import Tendencies
from holdem_tui.engine.actions import ActionKind

STRENGTH = np.linspace(0.0, 1.0, 1001)
MIDDLE = (STRENGTH > 0.4) & (STRENGTH < 0.6)
TOP = STRENGTH > 0.8


def bettor(street: str, bets: int, chances: int) -> Tendencies:
    """Notes on a player who bet ``street`` first ``bets`` times of ``chances``."""
    notes = Tendencies()
    for i in range(chances):
        notes.add(("bet", "agg", street, "-"), i < bets)
    return notes


def pot_bet(street: str, bets: int) -> np.ndarray:
    """The per-hand chance of a pot-sized bet from a player who bet ``bets`` in 100."""
    factor = action_factor(
        ActionKind.BET,
        STRENGTH,
        bettor(street, bets, 100),
        street=street,
        role="agg",
        checked=False,
        checked_to=False,
        facing=0,
        need=0,
        pot=100,
        amount=100,
    )
    assert factor is not None
    return factor


def share(weights: np.ndarray, part: np.ndarray) -> float:
    return float(weights[part].sum() / weights.sum())


def test_after_the_draw_a_regulars_bet_is_polarised_a_maniacs_is_its_whole_range() -> None:
    regular = pot_bet("postdraw", 30)
    maniac = pot_bet("postdraw", 100)
    # the regular bets its top and some air, hardly ever its middle hands
    assert share(regular, MIDDLE) < 0.03
    assert share(regular, TOP) > 0.6
    # the maniac's bet says almost nothing: the middle keeps its share of the range
    assert share(maniac, MIDDLE) > 0.15
    assert share(maniac, TOP) < 0.25


def test_the_read_widens_with_the_bet_rate_and_not_before() -> None:
    assert wideness(0.2, "postdraw") == 0.0 and wideness(0.45, "postdraw") == 0.0
    assert 0.0 < wideness(0.6, "postdraw") < wideness(0.7, "postdraw") < 1.0
    assert wideness(0.8, "postdraw") == 1.0 and wideness(1.0, "postdraw") == 1.0
    middles = [share(pot_bet("postdraw", b), MIDDLE) for b in (30, 60, 75, 90, 100)]
    assert all(a <= b + 1e-9 for a, b in itertools.pairwise(middles))
    assert middles[0] < 0.03 < 0.15 < middles[-2]


def test_holdem_bets_stay_polarised_at_any_rate() -> None:
    assert all(wideness(rate, street) == 0.0 for rate in (0.5, 1.0) for street in ("flop", "river"))
    # at 65 bets in 100 the river read still leaves the middle out; after the draw the
    # same rate already reads the bettor wider
    assert (
        share(pot_bet("river", 65), MIDDLE) < 0.06 < 0.09 < share(pot_bet("postdraw", 65), MIDDLE)
    )
