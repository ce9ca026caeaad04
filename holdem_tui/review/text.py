"""The review's flags and the session stats in the player's language.

Apart from the numbers (:mod:`holdem_tui.review.flags`, :mod:`holdem_tui.review.stats`) so
the tests check figures, and the review screen, the end screen and ``holdem-tui history``
say them in the same words. Percents are whole numbers and chips grouped, as everywhere.
A bot's reason is worded in :mod:`holdem_tui.coach.reasons` (the coach's bot line says it
too) and offered here with the rest.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from holdem_tui.coach.reasons import reason_text
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
