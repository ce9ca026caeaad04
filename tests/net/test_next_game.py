"""The host's next game at a hosted table: the form it starts from, the table it may open.

After a game the host's "New game" opens the setup form from the last game
(:func:`~holdem_tui.ui.next_game.setup_start`) and checks what was chosen before the table
is asked to open it (:func:`~holdem_tui.ui.next_game.hosted_table`): a plugin bot, a name
nobody could sit down with, or no chair left for the host is said in the host's language,
and the form stays open.
"""

from __future__ import annotations

from dataclasses import replace

from holdem_tui.game_settings import BOT, GameSettings, SeatSettings
from holdem_tui.i18n import get_translator
from holdem_tui.ui.next_game import hosted_table, setup_start

EN = get_translator("en")
PLUGIN = "my_bots:Shark"


def _table(*humans: str, bots: tuple[str, ...] = ("easy",)) -> GameSettings:
    return GameSettings.build(humans=humans, bots=bots, seed=7, lang="en")


def test_the_next_games_form_starts_from_the_last_with_built_in_bots_and_a_fresh_deck() -> None:
    last = _table("Ana", "Bo", bots=("hard", PLUGIN))
    form = setup_start(last, "fi")
    assert [seat.level for seat in form.seats if seat.kind == BOT] == ["hard", "normal"]
    assert [seat.name for seat in form.seats] == [seat.name for seat in last.seats]
    assert form.seed is None and form.lang == "fi"


def test_the_host_keeps_a_seat_in_the_first_open_chair() -> None:
    table, problem = hosted_table(_table("", "Bo", ""), "Ana", EN)
    assert problem == ""
    assert [seat.name for seat in table.seats if seat.is_human] == ["Ana", "Bo", ""]
    named, problem = hosted_table(_table("Bo", "Ana"), "Ana", EN)
    assert problem == "" and named == _table("Bo", "Ana")  # already seated: as chosen


def test_a_table_the_host_may_not_open_is_said_and_left_as_chosen() -> None:
    full = _table("Bo", "Cy")
    assert hosted_table(full, "Ana", EN) == (full, EN.t("net.setup_host_seat", name="Ana"))
    plugin = _table("Ana", bots=(PLUGIN,))
    assert hosted_table(plugin, "Ana", EN) == (plugin, EN.t("net.setup_no_plugin"))
    seats = (*_table("Ana").seats, SeatSettings(name="[b]Bo"))
    odd = replace(_table("Ana"), seats=seats)
    assert hosted_table(odd, "Ana", EN) == (odd, EN.t("net.setup_bad_name", name="[b]Bo"))
