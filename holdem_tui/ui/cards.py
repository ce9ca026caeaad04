"""How a card looks: an ivory face with a red or black suit, a patterned blue back.

Three sizes, for the room a window has: a one-line chip (``" A♠"``), a three-line card and a
five-line card with the rank and suit in two corners and the suit in the middle
(:class:`CardSize`; :func:`card_lines` draws any of them).

Cards carry their own background instead of borrowing the theme's, so the same suit colours
read on the dark and the light theme alike (a red heart on ivory is red on any terminal
background). A four-colour deck (blue diamonds, green clubs) is one switch away for players
who mix up suits at a glance. Everything here returns Textual markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from holdem_tui.engine.cards import Card
from holdem_tui.session.narrate import rank_text

FACE: Final = "#f7f3e8"
MARKED: Final = "#ffd54a"
SELECTED: Final = "#9aa5ad"
BACK_BG: Final = "#27498f"
BACK_FG: Final = "#8fb1ee"
SLOT_BG: Final = "#1d5a3b"
SLOT_FG: Final = "#4f8a66"
RED: Final = "#c4161c"
BLACK: Final = "#16161a"
BLUE: Final = "#1747b5"
GREEN: Final = "#0f7a2e"
SUITS: Final = "♣♦♥♠"

#: width of a one-line card chip, and of a three-line card
CHIP_WIDTH: Final = 3
BIG_WIDTH: Final = 5
HUGE_WIDTH: Final = 7


class CardSize(IntEnum):
    """How large cards are drawn; larger windows get larger cards."""

    CHIP = 0  #: one line, " A♠"
    BIG = 1  #: three lines, five cells wide
    HUGE = 2  #: five lines, seven cells wide

    @property
    def width(self) -> int:
        """Cells across one card."""
        return (CHIP_WIDTH, BIG_WIDTH, HUGE_WIDTH)[self]

    @property
    def height(self) -> int:
        """Lines down one card."""
        return (1, 3, 5)[self]

    def row_width(self, count: int) -> int:
        """Cells taken by ``count`` cards side by side, one cell apart."""
        return count * (self.width + 1) - 1 if count else 0


def suit_colour(card: Card, four_colour: bool = False) -> str:
    """Red hearts and diamonds, black spades and clubs (or blue diamonds, green clubs)."""
    suit = card.suit
    if four_colour:
        return (GREEN, BLUE, RED, BLACK)[suit]
    return (BLACK, RED, RED, BLACK)[suit]


def _background(marked: bool, selected: bool) -> str:
    if selected:
        return SELECTED
    return MARKED if marked else FACE


def _wrap(text: str, style: str) -> str:
    return f"[{style}]{text}[/]"


def _face_rows(rank: str, suit: str, size: CardSize) -> tuple[str, ...]:
    """A face's rows unstyled: the rank and suit where a printed card has them."""
    width = size.width
    if size is CardSize.CHIP:
        return (f"{rank:>2}{suit}",)
    if size is CardSize.BIG:
        return (f"{rank:<{width}}", suit.center(width), f"{rank:>{width}}")
    return (
        f"{rank:<{width}}",
        f"{suit:<{width}}",
        suit.center(width),
        f"{suit:>{width}}",
        f"{rank:>{width}}",
    )


def card_lines(
    card: Card | None,
    size: CardSize,
    *,
    marked: bool = False,
    selected: bool = False,
    four_colour: bool = False,
    empty: bool = False,
) -> tuple[str, ...]:
    """One card in ``size``: ``size.height`` lines of markup, ``size.width`` cells each.

    ``None`` draws the back, ``empty`` an empty board slot (a dot in the middle row). Every
    size is styled here, so a back, a slot and a face look the same at any size.
    """
    width, height = size.width, size.height
    if empty:
        rows = tuple("·".center(width) if i == height // 2 else " " * width for i in range(height))
        style = f"{SLOT_FG} on {SLOT_BG}"
    elif card is None:
        rows = ("▚" * width,) * height
        style = f"{BACK_FG} on {BACK_BG}"
    else:
        rows = _face_rows(rank_text(card), SUITS[card.suit], size)
        style = f"bold {suit_colour(card, four_colour)} on {_background(marked, selected)}"
        if selected and size is CardSize.CHIP:  # a chip has no room to show selection else
            style += " strike"
    return tuple(_wrap(row, style) for row in rows)


def chip(
    card: Card | None,
    *,
    marked: bool = False,
    selected: bool = False,
    four_colour: bool = False,
) -> str:
    """A one-line card, ``" A♠"`` on ivory; ``None`` draws the back."""
    return card_lines(
        card, CardSize.CHIP, marked=marked, selected=selected, four_colour=four_colour
    )[0]


def empty_chip() -> str:
    """An empty board slot, drawn faintly on the felt."""
    return card_lines(None, CardSize.CHIP, empty=True)[0]


def chips(cards: Sequence[Card | None], *, slots: int = 0, four_colour: bool = False) -> str:
    """Cards side by side as one-line chips (``None``: a back), then empty slots up to
    ``slots`` (the board's five)."""
    parts = [chip(card, four_colour=four_colour) for card in cards]
    parts += [empty_chip()] * max(0, slots - len(cards))
    return " ".join(parts)
