"""How a session ends: why, what a busted person chose, and the results.

The end screen words each :class:`EndReason` (``end_reason.*``) and draws a
:class:`SessionResult`, the busted player's question answers a :class:`BustChoice`, and the
network carries them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class BiggestPot:
    """The largest pot of the session and who took it, for the end screen."""

    amount: int
    hand_number: int
    winners: tuple[int, ...]

    def to_list(self) -> list[int]:
        """``[amount, hand, *winners]``: the one encoding a save and the wire both use."""
        return [self.amount, self.hand_number, *self.winners]

    @classmethod
    def from_list(cls, data: Sequence[int]) -> BiggestPot:
        """Read :meth:`to_list` back; the caller has checked the numbers (the wire strictly,
        a save by its checksum)."""
        amount, hand, *winners = data
        return cls(int(amount), int(hand), tuple(winners))


@dataclass(frozen=True, slots=True)
class SessionResult:
    """How a session stands (at its end, or when a player busts): what the end screen and a
    busted player's question show. The session builds it (:meth:`Session.result`), the host
    sends it to every friend as it is (``over``), so both draw the same results.

    Chair by chair: final ``stacks``, the hand each went out in (``busted``), ``hands_won``
    and ``rebuys``; ``history`` is every chair's stack at the start and after each hand
    (the charts); ``buy_in`` the starting stack a rebuy pays again.
    """

    reason: EndReason
    hands: int
    elapsed: float
    buy_in: int
    stacks: tuple[int, ...]
    busted: tuple[int | None, ...]
    hands_won: tuple[int, ...]
    rebuys: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    biggest_pot: BiggestPot | None = None
    #: a sit-and-go (places and prizes, no rebuy)
    tournament: bool = False
    #: a sit-and-go's placed chairs as ``(chair, place, prize)``
    finishes: tuple[tuple[int, int, int], ...] = ()

    def net(self, seat: int) -> int:
        """Chips won (positive) or lost over the session, every rebuy counted as chips paid."""
        return self.stacks[seat] - self.buy_in * (1 + self.rebuys[seat])

    def stack_history(self, seat: int) -> list[int]:
        """The chair's stack at the start and after every finished hand (for the chart)."""
        return [stacks[seat] for stacks in self.history]

    def _finish(self, seat: int) -> tuple[int, int, int] | None:
        return next((f for f in self.finishes if f[0] == seat), None)

    def standings(self) -> list[int]:
        """Chairs from first to last: a sit-and-go's places, then most chips, then who
        busted later."""

        def key(seat: int) -> tuple[int, int, int]:
            finish = self._finish(seat)
            busted = self.busted[seat]
            return (0 if finish is None else finish[1], -self.stacks[seat], -(busted or 10**9))

        return sorted(range(len(self.stacks)), key=key)

    def prize_of(self, seat: int) -> int:
        """What a chair won in a sit-and-go (0 until it is placed, and for unpaid places)."""
        finish = self._finish(seat)
        return 0 if finish is None else finish[2]

    def place_of(self, seat: int) -> int:
        """The place a busted chair finished in: a sit-and-go's own place (TDA's, where busts
        in one hand are told apart), else one behind everyone who still has chips."""
        finish = self._finish(seat)
        if finish is not None:
            return finish[1]
        mine = self.busted[seat] or 0
        later = sum(
            1
            for other, stack in enumerate(self.stacks)
            if other != seat and (stack > 0 or (self.busted[other] or 0) > mine)
        )
        return later + 1
