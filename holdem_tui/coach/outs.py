"""Outs by name on the flop and turn: which unseen cards complete the human's draws.

Counted card by card over the cards the human cannot see (own cards and the board are
known), so a combined draw counts each card once: a flush draw with an open-ended
straight draw has 15 outs, not 17.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from holdem_tui.bots.holdem_common import Draws

__all__ = ["Outs", "chance_by_river", "count_outs"]


@dataclass(frozen=True, slots=True)
class Outs:
    """Named draws (``flush``, ``open_ended``, ``gutshot``, ``overcard`` or ``overcards``:
    one or two hole cards above the board, three outs each), the distinct cards that
    complete any of them, and the chance that one arrives by the river."""

    names: tuple[str, ...]
    outs: int
    chance: float


def chance_by_river(outs: int, unseen: int, cards_to_come: int) -> float:
    """The chance that at least one of ``outs`` arrives in the next ``cards_to_come`` cards."""
    if outs <= 0:
        return 0.0
    miss = math.comb(unseen - outs, cards_to_come) / math.comb(unseen, cards_to_come)
    return 1.0 - miss


def _straight_with_hole(hole: Sequence[int], cards: Sequence[int]) -> bool:
    """Whether the cards hold five ranks in a row that use at least one hole card."""
    ranks = {c >> 2 for c in cards}
    hole_ranks = {c >> 2 for c in hole}
    if 12 in ranks:
        ranks.add(-1)
    if 12 in hole_ranks:
        hole_ranks.add(-1)
    for low in range(-1, 9):
        run = set(range(low, low + 5))
        if run <= ranks and run & hole_ranks:
            return True
    return False


def count_outs(hole: Sequence[int], board: Sequence[int], found: Draws) -> Outs | None:
    """The outs of the draws in ``found`` (None when there is no draw to name)."""
    known = {int(c) for c in (*hole, *board)}
    unseen = [c for c in range(52) if c not in known]
    names: list[str] = []
    outs: set[int] = set()
    cards = (*hole, *board)
    if found.flush:
        suit = next(s for s in range(4) if sum(1 for c in cards if c & 3 == s) == 4)
        names.append("flush")
        outs |= {c for c in unseen if c & 3 == suit}
    if found.open_ended or found.gutshot:
        names.append("open_ended" if found.open_ended else "gutshot")
        outs |= {c for c in unseen if _straight_with_hole(hole, (*cards, c))}
    if found.overcards and not outs:
        top = max(c >> 2 for c in board)
        over = {c >> 2 for c in hole if c >> 2 > top}
        names.append("overcard" if len(over) == 1 else "overcards")
        outs |= {c for c in unseen if c >> 2 in over}
    if not outs:
        return None
    to_come = 5 - len(board)
    return Outs(tuple(names), len(outs), chance_by_river(len(outs), len(unseen), to_come))
