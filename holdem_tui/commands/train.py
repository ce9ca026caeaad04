"""``holdem-tui train``: drills made from the game's charts, real hands and your own mistakes.

Preflop (a hand and a position: open, call, 3-bet or fold, graded by the hard bot's own
answer), pot odds and outs (a spot from a real hand: the price, the outs, whether to call,
graded by the coach), and your own spots (every decision the hand review flagged "worth a
look", asked again on a spaced schedule). Progress is kept in the data folder
(``drills.json``) between sessions.
"""

from __future__ import annotations

import click

from holdem_tui.commands.options import lang_option
from holdem_tui.i18n import resolve_language
from holdem_tui.storage.preferences import load_settings

DRILL_NAMES = ("preflop", "odds", "own", "progress")


@click.command(name="train")
@click.option(
    "--drill",
    type=click.Choice(DRILL_NAMES),
    default=None,
    help="Open this drill at once (default: the menu).",
)
@lang_option("your saved setting")
def command(drill: str | None, lang: str | None) -> None:
    """Drills: preflop, pot odds and outs, and your own flagged spots."""
    from holdem_tui.ui.train_app import TrainApp

    settings = load_settings(repair=False).settings
    language = resolve_language(lang, settings.language)
    app = TrainApp(language, four_colour=settings.four_colour, persist=True, start=drill or "")
    app.run()
