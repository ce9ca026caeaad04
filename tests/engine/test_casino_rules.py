"""Casino-exact rules where pokerkit 0.7.7 is not the standard (issue 11), each in a hand
with chosen cards. Positions: Hold'em 0 = small blind, 1 = big blind, n-1 = button
(heads-up 0 = big blind); draw 0 = left of the button, n-1 = button.

docs/rules.md lists the same rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.events import CardsMucked, CardsShown, PotAwarded, Street
from holdem_tui.engine.hand import Hand, Phase
from holdem_tui.history.phh import loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.history.phh_write import dumps
from tests.support.scripted import draw, holdem

FOUR = ["2c3d", "4c5d", "6c7d", "8c9d"]
BOARD = ["AsKsQh", "2h", "3h"]
DRAW3 = ["2c3c4c5c7d", "2d3d4d5d7h", "2h3h4h5h7s"]


def _legal(hand: Hand):  # type: ignore[no-untyped-def]
    legal = hand.legal_actions()
    assert legal is not None
    return legal


def _refusal(hand: Hand, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        hand.act(action)
    return refused.value.reason


# ---------------------------------------------------------------- 1. short all-in, no limit


def test_a_short_all_in_over_the_big_blind_does_not_reopen_for_the_limper() -> None:
    # blinds 5/10: UTG calls 10, the button is all-in for 15 (+5, not a full raise)
    hand = holdem([500, 500, 500, 15], FOUR, BOARD, blinds=(5, 10))
    hand.check_or_call()  # UTG limps
    hand.act(Action.all_in())  # button: raise to 15
    hand.fold()  # small blind
    big_blind = _legal(hand)
    assert big_blind.player == 1 and big_blind.can_raise  # has not acted yet
    assert big_blind.min_raise_to == 25  # the big blind is the last full bet: 15 + 10
    hand.check_or_call()
    utg = _legal(hand)
    assert utg.player == 2 and utg.call_amount == 5
    assert not utg.can_raise and utg.can_fold
    assert _refusal(hand, Action.raise_to(25)) == "not_reopened"


def test_a_short_all_in_bet_on_the_flop_does_not_reopen_for_the_checker() -> None:
    # flop, big blind 10: A checks, B bets all-in 5, C calls: A may only call or fold
    hand = holdem([500, 15, 500], FOUR[:3], BOARD, blinds=(5, 10))
    for _ in range(3):
        hand.check_or_call()  # button calls, small blind completes, big blind checks
    assert hand.street is Street.FLOP
    hand.check_or_call()  # A (small blind) checks
    hand.act(Action.all_in())  # B bets 5, below the big blind
    button = _legal(hand)
    assert button.can_raise and button.min_raise_to == 15  # not acted: may raise by 10
    hand.check_or_call()  # C calls 5
    a = _legal(hand)
    assert a.player == 0 and a.call_amount == 5 and not a.can_raise
    assert _refusal(hand, Action.raise_to(15)) == "not_reopened"


def test_a_short_all_in_that_opens_preflop_leaves_the_next_player_a_full_raise() -> None:
    # UTG is all-in for 15 over a 10 big blind: the button has not acted and may raise,
    # by at least the big blind (the opening bet), not by the 5 the all-in added
    hand = holdem([500, 500, 15, 500], FOUR, BOARD, blinds=(5, 10))
    hand.act(Action.all_in())
    button = _legal(hand)
    assert button.can_raise and (button.call_amount, button.min_raise_to) == (15, 25)
    hand.check_or_call()
    hand.fold()
    hand.check_or_call()  # big blind calls
    assert hand.street is Street.FLOP


def test_several_short_all_ins_adding_up_to_a_full_bet_reopen_the_flop() -> None:
    # flop, big blind 10: A checks, B all-in 6, C all-in 12 (+6): 12 >= 10 reopens for A
    hand = holdem([500, 16, 22, 500], FOUR, BOARD, blinds=(5, 10))
    for _ in range(4):
        hand.check_or_call()
    assert hand.street is Street.FLOP
    hand.check_or_call()  # A checks
    hand.act(Action.all_in())  # B: 6
    hand.act(Action.all_in())  # C: 12, a raise of 6
    hand.check_or_call()  # button calls 12
    a = _legal(hand)
    assert a.player == 0 and a.can_raise and a.min_raise_to == 22


# ---------------------------------------------------------------- 2. short big blind


def test_a_short_big_blind_is_still_called_in_full_and_keeps_only_its_main_pot() -> None:
    # blinds 5/10, the big blind has 6
    hand = holdem([500, 6, 500, 500], ["2c3d", "AhAd", "6c7d", "8c9d"], BOARD, blinds=(5, 10))
    utg = _legal(hand)
    assert utg.player == 2 and utg.call_amount == 10  # not 6
    assert utg.min_raise_to == 20  # two big blinds
    hand.check_or_call()
    hand.fold()  # button
    small_blind = _legal(hand)
    assert small_blind.call_amount == 5  # completes to 10
    hand.check_or_call()
    assert hand.street is Street.FLOP
    assert [(p.amount, p.eligible) for p in hand.pots] == [(18, (0, 1, 2)), (8, (0, 2))]
    while not hand.is_complete:
        hand.check_or_call()
    awards = [e.shares for e in hand.events if isinstance(e, PotAwarded)]
    assert awards[0] == ((1, 18),)  # the aces win only what they matched
    assert sum(hand.stacks) == 1506


def test_after_the_flop_an_all_in_bet_below_the_big_blind_is_called_for_its_amount() -> None:
    hand = holdem([500, 13, 500], FOUR[:3], BOARD, blinds=(5, 10))
    for _ in range(3):
        hand.check_or_call()
    hand.check_or_call()  # small blind checks
    hand.act(Action.all_in())  # big blind bets 3
    assert _legal(hand).call_amount == 3  # only the blind is special


def test_a_short_big_blind_alone_is_called_only_for_what_could_be_won() -> None:
    # heads-up, the big blind has 6: the button's extra 4 could only come back, so it owes 1
    hand = holdem([6, 500], ["AhAd", "2c3d"], BOARD, blinds=(5, 10))
    button = _legal(hand)
    assert button.player == 1 and button.call_amount == 1 and not button.can_raise
    hand.check_or_call()
    assert hand.is_complete and hand.stacks == [12, 494]


# ---------------------------------------------------------------- 3. partial ante


def test_a_partial_ante_wins_only_as_much_of_each_ante_in_draw() -> None:
    # ante 10, the first player can post only 4: it can win 3 x 4 = 12, not 24
    hand = draw([4, 100, 100], ["AhAdAcKsKd", *DRAW3[1:]], ante=10, small_bet=10)
    assert hand.config.ante_trimming
    while not hand.is_complete:
        legal = _legal(hand)
        hand.act(Action.draw(()) if legal.can_draw else Action.check())
    assert hand.stacks == [12, 96, 96]


def test_a_partial_ante_wins_only_its_share_in_holdem_and_the_rest_is_a_side_pot() -> None:
    # --stack 23 --ante 5 style: the big blind posts 5 of a 10 ante and 0 of its blind
    hand = holdem(
        [100, 5, 100, 100], ["2c3d", "AhAd", "6c7d", "8c9d"], BOARD, blinds=(5, 10), antes=[10] * 4
    )
    assert hand.config.ante_trimming
    while not hand.is_complete:
        hand.check_or_call()
    awards = [(e.amount, e.shares) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards[0] == (20, ((1, 20),))  # 5 of each of the four antes
    assert sum(a for a, _ in awards) == 5 + 3 * 20
    assert hand.stacks[1] == 20


def test_partial_antes_are_written_as_ante_trimming_and_foreign_files_keep_their_field() -> None:
    hand = draw([4, 100, 100], ["AhAdAcKsKd", *DRAW3[1:]], ante=10, small_bet=10)
    while not hand.is_complete:
        legal = _legal(hand)
        hand.act(Action.draw(()) if legal.can_draw else Action.check())
    text = dumps(hand)
    assert "ante_trimming_status = true" in text
    assert replay(loads(text)[0]).finishing_stacks == (12, 96, 96)
    # a foreign history that played the antes as dead money replays as it was played
    foreign = text.replace("ante_trimming_status = true", "ante_trimming_status = false")
    assert replay(loads(foreign)[0]).finishing_stacks == (24, 90, 90)
    full = draw([100, 100], DRAW3[:2], ante=10, small_bet=10)
    assert not full.config.ante_trimming


# ---------------------------------------------------------------- 4. showdown when nobody bet


def _check_down(hand: Hand) -> None:
    while hand.phase in (Phase.BETTING, Phase.DRAWING):
        legal = _legal(hand)
        hand.act(Action.draw(()) if legal.can_draw else Action.check())


def test_a_draw_pot_of_antes_only_is_shown_down_and_the_winner_shows() -> None:
    # Ana, Ben, Cid all check twice: the first left of the button shows, Ben's trips win
    hand = draw([100] * 3, ["2c3c4c5c7d", "AhAdAcKsQd", "2h3h4h5h7s"], ante=5, small_bet=10)
    _check_down(hand)
    assert hand.is_complete
    shown = [e.player for e in hand.events if isinstance(e, CardsShown)]
    mucked = [e.player for e in hand.events if isinstance(e, CardsMucked)]
    assert shown == [0, 1] and mucked == [2]
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert award.amount == 15 and award.shares == ((1, 15),)


def test_the_last_player_in_an_antes_only_pot_cannot_muck_it() -> None:
    hand = draw([100, 100], DRAW3[:2], ante=5, small_bet=10)
    hand.showdown_policy = None
    _check_down(hand)
    assert hand.phase is Phase.SHOWDOWN and hand.actor == 0
    assert hand.could_win(0)  # the antes are a pot: the first to show could win it
    hand.show_or_muck(0, False)
    # the last player in the pot is turned up: it can never be mucked away
    shown = [e.player for e in hand.events if isinstance(e, CardsShown)]
    assert shown == [1] and hand.is_complete
    assert hand.stacks == [95, 105]


def test_holdem_checked_through_every_street_shows_down_from_left_of_the_button() -> None:
    hand = holdem([100] * 3, ["7c2d", "AhAd", "KhKd"], ["9s8s3c", "4d", "Jh"])
    hand.check_or_call()
    hand.check_or_call()
    hand.check_or_call()
    _check_down(hand)
    shown = [e.player for e in hand.events if isinstance(e, CardsShown)]
    assert shown == [0, 1]  # seven high first, then the aces; the kings muck
    assert hand.stacks == [98, 104, 98]


# ---------------------------------------------------------------- 5. short all-in, fixed limit


@pytest.mark.parametrize(
    ("b_all_in", "a_may_raise", "a_call"), [(15, True, 5), (14, False, 4)], ids=["15", "14"]
)
def test_fixed_limit_all_in_of_half_a_bet_reopens(
    b_all_in: int, a_may_raise: bool, a_call: int
) -> None:
    # limits 10/20: A bets 10, B all-in to 15 (or 14), C calls
    hand = draw([100, b_all_in + 1, 100], DRAW3, ante=1, small_bet=10)
    hand.raise_to(10)  # A
    hand.act(Action.all_in())  # B
    c = _legal(hand)
    assert c.min_raise_to == (25 if a_may_raise else 20)  # 14 is only completed to 20
    hand.check_or_call()  # C
    a = _legal(hand)
    assert a.call_amount == a_call and a.can_raise is a_may_raise
    if a_may_raise:
        assert a.min_raise_to == a.max_raise_to == 25
    else:
        assert _refusal(hand, Action.raise_to(24)) == "not_reopened"


@pytest.mark.parametrize(("b_all_in", "raises_left"), [(15, False), (14, True)])
def test_fixed_limit_all_in_counts_towards_the_cap_only_from_half_a_bet(
    b_all_in: int, raises_left: bool
) -> None:
    # cap 3: A bets (1), B all-in (2 if at least half a bet), C raises (3 or 2)
    hand = draw([100, b_all_in + 1, 100], DRAW3, ante=1, small_bet=10, cap=3)
    hand.raise_to(10)
    hand.act(Action.all_in())
    hand.raise_to(_legal(hand).min_raise_to)
    a = _legal(hand)
    assert a.can_raise is raises_left
    if not raises_left:
        assert _refusal(hand, Action.raise_to(35)) == "raise_cap"


def test_fixed_limit_opening_all_in_under_half_a_bet_is_completed_to_a_full_bet() -> None:
    hand = draw([5, 100, 100], DRAW3, ante=1, small_bet=10)
    hand.act(Action.all_in())  # bets 4: less than half of 10
    b = _legal(hand)
    assert (b.call_amount, b.min_raise_to, b.max_raise_to) == (4, 10, 10)
    hand.raise_to(10)  # the completion is the first full bet
    c = _legal(hand)
    assert (c.call_amount, c.min_raise_to) == (10, 20)


# ---------------------------------------------------------------- 8. fold always allowed


def test_folding_is_allowed_when_checking_is_free() -> None:
    hand = holdem([100, 100, 100], FOUR[:3], BOARD)
    hand.check_or_call()
    hand.check_or_call()
    legal = _legal(hand)
    assert legal.can_check and legal.can_fold  # the big blind may check, or fold
    hand.fold()
    assert hand.live == [True, False, True]


def test_a_draw_player_may_fold_after_everyone_checked() -> None:
    hand = draw([100, 100, 100], DRAW3)
    hand.check_or_call()
    assert _legal(hand).can_check and hand.can_fold()
    hand.act(Action.fold())
    assert not hand.live[1]


# ---------------------------------------------------------------- 9. clean refusals


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Action.bet(4), "draw_only"),
        (Action.raise_to(8), "draw_only"),
        (Action.fold(), "draw_only"),
        (Action.check(), "draw_only"),
        (Action.call(), "draw_only"),
        (Action.all_in(), "draw_only"),
    ],
)
def test_a_betting_move_during_the_draw_is_refused_cleanly(action: Action, reason: str) -> None:
    hand = draw([100, 100], DRAW3[:2])
    hand.check_or_call()
    hand.check_or_call()
    assert hand.phase is Phase.DRAWING
    events = len(hand.events)
    assert not hand.can(action)
    assert _refusal(hand, action) == reason
    assert len(hand.events) == events and hand.phase is Phase.DRAWING


def test_a_draw_during_the_betting_is_refused_cleanly() -> None:
    hand = draw([100, 100], DRAW3[:2])
    assert _refusal(hand, Action.draw(())) == "no_draw_now"
    with pytest.raises(IllegalAction) as refused:
        hand.draw(())
    assert refused.value.reason == "no_draw_now"  # the same reason by every route
    assert not hand.can_draw(())


# ---------------------------------------------------------------- replay --json


def _finish(hand: Hand) -> None:
    while not hand.is_complete:
        legal = _legal(hand)
        if legal.can_draw:
            hand.act(Action.draw(()))
        else:
            hand.act(Action.call() if legal.call_amount else Action.check())


def test_replay_json_gives_the_casino_bounds_of_hands_that_record_these_rules(
    tmp_path: Path,
) -> None:
    short_all_in = holdem([500, 500, 500, 15], FOUR, BOARD, blinds=(5, 10))
    short_all_in.check_or_call()
    short_all_in.act(Action.all_in())
    short_all_in.fold()
    _finish(short_all_in)
    short_blind = holdem([500, 6, 500, 500], FOUR, BOARD, blinds=(5, 10))
    short_blind.fold()
    _finish(short_blind)
    limit = draw([100, 16, 100], DRAW3, ante=1, small_bet=10)
    limit.raise_to(10)
    limit.act(Action.all_in())
    _finish(limit)
    paths = []
    for name, hand in (("allin", short_all_in), ("blind", short_blind), ("limit", limit)):
        path = tmp_path / f"{name}.phh"
        path.write_text(dumps(hand))
        paths.append(str(path))
    result = CliRunner().invoke(main, ["replay", "--json", *paths])
    assert result.exit_code == 0, result.output
    lines = {Path(j["file"]).stem: j for j in map(json.loads, result.stdout.splitlines())}
    # 1: the limper, facing the button's short all-in, may only call 5
    limper_again = lines["allin"]["decisions"][4]
    assert limper_again == {
        "actor": "p3", "to_call": 5, "can_raise": False, "min_raise_to": None, "max_raise_to": None
    }  # fmt: skip
    # 2: the big blind has 6, yet the button calls 10 and may raise to 20
    button = lines["blind"]["decisions"][1]
    assert (button["actor"], button["to_call"], button["min_raise_to"]) == ("p4", 10, 20)
    # 5: B's all-in to 15 is half a bet: A, who bet, may raise to 25
    bettor_again = lines["limit"]["decisions"][3]
    assert bettor_again == {
        "actor": "p1", "to_call": 5, "can_raise": True, "min_raise_to": 25, "max_raise_to": 25
    }  # fmt: skip


def test_the_last_player_in_a_side_pot_has_nothing_to_fold_after_a_free_fold() -> None:
    # two all-in players; the two with chips build a side pot, then on the river the first
    # folds although checking was free: the other is alone in that pot and is not asked
    hand = holdem([200, 200, 20, 20], ["2c3d", "AhKd", "QcQd", "JcJd"], ["9s8s3c", "4d", "5h"])
    hand.act(Action.all_in())  # UTG 20
    hand.act(Action.all_in())  # button 20
    hand.raise_to(50)  # small blind
    hand.check_or_call()  # big blind
    hand.raise_to(30)  # flop: small blind bets
    hand.check_or_call()
    hand.check_or_call()  # turn: checks
    hand.check_or_call()
    hand.fold()  # river: the small blind folds for free
    assert hand.is_complete
    awards = [(e.amount, e.shares) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards[1] == (120, ((1, 120),))  # the side pot is the big blind's
