"""The table across hands: moving button, blinds around busted seats, limits, resuming."""

from __future__ import annotations

import json
from typing import Any

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.events import BlindPosted
from holdem_tui.engine.table import Table, TableConfig, play_hand
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView


def fold_or_check(view: PlayerView) -> Action:
    assert view.legal is not None
    return view.legal.passive_action()


def blinds_by_seat(hand) -> dict[str, int]:  # type: ignore[no-untyped-def]
    seats = hand.config.seats
    return {e.kind: seats[e.player] for e in hand.events if isinstance(e, BlindPosted)}


def test_button_moves_one_seat_each_hand_and_blinds_follow() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("A", "B", "C", "D"), seed=1))
    buttons = []
    for _ in range(5):
        hand = table.start_hand()
        buttons.append(table.button)
        blinds = blinds_by_seat(hand)
        assert blinds == {"sb": (table.button + 1) % 4, "bb": (table.button + 2) % 4}
        play_hand(hand, [fold_or_check] * hand.n)
        table.finish_hand(hand)
    assert buttons == [0, 1, 2, 3, 0]


def test_busted_seats_are_skipped_with_a_moving_button() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("A", "B", "C", "D", "E"), seed=1))
    hand = table.start_hand()  # button on seat 0
    play_hand(hand, [fold_or_check] * hand.n)
    table.finish_hand(hand)
    table.seats[2].stack = 0  # seat C is out before hand 2
    hand = table.start_hand()
    assert table.button == 1
    assert blinds_by_seat(hand) == {"sb": 3, "bb": 4}
    assert 2 not in hand.config.seats


def test_three_players_becoming_two_play_heads_up_rules_next_hand() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("A", "B", "C"), seed=2))
    hand = table.start_hand()
    play_hand(hand, [fold_or_check] * hand.n)
    table.finish_hand(hand)
    table.seats[(table.button + 1) % 3].stack = 0
    hand = table.start_hand()
    assert hand.n == 2
    button = table.button
    blinds = blinds_by_seat(hand)
    assert blinds["sb"] == button  # heads-up: the button posts the small blind
    assert hand.config.seats[hand.actor or 0] == button  # and acts first before the flop


def test_session_ends_when_one_player_has_every_chip() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("A", "B", "C"), starting_stack=20, seed=5))

    def shove(view: PlayerView) -> Action:
        return Action.all_in()

    while not table.is_over():
        hand = table.start_hand()
        play_hand(hand, [shove] * hand.n)
        table.finish_hand(hand)
        assert sum(seat.stack for seat in table.seats) == 60
    assert len(table.active_seats()) == 1
    assert sorted(s.busted_in_hand is None for s in table.seats) == [False, False, True]
    with pytest.raises(RuntimeError):
        table.start_hand()


def test_hand_and_time_limits() -> None:
    table = Table(TableConfig(Variant.DRAW, ("A", "B"), ante=1, hand_limit=3, seed=1))
    for number in range(1, 4):
        assert table.hands_left() == 4 - number
        hand = table.start_hand()
        assert table.is_last_hand() is (number == 3)
        play_hand(hand, [fold_or_check] * hand.n)
        table.finish_hand(hand)
    assert table.is_over() and table.hands_left() == 0

    timed = Table(TableConfig(Variant.HOLDEM, ("A", "B"), minute_limit=30, seed=1))
    timed.elapsed = 29 * 60
    assert not timed.is_over() and timed.minutes_left() == pytest.approx(1)
    timed.elapsed = 30 * 60
    assert timed.is_over()


def test_saved_table_resumes_with_the_same_cards() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("A", "B", "C"), seed=11))
    for _ in range(3):
        hand = table.start_hand()
        play_hand(hand, [fold_or_check] * hand.n)
        table.finish_hand(hand)
    saved = json.loads(json.dumps(table.to_dict()))
    expected = table.start_hand()
    resumed = Table.from_dict(saved)
    again = resumed.start_hand()
    assert again.hole == expected.hole and again.config == expected.config
    assert resumed.hand_number == table.hand_number == 4
    restarted = resumed.restart_hand()
    assert restarted.hole == expected.hole


@pytest.mark.parametrize(
    "bad",
    [
        {"variant": "stud"},
        {"names": ("A",)},
        {"variant": "draw", "names": tuple("ABCDEFG")},
        {"names": tuple("ABCDEFGHIJ")},
        {"starting_stack": 0},
        {"small_blind": 20, "big_blind": 10},
        {"variant": "draw", "small_bet": 0},
        {"ante": -1},
        {"variant": "draw", "ante": 0},
    ],
)
def test_bad_table_settings_are_refused(bad: dict[str, Any]) -> None:
    settings = {"variant": "holdem", "names": ("A", "B")} | bad
    with pytest.raises(ValueError):
        TableConfig(**settings)


def test_corrupt_saved_table_is_refused_cleanly() -> None:
    table = Table(TableConfig(Variant.HOLDEM, ("A", "B"), seed=1))
    data = table.to_dict()
    for broken in ({}, {**data, "seats": [["A", "x", None]]}, {**data, "rng_state": None}):
        with pytest.raises(ValueError):
            Table.from_dict(broken)
