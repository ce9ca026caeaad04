"""The lifetime statistics' tables, as Rich tables: one builder for the stats screen and for
``holdem-tui stats``, so both show the same columns in the same words.

Rich only (no Textual): the command line prints these without starting the UI. The columns
fit 80 terminal columns in every language: a group's name, hands, the result and its rate per
hundred hands, then the short rates (VPIP, PFR, 3-bet, aggression, went to showdown).
"""

from __future__ import annotations

from typing import Final

from rich.table import Table

from holdem_tui.i18n import Translator
from holdem_tui.progress.lifetime import Filters, Lifetime
from holdem_tui.progress.text import group_name, rate_text, units_text

__all__ = ["TABLE_RATES", "group_table"]

#: the rates a table shows, after the group's name, hands and results
TABLE_RATES: Final = ("vpip", "pfr", "three_bet", "aggression", "went_to_showdown")


def group_table(
    lifetime: Lifetime,
    filters: Filters,
    dimension: str,
    tr: Translator,
    *,
    with_result: bool = True,
    title: str | None = None,
) -> Table:
    """One row per group of ``dimension`` the player has hands in (``with_result``: the
    result in BB beside its rate per hundred hands)."""
    table = Table(
        box=None,
        padding=(0, 1),
        header_style="bold",
        expand=False,
        title=title,
        title_justify="left",
        title_style="bold",
    )
    # the group's name may take two lines (a long game name in a narrow window): the numbers
    # never break
    table.add_column(tr.t(f"stats.column.{dimension}"), ratio=1)
    table.add_column(tr.t("stats.column.hands"), justify="right", no_wrap=True)
    if with_result:
        table.add_column(tr.t("stats.column.result"), justify="right", no_wrap=True)
    table.add_column(tr.t("stats.column.per_100"), justify="right", no_wrap=True)
    for name in TABLE_RATES:
        table.add_column(tr.t(f"stats.short.{name}"), justify="right", no_wrap=True)
    for key, line in lifetime.groups(lifetime.select(filters), dimension):
        cells = [group_name(dimension, key, tr), tr.number(line.hands)]
        if with_result:
            cells.append(units_text(line.net, tr))
        cells.append(units_text(line.bb_per_100, tr))
        cells += [rate_text(line, name, tr) for name in TABLE_RATES]
        table.add_row(*cells)
    return table
