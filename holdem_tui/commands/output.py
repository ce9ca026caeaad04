"""What the commands print on stdout, read by a person at a terminal or by a program.

(Rich is imported when something is printed, so a command that only wraps itself in
:func:`quiet_when_the_reader_leaves` starts as fast as before.)

At a terminal, Rich lays the output out at the window's width. Piped or redirected, there is
no window: every table is printed at the width it needs (a cell is never cut to "Pla…" at an
assumed 80 columns), no line ends in spaces, and a reader that stops early (``| head -1``)
ends the command quietly with status 0: a closed pipe is not an error.
"""

from __future__ import annotations

import functools
import io
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import click

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = ["Output", "quiet_when_the_reader_leaves"]

P = ParamSpec("P")
R = TypeVar("R")

#: wide enough to measure any table at its natural width
_MEASURE_WIDTH = 100_000


class Output:
    """Collects what a command prints, then writes it all at once with :meth:`flush`."""

    def __init__(self) -> None:
        self._items: list[tuple[RenderableType, dict[str, Any]]] = []
        #: what to print instead of an item at a terminal too narrow for it (by ``id``)
        self._narrow: dict[int, RenderableType] = {}

    def print(
        self, item: RenderableType, *, narrow: RenderableType | None = None, **options: Any
    ) -> None:
        """Print ``item`` (``options`` as for ``Console.print``) when flushed.

        ``narrow``: printed instead at a terminal narrower than ``item``'s natural width (a
        wide table becomes a block per row, rather than columns cut to "Pla…"); piped, the
        item itself is printed whole.
        """
        self._items.append((item, options))
        if narrow is not None:
            self._narrow[id(item)] = narrow

    def flush(self, *, tables_whole: bool = True) -> None:
        """Write what was printed: at a terminal as Rich lays it out; piped, whole lines.

        ``tables_whole``: piped, tables get their natural width (text still wraps at the
        terminal's width, or 80 columns, as prose should).
        """
        from rich.console import Console
        from rich.table import Table

        items, self._items = self._items, []
        narrow, self._narrow = self._narrow, {}
        console = Console()
        probe = Console(width=_MEASURE_WIDTH, file=io.StringIO())
        if console.is_terminal:
            for item, options in items:
                instead = narrow.get(id(item))
                if instead is not None and probe.measure(item).maximum > console.width:
                    item = instead
                console.print(item, **options)
            return
        width = console.width
        if tables_whole:
            for item, _ in items:
                if isinstance(item, Table):
                    width = max(width, probe.measure(item).maximum)
        buffer = io.StringIO()
        plain = Console(width=width, file=buffer, force_terminal=False, color_system=None)
        for item, options in items:
            plain.print(item, **options)
        lines = [line.rstrip() for line in buffer.getvalue().splitlines()]
        click.echo("\n".join(lines))


def quiet_when_the_reader_leaves(command: Callable[P, R]) -> Callable[P, R]:
    """Wrap a command so a reader that closed the pipe early ends it with status 0 and no
    message (Python would otherwise complain about the pipe, and again at exit)."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BrokenPipeError:
            # nothing more can be written, and the flush at exit must not fail either
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(0)

    return run
