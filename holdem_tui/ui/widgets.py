"""The pieces of the table: seats, the felt with board and pots, the log, the bars.

Each widget draws one part of a :class:`~holdem_tui.session.present.TableModel` and nothing more;
the model is computed elsewhere, already translated and already stripped of anything the
viewer may not see. Attributes go down (the screen assigns models); clicks go up as the same
actions the keys run.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Container, VerticalScroll
from textual.content import Content
from textual.events import Click
from textual.geometry import Offset
from textual.markup import escape
from textual.reactive import reactive
from textual.widgets import Static

from holdem_tui.session.present import ActionModel, CardFace, SeatModel, TableModel
from holdem_tui.ui import cards

#: Where each seat sits for a given number of players, as fractions of the free space
#: (0 = left/top edge, 1 = right/bottom edge), clockwise from the chair at the bottom.
SLOTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 1.0), (0.5, 0.0)),
    3: ((0.5, 1.0), (0.12, 0.0), (0.88, 0.0)),
    4: ((0.5, 1.0), (0.0, 0.5), (0.5, 0.0), (1.0, 0.5)),
    5: ((0.5, 1.0), (0.0, 0.5), (0.25, 0.0), (0.75, 0.0), (1.0, 0.5)),
    6: ((0.5, 1.0), (0.0, 0.5), (0.1, 0.0), (0.5, 0.0), (0.9, 0.0), (1.0, 0.5)),
    7: ((0.5, 1.0), (0.1, 1.0), (0.0, 0.5), (0.25, 0.0), (0.75, 0.0), (1.0, 0.5), (0.9, 1.0)),
    8: (
        (0.5, 1.0),
        (0.1, 1.0),
        (0.0, 0.5),
        (0.1, 0.0),
        (0.5, 0.0),
        (0.9, 0.0),
        (1.0, 0.5),
        (0.9, 1.0),
    ),
    9: (
        (0.5, 1.0),
        (0.1, 1.0),
        (0.0, 0.5),
        (0.0, 0.0),
        (1 / 3, 0.0),
        (2 / 3, 0.0),
        (1.0, 0.0),
        (1.0, 0.5),
        (0.9, 1.0),
    ),
}


def _pad_between(left: str, right: str, width: int, left_len: int, right_len: int) -> str:
    """Markup with ``right`` pushed to the right edge of ``width`` cells."""
    gap = max(1, width - left_len - right_len)
    return left + " " * gap + right


def card_row(faces: Sequence[CardFace], four_colour: bool) -> tuple[str, int]:
    """One line of chips separated by a space; returns the markup and its width in cells."""
    parts = []
    for face in faces:
        parts.append(
            cards.chip(
                face.card, marked=face.marked, selected=face.selected, four_colour=four_colour
            )
        )
    width = len(faces) * (cards.CHIP_WIDTH + 1) - 1 if faces else 0
    return " ".join(parts), width


def big_card_rows(faces: Sequence[CardFace], four_colour: bool) -> list[str]:
    """Three lines of three-line cards side by side."""
    rows: list[list[str]] = [[], [], []]
    for face in faces:
        parts = cards.big_lines(
            face.card, marked=face.marked, selected=face.selected, four_colour=four_colour
        )
        for i in range(3):
            rows[i].append(parts[i])
    return [" ".join(r) for r in rows]


def big_width(count: int) -> int:
    """Cells taken by ``count`` three-line cards with one-cell gaps."""
    return count * (cards.BIG_WIDTH + 1) - 1 if count else 0


class SeatWidget(Static):
    """One chair: name and level in the frame, stack and blinds, cards, bet, status.

    ``big`` seats (large terminals) draw three-line cards and give the bet its own line.
    """

    model: reactive[SeatModel | None] = reactive(None, always_update=True, layout=False)
    four_colour: reactive[bool] = reactive(False)
    big: reactive[bool] = reactive(False)

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

    def _key_line(self, model: SeatModel, big: bool) -> str:
        """Under the viewer's draw cards: which key marks which card (✗ = thrown)."""
        width = cards.BIG_WIDTH if big else cards.CHIP_WIDTH
        keys = []
        for face in model.cards:
            label = "✗" if face.selected else str((face.index or 0) + 1)
            style = "$error b" if face.selected else "$text-muted"
            keys.append(f"[{style}]{label:^{width}}[/]")
        return " ".join(keys)

    async def on_click(self, event: Click) -> None:
        """Clicking one of your cards in the draw marks or unmarks it, like its number key."""
        model = self.model
        offset = event.get_content_offset(self)
        if model is None or offset is None:
            return
        if not any(face.index is not None for face in model.cards):
            return
        big = self.big and big_width(len(model.cards)) <= self.content_size.width
        rows = range(1, 5) if big else range(1, 3)
        width = cards.BIG_WIDTH if big else cards.CHIP_WIDTH
        if offset.y not in rows:
            return
        index, within = divmod(offset.x, width + 1)
        if within < width and index < len(model.cards):
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
        bet_markup = f"[$warning b]▸{escape(model.bet)}[/]" if model.bet else ""
        bet_len = len(model.bet) + 1 if model.bet else 0
        big = self.big and big_width(len(model.cards)) <= width
        if big:
            rows = big_card_rows(model.cards, self.four_colour)
            if not model.cards:
                rows = ["", "", ""]
            last = self._key_line(model, True) if clickable else bet_markup
            return Content.from_markup("\n".join([line1, *rows, last]))
        row, row_len = card_row(model.cards, self.four_colour)
        if self.draw_game:
            last = self._key_line(model, False) if clickable else bet_markup
            return Content.from_markup("\n".join([line1, row or " ", last]))
        line2 = _pad_between(row, bet_markup, width, row_len, bet_len) if model.bet else row
        return Content.from_markup("\n".join([line1, line2 or " "]))


class Felt(Static):
    """The middle of the table: street, the five board slots, the pot and side pots."""

    model: reactive[TableModel | None] = reactive(None, always_update=True)
    four_colour: reactive[bool] = reactive(False)

    def render(self) -> Content:
        """Board cards big when there is room, one line otherwise; then pots or results."""
        model = self.model
        if model is None:
            return Content("")
        width = max(1, self.content_size.width)
        height = max(1, self.content_size.height)
        lines: list[str] = []
        info = model.results or model.pots
        if model.street:
            lines.append(f"[b]{escape(model.street)}[/]")
        board = model.board
        needed_big = 3 + len(lines) + 1 + len(info)
        big = bool(board) and height >= needed_big + 1 and width >= 30
        if board and big:
            rows: list[list[str]] = [[], [], []]
            for face in board:
                if face is None:
                    parts = cards.big_lines(None, empty=True)
                else:
                    parts = cards.big_lines(
                        face.card, marked=face.marked, four_colour=self.four_colour
                    )
                for i in range(3):
                    rows[i].append(parts[i])
            lines.extend(" ".join(r) for r in rows)
        elif board:
            chips = [
                cards.empty_chip()
                if face is None
                else cards.chip(face.card, marked=face.marked, four_colour=self.four_colour)
                for face in board
            ]
            lines.append(" ".join(chips))
        if model.pot and not model.results:
            lines.append(f"[b $warning]{escape(model.pot)}[/]")
        for text in info:
            won = bool(model.results)
            lines.append(f"[b $success]{escape(text)}[/]" if won else escape(text))
        return Content.from_markup("\n".join(lines))


class HandLog(VerticalScroll, can_focus=False):
    """The hand's actions, newest at the bottom, always scrolled to the end."""

    def compose(self) -> ComposeResult:
        """A single text block; rebuilt whole because a language switch re-tells the hand."""
        yield Static(id="log-text")

    def show(self, lines: Sequence[str]) -> None:
        """Replace the log text and keep the newest line in sight."""
        self.query_one("#log-text", Static).update(Content("\n".join(lines)))
        self.scroll_end(animate=False)


SEPARATOR = "   "


def action_markup(actions: Sequence[ActionModel]) -> str:
    """Key hints as markup: the key in bold accent, then its label; dead keys dimmed."""
    parts = []
    for item in actions:
        key = escape(item.key)
        label = escape(item.label)
        if not item.enabled:
            parts.append(f"[$text-disabled]{key} {label}[/]")
        else:
            parts.append(f"[b $accent]{key}[/] {label}")
    return SEPARATOR.join(parts)


def hint_rows(actions: Sequence[ActionModel], width: int) -> list[list[ActionModel]]:
    """Key hints laid out in rows no wider than ``width``, never splitting a hint.

    Left to itself, Textual would wrap at any space, even the no-break space inside
    "± 5 000", leaving a key on one row and its label or amount on the next.
    """
    rows: list[list[ActionModel]] = [[]]
    used = 0
    for item in actions:
        size = cell_len(f"{item.key} {item.label}")
        if rows[-1] and width > 0 and used + len(SEPARATOR) + size > width:
            rows.append([])
            used = 0
        used += (len(SEPARATOR) if rows[-1] else 0) + size
        rows[-1].append(item)
    return rows


class KeyBar(Static):
    """Key hints, a row or more; clicking a hint runs its action, like pressing its key.

    Clicks are mapped by column rather than with ``@click`` markup so the key can keep its
    own colour (link styling would repaint the whole hint).
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.items: list[ActionModel] = []
        self.rows: list[list[ActionModel]] = []

    def show(self, actions: Sequence[ActionModel]) -> None:
        """Draw ``actions``, whole hints per row."""
        self.items = list(actions)
        self._lay_out()

    def _lay_out(self) -> None:
        self.rows = hint_rows(self.items, self.content_region.width)
        self.update(Content.from_markup("\n".join(action_markup(row) for row in self.rows)))

    def on_resize(self) -> None:
        """Re-flow the hints for the new width."""
        if self.items and hint_rows(self.items, self.content_region.width) != self.rows:
            self._lay_out()

    def item_at(self, x: int, y: int = 0) -> ActionModel | None:
        """The hint under column ``x`` of row ``y`` of the content."""
        if not 0 <= y < len(self.rows):
            return None
        column = 0
        for item in self.rows[y]:
            width = cell_len(f"{item.key} {item.label}")
            if column <= x < column + width:
                return item
            column += width + len(SEPARATOR)
        return None

    async def on_click(self, event: Click) -> None:
        """Run the clicked hint's action if it is live."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        item = self.item_at(offset.x, offset.y)
        if item is not None and item.enabled and item.action:
            event.stop()
            await self.run_action(item.action)


class ActionBar(KeyBar):
    """The moves open to the player; illegal ones are dimmed and do nothing."""


class KeyFooter(KeyBar):
    """The footer: general keys with their names in the current language, clickable.

    Textual's own footer shows a binding's fixed ``description``; here the text comes from
    the translator by binding id, so switching language changes the footer at once.
    """


class TableArea(Container):
    """The oval: seats placed around the felt, repositioned whenever the area is resized."""

    def __init__(self, seat_count: int, draw_game: bool) -> None:
        super().__init__(id="table-area")
        self.seat_count = seat_count
        self.draw_game = draw_game

    def compose(self) -> ComposeResult:
        """The felt first, then one widget per chair."""
        yield Felt(id="felt")
        for seat in range(self.seat_count):
            yield SeatWidget(seat, draw_game=self.draw_game)

    def on_resize(self) -> None:
        """Lay the seats out for the new size."""
        self.place()

    def max_width(self, row: float) -> int:
        """The widest seat that never overlaps its neighbours in the row at height ``row``."""
        slots = SLOTS.get(self.seat_count, SLOTS[9])
        xs = sorted(fx for fx, fy in slots if fy == row)
        width = self.size.width
        best = width
        for left, right in pairwise(xs):
            gap = right - left
            # seats gap*(W - w) apart must be at least w wide apart
            best = min(best, int(gap * width / (1 + gap)))
        if 0.0 < row < 1.0:
            best = min(best, width // 3)
        return max(16, best)

    def is_big(self) -> bool:
        """Large terminals get three-line cards."""
        return self.size.height >= 26 and self.size.width >= 80

    def seat_size(self, row: float, viewer: bool = False) -> tuple[int, int]:
        """Seat width and height for the area size, the game, the seat's row and owner."""
        fit = self.max_width(row)
        extra = 4 if viewer else 0
        if self.is_big():
            if self.draw_game:
                if viewer:
                    return min(self.size.width, big_width(5) + 4), 7
                return min(fit, 27), 5
            side = 0.0 < row < 1.0
            return min(fit, 24 if side else 28 + extra), 7
        if self.draw_game:
            return min(fit, 25 + extra), 5
        return min(fit, 22 + extra), 4

    def place(self) -> None:
        """Put every seat at its slot and stretch the felt over the middle."""
        width, height = self.size
        if width <= 0 or height <= 0:
            return
        big = self.is_big()
        slots = SLOTS.get(self.seat_count, SLOTS[9])
        top_h = 0
        bottom_h = 0
        side_w = 0
        for seat, (fx, fy) in enumerate(slots):
            widget = self.query_one(f"#seat-{seat}", SeatWidget)
            seat_w, seat_h = self.seat_size(fy, widget.has_class("-viewer"))
            widget.big = big
            widget.styles.width = seat_w
            widget.styles.height = seat_h
            x = round(fx * max(0, width - seat_w))
            y = round(fy * max(0, height - seat_h))
            widget.styles.offset = Offset(x, y)
            if fy == 0.0:
                top_h = max(top_h, seat_h)
            elif fy == 1.0:
                bottom_h = max(bottom_h, seat_h)
            else:
                side_w = max(side_w, seat_w)
        felt = self.query_one(Felt)
        margin_x = side_w + 1 if side_w else max(2, width // 8)
        felt_w = max(10, width - 2 * margin_x)
        felt_h = max(3, height - top_h - bottom_h)
        felt.styles.width = felt_w
        felt.styles.height = felt_h
        felt.styles.offset = Offset((width - felt_w) // 2, top_h)
