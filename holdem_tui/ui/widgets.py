"""The pieces of the table: seats, the felt with board and pots, the log, the bars.

Each widget draws one part of a :class:`~holdem_tui.session.present.TableModel` and nothing more;
the model is computed elsewhere, already translated and already stripped of anything the
viewer may not see. Attributes go down (the screen assigns models); clicks go up as the same
actions the keys run.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.events import Click
from textual.markup import escape
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from holdem_tui.session.present import CardFace, SeatModel, TableModel
from holdem_tui.ui import cards
from holdem_tui.ui.cards import CardSize
from holdem_tui.ui.keybars import MUTED


def _pad_between(left: str, right: str, width: int, left_len: int, right_len: int) -> str:
    """Markup with ``right`` pushed to the right edge of ``width`` cells."""
    gap = max(1, width - left_len - right_len)
    return left + " " * gap + right


def card_row(faces: Sequence[CardFace], four_colour: bool) -> tuple[str, int]:
    """One line of chips separated by a space; returns the markup and its width in cells."""
    rows = card_rows(faces, CardSize.CHIP, four_colour)
    return rows[0], CardSize.CHIP.row_width(len(faces))


def card_rows(faces: Sequence[CardFace | None], size: CardSize, four_colour: bool) -> list[str]:
    """``size.height`` lines of cards side by side, one cell apart (``None``: an empty slot)."""
    rows: list[list[str]] = [[] for _ in range(size.height)]
    for face in faces:
        if face is None:
            parts = cards.card_lines(None, size, empty=True)
        else:
            parts = cards.card_lines(
                face.card,
                size,
                marked=face.marked,
                selected=face.selected,
                four_colour=four_colour,
            )
        for row, part in zip(rows, parts, strict=True):
            row.append(part)
    return [" ".join(row) for row in rows]


def fitting_size(count: int, width: int, largest: CardSize) -> CardSize:
    """The largest card size up to ``largest`` whose row of ``count`` cards fits ``width``."""
    for size in sorted(CardSize, reverse=True):
        if size <= largest and size.row_width(count) <= width:
            return size
    return CardSize.CHIP


class SeatWidget(Static):
    """One chair: name and level in the frame, stack and blinds, cards, bet, status.

    ``card_size`` is the largest size the table gives its cards (larger windows, larger
    cards; a row too wide for the seat steps down a size). Chips in Hold'em share their line
    with the bet; larger cards give the bet its own line.
    """

    model: reactive[SeatModel | None] = reactive(None, always_update=True, layout=False)
    four_colour: reactive[bool] = reactive(False)
    card_size: reactive[CardSize] = reactive(CardSize.CHIP)
    #: the bet lies on the felt in front of the seat (large tables), not in it
    bet_on_felt: reactive[bool] = reactive(False)

    def __init__(self, seat: int, *, draw_game: bool = False) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat")
        self.seat = seat
        self.draw_game = draw_game

    def watch_model(self, model: SeatModel | None) -> None:
        """Restyle the frame for the seat's state (to act, thinking, folded, out, winner)."""
        if model is None:
            self.display = False
            return
        self.display = True
        self._frame(model)
        self.set_class(model.to_act, "-to-act")
        self.set_class(model.thinking, "-thinking")
        self.set_class(model.folded, "-folded")
        self.set_class(model.out, "-out")
        self.set_class(model.winner, "-winner")
        self.set_class(model.viewer, "-viewer")
        self.set_class(model.all_in, "-all-in")

    def _frame(self, model: SeatModel) -> None:
        """Title and status in the frame, shortened whole words at a time when it is narrow.

        A title that does not fit drops its level to the bottom edge (when no status is
        there); a hand name that does not fit becomes its category ("Straight"), and if even
        that is too long the edge stays empty, the log having the whole name. Textual would
        otherwise cut them with "…" ("Noor (Moeilij…").
        """
        room = self.outer_size.width - 6  # corners, the "─ " before and " ─" after
        title, status = model.title, model.status
        if room > 0 and cell_len(title) > room and model.name:
            title = model.name
            status = status or model.level
        if room > 0 and cell_len(status) > room:
            status = model.status_short if cell_len(model.status_short) <= room else ""
        self.border_title = escape(title)
        self.border_subtitle = escape(status)

    def on_resize(self) -> None:
        """Refit the frame's texts to the new width."""
        if self.model is not None:
            self._frame(self.model)

    def _stack_line(self, model: SeatModel, width: int) -> str:
        badge_markup = " ".join(f"[reverse b] {escape(b)} [/]" for b in model.badges)
        badge_len = sum(len(b) + 2 for b in model.badges) + max(0, len(model.badges) - 1)
        stack_markup = f"[b]{escape(model.stack)}[/]"
        if not model.badges:
            return stack_markup
        return _pad_between(stack_markup, badge_markup, width, len(model.stack), badge_len)

    def _key_line(self, model: SeatModel, size: CardSize) -> str:
        """Under the viewer's draw cards: which key marks which card (✗ = thrown)."""
        keys = []
        for face in model.cards:
            label = "✗" if face.selected else str((face.index or 0) + 1)
            style = "$error b" if face.selected else MUTED
            keys.append(f"[{style}]{label:^{size.width}}[/]")
        return " ".join(keys)

    def shown_size(self) -> CardSize:
        """The size the cards are drawn in: the table's, or smaller if the row is too wide."""
        dealt = 5 if self.draw_game else 2  # a folded seat keeps the height of its cards
        count = max(dealt, len(self.model.cards) if self.model is not None else 0)
        return fitting_size(count, max(1, self.content_size.width), self.card_size)

    async def on_click(self, event: Click) -> None:
        """Clicking one of your cards in the draw marks or unmarks it, like its number key."""
        model = self.model
        offset = event.get_content_offset(self)
        if model is None or offset is None:
            return
        if not any(face.index is not None for face in model.cards):
            return
        size = self.shown_size()
        if not 1 <= offset.y <= size.height:
            return
        index, within = divmod(offset.x, size.width + 1)
        if within < size.width and index < len(model.cards):
            event.stop()
            await self.run_action(f"screen.toggle_card({index})")

    def render(self) -> Content:
        """Stack and badges; the cards; then (draw) the selection keys, or the bet."""
        model = self.model
        if model is None:
            return Content("")
        width = max(1, self.content_size.width)
        line1 = self._stack_line(model, width)
        clickable = any(face.index is not None for face in model.cards)
        bet = "" if self.bet_on_felt else model.bet
        bet_markup = f"[$warning b]▸{escape(bet)}[/]" if bet else ""
        bet_len = len(bet) + 1 if bet else 0
        size = self.shown_size()
        if size is CardSize.CHIP and not self.draw_game:
            row, row_len = card_row(model.cards, self.four_colour)
            line2 = _pad_between(row, bet_markup, width, row_len, bet_len) if bet else row
            return Content.from_markup("\n".join([line1, line2 or " "]))
        rows = card_rows(model.cards, size, self.four_colour)
        if not model.cards:
            rows = [" "] * size.height
        last = self._key_line(model, size) if clickable else bet_markup
        if self.bet_on_felt and not self.draw_game:
            return Content.from_markup("\n".join([line1, *rows]))
        return Content.from_markup("\n".join([line1, *rows, last]))


class Felt(Static):
    """The middle of the table: street, the five board slots, the pot and side pots.

    The board is drawn in the largest card size up to ``card_size`` that the felt has room
    for, one line of chips at the least. On a large table (``spots`` set) each seat's bet
    lies on the felt in front of it, as chips do at a real table, instead of in the seat.
    """

    model: reactive[TableModel | None] = reactive(None, always_update=True)
    four_colour: reactive[bool] = reactive(False)
    card_size: reactive[CardSize] = reactive(CardSize.BIG)
    #: seat -> where it sits, as a fraction of the felt's inside (beyond 0..1: outside it);
    #: empty while the bets are drawn in the seats
    spots: reactive[dict[int, tuple[float, float]]] = reactive(dict, always_update=True)

    def board_size(self) -> CardSize:
        """The size the board is drawn in now."""
        model = self.model
        if model is None or not model.board:
            return CardSize.CHIP
        width = max(1, self.content_size.width)
        height = max(1, self.content_size.height)
        others = len(self._centre_lines(model, board=False)) + 1  # and a line to spare
        for size in sorted(CardSize, reverse=True):
            if size > self.card_size or size is CardSize.CHIP:
                continue
            if size.row_width(len(model.board)) < width and size.height + others <= height:
                return size
        return CardSize.CHIP

    def least_rows(self) -> int:
        """The rows the felt needs to show everything: its frame, the street, one row of
        board chips, the pot and each pot or result line."""
        model = self.model
        if model is None:
            return 3
        return len(self._centre_lines(model, board=False)) + (1 if model.board else 0) + 2

    def _centre_lines(self, model: TableModel, *, board: bool = True) -> list[str]:
        lines: list[str] = []
        info = model.results or model.pots
        if model.street:
            lines.append(f"[b]{escape(model.street)}[/]")
        if model.board and board:
            lines.extend(card_rows(model.board, self.board_size(), self.four_colour))
        if model.pot and not model.results:
            lines.append(f"[b $warning]{escape(model.pot)}[/]")
        for text in info:
            won = bool(model.results)
            lines.append(f"[b $success]{escape(text)}[/]" if won else escape(text))
        return lines

    def render(self) -> Content:
        """Board cards as large as there is room for; then pots or results; bets around."""
        model = self.model
        if model is None:
            return Content("")
        lines = self._centre_lines(model)
        if not self.spots:
            if len(lines) > self.content_size.height and model.street:
                lines = lines[1:]  # short of rows: the pot before the street's name
            return Content.from_markup("\n".join(lines))
        return self._with_bets(model, lines)

    def _with_bets(self, model: TableModel, centre: list[str]) -> Content:
        """The whole felt, row by row: the centre block in the middle, each bet by its seat."""
        width, height = self.content_size
        rows: list[list[tuple[int, str, int]]] = [[] for _ in range(height)]
        top = max(0, (height - len(centre)) // 2)
        for i, markup in enumerate(centre[:height]):
            size = Content.from_markup(markup).cell_length
            rows[top + i].append(((width - size) // 2, markup, size))
        for seat in model.seats:
            spot = self.spots.get(seat.seat)
            if not seat.bet or spot is None:
                continue
            label = f"● {seat.bet}"
            size = cell_len(label)
            fx, fy = spot
            if fy < 0 or fy > 1:
                y = 0 if fy < 0 else height - 1
                x = round(fx * width - size / 2)
            else:
                y = round(fy * (height - 1))
                x = 1 if fx < 0.5 else width - size - 1
            x = max(0, min(width - size, x))
            rows[max(0, min(height - 1, y))].append((x, f"[b $warning]{escape(label)}[/]", size))
        out = []
        for pieces in rows:
            line, used = "", 0
            for x, markup, size in sorted(pieces):
                x = max(x, used)
                line += " " * (x - used) + markup
                used = x + size
            out.append(line + " " * max(0, width - used))  # whole rows: nothing to centre
        return Content.from_markup("\n".join(out))


class HandLog(VerticalScroll, can_focus=False):
    """The hand's actions, newest at the bottom, always scrolled to the end."""

    def compose(self) -> ComposeResult:
        """A single text block; rebuilt whole because a language switch re-tells the hand."""
        yield Static(id="log-text")

    def show(self, lines: Sequence[str]) -> None:
        """Replace the log text and keep the newest line in sight."""
        self.query_one("#log-text", Static).update(Content("\n".join(lines)))
        self.scroll_end(animate=False)

    def watch_virtual_size(self) -> None:
        """The text was laid out anew (new lines, a resize): the newest line in sight. A
        scroll asked for in :meth:`show` alone can run before the new text has its height,
        and then stops one screen short, depending on how busy the machine is."""
        self.scroll_end(animate=False, immediate=True)

    def on_resize(self) -> None:
        """A log made shorter (its rows given to the table) keeps the newest line in sight."""
        self.scroll_end(animate=False, immediate=True)


class DialogBox(Vertical):
    """The framed, centred box every dialog of the game is (``#<name>-box`` in the stylesheet).

    A screen holds one: it composes its parts inside and titles the frame in the current
    language with :meth:`retitle`, so the frame looks and is found the same everywhere.
    """

    def __init__(self, name: str, *parts: Widget) -> None:
        super().__init__(*parts, id=f"{name}-box")

    def retitle(self, title: str) -> None:
        """The frame's title, a text of the locale files (their markup is read)."""
        self.border_title = title
