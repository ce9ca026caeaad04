"""What a hand review may open: the hands, whose decisions it follows, what it may show.

A :class:`ReviewBook` is built off the UI thread (a resumed session reads its history file):
from the session on screen (:class:`SessionReview`, :func:`session_book`) or from files
(:mod:`holdem_tui.ui.review_app`). The screen (:mod:`holdem_tui.ui.hand_review`) only reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from holdem_tui.i18n import Translator
from holdem_tui.review import (
    HandRecord,
    session_records,
)
from holdem_tui.session.labels import Named, display_name

if TYPE_CHECKING:
    from holdem_tui.session.controller import Session

#: how a seat is named in a hand: (record, position, translator) -> name
SeatNamer = Callable[[HandRecord, int, Translator], str]


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """One hand the review can open; ``file`` names its file when it came from one."""

    record: HandRecord
    file: str = ""

    @property
    def number(self) -> int:
        """The hand's number (its place in the session, or the file's own)."""
        return self.record.hand.config.hand_number


@dataclass
class ReviewBook:
    """The hands one review may open, whose decisions it follows and what it may show.

    ``follow`` is a chair (the session's hands: the button moves, the chair stays) or a
    name (a file's hands, where chairs are not always written); ``training`` shows every
    hand and every reason; ``may_switch`` lets the reader follow another player (files,
    and watching bots, where every card may be seen anyway). ``namer`` names a seat (the
    session's names, in the reader's language); without it the record's own names are used.
    ``problems`` are the lines about what could not be read.
    """

    entries: list[ReviewEntry]
    follow: int | str | None = None
    training: bool = False
    may_switch: bool = False
    namer: SeatNamer | None = None
    problems: list[str] = field(default_factory=list)

    def name(self, entry: ReviewEntry, position: int, tr: Translator) -> str:
        """The name of the seat at ``position`` in ``entry``'s hand."""
        if self.namer is not None:
            return self.namer(entry.record, position, tr)
        return entry.record.names[position]

    def viewer(self, entry: ReviewEntry) -> int | None:
        """The position followed in ``entry``'s hand (``None``: not dealt in, or a seat
        whose cards the file does not name: the coach has nothing to read there)."""
        record = entry.record
        position: int | None = None
        if isinstance(self.follow, int):
            position = record.position_of(self.follow)
        elif isinstance(self.follow, str) and self.follow in record.names:
            position = record.names.index(self.follow)
        return position if position is not None and position in record.known else None

    def first_followed(self) -> int:
        """The first hand the followed player was dealt into (the first hand if none was)."""
        return next(
            (i for i, entry in enumerate(self.entries) if self.viewer(entry) is not None), 0
        )

    def choose(self, entry: ReviewEntry, position: int) -> None:
        """Follow the seat at ``position`` of ``entry`` from now on."""
        record = entry.record
        if self.namer is not None:
            self.follow = record.seats[position]
        else:
            self.follow = record.names[position]


#: the hands a review may open and one line per problem, built off the UI thread
RecordSource = Callable[[], tuple[list[HandRecord], list[str]]]


@dataclass(frozen=True, slots=True)
class SessionReview:
    """A review of the session on screen: for whom, and what it may show.

    ``chairs`` are the players it may be for: one (it is theirs), several (hot seat, and
    nobody's turn: the screen asks who, then raises a curtain), none (watching bots: the
    reader follows any seat, and sees every hand as the table let them). ``records`` reads
    the hands (:func:`local_records` for a session played here; a network seat's own from
    its views); ``table`` names the chairs.
    """

    table: Named
    chairs: tuple[int, ...]
    records: RecordSource
    training: bool = False
    watching: bool = False


def local_records(session: Session) -> RecordSource:
    """A session's hands for the review: the hands and their reasons are taken now, on the
    UI thread (the table may play on later); the worker then reads the hands before a
    resume from the history and turns every hand into a record."""
    played = [(hand, session.reasons_of(hand)) for hand in session.played]
    reasons = {id(hand): found for hand, found in played}
    history, before = session.history_path, session.finished_before

    def read() -> tuple[list[HandRecord], list[str]]:
        return session_records(
            [hand for hand, _ in played], lambda hand: reasons[id(hand)], history, before
        )

    return read


def session_book(request: SessionReview, chair: int | None) -> Callable[[], ReviewBook]:
    """The session's hands as a book for ``chair``, to build in a worker."""
    table = request.table
    watching = request.watching

    def namer(record: HandRecord, position: int, tr: Translator) -> str:
        seat = record.seats[position]
        return display_name(table, seat, tr) if seat < len(table.names) else "?"

    def load() -> ReviewBook:
        records, problems = request.records()
        entries = [ReviewEntry(record) for record in records]
        follow: int | None = chair
        if follow is None and entries:
            follow = min(entries[-1].record.seats)
        return ReviewBook(
            entries,
            follow=follow,
            training=request.training or watching,
            may_switch=watching,
            namer=namer,
            problems=problems,
        )

    return load
