"""Where everything sits at the table for the window's size: seats, felt, cards, bets.

:class:`TableArea` places each :class:`~holdem_tui.ui.widgets.SeatWidget` around the
:class:`~holdem_tui.ui.widgets.Felt` (:data:`SLOTS`, clockwise from the chair at the bottom)
and picks the card size and whether the bets lie on the felt from the room there is, so the
table reads the same from 80x24 to a large window.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Final

from textual.app import ComposeResult
from textual.containers import Container
from textual.geometry import Offset
from textual.message import Message

from holdem_tui.ui.cards import CardSize
from holdem_tui.ui.widgets import Felt, SeatWidget, fitting_size

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

    def __init__(self, seat_count: int, draw_game: bool, home: int = 0) -> None:
        super().__init__(id="table-area")
        self.seat_count = seat_count
        self.draw_game = draw_game
        #: the chair drawn at the bottom, the others clockwise from it: a player's own
        #: chair on their own screen, wherever the host seated them
        self.home = home
        places = SLOTS.get(seat_count, SLOTS[9])
        #: where each chair sits, as fractions of the free space (by chair number)
        self.slots = tuple(places[(seat - home) % len(places)] for seat in range(len(places)))

    def compose(self) -> ComposeResult:
        """The felt first, then one widget per chair."""
        yield Felt(id="felt")
        for seat in range(self.seat_count):
            yield SeatWidget(seat, draw_game=self.draw_game)

    def on_resize(self) -> None:
        """Lay the seats out for the new size."""
        self.place()

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
