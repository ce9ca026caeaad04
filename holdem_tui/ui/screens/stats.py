"""The stats screen: lifetime statistics with charts, at the table, from the end screen and
from ``holdem-tui stats --charts``.

Three pages (``1`` ``2`` ``3``): the results over every hand played with the all-in adjusted
line beside them; the result per hundred hands by position as bars, with how the player
plays from each seat; and the rest by game, table size, opponent level and format. ``p``
picks whose numbers (the humans, or a player by name), ``g`` the game, ``d`` the days. The
histories are read in a worker (the cache makes that quick after the first time); the
numbers come from :mod:`holdem_tui.progress.lifetime` and their words from
:mod:`holdem_tui.progress.text`, as ``holdem-tui stats`` prints them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from functools import partial
from typing import ClassVar, Final

from rich.markup import escape
from rich.table import Table as RichTable
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import ContentSwitcher, Static

from holdem_tui.engine.variants import VARIANTS
from holdem_tui.i18n import Translator
from holdem_tui.progress.lifetime import Filters, Lifetime, load_lifetime
from holdem_tui.progress.text import filters_text, rates_text, result_text, tournaments_text
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import four_colour, language_key, translator
from holdem_tui.ui.charts import BarsChart, ResultsChart
from holdem_tui.ui.keybars import KeyFooter
from holdem_tui.ui.screens.page import PageScreen
from holdem_tui.ui.stats_tables import group_table

__all__ = ["PERIODS", "StatsScreen"]

PAGES: Final = ("results", "positions", "more")
#: the day ranges ``d`` steps through: everything, then the last so many days
PERIODS: Final = (None, 7, 30, 365)
#: at most this many named players ``p`` steps through (most hands first)
PLAYERS_SHOWN: Final = 12
#: the filter keys, each the name of its action and of its footer label (``stats.key.``)
FILTER_KEYS: Final = {"p": "player", "g": "game", "d": "dates"}


class StatsScreen(PageScreen):
    """Lifetime statistics, read in a worker; ``Esc`` closes it (``on_close`` instead, if
    given: the command line quits)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n + 1), f"page({n})", show=False, id=f"stats_{page}")
            for n, page in enumerate(PAGES)
        ),
        Binding("right,tab", "turn(1)", show=False, id="stats_next_page"),
        Binding("left,shift+tab", "turn(-1)", show=False, id="stats_previous_page"),
        *(Binding(k, name, show=False, id=f"stats_{name}") for k, name in FILTER_KEYS.items()),
        Binding("escape,q,t", "close", show=False, id="stats_close"),
    ]

    DEFAULT_CSS = """
    #stats-pages { height: 1fr; }
    #stats-pages > Vertical { height: 1fr; }
    #stats-summary, #stats-rates, #stats-bars-title { height: auto; padding: 0 1; }
    #stats-results { height: 1fr; min-height: 8; }
    #stats-bars { height: 1fr; min-height: 7; }
    #stats-positions-box { height: auto; max-height: 55%; }
    #stats-positions, #stats-more { height: auto; padding: 0 1; }
    """

    def __init__(
        self,
        filters: Filters | None = None,
        *,
        load: Callable[..., Lifetime] = load_lifetime,
        today: Callable[[], date] = date.today,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(on_close)
        self.filters = filters or Filters()
        self.load = load
        self.today = today
        self.lifetime: Lifetime | None = None
        self.page = 0
        #: the index into :data:`PERIODS` of the days shown
        self.period = 0
        #: why the histories could not be read (a bug: said, never a crash)
        self.failure: str | None = None
        #: histories read so far of those to read (a first look reads them all)
        self.reading: tuple[int, int] | None = None

    def compose(self) -> ComposeResult:
        """The header, the three pages, the keys."""
        yield Static(id="stats-head", classes="page-head")
        with ContentSwitcher(initial="stats-page-results", id="stats-pages"):
            with Vertical(id="stats-page-results"):
                yield Static(id="stats-summary")
                yield ResultsChart(id="stats-results")
                yield Static(id="stats-rates")
            with Vertical(id="stats-page-positions"):
                yield Static(id="stats-bars-title")
                yield BarsChart(id="stats-bars")
                with VerticalScroll(id="stats-positions-box"):
                    yield Static(id="stats-positions")
            with VerticalScroll(id="stats-page-more"):
                yield Static(id="stats-more")
        yield KeyFooter(id="stats-footer", classes="page-foot")

    def on_mount(self) -> None:
        """Say that the histories are being read, and read them in a worker."""
        super().on_mount()
        progress = partial(self.app.call_from_thread, self._read_some)
        self.work_aside(
            lambda: self.load(progress=progress), self._loaded, self._failed, group="stats"
        )

    def _read_some(self, done: int, total: int) -> None:
        self.reading = (done, total)
        if self.lifetime is None:
            self.retranslate()

    def _loaded(self, lifetime: Lifetime) -> None:
        self.lifetime = lifetime
        self.retranslate()

    def _failed(self, reason: str) -> None:
        self.failure = reason
        self.retranslate()

    # ------------------------------------------------------------------ keys

    def action_page(self, page: int) -> None:
        """Show page ``page`` (0 results, 1 positions, 2 the rest)."""
        self.page = page % len(PAGES)
        self.retranslate()

    def action_turn(self, step: int) -> None:
        """The next (or previous) page."""
        self.action_page(self.page + step)

    def action_player(self) -> None:
        """Whose numbers: the humans, then each name with hands, most hands first."""
        choices = self.player_choices()
        current = self.filters.player
        folded = None if current is None else current.casefold()
        keys = [None if c is None else c.casefold() for c in choices]
        index = keys.index(folded) if folded in keys else -1
        self.filters = replace(self.filters, player=choices[(index + 1) % len(choices)])
        self.retranslate()

    def player_choices(self) -> list[str | None]:
        """``None`` (every human seat), the named humans, then the others with most hands."""
        if self.lifetime is None:
            return [None]
        listed = self.lifetime.players()
        humans = [name for name, _, human in listed if human and name]
        others = [name for name, _, human in listed if not human and name]
        return [None, *humans, *others][: PLAYERS_SHOWN + 1]

    def action_game(self) -> None:
        """Both games, then each one."""
        games: list[str | None] = [None, *(v.value for v in VARIANTS)]
        index = games.index(self.filters.game) if self.filters.game in games else 0
        self.filters = replace(self.filters, game=games[(index + 1) % len(games)])
        self.retranslate()

    def action_dates(self) -> None:
        """Every day, then the last 7, 30 and 365 days."""
        self.period = (self.period + 1) % len(PERIODS)
        days = PERIODS[self.period]
        since = None if days is None else self.today() - timedelta(days=days - 1)
        self.filters = replace(self.filters, since=since, until=None)
        self.retranslate()

    def action_close(self) -> None:
        """Back to where the screen was opened from."""
        self.leave()

    # ------------------------------------------------------------------ drawing

    def retranslate(self) -> None:
        """Every text and chart in the current language, deck and filters."""
        if not self.is_mounted:
            return
        tr = translator(self)
        self.query_one("#stats-head", Static).update(
            f"{tr.t('stats.title')} · {filters_text(self.filters, tr)}"
        )
        self.query_one(ContentSwitcher).current = f"stats-page-{PAGES[self.page]}"
        self.query_one("#stats-footer", KeyFooter).show(self.footer_keys(tr))
        lifetime = self.lifetime
        if lifetime is None:
            waiting = tr.t("stats.reading") if self.failure is None else self.failure
            if self.reading is not None and self.failure is None:
                done, count = self.reading
                sessions = tr.plural("stats.sessions", count)
                waiting = tr.t("stats.reading_count", done=tr.number(done), sessions=sessions)
            self._placeholder(waiting)
            return
        mask = lifetime.select(self.filters)
        total = lifetime.line(mask)
        if not total.hands:
            self._placeholder(tr.t("stats.empty"))
            return
        self._results(lifetime, tr)
        self._positions(lifetime, tr)
        self.query_one("#stats-more", Static).update(self._more(lifetime, tr))

    def _placeholder(self, text: str) -> None:
        for name in ("#stats-summary", "#stats-bars-title", "#stats-more"):
            self.query_one(name, Static).update(text)
        self.query_one("#stats-rates", Static).update("")
        self.query_one("#stats-positions", Static).update("")
        for chart in (self.query_one(ResultsChart), self.query_one(BarsChart)):
            chart.display = False

    def _results(self, lifetime: Lifetime, tr: Translator) -> None:
        mask = lifetime.select(self.filters)
        total = lifetime.line(mask)
        self.query_one("#stats-summary", Static).update(result_text(total, tr))
        self.query_one("#stats-rates", Static).update(rates_text(total, tr))
        chart = self.query_one(ResultsChart)
        chart.display = True
        curve = lifetime.curve(mask)
        chart.show(
            curve.net,
            curve.adjusted,
            labels=(tr.t("stats.chart.result"), tr.t("stats.chart.adjusted"), tr.t("stats.unit")),
            lang=tr.lang,
            four_colour=four_colour(self),
        )

    def _positions(self, lifetime: Lifetime, tr: Translator) -> None:
        """The bars and the table of one game: the one chosen, else the one with most hands
        (the two games name their seats differently)."""
        filters = self.filters
        if filters.game is None:
            games = lifetime.groups(lifetime.select(filters), "game")
            most = max(games, key=lambda item: item[1].hands)[0]
            filters = replace(filters, game=most)
        assert filters.game is not None
        self.query_one("#stats-bars-title", Static).update(
            tr.t(
                "stats.bars_title",
                unit=tr.t("stats.column.per_100"),
                game=tr.t(f"game.{filters.game}"),
            )
        )
        groups = lifetime.groups(lifetime.select(filters), "position")
        bars = self.query_one(BarsChart)
        bars.display = True
        bars.show(
            [tr.t(f"stats.position.{key}") for key, _ in groups],
            [line.bb_per_100 or 0.0 for _, line in groups],
            unit=tr.t("stats.column.per_100"),
            lang=tr.lang,
            four_colour=four_colour(self),
        )
        self.query_one("#stats-positions", Static).update(
            group_table(lifetime, filters, "position", tr, with_result=False)
        )

    def _more(self, lifetime: Lifetime, tr: Translator) -> RichTable:
        """The other breakdowns, rebuys, sit-and-goes and what could not be read."""
        outer = RichTable.grid(padding=(0, 0))
        outer.add_column()
        for dimension in ("game", "players", "opponents", "format"):
            groups = lifetime.groups(lifetime.select(self.filters), dimension)
            if len(groups) < 2 and dimension == "format":
                continue
            outer.add_row(f"[b]{tr.t(f'stats.by.{dimension}')}[/b]")
            outer.add_row(group_table(lifetime, self.filters, dimension, tr))
            outer.add_row("")
        rebuys = lifetime.rebuys(self.filters)
        if rebuys:
            outer.add_row(tr.plural("stats.rebuys", rebuys))
        tournaments = lifetime.tournaments(self.filters)
        if tournaments.entered:
            outer.add_row(tournaments_text(tournaments, tr))
        if self.filters.game != "holdem" and lifetime.groups(
            lifetime.select(replace(self.filters, game="draw")), "game"
        ):
            outer.add_row(tr.t("stats.draw_unit"))
        for note in lifetime.problems[:3]:
            outer.add_row(escape(tr.t("stats.problem", problem=note)))
        if lifetime.cache_note:
            outer.add_row(escape(tr.t("stats.cache_rebuilt", problem=lifetime.cache_note)))
        return outer

    def footer_keys(self, tr: Translator) -> list[ActionModel]:
        """The pages, the filters, back, and the language."""
        return [
            *(
                ActionModel(
                    str(n + 1), tr.t(f"stats.page.{page}"), f"screen.page({n})", n != self.page
                )
                for n, page in enumerate(PAGES)
            ),
            *(
                ActionModel(key, tr.t(f"stats.key.{name}"), f"screen.{name}")
                for key, name in FILTER_KEYS.items()
            ),
            ActionModel("Esc", tr.t("keys.back"), "screen.close"),
            language_key(tr),
        ]
