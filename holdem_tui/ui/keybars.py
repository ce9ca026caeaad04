"""The rows of key hints: the action bar, the footer, the raise editor's keys.

A hint is an :class:`~holdem_tui.session.present.ActionModel` (key, label, action, live or
dimmed); a row lays hints out whole, wrapping between hints, never inside one, and a click on
a hint runs the same action as its key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.cells import cell_len
from textual.content import Content
from textual.events import Click
from textual.markup import escape
from textual.widgets import Static

from holdem_tui.session.present import ActionModel

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
