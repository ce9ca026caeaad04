"""The only wall-clock limits the tests have: hang guards, never a measure of speed.

A test waits for conditions. When it must bound a wait at all (a thread, a process, a
socket), the bound is either :data:`HANG_GUARD`, far beyond what any slow machine needs, or
:data:`QUIET_LIMIT` of *no progress at all* (see :class:`Progress`), so a busy machine makes a
test slower, never red.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: the most a single bounded wait may take before it is called a hang (seconds)
HANG_GUARD = 600.0
#: how long a wait lets nothing happen (no new event, message, screen) before it gives up
QUIET_LIMIT = 60.0


class Progress:
    """Tells a hang from slowness: :meth:`stalled` only once ``mark()`` has not changed for
    ``quiet`` seconds. The clock decides nothing else: a slow run just takes longer."""

    def __init__(self, mark: Callable[[], object], quiet: float = QUIET_LIMIT) -> None:
        self.mark = mark
        self.quiet = quiet
        self.last = mark()
        self.since = time.monotonic()

    def stalled(self) -> bool:
        """True once nothing has moved for ``quiet`` seconds."""
        now = time.monotonic()
        mark = self.mark()
        if mark != self.last:
            self.last, self.since = mark, now
            return False
        return now - self.since > self.quiet

    def moved(self) -> None:
        """Something happened that ``mark`` does not see (a message arrived): start over."""
        self.since = time.monotonic()
