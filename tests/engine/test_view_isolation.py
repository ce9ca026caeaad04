"""A view is immutable all the way down and shares nothing changeable with its hand.

The game's own bots read their views directly (no serialised copy), so this is what keeps a
bot's bug, even an ``object.__setattr__`` on a frozen value, away from the engine: every
dataclass a view reaches is the view's own, and everything else in it is an int, a string,
an enum member or a tuple of those.
"""

from __future__ import annotations

import random
from enum import Enum

import pytest

from holdem_tui.engine.hand import Hand
from holdem_tui.engine.view import PlayerView, own_copy
from tests.support.random_hands import random_hand


def _reachable(value: object, seen: dict[int, object]) -> None:
    """Every object reachable through dataclass fields and tuples, by identity."""
    if id(value) in seen:
        return
    seen[id(value)] = value
    if isinstance(value, tuple):
        for item in value:
            _reachable(item, seen)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _reachable(getattr(value, name), seen)


def _engine_objects(hand: Hand) -> dict[int, object]:
    seen: dict[int, object] = {}
    for value in (*hand.events, *hand.pots):
        _reachable(value, seen)
    return seen


def _changeable(value: object) -> bool:
    """Whether ``object.__setattr__`` could change it: anything but the immutable leaves."""
    return not isinstance(value, int | str | float | Enum | tuple) and value is not None


def _views_along(hand: Hand, rng: random.Random) -> list[PlayerView]:
    """Views of every viewer (and the spectators) after each decision of a random hand."""
    views = []
    while not hand.is_complete:
        for viewer in (*range(hand.n), None):
            views.append(hand.view(viewer))
        views.append(hand.view(None, reveal_all=True))
        legal = hand.legal_actions()
        assert legal is not None
        if legal.can_draw:
            hand.act(legal.passive_action())
        elif legal.can_raise and rng.random() < 0.3:
            hand.act(legal.bet_or_raise(legal.min_raise_to))
        elif legal.call_amount and rng.random() < 0.2:
            hand.act(legal.passive_action())
        else:
            hand.act(legal.all_in_action() if rng.random() < 0.05 else legal.passive_action())
    views.append(hand.view(0))
    return views


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_views_share_no_changeable_object_with_the_hand(game: str) -> None:
    rng = random.Random(30)
    for number in range(25):
        hand = random_hand(game, rng, number + 1)
        views = _views_along(hand, rng)
        engine = _engine_objects(hand)
        for view in views:
            reached: dict[int, object] = {}
            _reachable(view, reached)
            shared = [o for key, o in reached.items() if key in engine and _changeable(o)]
            assert shared == []
            for value in reached.values():
                assert not isinstance(value, list | dict | set)


def test_own_copy_refuses_a_mutable_value() -> None:
    with pytest.raises(TypeError):
        own_copy([1, 2])
