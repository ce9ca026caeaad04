"""The stats screen's charts, drawn by textual-plot: the results over the hands played, with
the all-in adjusted line beside them, and the result per hundred hands by position as bars.

Why textual-plot (pinned in ``pyproject.toml``): a native Textual widget (it draws on a
Textual canvas and takes the theme's colours, no second renderer as plotext is behind
textual-plotext), kept up (releases through 2026), typed, and it gives what a results graph
needs out of the box: braille-resolution lines, categorical bars, axis ticks at 1-2-5
steps with a formatter we give it (numbers as the player's language writes them) and a
legend. Its pan and zoom keys are turned off: these charts are read, not explored, and the
arrow keys belong to the screen.

Readable without colour: the two lines differ in shape (a solid braille line and a dotted
one), the legend shows each shape, and a bar's sign is its side of the zero line. With the
four-colour deck on, the colours switch to a blue and orange pair that stays apart for
players who cannot tell red from green (the reason many choose that deck).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor, log10
from typing import Any, ClassVar, Final

import numpy as np
from babel.numbers import format_decimal
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.strip import Strip
from textual_hires_canvas import Canvas
from textual_plot import HiResMode, LegendLocation, NumericAxisFormatter, PlotWidget
from textual_plot.plot_widget import Legend

__all__ = ["BarsChart", "HandsFormatter", "LocalFormatter", "ResultsChart", "palette"]

#: the all-in adjusted line has a dot in about every column of the plot, at least this many
DOTS: Final = 40


def palette(four_colour: bool) -> dict[str, str]:
    """The chart colours: green and red, or blue and orange beside a four-colour deck."""
    if four_colour:
        return {"result": "bold #4f9cf9", "adjusted": "#ff9f1c", "up": "#4f9cf9", "down": "#ff9f1c"}
    return {"result": "bold #3fb950", "adjusted": "#d29922", "up": "#3fb950", "down": "#f85149"}


class LocalFormatter(NumericAxisFormatter):
    """Axis numbers as the player's language writes them (1,000 / 1.000 / 1 000; 0,5)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def get_labels_for_ticks(self, ticks: Sequence[float]) -> list[str]:
        """Each tick with as many decimals as the step between ticks needs."""
        if not ticks:
            return []
        step = abs(ticks[1] - ticks[0]) if len(ticks) > 1 else 1.0
        decimals = max(0, -floor(log10(step))) if step > 0 else 0
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        return [
            str(format_decimal(round(t, decimals), format=pattern, locale=self.lang)).replace(
                "-", "−"
            )
            for t in ticks
        ]


class HandsFormatter(LocalFormatter):
    """The hands axis: whole hands only (three hands are ticked 0 1 2 3, never 0.5)."""

    def get_ticks_and_labels(
        self, min_: float, max_: float, max_ticks: int = 8
    ) -> tuple[list[float], list[str]]:
        """The 1-2-5 ticks that fall on whole hands; every hand when there are few."""
        ticks, _ = super().get_ticks_and_labels(min_, max_, max_ticks)
        whole = [float(t) for t in ticks if float(t).is_integer()]
        if len(whole) < 2:
            whole = [float(t) for t in range(int(np.ceil(min_)), int(np.floor(max_)) + 1)]
        return whole, self.get_labels_for_ticks(whole)


class _Canvas(Canvas):
    """The plot's canvas, drawing an empty row as no segment at all: the canvas draws it as a
    segment without a style, which Textual's monochrome filter (``NO_COLOR``) cannot read.

    It keeps the words it was asked to write (the ticks and the axis label), so a check of
    the screen can tell a label drawn whole from one another label overwrote.
    """

    def __init__(self, width: int, height: int, *, id: str) -> None:
        super().__init__(width, height, id=id)
        self._written: list[str] = []

    @property
    def drawn_text(self) -> str:
        """The words written on the canvas since it was last cleared, one per line."""
        return "\n".join(self._written)

    def reset(self, *args: Any, **kwargs: Any) -> None:
        """Clear the canvas, and what was written on it."""
        self._written = []
        super().reset(*args, **kwargs)

    def write_text(self, x: int, y: int, text: str, *args: Any, **kwargs: Any) -> None:
        """Write ``text`` (markup) and keep its words."""
        self._written.append(Text.from_markup(text).plain)
        super().write_text(x, y, text, *args, **kwargs)

    def render_line(self, y: int) -> Strip:
        """The row, or nothing where the canvas has no cells yet."""
        strip = super().render_line(y)
        return strip if strip.cell_length else Strip([], 0)


class _Chart(PlotWidget, can_focus=False):
    """A plot that is read, not explored: no focus, no pan or zoom."""

    BINDINGS: ClassVar = []

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, allow_pan_and_zoom=False)

    def start(self, values: np.ndarray, unit: str, lang: str, four_colour: bool) -> dict[str, str]:
        """Clear the chart for new ``values`` (room for their tick labels, numbers in the
        language, ``unit`` on the y axis); returns the colours to draw with."""
        self.clear()
        self.set_y_formatter(LocalFormatter(lang))
        self.margin_left = _left_margin(values, lang)
        self.set_ylabel(unit)
        return palette(four_colour)

    def compose(self) -> ComposeResult:
        """The plot's own parts (the same ids), on canvases that also draw without colour."""
        with Grid():
            for part in ("margin-top", "margin-left", "plot", "margin-bottom"):
                yield _Canvas(1, 1, id=part)
        yield Legend(id="legend")

    def on_mount(self) -> None:
        """Tight margins: an 80×24 screen has few rows to spare."""
        super().on_mount()
        self.margin_top = 1
        self.margin_bottom = 1


class ResultsChart(_Chart):
    """The cumulative result over the hands, and the all-in adjusted result beside it."""

    def show(
        self,
        net: np.ndarray,
        adjusted: np.ndarray,
        *,
        labels: tuple[str, str, str],
        lang: str,
        four_colour: bool,
    ) -> None:
        """Draw both lines (``labels``: the two lines' names and the y axis' unit)."""
        net_line = np.concatenate([[0.0], net])
        adjusted_line = np.concatenate([[0.0], adjusted])
        colours = self.start(
            np.concatenate([net_line, adjusted_line]), labels[2], lang, four_colour
        )
        self.set_x_formatter(HandsFormatter(lang))
        hands = np.arange(0, len(net) + 1)
        columns = max(DOTS, self.size.width - self.margin_left)
        step = max(1, round(len(hands) / columns))
        self.plot(
            hands,
            net_line,
            line_style=colours["result"],
            hires_mode=HiResMode.BRAILLE,
            label=labels[0],
        )
        self.scatter(
            hands[::step],
            adjusted_line[::step],
            marker="·",
            marker_style=colours["adjusted"],
            label=labels[1],
        )
        self.show_legend(LegendLocation.TOPLEFT)


class BarsChart(_Chart):
    """One bar per group (the result per hundred hands by position), up or down from zero."""

    def show(
        self,
        names: Sequence[str],
        values: Sequence[float],
        *,
        unit: str,
        lang: str,
        four_colour: bool,
    ) -> None:
        """Draw a bar for each name; the y axis says ``unit``."""
        colours = self.start(np.array([0.0, *values]), unit, lang, four_colour)
        styles = [colours["up"] if v >= 0 else colours["down"] for v in values]
        self.bar(list(names), list(values), bar_style=styles, hires_mode=HiResMode.HALFBLOCK)
        low, high = min(0.0, *values), max(0.0, *values)
        pad = (high - low) * 0.08 or 1.0
        self.set_ylimits(low - (pad if low < 0 else 0), high + pad)
        self.show_legend(is_visible=False)


def _left_margin(values: np.ndarray, lang: str) -> int:
    """Room for the widest tick label the values can get, and the axis."""
    if not len(values):
        return 6
    widest = max(abs(float(values.min())), abs(float(values.max())), 1.0)
    text = str(format_decimal(round(widest), format="#,##0", locale=lang))
    return max(6, len(text) + 4)
