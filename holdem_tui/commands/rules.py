"""``holdem-tui rules``: print a game's rule screen in the terminal without starting the game.

It shows exactly the Markdown the in-game F1 screen shows, so a player can read the rules (or
pipe them to a file) before sitting down, and translators can proof-read their work quickly.
"""

from __future__ import annotations

import click
from rich.console import Console
from rich.markdown import Markdown

from holdem_tui.i18n import GAMES, LANGUAGES, get_translator, resolve_language


@click.command(name="rules")
@click.option(
    "--game",
    type=click.Choice(GAMES),
    default="holdem",
    show_default=True,
    help="Which game's rules to print.",
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help="Language of the rules (default: the one chosen in the game, else from LC_ALL / "
    "LC_MESSAGES / LANG, else English).",
)
def command(game: str, lang: str | None) -> None:
    """Print the rules of a game in your language."""
    from holdem_tui.storage.settings import load_settings

    saved = load_settings(repair=False).settings.language  # reading never changes the file
    chosen = resolve_language(lang, saved)
    text = get_translator(chosen).rules_markdown(game)
    console = Console()
    console.print(Markdown(text))
