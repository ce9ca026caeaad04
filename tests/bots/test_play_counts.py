"""The one counter of how players play (VPIP, PFR, 3-bets, c-bets...), as the bots read
their opponents and as the simulator reports seats."""

from __future__ import annotations

from dataclasses import asdict, replace

from holdem_tui.bots.reads import OpponentBook
from holdem_tui.bots.stats import HandCounter, StyleCounts, betting_spots
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Hand
from tests.support.scripted import holdem

SB, BB, UTG, BTN = range(4)


def _three_bet_and_cbet() -> Hand:
    """UTG opens to 6, the button 3-bets to 18, both blinds fold, UTG calls; on the flop
    UTG checks, the button c-bets 20 and UTG folds."""
    hand = holdem(
        [200] * 4, ["2c3d", "4c5d", "AhKh", "QsQd"], ["7c8d9h", "Ts", "Js"], blinds=(1, 2)
    )
    for action in (
        Action.raise_to(6),
        Action.raise_to(18),
        Action.fold(),
        Action.fold(),
        Action.call(),
        Action.check(),
        Action.bet(20),
        Action.fold(),
    ):
        hand.act(action)
    assert hand.is_complete
    return hand


def _counted(hand: Hand) -> list[StyleCounts]:
    counts = [StyleCounts(hands=1) for _ in range(hand.n)]
    counter = HandCounter()
    for spot in betting_spots(hand.events):
        counter.count(spot, counts[spot.player])
    return counts


def test_the_opener_who_meets_a_three_bet_and_folds_to_the_cbet() -> None:
    utg = _counted(_three_bet_and_cbet())[UTG]
    assert (utg.voluntary, utg.raised_first_round) == (1, 1)  # VPIP and PFR once each
    assert (utg.open_chances, utg.opens) == (1, 1)
    assert (utg.faced_3bet, utg.folded_to_3bet, utg.fourbets) == (1, 0, 0)
    assert utg.faced_open == 0  # its own open
    assert (utg.aggressive, utg.calls) == (1, 1)
    assert (utg.faced_bet, utg.folded_to_bet) == (2, 1)
    assert (utg.later_actions, utg.later_aggressive) == (1, 0)  # the check; folds do not count
    assert (utg.faced_later_bet, utg.folded_later_bet, utg.raised_later_bet) == (1, 1, 0)
    assert utg.cbet_chances == 0


def test_the_three_bettor_who_cbets() -> None:
    btn = _counted(_three_bet_and_cbet())[BTN]
    assert (btn.voluntary, btn.raised_first_round, btn.aggressive) == (1, 1, 2)
    assert btn.open_chances == 0  # UTG was in already
    assert (btn.faced_raise_first_round, btn.reraised) == (1, 1)
    assert (btn.faced_open, btn.threebets) == (1, 1)
    assert (btn.cbet_chances, btn.cbets) == (1, 1)
    assert (btn.later_actions, btn.later_aggressive) == (1, 1)


def test_blinds_that_fold_put_nothing_in_voluntarily() -> None:
    for blind in _counted(_three_bet_and_cbet())[SB : BB + 1]:
        assert (blind.voluntary, blind.raised_first_round) == (0, 0)
        assert (blind.faced_bet, blind.folded_to_bet, blind.faced_raise_first_round) == (1, 1, 1)
        assert blind.faced_open == 0  # they met the 3-bet, not a lone open


def test_a_bot_deciding_many_times_in_a_hand_counts_each_action_once() -> None:
    """The book sees a growing history at each of its decisions; every action counts once,
    exactly as one pass over the whole hand does."""
    hand = _three_bet_and_cbet()
    expected = _counted(hand)
    book = OpponentBook()
    final = hand.view(None)
    for cut in range(1, len(final.history) + 1):
        book.update(replace(final, history=final.history[:cut]))
    for position in range(hand.n):
        assert StyleCounts(**asdict(book.of(final, position))) == expected[position], position


def test_counts_add_up_across_chunks() -> None:
    one, two = _counted(_three_bet_and_cbet())[UTG], _counted(_three_bet_and_cbet())[UTG]
    one.add(two)
    assert (one.hands, one.voluntary, one.faced_3bet) == (2, 2, 2)
