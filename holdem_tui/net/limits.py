"""Descriptors for the host under a flood (issue 27, item 7).

The review held ~1,100 idle sockets open at ``ulimit -n 1024``: ``accept`` failed, the
host logged ~275 tracebacks a second, and the autosave and history could not open their
files for the rest of the session. Here the host raises its soft descriptor limit to the
hard one (no privilege needed), keeps :data:`RESERVE` descriptors for its own files, its
players and plugin bots, and caps the connections that have not proved the code below
what is left (:func:`pending_cap`, used by :class:`~holdem_tui.net.guard.CodeGuard`); a
connection above the cap is closed at once. What still fails at ``accept`` is logged at
most once per :data:`LOG_EVERY` seconds, with the count of the ones left unsaid.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from holdem_tui.net.guard import PENDING_TOTAL
from holdem_tui.storage.atomic import TRANSIENT_ERRNOS

log = logging.getLogger("holdem_tui.net")

#: descriptors kept free for the saves, the histories, the players and plugin processes
RESERVE: Final = 128
#: the soft limit asked for at most (a table needs far fewer)
WANTED: Final = 8192
#: seconds between two log lines about the same kind of resource failure
LOG_EVERY: Final = 10.0


def raise_descriptor_limit() -> int:
    """Raise the soft ``RLIMIT_NOFILE`` toward the hard one; returns the soft limit now."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return WANTED
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = WANTED if hard == resource.RLIM_INFINITY else min(WANTED, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return WANTED if soft == resource.RLIM_INFINITY else int(soft)


def pending_cap(limit: int | None = None) -> int:
    """Connections not yet proved that the table holds open at most, given the soft
    descriptor limit (raised first when ``limit`` is ``None``)."""
    if limit is None:
        limit = raise_descriptor_limit()
    return max(8, min(PENDING_TOTAL, (limit - RESERVE) // 2))


class QuietResourceErrors:
    """A loop exception handler that says a resource failure (``accept`` without a free
    descriptor) once per :data:`LOG_EVERY` seconds instead of once per try; everything
    else goes to the handler that was there before."""

    def __init__(
        self,
        previous: Callable[[asyncio.AbstractEventLoop, dict[str, Any]], object] | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.previous = previous
        self.clock = clock
        self.last: float | None = None
        self.unsaid = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Handle one of the loop's exception reports."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in TRANSIENT_ERRNOS:
            now = self.clock()
            if self.last is not None and now - self.last < LOG_EVERY:
                self.unsaid += 1
                return
            more = f" ({self.unsaid} more like it not logged)" if self.unsaid else ""
            log.warning("%s: %s%s", context.get("message", "out of resources"), exc, more)
            self.last, self.unsaid = now, 0
            return
        if self.previous is not None:
            self.previous(loop, context)
        else:
            loop.default_exception_handler(context)


def quiet_resource_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Install :class:`QuietResourceErrors` on ``loop`` (once)."""
    previous = loop.get_exception_handler()
    if not isinstance(previous, QuietResourceErrors):
        loop.set_exception_handler(QuietResourceErrors(previous))
