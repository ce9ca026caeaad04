"""Find text that does not fit on the screen: cut with "…", folded mid-word, or clipped away.

The check reads what the terminal really shows (the compositor's rows) and which widget owns
each cell, and compares it with the text each widget was *given*. A word on screen that is
not a whole word of its widget's text was cut or folded; an ellipsis the text did not have
was added by Textual; a widget whose text needs more rows or columns than it has (and cannot
scroll) lost the rest. Only the top screen is read: a modal's background is checked in the
scenes where that background is on top.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from textual.app import App
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, OptionList, Select, Static, Tree

from holdem_tui.ui.keybars import KeyBar

#: widgets each line of which must stay one row: the header, the status line above the
#: action bar and the coach's lines (a wrapped one pushes the felt's pot off a 24-row screen)
ONE_ROW_EACH = ("topbar", "info", "coach")
#: a word: letters only, so "1.500", "10/20" and "♠" never count as cut words
WORD = re.compile(r"[^\W\d_]+")
ELLIPSIS = "…"


@dataclass(frozen=True)
class Problem:
    """One piece of text that does not fit, with where it is, for a readable failure."""

    widget: str
    row: int
    text: str
    why: str

    def __str__(self) -> str:
        return f"{self.widget} row {self.row}: {self.why}: {self.text!r}"


def plain(renderable: object) -> str:
    """The plain text of whatever a widget renders (Content, Rich Text, tables, panels)."""
    if isinstance(renderable, str):
        return renderable
    if isinstance(renderable, Content):
        return renderable.plain
    text = getattr(renderable, "plain", None)
    if isinstance(text, str):
        return text
    console = Console(width=400, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    try:
        console.print(renderable)
    except Exception:  # not a Rich renderable: nothing to compare against
        return ""
    finally:
        console.file.close()
    return console.export_text()


def _static_text(widget: Static) -> str:
    if type(widget).render is not Static.render:  # draws itself from a model
        return plain(widget.render())
    content = widget.content
    if isinstance(content, str):
        if not widget._render_markup:
            return content
        try:
            return Content.from_markup(content).plain
        except Exception:
            return content
    return plain(content)


def _tree_labels(tree: Tree[object]) -> Iterator[str]:
    stack = [tree.root]
    while stack:
        node = stack.pop()
        yield str(node.label)  # a Text prints as its plain text
        stack.extend(node.children)


def intended_text(widget: Widget) -> str | None:
    """The text a widget was given to show, or ``None`` for a widget that shows no words."""
    parts: list[str] = [
        str(title) for title in (widget.border_title, widget.border_subtitle) if title
    ]
    if isinstance(widget, Tree):
        parts.extend(_tree_labels(widget))
    elif isinstance(widget, DataTable):
        parts.extend(plain(column.label) for column in widget.columns.values())
        for row in range(widget.row_count):
            parts.extend(plain(cell) for cell in widget.get_row_at(row))
    elif isinstance(widget, OptionList):
        parts.extend(
            plain(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)
        )
    elif isinstance(widget, Button):
        parts.append(plain(widget.label))
    elif isinstance(widget, Input):
        parts.extend((widget.value, widget.placeholder))
    elif isinstance(widget, Select):
        return None  # drawn by its own children (a Static and an option list)
    elif isinstance(widget, Static):
        parts.append(_static_text(widget))
    elif isinstance(getattr(widget, "drawn_text", None), str):
        parts.append(widget.drawn_text)  # type: ignore[attr-defined]  # a chart's labels
    elif not widget.children:
        try:
            parts.append(plain(widget.render()))
        except Exception:
            return None
    else:
        return "\n".join(parts) if parts else None
    return "\n".join(parts)


def _cells(line: str) -> list[str]:
    """One string per terminal cell (a wide character fills two)."""
    out: list[str] = []
    for char in line:
        width = cell_len(char)
        if width == 0 and out:
            out[-1] += char
            continue
        out.append(char)
        out.extend([""] * (width - 1))
    return out


def _scrolls(widget: Widget) -> bool:
    return widget.styles.overflow_y in ("auto", "scroll") or widget.allow_vertical_scroll


def _rows_of(
    widget: Widget, grid: list[list[str]], owner: list[list[Widget | None]]
) -> list[tuple[int, str]]:
    """The widget's content area as it appears on screen, only the cells it owns."""
    region = widget.content_region
    rows: list[tuple[int, str]] = []
    for y in range(region.y, region.bottom):
        if not 0 <= y < len(grid):
            continue
        chars = []
        for x in range(region.x, region.right):
            if 0 <= x < len(grid[y]) and owner[y][x] is widget:
                chars.append(grid[y][x])
            else:
                chars.append(" ")
        rows.append((y, "".join(chars)))
    return rows


def _lost_lines(widget: Widget, text: str) -> str | None:
    """Why a non-scrolling widget cannot show all of ``text`` in its box, or ``None``."""
    region = widget.content_region
    if region.width <= 0 or region.height <= 0 or _scrolls(widget):
        return None
    if not isinstance(widget, Static) or not text.strip():
        return None
    size = Size(region.width, region.height)
    if widget.styles.text_wrap == "nowrap":
        width = max(cell_len(line) for line in text.splitlines())
        if width > region.width:
            return f"needs {width} columns, has {region.width}"
    lines = text.split("\n")
    blank_tail = len(lines) - len(text.rstrip().split("\n"))  # nothing is lost in those
    needed = widget.get_content_height(size, size, region.width) - blank_tail
    if needed > region.height:
        return f"needs {needed} rows at width {region.width}, has {region.height}"
    return None


def find_problems(app: App[Any], screen: Screen[Any] | None = None) -> list[Problem]:
    """Everything on the top screen that Textual cut, folded mid-word or clipped."""
    screen = screen or app.screen
    strips = screen._compositor.render_strips()
    grid = [_cells(strip.text) for strip in strips]
    owner: list[list[Widget | None]] = []
    for y, row in enumerate(grid):
        owners: list[Widget | None] = []
        for x in range(len(row)):
            try:
                owners.append(screen.get_widget_at(x, y)[0])
            except Exception:
                owners.append(None)
        owner.append(owners)
    problems: list[Problem] = []
    shown = {w for row in owner for w in row if w is not None}
    for widget in screen.walk_children(with_self=False):
        if widget not in shown or not widget.display:
            continue
        text = intended_text(widget)
        if text is None:
            continue
        name = f"{type(widget).__name__}#{widget.id or '?'}"
        problems.extend(_check_widget(widget, name, text, grid, owner))
    return problems


def _check_widget(
    widget: Widget,
    name: str,
    text: str,
    grid: list[list[str]],
    owner: list[list[Widget | None]],
) -> Iterable[Problem]:
    words = set(WORD.findall(text))
    ellipsed = {m.group(0) for m in re.finditer(r"[^\W\d_]+" + ELLIPSIS, text)}
    # the border belongs to the widget too: its title and subtitle are checked with it
    outer = widget.region
    border_rows = [
        (y, "".join(grid[y][outer.x : outer.right]))
        for y in (outer.y, outer.bottom - 1)
        if 0 <= y < len(grid)
    ]
    content_rows = _rows_of(widget, grid, owner)
    for y, line in content_rows + [
        r for r in border_rows if widget.border_title or widget.border_subtitle
    ]:
        if 0 <= y < len(owner):
            for match in re.finditer(r"[^\W\d_]+" + ELLIPSIS + "?", line):
                word = match.group(0)
                if word.endswith(ELLIPSIS):
                    if word not in ellipsed:
                        yield Problem(name, y, word, "cut with an ellipsis")
                    continue
                if word not in words:
                    yield Problem(name, y, word, "not a whole word of the text (cut or folded)")
    for (y, line), (_, below) in itertools.pairwise(content_rows):
        tail = re.search(r"[^\W\d_]+$", line)
        head = re.match(r"[^\W\d_]+", below)
        if tail and head and any(tail.group(0) + head.group(0) in word for word in words):
            yield Problem(name, y, tail.group(0) + "|" + head.group(0), "folded mid-word")
        glued = re.search(r"\S+$", line), re.match(r"\S+", below)
        if glued[0] and glued[1] and f"{glued[0].group(0)}\u00a0{glued[1].group(0)}" in text:
            yield Problem(
                name, y, glued[0].group(0) + "|" + glued[1].group(0), "broken at a no-break space"
            )
    if widget.id in ONE_ROW_EACH:
        width = widget.content_region.width
        for line in text.split("\n"):
            if cell_len(line) > width:
                yield Problem(
                    name, widget.content_region.y, line, f"wraps: {cell_len(line)} > {width}"
                )
    if isinstance(widget, KeyBar):
        shown = [line.replace("\u00a0", " ") for _, line in content_rows]
        for item in widget.items:
            hint = f"{item.key} {item.label}".replace("\u00a0", " ")
            if not any(hint in line for line in shown):
                yield Problem(name, widget.content_region.y, hint, "a key hint split over rows")
    if isinstance(widget, Tree | OptionList | DataTable) and widget.max_scroll_x > 0:
        yield Problem(
            name, widget.content_region.y, text.split("\n")[0][:40], "lines wider than the box"
        )
    frame = [str(t) for t in (widget.border_title, widget.border_subtitle) if t]
    body = text.split("\n", len(frame))[-1] if frame else text
    lost = _lost_lines(widget, body)
    if lost:
        yield Problem(name, widget.content_region.y, body.strip().replace("\n", " / ")[:60], lost)
