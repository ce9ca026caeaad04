"""Time for the table's pauses, behind one seam so tests can turn the clock by hand.

Everything the table waits for on purpose (a bot that seems to think, hands turned up one
by one at the showdown, the pause before the next hand) asks a :class:`Timers` object for
the time and for a call later. The game uses :class:`TextualTimers` (Textual's timers and
``time.monotonic``); tests use :class:`ManualTimers`, whose time moves only when the test
says so, so no test depends on how fast the machine is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App


class TimerHandle(Protocol):
    """A pending call that can be called off (Textual's ``Timer`` is one)."""

    def stop(self) -> None:
        """Never make the call."""


class Timers(Protocol):
    """The clock and the alarm the table's pauses run on."""

    def now(self) -> float:
        """Seconds on a monotonic clock."""

    def after(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """Call ``callback`` once, ``delay`` seconds from now, on the UI thread."""


class TextualTimers:
    """The real clock: ``time.monotonic`` and the app's own timers."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app

    def now(self) -> float:
        """Seconds on the monotonic clock."""
        return time.monotonic()

    def after(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """A Textual timer (it runs on the app's event loop, so the UI thread)."""
        return self._app.set_timer(delay, callback)


@dataclass(eq=False)
class _Pending:
    due: float
    order: int
    callback: Callable[[], None]
    stopped: bool = False

    def stop(self) -> None:
        self.stopped = True


@dataclass
class ManualTimers:
    """A clock that moves only when told: :meth:`advance` fires what falls due, in order.

    Calls scheduled by a call that fires are honoured in the same :meth:`advance` if they
    fall due within it, exactly as a real clock would have done.
    """

    time: float = 0.0
    _pending: list[_Pending] = field(default_factory=list)
    _count: int = 0

    def now(self) -> float:
        """The time the test has moved the clock to."""
        return self.time

    def after(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        """Remember the call; it fires when :meth:`advance` reaches it."""
        self._count += 1
        pending = _Pending(self.time + max(0.0, delay), self._count, callback)
        self._pending.append(pending)
        return pending

    @property
    def waiting(self) -> int:
        """How many calls are still to come."""
        return sum(1 for p in self._pending if not p.stopped)

    def next_due(self) -> float | None:
        """Seconds until the next call, or ``None`` when nothing waits."""
        live = [p.due for p in self._pending if not p.stopped]
        return None if not live else max(0.0, min(live) - self.time)

    def advance(self, seconds: float) -> int:
        """Move the clock on by ``seconds`` and fire every call due by then; returns how many."""
        target = self.time + max(0.0, seconds)
        fired = 0
        while True:
            live = [p for p in self._pending if not p.stopped and p.due <= target]
            if not live:
                break
            first = min(live, key=lambda p: (p.due, p.order))
            self._pending.remove(first)
            self.time = max(self.time, first.due)
            first.callback()
            fired += 1
        self._pending = [p for p in self._pending if not p.stopped]
        self.time = target
        return fired
