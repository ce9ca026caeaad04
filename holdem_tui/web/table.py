"""``serve --table``: one network table, every tab a player or a watcher at it.

The table is the same :class:`~holdem_tui.net.server.TableServer` that ``host`` runs, in
the web server's own event loop and listening on loopback only. Each tab's game is a
``holdem-tui join`` to it (:mod:`holdem_tui.commands.web_tab`), so a tab receives exactly what
a friend's terminal would: its own seat's cards and the public ones, never another's
(the table decides that, not the page).

Seats belong to tabs. The name a tab sat down with is kept with its tab (by its secret's
hash, :mod:`.tabs`), so a reload sits it down again in the same chair; and no other tab may
sit down with a name a tab holds, even while that tab is away, so nobody can take a
dropped player's chair by typing their name (which ``join`` by itself would allow).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from holdem_tui.i18n import Translator
from holdem_tui.net import protocol as p
from holdem_tui.net.chairs import TablePhase
from holdem_tui.net.server import TableServer
from holdem_tui.web.tabs import Tab


@dataclass
class ServedTable:
    """The table behind ``serve --table`` (see the module docstring)."""

    server: TableServer
    tr: Translator
    lang_args: tuple[str, ...] = ()
    #: the tabs that took a name at this table (sitting, or away)
    seated: dict[str, Tab] = field(default_factory=dict)
    #: the page players open (set once the web server listens): a tab's lobby names it,
    #: not the loopback port its game joins at, which means nothing in a browser
    page_url: str = ""

    async def open(self) -> int:
        """Start the table on a free loopback port; returns it."""
        return await self.server.start(p.LOOPBACK, 0)

    async def close(self) -> None:
        """Save and close the table."""
        await self.server.close()

    async def place(self, tab: Tab, name: str | None, watch: bool) -> str | None:
        """``None``: the tab sits (again) or watches; ``""``: ask its name; else why not."""
        if tab.name is not None or tab.watching:
            return None  # a reload: the same chair, or watching again
        if watch:
            tab.watching = True
            return None
        if name is None:
            return ""
        name = name.strip()
        if p.check_name(name) is not None:
            return self.tr.t("net.refusal.bad_name")
        if any(
            other.name is not None and other.name.casefold() == name.casefold()
            for other in self.seated.values()
        ):
            return self.tr.t("net.refusal.name_taken")
        problem = self._no_chair_for(name)
        if problem is not None:
            return self.tr.t(f"net.refusal.{problem}")
        tab.name = name
        self.seated[tab.key] = tab
        return None

    def _no_chair_for(self, name: str) -> str | None:
        """Why ``name`` would not get a chair (a refusal key), counting the tabs that have
        claimed one and are still on their way to it."""
        names = self.server.names()
        if name in names:
            return None  # a chair kept for this name (a resumed table)
        if self.server.phase != TablePhase.LOBBY:
            return "started"
        on_their_way = sum(1 for tab in self.seated.values() if tab.name not in names)
        if names.count(None) <= on_their_way:
            return "table_full"
        return None

    def argv(self, tab: Tab) -> list[str]:
        """``join`` to this table, as the tab's player or as a watcher."""
        address = f"{p.LOOPBACK}:{self.server.port}"
        who = ["--watch"] if tab.name is None else ["--name", tab.name]
        page = ["--shown-as", self.page_url] if self.page_url else []
        return ["join", address, "--code", self.server.code, *page, *who, *self.lang_args]

    async def released(self, tab: Tab) -> None:
        """Until the tab's chair has no connection (its previous page's game has gone)."""
        if tab.name is None:
            return
        names = self.server.names()
        if tab.name not in names:
            return
        seat = names.index(tab.name)
        await self.server.wait_until(lambda: not self.server.connected(seat))
