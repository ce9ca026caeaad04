"""Browser tabs: who a tab is, where its files live, and the one-use tickets it connects with.

A tab proves who it is with a *tab secret*: 128 random bits the page makes once and keeps in
``sessionStorage`` (kept across a reload, never shared with another tab, gone when the tab
closes). The server never stores or logs the secret itself, only its :func:`tab_key` (a
hash), which also names the tab's folder: knowing a folder's name does not let anyone open
that tab's game. The secret travels once per page load, in the body of a ``POST``; the page
then opens the websocket with a :class:`Tickets` ticket, which is good for one connection
within :data:`TICKET_LIFE` seconds, so the URL that reaches logs holds nothing worth taking.

A reload sends the same secret, so it comes back to the same game (its autosave) or, at a
served table, to the same seat. When the security work gives seats reconnect tokens, the
token a seat is given is to be kept with its :class:`Tab` (beside its name) and handed to
``join`` by the server: the page keeps only its secret, and nothing changes on the page.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

#: a tab secret: 32 to 64 hex digits (the page sends 32)
_SECRET: Final = re.compile(r"[0-9a-f]{32,64}")
#: seconds a ticket is good for after the page asked for it
TICKET_LIFE: Final = 60.0
#: tickets waiting to be used, at most (a page that never connects leaves one behind)
MAX_TICKETS: Final = 256


def tab_key(secret: object) -> str | None:
    """The name the server knows a tab by, or ``None`` when ``secret`` is not one."""
    if not isinstance(secret, str) or not _SECRET.fullmatch(secret):
        return None
    return hashlib.sha256(secret.encode("ascii")).hexdigest()[:24]


@dataclass
class Tab:
    """One browser tab the server has seen, across its reloads."""

    key: str
    folder: Path
    #: at a served table: the name it sits with (``None``: not seated), or watching
    name: str | None = None
    watching: bool = False

    @property
    def data(self) -> Path:
        """The tab's data folder: its autosave and hand histories (``holdem-tui history``)."""
        return self.folder / "data"

    @property
    def config(self) -> Path:
        """The tab's settings (language, four-colour deck, coach), apart from other tabs'."""
        return self.folder / "config"


@dataclass
class Tickets:
    """One-use tickets from a page's ``POST`` to its websocket."""

    clock: Callable[[], float] = time.monotonic
    _open: dict[str, tuple[str, float]] = field(default_factory=dict)

    def issue(self, key: str) -> str:
        """A new ticket for the tab ``key``."""
        now = self.clock()
        for ticket, (_, born) in list(self._open.items()):
            if now - born > TICKET_LIFE:
                del self._open[ticket]
        while len(self._open) >= MAX_TICKETS:
            del self._open[next(iter(self._open))]
        ticket = secrets.token_urlsafe(24)
        self._open[ticket] = (key, now)
        return ticket

    def take(self, ticket: str) -> str | None:
        """The tab a ticket was issued to, once; ``None`` if unknown, used or too old."""
        entry = self._open.pop(ticket, None)
        if entry is None or self.clock() - entry[1] > TICKET_LIFE:
            return None
        return entry[0]
