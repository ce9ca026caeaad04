"""A seat only ever learns its own cards, the board and cards shown at the table."""

from __future__ import annotations

import random

import pytest

from holdem_tui.engine.events import CardsDrawn, CardsShown, HoleCardsDealt
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.view import PlayerView
from tests.support.pokerkit_oracle import random_draw, random_holdem
from tests.support.scripted import random_step


def cards_in(view: PlayerView) -> set[int]:
    """Every card a view mentions anywhere."""
    found: set[int] = set(view.board)
    for seat in view.seats:
        found.update(seat.cards or ())
    if view.legal is not None:
        found.update(view.legal.hand)
    for event in view.history:
        for name in ("cards", "discarded", "received", "best_five"):
            found.update(getattr(event, name, None) or ())
    return found


def allowed(hand: Hand, viewer: int) -> set[int]:
    """What the viewer may know: every card it ever held, the board, cards shown."""
    known: set[int] = set(hand.board)
    for event in hand.events:
        if isinstance(event, HoleCardsDealt) and event.player == viewer:
            known.update(event.cards or ())
        elif isinstance(event, CardsDrawn) and event.player == viewer:
            known.update(event.discarded or ())
            known.update(event.received or ())
        elif isinstance(event, CardsShown):
            known.update(event.cards)
    return known


@pytest.mark.slow
def test_no_view_ever_holds_a_card_its_seat_may_not_know() -> None:
    rng = random.Random(77)
    checked = 0
    for i in range(600):
        hand, _ = (random_holdem if i % 2 else random_draw)(rng)
        while True:
            for viewer in range(hand.n):
                view = hand.view(viewer)
                leaked = cards_in(view) - allowed(hand, viewer)
                assert not leaked, (viewer, leaked)
                checked += 1
            if not random_step(hand, rng):
                break
    assert checked > 10_000


def test_a_spectator_sees_only_public_cards() -> None:
    rng = random.Random(3)
    hand, _ = random_holdem(rng)
    view = hand.view(None)
    assert view.legal is None and view.my_cards == ()
    assert all(seat.cards is None for seat in view.seats)
    assert all(
        getattr(e, "cards", None) is None for e in view.history if isinstance(e, HoleCardsDealt)
    )


def test_a_view_holds_no_reference_into_the_engine() -> None:
    rng = random.Random(5)
    hand, _ = random_holdem(rng)
    view = hand.view(0)
    seen: set[int] = set()

    def walk(value: object) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        assert not isinstance(value, Hand | list | dict | set), type(value)
        if isinstance(value, tuple):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(view)
