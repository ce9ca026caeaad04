"""Joining a table hosted elsewhere: where it is and who sits down (:class:`JoinTarget`), and
what the host says back (a refusal, an error) in the player's own words.

The host's words come with a stable reason; those a player can act on are told from the
locale files (:data:`REFUSALS`, :data:`PROBLEMS`), the rest in the host's own words.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Final

from holdem_tui.engine.actions import IllegalAction
from holdem_tui.i18n import Translator
from holdem_tui.net import protocol as p
from holdem_tui.net.protocol import Refusal
from holdem_tui.session.narrate import refusal_text
from holdem_tui.ui.screens.hosted import (
    LobbyView,
)

#: the host's refusals a player is told in their own language (others: the host's words)
REFUSALS: Final = frozenset(Refusal)
#: the host's errors a player is told in their own language (others: the host's words)
PROBLEMS: Final = frozenset({"too_few_players", "not_host", "not_now"})


@dataclass(frozen=True, slots=True)
class JoinTarget:
    """Where the table is and who sits down (``watch``: look on without a seat).

    ``shown`` is the address to print for friends when it is not the one connected to (the
    host's own seat connects over loopback but tells its LAN address); ``token`` is the host
    process's secret, set only for the host's own table app.
    """

    host: str
    port: int
    code: str
    name: str = ""
    watch: bool = False
    shown: str = ""
    token: str | None = None

    @property
    def address(self) -> str:
        """The address friends join at."""
        return self.shown or f"{self.host}:{self.port}"

    def lobby(self) -> LobbyView:
        """The lobby before the host's first word: where the table is and its code; at a web
        page's table (``serve --table``) the page, and no code, which the page types itself."""
        on_page = self.shown.startswith(("http://", "https://"))
        return LobbyView(self.address, "" if on_page else self.code)

    def join_command(self) -> str:
        """The command that sits this player down again (the host knows them by name)."""
        return f"holdem-tui join {self.address} --code {self.code} --name {shlex.quote(self.name)}"


def refused_text(tr: Translator, reason: str, detail: str, *, after_game: bool = False) -> str:
    """The host's refusal in the player's words (``after_game``: at the next game)."""
    if after_game and reason in ("table_full", "started"):
        return tr.t(f"net.next_{reason}")
    if reason in REFUSALS:
        return tr.t(f"net.refusal.{reason}")
    return tr.t("net.refused", detail=detail)


def problem_text(tr: Translator, message: p.Error) -> str:
    """An ``error`` from the host in the player's words."""
    if message.reason == "illegal":
        params = dict(message.params)
        key = str(params.pop("key", "not_now"))
        return refusal_text(tr, IllegalAction(key, message.detail, **params))
    if message.reason in PROBLEMS:
        return tr.t(f"net.problem.{message.reason}")
    return tr.t("net.error", detail=message.detail)
