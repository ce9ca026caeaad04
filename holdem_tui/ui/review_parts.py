"""The hand review's parts: its small screens, its seat panel, and how a step is drawn.

Pure drawing from a :class:`~holdem_tui.review.ReviewStep` (seats, board, what a step says,
one hand's line in the list) and the two small screens the review opens (pick a line, the
hot-seat curtain), kept apart from :class:`~holdem_tui.ui.hand_review.ReviewScreen`, which
only decides what to show when.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from holdem_tui.coach.reasons import reason_text
from holdem_tui.coach.text import coach_lines
from holdem_tui.engine.events import BoardDealt, PlayerActed, StreetStarted
from holdem_tui.engine.variants import RULES
from holdem_tui.engine.view import SeatView
from holdem_tui.i18n import Translator
from holdem_tui.review import (
    ReviewStep,
    Spot,
    flag_text,
)
from holdem_tui.session.narrate import cards_text, narrate, pots_summary
from holdem_tui.session.present import street_text
from holdem_tui.ui import cards
from holdem_tui.ui.base_app import Translated, translator
from holdem_tui.ui.keys import KeyNames
from holdem_tui.ui.review_book import ReviewBook, ReviewEntry
from holdem_tui.ui.screens.modals import CurtainScreen
from holdem_tui.ui.widgets import DialogBox

if TYPE_CHECKING:
    pass

#: marks on screen: the followed player's decision, a "worth a look" flag
DECISION_MARK: Final = "▶"
FLAG_MARK: Final = "⚑"


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


def review_keys(keys: KeyNames, tr: Translator, *, may_switch: bool) -> list[tuple[str, str]]:
    """The review's own keys (``keys``: the review screen's bindings) and what they do, for
    the help (``?``) of either app."""
    rows = [
        (keys.every("review_step_back", "review_step_forward"), tr.t("review.key_step")),
        (keys.every("review_prev_street", "review_next_street"), tr.t("review.key_street")),
        (
            keys.every("review_first", "review_last"),
            f"{tr.t('replay.first')} / {tr.t('replay.last')}",
        ),
        (keys.long("review_next_decision"), tr.t("review.key_next_decision")),
        (keys.every("review_prev_hand", "review_next_hand"), tr.t("review.key_hand")),
        (keys.long("review_hands"), tr.t("review.key_hands")),
    ]
    if may_switch:
        rows.append((keys.long("review_whose"), tr.t("review.key_whose")))
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


def as_text(lines: Sequence[tuple[str, str]]) -> Text:
    """``(line, style)`` pairs as one text, a line each."""
    text = Text()
    for number, (line, style) in enumerate(lines):
        if number:
            text.append("\n")
        text.append(line, style=style)
    return text
