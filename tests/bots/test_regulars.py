"""The reference regulars (``--bots balanced``, ``adaptive``): honest, legal, not folders.

They are the yardstick the hard level is measured by (issue 33), so the tests hold them to
what makes a yardstick fair: they play every game legally from their own view, the
balanced one defends by the minimum-defence share instead of folding to every bet, and
the adaptive one moves off its balanced play only once an opponent has shown a habit,
in the direction that punishes it.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from holdem_tui.bots.reads import OpponentBook
from holdem_tui.bots.reference import AdaptiveRegular, BalancedRegular
from holdem_tui.bots.reference.exploits import NEUTRAL, read_exploits
from holdem_tui.cli import main
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.measure.simulator import SimConfig, run


def test_regulars_play_both_games_legally_at_every_table_size() -> None:
    for game in (Variant.HOLDEM, Variant.DRAW):
        for bots in (("balanced", "adaptive"), ("hard", "balanced", "adaptive", "balanced")):
            report = run(SimConfig(game=game, bots=bots, hands=12, seed=5, workers=1))
            assert report.hands == 12
            assert all(seat.faults == 0 for seat in report.seats), (game, bots)


def test_simulate_seats_the_regulars_by_name() -> None:
    args = ["simulate", "--bots", "hard,Balanced,adaptive", "--hands", "6", "--workers", "1"]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    assert [seat["bot"] for seat in data["seats"]] == ["hard", "balanced", "adaptive"]


def _bets_half_the_pot(view: PlayerView) -> Action:
    """Calls before the flop, then bets half the pot whenever it may, calls a raise."""
    legal = view.legal
    assert legal is not None
    if view.board and legal.can_raise and legal.call_amount == 0:
        return legal.bet_or_raise(legal.clamp(legal.current_bet + view.total_pot // 2))
    return Action.call() if legal.call_amount else Action.check()


@pytest.mark.slow
def test_the_balanced_regular_defends_against_bets_by_the_minimum_defence() -> None:
    """Half-pot bets on every street: the minimum defence is two thirds of the range, so
    it folds about a third of the time, never the 87% of a folder."""
    bot = BalancedRegular(3)
    faced = folds = 0
    for number in range(120):
        me = number % 2
        names = ("regular", "bettor") if me == 0 else ("bettor", "regular")
        config = holdem_config([1000, 1000], 5, 10, hand_number=number + 1, names=names)
        hand = HoldemHand(config, Dealer(7_000 + number))
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            if actor != me:
                hand.act(_bets_half_the_pot(view), actor)
                continue
            action = bot.decide(view)
            legal = view.legal
            assert legal is not None
            if view.board and legal.call_amount:
                faced += 1
                folds += action.kind.value == "fold"
            hand.act(action, actor)
    assert faced >= 60
    assert 0.15 <= folds / faced <= 0.45, (folds, faced)


def _view(names: tuple[str, str]) -> PlayerView:
    hand = HoldemHand(holdem_config([1000, 1000], 5, 10, names=names), Dealer(1))
    return hand.view(hand.actor)


def test_the_adaptive_regular_exploits_only_what_it_has_seen() -> None:
    view = _view(("villain", "me"))
    book = OpponentBook()
    assert read_exploits(book, view, 0) == NEUTRAL  # nothing seen: balanced
    stats = book.of(view, 0)
    notes = book.tendencies(view, 0)
    stats.hands = 150
    for _ in range(60):  # 3-bets every open, folds to every 3-bet, folds to every c-bet
        notes.add(("3bet_open", "bb"), True)
        notes.add(("fold_3bet",), True)
        notes.add(("fold", "-", "flop", "medium"), True)
    stats.cbet_chances, stats.cbets = 60, 15
    knobs = read_exploits(book, view, 0)
    assert knobs.continue_3bet > 1.2 and knobs.fourbet_bluffs > 1.5  # meets its 3-bets
    assert knobs.threebet_bluffs > 1.5  # 3-bets it light: it folds to them
    assert knobs.cbet_bluffs > 1.5  # c-bets into its folds
    assert knobs.defend_cbet < 0  # it rarely c-bets: its c-bets are strong


def test_the_adaptive_regular_is_the_balanced_one_until_it_has_notes() -> None:
    """The same seed plays the same first hands: nothing is exploited before the notes."""
    plays = []
    for bot in (BalancedRegular(4), AdaptiveRegular(4)):
        hand = HoldemHand(holdem_config([1000] * 3, 5, 10, names=("a", "b", "c")), Dealer(2))
        view = hand.view(hand.actor)
        plays.append(bot.decide(view))
    assert plays[0] == plays[1]
