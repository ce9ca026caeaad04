"""The usual names of the seats around a table (``btn``, ``sb``, ``bb``, ``co``, ``utg``…).

One naming for everything that reports by position: ``holdem-tui simulate``'s report and the
lifetime statistics (``holdem-tui stats``), so "the cutoff" is the same seat in both.
"""

from __future__ import annotations

from typing import Final

from holdem_tui.engine.variants import Variant

__all__ = ["POSITION_LABELS", "position_label"]

#: every name :func:`position_label` gives, in the order a report lists them: the seats
#: from first to act before the flop to the button, then the blinds (Five-Card Draw's seats
#: from farthest from the button to the button)
POSITION_LABELS: Final = (
    "utg",
    "utg+1",
    "utg+2",
    "lj",
    "hj",
    "co",
    "btn-5",
    "btn-4",
    "btn-3",
    "btn-2",
    "btn-1",
    "btn",
    "sb",
    "bb",
)


def position_label(game: Variant, position: int, players: int) -> str:
    """The usual name of a hand position: ``btn``, ``sb``, ``bb``, ``co``, ``hj``, ``utg``…

    Hold'em heads-up has only ``btn`` (who posts the small blind) and ``bb``. Draw has no
    blinds: seats are named by their distance from the button (``btn``, ``btn-1``, …).
    """
    from_button = players - 1 - position
    if game is not Variant.HOLDEM:
        return "btn" if from_button == 0 else f"btn-{from_button}"
    if players == 2:
        return "btn" if position == 1 else "bb"
    if position <= 1:
        return ("sb", "bb")[position]
    if from_button < 4 and position > 2:
        return ("btn", "co", "hj", "lj")[from_button]
    if from_button == 0:
        return "btn"
    return "utg" if position == 2 else f"utg+{position - 2}"
