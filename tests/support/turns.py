"""The turn loop carried out in a test as a carrier would, each step at once.

One walk serves the turn loop's own tests and the flow test that compares a local table
with a hosted one: what a person plays, how a bust is answered and what is looked at after
each step are the caller's.
"""

from __future__ import annotations

from collections.abc import Callable

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.session.controller import Session
from holdem_tui.session.outcome import BustChoice
from holdem_tui.session.turns import (
    BotTurn,
    BustQuestion,
    Deal,
    HandOver,
    PersonTurn,
    Step,
    answer_bust,
    ask_bot,
    next_step,
    play_bot,
)


def watch_if_possible(session: Session, question: BustQuestion) -> BustChoice | None:
    """A busted person watches when the table lets them, else the session ends."""
    return BustChoice.WATCH if question.can_watch else None


def walk(
    session: Session,
    decide: Callable[[PlayerView], Action],
    *,
    bust: Callable[[Session, BustQuestion], BustChoice | None] = watch_if_possible,
    after: Callable[[Step], None] | None = None,
    limit: int = 2000,
) -> list[Step]:
    """Carry out every step until the session is over; returns the steps, the last one
    :class:`~holdem_tui.session.turns.SessionOver`. A person plays what ``decide`` says
    from their view; ``after`` is told each step once it has been carried out."""
    steps: list[Step] = []
    for _ in range(limit):
        step = next_step(session)
        steps.append(step)
        if isinstance(step, Deal):
            session.start_hand()
        elif isinstance(step, PersonTurn):
            assert session.actor_seat == step.seat
            session.act(step.seat, decide(session.view_for(step.seat)))
        elif isinstance(step, BotTurn):
            assert play_bot(session, ask_bot(session, step.seat, None)())
        elif isinstance(step, HandOver):
            session.finish_hand()
        elif isinstance(step, BustQuestion):
            answer_bust(session, step.seat, bust(session, step))
        else:
            return steps
        if after is not None:
            after(step)
    raise AssertionError("the session never ended")
