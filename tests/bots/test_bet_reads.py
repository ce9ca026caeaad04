"""How the hard bot reads a bet: polarised from a regular, wide from a maniac (issue 33).

A regular who bets about as often as a polarised range allows bets its strong hands and
some air; a player seen to bet nearly every time it may bets its middle hands too. The
hard draw bot used to read both as the regular, and folded its pairs and two pairs to a
maniac after the draw. In Hold'em the reference regulars keep the polarised read at any
rate (a balanced regular's frequent bets are polarised, see ``WIDE_RATES``); the hard bot
reads a flop bet wider from a player who bets the flop 70% or more of the time
(``HARD_WIDE_RATES``: a regular c-bets about 60%, a loose-aggressive player 90%), and
counts that bet in what checking to it is worth (``check_value``).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from holdem_tui.bots.holdem_heads_up import HARD_WIDE_RATES, check_value, realize
from holdem_tui.bots.range_model import WIDE_RATES, StreetRead, WideRates, action_factor, wideness
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


def pot_bet(street: str, bets: int, wide: WideRates = WIDE_RATES) -> np.ndarray:
    """The per-hand chance of a pot-sized bet from a player who bet ``bets`` in 100, as
    a reader with the ``wide`` rates reads it."""
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
        wide=wide,
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


def test_hard_reads_a_loose_flop_cbettor_wide_and_a_regular_polarised() -> None:
    # a regular's 60% c-bet: polarised for the hard bot as for everyone
    assert wideness(0.6, "flop", HARD_WIDE_RATES) == 0.0
    assert share(pot_bet("flop", 60, HARD_WIDE_RATES), MIDDLE) < 0.06
    # a loose-aggressive 90% c-bet: no part of its range is read as checking (the
    # polarised read leaves a gap between its value and its air)
    loose, polarised = pot_bet("flop", 90, HARD_WIDE_RATES), pot_bet("flop", 90)
    assert loose.min() > 0.65 > polarised.min()
    assert share(loose, MIDDLE) > share(polarised, MIDDLE)
    assert share(loose, TOP) < share(polarised, TOP)
    # later streets stay polarised: a regular barrels 85-90% into a capped range
    assert all(wideness(1.0, street, HARD_WIDE_RATES) == 0.0 for street in ("turn", "river"))


def _read(equity: np.ndarray) -> StreetRead:
    """My equity against each combo of a range of evenly weighted strengths."""
    combos = np.zeros((len(STRENGTH), 2), dtype=np.int8)
    return StreetRead(combos, np.ones(len(STRENGTH)), equity, STRENGTH)


def test_checking_air_to_a_bettor_is_worth_less_than_its_equity() -> None:
    air = _read(np.full(len(STRENGTH), 0.25))  # two overcards: 25% against everything
    pot = 100
    bare = realize(0.25, 0.9) * pot
    # against a player who bets when checked to, checking gives up most of that share
    assert check_value(air, 0.8, "flop", pot, 0.6, 0.9) < 0.5 * bare
    # against one who never bets, checking keeps it
    assert check_value(air, 0.0, "flop", pot, 0.6, 0.9) == pytest.approx(bare, rel=0.05)


def test_checking_a_good_hand_to_a_loose_cbettor_earns_its_bet() -> None:
    # a hand ahead of 70% of the range (my equity falls with their strength)
    good = _read(np.clip(1.3 - STRENGTH, 0.0, 1.0) * 0.9)
    pot = 100
    bare = realize(good.mean_equity(), 0.9) * pot
    # a 95% flop c-bettor bets its middle and air into the check: the check earns more
    # than the bare share of the pot, and more than against a regular's polarised bets
    loose = check_value(good, 0.95, "flop", pot, 0.6, 0.9)
    regular = check_value(good, 0.6, "flop", pot, 0.6, 0.9)
    assert loose > bare
    assert loose > regular
