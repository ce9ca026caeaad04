"""Prizes and places: who is paid what, by the number of players, and how busts are placed.

The prize pool is every player's buy-in. How it is split depends on how many started
(:class:`Payouts`): by default the winner takes all up to 3 players, 65/35 up to 6 and
50/30/20 up to 9; a tournament file may set its own. Amounts are whole units that add up to
the pool exactly (largest remainders get the odd units, higher places first).

Places follow the TDA: players who bust in the same hand are placed by the chips they had
when that hand began, more chips the better place; players who began it with the same
chips share their places, each receiving the average of those places' prizes.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from holdem_tui.engine.schedule import short_text, whole_number

#: the usual sit-and-go splits: (largest field, percentages from first place down)
DEFAULT_SPLITS: Final = ((3, (100,)), (6, (65, 35)), (9, (50, 30, 20)))
#: each player's buy-in when nobody chooses one (prizes are in the same units)
DEFAULT_BUY_IN: Final = 100
MAX_BUY_IN: Final = 10**9


@dataclass(frozen=True, slots=True)
class PayoutRule:
    """How a field of at most ``up_to`` players is paid (percentages, first place first)."""

    up_to: int
    percents: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Payouts:
    """The split of the prize pool for every field size, and the buy-in that fills it."""

    rules: tuple[PayoutRule, ...] = tuple(PayoutRule(n, p) for n, p in DEFAULT_SPLITS)
    buy_in: int = DEFAULT_BUY_IN

    def percents(self, entrants: int) -> tuple[int, ...]:
        """The split for a field of ``entrants`` (the largest rule beyond its size)."""
        for rule in self.rules:
            if entrants <= rule.up_to:
                return rule.percents[:entrants]
        return self.rules[-1].percents[:entrants]

    def prizes(self, entrants: int) -> tuple[int, ...]:
        """Each paid place's prize, first place first; they add up to the pool exactly."""
        pool = self.buy_in * entrants
        percents = self.percents(entrants)
        total = sum(percents)
        exact = [pool * p / total for p in percents]
        amounts = [int(x) for x in exact]
        short = pool - sum(amounts)
        # the odd units go to the largest remainders, the higher place first on a tie
        order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), i))
        for i in order[:short]:
            amounts[i] += 1
        return tuple(amounts)

    def to_data(self) -> dict[str, Any]:
        """Plain data in the shape of a tournament file."""
        return {
            "buy_in": self.buy_in,
            "payouts": [{"up_to": r.up_to, "percent": list(r.percents)} for r in self.rules],
        }


#: the payouts of the presets and of a file without its own
DEFAULT_PAYOUTS: Final = Payouts()


def payouts_from_data(data: Mapping[str, Any]) -> Payouts:
    """The ``buy_in`` and ``[[payouts]]`` of a tournament file (defaults when absent).

    Each rule: ``up_to`` players (2..9, rising from rule to rule), ``percent`` a list of
    whole percentages from first place down, never rising, adding up to 100, at most one
    per player. Raises ``ValueError`` with one line naming the field.
    """
    buy_in = data.get("buy_in", DEFAULT_BUY_IN)
    buy_in = whole_number(buy_in, "buy_in", 1, MAX_BUY_IN)
    raw = data.get("payouts")
    if raw is None:
        return replace(DEFAULT_PAYOUTS, buy_in=buy_in)
    if not isinstance(raw, list) or not raw:
        raise ValueError("payouts: expected a list of [[payouts]] tables")
    if len(raw) > 8:
        raise ValueError("payouts: at most one rule per field size (2..9)")
    rules: list[PayoutRule] = []
    for n, item in enumerate(raw, start=1):
        where = f"payouts {n}"
        if not isinstance(item, Mapping):
            raise ValueError(f"{where}: expected a table with up_to and percent")
        extra = sorted(str(k) for k in item if k not in ("up_to", "percent"))
        if extra:
            raise ValueError(f"{where}: {short_text(extra[0])} is not a payout setting")
        up_to = whole_number(item.get("up_to"), f"{where}: up_to", 2, 9)
        if rules and up_to <= rules[-1].up_to:
            raise ValueError(f"{where}: up_to must grow from rule to rule")
        percents = item.get("percent")
        if not isinstance(percents, list) or not percents:
            raise ValueError(f"{where}: percent must be a list such as [65, 35]")
        if len(percents) > up_to:
            raise ValueError(f"{where}: more paid places than players")
        values = tuple(whole_number(p, f"{where}: percent", 1, 100) for p in percents)
        if any(b > a for a, b in itertools.pairwise(values)):
            raise ValueError(f"{where}: a lower place cannot pay more than a higher one")
        if sum(values) != 100:
            raise ValueError(f"{where}: the percentages add up to {sum(values)}, not 100")
        rules.append(PayoutRule(up_to, values))
    if rules[-1].up_to < 9:
        raise ValueError("payouts: the last rule must cover up to 9 players")
    return Payouts(tuple(rules), buy_in)


@dataclass(frozen=True, slots=True)
class Finish:
    """Where one player finished: the place (shared by a tie) and the prize."""

    seat: int
    place: int
    prize: int


def place_busts(
    players_before: int,
    busted: Sequence[tuple[int, int]],
    prizes: Sequence[int],
) -> list[Finish]:
    """Places and prizes for the players who busted in one hand (TDA).

    ``players_before`` is how many played that hand; ``busted`` the seats that lost their
    last chip, each with the chips it had when the hand began, in the order the odd unit of
    a shared prize goes (left of the button first). The player who began with fewer chips
    finishes lower; equal stacks share their places and those places' prizes. Also places
    the winner: pass the last player as a "bust" with ``players_before`` 1.
    """
    out: list[Finish] = []
    worst = players_before
    by_stack = sorted({stack for _, stack in busted})
    for stack in by_stack:
        group = [seat for seat, chips in busted if chips == stack]
        best = worst - len(group) + 1
        pot = sum(prizes[p - 1] for p in range(best, worst + 1) if p - 1 < len(prizes))
        share, odd = divmod(pot, len(group))
        out.extend(
            Finish(seat, best, share + (1 if k < odd else 0)) for k, seat in enumerate(group)
        )
        worst = best - 1
    return out
