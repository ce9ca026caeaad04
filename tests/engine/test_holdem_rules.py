"""Named No-Limit Hold'em rules, each in a hand built to reach it.

Positions: 0 is the small blind (left of the button), 1 the big blind, n-1 the button;
heads-up 0 is the big blind and 1 the button, who posts the small blind.
"""

from __future__ import annotations

import pytest

from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.events import (
    BetReturned,
    BlindPosted,
    BoardDealt,
    CardsMucked,
    CardsShown,
    PlayerActed,
    PotAwarded,
    Street,
)
from holdem_tui.engine.hand import Phase
from tests.support.scripted import holdem

FOUR = ["2c3d", "4c5d", "6c7d", "8c9d"]


def test_preflop_starts_left_of_big_blind_and_postflop_left_of_button() -> None:
    hand = holdem([100] * 4, FOUR, ["AsKsQh", "2h", "3h"])
    assert hand.actor == 2
    hand.check_or_call()  # UTG calls
    hand.check_or_call()  # button calls
    hand.check_or_call()  # small blind completes
    hand.check_or_call()  # big blind checks
    assert hand.street is Street.FLOP
    assert hand.actor == 0


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = holdem([100, 100], ["2c3d", "4c5d"], ["AsKsQh", "2h", "3h"])
    posted = [e for e in hand.events if isinstance(e, BlindPosted)]
    assert [(e.player, e.amount, e.kind) for e in posted] == [(0, 2, "bb"), (1, 1, "sb")]
    assert hand.actor == 1
    hand.check_or_call()
    assert hand.actor == 0
    hand.check_or_call()
    assert hand.street is Street.FLOP
    assert hand.actor == 0
    hand.check_or_call()
    assert hand.actor == 1


def test_bet_at_least_big_blind_raise_at_least_last_full_raise_at_most_stack() -> None:
    hand = holdem([500] * 3, FOUR[:3], ["AsKsQh", "2h", "3h"], blinds=(5, 10))
    legal = hand.legal_actions()
    assert legal is not None
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (10, 20, 500)
    hand.raise_to(45)  # button raises by 35
    legal = hand.legal_actions()
    assert legal is not None
    assert (legal.call_amount, legal.min_raise_to) == (40, 80)
    with pytest.raises(IllegalAction) as refused:
        hand.raise_to(79)
    assert refused.value.reason == "below_min"
    with pytest.raises(IllegalAction) as refused:
        hand.raise_to(501)
    assert refused.value.reason == "above_max"
    hand.check_or_call()
    hand.check_or_call()
    assert hand.street is Street.FLOP
    legal = hand.legal_actions()
    assert legal is not None
    assert legal.is_bet and legal.can_check and legal.can_fold
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 455)


def test_all_in_for_less_is_always_allowed() -> None:
    hand = holdem([30, 500, 500], FOUR[:3], ["AsKsQh", "2h", "3h"], blinds=(5, 10))
    hand.raise_to(200)  # button
    legal = hand.legal_actions()
    assert legal is not None and legal.player == 0
    assert legal.call_amount == 25  # capped at the stack
    assert not legal.can_raise
    events = hand.act(Action.all_in())
    acted = next(e for e in events if isinstance(e, PlayerActed))
    assert (acted.kind, acted.amount, acted.all_in) == ("call", 25, True)


def test_short_all_in_does_not_reopen_betting_for_a_player_who_acted() -> None:
    hand = holdem([1000, 1000, 1000, 150], FOUR, ["AsKsQh", "2h", "3h"], blinds=(5, 10))
    hand.raise_to(100)  # UTG raises by 90
    hand.raise_to(150)  # button all-in: a raise of only 50
    hand.fold()  # small blind
    big_blind = hand.legal_actions()
    assert big_blind is not None and big_blind.player == 1
    assert big_blind.can_raise and big_blind.min_raise_to == 240  # BB has not acted yet
    hand.check_or_call()
    utg = hand.legal_actions()
    assert utg is not None and utg.player == 2
    assert utg.call_amount == 50 and not utg.can_raise
    with pytest.raises(IllegalAction):
        hand.raise_to(400)
    assert hand.can_check_or_call() and hand.can_fold()


@pytest.mark.parametrize(("second_all_in", "reopens"), [(215, True), (180, False)])
def test_short_all_ins_that_add_up_to_a_full_raise_reopen_betting(
    second_all_in: int, reopens: bool
) -> None:
    stacks = [1000, 1000, 1000, 150, second_all_in]
    hand = holdem(stacks, [*FOUR, "TcJd"], ["AsKsQh", "2h", "3h"], blinds=(5, 10))
    hand.raise_to(100)  # UTG: a full raise of 90
    hand.raise_to(150)  # short all-in: +50
    hand.raise_to(second_all_in)  # short all-in: +65 (together 115 >= 90) or +30 (80 < 90)
    hand.check_or_call()  # small blind calls: someone can still answer a raise
    hand.fold()
    utg = hand.legal_actions()
    assert utg is not None and utg.player == 2
    assert utg.can_raise is reopens
    if reopens:
        assert utg.min_raise_to == second_all_in + 90


def test_no_raise_is_offered_when_every_opponent_is_all_in() -> None:
    hand = holdem([1000, 1000, 40], FOUR[:3], ["AsKsQh", "2h", "3h"], blinds=(5, 10))
    hand.act(Action.all_in())  # button all-in for 40
    hand.fold()
    legal = hand.legal_actions()
    assert legal is not None and legal.player == 1
    assert legal.call_amount == 30 and not legal.can_raise


def test_uncalled_chips_go_back() -> None:
    hand = holdem([40, 100], ["2c3d", "4c5d"], ["AsKsQh", "2h", "3h"])
    hand.raise_to(100)  # button all-in for 100
    hand.check_or_call()  # big blind calls all-in for 40
    returned = [e for e in hand.events if isinstance(e, BetReturned)]
    assert [(e.player, e.amount) for e in returned] == [(1, 60)]
    assert hand.is_complete and sum(hand.stacks) == 140


def test_when_everyone_folds_only_the_unmatched_part_goes_back() -> None:
    hand = holdem([1000] * 3, FOUR[:3], blinds=(5, 10))
    hand.raise_to(60)  # button
    hand.fold()
    hand.fold()
    returned = [(e.player, e.amount) for e in hand.events if isinstance(e, BetReturned)]
    awards = [(e.amount, e.shares) for e in hand.events if isinstance(e, PotAwarded)]
    assert returned == [(2, 50)]
    assert awards == [(25, ((2, 25),))]
    assert hand.stacks == [995, 990, 1015]


def test_three_way_all_in_two_side_pots_and_a_tie_in_one() -> None:
    # board gives the pair of queens to both tied players; aces full trips win the main pot
    hand = holdem(
        [200, 500, 50, 100],
        ["Qc8d", "Qh8h", "AhAd", "3c4d"],
        ["AsKsQd", "7c", "2h"],
    )
    hand.act(Action.all_in())  # UTG 50
    hand.act(Action.all_in())  # button 100
    hand.act(Action.all_in())  # small blind 200
    hand.check_or_call()  # big blind calls 198
    pots = [(p.amount, p.eligible) for p in hand.pots]
    assert pots == [(200, (0, 1, 2, 3)), (150, (0, 1, 3)), (200, (0, 1))]
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [a.shares for a in awards] == [((2, 200),), ((0, 75), (1, 75)), ((0, 100), (1, 100))]
    assert hand.stacks == [175, 475, 200, 0]


def test_folded_chips_above_the_largest_all_in_go_to_the_side_pot() -> None:
    hand = holdem(
        [1000, 1000, 60, 1000],
        ["2c3d", "4c5d", "AhAd", "7c8c"],
        ["KsQsJd", "9c", "2h"],
    )
    hand.act(Action.all_in())  # UTG all-in 60
    hand.raise_to(300)  # button
    hand.check_or_call()  # small blind calls 300
    hand.fold()  # big blind folds its 2
    assert hand.street is Street.FLOP
    hand.raise_to(400)  # small blind bets
    hand.fold()  # button folds 300 chips above the all-in
    pots = [(p.amount, p.eligible) for p in hand.pots]
    assert pots == [(182, (0, 2)), (480, (0,))]
    assert hand.stacks == [1180, 998, 182, 700]


def test_odd_chips_go_one_at_a_time_from_left_of_the_button() -> None:
    hand = holdem(
        [100] * 5,
        ["2c3d", "4c5d", "6c7d", "8c9d", "2h3h"],
        ["AsKsQs", "Js", "Ts"],
        antes=[1] * 5,
    )
    hand.check_or_call()  # UTG calls 2
    hand.fold()
    hand.fold()
    hand.check_or_call()  # small blind completes
    hand.check_or_call()  # big blind checks
    for _ in range(3):
        for _ in range(3):
            hand.check_or_call()
    assert hand.is_complete
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert award.amount == 11
    assert award.shares == ((0, 4), (1, 4), (2, 3))
    assert hand.stacks == [101, 101, 100, 99, 99]


def test_all_in_runs_the_board_out_with_hands_face_up_and_no_more_betting() -> None:
    hand = holdem([100, 100, 100], FOUR[:3], ["AsKsQh", "2h", "3h"])
    hand.act(Action.all_in())
    hand.act(Action.all_in())
    hand.check_or_call()
    assert hand.is_complete
    kinds = [type(e).__name__ for e in hand.events]
    first_board = kinds.index("BoardDealt")
    assert kinds[:first_board].count("CardsShown") == 3
    assert "PlayerActed" not in kinds[first_board:]
    assert len(hand.board) == 5


def test_last_river_aggressor_shows_first_and_a_beaten_hand_is_mucked() -> None:
    hand = holdem([100, 100, 100], ["KhKd", "7c2d", "AhAd"], ["9s8s3c", "4d", "Jh"])
    for _ in range(3):
        hand.check_or_call()  # preflop: button calls, SB completes, BB checks
    for _ in range(2):
        for _ in range(3):
            hand.check_or_call()  # flop and turn checked through
    hand.check_or_call()  # SB checks the river
    hand.raise_to(10)  # BB bets: last aggressor
    hand.check_or_call()  # button calls
    hand.check_or_call()  # SB calls
    shown = [e.player for e in hand.events if isinstance(e, CardsShown)]
    mucked = [e.player for e in hand.events if isinstance(e, CardsMucked)]
    assert shown == [1, 2]  # the bettor first, then clockwise; the aces beat seven high
    assert mucked == [0]  # kings lose to the aces already shown
    assert hand.stacks == [88, 88, 124]


def test_without_a_river_bet_the_first_seat_left_of_the_button_shows_first() -> None:
    hand = holdem([100, 100, 100], ["AhAd", "7c2d", "KhKd"], ["9s8s3c", "4d", "Jh"])
    while not hand.is_complete:
        hand.check_or_call()
    shown = [e.player for e in hand.events if isinstance(e, CardsShown)]
    assert shown[0] == 0


def test_players_may_choose_to_show_or_muck_when_left_to_them() -> None:
    hand = holdem([100, 100], ["AhAd", "KhKd"], ["9s8s3c", "4d", "Jh"], showdown_policy=None)
    while hand.phase is Phase.BETTING:
        hand.check_or_call()
    assert hand.phase is Phase.SHOWDOWN
    first = hand.actor
    assert first == 0
    with pytest.raises(IllegalAction):
        hand.show_or_muck(1, True)  # not its turn
    hand.show_or_muck(0, True)
    assert hand.can_show_or_muck(1, False)
    hand.show_or_muck(1, False)  # beaten kings are mucked
    assert hand.is_complete and hand.stacks == [102, 98]


def test_a_player_cannot_muck_away_a_pot_nobody_else_can_win() -> None:
    hand = holdem([100, 100], ["2h3d", "KhKd"], ["9s8s4c", "5d", "Jh"], showdown_policy=None)
    while hand.phase is Phase.BETTING:
        hand.check_or_call()
    hand.show_or_muck(0, False)  # first to show gives up
    assert hand.must_show(1)
    assert not hand.can_show_or_muck(1, False)


def test_winner_of_an_uncontested_pot_may_show() -> None:
    hand = holdem([100, 100, 100], FOUR[:3], ["AsKsQh", "2h", "3h"])
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    assert hand.is_complete
    assert hand.can_show_voluntarily(2) and not hand.can_show_voluntarily(0)
    events = hand.show_voluntarily(2)
    assert isinstance(events[0], CardsShown) and events[0].voluntary
    assert not hand.can_show_voluntarily(2)


def test_a_mucked_hand_may_still_be_shown_after_the_hand() -> None:
    hand = holdem([100, 100, 100], ["KhKd", "7c2d", "AhAd"], ["9s8s3c", "4d", "Jh"])
    hand.fold()  # button folds
    while not hand.is_complete:
        hand.check_or_call()
    mucked = [e.player for e in hand.events if isinstance(e, CardsMucked)]
    assert mucked == [1]  # seven high loses to the kings shown first
    assert hand.can_show_voluntarily(1)
    assert not hand.can_show_voluntarily(0)  # already shown
    assert not hand.can_show_voluntarily(2)  # folded
    stacks = list(hand.stacks)
    shown = hand.show_voluntarily(1)
    assert isinstance(shown[0], CardsShown) and shown[0].voluntary
    assert hand.stacks == stacks


def test_antes_uniform_and_big_blind_ante_are_dead_money_in_the_main_pot() -> None:
    uniform = holdem([100] * 3, FOUR[:3], ["AsKsQh", "2h", "3h"], antes=[2, 2, 2])
    assert uniform.total_pot == 6 + 3
    bb_ante = holdem([100] * 3, FOUR[:3], ["AsKsQh", "2h", "3h"], antes=[0, 2, 0])
    assert bb_ante.stacks == [99, 96, 100]
    bb_ante.fold()
    bb_ante.fold()
    assert bb_ante.is_complete and bb_ante.stacks == [99, 101, 100]


def test_board_is_dealt_three_one_one() -> None:
    hand = holdem([100, 100], ["2c3d", "4c5d"], ["AsKsQh", "2h", "3h"])
    while not hand.is_complete:
        hand.check_or_call()
    boards = [e for e in hand.events if isinstance(e, BoardDealt)]
    assert [(b.street, len(b.cards)) for b in boards] == [
        (Street.FLOP, 3),
        (Street.TURN, 1),
        (Street.RIVER, 1),
    ]
