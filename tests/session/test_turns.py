"""The turn loop (``session/turns.py``) on a plain session: no app, no network, no clock.

Whatever carries a table (the local driver, the host, a bot at someone else's table), the
steps come from :func:`next_step` alone; these tests walk whole sessions step by step and
check each step is the one the table needs, and that a bot's fault is played as
check-or-fold and told in one line of the log.
"""

from __future__ import annotations

import itertools
import threading

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import Slip, narrate
from holdem_tui.session.outcome import BustChoice, EndReason
from holdem_tui.session.turns import (
    BotTurn,
    BustQuestion,
    Deal,
    HandOver,
    PersonTurn,
    SessionOver,
    Step,
    answer_bust,
    ask_bot,
    next_step,
    play_bot,
    reveal_plan,
)
from tests.support.turns import walk as support_walk
from tests.support.ui import CallingStation, stations

EN = get_translator("en")


def walk(session: Session, person: Action) -> list[Step]:
    """Carry out every step (a person plays ``person`` where it is legal, else checks or
    folds)."""

    def decide(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        return person if legal.refusal(person) is None else legal.passive_action()

    return support_walk(session, decide)


def test_a_session_is_deal_turns_and_a_hand_over_until_its_limit() -> None:
    settings = GameSettings.build(humans=("",), bots=("easy", "normal"), seed=3, hand_limit=4)
    session = Session(settings, stations)
    steps = walk(session, Action.call())
    assert steps[0] == Deal()
    assert steps[-1] == SessionOver(EndReason.HAND_LIMIT)
    assert sum(isinstance(s, Deal) for s in steps) == 4
    assert sum(isinstance(s, HandOver) for s in steps) == 4
    # a hand over comes once per hand, right after its last move, and is paid once
    for before, step in itertools.pairwise(steps):
        if isinstance(step, HandOver):
            assert isinstance(before, PersonTurn | BotTurn)
    assert len(session.played) == 4 and session.settled


def test_the_hand_over_names_who_may_show_and_the_showdown_plan() -> None:
    settings = GameSettings.build(humans=("",), bots=("easy", "easy"), seed=5, hand_limit=1)
    session = Session(settings, stations)
    session.start_hand()
    while not isinstance(step := next_step(session), HandOver):
        if isinstance(step, PersonTurn):
            session.act(step.seat, Action.all_in())
        else:
            assert isinstance(step, BotTurn) and play_bot(
                session, ask_bot(session, step.seat, None)()
            )
    assert session.hand is not None
    plan = reveal_plan(session.hand.events)
    assert step.plan == plan and plan.contested and len(plan.order) == 3
    assert plan.steps == 3 and plan.seconds(0.5) == 1.5 and plan.seconds(0) == 0
    assert step.may_show == ()  # a showdown: nothing left to show by choice
    # everyone folds to the human: the winner may show, and only the winner
    session = Session(GameSettings.build(humans=("",), bots=("easy",), seed=5), stations)
    session.start_hand()
    while session.hand is not None and not session.hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        if seat == 0:
            session.act(0, Action.raise_to(session.view_for(0).legal.max_raise_to))  # type: ignore[union-attr]
        else:
            session.act(seat, Action.fold())
    step = next_step(session)
    assert isinstance(step, HandOver) and step.may_show == (0,) and step.plan.steps == 0


def test_a_busted_player_is_asked_and_the_end_says_why() -> None:
    settings = GameSettings.build(humans=("",), bots=("easy",), seed=2, stack=40)
    session = Session(settings, stations)
    asked: list[BustQuestion] = []
    for _ in range(2000):
        step = next_step(session)
        if isinstance(step, BustQuestion):
            asked.append(step)
            answer_bust(session, step.seat, BustChoice.END)
            continue
        if isinstance(step, SessionOver):
            break
        if isinstance(step, Deal):
            session.start_hand()
        elif isinstance(step, PersonTurn):
            session.act(step.seat, Action.all_in())
        elif isinstance(step, BotTurn):
            play_bot(session, ask_bot(session, step.seat, None)())
        elif isinstance(step, HandOver):
            session.finish_hand()
    assert step == SessionOver(EndReason.BUSTED if asked else EndReason.ONE_LEFT)
    if asked:
        assert asked[0].seat == 0 and not asked[0].can_watch  # one bot left: nothing to watch


def test_a_decided_tournament_asks_nobody_and_a_bust_before_it_offers_no_rebuy() -> None:
    # a busted person is asked only while the tournament goes on (watch or end, never a
    # rebuy); the person who busts to the winner goes straight to the end screen
    for seed in range(6):
        settings = GameSettings.build(
            humans=("",), bots=("easy", "easy"), seed=seed, tournament="hyper"
        )
        session = Session(settings, stations)
        assert not session.can_rebuy
        asked: list[tuple[BustQuestion, int]] = []
        for _ in range(5000):
            step = next_step(session)
            if isinstance(step, BustQuestion):
                asked.append((step, len(session.table.active_seats())))
                answer_bust(session, step.seat, BustChoice.WATCH)
            elif isinstance(step, SessionOver):
                break
            elif isinstance(step, Deal):
                session.start_hand()
            elif isinstance(step, PersonTurn):
                session.act(step.seat, Action.all_in())
            elif isinstance(step, BotTurn):
                play_bot(session, ask_bot(session, step.seat, None)())
            elif isinstance(step, HandOver):
                session.finish_hand()
        assert step == SessionOver(EndReason.ONE_LEFT)
        assert all(left >= 2 and question.can_watch for question, left in asked)
        assert session.result().place_of(0) in (1, 2, 3)


class Slow(CallingStation):
    """Cannot answer in time: it waits for an event set only once the test is over."""

    release = threading.Event()

    def decide(self, view: PlayerView) -> Action:
        self.release.wait()
        return super().decide(view)


class Broken(CallingStation):
    """Fails every decision."""

    def decide(self, view: PlayerView) -> Action:
        raise RuntimeError("no idea")


def test_a_bots_fault_is_played_as_check_or_fold_and_told_in_one_line() -> None:
    bots = {"easy": Slow, "normal": Broken}
    settings = GameSettings.build(humans=("",), bots=("easy", "normal"), seed=4, hand_limit=1)
    session = Session(settings, lambda level, seed: bots[level]())
    session.start_hand()
    try:
        while not isinstance(step := next_step(session), HandOver):
            if isinstance(step, PersonTurn):
                session.act(step.seat, Action.raise_to(40))
            else:
                assert isinstance(step, BotTurn)
                move = ask_bot(session, step.seat, 0.05)()
                assert move.fault is not None
                assert play_bot(session, move)
                assert not play_bot(session, move), "an answer is played once, at its decision"
    finally:
        Slow.release.set()
    hand = session.hand
    assert hand is not None
    slips = session.slips_of(hand)
    assert sorted(slips.values()) == [Slip.FAILED, Slip.TIMEOUT]
    names = {p: session.names[hand.config.seats[p]] for p in range(hand.n)}
    log = narrate(hand.view(0).history, names.__getitem__, EN, slips)
    assert any(line.endswith("took too long: it folds") for line in log), log
    assert any(line.endswith("could not decide: it folds") for line in log), log
