"""``holdem-tui stats --charts``: the stats screen on its own, over every saved history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holdem_tui.i18n import Translator
from holdem_tui.progress.lifetime import Filters, Lifetime, load_lifetime
from holdem_tui.ui.base_app import BaseApp, ViewerApp, key_names
from holdem_tui.ui.screens.stats import StatsScreen

__all__ = ["StatsApp"]


class StatsApp(ViewerApp):
    """The stats screen; ``Esc`` quits."""

    def __init__(
        self,
        lang: str,
        filters: Filters | None = None,
        *,
        four_colour: bool = False,
        persist: bool = False,
        load: Callable[..., Lifetime] = load_lifetime,
    ) -> None:
        """``load`` reads the histories (the data folder's; a scene or a test gives its own)."""
        super().__init__(lang, four_colour=four_colour, persist=persist)
        self.filters = filters
        self.load = load

    def on_mount(self) -> None:
        """Open the stats screen."""
        self.push_screen(StatsScreen(self.filters, load=self.load, on_close=self.exit))

    def help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """The stats screen's keys, and the shared ones."""
        return [*stats_help_rows(self, tr), *self.shared_help_rows(tr), self.quit_help_row(tr)]


def stats_help_rows(app: BaseApp[Any], tr: Translator) -> list[tuple[str, str]]:
    """The stats screen's keys for the help (``?``), from its bindings."""
    keys = key_names(app, StatsScreen)
    return [
        (keys.every("stats_results", "stats_positions", "stats_more"), tr.t("stats.help.pages")),
        (keys.long("stats_player"), tr.t("stats.key.player")),
        (keys.long("stats_game"), tr.t("stats.key.game")),
        (keys.long("stats_dates"), tr.t("stats.key.dates")),
        (keys.long("stats_close"), tr.t("keys.back")),
    ]
