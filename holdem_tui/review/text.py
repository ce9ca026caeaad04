"""The review's flags and the session stats in the player's language.

Apart from the numbers (:mod:`holdem_tui.review.flags`, :mod:`holdem_tui.review.stats`) so
the tests check figures, and the review screen, the end screen and ``holdem-tui history``
say them in the same words. Percents are whole numbers and chips grouped, as everywhere.
"""

from __future__ import annotations

import math

from babel.numbers import format_decimal

from holdem_tui.bots.explain import (
    BB,
    COUNT,
    NUM,
    PCT,
    REASONS,
    TOP,
    catalogue_problem,
    cut_text,
    foreign_reason,
)
from holdem_tui.engine.decision import ParamValue, Reason
from holdem_tui.i18n import Translator
from holdem_tui.review.flags import CALL_MARGIN, FOLD_MARGIN, Flag
from holdem_tui.review.stats import SeatStats

__all__ = [
    "aggression_text",
    "flag_text",
    "luck_text",
    "percent",
    "rates_text",
    "reason_text",
    "stats_text",
]

#: the margin each flag names, in points
_MARGINS = {"call_below_price": CALL_MARGIN, "fold_with_equity": FOLD_MARGIN}


def percent(share: float) -> int:
    """A share as the whole percent the game shows."""
    return round(100 * share)


def flag_text(flag: Flag, tr: Translator) -> str:
    """One "worth a look" line: what was done, and the numbers it was judged by."""
    params: dict[str, object] = {"equity": tr.number(percent(flag.equity))}
    if flag.need is not None:
        params["need"] = tr.number(percent(flag.need))
    margin = _MARGINS.get(flag.key)
    if margin is not None:
        params["margin"] = tr.number(percent(margin))
    return tr.t(f"review.flag.{flag.key}", **params)


def aggression_text(stats: SeatStats, tr: Translator) -> str:
    """Bets and raises per call, to one decimal, as the language writes decimals."""
    return str(format_decimal(round(stats.aggression, 1), format="0.0", locale=tr.lang))


def rates_text(stats: SeatStats, tr: Translator) -> str:
    """VPIP and PFR as a short pair, "31%/18%" (a table cell)."""
    vpip, pfr = tr.number(percent(stats.vpip_rate)), tr.number(percent(stats.pfr_rate))
    return tr.t("review.rates", vpip=vpip, pfr=pfr)


def stats_text(stats: SeatStats, tr: Translator) -> str:
    """How they played: hands, VPIP, PFR, aggression and showdowns won, on one line."""
    return tr.t(
        "review.stats",
        hands=tr.plural("unit.hands", stats.hands),
        vpip=tr.number(percent(stats.vpip_rate)),
        pfr=tr.number(percent(stats.pfr_rate)),
        aggression=aggression_text(stats, tr),
        won=tr.number(stats.showdowns_won),
        showdowns=tr.number(stats.showdowns),
    )


def luck_text(stats: SeatStats, tr: Translator, name: str | None = None) -> str:
    """All-in luck: "You won 1,240 at all-ins; your equity there was worth 860".

    ``name`` names another player (hot seat); without all-ins the line says there were none.
    """
    if not stats.all_ins:
        return tr.t("review.luck.none")
    won = tr.number(stats.all_in_won)
    worth = tr.number(round(stats.all_in_worth))
    if name is None:
        return tr.t("review.luck.you", won=won, worth=worth)
    return tr.t("review.luck.named", name=name, won=won, worth=worth)


#: an expected value in big blinds: always signed, one decimal ("+1.4", "-0.3")
SIGNED_TENTHS = "+#,##0.0;-#,##0.0"


def _reason_percent(value: ParamValue, *, round_up: bool) -> int:
    share = float(value) * 100.0
    return max(1, math.ceil(share - 1e-9)) if round_up else round(share)


def reason_text(reason: Reason, tr: Translator) -> str:
    """The reason in the viewer's language; never raises.

    Ours (a key of :data:`REASONS` with the right parameters) is the ``reason.<key>``
    message with shares as whole percents, numbers grouped, expected values in big blinds
    signed to one decimal, words translated and the
    ``count`` picking the plural form. Anything else is shown in its own words.
    """
    own = reason.text
    if own is not None:
        return cut_text(own)
    if catalogue_problem(reason) is not None:
        fallback = foreign_reason(reason)
        return fallback.text or "" if fallback is not None else ""
    spec = REASONS[reason.key]
    params: dict[str, object] = {}
    count: int | None = None
    for name, value in reason.params:
        kind = spec[name]
        if kind == COUNT:
            count = int(value)
        elif kind in (PCT, TOP):
            params[name] = tr.number(_reason_percent(value, round_up=kind == TOP))
        elif kind == NUM:
            params[name] = tr.number(int(value))
        elif kind == BB:
            params[name] = str(
                format_decimal(round(float(value), 1), format=SIGNED_TENTHS, locale=tr.lang)
            )
        else:
            params[name] = tr.t(f"reason.word.{value}")
    key = f"reason.{reason.key}"
    if count is not None:
        return tr.plural(key, count, **params)
    return tr.t(key, **params)
