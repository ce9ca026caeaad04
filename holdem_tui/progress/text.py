"""The lifetime statistics in the player's language: one set of words for the command line
and the stats screen.

Apart from the numbers (:mod:`holdem_tui.progress.lifetime`) so the tests check figures and
both places say them alike. Shares are whole percents, results in units (the big blind, the
big bet in Five-Card Draw) to one decimal and always signed, counts grouped; a rate with
nothing to count ("3-bet" before any chance to make one) is a dash, never a false 0%.
"""

from __future__ import annotations

from datetime import date

from babel.dates import format_date
from babel.numbers import format_decimal

from holdem_tui.coach.reasons import SIGNED_TENTHS
from holdem_tui.engine.variants import VARIANTS
from holdem_tui.i18n import Translator
from holdem_tui.progress.lifetime import Filters, Line, Tournaments

__all__ = [
    "RATES",
    "filters_text",
    "group_name",
    "rate_text",
    "rates_text",
    "result_text",
    "share_text",
    "tournaments_text",
    "units_text",
]

#: a rate nobody could be measured on yet
DASH = "–"
#: the rates a report shows, in its order (the keys of :meth:`Line.rates` and of the words)
RATES = (
    "vpip",
    "pfr",
    "three_bet",
    "cbet",
    "fold_to_cbet",
    "aggression",
    "went_to_showdown",
    "won_at_showdown",
)


def share_text(share: float | None, tr: Translator) -> str:
    """A share as the whole percent the game shows ("31%", "31 %"), or a dash."""
    if share is None:
        return DASH
    return tr.t("stats.percent", value=tr.number(round(100 * share)))


def units_text(value: float | None, tr: Translator) -> str:
    """A result in units, signed, to one decimal ("+12.4", "−3,0")."""
    if value is None:
        return DASH
    rounded = round(value, 1)
    pattern = "#,##0.0" if rounded == 0 else SIGNED_TENTHS
    text = str(
        format_decimal(abs(rounded) if rounded == 0 else rounded, format=pattern, locale=tr.lang)
    )
    return text.replace("-", "−")


def signed_number(value: int, tr: Translator) -> str:
    """A whole amount with its sign: "+1,200", "−300", "0"."""
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return sign + tr.number(abs(value))


def rate_text(line: Line, name: str, tr: Translator) -> str:
    """One rate of :data:`RATES` as its cell shows it (aggression a decimal, the rest %)."""
    value = line.rates()[name]
    if name == "aggression":
        if value is None:
            return DASH
        return str(format_decimal(round(value, 1), format="0.0", locale=tr.lang))
    return share_text(value, tr)


def rates_text(line: Line, tr: Translator) -> str:
    """Every rate on one line: "VPIP 24% · PFR 18% · 3-bet 7% · …"."""
    return " · ".join(f"{tr.t(f'stats.rate.{name}')} {rate_text(line, name, tr)}" for name in RATES)


def result_text(line: Line, tr: Translator) -> str:
    """Hands, the result and its rate, and the all-in adjusted result, on one line."""
    return tr.t(
        "stats.result",
        hands=tr.plural("unit.hands", line.hands),
        result=units_text(line.net, tr),
        rate=units_text(line.bb_per_100, tr),
        adjusted=units_text(line.adjusted, tr),
    )


def group_name(dimension: str, key: str, tr: Translator) -> str:
    """A group's name in the language: a position, a game, a table size, an opponent level."""
    if dimension == "position":
        return tr.t(f"stats.position.{key}")
    if dimension == "game":
        return tr.t(f"game.{key}") if key in VARIANTS else key
    if dimension == "players":
        return tr.plural("unit.players", int(key))
    return tr.t(f"stats.{dimension}.{key}")


def _day(day: date, tr: Translator) -> str:
    return str(format_date(day, format="medium", locale=tr.lang))


def filters_text(filters: Filters, tr: Translator) -> str:
    """Whose rows, which game, which days: "You · every game · all dates"."""
    who = tr.t("stats.you") if filters.player is None else filters.player or tr.t("table.you")
    game = tr.t("stats.every_game") if filters.game is None else tr.t(f"game.{filters.game}")
    since, until = filters.since, filters.until
    if since is None and until is None:
        days = tr.t("stats.all_dates")
    elif until is None:
        assert since is not None
        days = tr.t("stats.since", day=_day(since, tr))
    elif since is None:
        days = tr.t("stats.until", day=_day(until, tr))
    else:
        days = tr.t("stats.between", since=_day(since, tr), until=_day(until, tr))
    return f"{who} · {game} · {days}"


def tournaments_text(tournaments: Tournaments, tr: Translator) -> str:
    """Sit-and-goes played, how many paid, and prizes less buy-ins, on one line."""
    return tr.t(
        "stats.tournaments",
        played=tr.plural("stats.tournaments_played", tournaments.entered),
        paid=tr.number(tournaments.paid),
        won=signed_number(tournaments.prizes - tournaments.buy_ins, tr),
        roi=share_text(tournaments.roi, tr),
    )
