"""Is the table laid out right? Every seat, the felt and the log in sight, whole, apart.

Read from what the screen really shows (the compositor's map of which widget owns each cell),
not from the sizes the layout code meant to give: a seat drawn under another, cut by the
edge of the table, or a card row wider than its seat is found here whatever caused it.
"""

from __future__ import annotations

from itertools import combinations

from rich.cells import cell_len
from textual.widget import Widget

from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.table_area import TableArea
from holdem_tui.ui.widgets import Felt, HandLog, SeatWidget


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id or '?'}"


def covered_cells(screen: TableScreen, widget: Widget) -> int:
    """Cells of ``widget``'s box where the screen shows another widget (one on top of it)."""
    region = widget.region
    covered = 0
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            try:
                top, _ = screen.get_widget_at(x, y)
            except Exception:
                covered += 1
                continue
            if top is not widget and widget not in top.ancestors:
                covered += 1
    return covered


def _text_fits(widget: Widget) -> str | None:
    """Why the widget's own drawing does not fit its box (a card row wider than the seat)."""
    rendered = widget.render()
    plain = getattr(rendered, "plain", str(rendered))
    lines = plain.split("\n")
    width, height = widget.content_size
    widest = max((cell_len(line) for line in lines), default=0)
    if widest > width:
        return f"draws {widest} columns into {width}"
    if len(lines) > height:
        return f"draws {len(lines)} rows into {height}"
    return None


def shown_parts(screen: TableScreen) -> list[Widget]:
    """The felt and every seat on display."""
    parts: list[Widget] = [screen.query_one(Felt)]
    parts.extend(seat for seat in screen.query(SeatWidget) if seat.display)
    return parts


def shown_log(screen: TableScreen) -> HandLog:
    """The log on display: beside the table when wide, under it when narrow."""
    logs = [log for log in screen.query(HandLog) if log.display]
    assert len(logs) == 1, f"{len(logs)} logs on display"
    return logs[0]


def felt_rows(screen: TableScreen) -> list[str]:
    """What the screen shows inside the felt's frame, row by row."""
    strips = screen._compositor.render_strips()
    region = screen.query_one(Felt).content_region
    return [strips[y].text[region.x : region.right] for y in range(region.y, region.bottom)]


def pot_problem(screen: TableScreen) -> str | None:
    """Why the pot is not to be seen on the felt while a hand is played, or ``None``."""
    model = screen.model
    if model is None or not model.pot or model.results:
        return None
    rows = felt_rows(screen)
    if not any(model.pot in row for row in rows):
        return f"the pot ({model.pot!r}) is not on the felt: {rows!r}"
    return None


def layout_problems(app: HoldemApp) -> list[str]:
    """Everything wrong with the table on screen: parts cut, covered, overlapping, overfull,
    and a pot in play that the felt does not show."""
    screen = app.screen
    assert isinstance(screen, TableScreen), f"the table is not on top: {screen!r}"
    area = screen.query_one(TableArea).region
    problems: list[str] = []
    parts = shown_parts(screen)
    for widget in [*parts, shown_log(screen)]:
        region = widget.region
        name = _name(widget)
        if region.area == 0:
            problems.append(f"{name} is not on screen")
            continue
        if region.size != widget.outer_size:
            problems.append(f"{name} is cut: shows {region.size} of {widget.outer_size}")
        if widget in parts and not area.contains_region(region):
            problems.append(f"{name} reaches out of the table: {region} not in {area}")
        covered = covered_cells(screen, widget)
        if covered:
            problems.append(f"{name} has {covered} cells covered by other widgets")
        if widget in parts:
            overfull = _text_fits(widget)
            if overfull:
                problems.append(f"{name} {overfull}")
    for first, second in combinations(parts, 2):
        if first.region.overlaps(second.region):
            problems.append(f"{_name(first)} overlaps {_name(second)}")
    pot = pot_problem(screen)
    if pot:
        problems.append(pot)
    return problems
