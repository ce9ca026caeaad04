"""How a drill names the bet or raise it offers before the flop (issue 29's English read)."""

from __future__ import annotations

from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.ui.train_text import raise_key


def _hand() -> HoldemHand:
    return HoldemHand(holdem_config([1000] * 4, 5, 10, names=("a", "b", "c", "d")), Dealer(3))


def _key(hand: HoldemHand) -> str:
    legal = hand.legal_actions()
    assert legal is not None
    return raise_key(hand.view(hand.actor), legal)


def test_the_first_way_into_the_pot_is_an_open() -> None:
    assert _key(_hand()) == "train.open"


def test_after_a_limper_the_same_move_is_a_raise_not_an_open() -> None:
    hand = _hand()
    hand.act(Action.call())
    assert _key(hand) == "action.raise"


def test_after_a_fold_it_is_still_an_open_and_after_an_open_a_three_bet() -> None:
    hand = _hand()
    hand.act(Action.fold())
    assert _key(hand) == "train.open"
    hand.act(Action.raise_to(30))
    assert _key(hand) == "train.three_bet"
