"""Main and side pots, built from what each seat put in, and split to the chip.

Kept apart from the state machines because both variants share it and because it is the
part where chips are most easily created or lost; the property tests hammer it directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the hand positions that can win it (main pot first)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Split ``contributions`` into a main pot and side pots.

    Each distinct contribution level makes a layer; a live (not folded) seat is eligible for
    every layer it reached, and folded seats' chips fill the layers they reached too. Layers
    with the same eligible seats merge. ``dead`` chips (untrimmed antes, as in pokerkit and
    the big-blind-ante convention) go into the main pot.
    """
    pots: list[Pot] = []
    previous = 0
    carry = dead  # dead chips join the first (main) pot
    for level in sorted(set(contributions)):
        carry += sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(i for i, c in enumerate(contributions) if live[i] and c >= level)
        if not eligible and pots:
            # chips of folded players above every live one: the highest pot still
            # contested takes them (nobody could win a pot of their own)
            eligible = pots[-1].eligible
        while pots and pots[-1].eligible == eligible:
            carry += pots.pop().amount
        if carry:
            pots.append(Pot(carry, eligible))
        carry = 0
        previous = level
    return pots


def odd_chip_order(winners: Iterable[int]) -> list[int]:
    """The order tied winners receive the chips that do not divide evenly: seat order from
    the first seat left of the button, which is ascending hand position (position 0 sits
    left of the button). This is the casino's odd-chip rule (TDA: "the odd chip goes to the
    first seat left of the button"), applied to every pot on its own."""
    return sorted(winners)


def split(amount: int, winners: Iterable[int]) -> list[tuple[int, int]]:
    """Share ``amount`` among tied ``winners``, in :func:`odd_chip_order`.

    Everyone gets the same whole share and the odd chips go one at a time, first seat left of
    the button first: 101 chips split three ways from positions 2, 0, 5 pay 34, 34, 33 to
    positions 0, 2, 5. (pokerkit gives the whole remainder to the first winner instead; the
    two differ only in splits three or more ways.)
    """
    order = odd_chip_order(winners)
    quotient, remainder = divmod(amount, len(order))
    return [(w, quotient + (1 if k < remainder else 0)) for k, w in enumerate(order)]
