"""No-Limit Texas Hold'em: two hole cards, a board of five in three steps, four rounds."""

from __future__ import annotations

from collections.abc import Sequence

from holdem_tui.engine.events import Street
from holdem_tui.engine.hand import Hand, HandConfig, StreetSpec, partial_antes
from holdem_tui.engine.variants import RULES, BettingStructure, Variant


class HoldemHand(Hand):
    """One hand of No-Limit Hold'em; every street's minimum bet is the big blind."""

    rules = RULES[Variant.HOLDEM]

    def build_streets(self, config: HandConfig) -> tuple[StreetSpec, ...]:
        """Preflop with the hole cards, then the board in three steps: flop, turn, river."""
        bet = config.min_bet
        flop = self.rules.board_cards - 2
        return (
            StreetSpec(Street.PREFLOP, self.rules.hole_cards, 0, False, bet),
            StreetSpec(Street.FLOP, 0, flop, False, bet),
            StreetSpec(Street.TURN, 0, 1, False, bet),
            StreetSpec(Street.RIVER, 0, 1, False, bet),
        )


def holdem_config(
    stacks: Sequence[int],
    small_blind: int,
    big_blind: int,
    *,
    ante: int = 0,
    big_blind_ante: bool = False,
    names: Sequence[str] = (),
    seats: Sequence[int] = (),
    hand_number: int = 1,
    dead_small_blind: bool = False,
) -> HandConfig:
    """A Hold'em hand from plain table settings (stacks in PHH order: SB first, button last).

    ``ante`` is paid by everyone, or only by the big blind when ``big_blind_ante`` is set.
    A player all-in for part of the ante wins only that much of each ante: see
    :func:`~holdem_tui.engine.hand.partial_antes`. ``dead_small_blind`` (a tournament's
    dead button, three players or more): nobody posts the small blind, the first position
    posts the big blind and play before the flop starts left of it.
    """
    n = len(stacks)
    # PHH order: index 1 is the big blind, heads-up included (0 with a dead small blind)
    big = 0 if dead_small_blind and n > 2 else 1
    antes = tuple(ante if i == big else 0 for i in range(n)) if big_blind_ante else (ante,) * n
    posted = (big_blind,) if big == 0 else (small_blind, big_blind)
    blinds = posted + (0,) * (n - len(posted))
    return HandConfig(
        starting_stacks=tuple(stacks),
        antes=antes if ante else (),
        ante_trimming=partial_antes(stacks, ante) and not big_blind_ante,
        blinds=blinds,
        min_bet=big_blind,
        structure=BettingStructure.NO_LIMIT,
        names=tuple(names),
        seats=tuple(seats),
        hand_number=hand_number,
    )
