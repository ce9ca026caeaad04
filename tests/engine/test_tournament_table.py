"""A sit-and-go at the table: levels between hands, the dead button, heads-up, places, resume.

Hands are played on stacked decks: :class:`StackedTable` deals each seat the cards a test
names, so who busts in which hand is chosen, not hoped for.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import deque
from collections.abc import Sequence

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.events import AntePosted, BlindKind, BlindPosted
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.payouts import Finish
from holdem_tui.engine.schedule import Level, LevelClock, Schedule, preset_schedule
from holdem_tui.engine.table import Table, TableConfig, play_hand
from holdem_tui.engine.tournament import TournamentSpec, preset_tournament
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from tests.support.tournaments import StackedTable

NAMES = ("A", "B", "C", "D", "E", "F")


def passive(view: PlayerView) -> Action:
    assert view.legal is not None
    return view.legal.passive_action()


def shove(view: PlayerView) -> Action:
    """All in whenever it may bet or raise, else call: every hand goes to a showdown."""
    legal = view.legal
    assert legal is not None
    if legal.can_raise:
        return legal.all_in_action()
    return Action.call() if legal.call_amount else Action.check()


def spec(
    levels: Sequence[Level],
    clock: LevelClock = LevelClock.HANDS,
    length: int = 2,
    variant: Variant = Variant.HOLDEM,
    **schedule: object,
) -> TournamentSpec:
    return TournamentSpec("test", Schedule(variant, tuple(levels), clock, length, **schedule))  # type: ignore[arg-type]


LEVELS = (Level(5, 10), Level(10, 20), Level(20, 40, 5), Level(40, 80, 10))


def tournament(
    names: Sequence[str] = NAMES,
    stacks: Sequence[int] | None = None,
    tspec: TournamentSpec | None = None,
    variant: Variant = Variant.HOLDEM,
    seed: int = 1,
) -> StackedTable:
    config = TableConfig(
        variant, tuple(names), starting_stack=1000, seed=seed, tournament=tspec or spec(LEVELS)
    )
    table = StackedTable(config)
    table.deals = deque()
    if stacks is not None:
        for seat, stack in zip(table.seats, stacks, strict=True):
            seat.stack = stack
    return table


def blinds_by_seat(hand: Hand) -> dict[BlindKind, int]:
    """Who is due each blind (a player all in on the ante still holds the big blind)."""
    seats = hand.config.seats
    due = {kind: seats[i] for i, kind in enumerate(hand.blind_kinds) if kind is not None}
    posted = {e.kind: seats[e.player] for e in hand.events if isinstance(e, BlindPosted)}
    assert posted.items() <= due.items()
    return due


def play(table: Table, agent=passive) -> Hand:  # type: ignore[no-untyped-def]
    hand = table.start_hand()
    play_hand(hand, [agent] * hand.n)
    table.finish_hand(hand)
    return hand


# ----------------------------------------------------------------------------- levels


def test_levels_by_hands_change_only_between_hands_at_the_right_hand() -> None:
    table = tournament()
    seen = []
    for _ in range(7):
        hand = play(table)
        seen.append((table.level, hand.config.min_bet, hand.config.tournament.level))  # type: ignore[union-attr]
    assert seen == [
        (0, 10, 1),
        (0, 10, 1),
        (1, 20, 2),
        (1, 20, 2),
        (2, 40, 3),
        (2, 40, 3),
        (3, 80, 4),
    ]


def test_levels_by_minutes_follow_the_injected_clock_and_wait_for_the_hand() -> None:
    table = tournament(tspec=spec(LEVELS, LevelClock.MINUTES, 10))
    hand = table.start_hand()
    table.elapsed = 10 * 60 + 1  # the level's time runs out in the middle of the hand
    assert hand.config.min_bet == 10 and table.stakes == LEVELS[0]
    assert table.next_level() == 1  # what the announcement names: the next hand's level
    play_hand(hand, [passive] * hand.n)
    table.finish_hand(hand)
    hand = play(table)
    assert (table.level, hand.config.min_bet) == (1, 20)
    table.elapsed = 10 * 60 * 3 + 5  # a long break in play skips a level: the clock decides
    hand = play(table)
    assert (table.level, hand.config.min_bet) == (3, 80)
    table.elapsed = 10**6  # after the last level the stakes stay there
    assert play(table).config.min_bet == 80


def test_holdem_antes_start_at_the_chosen_level() -> None:
    table = tournament()
    antes = []
    for _ in range(6):
        hand = play(table)
        antes.append(sorted({e.amount for e in hand.events if isinstance(e, AntePosted)}))
    assert antes == [[], [], [], [], [5], [5]]
    preset = preset_schedule("turbo", Variant.HOLDEM, 1000)
    assert [lv.ante > 0 for lv in preset.levels[:7]] == [False] * 5 + [True] * 2


def test_big_blind_ante_is_paid_by_the_big_blind_alone() -> None:
    levels = (Level(10, 20, 20),)
    table = tournament(tspec=spec(levels, big_blind_ante=True))
    hand = play(table)
    antes = [
        (hand.config.seats[e.player], e.amount) for e in hand.events if isinstance(e, AntePosted)
    ]
    assert antes == [(blinds_by_seat(hand)[BlindKind.BIG], 20)]


def test_draw_levels_raise_the_limits_and_the_ante_together() -> None:
    levels = (Level(10, 20, 5), Level(20, 40, 10))
    table = tournament(NAMES[:4], tspec=spec(levels, variant=Variant.DRAW), variant=Variant.DRAW)
    configs = [play(table).config for _ in range(3)]
    assert [(c.small_bet, c.big_bet, c.antes) for c in configs] == [
        (10, 20, (5,) * 4),
        (10, 20, (5,) * 4),
        (20, 40, (10,) * 4),
    ]
    preset = preset_schedule("hyper", Variant.DRAW, 1000)
    assert all(lv.big == 2 * lv.small and lv.ante == lv.small // 2 for lv in preset.levels)
    assert all(b.small > a.small and b.ante >= a.ante for a, b in itertools.pairwise(preset.levels))


def test_presets_end_every_tournament_and_scale_to_the_stack() -> None:
    for name in ("regular", "turbo", "hyper"):
        for stack in (100, 1000, 1500, 25_000):
            for variant in Variant:
                levels = preset_schedule(name, variant, stack).levels
                assert levels[-1].big > 9 * stack
                assert all(b.big > a.big for a, b in itertools.pairwise(levels))
    assert preset_schedule("turbo", Variant.HOLDEM, 1000).levels[:4] == (
        Level(10, 20),
        Level(15, 30),
        Level(25, 50),
        Level(50, 100),
    )


# ----------------------------------------------------------------------------- the button


def test_big_blind_busting_leaves_a_dead_small_blind_and_nobody_skips_the_big_blind() -> None:
    # hand 1: button A (0), small blind B (1), big blind C (2); C is all in and loses
    table = tournament(NAMES[:5], stacks=[1000, 1000, 20, 1000, 1000])
    table.deals.append(({2: "7c2d", 0: "AsAh"}, "KdQc9h5s3c"))
    hand = play(table, only({0, 2}))
    assert blinds_by_seat(hand) == {BlindKind.SMALL: 1, BlindKind.BIG: 2}
    assert table.seats[2].out
    hand = play(table)
    # the big blind moves on to D; C would have posted the small blind: nobody does;
    # the button moves to B, the last small blind
    assert blinds_by_seat(hand) == {BlindKind.BIG: 3}
    assert table.button == 1 and hand.config.seats == (3, 4, 0, 1)
    hand = play(table)
    assert blinds_by_seat(hand) == {BlindKind.SMALL: 3, BlindKind.BIG: 4}
    assert table.button == 2  # the button on C's empty seat: B has had it, D posts the SB


def test_small_blind_busting_leaves_the_button_on_an_empty_seat() -> None:
    table = tournament(NAMES[:5], stacks=[1000, 10, 1000, 1000, 1000])
    table.deals.append(({1: "7c2d", 2: "AsAh"}, "KdQc9h5s3c"))
    play(table, only({1, 2}))
    assert table.seats[1].out
    hand = play(table)
    assert table.button == 1  # dead button on B's empty seat
    assert blinds_by_seat(hand) == {BlindKind.SMALL: 2, BlindKind.BIG: 3}
    assert hand.config.seats == (2, 3, 4, 0)  # A acts last, as the button would


def test_going_heads_up_never_puts_the_big_blind_on_the_same_player_twice() -> None:
    # three players: button A, small blind B, big blind C; the button busts
    table = tournament(NAMES[:3], stacks=[30, 1000, 1000])
    table.deals.append(({0: "7c2d", 1: "AsAh"}, "KdQc9h5s3c"))
    hand = play(table, only({0, 1}))
    assert blinds_by_seat(hand)[BlindKind.BIG] == 2 and table.seats[0].out
    hand = play(table)
    # a moving button would give B the button and C the big blind again
    assert blinds_by_seat(hand) == {BlindKind.SMALL: 2, BlindKind.BIG: 1}
    assert table.button == 2 and hand.n == 2


@pytest.mark.parametrize("seed", range(12))
def test_the_big_blind_moves_forward_every_hand_to_the_end(seed: int) -> None:
    """Whole tournaments of random all-ins: the big blind never stays on a player, never
    skips one who is still in, and the button is never on the big blind."""
    rng = random.Random(seed)

    def wild(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_raise and rng.random() < 0.3:
            return legal.all_in_action()
        if legal.call_amount and rng.random() < 0.5:
            return Action.call()
        return legal.passive_action()

    count = rng.randint(3, 9)
    table = tournament(
        tuple(f"p{i}" for i in range(count)),
        seed=seed,
        tspec=preset_tournament("hyper", Variant.HOLDEM, 1000),
    )
    last_big: int | None = None
    while not table.is_over():
        before = table.active_seats()
        hand = play(table, wild)
        big = blinds_by_seat(hand)[BlindKind.BIG]
        if last_big is not None:
            assert big != last_big
            assert big == min((s for s in before if s > last_big), default=min(before))
        last_big = big
        assert big != table.button
    places = sorted(f.place for f in table.finishes.values())
    assert len(places) == count and places[:2] == [1, 2]  # a tie shares a place: [.., 5, 5]
    assert all(place <= rank for rank, place in enumerate(places, start=1))
    assert sum(f.prize for f in table.finishes.values()) == 100 * count


# ----------------------------------------------------------------------------- places


def test_players_busting_in_one_hand_are_placed_by_their_starting_stacks() -> None:
    # D and E (200 and 100 chips) lose to A in one hand; 5 players: D is 4th, E 5th
    table = tournament(NAMES[:5], stacks=[1000, 1000, 1000, 200, 100])
    table.deals.append(({0: "AsAh", 3: "7c2d", 4: "8c3d", 1: "9h4s", 2: "Tc5h"}, "KdQcJh6s4c"))

    play(table, only({0, 3, 4}))
    assert table.finishes == {3: Finish(3, 4, 0), 4: Finish(4, 5, 0)}


def test_equal_starting_stacks_share_places_and_prizes() -> None:
    # four players: 65/35 of 400 is 260 and 140. D busts first (4th); then B and C, with
    # 300 chips each at the start of the hand, both bust to A: they share 2nd and 3rd
    table = tournament(NAMES[:4], stacks=[1000, 305, 310, 100])  # B, C post the blinds
    assert table.prizes == (260, 140)
    table.deals.append(({0: "AsAh", 3: "7c2d"}, "KdQcJh6s4c"))
    play(table, only({0, 3}))
    assert table.finishes == {3: Finish(3, 4, 0)}
    table.deals.append(({0: "AsAh", 1: "7c2d", 2: "8c3d"}, "KdQcJh6s4c"))
    play(table, shove)
    assert table.finishes == {
        3: Finish(3, 4, 0),
        1: Finish(1, 2, 70),
        2: Finish(2, 2, 70),
        0: Finish(0, 1, 260),
    }
    assert table.is_over()


def only(seats: set[int]):  # type: ignore[no-untyped-def]
    """Only ``seats`` put chips in (all in); everyone else checks or folds."""

    def agent(view: PlayerView) -> Action:
        assert view.legal is not None and view.me is not None
        if view.seats[view.me].seat in seats:
            return shove(view)
        return view.legal.passive_action() if view.legal.call_amount == 0 else Action.fold()

    return agent


def test_a_tied_paid_place_splits_its_prize_to_the_unit() -> None:
    from holdem_tui.engine.payouts import place_busts

    finishes = place_busts(3, [(4, 500), (7, 500)], (390, 210))
    assert [(f.seat, f.place, f.prize) for f in finishes] == [(4, 2, 105), (7, 2, 105)]
    odd = place_busts(2, [(1, 50), (2, 50)], (333, 0))
    assert sorted(f.prize for f in odd) == [166, 167]


def test_no_rebuy_and_no_session_limit_in_a_tournament() -> None:
    tspec = spec(LEVELS)
    with pytest.raises(ValueError, match="rebuy"):
        TableConfig(Variant.HOLDEM, NAMES, tournament=tspec, reset_stacks=True)
    with pytest.raises(ValueError, match="every chip"):
        TableConfig(Variant.HOLDEM, NAMES, tournament=tspec, hand_limit=50)
    with pytest.raises(ValueError, match="another game"):
        TableConfig(Variant.DRAW, NAMES, ante=5, tournament=tspec)


# ----------------------------------------------------------------------------- resume


def test_a_resumed_tournament_continues_the_same_level_clock_blinds_and_places() -> None:
    table = tournament(
        NAMES[:5], stacks=[1000, 1000, 20, 1000, 1000], tspec=spec(LEVELS, LevelClock.MINUTES, 5)
    )
    table.deals.append(({2: "7c2d", 0: "AsAh"}, "KdQc9h5s3c"))
    play(table, only({0, 2}))
    table.elapsed = 5 * 60 + 30
    play(table)
    hand = table.start_hand()
    dealt = [tuple(h) for h in hand.hole]
    table.elapsed = 7 * 60  # saved in the middle of the hand, two minutes into level 2
    saved = json.loads(json.dumps(table.to_dict()))
    back = Table.from_dict(saved)
    assert back.config == table.config
    assert (back.level, back.elapsed, back.blind_seats, back.button, back.finishes) == (
        table.level,
        table.elapsed,
        table.blind_seats,
        table.button,
        table.finishes,
    )
    again = back.restart_hand()
    assert [tuple(h) for h in again.hole] == dealt
    assert again.config == hand.config
    play_hand(again, [passive] * again.n)
    back.finish_hand(again)
    back.elapsed = 10 * 60
    assert back.next_level() == 2 and play(back).config.min_bet == 40


@pytest.mark.parametrize(
    "bad",
    [
        {"level": -1, "blind_seats": None, "finishes": []},
        {"level": 0, "blind_seats": [0, 9], "finishes": []},
        {"level": 0, "blind_seats": None, "finishes": [[0, 1]]},
        {"level": 0, "blind_seats": None, "finishes": [[0, 1, 5], [0, 2, 5]]},
        {"level": "1", "blind_seats": None, "finishes": []},
        None,
    ],
)
def test_a_hostile_saved_tournament_is_refused_with_the_field(bad: object) -> None:
    table = Table(
        TableConfig(
            Variant.HOLDEM, NAMES, tournament=preset_tournament("turbo", Variant.HOLDEM, 1000)
        )
    )
    data = json.loads(json.dumps(table.to_dict()))
    data["tournament"] = bad
    with pytest.raises(ValueError, match="tournament"):
        Table.from_dict(data)


def test_the_status_says_the_level_the_next_and_how_long_until_it() -> None:
    table = tournament(tspec=spec(LEVELS, LevelClock.HANDS, 2))
    status = table.tournament_status()
    assert (status.level, status.stakes, status.next_stakes, status.hands_left) == (
        1,
        LEVELS[0],
        LEVELS[1],
        2,
    )
    assert (status.players_left, status.entrants, status.prizes) == (6, 6, (390, 210))
    play(table)
    assert table.tournament_status().hands_left == 1
    assert not table.tournament_status().starts_next_hand
    play(table)
    status = table.tournament_status()
    assert status.hands_left == 0 and status.starts_next_hand  # "Next hand: blinds 10/20"
    clocked = tournament(tspec=spec(LEVELS, LevelClock.MINUTES, 10))
    play(clocked)
    clocked.elapsed = 9 * 60 + 30
    status = clocked.tournament_status()
    assert status.seconds_left == 30 and status.hands_left is None
    clocked.elapsed = 10 * 60 + 1  # time ran out during the hand: announced for the next
    assert clocked.tournament_status().starts_next_hand
    for _ in range(6):
        clocked.elapsed += 600
        play(clocked)
    assert clocked.tournament_status().next_stakes is None  # the last level
