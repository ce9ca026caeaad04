"""``holdem-tui rules``: print a game's rule screen in the terminal without starting the game.

It shows exactly the Markdown the in-game F1 screen shows, so a player can read the rules (or
pipe them to a file, with no trailing spaces) before sitting down, and translators can
proof-read their work quickly.
"""

from __future__ import annotations

from typing import ClassVar

import click
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import ListItem, Markdown, MarkdownElement
from rich.segment import Segment

from holdem_tui.commands.options import game_option, lang_option
from holdem_tui.commands.output import Output, quiet_when_the_reader_leaves
from holdem_tui.i18n import get_translator, resolve_language


class NumberedItem(ListItem):
    """A list item whose number keeps its full stop: "1. 2 to 9 players", never "1 2 to 9".

    Rich prints a bare "1", which reads as part of the sentence once colours are gone (piped
    to a file or a pager) and a rule starts with a number itself.
    """

    def render_number(
        self, console: Console, options: ConsoleOptions, number: int, last_number: int
    ) -> RenderResult:
        """Like Rich's, one column wider for the full stop."""
        number_width = len(str(last_number)) + 3
        render_options = options.update(width=options.max_width - number_width)
        lines = console.render_lines(self.elements, render_options, style=self.style)
        number_style = console.get_style("markdown.item.number", default="none")
        numeral = Segment(f"{number}.".rjust(number_width - 1) + " ", number_style)
        padding = Segment(" " * number_width, number_style)
        for first, line in enumerate(lines):
            yield numeral if first == 0 else padding
            yield from line
            yield Segment("\n")


class RulesMarkdown(Markdown):
    """Rich's Markdown with numbered items that keep their numbers readable."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "list_item_open": NumberedItem,
    }


@click.command(name="rules")
@game_option("Which game's rules to print.")
@lang_option("the one chosen in the game")
@quiet_when_the_reader_leaves
def command(game: str, lang: str | None) -> None:
    """Print the rules of a game in your language."""
    from holdem_tui.storage.preferences import load_settings

    saved = load_settings(repair=False).settings.language  # reading never changes the file
    chosen = resolve_language(lang, saved)
    text = get_translator(chosen).rules_markdown(game)
    out = Output()
    out.print(RulesMarkdown(text))
    out.flush(tables_whole=False)  # prose wraps at the terminal's width (80 piped)
