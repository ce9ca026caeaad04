"""The coach beside the action bar: its lines for the player's decision, computed in a worker.

The numbers take tens of milliseconds, so they are computed in a thread and the table never
waits: until they arrive the panel says "thinking". Advice belongs to the exact view it was
computed for, so a new decision (or a new session's first) never shows the last one's numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.app import App
from textual.worker import get_current_worker

from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import Translator

if TYPE_CHECKING:  # the coach (and the bots it asks) is imported when first asked
    from holdem_tui.coach import Advice


class CoachFeed:
    """The advice for one decision at a time; ``ready`` is called once it has arrived."""

    def __init__(self, app: App[Any], ready: Callable[[], None]) -> None:
        self._app = app
        self._ready = ready
        self._for: PlayerView | None = None
        self._advice: Advice | None = None

    def lines(
        self, view: PlayerView | None, tr: Translator, room: int | None = None
    ) -> list[str] | None:
        """The coach's lines for the player's decision in ``view`` (``None``: no decision);
        ``room``: the columns a line may take without wrapping (``None``: it may wrap)."""
        if view is None:
            return None
        if view != self._for:  # a new decision (or a new session's)
            self._for = view
            self._advice = None
            self._app.run_worker(
                partial(self._think, view),
                thread=True,
                exclusive=True,
                group="coach",
                exit_on_error=False,
            )
        # a tournament's short stack: the push-or-fold chart first (and the ICM near the money)
        first: list[str] = []
        if view.tournament is not None:
            from holdem_tui.coach.tournament import tournament_lines

            first = tournament_lines(view, tr)
        if self._advice is None:
            return [*first, tr.t("coach.computing")]
        from holdem_tui.coach.text import coach_lines

        fits = None if room is None else (lambda line: cell_len(line) <= room)

        return [*first, *coach_lines(self._advice, tr, fits=fits)]

    @property
    def has_advice(self) -> bool:
        """Whether the numbers for the last decision asked about have arrived."""
        return self._advice is not None

    def _think(self, view: PlayerView) -> None:
        """Compute the advice off the event loop."""
        from holdem_tui.coach import advise

        advice = advise(view)
        if not get_current_worker().is_cancelled:
            self._app.call_from_thread(self._arrived, view, advice)

    def _arrived(self, view: PlayerView, advice: Advice) -> None:
        if view != self._for:
            return
        self._advice = advice
        self._ready()
