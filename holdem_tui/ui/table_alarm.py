"""The table's one alarm: the pause it waits out now, and the step held while it is paused.

A table waits for one thing at a time (a bot that seems to think, the next hand turned up
at a showdown, the pause before the next deal), so setting the alarm calls off the one set
before. While the game is paused (the window too small, the player looking back at a hand)
the step that came due is held here, and runs once the game may go on again. Every delay
runs on the host's injected :class:`~holdem_tui.ui.timing.Timers`, so tests turn the clock
by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from holdem_tui.ui.timing import TimerHandle, Timers


class AlarmHost(Protocol):
    """What the alarm asks of the app: its clock, whether the game is paused, a refresh."""

    @property
    def timers(self) -> Timers:
        """The clock and alarms of every pause (tests pass a ManualTimers)."""

    @property
    def paused(self) -> bool:
        """Whether the game waits: the window is too small, or the player looks back at a
        hand (the review): nothing moves on the table until they are back."""

    def soon(self, step: Callable[[], None]) -> None:
        """Run ``step`` once the screen stack has settled (after the next refresh)."""


class TableAlarm:
    """The pending pause of one table and its held step; ``host`` gives the app it runs in
    (asked each time: a driver is attached to its app after it is built)."""

    def __init__(self, host: Callable[[], AlarmHost]) -> None:
        self._host = host
        self._timer: TimerHandle | None = None
        self._held: Callable[[], None] | None = None

    def after(self, delay: float, step: Callable[[], None]) -> None:
        """Run ``step`` in ``delay`` seconds, instead of whatever the alarm was set for."""
        self.cancel()
        self._timer = self._host().timers.after(delay, step)

    def cancel(self) -> None:
        """Call off the pause under way (a held step stays held)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def may_run(self, step: Callable[[], None]) -> bool:
        """Whether ``step`` may run now; while the game is paused it is held for
        :meth:`resume` instead (and False)."""
        if self._host().paused:
            self._held = step
            return False
        return True

    def resume(self) -> None:
        """The game may go on: take up the held step (once the screen has settled)."""
        step, self._held = self._held, None
        if step is not None:
            self._host().soon(step)

    def forget(self) -> None:
        """Call off the pause and drop the held step (a new session, a quit)."""
        self.cancel()
        self._held = None
