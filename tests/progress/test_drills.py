"""The drills: named spots with known answers, the review's own numbers, spaced repetition
on a clock turned by hand, and the drills' file (issue 32 item 3)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from holdem_tui.coach import advise
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.view import PlayerView
from holdem_tui.progress.drill_store import (
    Attempt,
    DrillStore,
    SpotRef,
    load_store,
    parse_store,
    save_store,
)
from holdem_tui.progress.drills import grade_odds, preflop_spot
from holdem_tui.progress.scan import ODDS, load_spot, scan_histories
from holdem_tui.progress.spaced import AGAIN, DAY, GROWTH, answered, due_order
from holdem_tui.progress.spaced import Card as Due
from holdem_tui.progress.trainer import Trainer
from holdem_tui.review.model import review_hand
from holdem_tui.review.record import HandRecord
from holdem_tui.storage.histories import SessionHistory, list_sessions
from holdem_tui.storage.paths import histories_dir
from tests.support.drills import cards, dealt, play, write_called_below_the_price

# ── pot odds and outs ──────────────────────────────────────────────────────────────


def flush_draw_facing_half_pot() -> PlayerView:
    """Heads-up flop: the button holds 8♥7♥ on K♥ 4♥ 2♣ and faces a half-pot bet."""
    hand = dealt({0: "Ac Qd", 1: "8h 7h"}, "Kh 4h 2c 9s 3d")
    play(hand, Action.call(), Action.check())  # the button limps, the big blind checks
    play(hand, Action.bet(10))  # the flop: the big blind bets half the pot of 20
    return hand.view(1)


def test_a_flush_draw_facing_a_half_pot_bet_is_a_call() -> None:
    view = flush_draw_facing_half_pot()
    advice = advise(view)
    assert advice.outs is not None and advice.outs.names == ("flush",)
    verdict = grade_odds(advice, price=25, outs=9, call=True)
    assert (verdict.price, verdict.outs, verdict.call) == (25, 9, True)
    assert verdict.right
    assert not grade_odds(advice, price=25, outs=9, call=False).right
    assert not grade_odds(advice, price=50, outs=9, call=True).price_right
    assert grade_odds(advice, price=27, outs=9, call=True).price_right  # within two points
    assert not grade_odds(advice, price=25, outs=8, call=True).outs_right


def test_the_real_hands_give_pot_odds_spots_graded_by_the_coach() -> None:
    store = DrillStore()
    found = scan_histories(store, [])
    assert found >= 10 and all(s.flag == ODDS for s in store.spots)
    spot = load_spot(store.spots[0])
    assert spot is not None and spot.advice.outs is not None
    assert spot.view.legal is not None and spot.view.legal.call_amount > 0
    assert len(spot.view.board) in (3, 4)


# ── preflop ───────────────────────────────────────────────────────────────────────


def test_72_offsuit_under_the_gun_is_a_fold_and_aces_open() -> None:
    seven_two = preflop_spot(6, 2, [int(c) for c in cards("7c 2d")], None)
    assert seven_two is not None and seven_two.position == "utg"
    assert seven_two.answer == "fold"
    assert seven_two.decision.reason is not None
    assert seven_two.decision.reason.key == "chart_fold"
    aces = preflop_spot(6, 2, [int(c) for c in cards("Ac As")], None)
    assert aces is not None and aces.answer == "raise"


def test_a_preflop_answer_is_graded_against_the_hard_bot_and_kept(tmp_path: Path) -> None:
    trainer = Trainer(DrillStore(), path=tmp_path / "drills.json", now=lambda: 1_000.0)
    spot = preflop_spot(6, 2, [int(c) for c in cards("7c 2d")], None)
    assert spot is not None
    assert not trainer.answer_preflop(spot, "raise")
    assert trainer.answer_preflop(spot, "fold")
    store, note = load_store(tmp_path / "drills.json")
    assert note is None
    assert store.attempts == [
        Attempt("preflop", 1_000.0, "utg", False),
        Attempt("preflop", 1_000.0, "utg", True),
    ]
    (utg,) = trainer.accuracy("preflop")
    assert (utg.position, utg.tries, utg.right) == ("utg", 2, 0.5)


def test_random_preflop_spots_are_ones_the_hard_bot_does_not_mix() -> None:
    rng = random.Random(5)
    trainer = Trainer(DrillStore(), rng=rng)
    for _ in range(6):
        spot = trainer.next_preflop()
        assert spot.view.legal is not None and spot.view.board == ()
        assert spot.answer in ("fold", "call", "raise", "check")


# ── your own spots ─────────────────────────────────────────────────────────────────


def test_a_flagged_call_below_the_price_comes_back_graded_by_the_reviews_numbers(
    tmp_path: Path,
) -> None:
    history = write_called_below_the_price()
    store = DrillStore()
    scan_histories(store, list_sessions(), real_hands=False)
    own = [s for s in store.spots if s.flag != ODDS]
    assert [s.flag for s in own] == ["call_below_price"]
    trainer = Trainer(store, path=tmp_path / "drills.json", now=lambda: 5_000.0)
    spot = trainer.next_own()
    assert spot is not None and spot.ref == own[0]
    # the numbers the review showed for that decision
    record = HandRecord.from_hand(history_hand(history))
    shown = review_hand(record, 1).spot(own[0].decision)
    assert spot.advice == shown.advice and spot.flags == shown.flags
    flag = shown.flags[0]
    assert flag.equity < flag.need - 0.05  # type: ignore[operator]
    wrong = trainer.answer_own(spot, "call")
    assert not wrong.right and wrong.best == ("fold",)
    equity, pot, call = shown.advice.equity, shown.advice.pot, shown.advice.call
    assert wrong.values["call"] == pytest.approx(equity * (pot + call) - call)
    assert wrong.values["call"] < 0 == wrong.values["fold"]
    assert trainer.answer_own(spot, "fold").right


def history_hand(history: SessionHistory) -> Hand:
    from holdem_tui.review.record import load_records

    (record,), _ = load_records([history.path])
    return record.hand


def test_spots_are_read_once_and_a_growing_history_from_where_it_was() -> None:
    write_called_below_the_price()
    store = DrillStore()
    scan_histories(store, list_sessions(), real_hands=False)
    assert scan_histories(store, list_sessions(), real_hands=False) == 0
    (sid, (size, _, hands)), *_ = store.scanned.items()
    assert hands == 1 and size > 0 and sid


# ── spaced repetition on a clock turned by hand ────────────────────────────────────


def test_right_comes_back_later_and_less_often_wrong_comes_back_soon() -> None:
    t0 = 1_000_000.0
    right = answered(Due(t0), True, t0)
    assert right.due == t0 + DAY
    again = answered(right, True, t0 + DAY)
    assert again.interval == DAY * GROWTH and again.due == t0 + DAY + DAY * GROWTH
    wrong = answered(again, False, t0 + 2 * DAY)
    assert wrong.due == t0 + 2 * DAY + AGAIN and wrong.streak == 0
    assert answered(wrong, True, wrong.due).interval == DAY  # starts over from a day
    cards = {"a": right, "b": wrong, "c": Due(t0)}
    # at t0 + 2 days and an hour: b (due 10 minutes after its miss) and a are due
    now = t0 + 2 * DAY + 3600
    assert due_order(cards, now, ["c", "d"]) == ["a", "b", "c", "d"]
    assert due_order(cards, t0 + DAY - 1, []) == []  # nothing asked is due yet


def test_the_trainer_asks_own_spots_in_schedule_order(tmp_path: Path) -> None:
    clock = [100_000.0]
    store = DrillStore()
    refs = [SpotRef("s1", hand, 1, 0, "call_below_price", "btn") for hand in range(3)]
    store.spots = list(refs)
    trainer = Trainer(store, path=tmp_path / "d.json", now=lambda: clock[0])
    first, second, third = (r.key for r in refs)
    assert trainer.own_order() == [first, second, third]  # all new, oldest first
    store.cards[first] = answered(Due(clock[0]), True, clock[0])
    store.cards[second] = answered(Due(clock[0]), False, clock[0])
    assert trainer.own_order() == [third]  # the two answered are not due yet
    clock[0] += AGAIN
    assert trainer.own_order() == [second, third]  # wrong: back in ten minutes
    clock[0] += DAY
    assert trainer.own_order() == [second, first, third]  # most overdue first
    assert trainer.own_next_due() == store.cards[second].due


# ── the drills' file ───────────────────────────────────────────────────────────────


def test_the_drills_file_round_trips(tmp_path: Path) -> None:
    store = DrillStore()
    store.record(Attempt("odds", 12.5, "bb", True))
    store.cards["s:1:0:2:fold_free"] = Due(99.0, 600.0, 0, 3)
    store.spots.append(SpotRef("s", 1, 0, 2, "fold_free", "bb"))
    store.scanned["s"] = (10, 20, 3)
    save_store(store, tmp_path / "drills.json")
    again, note = load_store(tmp_path / "drills.json")
    assert note is None and again == store


@pytest.mark.parametrize(
    "damage",
    [
        "not json",
        '{"version": 1}',
        '{"version": 1, "attempts": [["preflop", 1, "nowhere", true]], "cards": {}, '
        '"spots": [], "scanned": {}}',
        '{"version": 1, "attempts": [], "cards": {"x": [1e400, 0, 0, 1]}, '
        '"spots": [], "scanned": {}}',
        '{"version": 1, "attempts": [], "cards": {}, '
        '"spots": [["a/b", 0, 0, 0, "odds", "bb"]], "scanned": {}}',
    ],
)
def test_a_damaged_drills_file_is_set_aside_and_said_in_one_line(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "drills.json"
    path.write_text(damage, encoding="utf-8")
    store, note = load_store(path)
    assert store == DrillStore()
    assert note is not None and "\n" not in note and "drills.damaged-" in note
    assert not path.exists()
    assert [p.name.startswith("drills.damaged-") for p in tmp_path.iterdir()] == [True]


def test_a_store_refuses_wrong_fields() -> None:
    good = DrillStore().to_json()
    with pytest.raises(ValueError):
        parse_store({**good, "extra": 1})
    with pytest.raises(ValueError):
        parse_store({**good, "attempts": [["preflop", True, "bb", True]]})
    assert parse_store(json.loads(json.dumps(good))) == DrillStore()
    assert histories_dir().name == "histories"
