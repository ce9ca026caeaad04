"""A bot's reason in the player's language: one wording for the coach's bot line, the hand
review and a network bot's seat.

Here, below the review, so the coach can say why the hard bot would do what it does in the
bot's own words (never the coach's numbers dressed as the bot's), and the review says the
same reason the same way after the hand.
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

__all__ = ["reason_text"]

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
