"""How a session ends, and what a busted person chose: one typed word each.

The end screen words each :class:`EndReason` (``end_reason.*``), the busted player's
question answers a :class:`BustChoice`, and the network carries both as their values.
"""

from __future__ import annotations

from enum import StrEnum


class EndReason(StrEnum):
    """Why a session ended."""

    BUSTED = "busted"
    ONE_LEFT = "one_left"
    HAND_LIMIT = "hand_limit"
    TIME_LIMIT = "time_limit"
    LEFT = "left"


class BustChoice(StrEnum):
    """What a busted person chose: buy back in, watch the others finish, or end."""

    REBUY = "rebuy"
    WATCH = "watch"
    END = "end"
