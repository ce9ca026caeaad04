"""Step through a finished hand as one seat, with the coach's numbers at each of its decisions.

The hand is dealt again (:func:`~holdem_tui.review.record.redeal`) and played decision by
decision, so every pot and stack is the engine's own figure at that moment, as in the
replay viewer. At each decision of the reviewed seat the coach
(:func:`holdem_tui.coach.advise`) is asked exactly what it would have been asked at the
table: that seat's own :class:`~holdem_tui.engine.view.PlayerView`, computed by the engine
then, with no other hidden card in it. Its numbers are set against the choice made, and a
few well-defined patterns are flagged "worth a look" (:mod:`holdem_tui.review.flags`):
pointers to think about, not verdicts.

What the steps show is what the viewer may know after the hand (see
:func:`~holdem_tui.review.record.may_see`); the coach never sees more than the seat did.
The coach is seeded, so a review is the same every time; its advice is cached per view and
computed only for the decisions asked for (:meth:`ReviewHand.spot`), so a screen can fill
the numbers in as they come.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from holdem_tui.coach import Advice, advise
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.decision import Reason
from holdem_tui.engine.events import Event, PlayerActed, StreetStarted
from holdem_tui.engine.hand import Hand, Phase
from holdem_tui.engine.view import PlayerView
from holdem_tui.review.flags import Flag, assess
from holdem_tui.review.record import (
    HandRecord,
    may_see,
    redeal,
    showdown_choices,
    visible_reasons,
)

__all__ = ["ReviewHand", "ReviewStep", "Spot", "review_hand"]


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """The table after one step of the hand, as the viewer may see it afterwards.

    ``view`` is the viewer's own view with the cards they may see filled in (and no
    decision in it); ``events`` what the step did, as they may know it. ``decision`` is
    the index (into the hand's decisions) of the action this step played, ``reason`` the
    acting bot's reason when the viewer may read it, ``spot`` the index into
    :meth:`ReviewHand.spot` when the step is a decision of the reviewed seat.
    """

    index: int
    view: PlayerView
    events: tuple[Event, ...]
    actor: int | None
    decision: int | None = None
    action: Action | None = None
    reason: Reason | None = None
    spot: int | None = None


@dataclass(frozen=True, slots=True)
class Spot:
    """One decision of the reviewed seat: what it saw, what it did, and the coach's view.

    ``view`` is exactly the seat's view at the decision (legal actions included): the
    coach's only input. ``flags`` are the "worth a look" marks (empty: nothing to note).
    """

    decision: int
    step: int
    view: PlayerView
    action: Action
    advice: Advice
    flags: tuple[Flag, ...]


@dataclass
class ReviewHand:
    """A finished hand stepped through as ``viewer`` (a position); see :func:`review_hand`."""

    record: HandRecord
    viewer: int | None
    training: bool
    steps: list[ReviewStep]
    #: per spot: (step index, decision index, the seat's view, the action, river checked through)
    _pending: list[tuple[int, int, PlayerView, Action, bool]] = field(default_factory=list)
    _spots: dict[int, Spot] = field(default_factory=dict)

    @property
    def spot_count(self) -> int:
        """How many decisions the reviewed seat made."""
        return len(self._pending)

    def spot(self, index: int) -> Spot:
        """The coach's numbers and the flags at the reviewed seat's ``index``-th decision
        (computed on first ask, then kept: a few milliseconds to tens of milliseconds)."""
        found = self._spots.get(index)
        if found is None:
            step, decision, view, action, checked_through = self._pending[index]
            advice = advise(view)
            flags = assess(view, action, advice, river_checked_through=checked_through)
            found = self._spots[index] = Spot(decision, step, view, action, advice, flags)
        return found

    def spots(self) -> list[Spot]:
        """Every decision of the reviewed seat, judged (the whole hand's coach work)."""
        return [self.spot(i) for i in range(self.spot_count)]


def _checked_through(events: Sequence[Event], after: int) -> bool:
    """Whether nobody bet or raised on the street after the event at ``after``."""
    for event in events[after + 1 :]:
        if isinstance(event, StreetStarted):
            return True
        if isinstance(event, PlayerActed) and event.kind in ("bet", "raise"):
            return False
    return True


def _look(hand: Hand, viewer: int | None, visible: frozenset[int]) -> PlayerView:
    """The table now as the viewer may see it after the hand: their view plus the cards
    of ``visible`` positions, with no decision in it."""
    own = hand.view(viewer)
    every = hand.view(None, reveal_all=True)
    seats = tuple(
        replace(seat, cards=every.seats[i].cards) if i in visible else seat
        for i, seat in enumerate(own.seats)
    )
    history = _seen(every.history, viewer, visible)
    return replace(own, seats=seats, history=history, legal=None)


def _seen(
    events: Sequence[Event], viewer: int | None, visible: frozenset[int]
) -> tuple[Event, ...]:
    """Events as the viewer may know them afterwards: the cards of ``visible`` positions."""
    return tuple(e if getattr(e, "player", None) in visible else e.seen_by(viewer) for e in events)


class _Stepper:
    """Plays a hand dealt again decision by decision, keeping a step after each move."""

    def __init__(self, record: HandRecord, viewer: int | None, training: bool) -> None:
        self.original = record.hand
        self.hand = redeal(record.hand)
        self.viewer = viewer
        self.visible = may_see(record, viewer, training=training)
        self.reasons = visible_reasons(record, viewer, training=training)
        first = _look(self.hand, viewer, self.visible)
        self.steps = [ReviewStep(0, first, _seen(self.hand.events, viewer, self.visible), None)]
        self.pending: list[tuple[int, int, PlayerView, Action, bool]] = []
        self.original_decisions = record.hand.actions_taken()

    def step(self, mark: int, actor: int | None, decision: int | None = None) -> None:
        """Keep the table after the events from ``mark`` on, played by ``actor``."""
        hand, viewer, visible = self.hand, self.viewer, self.visible
        events = _seen(hand.events[mark:], viewer, visible)
        look = _look(hand, viewer, visible)
        if decision is None:
            self.steps.append(ReviewStep(len(self.steps), look, events, actor))
            return
        position, action = self.original_decisions[decision]
        spot = len(self.pending) - 1 if position == viewer else None
        reason = self.reasons.get(decision)
        self.steps.append(
            ReviewStep(len(self.steps), look, events, actor, decision, action, reason, spot)
        )

    def play(self) -> list[ReviewStep]:
        """Every decision, the showdown's choices and any cards shown by choice."""
        hand, viewer = self.hand, self.viewer
        shown, voluntary = showdown_choices(self.original)
        for decision, (position, action) in enumerate(self.original_decisions):
            mark = len(hand.events)
            seen = hand.view(viewer) if position == viewer else None
            hand.act(action, position)
            if seen is not None:  # the seat's own view at the decision: the coach's input
                # the rest of the street, from the hand as played (this copy is not there yet)
                rest = self.original.events
                closed = action.kind is ActionKind.CHECK and _checked_through(rest, mark)
                self.pending.append((len(self.steps), decision, seen, action, closed))
            self.step(mark, position, decision)
            self.show_down(shown)
        self.show_down(shown)
        for position in voluntary:
            mark = len(hand.events)
            hand.show_voluntarily(position)
            self.step(mark, position)
        if hand.events != self.original.events:
            raise ValueError("the hand could not be dealt again identically")
        return self.steps

    def show_down(self, shown: frozenset[int]) -> None:
        """Show or muck as the hand did, each choice a step (a table's own policy needs none)."""
        hand = self.hand
        while hand.phase is Phase.SHOWDOWN and hand.actor is not None:
            player = hand.actor
            mark = len(hand.events)
            hand.show_or_muck(player, player in shown)
            self.step(mark, player)


def review_hand(record: HandRecord, viewer: int | None, *, training: bool = False) -> ReviewHand:
    """Step through ``record`` as the seat at position ``viewer`` (``None``: an onlooker).

    Every step shows what the viewer may know afterwards (``training``: every hand); each
    of the viewer's decisions becomes a spot for the coach. Raises ``ValueError`` if the
    hand cannot be dealt again identically (which would be an engine bug).
    """
    stepper = _Stepper(record, viewer, training)
    steps = stepper.play()
    return ReviewHand(record, viewer, training, steps, stepper.pending)
