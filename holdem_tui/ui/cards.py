"""How a card looks: an ivory face with a red or black suit, a patterned blue back.

Cards carry their own background instead of borrowing the theme's, so the same suit colours
read on the dark and the light theme alike (a red heart on ivory is red on any terminal
background). A four-colour deck (blue diamonds, green clubs) is one switch away for players
who mix up suits at a glance. Everything here returns Textual markup.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def chip(
    card: Card | None,
    *,
    marked: bool = False,
    selected: bool = False,
    four_colour: bool = False,
) -> str:
    """A one-line card, ``" A♠"`` on ivory; ``None`` draws the back."""
    if card is None:
        return _wrap("▚▚▚", f"{BACK_FG} on {BACK_BG}")
    text = f"{rank_text(card):>2}{SUITS[card.suit]}"
    style = f"bold {suit_colour(card, four_colour)} on {_background(marked, selected)}"
    if selected:
        style += " strike"
    return _wrap(text, style)


def empty_chip() -> str:
    """An empty board slot, drawn faintly on the felt."""
    return f"[{SLOT_FG} on {SLOT_BG}] · [/]"


def chips(cards: Sequence[Card | None], *, slots: int = 0, four_colour: bool = False) -> str:
    """Cards side by side as one-line chips (``None``: a back), then empty slots up to
    ``slots`` (the board's five)."""
    parts = [chip(card, four_colour=four_colour) for card in cards]
    parts += [empty_chip()] * max(0, slots - len(cards))
    return " ".join(parts)


def big_lines(
    card: Card | None,
    *,
    marked: bool = False,
    selected: bool = False,
    four_colour: bool = False,
    empty: bool = False,
) -> tuple[str, str, str]:
    """A three-line card, rank in the corners and the suit in the middle."""
    if empty:
        style = f"{SLOT_FG} on {SLOT_BG}"
        return (f"[{style}]     [/]", f"[{style}]  ·  [/]", f"[{style}]     [/]")
    if card is None:
        style = f"{BACK_FG} on {BACK_BG}"
        back = f"[{style}]▚▚▚▚▚[/]"
        return (back, back, back)
    rank = rank_text(card)
    suit = SUITS[card.suit]
    style = f"bold {suit_colour(card, four_colour)} on {_background(marked, selected)}"
    return (
        f"[{style}]{rank:<5}[/]",
        f"[{style}]  {suit}  [/]",
        f"[{style}]{rank:>5}[/]",
    )
