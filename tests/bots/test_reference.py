"""Hard beats three simple reference opponents defined here (modest duplicate runs).

The references are deliberately naive: a calling station, a random legal player and a
maniac who raises whenever it may. Duplicate deals (every deal replayed with the seats
rotated) cut the luck enough that a few hundred deals show the gap; the large measured
runs are in docs/bots.md, not in timed tests.
"""

from __future__ import annotations

import random

import pytest

from holdem_tui.bots.draw_common import keep_made
from holdem_tui.engine.actions import Action
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.measure.simulator import SimConfig, run
from tests.support import scenes


class CallingStation(scenes.CallingStation):
    """Never folds, never raises: checks or calls; draws to its made cards."""

    keeps_made = True


class RandomPlayer:
    """Any legal action with equal chance, raises of random legal size, random discards."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Action:
        """Pick uniformly among what is legal."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            count = self.rng.randint(0, legal.max_discards)
            return Action.draw(tuple(self.rng.sample(list(legal.hand), count)))
        options = [Action.call() if legal.call_amount else Action.check()]
        if legal.call_amount:  # a bot never folds when checking is free
            options.append(Action.fold())
        if legal.can_raise:
            to = self.rng.randint(legal.min_raise_to, legal.max_raise_to)
            options.append(Action.bet(to) if legal.is_bet else Action.raise_to(to))
        return self.rng.choice(options)


class Maniac:
    """Raises whenever it may (a pot-size raise in no-limit), else calls."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "maniac"

    def decide(self, view: PlayerView) -> Action:
        """Raise, raise, raise."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(keep_made(view.my_cards))
        if legal.can_raise:
            pot_raise = legal.current_bet + 2 * legal.call_amount + view.total_pot
            to = max(legal.min_raise_to, min(legal.max_raise_to, pot_raise))
            return Action.bet(to) if legal.is_bet else Action.raise_to(to)
        return Action.call() if legal.call_amount else Action.check()


# (game, reference, hands, stack in big blinds, least bb/100): the maniac and the random
# player push whole stacks around, so they are met at 20 big blinds, where a few hundred
# deals suffice. In draw the maniac is met over 600 deals and must lose at least 60 big
# bets/100: a hard bot that reads its bets as a regular's (polarised: value and air, no
# middle) folds its pairs and two pairs to them and wins about 40 (38 at seed 11, 42 at
# seed 12); reading them as its whole range it wins about 85 (issue 33)
CASES = [
    ("holdem", "CallingStation", 360, 100, 0),
    ("holdem", "RandomPlayer", 800, 20, 0),
    ("holdem", "Maniac", 800, 20, 0),
    ("draw", "CallingStation", 200, 100, 0),
    ("draw", "RandomPlayer", 400, 100, 0),
    ("draw", "Maniac", 600, 100, 60),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "reference", "hands", "stack_bb", "least"), CASES)
def test_hard_beats_the_reference(
    game: str, reference: str, hands: int, stack_bb: int, least: float
) -> None:
    spec = f"{__name__}:{reference}"
    config = SimConfig(
        game=Variant(game),
        bots=("hard", spec) * 2,
        hands=hands,
        seed=11,
        stack=stack_bb * (10 if game == "holdem" else 20),
        duplicate=True,
    )
    report = run(config)
    hard = next(b for b in report.by_bot if b["bot"] == "hard")
    low, _high = hard["bb_per_100_ci95"]
    assert low > 0, report.by_bot
    assert hard["bb_per_100"] >= least, report.by_bot
    assert all(s.faults == 0 for s in report.seats)


# The solid regulars of issue 16 (tests/solid_opponents.py), heads-up at 100 big blinds
# (big bets in draw). Hold'em asks for the +10 bb/100 of the target too; the
# full-size measurements (10,000+ hands) are in docs/bots.md. Pots against the
# loose-aggressive player are big: its Hold'em case needs the most hands.
SOLID_CASES = [
    # 1,600 hands: at 800 the interval's low end fell below zero at some seeds (+65, -3 ..
    # +133 at seed 11 once the Monte Carlo's deal changed, issue 30; +15 at seed 12); at
    # 1,600: +92 (+42 .. +142) at seed 11, +66 (+6 .. +126) at seed 12
    ("holdem", "TightAggressive", 1600),
    # a strict xfail until issue 30's new deal: +42 bb/100 (-13 .. +98) at seed 11 before,
    # +93 (+41 .. +144) after, the same bot (+80, +20 .. +140, at seed 12)
    ("holdem", "LooseAggressive", 2400),
    ("draw", "TightAggressive", 1200),
    ("draw", "LooseAggressive", 600),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "reference", "hands"), SOLID_CASES)
def test_hard_beats_the_solid_regulars_heads_up(game: str, reference: str, hands: int) -> None:
    config = SimConfig(
        game=Variant(game),
        bots=("hard", f"tests.support.solid_opponents:{reference}"),
        hands=hands,
        seed=11,
        duplicate=True,
    )
    report = run(config)
    hard = next(b for b in report.by_bot if b["bot"] == "hard")
    low, _high = hard["bb_per_100_ci95"]
    assert low > 0, report.by_bot
    if game == "holdem":
        assert hard["bb_per_100"] >= 10, report.by_bot
    assert all(s.faults == 0 for s in report.seats)


# The reference regulars of issue 33 (holdem_tui/bots/reference), which neither over-fold
# nor stand still: the balanced one defends by the minimum defence and bluffs by the
# bet's ratio, the adaptive one exploits the hard bot's habits after about 100 hands.
# Heads-up Hold'em at 100 big blinds; the 20,000-hand measurements are in docs/bots.md.
REGULAR_CASES = [("balanced", 1000), ("adaptive", 1000)]


@pytest.mark.slow
@pytest.mark.parametrize(("reference", "hands"), REGULAR_CASES)
def test_hard_beats_the_reference_regulars_heads_up(reference: str, hands: int) -> None:
    config = SimConfig(
        game=Variant.HOLDEM, bots=("hard", reference), hands=hands, seed=11, duplicate=True
    )
    report = run(config)
    hard = next(b for b in report.by_bot if b["bot"] == "hard")
    assert hard["bb_per_100"] >= 30, report.by_bot
    assert all(s.faults == 0 for s in report.seats)
