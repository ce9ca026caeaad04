"""The games this engine plays, and every fact in which they differ, in one place.

A newcomer who wants to know how many players Five-Card Draw seats, how many cards a player
may throw, how big the board is or what unit a result is measured in reads it here, and
every list and limit elsewhere (the command line's choices, the setup screen's seat counts,
the save and network checks, the rule screens, the hand-history reader) is derived from
:data:`RULES`. Adding a game means one more :class:`Variant` and one more entry here, plus its
streets in a hand class.

This module imports nothing of the engine, so every other module (events, views, the state
machine) can name a :class:`Variant`; which hand class plays a variant, and how a table's
settings become its hand, is :func:`holdem_tui.engine.table.new_hand` and
:func:`~holdem_tui.engine.table.deal_hand`, the one place each is chosen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final


class Variant(StrEnum):
    """A game; its value is the name used on the command line, in saves and on the wire."""

    HOLDEM = "holdem"
    DRAW = "draw"


class BettingStructure(StrEnum):
    """How big bets may be: any size up to the stack, or one fixed size per round."""

    NO_LIMIT = "no_limit"
    FIXED_LIMIT = "fixed_limit"


@dataclass(frozen=True, slots=True)
class VariantRules:
    """What one game is, as far as anything outside its streets needs to know."""

    variant: Variant
    #: the game's name in messages that are not translated (command-line errors)
    title: str
    structure: BettingStructure
    max_seats: int
    #: private cards each player holds (before any draw)
    hole_cards: int
    min_seats: int = 2
    #: community cards once the board is complete (0: no board)
    board_cards: int = 0
    #: the most cards one player may throw in a draw (0: the game has no draw)
    max_discards: int = 0

    @property
    def seat_counts(self) -> range:
        """Every number of players the game seats, smallest first."""
        return range(self.min_seats, self.max_seats + 1)

    def seats_refusal(self, count: int) -> str | None:
        """Why ``count`` players cannot play this game (English), or ``None`` when they can."""
        if count in self.seat_counts:
            return None
        return f"{self.title} takes {self.min_seats} to {self.max_seats} players"

    def unit(self, big_blind: int, big_bet: int) -> int:
        """The chip unit results are measured in: the big blind in no limit, the big bet
        in fixed limit (a "big blind per hundred hands" means the same to both players)."""
        return big_bet if self.structure is BettingStructure.FIXED_LIMIT else big_blind


#: every game, in the order menus list them (the first is the default)
RULES: Final[Mapping[Variant, VariantRules]] = MappingProxyType(
    {
        Variant.HOLDEM: VariantRules(
            Variant.HOLDEM,
            "Hold'em",
            BettingStructure.NO_LIMIT,
            max_seats=9,
            hole_cards=2,
            board_cards=5,
        ),
        # six players hold 30 cards and draw at most 18 more: the deck never runs out
        Variant.DRAW: VariantRules(
            Variant.DRAW,
            "Five-Card Draw",
            BettingStructure.FIXED_LIMIT,
            max_seats=6,
            hole_cards=5,
            max_discards=3,
        ),
    }
)

#: the games' names (``"holdem"``, ``"draw"``), for choices and validation
VARIANTS: Final[tuple[Variant, ...]] = tuple(RULES)
#: the fewest and the most players any game seats (a table layout, a network message)
MIN_SEATS: Final = min(r.min_seats for r in RULES.values())
MAX_SEATS: Final = max(r.max_seats for r in RULES.values())

# no game may deal more cards than a deck holds, whatever everyone draws
assert all(
    r.max_seats * (r.hole_cards + r.max_discards) + r.board_cards <= 52 for r in RULES.values()
)


def variant_of(name: object) -> Variant | None:
    """The :class:`Variant` a name stands for, or ``None`` (hostile input: any object)."""
    return Variant(name) if isinstance(name, str) and name in VARIANTS else None


def parse_variant(name: object) -> Variant:
    """The :class:`Variant` a name stands for; ``ValueError`` for a game we do not play."""
    known = variant_of(name)
    if known is None:
        raise ValueError(f"unknown game {name!r}")
    return known


def rules_of(variant: Variant | str) -> VariantRules:
    """The rules of ``variant`` (its name will do); ``ValueError`` for a game we do not play."""
    return RULES[parse_variant(variant)]
