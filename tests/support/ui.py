"""Helpers shared by the UI tests: build the app the way the CLI does, and wait for it.

The waiting and driving helpers live in :mod:`scenes` (tests/scenes.py) (the screenshot script
uses them too); this module adds the test-only app builder.
"""

from __future__ import annotations

from typing import Any

from holdem_tui.game_settings import GameSettings
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.keys import KeyNames, bound_keys
from holdem_tui.ui.screens.table import TableScreen
from tests.support.scenes import (
    STABLE,
    CallingStation,
    act_until,
    can_raise,
    drawing,
    my_view,
    settle,
    stations,
    wait_for,
)

__all__ = [
    "STABLE",
    "CallingStation",
    "act_until",
    "can_raise",
    "drawing",
    "make_app",
    "my_view",
    "settle",
    "stations",
    "wait_for",
]

#: the table's keys as its action bar names them, read from the bindings as the app does
TABLE_KEYS = KeyNames(bound_keys([HoldemApp, TableScreen])).short()


def make_app(**settings: Any) -> HoldemApp:
    """The app from the one factory, instant pace and a fixed seed unless told otherwise."""
    factory = settings.pop("bot_factory", None)
    setup_first = settings.pop("setup_first", False)
    timers = settings.pop("timers", None)
    settings.setdefault("pace", "instant")
    settings.setdefault("seed", 7)
    humans = settings.pop("humans", ("",))
    bots = settings.pop("bots", ("easy", "normal", "hard", "normal", "easy"))
    game = GameSettings.build(humans=humans, bots=bots, **settings)
    # no time limit on the bots: their answers never depend on how busy the machine is
    return create_app(
        game, bot_factory=factory, setup_first=setup_first, timers=timers, bot_timeout=None
    )
