"""F1: the rules of the game being played, as a scrollable Markdown page with contents.

The text is the translator's ``rules_markdown`` (the same file ``holdem-tui rules`` prints),
so there is one rule text per game and language. ``g`` flips to the other game's rules, for a
player who wants to know what the other game is like before starting one.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import MarkdownViewer, Static

from holdem_tui.i18n import GAMES
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import key_names, language_key, translator
from holdem_tui.ui.keybars import KeyFooter

#: Narrower than this, the contents would cut the section names: the page goes full width.
TOC_MIN_WIDTH = 110


def _next_game(game: str) -> str:
    """The game ``g`` flips to: the next one in the list, round to the first."""
    return GAMES[(GAMES.index(game) + 1) % len(GAMES)]


class RulesScreen(Screen[None]):
    """A Markdown viewer with a table of contents; Esc returns to the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", show=False, id="back"),
        Binding("g", "other_game", show=False, id="other_game"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__(classes="rules-screen")
        self.game = game if game in GAMES else GAMES[0]

    def compose(self) -> ComposeResult:
        """Title bar, the viewer, key hints."""
        yield Static(id="rules-title")
        yield MarkdownViewer(
            self._markdown(), show_table_of_contents=True, open_links=False, id="rules-viewer"
        )
        yield KeyFooter(id="rules-footer")

    def on_mount(self) -> None:
        """Focus the document so arrows and PgUp/PgDn scroll it."""
        self._redraw_bars()
        self._fit_contents()
        self.query_one(MarkdownViewer).focus()

    def on_resize(self) -> None:
        """Show the contents only where every section name fits beside the text."""
        self._fit_contents()

    def _fit_contents(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = self.app.size.width >= TOC_MIN_WIDTH

    def _markdown(self) -> str:
        return translator(self).rules_markdown(self.game)

    def _redraw_bars(self) -> None:
        tr = translator(self)
        title = f"{tr.t('rules.title')} — {tr.t(f'game.{self.game}_variant')}"
        self.query_one("#rules-title", Static).update(Content(title))
        other = _next_game(self.game)
        bound = key_names(self, RulesScreen)
        keys = [
            ActionModel(bound.long("back"), tr.t("keys.back"), "screen.close"),
            ActionModel(bound["other_game"], tr.t(f"game.{other}"), "screen.other_game"),
            language_key(tr),
        ]
        self.query_one("#rules-footer", KeyFooter).show(keys)

    async def _reload(self) -> None:
        self._redraw_bars()
        viewer = self.query_one(MarkdownViewer)
        await viewer.document.update(self._markdown())
        viewer.scroll_home(animate=False)

    async def action_other_game(self) -> None:
        """Show the other game's rules."""
        self.game = _next_game(self.game)
        await self._reload()

    def retranslate(self) -> None:
        """Reload the rules in the new language."""
        self.run_worker(self._reload(), exclusive=True, group="rules-reload")

    def action_close(self) -> None:
        """Back to where F1 was pressed."""
        self.dismiss(None)
