"""A sit-and-go as settings: its schedule and its payouts, and what each seat knows of it.

:class:`TournamentSpec` is what a table is given (``TableConfig.tournament``): the blind
levels (:mod:`holdem_tui.engine.schedule`) and the prize split
(:mod:`holdem_tui.engine.payouts`), read from a preset name or from a tournament file's data.
Its plain data has the shape of that file, so a save is checked by the same code as a file
a player wrote.

:class:`TournamentInfo` is the tournament as every seat sees it during a hand: the level,
how many started, and the prizes still to be won by the players left. The table puts it in
each hand's config and every :class:`~holdem_tui.engine.view.PlayerView` carries it, so a
bot or the coach can weigh a decision in prizes (ICM) from its view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from holdem_tui.engine.payouts import DEFAULT_PAYOUTS, Payouts, payouts_from_data
from holdem_tui.engine.schedule import (
    SCHEDULE_KEYS,
    Schedule,
    preset_schedule,
    schedule_from_data,
    short_text,
)
from holdem_tui.engine.variants import Variant

#: the longest name a tournament carries (a preset's or a file's)
MAX_NAME: Final = 64


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """A sit-and-go: its name (a preset or a file's), levels and payouts."""

    name: str
    schedule: Schedule
    payouts: Payouts = DEFAULT_PAYOUTS

    def to_data(self) -> dict[str, Any]:
        """Plain data in the shape of a tournament file, plus the name."""
        return {"name": self.name, **self.schedule.to_data(), **self.payouts.to_data()}


def preset_tournament(name: str, variant: Variant, stack: int) -> TournamentSpec:
    """A built-in sit-and-go (``regular``, ``turbo``, ``hyper``) at ``stack`` chips each."""
    return TournamentSpec(name, preset_schedule(name, variant, stack))


def tournament_from_data(
    data: object, variant: Variant | None = None, name: str | None = None
) -> TournamentSpec:
    """A sit-and-go from a tournament file's data (or a save's), every field checked.

    Raises ``ValueError`` with one line naming the field and the problem; ``name`` (a
    file's stem) is used when the data names none.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a tournament file is a table of settings")
    known = SCHEDULE_KEYS | {"buy_in", "payouts", "name"}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise ValueError(f"{short_text(unknown[0])}: not a tournament setting")
    title = data.get("name", name if name is not None else "custom")
    if not isinstance(title, str) or not 0 < len(title) <= MAX_NAME or not title.isprintable():
        raise ValueError(f"name: expected a short name (at most {MAX_NAME} characters)")
    return TournamentSpec(title, schedule_from_data(data, variant), payouts_from_data(data))


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """The tournament around one hand, as every seat knows it.

    ``prizes`` are the prizes the players still in can win, first place first (unpaid
    places left out), so they are the ICM's prizes for the stacks at the table.
    """

    level: int
    entrants: int
    prizes: tuple[int, ...]

    def near_the_money(self, players_left: int) -> bool:
        """In the money, or at most two busts from it: where prizes, not chips, decide."""
        return players_left <= len(self.prizes) + 2
