"""The hand review: step through a finished hand as one player, with the coach beside it.

What it shows comes from :mod:`holdem_tui.review` (no Textual there): a
:class:`~holdem_tui.review.HandRecord` per hand, stepped through by
:func:`~holdem_tui.review.review_hand` as the player followed, so every card on screen is one
that player may know afterwards (their own and the hands turned up at the table; every hand
at a training table) and every pot and stack is the engine's own figure at that step. At
each of that player's decisions the coach's numbers for exactly the view they had are set
against the choice made, and the "worth a look" marks are shown as pointers, never as
verdicts. A bot's reason stands beside its action when that bot's cards may be seen; a
decision without a reason (a bot that gives none) simply shows none.

Hands, steps and the coach's numbers are computed in a thread worker, one hand at a time,
so the screen never waits: until they arrive it says "thinking". The table (``e``, and the
end screen) reviews the session's hands (:class:`SessionReview`, :func:`start_review`);
``holdem-tui review FILE`` (:mod:`holdem_tui.ui.review_app`) reviews a file's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from holdem_tui.coach.reasons import reason_text
from holdem_tui.coach.text import coach_lines
from holdem_tui.engine.events import BoardDealt, PlayerActed, StreetStarted
from holdem_tui.engine.variants import RULES
from holdem_tui.engine.view import SeatView
from holdem_tui.i18n import Translator
from holdem_tui.review import (
    HandRecord,
    ReviewHand,
    ReviewStep,
    Spot,
    flag_text,
    review_hand,
    session_records,
)
from holdem_tui.session.labels import Named, display_name
from holdem_tui.session.narrate import cards_text, narrate, pots_summary
from holdem_tui.session.present import ActionModel, street_text
from holdem_tui.ui import cards
from holdem_tui.ui.base_app import Translated, four_colour, translator
from holdem_tui.ui.screens.modals import CurtainScreen
from holdem_tui.ui.widgets import DialogBox, KeyFooter

if TYPE_CHECKING:
    from holdem_tui.session.controller import Session

__all__ = [
    "ChoiceScreen",
    "ReviewBook",
    "ReviewCurtain",
    "ReviewEntry",
    "ReviewScreen",
    "SessionReview",
    "review_keys",
    "session_book",
    "start_review",
]

#: the most seat panels in one row (nine seats: five above the board, four below)
ROW_SLOTS: Final = 5
#: marks on screen: the followed player's decision, a "worth a look" flag
DECISION_MARK: Final = "▶"
FLAG_MARK: Final = "⚑"

#: how a seat is named in a hand: (record, position, translator) -> name
SeatNamer = Callable[[HandRecord, int, Translator], str]


# --------------------------------------------------------------------------- what it reviews


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


# --------------------------------------------------------------------------- small screens


class ChoiceScreen(Translated, ModalScreen[int | None]):
    """Pick one of a few lines (a hand, a player): Enter picks, Esc goes back.

    ``title`` and ``options`` are built in the reader's language each time it is drawn
    (``options(tr)``: a label and whether it may be picked); answers the index or ``None``.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False, id="choice_cancel"),
    ]

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    #choice-box {
        width: 90%;
        max-width: 90;
        height: auto;
        max-height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    #choice-list { height: auto; max-height: 20; }
    #choice-close { height: 1; color: $text-muted; }
    """

    def __init__(
        self,
        title: Callable[[Translator], str],
        options: Callable[[Translator], list[tuple[str, bool]]],
        *,
        highlighted: int = 0,
    ) -> None:
        super().__init__()
        self.title_of = title
        self.options_of = options
        self.start = highlighted

    def compose(self) -> ComposeResult:
        """A framed list and how to leave it."""
        yield DialogBox("choice", OptionList(id="choice-list"), Static(id="choice-close"))

    def retranslate(self) -> None:
        """The title and lines in the current language, the highlight kept."""
        tr = translator(self)
        self.query_one(DialogBox).retitle(self.title_of(tr))
        self.query_one("#choice-close", Static).update(tr.t("review.choice_close"))
        picker = self.query_one("#choice-list", OptionList)
        kept = picker.highlighted
        picker.clear_options()
        picker.add_options(
            Option(Text(label), id=str(index), disabled=not enabled)
            for index, (label, enabled) in enumerate(self.options_of(tr))
        )
        picker.highlighted = self.start if kept is None else kept
        picker.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Answer the line picked."""
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        """Nothing picked."""
        self.dismiss(None)


class ReviewCurtain(CurtainScreen):
    """Hot seat: the review about to open is one player's; the others look away first.

    Enter opens it (:attr:`lifted`), Esc goes back to the table without it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False, id="review_curtain_cancel"),
    ]

    def __init__(self, name: str, seat: int | None = None) -> None:
        super().__init__(name, seat)
        self.lifted = False

    def retranslate(self) -> None:
        """Redraw in the current language."""
        tr = translator(self)
        text = escape(tr.t("review.curtain", name=self.player))
        self.query_one("#curtain-text", Static).update(
            Content.from_markup(f"[@click=screen.lift][b]{text}[/][/]")
        )
        self.query_one("#curtain-hint", Static).update(tr.t("hotseat.hidden"))

    def action_lift(self) -> None:
        """The named player is at the keyboard: open the review."""
        self.lifted = True
        self.dismiss(None)

    def action_cancel(self) -> None:
        """Back to the table, no review."""
        self.dismiss(None)


def start_review(app: Any, request: SessionReview, closed: Callable[[], None]) -> None:
    """Open the review of the session on screen in ``app``; ``closed`` when it is over.

    One player: theirs at once. Several at one keyboard: who is it for, then a curtain with
    that name, so nobody reads another's cards by accident. Watching bots: follow anyone.
    """
    table = request.table

    def open_for(chair: int | None) -> None:
        screen = ReviewScreen(session_book(request, chair))
        app.open_screen(screen, lambda _: closed())

    if len(request.chairs) <= 1:
        open_for(request.chairs[0] if request.chairs else None)
        return

    def lifted(curtain: ReviewCurtain, chair: int, _: object = None) -> None:
        if curtain.lifted:
            open_for(chair)
        else:
            closed()

    def chosen(index: int | None) -> None:
        if index is None:
            closed()
            return
        chair = request.chairs[index]
        curtain = ReviewCurtain(display_name(table, chair, app.tr), chair)
        app.open_screen(curtain, partial(lifted, curtain, chair))

    def options(tr: Translator) -> list[tuple[str, bool]]:
        return [(display_name(table, chair, tr), True) for chair in request.chairs]

    app.open_screen(ChoiceScreen(lambda tr: tr.t("review.whose"), options), chosen)


# --------------------------------------------------------------------------- drawing


def street_starts(steps: Sequence[ReviewStep]) -> list[int]:
    """The steps where a street begins (a run-out deals several in one step)."""
    starts = [0]
    for step in steps[1:]:
        new_street = step.view.street != steps[step.index - 1].view.street
        dealt = any(isinstance(e, BoardDealt | StreetStarted) for e in step.events)
        if new_street or dealt:
            starts.append(step.index)
    return starts


def seat_lines(seat: SeatView, tr: Translator, *, four: bool) -> Text:
    """A seat's two lines: stack and markers, then the cards (face down when unknown)."""
    text = Text(tr.number(seat.stack))
    markers = []
    if seat.is_button:
        markers.append(tr.t("table.dealer_short"))
    if seat.blind in ("sb", "bb"):
        markers.append(tr.t("table.small_blind" if seat.blind == "sb" else "table.big_blind"))
    if markers:
        text.append("  ")
        text.append(" ".join(markers), style="bold reverse")
    text.append("\n")
    if seat.cards and seat.folded:
        text.append(cards_text(seat.cards), style="dim")
    elif seat.cards:
        text.append_text(Text.from_markup(cards.chips(seat.cards, four_colour=four)))
    elif not seat.folded and seat.card_count:
        text.append_text(Text.from_markup(cards.chips([None] * seat.card_count)))
    return text


def seat_status(seat: SeatView, tr: Translator) -> str:
    """What sits in the seat's bottom border: its bet, all-in, or folded."""
    if seat.bet:
        bet = f"{tr.t('table.bet')} {tr.number(seat.bet)}"
        return f"{bet} · {tr.t('table.all_in')}" if seat.all_in else bet
    if seat.folded:
        return tr.t("table.folded")
    return tr.t("table.all_in") if seat.all_in else ""


def board_text(step: ReviewStep, tr: Translator, *, four: bool) -> Text:
    """The middle of the table: the board (five slots in Hold'em) and the pots."""
    view = step.view
    slots = RULES[view.variant].board_cards
    text = Text.from_markup(cards.chips(view.board, slots=slots, four_colour=four))
    if not slots:
        text = Text(street_text(view, tr), style="bold")
    text.append("\n")
    text.append(tr.t("table.pot_amount", amount=tr.number(view.total_pot)), style="bold")
    if pots := pots_summary(view.pots, tr):
        text.append(" · " + pots)
    return text


def step_block(
    step: ReviewStep,
    names: Callable[[int], str],
    tr: Translator,
    spot: Spot | str | None,
) -> list[tuple[str, str]]:
    """What one step says, as ``(line, style)``: what happened, the reason a bot gave when
    it may be read, and at the followed player's decision the coach's numbers and flags.

    ``spot`` is the coach's work for that decision: ready, ``None`` (still thinking) or a
    string (why there are no numbers).
    """
    acted = [e for e in step.events if isinstance(e, PlayerActed)]
    lines: list[tuple[str, str]] = []
    first = narrate(acted[:1], names, tr) if acted else []
    rest = narrate([e for e in step.events if e not in acted[:1]], names, tr)
    mine = step.spot is not None
    for line in first:
        lines.append((f"{DECISION_MARK} {line}" if mine else line, "bold"))
    if step.reason is not None:
        why = reason_text(step.reason, tr)
        if why:
            lines.append((tr.t("review.why", reason=why), "italic"))
    if mine:
        if spot is None:
            lines.append(("  " + tr.t("coach.computing"), "dim"))
        elif isinstance(spot, str):
            lines.append(("  " + tr.t("review.no_numbers", reason=spot), "dim"))
        else:
            lines += [("  " + line, "") for line in coach_lines(spot.advice, tr)]
            for flag in spot.flags:
                look = tr.t("review.worth_a_look")
                lines.append((f"{FLAG_MARK} {look}: {flag_text(flag, tr)}", "bold yellow"))
    lines += [(line, "bold") for line in rest]
    return lines


# --------------------------------------------------------------------------- the screen


class ReviewSeat(Static):
    """One seat of the reviewed hand: name above, stack and cards, its bet or state below."""

    DEFAULT_CSS = """
    ReviewSeat {
        width: 1fr;
        max-width: 44;
        height: 4;
        border: round $primary-muted;
        border-title-color: $text;
        border-title-style: bold;
        border-subtitle-color: $text-muted;
        padding: 0 1;
    }
    ReviewSeat.followed { border: round $secondary; }
    ReviewSeat.acted { border: heavy $accent; border-title-color: $accent; }
    ReviewSeat.folded {
        border: round $panel-lighten-1;
        border-title-color: $text-disabled;
        color: $text-muted;
    }
    ReviewSeat.followed.acted { border: heavy $secondary; }
    """


class ReviewScreen(Translated, Screen[None]):
    """One hand of a :class:`ReviewBook`, step by step, as the player it follows saw it.

    ``load`` builds the book (in a worker: a resumed session reads its history file);
    ``start`` is the hand to open first (``-1``: the last), or picks it from the book once
    read. ``on_close`` replaces closing the screen (the command line's review quits instead).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False, id="review_step_back"),
        Binding("right", "step(1)", show=False, id="review_step_forward"),
        Binding("up", "street(-1)", show=False, id="review_prev_street"),
        Binding("down", "street(1)", show=False, id="review_next_street"),
        Binding("home", "goto(0)", show=False, id="review_first"),
        Binding("end", "goto(-1)", show=False, id="review_last"),
        Binding("pageup", "hand(-1)", show=False, id="review_prev_hand"),
        Binding("pagedown", "hand(1)", show=False, id="review_next_hand"),
        Binding("h", "hands", show=False, id="review_hands"),
        Binding("n", "next_decision", show=False, id="review_next_decision"),
        Binding("w", "whose", show=False, id="review_whose"),
        Binding("escape,q", "close", show=False, id="review_close"),
    ]

    DEFAULT_CSS = """
    ReviewScreen { layout: vertical; background: $background; }
    #review-header { height: 1; background: $panel; padding: 0 1; }
    .review-row { height: 4; align-horizontal: center; }
    #review-board {
        height: 2;
        content-align: center middle;
        text-align: center;
        background: #1d5a3b;
        color: #f7f3e8;
    }
    #review-detail { height: 1fr; padding: 0 1; }
    #review-footer { height: auto; background: $panel; padding: 0 1; }
    """

    def __init__(
        self,
        load: Callable[[], ReviewBook],
        *,
        start: int | Callable[[ReviewBook], int] = -1,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.load = load
        self.start = start
        self.on_close = on_close
        self.book: ReviewBook | None = None
        #: the hand on screen (an index into the book) and its step
        self.current = 0
        self.index = 0
        #: stepped-through hands and the coach's work, by (hand, position followed)
        self._reviews: dict[tuple[int, int | None], ReviewHand] = {}
        self._spots: dict[tuple[int, int | None, int], Spot | str] = {}
        self._broken: dict[tuple[int, int | None], str] = {}

    # ------------------------------------------------------------------ state

    @property
    def entry(self) -> ReviewEntry | None:
        """The hand on screen, once the book is there."""
        book = self.book
        if book is None or not book.entries:
            return None
        return book.entries[self.current]

    @property
    def key(self) -> tuple[int, int | None]:
        """The hand on screen and whose decisions are followed in it."""
        entry = self.entry
        viewer = None if entry is None or self.book is None else self.book.viewer(entry)
        return (self.current, viewer)

    @property
    def review(self) -> ReviewHand | None:
        """The hand on screen, stepped through (``None`` while it is being computed)."""
        return self._reviews.get(self.key)

    @property
    def ready(self) -> bool:
        """Whether the hand on screen and the coach's numbers for all its decisions are in."""
        if self.book is None:
            return False
        if self.entry is None or self.key in self._broken:
            return True
        review = self.review
        if review is None:
            return False
        hand, viewer = self.key
        return all((hand, viewer, i) in self._spots for i in range(review.spot_count))

    def spot_of(self, step: ReviewStep) -> Spot | str | None:
        """The coach's work at ``step`` (a decision of the followed player), if it is in."""
        if step.spot is None:
            return None
        hand, viewer = self.key
        return self._spots.get((hand, viewer, step.spot))

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """Header, the seats around the board, what happened, and the keys."""
        yield Static(id="review-header")
        with Horizontal(classes="review-row", id="review-top"):
            for slot in range(ROW_SLOTS):
                yield ReviewSeat(id=f"review-seat-{slot}")
        yield Static(id="review-board")
        with Horizontal(classes="review-row", id="review-bottom"):
            for slot in range(ROW_SLOTS, 2 * ROW_SLOTS - 1):
                yield ReviewSeat(id=f"review-seat-{slot}")
        with VerticalScroll(id="review-detail"):
            yield Static(id="review-text")
        yield KeyFooter(id="review-footer")

    def on_mount(self) -> None:
        """Draw what is known (nothing yet), and read the book in a worker."""
        super().on_mount()
        self.run_worker(
            self._read_book, thread=True, exclusive=True, group="review", exit_on_error=False
        )

    def on_resize(self) -> None:
        """The header and the log follow the size."""
        self.redraw()

    def retranslate(self) -> None:
        """Everything in the current language (``l``)."""
        self.redraw()

    # ------------------------------------------------------------------ the worker

    def _read_book(self) -> None:
        """Build the book off the UI thread."""
        try:
            book = self.load()
        except Exception as exc:  # a history that breaks the reader: say so, no traceback
            book = ReviewBook([], problems=[f"{type(exc).__name__}: {exc}"])
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._book_read, book)

    def _book_read(self, book: ReviewBook) -> None:
        self.book = book
        if book.entries:
            start = self.start(book) if callable(self.start) else self.start
            start = start if start >= 0 else len(book.entries) - 1
            self.open_hand(max(0, min(len(book.entries) - 1, start)))
        else:
            self.redraw()

    def open_hand(self, index: int, *, step: int = 0) -> None:
        """Show hand ``index`` of the book at ``step``, computing it in the worker if needed."""
        self.current = index
        self.index = step
        if not self.ready:
            book = self.book
            assert book is not None
            entry = book.entries[index]
            viewer = book.viewer(entry)
            work = partial(self._think, index, entry, viewer, book.training)
            self.run_worker(work, thread=True, exclusive=True, group="review", exit_on_error=False)
        self.redraw()

    def _think(self, index: int, entry: ReviewEntry, viewer: int | None, training: bool) -> None:
        """Step the hand through as ``viewer``, then the coach's numbers decision by decision
        (each is put on screen as it arrives)."""
        worker = get_current_worker()
        key = (index, viewer)
        review = self._reviews.get(key)
        if review is None:
            try:
                review = review_hand(entry.record, viewer, training=training)
            except Exception as exc:  # an engine bug: this hand only, in plain words
                self.app.call_from_thread(self._hand_broken, key, f"{exc}")
                return
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._hand_built, key, review)
        for number in range(review.spot_count):
            if worker.is_cancelled:
                return
            spot: Spot | str
            try:
                spot = review.spot(number)
            except Exception as exc:  # the coach could not read this spot (an odd file)
                spot = f"{exc}"[:120]
            self.app.call_from_thread(self._spot_ready, (*key, number), spot)

    def _hand_built(self, key: tuple[int, int | None], review: ReviewHand) -> None:
        self._reviews[key] = review
        if key == self.key:
            self.index = min(self.index, len(review.steps) - 1)
            self.redraw()

    def _hand_broken(self, key: tuple[int, int | None], reason: str) -> None:
        self._broken[key] = reason
        if key == self.key:
            self.redraw()

    def _spot_ready(self, key: tuple[int, int | None, int], spot: Spot | str) -> None:
        self._spots[key] = spot
        if key[:2] == self.key:
            self.redraw()

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """The header, the seats and board at this step, what it says, and the keys."""
        if not self.is_mounted:
            return
        tr = translator(self)
        self.query_one("#review-header", Static).update(self._header(tr))
        review = self.review
        step = review.steps[self.index] if review is not None else None
        self._draw_seats(step, tr)
        board = self.query_one("#review-board", Static)
        board.display = step is not None
        if step is not None:
            board.update(board_text(step, tr, four=four_colour(self)))
        self.query_one("#review-text", Static).update(self._detail(review, step, tr))
        self.query_one("#review-footer", KeyFooter).show(self.footer_keys(tr))

    def _header(self, tr: Translator) -> Text:
        """Title, hand, whose review, street and step; the title and the training mark
        give way first when the row is too narrow for all of it."""
        entry, book, review = self.entry, self.book, self.review
        title = tr.t("review.title")
        training = tr.t("review.training_on") if book is not None and book.training else ""
        parts: list[str] = []
        if entry is not None and book is not None:
            hand = tr.t("log.hand_start", number=entry.number)
            parts.append(f"{entry.file} · {hand}" if entry.file else hand)
            viewer = book.viewer(entry)
            if viewer is not None:
                parts.append(book.name(entry, viewer, tr))
            if review is not None:
                step = review.steps[self.index]
                parts.append(street_text(step.view, tr))
                parts.append(tr.t("replay.step", step=self.index, total=len(review.steps) - 1))
        flags = self._flag_count()
        if flags:
            parts.append(f"{FLAG_MARK} {tr.number(flags)}")
        room = max(10, self.size.width - 2)
        for extra in ([title, *parts, training], [title, *parts], parts):
            line = " · ".join(p for p in extra if p)
            if cell_len(line) <= room:
                break
        return Text(line, style="bold", no_wrap=True, overflow="ellipsis")

    def _flag_count(self) -> int:
        """The "worth a look" marks found so far in the hand on screen."""
        hand, viewer = self.key
        return sum(
            len(spot.flags)
            for (h, v, _), spot in self._spots.items()
            if h == hand and v == viewer and isinstance(spot, Spot)
        )

    def _draw_seats(self, step: ReviewStep | None, tr: Translator) -> None:
        """Each seat in its slot: chairs in order, the first half above the board."""
        panels = [self.query_one(f"#review-seat-{slot}", ReviewSeat) for slot in range(9)]
        entry, book = self.entry, self.book
        shown: dict[int, int] = {}
        if step is not None and entry is not None and book is not None:
            record = entry.record
            order = sorted(range(record.hand.n), key=lambda p: record.seats[p])
            top = (len(order) + 1) // 2
            for slot, position in enumerate(order[:top]):
                shown[slot] = position
            for slot, position in enumerate(reversed(order[top:]), start=ROW_SLOTS):
                shown[slot] = position
        self.query_one("#review-top").display = bool(shown)
        self.query_one("#review-bottom").display = len(shown) > 1
        four = four_colour(self)
        for slot, panel in enumerate(panels):
            at = shown.get(slot)
            panel.display = at is not None
            if at is None or step is None or entry is None or book is None:
                continue
            seat = step.view.seats[at]
            panel.border_title = escape(book.name(entry, at, tr))
            panel.border_subtitle = escape(seat_status(seat, tr))
            panel.update(seat_lines(seat, tr, four=four))
            panel.set_class(at == book.viewer(entry), "followed")
            panel.set_class(at == step.actor, "acted")
            panel.set_class(seat.folded, "folded")

    def _detail(self, review: ReviewHand | None, step: ReviewStep | None, tr: Translator) -> Text:
        """What happened so far (dim, as much as fits) and this step (bold), with the
        coach's numbers, the flags and the reasons it may show."""
        book, entry = self.book, self.entry
        if book is None:
            return Text(tr.t("review.loading"), style="dim")
        if entry is None:
            lines = [(tr.t("past_hands.none"), "")]
            lines += [(problem, "dim") for problem in book.problems[:5]]
            return _as_text(lines)
        broken = self._broken.get(self.key)
        if broken is not None:
            return _as_text([(tr.t("review.broken_hand", reason=broken), "bold")])
        if review is None or step is None:
            return Text(tr.t("review.loading"), style="dim")

        def name_of(position: int) -> str:
            return book.name(entry, position, tr)

        block = step_block(step, name_of, tr, self.spot_of(step))
        if book.viewer(entry) is None and self.index == 0:
            block.append((tr.t("review.not_dealt"), "dim"))
        earlier: list[tuple[str, str]] = []
        for before in review.steps[: self.index]:
            earlier += [(line, "dim") for line in narrate(before.events, name_of, tr)]
        detail = self.query_one("#review-detail", VerticalScroll)
        room = max(0, detail.content_region.height - len(block))
        shown = (earlier[-room:] if room else []) + block
        return _as_text(shown)

    def footer_keys(self, tr: Translator) -> list[ActionModel]:
        """The review's keys, in the reader's language; clicking one is pressing it."""
        keys = [
            ActionModel("←→", tr.t("review.key_step"), "screen.step(1)"),
            ActionModel("↑↓", tr.t("review.key_street"), "screen.street(1)"),
            ActionModel("n", tr.t("review.key_next_decision"), "screen.next_decision"),
            ActionModel("PgUp PgDn", tr.t("review.key_hand"), "screen.hand(1)"),
            ActionModel("h", tr.t("review.key_hands"), "screen.hands"),
        ]
        if self.book is not None and self.book.may_switch:
            keys.append(ActionModel("w", tr.t("review.key_whose"), "screen.whose"))
        keys.append(ActionModel("Esc", tr.t("review.key_close"), "screen.close"))
        return keys

    # ------------------------------------------------------------------ keys

    def goto(self, index: int) -> None:
        """Show step ``index`` of the hand (clamped)."""
        review = self.review
        if review is None:
            return
        self.index = max(0, min(len(review.steps) - 1, index))
        self.redraw()

    def action_step(self, delta: int) -> None:
        """One step back or forward."""
        self.goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        """The deal (0) or the result (-1)."""
        review = self.review
        if review is not None:
            self.goto(len(review.steps) - 1 if index < 0 else index)

    def action_street(self, delta: int) -> None:
        """The start of the next street, or of this one (then the one before)."""
        review = self.review
        if review is None:
            return
        starts = street_starts(review.steps)
        if delta > 0:
            later = [s for s in starts if s > self.index]
            self.goto(later[0] if later else len(review.steps) - 1)
        else:
            earlier = [s for s in starts if s < self.index]
            self.goto(earlier[-1] if earlier else 0)

    def action_next_decision(self) -> None:
        """The next decision of the player followed (the first again after the last)."""
        review = self.review
        if review is None:
            return
        mine = [s.index for s in review.steps if s.spot is not None]
        later = [i for i in mine if i > self.index]
        if later or mine:
            self.goto((later or mine)[0])
        else:
            self.app.bell()

    def action_hand(self, delta: int) -> None:
        """The previous or next hand of the book."""
        book = self.book
        if book is None or not book.entries:
            return
        target = self.current + delta
        if 0 <= target < len(book.entries):
            self.open_hand(target)
        else:
            self.app.bell()

    def action_hands(self) -> None:
        """The list of hands to pick from."""
        book = self.book
        if book is None or not book.entries:
            self.app.bell()
            return
        picker = ChoiceScreen(
            lambda tr: tr.t("review.hands_title"),
            partial(self._hand_lines, book),
            highlighted=self.current,
        )
        self.app.push_screen(picker, self._hand_picked)

    def _hand_lines(self, book: ReviewBook, tr: Translator) -> list[tuple[str, bool]]:
        many_files = len({entry.file for entry in book.entries}) > 1
        lines = []
        for index, entry in enumerate(book.entries):
            lines.append((hand_line(book, entry, tr, self._flags_of(index), many_files), True))
        return lines

    def _flags_of(self, index: int) -> int | None:
        """The marks of hand ``index`` once all its decisions are judged, else ``None``."""
        book = self.book
        if book is None:
            return None
        viewer = book.viewer(book.entries[index])
        review = self._reviews.get((index, viewer))
        if review is None:
            return None
        spots = [self._spots.get((index, viewer, i)) for i in range(review.spot_count)]
        if any(spot is None for spot in spots):
            return None
        return sum(len(spot.flags) for spot in spots if isinstance(spot, Spot))

    def _hand_picked(self, index: int | None) -> None:
        if index is not None:
            self.open_hand(index)

    def action_whose(self) -> None:
        """Follow another player's decisions (files and watching bots only)."""
        book, entry = self.book, self.entry
        if book is None or entry is None or not book.may_switch:
            self.app.bell()
            return
        record = entry.record

        def options(tr: Translator) -> list[tuple[str, bool]]:
            lines = []
            for position in range(record.hand.n):
                name = book.name(entry, position, tr)
                known = position in record.known
                lines.append((name if known else tr.t("review.unknown_cards", name=name), known))
            return lines

        current = book.viewer(entry)
        picker = ChoiceScreen(lambda tr: tr.t("review.follow"), options, highlighted=current or 0)
        self.app.push_screen(picker, self._whose_picked)

    def _whose_picked(self, position: int | None) -> None:
        book, entry = self.book, self.entry
        if position is None or book is None or entry is None:
            return
        book.choose(entry, position)
        self.open_hand(self.current, step=self.index)

    def action_close(self) -> None:
        """Back to where the review was opened from (the command line: quit)."""
        if self.on_close is not None:
            self.on_close()
        else:
            self.dismiss(None)


def review_keys(tr: Translator, *, may_switch: bool) -> list[tuple[str, str]]:
    """The review's own keys and what they do, for the help (``?``) of either app."""
    rows = [
        ("← →", tr.t("review.key_step")),
        ("↑ ↓", tr.t("review.key_street")),
        ("Home End", f"{tr.t('replay.first')} / {tr.t('replay.last')}"),
        ("n", tr.t("review.key_next_decision")),
        ("PgUp PgDn", tr.t("review.key_hand")),
        ("h", tr.t("review.key_hands")),
    ]
    if may_switch:
        rows.append(("w", tr.t("review.key_whose")))
    return rows


def hand_line(
    book: ReviewBook, entry: ReviewEntry, tr: Translator, flags: int | None, many_files: bool
) -> str:
    """One hand in the list: number, the followed player's cards and result, the board."""
    record = entry.record
    hand = record.hand
    parts = [tr.t("log.hand_start", number=entry.number)]
    if many_files and entry.file:
        parts.insert(0, entry.file)
    viewer = book.viewer(entry)
    if viewer is not None:
        own = next(
            (s.cards for s in hand.view(viewer).seats if s.position == viewer and s.cards), ()
        )
        net = hand.stacks[viewer] - hand.config.starting_stacks[viewer]
        sign = "+" if net > 0 else "−" if net < 0 else "±"
        parts.append(f"{book.name(entry, viewer, tr)} {cards_text(own)}")
        parts.append(sign + tr.number(abs(net)))
    board = hand.view(None).board
    if board:
        parts.append(cards_text(board))
    if flags:
        parts.append(f"{FLAG_MARK} {tr.number(flags)}")
    return " · ".join(parts)


def _as_text(lines: Sequence[tuple[str, str]]) -> Text:
    text = Text()
    for number, (line, style) in enumerate(lines):
        if number:
            text.append("\n")
        text.append(line, style=style)
    return text
