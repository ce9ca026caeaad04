"""Five-Card Draw: ante, five private cards, fixed-limit betting, one draw of 0 to 3 cards.

Only the streets differ from Hold'em: the betting, pots and showdown are the shared ones in
:mod:`holdem_tui.engine.hand`.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem_tui.engine.events import Street
from holdem_tui.engine.hand import Hand, HandConfig, StreetSpec, partial_antes
from holdem_tui.engine.variants import RULES, BettingStructure, Variant

#: bets plus raises allowed in one round unless configured otherwise
DEFAULT_CAP = 4
#: rule card 001: every player antes, so the game has no ante of 0
MIN_ANTE = 1
#: rule card 001: the game ends after a number of hands set in advance; this many unless
#: the player sets another number (or a time limit)
DEFAULT_HAND_LIMIT = 30


def default_ante(small_bet: int) -> int:
    """The ante when none is chosen: half the small bet (at least one chip), so the first
    round always has something to play for, as the rule card's ante intends."""
    return max(1, small_bet // 2)


class DrawHand(Hand):
    """One hand of fixed-limit Five-Card Draw."""

    rules = RULES[Variant.DRAW]

    def build_streets(self, config: HandConfig) -> tuple[StreetSpec, ...]:
        """Five cards and a small-bet round, then the draw and a big-bet round."""
        if config.structure is not self.rules.structure:
            raise ValueError(f"{self.rules.title} is played fixed limit")
        return (
            StreetSpec(Street.PREDRAW, self.rules.hole_cards, 0, False, config.small_bet),
            StreetSpec(Street.POSTDRAW, 0, 0, True, config.big_bet),
        )


def draw_config(
    stacks: Sequence[int],
    ante: int,
    small_bet: int,
    big_bet: int | None = None,
    *,
    cap: int = DEFAULT_CAP,
    names: Sequence[str] = (),
    seats: Sequence[int] = (),
    hand_number: int = 1,
) -> HandConfig:
    """A draw hand from plain table settings (stacks from left of the button to the button)."""
    n = len(stacks)
    return HandConfig(
        starting_stacks=tuple(stacks),
        antes=(ante,) * n,
        blinds=(),
        min_bet=small_bet,
        structure=BettingStructure.FIXED_LIMIT,
        small_bet=small_bet,
        big_bet=big_bet if big_bet is not None else 2 * small_bet,
        max_raises=cap,
        ante_trimming=partial_antes(stacks, ante),
        names=tuple(names),
        seats=tuple(seats),
        hand_number=hand_number,
    )
