"""The hand review, the reasons a viewer may read, session stats and all-in luck: hand-made
spots, hand-counted sessions and exact enumeration."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner

from holdem_tui.bots import make_bot
from holdem_tui.cli import main
from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.decision import Reason, as_decision
from holdem_tui.engine.equity import equity
from holdem_tui.engine.events import CardsShown
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.runout import runout_shares
from holdem_tui.history.phh import loads
from holdem_tui.history.phh_write import dumps
from holdem_tui.i18n import LANGUAGES, get_translator
from holdem_tui.review import (
    FLAGS,
    Flag,
    HandRecord,
    SeatStats,
    all_in,
    flag_text,
    history_stats,
    load_records,
    luck_text,
    may_see,
    review_hand,
    session_humans,
    session_stats,
    stats_text,
    visible_reasons,
)
from holdem_tui.review.flags import CALL_MARGIN, calling_range_equity
from holdem_tui.storage import paths
from holdem_tui.storage.histories import list_sessions
from holdem_tui.storage.session import SessionStore
from tests.support import scripted
from tests.support.phh_dataset import PHH_FILES
from tests.support.storage import play_session, random_agent, random_table

FOREIGN = PHH_FILES

A = Action


def _play(hand: Hand, script: list[tuple[int, Action]]) -> Hand:
    """Apply ``(position, action)`` in order; the hand must end with the script."""
    for position, action in script:
        assert hand.actor == position, (hand.actor, position, hand.street)
        hand.act(action, position)
    assert hand.is_complete
    return hand


def _flags(hand: Hand, viewer: int) -> list[tuple[str, str, list[str]]]:
    review = review_hand(HandRecord.from_hand(hand), viewer)
    return [
        (s.action.kind.value, s.view.street.value, [f.key for f in s.flags]) for s in review.spots()
    ]


# heads-up positions: 0 is the big blind, 1 the button (first to act before the flop only)
LIMP_AND_CHECK_FLOP = [(1, A.call()), (0, A.check()), (0, A.check()), (1, A.check())]
CHECK_TURN = [(0, A.check()), (1, A.check())]


# ---------------------------------------------------------------- flags on hand-made spots


def test_a_flop_flush_draw_is_reviewed_with_its_nine_outs() -> None:
    hand = scripted.holdem([200, 200], ["Ah9h", "QsQd"], ["Kh7h2c", "3s", "4d"])
    _play(hand, [(1, A.call()), (0, A.check()), (0, A.bet(4)), (1, A.fold())])
    flop = review_hand(HandRecord.from_hand(hand), 0).spots()[-1]
    assert flop.view.street.value == "flop" and flop.action == A.bet(4)
    assert flop.advice.outs is not None and flop.advice.outs.outs == 9
    assert round(100 * flop.advice.outs.chance) == 35
    assert flop.flags == ()


def test_a_call_below_break_even_is_flagged() -> None:
    # seven high on A K Q J 9: a pot-sized river bet needs 33%, the hand has next to none
    hand = scripted.holdem([200, 200], ["7c2d", "AhKd"], ["AsKhQd", "Jc", "9s"])
    _play(hand, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.check()), (1, A.bet(4)), (0, A.call())])
    review = review_hand(HandRecord.from_hand(hand), 0)
    last = review.spots()[-1]
    break_even = last.advice.break_even
    assert last.action == A.call() and break_even == pytest.approx(4 / 12)
    assert break_even is not None and last.advice.equity < break_even - CALL_MARGIN
    assert [f.key for f in last.flags] == ["call_below_price"]
    text = flag_text(last.flags[0], get_translator("en"))
    assert "33%" in text and "5 points" in text


def test_a_clear_fold_is_not_flagged() -> None:
    hand = scripted.holdem([200, 200], ["7c2d", "AhKd"], ["AsKhQd", "Jc", "9s"])
    _play(hand, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.check()), (1, A.bet(4)), (0, A.fold())])
    assert all(flags == [] for _, _, flags in _flags(hand, 0))


def test_folding_the_nuts_to_a_small_bet_is_flagged() -> None:
    hand = scripted.holdem([200, 200], ["AhKh", "QsQd"], ["2h7h9c", "Th", "3s"])
    _play(hand, [*LIMP_AND_CHECK_FLOP, (0, A.check()), (1, A.bet(2)), (0, A.fold())])
    assert _flags(hand, 0)[-1] == ("fold", "turn", ["fold_with_equity"])


def test_folding_when_checking_is_free_is_flagged() -> None:
    hand = scripted.holdem([200, 200], ["7c2d", "AhKd"], ["AsKhQd", "Jc", "9s"])
    _play(hand, [(1, A.call()), (0, A.check()), (0, A.fold())])
    assert _flags(hand, 0)[-1] == ("fold", "flop", ["fold_free"])


def test_a_preflop_fold_is_never_flagged_for_its_equity() -> None:
    # raw preflop equity against a range overstates what a hand wins: no fold flag then
    hand = scripted.holdem([200, 200], ["Ah5d", "KsKd"], ["2h7h9c", "Th", "3s"])
    _play(hand, [(1, A.raise_to(5)), (0, A.fold())])
    [(kind, street, flags)] = _flags(hand, 0)
    assert (kind, street, flags) == ("fold", "preflop", [])


def test_the_nuts_checked_through_or_only_called_on_the_river_is_flagged() -> None:
    royal = ["QhJhTh", "2c", "3d"]
    checked = scripted.holdem([200, 200], ["7c2d", "AhKh"], royal)
    _play(checked, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.check()), (1, A.check())])
    assert _flags(checked, 1)[-1] == ("check", "river", ["passive_river_check"])
    called = scripted.holdem([200, 200], ["7c2d", "AhKh"], royal)
    _play(called, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.bet(4)), (1, A.call())])
    assert _flags(called, 1)[-1] == ("call", "river", ["passive_river_call"])
    # checking first with the nuts (the opponent may bet) is a plan, not a pattern
    first = scripted.holdem([200, 200], ["AhKh", "7c2d"], royal)
    _play(first, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.check()), (1, A.bet(4)), (0, A.call())])
    assert _flags(first, 0)[-1][2] == ["passive_river_call"]
    assert _flags(first, 0)[-2] == ("check", "river", [])


def test_a_thin_river_bet_only_better_hands_call_is_flagged() -> None:
    # middle pair on K 9 4 7 2, bet on every street into a player who called the flop and
    # the turn: about even with their whole range, behind the half of it that calls again
    # (against a player who checked every street the coach reads a capped range, and the
    # same bet is value: no flag)
    called_down = [(0, A.bet(4)), (1, A.call()), (0, A.bet(8)), (1, A.call())]
    river_bet = [(0, A.bet(16)), (1, A.call())]
    hand = scripted.holdem([400, 400], ["9h8h", "3s3d"], ["Kd9c4h", "7s", "2c"])
    _play(hand, [*LIMP_AND_CHECK_FLOP[:2], *called_down, *river_bet])
    spot = review_hand(HandRecord.from_hand(hand), 0).spots()[-1]
    called = calling_range_equity(spot.view)
    assert called is not None and spot.advice.equity >= 0.4 and called < 0.35
    assert [f.key for f in spot.flags] == ["thin_river_bet"]
    assert spot.flags[0].equity == called
    # the same bet with a set is value, and a bluff with nothing is not this pattern
    for hero in ("4c4s", "JsTs"):
        other = scripted.holdem([400, 400], [hero, "3s3d"], ["Kd9c4h", "7s", "2c"])
        _play(other, [*LIMP_AND_CHECK_FLOP[:2], *called_down, *river_bet])
        assert _flags(other, 0)[-1][2] == []
    checked = scripted.holdem([400, 400], ["9h8h", "3s3d"], ["Kd9c4h", "7s", "2c"])
    _play(checked, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.bet(4)), (1, A.call())])
    assert _flags(checked, 0)[-1][2] == []


def test_every_flag_reads_in_every_language() -> None:
    for lang in LANGUAGES:
        tr = get_translator(lang)
        for key in FLAGS:
            text = flag_text(Flag(key, 0.31, 0.42), tr)
            assert "{" not in text and not text.startswith("review."), (lang, key, text)
            assert key == "fold_free" or tr.number(31) in text


# ---------------------------------------------------------------- the view only


def _river_bet_folded(villain: str) -> Hand:
    hand = scripted.holdem([300, 300, 300], ["Ah9h", villain, "8c8d"], ["Kh7h2c", "5s", "4d"])
    # three-handed: 0 small blind, 1 big blind, 2 button; the button folds at once
    return _play(
        hand,
        [
            (2, A.fold()),
            (0, A.call()),
            (1, A.check()),
            (0, A.bet(4)),
            (1, A.call()),
            (0, A.check()),
            (1, A.check()),
            (0, A.bet(10)),
            (1, A.fold()),
        ],
    )


def test_review_numbers_come_from_the_reviewed_seat_view_only() -> None:
    """Two deals differing only in cards the reviewed seat never saw: the same review."""
    runs = []
    for villain in ("QsQd", "3c3s"):
        review = review_hand(HandRecord.from_hand(_river_bet_folded(villain)), 0)
        spots = review.spots()
        for spot in spots:
            assert all(s.cards is None for s in spot.view.seats if s.position != 0)
        runs.append(
            (
                [(s.view, s.advice, s.flags) for s in spots],
                [(step.view, step.events) for step in review.steps],
            )
        )
    assert runs[0] == runs[1]


def test_the_coach_sees_exactly_the_seat_view_at_each_decision() -> None:
    hand = _river_bet_folded("QsQd")
    review = review_hand(HandRecord.from_hand(hand), 1)
    again = scripted.holdem([300, 300, 300], ["Ah9h", "QsQd", "8c8d"], ["Kh7h2c", "5s", "4d"])
    expected = []
    for position, action in hand.actions_taken():
        if position == 1:
            expected.append(again.view(1))
        again.act(action, position)
    assert [s.view for s in review.spots()] == expected


# ---------------------------------------------------------------- who may read what


def _bot_hand(seed: int) -> tuple[Hand, dict[int, Reason]]:
    hand: Hand = HoldemHand(holdem_config([500] * 4, 5, 10), Dealer(seed))
    bots = [make_bot("easy", seed * 10 + i) for i in range(4)]
    reasons: dict[int, Reason] = {}
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        decision = as_decision(bots[actor].decide(hand.view(actor)))
        assert decision.reason is not None
        reasons[len(hand.actions_taken())] = decision.reason
        hand.act(decision.action, actor)
    return hand, reasons


def test_reasons_are_shown_only_for_hands_turned_up_or_all_at_a_training_table() -> None:
    tested = 0
    for seed in range(40):
        hand, reasons = _bot_hand(seed)
        record = HandRecord.from_hand(hand, reasons)
        shown = {e.player for e in hand.events if isinstance(e, CardsShown)}
        folded_bots = {p for p in range(1, 4) if p not in shown}
        if not (shown - {0}) or not folded_bots:
            continue
        tested += 1
        actors = [p for p, _ in hand.actions_taken()]
        visible = visible_reasons(record, 0)
        assert set(visible) == {i for i, p in enumerate(actors) if p in shown and p != 0}
        assert may_see(record, 0) == frozenset(shown | {0})
        training = visible_reasons(record, 0, training=True)
        assert set(training) == {i for i, p in enumerate(actors) if p != 0}
        # the review shows exactly those, each at the step of its decision
        review = review_hand(record, 0)
        assert {s.decision: s.reason for s in review.steps if s.reason} == visible
        last = review.steps[-1].view
        for seat in last.seats:
            assert (seat.cards is not None) == (seat.position in shown | {0})
        full = review_hand(record, 0, training=True).steps[1].view
        assert all(seat.cards is not None for seat in full.seats)
    assert tested >= 5


def test_reasons_are_never_shown_for_a_hand_in_play() -> None:
    hand = scripted.holdem([200, 200], ["7c2d", "AhKd"], ["AsKhQd", "Jc", "9s"])
    hand.act(A.call(), 1)
    with pytest.raises(ValueError):
        HandRecord.from_hand(hand)


def test_reasons_survive_the_history_and_come_back_with_the_record() -> None:
    hand, reasons = _bot_hand(3)
    [phh] = loads(dumps(hand, reasons=reasons))
    record = HandRecord.from_phh(phh)
    assert dict(record.reasons) == reasons
    assert record.known == frozenset(range(hand.n))
    assert visible_reasons(record, 0, training=True) == {
        i: r for i, r in reasons.items() if hand.actions_taken()[i][0] != 0
    }


def test_foreign_histories_review_without_error() -> None:
    paths_ = sorted(FOREIGN.glob("*.phh"))[:12]
    records, problems = load_records(paths_)
    assert len(records) == len(paths_) and not problems
    reviewed = 0
    for record in records:
        hidden = set(range(record.hand.n)) - record.known
        for position in sorted(record.known)[:1]:
            review = review_hand(record, position)
            for spot in review.spots():
                assert all(s.cards is None for s in spot.view.seats if s.position != position)
                reviewed += 1
            # cards a file never named are never shown, even at a training table
            for step in review_hand(record, position, training=True).steps:
                assert all(step.view.seats[p].cards is None for p in hidden)
    assert reviewed > 10


# ---------------------------------------------------------------- stats


def _scripted_session() -> list[HandRecord]:
    """Four heads-up hands with the hero in chair (and position) 1 or 0, counted by hand."""
    hands = []
    # 1: hero (button) raises, bets the flop; villain folds
    h = scripted.holdem([200, 200], ["8c8d", "AsKd"], ["Qh7c2d", "3s", "4d"])
    hands.append(
        _play(h, [(1, A.raise_to(6)), (0, A.call()), (0, A.check()), (1, A.bet(6)), (0, A.fold())])
    )
    # 2: hero (big blind) checks the limp, calls a flop bet, wins the showdown
    h = scripted.holdem([200, 200], ["AhQh", "9c8d"], ["Qd7c2s", "3h", "4c"])
    hands.append(
        _play(
            h,
            [
                (1, A.call()),
                (0, A.check()),
                (0, A.check()),
                (1, A.bet(4)),
                (0, A.call()),
                (0, A.check()),
                (1, A.check()),
                (0, A.check()),
                (1, A.check()),
            ],
        )
    )
    # 3: hero (big blind) folds to a raise
    h = scripted.holdem([200, 200], ["7c2d", "AsAd"], ["Qd7c2s", "3h", "4c"])
    hands.append(_play(h, [(1, A.raise_to(6)), (0, A.fold())]))
    # 4: hero (button) limps, calls a raise, raises the flop bet, calls the river, loses
    h = scripted.holdem([200, 200], ["JhTh", "KsKd"], ["Kc7h2h", "9d", "Ah"])
    hands.append(
        _play(
            h,
            [
                (1, A.call()),
                (0, A.raise_to(8)),
                (1, A.call()),
                (0, A.bet(10)),
                (1, A.raise_to(30)),
                (0, A.call()),
                (0, A.check()),
                (1, A.check()),
                (0, A.bet(20)),
                (1, A.call()),
            ],
        )
    )
    return [HandRecord.from_hand(hand) for hand in hands]


def test_session_stats_match_the_hand_count() -> None:
    records = _scripted_session()
    # the hero sits at positions 1, 0, 0, 1: follow the player, not the chair
    records = [
        replace(record, seats=(0, 1) if position else (1, 0))
        for record, position in zip(records, (1, 0, 0, 1), strict=True)
    ]
    hero = session_stats(records, [1])[1]
    assert hero == SeatStats(
        hands=4, vpip=2, pfr=1, aggressive=3, calls=4, showdowns=2, showdowns_won=1
    )
    assert hero.vpip_rate == 0.5 and hero.pfr_rate == 0.25 and hero.aggression == 0.75
    villain = session_stats(records, [0])[0]
    assert villain == SeatStats(
        hands=4, vpip=4, pfr=2, aggressive=5, calls=3, showdowns=2, showdowns_won=1
    )
    assert stats_text(hero, get_translator("en")) == (
        "4 hands · VPIP 50% · PFR 25% · aggression 0.8 · showdowns won 1 of 2"
    )
    assert "0,8" in stats_text(hero, get_translator("hr"))


def _aces_against_kings(board: list[str]) -> HandRecord:
    hand = scripted.holdem([200, 200], ["KsKh", "AsAh"], board)
    return HandRecord.from_hand(_play(hand, [(1, A.raise_to(200)), (0, A.call())]))


def test_luck_of_aces_against_kings_all_in_before_the_flop() -> None:
    exact = equity(
        parse_cards("AsAh"),
        [Range.from_combos([(parse_cards("KsKh")[0], parse_cards("KsKh")[1])])],
        (),
        exact=True,
    )
    lost = _aces_against_kings(["Kc7d2s", "9h", "3c"])
    spot = all_in(lost, 1)
    assert spot is not None and spot.won == 0
    assert spot.worth == pytest.approx(400 * exact.equity)
    assert 0.82 < exact.equity < 0.83
    won = _aces_against_kings(["Qc7d2s", "9h", "3c"])
    stats = session_stats([lost, won], [1])[1]
    assert stats.all_ins == 2 and stats.all_in_won == 400
    assert stats.all_in_worth == pytest.approx(800 * exact.equity)
    assert stats.luck == pytest.approx(400 - 800 * exact.equity)
    assert luck_text(stats, get_translator("en")) == (
        "You won 400 at all-ins; your equity there was worth 661"
    )
    other = session_stats([lost], [0])[0]
    assert other.all_in_worth == pytest.approx(400 * (1 - exact.equity))


def test_no_luck_without_cards_to_come_or_with_a_hidden_hand() -> None:
    river = scripted.holdem([200, 200], ["KsKh", "AsAh"], ["Kc7d2s", "9h", "3c"])
    _play(river, [*LIMP_AND_CHECK_FLOP, *CHECK_TURN, (0, A.bet(198)), (1, A.call())])
    assert all_in(HandRecord.from_hand(river), 1) is None
    record = _aces_against_kings(["Kc7d2s", "9h", "3c"])
    hidden = HandRecord(record.hand, known=frozenset({1}), seats=(0, 1))
    assert all_in(hidden, 1) is None
    assert (
        luck_text(SeatStats(hands=3), get_translator("en")) == "No all-ins with cards still to come"
    )


def test_runout_shares_are_exact() -> None:
    hero, villain = parse_cards("Ah9h"), parse_cards("QsQd")
    flop = parse_cards("Kh7h2c")
    [(mine, theirs)] = runout_shares([hero, villain], flop)
    exact = equity(hero, [Range.from_combos([(villain[0], villain[1])])], flop, exact=True).equity
    assert mine == pytest.approx(exact) and mine + theirs == pytest.approx(1.0)
    # top pair against a set on the river: 0 or 1
    board = parse_cards("Kc7h2s9d3c")
    assert runout_shares([parse_cards("AsKd"), parse_cards("7c7d")], board) == [(0.0, 1.0)]
    three = runout_shares(
        [parse_cards("AsAh"), parse_cards("KsKh"), parse_cards("QdQc")], (), [[0, 1, 2], [0, 1]]
    )
    assert sum(three[0]) == pytest.approx(1.0) and sum(three[1]) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        runout_shares([hero, hero], flop)


@pytest.mark.slow
def test_all_in_worth_and_winnings_add_up_to_the_contested_pots() -> None:
    """Over random short-stacked hands: the contenders' worth and their winnings are the
    same chips (every contested pot, once), side pots included."""
    rng = random.Random(17)
    checked = 0
    while checked < 12:  # each preflop all-in of three or four enumerates a million boards
        stacks = [rng.choice((20, 45, 90, 300)) for _ in range(rng.randint(2, 3))]
        hand = HoldemHand(holdem_config(stacks, 5, 10), Dealer(rng.randrange(10**6)))
        while scripted.random_step(hand, rng, fold=0.15):
            pass
        record = HandRecord.from_hand(hand)
        spots = {p: all_in(record, p) for p in range(hand.n)}
        found = {p: s for p, s in spots.items() if s is not None}
        if not found:
            continue
        checked += 1
        worth = sum(s.worth for s in found.values())
        won = sum(s.won for s in found.values())
        assert worth == pytest.approx(won)


# ---------------------------------------------------------------- histories and the command


def _session(rng: random.Random, hands: int) -> SessionStore:
    table = random_table(rng)
    players = ["", *table.config.names[1:]]
    store = SessionStore.start(table, settings={}, players=players, humans=[0])
    play_session(table, random_agent(rng), hands, store)
    return store


def test_history_stats_equal_the_session_stats_and_are_cached() -> None:
    store = _session(random.Random(8), 6)
    assert store.history is not None
    path = store.history.path
    records, problems = load_records([path])
    assert len(records) == 6 and not problems
    assert session_humans(path) == (0,)
    assert session_humans(path.with_suffix(".phh")) == ()
    direct = session_stats(records, [0])
    first, problems = history_stats(path, [0])
    assert first == direct and not problems
    assert path.with_suffix(".stats").is_file()
    again, _ = history_stats(path, [0])
    assert again == direct
    # a changed history is counted again, not read from the stale cache
    with path.open("a", encoding="utf-8") as out:
        out.write("\n[broken]\nvariant = 5\n")
    later, problems = history_stats(path, [0])
    assert later == direct and len(problems) == 1 and "[broken]" in problems[0]


def test_history_command_lists_stats_and_reports_a_broken_file_on_one_line() -> None:
    _session(random.Random(5), 4)
    _session(random.Random(6), 3)
    sessions = list_sessions()
    assert len(sessions) == 2
    broken = sessions[0]
    broken.history_path.write_bytes(b"\xff\xfe not a history")
    runner = CliRunner()
    result = runner.invoke(main, ["history"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    for header in ("VPIP/PFR", "Aggression", "Showdowns won", "All-in luck"):
        assert header in result.output
    problem_lines = [line for line in result.output.splitlines() if broken.session_id in line]
    assert len(problem_lines) == 1 and "not UTF-8" in problem_lines[0]
    as_json = json.loads(runner.invoke(main, ["history", "--json"]).output)
    by_id = {s["session_id"]: s for s in as_json["sessions"]}
    good = by_id[sessions[1].session_id]
    counted, _ = history_stats(sessions[1].history_path, [0])
    assert good["stats"]["0"] == counted[0].to_json() and good["stats_problem"] is None
    assert 1 <= counted[0].hands <= sessions[1].hands  # the human may have sat some out
    for field in ("vpip_rate", "pfr_rate", "aggression", "showdowns_won", "all_in_won", "luck"):
        assert field in good["stats"]["0"]
    assert "not UTF-8" in by_id[broken.session_id]["stats_problem"]
    finnish = runner.invoke(main, ["history", "--lang", "fi"], env={"COLUMNS": "250"})
    assert "Aggressiivisuus" in finnish.output
    assert paths.histories_dir().is_dir()


def test_a_resumed_sessions_records_read_the_earlier_hands_from_its_history() -> None:
    from holdem_tui.review import session_records

    rng = random.Random(9)
    table = random_table(rng)
    store = SessionStore.start(table, settings={}, players=list(table.config.names))
    assert store.history is not None
    earlier = play_session(table, random_agent(rng), 3, store)
    later = play_session(table, random_agent(rng), 2, store)  # "this run" of the session
    records, problems = session_records(later, lambda hand: {}, store.history.path, before=3)
    assert not problems
    numbers = [r.hand.config.hand_number for r in records]
    assert numbers == [1, 2, 3, 4, 5]
    assert [r.hand.actions_taken() for r in records[:3]] == [h.actions_taken() for h in earlier]
    assert [r.hand.stacks for r in records[:3]] == [h.stacks for h in earlier]
    assert records[3].hand is later[0]
    # nothing before this run, or no history: only the hands in memory
    assert len(session_records(later, lambda hand: {}, None, before=3)[0]) == 2
    assert len(session_records(later, lambda hand: {}, store.history.path)[0]) == 2


# --------------------------------------------------------------------------- a seat's own record


def test_a_seats_own_view_plays_out_to_a_record_of_only_what_it_knew() -> None:
    """Issue 25.6: a network seat holds only its own views; its review plays each finished
    hand again from its final view, with its own cards, the board and the hands turned up as
    they were, everyone else's filled in at random and never known, and the same result."""
    from holdem_tui.engine.events import CardsShown, HoleCardsDealt
    from tests.support.pokerkit_oracle import random_draw, random_holdem
    from tests.support.scripted import random_step

    rng = random.Random(25)
    checked = 0
    for i in range(120):
        hand, _ = (random_holdem if i % 2 else random_draw)(rng)
        while random_step(hand, rng):
            pass
        if not hand.is_complete:
            continue
        shown = {e.player for e in hand.events if isinstance(e, CardsShown)}
        for seat in range(hand.n):
            record = HandRecord.from_view(hand.view(seat), seed=i)
            assert record.known == frozenset(shown | {seat})
            assert record.hand.stacks == hand.stacks and record.hand.board == hand.board
            for position in record.known:  # what the seat knew is the real hand's
                assert record.hand.hole[position] == hand.hole[position]
            dealt = [e for e in record.hand.events if isinstance(e, HoleCardsDealt)]
            assert len(dealt) == len([e for e in hand.events if isinstance(e, HoleCardsDealt)])
            checked += 1
    assert checked > 300
