"""What a tournament stack is worth in prizes: the Independent Chip Model (Malmuth–Harville).

Chips are not prize money: doubling a stack does not double what it is expected to win,
because first place pays less than twice second. ICM turns stacks into expected prizes
with the Malmuth–Harville assumption: a player finishes first with probability
``stack / total``, and, given who finished above, each remaining place goes the same way
among the players left. The bots (hard, near the money) and the coach ("the ICM cost of a
call") compare the prize equity after each outcome of an all-in instead of the chips.

The sum over finishing orders is done place by place with the set of players already
placed as the memo key, so nine players cost at most 9 · 2⁹ steps, and only the paid places
are expanded (an unpaid place is worth nothing whoever takes it).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence


def icm_values(stacks: Sequence[int | float], prizes: Sequence[int | float]) -> list[float]:
    """Each player's expected prize by Malmuth–Harville.

    ``stacks`` are the chips of the players still in (a stack of 0 has busted and wins
    nothing more); ``prizes[k]`` is the prize for place ``k + 1`` among them (missing
    places pay nothing). The values add up to the prizes the players can still win.
    """
    if any(s < 0 for s in stacks):
        raise ValueError("a stack cannot be negative")
    players = tuple(float(s) for s in stacks)
    live = tuple(i for i, s in enumerate(players) if s > 0)
    paid = tuple(float(p) for p in prizes[: len(live)])
    out = [0.0] * len(players)
    if not live or not paid:
        return out
    share = _shares(tuple(players[i] for i in live), paid)
    for i, value in zip(live, share, strict=True):
        out[i] = value
    return out


def _shares(stacks: tuple[float, ...], prizes: tuple[float, ...]) -> tuple[float, ...]:
    n = len(stacks)

    @functools.cache
    def placed(taken: int) -> tuple[float, ...]:
        """Expected prizes from the next place down, given the players in ``taken`` placed."""
        place = taken.bit_count()
        if place >= len(prizes):
            return (0.0,) * n
        left = [i for i in range(n) if not taken >> i & 1]
        total = sum(stacks[i] for i in left)
        out = [0.0] * n
        for i in left:
            chance = stacks[i] / total
            rest = placed(taken | 1 << i)
            out[i] += chance * prizes[place]
            for j in left:
                if j != i:
                    out[j] += chance * rest[j]
        return tuple(out)

    return placed(0)
