"""A full screen of its own subject: a head line, a body, the keys at the foot.

The lifetime statistics, the drills and the hand review are such screens. Each opens over the
table or the end screen and goes back there when closed, or alone from the command line
(``holdem-tui stats``, ``train``, ``review``), where closing it quits: ``on_close`` says which.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.screen import Screen
from textual.worker import get_current_worker

from holdem_tui.ui.base_app import Translated

__all__ = ["PageScreen"]

T = TypeVar("T")


class PageScreen(Translated, Screen[None]):
    """The frame a page screen shares: its head (``.page-head``), foot (``.page-foot``) and
    scrolling text (``.page-body``) look alike everywhere; it closes back to where it was
    opened, or calls ``on_close``; a new size redraws it (the texts wrap, the charts fit)."""

    DEFAULT_CSS = """
    PageScreen { layout: vertical; background: $background; }
    PageScreen .page-head { height: 1; background: $panel; padding: 0 1; }
    PageScreen .page-foot { height: auto; background: $panel; padding: 0 1; }
    PageScreen .page-body { height: 1fr; padding: 0 1; }
    """

    def __init__(self, on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_close = on_close

    def leave(self) -> None:
        """Back to where the screen was opened from (from the command line: ``on_close``)."""
        if self.on_close is not None:
            self.on_close()
        else:
            self.dismiss()

    def work_aside(
        self,
        job: Callable[[], T],
        done: Callable[[T], None],
        failed: Callable[[str], None],
        *,
        group: str,
        exclusive: bool = False,
    ) -> None:
        """Run ``job`` (reading histories, dealing a spot) in a worker thread, then ``done``
        with its result on the UI thread; a reader bug goes to ``failed`` as one line ("Type:
        message"), said on the screen and never a crash. A cancelled worker (the screen was
        closed, or ``exclusive`` started another of ``group``) reports nothing."""

        def run() -> None:
            try:
                result = job()
            except Exception as exc:  # a reader bug: said on the screen, never a crash
                if not get_current_worker().is_cancelled:
                    self.app.call_from_thread(failed, f"{type(exc).__name__}: {exc}")
                return
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(done, result)

        self.run_worker(run, thread=True, group=group, exclusive=exclusive, exit_on_error=False)

    def on_resize(self) -> None:
        """Wrap and fit to the new size."""
        self.retranslate()
