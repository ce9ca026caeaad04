"""``holdem-tui stats --charts``: the stats screen on its own, over every saved history."""

from __future__ import annotations

from collections.abc import Callable

from holdem_tui.i18n import Translator
from holdem_tui.progress.lifetime import Filters, Lifetime, load_lifetime
from holdem_tui.ui.base_app import ViewerApp
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
        return [*stats_help_rows(tr), *self.shared_help_rows(tr), ("Ctrl+Q", tr.t("keys.quit"))]


def stats_help_rows(tr: Translator) -> list[tuple[str, str]]:
    """The stats screen's keys for the help (``?``)."""
    return [
        ("1 2 3", tr.t("stats.help.pages")),
        ("p", tr.t("stats.key.player")),
        ("g", tr.t("stats.key.game")),
        ("d", tr.t("stats.key.dates")),
        ("Esc", tr.t("keys.back")),
    ]
