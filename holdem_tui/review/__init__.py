"""After the hand: the review, the bots' reasons a player may read, and session stats.

Textual-free, so a review screen, the end screen and ``holdem-tui history`` are thin:

* :class:`~holdem_tui.review.record.HandRecord` is a finished hand with all its cards and
  its bots' reasons, from the session (:meth:`HandRecord.from_hand`) or a history file
  (:meth:`HandRecord.from_phh`, :func:`load_records`);
* :func:`may_see` and :func:`visible_reasons` say which cards and reasons a viewer may
  read afterwards (shown hands only, or all of them at a training table);
* :func:`review_hand` steps through a hand as one seat, with the coach's numbers and
  "worth a look" flags at each of its decisions;
* :func:`session_stats` and :func:`history_stats` count VPIP, PFR, aggression, showdowns
  and all-in luck.

The names are imported from their modules on first use: the flags ask the coach (and so the
hard bot and numpy), which the end screen's counts and a table's first frame do without.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from holdem_tui.review.flags import FLAGS, Flag, assess
    from holdem_tui.review.model import ReviewHand, ReviewStep, Spot, review_hand
    from holdem_tui.review.record import (
        HandRecord,
        load_records,
        may_see,
        session_humans,
        session_records,
        visible_reasons,
    )
    from holdem_tui.review.stats import (
        AllIn,
        SeatStats,
        all_in,
        hand_stats,
        history_stats,
        session_stats,
    )
    from holdem_tui.review.text import flag_text, luck_text, stats_text

__all__ = [
    "FLAGS",
    "AllIn",
    "Flag",
    "HandRecord",
    "ReviewHand",
    "ReviewStep",
    "SeatStats",
    "Spot",
    "all_in",
    "assess",
    "flag_text",
    "hand_stats",
    "history_stats",
    "load_records",
    "luck_text",
    "may_see",
    "review_hand",
    "session_humans",
    "session_records",
    "session_stats",
    "stats_text",
    "visible_reasons",
]

#: where each public name lives
_MODULES: dict[str, str] = {
    "all_in": "holdem_tui.review.stats",
    "AllIn": "holdem_tui.review.stats",
    "assess": "holdem_tui.review.flags",
    "Flag": "holdem_tui.review.flags",
    "flag_text": "holdem_tui.review.text",
    "FLAGS": "holdem_tui.review.flags",
    "hand_stats": "holdem_tui.review.stats",
    "HandRecord": "holdem_tui.review.record",
    "history_stats": "holdem_tui.review.stats",
    "load_records": "holdem_tui.review.record",
    "luck_text": "holdem_tui.review.text",
    "may_see": "holdem_tui.review.record",
    "review_hand": "holdem_tui.review.model",
    "ReviewHand": "holdem_tui.review.model",
    "ReviewStep": "holdem_tui.review.model",
    "SeatStats": "holdem_tui.review.stats",
    "session_humans": "holdem_tui.review.record",
    "session_records": "holdem_tui.review.record",
    "session_stats": "holdem_tui.review.stats",
    "Spot": "holdem_tui.review.model",
    "stats_text": "holdem_tui.review.text",
    "visible_reasons": "holdem_tui.review.record",
}


def __getattr__(name: str) -> Any:
    """A public name, from its module when first asked for."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
