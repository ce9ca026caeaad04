"""The pieces of the table: seats, the felt with board and pots, the log, the bars.

Each widget draws one part of a :class:`~holdem_tui.session.present.TableModel` and nothing more;
the model is computed elsewhere, already translated and already stripped of anything the
viewer may not see. Attributes go down (the screen assigns models); clicks go up as the same
actions the keys run.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Container, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Click
from textual.geometry import Offset
from textual.markup import escape
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from holdem_tui.session.present import ActionModel, CardFace, SeatModel, TableModel
from holdem_tui.ui import cards
from holdem_tui.ui.cards import CardSize

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


SEPARATOR = "   "

#: muted and disabled text in markup, as solid blends of the text colour into the background:
#: markup drops the alpha of ``$text-muted`` and ``$text-disabled``, which then came out pure
#: white, brighter than the live keys beside them
MUTED: Final = "$foreground 60%"
DISABLED: Final = "$foreground 40%"


def hint_width(actions: Sequence[ActionModel]) -> int:
    """The cells ``actions`` take on one row."""
    sizes = [cell_len(f"{item.key} {item.label}") for item in actions]
    return sum(sizes) + len(SEPARATOR) * max(0, len(sizes) - 1)


def action_markup(actions: Sequence[ActionModel]) -> str:
    """Key hints as markup: the key in bold accent, then its label; dead keys dimmed."""
    parts = []
    for item in actions:
        key = escape(item.key)
        label = escape(item.label)
        if not item.enabled:
            parts.append(f"[{DISABLED}]{key} {label}[/]")
        else:
            parts.append(f"[b $accent]{key}[/] {label}")
    return SEPARATOR.join(parts)


def wrap_whole(sizes: Sequence[int], width: int, gap: int) -> list[list[int]]:
    """Items of ``sizes`` cells laid out in rows no wider than ``width``, ``gap`` cells apart,
    never splitting an item; returns the indices in each row (an item wider than the row
    gets a row of its own)."""
    rows: list[list[int]] = [[]]
    used = 0
    for index, size in enumerate(sizes):
        if rows[-1] and width > 0 and used + gap + size > width:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + size
        rows[-1].append(index)
    return rows


def flow_rows(parts: Sequence[tuple[str, int]], width: int, gap: int) -> list[list[str]]:
    """Markup ``parts`` (each with its width in cells) in rows of whole parts."""
    return [[parts[i][0] for i in row] for row in wrap_whole([n for _, n in parts], width, gap)]


def hint_rows(actions: Sequence[ActionModel], width: int) -> list[list[ActionModel]]:
    """Key hints laid out in rows no wider than ``width``, never splitting a hint.

    Left to itself, Textual would wrap at any space, even the no-break space inside
    "± 5 000", leaving a key on one row and its label or amount on the next.
    """
    sizes = [cell_len(f"{item.key} {item.label}") for item in actions]
    return [[actions[i] for i in row] for row in wrap_whole(sizes, width, len(SEPARATOR))]


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
    the translator by binding id, so switching language changes the footer at once. Keys a
    player finds by looking (the coach, the review, the deck) are named too where the row
    has room: the footer stays one row, so at 80 columns some of them give way.
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.always: list[ActionModel] = []
        self.if_room: list[ActionModel] = []

    def show(self, actions: Sequence[ActionModel], if_room: Sequence[ActionModel] = ()) -> None:
        """Draw ``actions``, then those of ``if_room`` that still fit on the same row."""
        self.always, self.if_room = list(actions), list(if_room)
        self._fit()

    def _fit(self) -> None:
        width = self.content_region.width
        items = list(self.always)
        for extra in self.if_room:
            if width and hint_width([*items, extra]) <= width:
                items.append(extra)
        self.items = items
        self._lay_out()

    def on_resize(self) -> None:
        """Name as many of the extra keys as the new width holds."""
        if self.always or self.if_room:
            self._fit()


#: the table area's width and height from which cards are drawn big, and huge
BIG_FROM: Final = (80, 26)
HUGE_FROM: Final = (120, 40)
#: the felt's least width and height for the bets to lie on it around the board
BETS_ON_FELT: Final = (68, 16)
#: on a huge table: the felt's greatest width, and the height it may keep however wide
FELT_MOST: Final = (100, 18)

#: a box on screen: x, y, width, height
Box = tuple[int, int, int, int]


class TableArea(Container):
    """The oval: seats placed around the felt, repositioned whenever the area is resized.

    The area's size decides how large cards are drawn (:meth:`card_size`), and so how large
    seats are; seats in a row too tight for them at their usual places spread to the edges.
    """

    class Cramped(Message):
        """The felt is ``rows`` rows short of what it needs (negative: it has rows to spare);
        the screen may give the table rows from the log."""

        def __init__(self, rows: int) -> None:
            super().__init__()
            self.rows = rows

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

    @property
    def slots(self) -> tuple[tuple[float, float], ...]:
        """Where each chair sits, as fractions of the free space."""
        return SLOTS.get(self.seat_count, SLOTS[9])

    def card_size(self) -> CardSize:
        """Cards grow with the room: chips, three lines from 80×26, five from 120×40."""
        width, height = self.size
        if width >= HUGE_FROM[0] and height >= HUGE_FROM[1]:
            return CardSize.HUGE
        if width >= BIG_FROM[0] and height >= BIG_FROM[1]:
            return CardSize.BIG
        return CardSize.CHIP

    def fit_width(self, xs: list[float], row: float, width: int) -> int:
        """The widest seat that never overlaps its neighbours at the places ``xs`` in a row
        ``width`` cells wide."""
        best = width
        for left, right in pairwise(sorted(xs)):
            gap = right - left
            # seats gap*(W - w) apart must be at least w wide apart
            best = min(best, int(gap * width / (1 + gap)))
        if 0.0 < row < 1.0:
            best = min(best, width // 3)
        return max(16, best)

    def wanted_width(self, row: float, viewer: bool, size: CardSize) -> int:
        """How wide a seat would be with room to spare: its cards, its name, its stack."""
        extra = 4 if viewer else 0
        side = 0.0 < row < 1.0
        if self.draw_game:
            if size is CardSize.CHIP:
                return 25 + extra
            if viewer:
                return size.row_width(5) + 4
            # five cards of the others: three-line ones on a huge table (five-line ones
            # would squeeze the felt and the top row), chips on a big one
            return CardSize.BIG.row_width(5) + 4 if size is CardSize.HUGE else 27
        if size is CardSize.HUGE:
            return (30 if side else max(34, min(40, self.size.width // 5))) + extra
        if size is CardSize.BIG:
            return 24 if side else 28 + extra
        return 22 + extra

    def seat_height(self, width: int, size: CardSize, bets_on_felt: bool = False) -> int:
        """Rows for a seat ``width`` wide: the stack line, its cards, the bet, the frame.

        With the bets on the felt a Hold'em seat needs no bet line; a draw seat keeps it
        for the keys under the player's cards.
        """
        count = 5 if self.draw_game else 2
        shown = fitting_size(count, width - 4, size)
        if shown is CardSize.CHIP:
            return 5 if self.draw_game else 4
        bet_line = 0 if bets_on_felt and not self.draw_game else 1
        return shown.height + 3 + bet_line

    def row_places(self, ring: int) -> dict[int, tuple[float, int]]:
        """Each seat's place in its row and its width, around a table ``ring`` cells wide.

        A row whose cards would not fit its seats at their usual places (six-player draw at
        80 columns: three seats of five cards across the top) spreads them evenly from edge
        to edge; otherwise seats narrow a little and keep the table's oval.
        """
        size = self.card_size()
        rows: dict[float, list[int]] = {}
        for seat, (_, fy) in enumerate(self.slots):
            rows.setdefault(fy, []).append(seat)
        places: dict[int, tuple[float, int]] = {}
        for fy, seats in rows.items():
            xs = [self.slots[seat][0] for seat in seats]
            wanted = {seat: self.wanted_width(fy, self._is_viewer(seat), size) for seat in seats}
            fit = self.fit_width(xs, fy, ring)
            count = 5 if self.draw_game else 2
            needed = max(  # the card row at the size the seat would draw it, and its frame
                fitting_size(count, want - 4, size).row_width(count) + 4 for want in wanted.values()
            )
            if len(seats) > 1 and fit < needed:
                spread = [i / (len(seats) - 1) for i in range(len(seats))]
                if self.fit_width(spread, fy, ring) > fit:
                    order = sorted(range(len(seats)), key=lambda i: xs[i])
                    for rank, i in enumerate(order):
                        xs[i] = spread[rank]
                    fit = self.fit_width(xs, fy, ring)
            for seat, fx in zip(seats, xs, strict=True):
                width = min(fit, wanted[seat])
                if self.draw_game and self._is_viewer(seat):
                    width = min(ring, wanted[seat])
                places[seat] = (fx, width)
        return places

    def _is_viewer(self, seat: int) -> bool:
        return self.query_one(f"#seat-{seat}", SeatWidget).has_class("-viewer")

    def _ring(
        self, size: CardSize, bets_on_felt: bool, ring_w: int, ring_h: int
    ) -> tuple[dict[int, Box], Box]:
        """Every seat's box and the felt's, for a table ``ring_w`` × ``ring_h`` at 0, 0."""
        places = self.row_places(ring_w)
        boxes: dict[int, Box] = {}
        top_h = bottom_h = side_w = 0
        for seat, (_, fy) in enumerate(self.slots):
            fx, seat_w = places[seat]
            seat_h = self.seat_height(seat_w, size, bets_on_felt)
            x = round(fx * max(0, ring_w - seat_w))
            y = round(fy * max(0, ring_h - seat_h))
            boxes[seat] = (x, y, seat_w, seat_h)
            if fy == 0.0:
                top_h = max(top_h, seat_h)
            elif fy == 1.0:
                bottom_h = max(bottom_h, seat_h)
            else:
                side_w = max(side_w, seat_w)
        for seat, (x, y, seat_w, seat_h) in boxes.items():
            if 0.0 < self.slots[seat][1] < 1.0:
                # a side seat stays between the top and bottom rows when they leave room
                y = max(min(y, ring_h - bottom_h - seat_h), min(top_h, ring_h - seat_h))
                boxes[seat] = (x, y, seat_w, seat_h)
        margin_x = side_w + 1 if side_w else max(2, ring_w // 8)
        felt_w = max(10, ring_w - 2 * margin_x)
        felt_h = max(3, ring_h - top_h - bottom_h)
        return boxes, ((ring_w - felt_w) // 2, top_h, felt_w, felt_h)

    def _boxes(self, size: CardSize, bets_on_felt: bool) -> tuple[dict[int, Box], Box]:
        """Every seat's box (x, y, width, height), and the felt's.

        The felt fills the middle, except on a huge table: there it stays the size of a
        table (:data:`FELT_MOST`), the seats close around it, and the whole table stands in
        the middle of the room, so the green is never a field of nothing.
        """
        width, height = self.size
        boxes, felt = self._ring(size, bets_on_felt, width, height)
        if size is CardSize.HUGE:
            felt_w = min(felt[2], FELT_MOST[0])
            felt_h = min(felt[3], max(FELT_MOST[1], felt_w // 4))
            if (felt_w, felt_h) != felt[2:]:
                ring_w, ring_h = width - (felt[2] - felt_w), height - (felt[3] - felt_h)
                boxes, felt = self._ring(size, bets_on_felt, ring_w, ring_h)
                dx, dy = (width - ring_w) // 2, (height - ring_h) // 2
                boxes = {s: (x + dx, y + dy, w, h) for s, (x, y, w, h) in boxes.items()}
                felt = (felt[0] + dx, felt[1] + dy, felt[2], felt[3])
        return boxes, felt

    def place(self) -> None:
        """Put every seat at its place and stretch the felt over the middle.

        On a huge table the bets go on the felt when it has room for them around the board.
        """
        width, height = self.size
        if width <= 0 or height <= 0:
            return
        size = self.card_size()
        bets_on_felt = size is CardSize.HUGE
        boxes, felt_box = self._boxes(size, bets_on_felt)
        if bets_on_felt and (felt_box[2] < BETS_ON_FELT[0] or felt_box[3] < BETS_ON_FELT[1]):
            bets_on_felt = False
            boxes, felt_box = self._boxes(size, bets_on_felt)
        felt_x, felt_y, felt_w, felt_h = felt_box
        spots: dict[int, tuple[float, float]] = {}
        for seat, (x, y, seat_w, seat_h) in boxes.items():
            widget = self.query_one(f"#seat-{seat}", SeatWidget)
            widget.card_size = size
            widget.bet_on_felt = bets_on_felt
            widget.styles.width = seat_w
            widget.styles.height = seat_h
            widget.styles.offset = Offset(x, y)
            if bets_on_felt:  # the seat's middle, seen from the felt's inside
                inside_x, inside_y = felt_x + 1, felt_y + 1
                spots[seat] = (
                    (x + seat_w / 2 - inside_x) / max(1, felt_w - 2),
                    (y + seat_h / 2 - inside_y) / max(1, felt_h - 2),
                )
        felt = self.query_one(Felt)
        bottom = max((box[3] for s, box in boxes.items() if self.slots[s][1] == 1.0), default=0)
        shortfall = felt.least_rows() - (height - felt_y - bottom)
        if shortfall:
            self.post_message(self.Cramped(shortfall))
        felt.card_size = max(size, CardSize.BIG)  # the board takes the felt's own room
        felt.spots = spots
        felt.styles.width = felt_w
        felt.styles.height = felt_h
        felt.styles.offset = Offset(felt_x, felt_y)


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
