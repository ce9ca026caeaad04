"""Named Five-Card Draw rules. Positions: 0 is left of the button, n-1 the button."""

from __future__ import annotations

import random

import pytest

from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.events import AntePosted, CardsDrawn, PotAwarded, Street
from holdem_tui.engine.hand import Dealer, Hand, Phase
from holdem_tui.engine.table import play_hand
from tests.support.scripted import draw


def _check_down(hand: Hand) -> None:
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(Action.draw(()) if legal.can_draw else Action.check())


@pytest.mark.parametrize(
    ("wheel_vs", "wheel_wins"),
    [("2c3d4s5h6c", False), ("AhAcAdKcQd", True)],
    ids=["six-high straight beats the wheel", "the wheel beats three aces"],
)
def test_wheel_is_the_lowest_straight(wheel_vs: str, wheel_wins: bool) -> None:
    hand = draw([100, 100], ["As2d3c4h5s", wheel_vs])
    _check_down(hand)
    assert (hand.stacks[0] > 100) is wheel_wins


def test_flush_against_flush_is_decided_by_the_second_card() -> None:
    hand = draw([100, 100], ["AhKh9h5h2h", "AsQs9s5s2s"])
    _check_down(hand)
    assert hand.stacks == [101, 99]


def test_suits_never_break_a_tie() -> None:
    hand = draw([100, 100], ["AhKh9h5h2h", "AsKs9s5s2s"])
    _check_down(hand)
    assert hand.stacks == [100, 100]


def test_everyone_antes_and_the_first_round_starts_left_of_the_button() -> None:
    hand = draw([100] * 4, ["2c3c4c5c7d", "2d3d4d5d7h", "2h3h4h5h7s", "2s3s4s5s8c"], ante=3)
    antes = [e.amount for e in hand.events if isinstance(e, AntePosted)]
    assert antes == [3, 3, 3, 3]
    assert hand.street is Street.PREDRAW and hand.actor == 0
    legal = hand.legal_actions()
    assert legal is not None and legal.is_bet and legal.can_check
    assert legal.min_raise_to == legal.max_raise_to == 2  # exactly the small bet


def test_heads_up_order_left_of_button_first_in_every_round_and_the_draw() -> None:
    hand = draw([100, 100], ["2c3c4c5c7d", "2d3d4d5d7h"])
    assert hand.actor == 0
    hand.check_or_call()
    assert hand.actor == 1
    hand.check_or_call()
    assert hand.phase is Phase.DRAWING and hand.actor == 0
    hand.draw(())
    assert hand.actor == 1
    hand.draw(())
    assert hand.street is Street.POSTDRAW and hand.actor == 0
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 4  # the big bet


@pytest.mark.parametrize("cap", [3, 4])
def test_raises_stop_at_the_cap(cap: int) -> None:
    hand = draw([100] * 3, ["2c3c4c5c7d", "2d3d4d5d7h", "2h3h4h5h7s"], cap=cap)
    to = 0
    for _ in range(cap):
        legal = hand.legal_actions()
        assert legal is not None and legal.can_raise
        to += 2
        hand.raise_to(to)
    legal = hand.legal_actions()
    assert legal is not None
    assert not legal.can_raise and legal.call_amount > 0
    with pytest.raises(IllegalAction) as refused:
        hand.raise_to(to + 2)
    assert refused.value.reason == "raise_cap"


def test_draw_limits_and_refusals() -> None:
    hand = draw([100, 100], ["2c3c4c5c7d", "2d3d4d5d7h"], draws={0: "KsKhKd"})
    hand.check_or_call()
    hand.check_or_call()
    legal = hand.legal_actions()
    assert legal is not None and legal.can_draw and legal.max_discards == 3
    with pytest.raises(IllegalAction) as refused:
        hand.draw(parse_cards("2c3c4c5c"))
    assert refused.value.reason == "too_many_discards"
    with pytest.raises(IllegalAction) as refused:
        hand.draw(parse_cards("2d"))
    assert refused.value.reason == "not_your_card"
    hand.draw(parse_cards("2c3c4c"))
    assert sorted(hand.hole[0]) == sorted(parse_cards("5c7dKsKhKd"))


def test_others_see_only_how_many_cards_were_drawn() -> None:
    hand = draw([100, 100], ["2c3c4c5c7d", "2d3d4d5d7h"])
    hand.check_or_call()
    hand.check_or_call()
    hand.draw(parse_cards("2c3c"))
    mine = [e for e in hand.view(0).history if isinstance(e, CardsDrawn)]
    theirs = [e for e in hand.view(1).history if isinstance(e, CardsDrawn)]
    assert mine[0].discarded == parse_cards("2c3c") and mine[0].received is not None
    assert theirs[0].count == 2 and theirs[0].discarded is None and theirs[0].received is None
    assert hand.view(1).seats[0].drawn == 2 and hand.view(1).seats[0].cards is None


def test_discards_never_come_back_and_six_players_cannot_empty_the_deck() -> None:
    for seed in range(50):
        hand = DrawHand(draw_config([100] * 6, 1, 2), Dealer(seed))
        seen: set[int] = set()
        for cards in hand.hole:
            seen.update(cards)
        hand.check_or_call()
        while hand.phase is Phase.BETTING:
            hand.check_or_call()
        while hand.phase is Phase.DRAWING:
            legal = hand.legal_actions()
            assert legal is not None
            hand.draw(legal.hand[:3])
        discarded = set(hand.discarded)
        assert len(discarded) == 18
        for cards in hand.hole:
            assert not discarded & set(cards)
            new = set(cards) - seen
            assert len(new) == 3
            seen.update(new)
        assert len(seen) == 48
        assert hand.dealer.remaining == 4


def test_short_all_in_makes_a_side_pot() -> None:
    hand = draw(
        [4, 100, 100],
        ["AhAdAcKsKd", "2c3d4h5s7c", "2d3h4s5c8d"],
    )
    hand.raise_to(2)  # pos 0 bets with 3 chips left after the ante
    hand.raise_to(4)
    hand.check_or_call()
    legal = hand.legal_actions()
    assert legal is not None and legal.call_amount == 1 and not legal.can_raise
    hand.check_or_call()  # all-in for less
    assert [(p.amount, p.eligible) for p in hand.pots] == [(12, (0, 1, 2)), (2, (1, 2))]
    while not hand.is_complete:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(Action.draw(()) if legal.can_draw else Action.check())
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert awards[0].shares == ((0, 12),)
    assert hand.stacks[0] == 12


def test_rest_of_the_hand_plays_on_without_betting_when_nobody_can_bet() -> None:
    hand = draw([3, 3], ["AhAdAcKsKd", "2c3d4h5s7c"])
    hand.act(Action.all_in())
    hand.check_or_call()
    assert hand.phase is Phase.DRAWING  # the draw still happens
    hand.draw(())
    hand.draw(parse_cards("7c"))
    assert hand.is_complete
    assert hand.stacks == [6, 0]


def test_folded_player_sees_no_hidden_cards() -> None:
    rng = random.Random(4)
    for seed in range(30):
        hand = DrawHand(draw_config([50] * 4, 1, 2), Dealer(seed))
        folded: set[int] = set()
        while not hand.is_complete:
            legal = hand.legal_actions()
            assert legal is not None
            for viewer in folded:
                view = hand.view(viewer)
                for seat in view.seats:
                    if seat.position != viewer and not seat.shown:
                        assert seat.cards is None
            if legal.can_draw:
                hand.act(Action.draw(legal.hand[: rng.randint(0, 3)]))
            elif legal.can_fold and rng.random() < 0.4:
                folded.add(legal.player)
                hand.fold()
            else:
                hand.check_or_call()


@pytest.mark.slow
def test_bots_only_sessions_conserve_chips() -> None:
    rng = random.Random(9)

    def agent(view):  # type: ignore[no-untyped-def]
        legal = view.legal
        if legal.can_draw:
            return Action.draw(legal.hand[: rng.randint(0, 3)])
        if legal.can_raise and rng.random() < 0.3:
            return Action.raise_to(legal.min_raise_to)
        return Action.call() if legal.call_amount else Action.check()

    for seed in range(200):
        hand = DrawHand(draw_config([rng.randint(1, 40) for _ in range(5)], 1, 2), Dealer(seed))
        start = sum(hand.config.starting_stacks)
        play_hand(hand, [agent] * 5)
        assert sum(hand.stacks) == start and min(hand.stacks) >= 0
