"""The turn loop: what a table does next, decided once for every table that plays.

A local game, a hot seat and a hosted table all play the same loop: deal, then a person's
turn or a bot's, again and again until the hand is over; show the result (its showdown
turned up hand by hand, the winner's right to show); between hands ask a busted player
what next; end the session with its reason. :func:`next_step` says which of these is due
for a :class:`~holdem_tui.session.controller.Session`, as one of the :data:`Step` values,
and nothing else anywhere decides it. The carriers only carry the steps out, each in its
own style: the table app's local driver on its timers (:mod:`holdem_tui.ui.local`), the
host on asyncio (:mod:`holdem_tui.net.host_loop`), a bot at someone else's table blocking
on its answer (:mod:`holdem_tui.net.bot_client`).

A bot's turn is one function too: :func:`ask_bot` gives the carrier a call to run off its
own thread (the one place that calls :func:`~holdem_tui.bots.safety.safe_decide`, the
contract with the plugin sandbox), and :func:`play_bot` plays its answer, keeping a fault
with the hand, so the log says it in one line ("Robo took too long: it checks").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from holdem_tui.bots.faults import FaultKind
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.events import CardsShown, Event, PotAwarded
from holdem_tui.session.narrate import Slip
from holdem_tui.session.outcome import BustChoice, EndReason

if TYPE_CHECKING:
    from holdem_tui.bots.base import Bot
    from holdem_tui.bots.safety import BotFault
    from holdem_tui.engine.view import PlayerView
    from holdem_tui.session.controller import Session


# ----------------------------------------------------------------------------- the steps


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal the next hand (the button moves)."""


@dataclass(frozen=True, slots=True)
class PersonTurn:
    """The hand waits for the person at ``seat``."""

    seat: int


@dataclass(frozen=True, slots=True)
class BotTurn:
    """The hand waits for the bot at ``seat`` (:func:`ask_bot`, then :func:`play_bot`)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RevealPlan:
    """How every screen turns a finished hand's showdown up.

    ``order`` is the positions in the order their hands were turned up; when pots were
    contested and more than one hand is shown, the screens turn them up one at a time
    (:attr:`steps` pauses), and nothing tells who won before the last is up. Otherwise the
    result comes at once.
    """

    order: tuple[int, ...]
    contested: bool

    @property
    def steps(self) -> int:
        """Hands turned up one by one (0: the result at once)."""
        return len(self.order) if self.contested and len(self.order) > 1 else 0

    def seconds(self, pause: float) -> float:
        """How long the showdown takes on screen at ``pause`` seconds per hand."""
        return self.steps * pause if pause > 0 else 0.0


@dataclass(frozen=True, slots=True)
class HandOver:
    """The hand is complete: pay it (:meth:`Session.finish_hand`), then show its result.

    ``plan`` turns the showdown up; ``may_show`` are the people who won without a showdown
    and may choose to turn their cards up (each behind a curtain naming them at a hot seat).
    After the pause the carrier asks :func:`next_step` again for what comes between hands.
    """

    plan: RevealPlan
    may_show: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BustQuestion:
    """A person has no chips left: rebuy, watch (``can_watch``: two others still play) or end."""

    seat: int
    can_watch: bool


@dataclass(frozen=True, slots=True)
class SessionOver:
    """The session has ended, and why."""

    reason: EndReason


Step = Deal | PersonTurn | BotTurn | HandOver | BustQuestion | SessionOver


def reveal_plan(history: Sequence[Event]) -> RevealPlan:
    """The showdown's plan from a finished hand's events (the engine's, or a seat's view's:
    hands turned up and pots awarded are public, so both give the same plan)."""
    order: list[int] = []
    contested = False
    for event in history:
        if isinstance(event, CardsShown) and event.player not in order:
            order.append(event.player)
        elif isinstance(event, PotAwarded) and not event.uncontested:
            contested = True
    return RevealPlan(tuple(order), contested)


def next_step(session: Session) -> Step:
    """What the table does next (see the module)."""
    hand = session.hand
    if hand is not None and not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        return PersonTurn(seat) if session.is_human(seat) else BotTurn(seat)
    if hand is not None and not session.settled:
        shown = tuple(s for s in session.settings.humans if session.may_show(s))
        return HandOver(reveal_plan(hand.events), shown)
    return _between_hands(session)


def _between_hands(session: Session) -> Step:
    table = session.table
    session.tick()  # the pause after a hand counts towards a time limit
    # a tournament with one player left is decided: nothing to rebuy and nobody to watch
    decided = session.tournament and session.is_over()
    humans = session.settings.humans
    busted = [h for h in humans if table.seats[h].out]
    if session.ended_by is None and not table.limit_reached() and not decided:
        for seat in busted:
            if seat not in session.watching:
                return BustQuestion(seat, len(table.active_seats()) >= 2)
    everyone_out = bool(humans) and len(busted) == len(humans)
    if session.ended_by is not None or session.is_over():
        return SessionOver(session.end_reason())
    if everyone_out and not session.watching:
        return SessionOver(session.end_reason())
    return Deal()


def answer_bust(session: Session, seat: int, choice: BustChoice | None) -> None:
    """Carry out a busted person's choice (``None``, a closed question: the end)."""
    if choice is BustChoice.REBUY:
        session.rebuy(seat)
    elif choice is BustChoice.WATCH and len(session.table.active_seats()) >= 2:
        session.watching.add(seat)
        session.save()
    else:
        session.ended_by = EndReason.BUSTED


# ----------------------------------------------------------------------------- bots


@dataclass(frozen=True, slots=True)
class BotMove:
    """A bot's answer to the decision at ``seat`` of hand ``hand_number``.

    ``decision`` is what it plays (its own, or check-or-fold in its place); ``fault`` why
    it was replaced, if it was.
    """

    seat: int
    hand_number: int
    decision: Decision
    fault: BotFault | None = None


def decide(bot: Bot, view: PlayerView, seat: int, timeout: float | None) -> BotMove:
    """The bot's answer to ``view``'s decision, checked by ``safe_decide``: its own if it is
    legal and in time, else check-or-fold and the fault. Blocks: run it off the table's
    thread (a bot at someone else's table calls it directly)."""
    from holdem_tui.bots.safety import safe_decide

    decision, fault = safe_decide(bot, view, timeout)
    return BotMove(seat, view.hand_number, decision, fault)


def folded_out(session: Session, people: Collection[int]) -> bool:
    """Whether every one of ``people`` dealt into the hand on the table has folded (and at
    least one was dealt in)."""
    hand = session.hand
    if hand is None:
        return False
    dealt = [session.position_of(seat) for seat in people]
    positions = [p for p in dealt if p is not None]
    return bool(positions) and not any(hand.live[p] for p in positions)


def people_out(session: Session, people: Collection[int]) -> bool:
    """Whether the hand plays on with none of ``people`` (the persons at this table's
    keyboards) left in it: nobody is left to follow the rest of it."""
    hand = session.hand
    return hand is not None and not hand.is_complete and folded_out(session, people)


def bot_pause(session: Session, people: Collection[int], pause: float, watch: bool) -> float:
    """How long a bot seems to think: the pace's ``pause`` while one of ``people`` (the
    persons at this table's keyboards) is still in the hand, or ``watch`` asks to follow it
    anyway; nothing once they have all folded, so nobody waits on a hand they are out of
    (the showdown still turns up at the pace)."""
    return 0.0 if people_out(session, people) and not watch else pause


def ask_bot(session: Session, seat: int, timeout: float | None) -> Callable[[], BotMove]:
    """The bot's turn as a call for the carrier to run off its own thread: the view is
    taken now (the table may move on meanwhile)."""
    return partial(decide, session.bots[seat], session.bot_view(seat), seat, timeout)


def slip_of(fault: BotFault | None) -> Slip | None:
    """The log's word for a fault: too slow, a move not allowed, or no answer at all."""
    if fault is None:
        return None
    if fault.kind is FaultKind.TIMEOUT:
        return Slip.TIMEOUT
    if fault.kind is FaultKind.ILLEGAL:
        return Slip.ILLEGAL
    return Slip.FAILED


def play_bot(session: Session, move: BotMove) -> bool:
    """Play a bot's answer if it still answers the open decision (False: it came too late,
    and nothing changed); a fault is kept with the hand for the log."""
    hand = session.hand
    if (
        hand is None
        or hand.is_complete
        or hand.config.hand_number != move.hand_number
        or session.actor_seat != move.seat
    ):
        return False
    session.act_for_bot(move.seat, move.decision, slip=slip_of(move.fault))
    return True
