"""Each session as the lifetime statistics see it: when, which game, who sat where.

Read from the small summary beside each history (:class:`~holdem_tui.storage.histories.
SessionInfo`) every time, never cached: a summary changes after its history does (a rebuy,
the end of the session) and costs next to nothing to read. From it come the filters (date,
game), whose rows are counted (the humans, or a player by name), the rebuys, and each
hand's opponent level (:func:`opponent_level`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Final

from holdem_tui.game_settings import BOT_LEVELS, HUMAN, PLUGIN
from holdem_tui.storage.histories import SessionInfo

__all__ = ["OPPONENT_LEVELS", "SessionMeta", "TournamentResult", "opponent_level"]

#: what a hand's opponents were: all bots of one level, bots of several (``mixed``), only
#: people, plugin bots, or not recorded (summaries written before the levels were kept)
OPPONENT_LEVELS: Final = (*BOT_LEVELS, "mixed", "people", PLUGIN, "unknown")


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """One player's sit-and-go: the place they finished in, what they paid and were paid."""

    place: int
    entrants: int
    buy_in: int
    prize: int


@dataclass(frozen=True, slots=True)
class SessionMeta:
    """What the statistics need of one session's summary."""

    session_id: str
    started: datetime | None
    game: str
    players: tuple[str, ...]
    humans: frozenset[int]
    #: per chair, who sat there (see :class:`SessionInfo`); empty when not recorded
    levels: tuple[str, ...]
    #: per chair, how many times it bought back in
    rebuys: tuple[int, ...]
    starting_stack: int
    #: per chair, its sit-and-go result; empty for a cash session
    tournament: tuple[TournamentResult | None, ...] = ()
    #: a sit-and-go, finished or not: its hands are tournament hands, never cash winnings
    sit_and_go: bool = False

    @property
    def day(self) -> date | None:
        """The day it started, as the player's clock showed it."""
        return None if self.started is None else self.started.date()

    @classmethod
    def from_info(cls, info: SessionInfo) -> SessionMeta:
        """The statistics' view of a session summary."""
        try:
            started: datetime | None = datetime.fromisoformat(info.started)
        except ValueError:
            started = None
        chairs = len(info.players)
        return cls(
            session_id=info.session_id,
            started=started,
            game=info.game,
            players=tuple(info.players),
            humans=frozenset(h for h in info.humans if 0 <= h < chairs),
            levels=tuple(info.levels) if len(info.levels) == chairs else (),
            rebuys=tuple(info.rebuys_of(chair) for chair in range(chairs)),
            starting_stack=info.starting_stack,
            tournament=_finishes(info),
            sit_and_go=info.tournament is not None,
        )

    def chairs_of(self, player: str | None) -> list[int]:
        """The chairs ``player`` sat in (by name, any case; ``None``: the humans)."""
        if player is None:
            return sorted(self.humans)
        wanted = player.casefold()
        return [chair for chair, name in enumerate(self.players) if name.casefold() == wanted]

    def is_tournament(self) -> bool:
        """Whether this session was a sit-and-go (its results are places and prizes), also one
        left before anybody's place was known."""
        return self.sit_and_go or any(result is not None for result in self.tournament)


def _finishes(info: SessionInfo) -> tuple[TournamentResult | None, ...]:
    """Each chair's sit-and-go result (``None`` while it still plays); empty for cash.

    A summary written before the buy-in was kept gives it from the prizes of a finished
    tournament: the prize pool is every player's buy-in.
    """
    chairs = len(info.players)
    if info.tournament is None or len(info.places) != chairs or len(info.prizes) != chairs:
        return ()
    buy_in = info.buy_in
    if not buy_in and all(place is not None for place in info.places):
        buy_in = sum(info.prizes) // max(1, chairs)
    return tuple(
        None if place is None else TournamentResult(place, chairs, buy_in, info.prizes[chair])
        for chair, place in enumerate(info.places)
    )


def _kind(level: str) -> str:
    if level == HUMAN:
        return "people"
    if level in BOT_LEVELS:
        return level
    return PLUGIN if ":" in level else "unknown"


def opponent_level(levels: Sequence[str], dealt: int, chair: int) -> str:
    """Who ``chair`` played against in a hand: the one level of every opponent dealt in
    (``dealt``: the chairs as bits), ``mixed`` when they differ, ``unknown`` unrecorded."""
    if not levels:
        return "unknown"
    kinds = {
        _kind(levels[other])
        for other in range(len(levels))
        if other != chair and dealt >> other & 1
    }
    if len(kinds) == 1:
        return kinds.pop()
    return "mixed" if kinds else "unknown"
