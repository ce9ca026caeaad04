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

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.markup import escape
from textual.widgets import Static
from textual.worker import get_current_worker

from holdem_tui.i18n import Translator
from holdem_tui.review import (
    ReviewHand,
    ReviewStep,
    Spot,
    review_hand,
)
from holdem_tui.session.labels import display_name
from holdem_tui.session.narrate import narrate
from holdem_tui.session.present import ActionModel, street_text
from holdem_tui.ui.base_app import four_colour, key_names, translator
from holdem_tui.ui.keybars import KeyFooter
from holdem_tui.ui.review_book import ReviewBook, ReviewEntry, SessionReview, session_book
from holdem_tui.ui.review_parts import (
    FLAG_MARK,
    ChoiceScreen,
    ReviewCurtain,
    ReviewSeat,
    as_text,
    board_text,
    hand_line,
    seat_lines,
    seat_status,
    step_block,
    street_starts,
)
from holdem_tui.ui.screens.page import PageScreen

if TYPE_CHECKING:
    pass

#: the most seat panels in one row (nine seats: five above the board, four below)
ROW_SLOTS: Final = 5


class ReviewScreen(PageScreen):
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
    .review-row { height: 4; align-horizontal: center; }
    #review-board {
        height: 2;
        content-align: center middle;
        text-align: center;
        background: #1d5a3b;
        color: #f7f3e8;
    }
    """

    def __init__(
        self,
        load: Callable[[], ReviewBook],
        *,
        start: int | Callable[[ReviewBook], int] = -1,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(on_close)
        self.load = load
        self.start = start
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
        yield Static(id="review-header", classes="page-head")
        with Horizontal(classes="review-row", id="review-top"):
            for slot in range(ROW_SLOTS):
                yield ReviewSeat(id=f"review-seat-{slot}")
        yield Static(id="review-board")
        with Horizontal(classes="review-row", id="review-bottom"):
            for slot in range(ROW_SLOTS, 2 * ROW_SLOTS - 1):
                yield ReviewSeat(id=f"review-seat-{slot}")
        with VerticalScroll(id="review-detail", classes="page-body"):
            yield Static(id="review-text")
        yield KeyFooter(id="review-footer", classes="page-foot")

    def on_mount(self) -> None:
        """Draw what is known (nothing yet), and read the book in a worker."""
        super().on_mount()
        self.work_aside(
            self.load, self._book_read, self._book_failed, group="review", exclusive=True
        )

    def retranslate(self) -> None:
        """Everything in the current language (``l``)."""
        self.redraw()

    # ------------------------------------------------------------------ the worker

    def _book_failed(self, problem: str) -> None:
        """A history that breaks the reader: an empty book that says so, no traceback."""
        self._book_read(ReviewBook([], problems=[problem]))

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
            return as_text(lines)
        broken = self._broken.get(self.key)
        if broken is not None:
            return as_text([(tr.t("review.broken_hand", reason=broken), "bold")])
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
        return as_text(shown)

    def footer_keys(self, tr: Translator) -> list[ActionModel]:
        """The review's keys, in the reader's language; clicking one is pressing it."""
        bound = key_names(self, ReviewScreen)
        keys = [
            ActionModel("←→", tr.t("review.key_step"), "screen.step(1)"),
            ActionModel("↑↓", tr.t("review.key_street"), "screen.street(1)"),
            ActionModel(
                bound["review_next_decision"],
                tr.t("review.key_next_decision"),
                "screen.next_decision",
            ),
            ActionModel("PgUp PgDn", tr.t("review.key_hand"), "screen.hand(1)"),
            ActionModel(bound["review_hands"], tr.t("review.key_hands"), "screen.hands"),
        ]
        if self.book is not None and self.book.may_switch:
            keys.append(
                ActionModel(bound["review_whose"], tr.t("review.key_whose"), "screen.whose")
            )
        keys.append(ActionModel(bound["review_close"], tr.t("review.key_close"), "screen.close"))
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
        self.leave()


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
