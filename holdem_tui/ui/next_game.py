"""The host's next game at a hosted table: the setup form it starts from, the table it opens.

After a game the host may set up the next one at the same table (the end screen's "New
game"). The form starts from the last game (:func:`setup_start`); what the host chose is
checked before it goes to the table (:func:`hosted_table`): the host keeps a seat, bots are
the built-in levels, and every name is one a player could sit down with.
"""

from __future__ import annotations

from dataclasses import replace

from holdem_tui.bots.levels import Level
from holdem_tui.game_settings import BOT, BOT_LEVELS, GameSettings
from holdem_tui.i18n import Translator
from holdem_tui.net import protocol as p


def setup_start(settings: GameSettings, lang: str) -> GameSettings:
    """The host's setup form for the next game, from the last one: built-in bots only
    (a plugin is chosen on the host's command line) and no seed (a fresh deck)."""
    seats = tuple(
        replace(seat, level=Level.NORMAL.value)
        if seat.kind == BOT and seat.level not in BOT_LEVELS
        else seat
        for seat in settings.seats
    )
    return replace(settings, seats=seats, seed=None, lang=lang)


def hosted_table(settings: GameSettings, name: str, tr: Translator) -> tuple[GameSettings, str]:
    """The setup's table as the host (``name``) may open it, or the same and what to change.

    A human chair keeps the host's own seat: the first human chair left open gets the
    host's name when none has it. Bots are the built-in levels; names must be ones a
    player could sit down with (a named chair waits for that player).
    """
    seats = list(settings.seats)
    if any(seat.kind == BOT and seat.level not in BOT_LEVELS for seat in seats):
        return settings, tr.t("net.setup_no_plugin")
    for seat in seats:
        if seat.is_human and seat.name and p.check_name(seat.name) is not None:
            return settings, tr.t("net.setup_bad_name", name=seat.name)
    if not any(seat.is_human and seat.name == name for seat in seats):
        free = next((i for i, s in enumerate(seats) if s.is_human and not s.name), None)
        if free is None:
            return settings, tr.t("net.setup_host_seat", name=name)
        seats[free] = replace(seats[free], name=name)
    return replace(settings, seats=tuple(seats)), ""
