"""What the replay viewer shows at each step of a hand, computed by the engine, no Textual.

A PHH file is first replayed strictly (:func:`holdem_tui.history.phh_replay.replay`), which proves
it legal and fills in unknown cards. Then the hand is dealt once more with exactly the cards
that replay dealt and driven decision by decision, and the engine's own view is frozen after
every step. So the pot, the side pots and every stack on screen are the engine's figures at
that moment, not a reconstruction that could drift from the rules. Cards a file does not
name (``????``) were filled in at random to play the hand; they are marked unknown and never
shown face up.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import (
    BoardDealt,
    CardsDrawn,
    CardsShown,
    Event,
    HoleCardsDealt,
    Street,
    StreetStarted,
)
from holdem_tui.engine.hand import Dealer, Hand, Phase
from holdem_tui.engine.table import new_hand
from holdem_tui.engine.view import PlayerView
from holdem_tui.history.phh import PhhError, PhhHand, loads, read_file
from holdem_tui.history.phh_replay import known_positions, replay
from holdem_tui.i18n import Translator
from holdem_tui.session.narrate import narrate
from holdem_tui.storage.histories import read_history


class _KnownDealer(Dealer):
    """Deals again exactly what a finished replay dealt, in the same order."""

    def __init__(self, events: Sequence[Event]) -> None:
        self._holes: dict[int, deque[tuple[Card, ...]]] = {}
        self._boards: deque[tuple[Card, ...]] = deque()
        for event in events:
            if isinstance(event, HoleCardsDealt) and event.cards is not None:
                self._holes.setdefault(event.player, deque()).append(event.cards)
            elif isinstance(event, CardsDrawn) and event.received:
                self._holes.setdefault(event.player, deque()).append(event.received)
            elif isinstance(event, BoardDealt):
                self._boards.append(event.cards)

    def hole(self, player: int, count: int) -> tuple[Card, ...]:
        """The cards this seat got in the replay, next in line."""
        return self._holes[player].popleft()

    def replacement(self, player: int, count: int) -> tuple[Card, ...]:
        """Draw replacements come from the same queue as the deal."""
        return self._holes[player].popleft()

    def board(self, count: int) -> tuple[Card, ...]:
        """The next board cards of the replay."""
        return self._boards.popleft()

    @property
    def remaining(self) -> int:
        """Unused: the replay dealt everything already."""
        return 0


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one step: the engine's view with every card, and what just happened.

    ``actor`` is the hand position that acted in this step (``None`` for the deal).
    """

    index: int
    view: PlayerView
    events: tuple[Event, ...]
    actor: int | None

    @property
    def street(self) -> Street:
        """The street the table is on after this step."""
        return self.view.street


@dataclass
class ReplayHand:
    """One hand of a file, stepped through: the steps and which hole cards are known."""

    phh: PhhHand
    steps: list[Step]
    names: tuple[str, ...]
    known: frozenset[int]

    @property
    def street_starts(self) -> dict[Street, int]:
        """The first step of each street the hand reached, in order of play.

        After an all-in the engine deals the rest of the board in one go: the flop, turn
        and river then all start at the step that dealt them.
        """
        starts: dict[Street, int] = {}
        for step in self.steps:
            for event in step.events:
                if isinstance(event, BoardDealt | StreetStarted):
                    starts.setdefault(event.street, step.index)
            starts.setdefault(step.street, step.index)
        return dict(sorted(starts.items(), key=lambda item: item[1]))

    def street_step(self, street: Street) -> int | None:
        """Where ``street`` begins, or ``None`` if the hand ended before it."""
        return self.street_starts.get(street)

    def next_street(self, current: int) -> int:
        """The first step of the street after the one ``current`` is on (or the end)."""
        street = self.steps[current].street
        for step in self.steps[current + 1 :]:
            if step.street != street:
                return step.index
        return len(self.steps) - 1

    def previous_street(self, current: int) -> int:
        """The start of this street, or of the one before if already at its start."""
        starts = sorted(self.street_starts.values())
        earlier = [s for s in starts if s < current]
        return earlier[-1] if earlier else 0

    def shows_cards(self, position: int) -> bool:
        """Whether this seat's hole cards come from the file (or a showdown), not a guess."""
        return position in self.known


def build_replay(phh: PhhHand) -> ReplayHand:
    """Step through ``phh`` with the engine; raises :class:`PhhError` for a bad hand."""
    reference = replay(phh)
    events = reference.hand.events
    shown = {e.player for e in events if isinstance(e, CardsShown)}
    hand = new_hand(
        phh.game, phh.config(), _KnownDealer(events), showdown_policy=None, reveal_all_in=False
    )
    steps = [Step(0, hand.view(None, reveal_all=True), tuple(hand.events), None)]

    def record(mark: int, actor: int | None) -> None:
        new = tuple(hand.events[mark:])
        steps.append(Step(len(steps), hand.view(None, reveal_all=True), new, actor))

    for position, action in reference.hand.actions_taken():
        mark = len(hand.events)
        hand.act(action, position)
        record(mark, position)
        _showdown(hand, shown, record)
    _showdown(hand, shown, record)
    if hand.events != events:  # pragma: no cover - would be an engine bug
        raise PhhError("the viewer could not deal this hand again identically")
    names = phh.players if len(phh.players) == hand.n else tuple(f"p{i + 1}" for i in range(hand.n))
    return ReplayHand(phh, steps, names, known_positions(phh))


def _showdown(hand: Hand, shown: set[int], record: Callable[[int, int | None], None]) -> None:
    """Show or muck as the replay did; each choice is a step of its own."""
    while hand.phase is Phase.SHOWDOWN and hand.actor is not None:
        player = hand.actor
        mark = len(hand.events)
        hand.show_or_muck(player, player in shown)
        record(mark, player)


# --------------------------------------------------------------------------- files


@dataclass
class HandEntry:
    """One hand found in the files given: ready to step through, or why it is not."""

    path: Path
    index: int
    count: int
    phh: PhhHand | None = None
    error: str = ""
    _built: ReplayHand | None = field(default=None, repr=False)

    @property
    def number(self) -> int:
        """The hand's own number if the file has one, else its place in the file."""
        if self.phh is not None and isinstance(self.phh.hand, int):
            return self.phh.hand
        return self.index

    @property
    def where(self) -> str:
        """The file, and the hand within it when the file has several (for messages)."""
        return str(self.path) if self.count == 1 else f"{self.path} [hand {self.index}]"

    def build(self) -> ReplayHand:
        """Step the hand through the engine once; later calls reuse the result."""
        if self.phh is None:
            raise PhhError(self.error)
        if self._built is None:
            self._built = build_replay(self.phh)
        return self._built


def load_entries(paths: Sequence[Path]) -> list[HandEntry]:
    """Every hand of every file, each checked by replaying it; unreadable files become
    entries with an error, so one bad file never hides the good ones."""
    entries: list[HandEntry] = []
    for path in paths:
        path = Path(path)
        try:
            text = read_file(path)
        except PhhError as exc:
            entries.append(HandEntry(path, 1, 1, error=str(exc)))
            continue
        try:
            found: list[tuple[PhhHand | None, str]] = [(phh, "") for phh in loads(text)]
        except PhhError as exc:
            # A history torn by a crash: read it hand by hand, so only the torn one is lost.
            read = read_history(text)
            if not read.hands:
                entries.append(HandEntry(path, 1, 1, error=str(exc)))
                continue
            found = [(phh, "") for _, phh in read.hands]
            found += [(None, f"[{key}] {reason}") for key, reason in read.broken]
        for index, (phh, error) in enumerate(found, start=1):
            entry = HandEntry(path, index, len(found), phh, error)
            if phh is not None:
                try:
                    entry.build()
                except PhhError as exc:
                    entry.error = str(exc)
            entries.append(entry)
    return entries


# --------------------------------------------------------------------------- words


def event_lines(events: Sequence[Event], names: Sequence[str], tr: Translator) -> list[str]:
    """What happened in a step, as the game's own log would say it."""
    return narrate(events, names.__getitem__, tr)
