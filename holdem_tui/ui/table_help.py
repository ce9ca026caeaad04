"""The help (``?``) of the table app: every key of the table, or of the screen over it.

Each row's key is read from its binding (:func:`~holdem_tui.ui.base_app.key_names`): the
table's (:class:`~holdem_tui.ui.screens.table.TableScreen`), the app's, or those of the hand
review, the stats or the drills when one of them is on top.
"""

from __future__ import annotations

import sys
from typing import Any

from holdem_tui.i18n import Translator
from holdem_tui.ui.base_app import BaseApp, key_names
from holdem_tui.ui.covered import CoveredApp
from holdem_tui.ui.screens.table import TableScreen


def table_help_rows(app: CoveredApp, tr: Translator, *, hosts_table: bool) -> list[tuple[str, str]]:
    """Every key of the table (``g`` for the host of a hosted table); over the hand review,
    the stats or the drills, theirs, with the keys every app has."""
    shared = [*app.shared_help_rows(tr), app.quit_help_row(tr)]
    over = _progress_help(app, tr)
    if over is not None:
        return [*over, *shared]
    review = _review_help(app, tr)
    if review is not None:
        return [*review, *shared]
    keys = key_names(app, TableScreen)
    return [
        (keys.long("fold"), tr.t("keys.fold")),
        (keys.long("check_call"), tr.t("keys.check_call")),
        (keys.long("bet_raise"), tr.t("keys.bet_raise")),
        (keys.long("all_in"), tr.t("keys.all_in")),
        (keys.span("toggle_card_1", "toggle_card_5"), tr.t("keys.toggle_card")),
        (keys.long("confirm"), f"{tr.t('keys.draw')} / {tr.t('keys.next_hand')}"),
        (keys.long("stand_pat_or_show"), f"{tr.t('keys.stand_pat')} / {tr.t('action.show')}"),
        (keys.long("watch_folded"), tr.t("keys.watch_folded")),
        (keys.long("past_hands"), tr.t("past_hands.title")),
        (keys.long("review"), tr.t("review.help")),
        (keys.long("help"), tr.t("keys.help")),
        (keys.long("rules"), tr.t("keys.rules")),
        (keys.long("language"), tr.t("keys.language")),
        (keys.long("four_colour"), tr.t("keys.four_colour")),
        (keys.long("coach"), tr.t("keys.coach")),
        (keys.long("big_blinds"), tr.t("keys.big_blinds")),
        (keys.long("stats"), tr.t("keys.stats")),
        *([(keys.long("hand_over"), tr.t("hand_over.key"))] if hosts_table else []),
        app.quit_help_row(tr),
    ]


def _review_help(app: CoveredApp, tr: Translator) -> list[tuple[str, str]] | None:
    """The keys of the newest hand review open over the table, if one is."""
    reviews = app.open_reviews()
    if not reviews:
        return None
    from holdem_tui.ui.review_parts import review_keys

    review = reviews[-1]
    may_switch = review.book is not None and review.book.may_switch
    keys = key_names(app, type(review))
    close = (keys.long("review_close"), tr.t("review.key_close"))
    return [*review_keys(keys, tr, may_switch=may_switch), close]


def _progress_help(app: BaseApp[Any], tr: Translator) -> list[tuple[str, str]] | None:
    """The keys of the stats screen or the drills when one is on top (each is imported when
    first opened, so until then neither is)."""
    stats = sys.modules.get("holdem_tui.ui.screens.stats")
    if stats is not None and isinstance(app.screen, stats.StatsScreen):
        from holdem_tui.ui.stats_app import stats_help_rows

        return stats_help_rows(app, tr)
    train = sys.modules.get("holdem_tui.ui.screens.train")
    if train is not None and isinstance(app.screen, train.TrainScreen):
        from holdem_tui.ui.train_app import train_help_rows

        return train_help_rows(app, tr)
    return None
