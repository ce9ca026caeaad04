"""How long things stay on screen at each pace: one table read by the UI and by the host.

The table app's drivers wait these delays on their injected timers; ``holdem-tui host`` paces
its bots with the same numbers, so a network table moves exactly as fast as a local one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from holdem_tui.game_settings import Pace


@dataclass(frozen=True, slots=True)
class PaceDelays:
    """How long things stay on screen, in seconds.

    ``bot`` is the least time a bot appears to think (so a player can follow the action),
    ``reveal`` the pause between hands turning up at showdown, ``next_hand`` how long a
    finished hand stays before the next is dealt when someone plays (``None``: until a key),
    and ``watch_next`` the same when only bots play.
    """

    bot: float
    reveal: float
    next_hand: float | None
    watch_next: float


DELAYS: Final[dict[str, PaceDelays]] = {
    Pace.INSTANT: PaceDelays(bot=0.0, reveal=0.0, next_hand=None, watch_next=0.0),
    Pace.NORMAL: PaceDelays(bot=0.8, reveal=0.9, next_hand=8.0, watch_next=3.0),
    Pace.SLOW: PaceDelays(bot=1.8, reveal=1.6, next_hand=15.0, watch_next=6.0),
}


def pace_of(name: str) -> PaceDelays:
    """The delays of a pace by name (an unknown name plays at the normal pace)."""
    return DELAYS.get(name, DELAYS[Pace.NORMAL])
