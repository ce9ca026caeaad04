"""A player's session in numbers: how they played (VPIP, PFR, aggression, showdowns) and luck.

Computed from hand records (:mod:`holdem_tui.review.record`), so the end screen (the
session's hands) and ``holdem-tui history`` (a saved ``.phhs``) give the same figures.

How they play is counted by the bots' own reads (:class:`holdem_tui.bots.reads.OpponentBook`
over each hand's public story): the same definitions the bots judge opponents by and the
simulator reports, so "VPIP 31%" means one thing everywhere.

Luck is all-in equity against the result. At each all-in with cards still to come (the
betting is over and the board is not complete), the hands in are known, so what the
player's share of each pot was worth is exact (:func:`holdem_tui.engine.runout.runout_shares`
over every runout) and is set against what they were paid. Hold'em only: before a draw
the cards to come depend on what each player throws, which is play, not luck.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from holdem_tui.bots.reads import OpponentBook
from holdem_tui.bots.stats import field_sums
from holdem_tui.engine.events import (
    BetsCollected,
    BoardDealt,
    HoleCardsDealt,
    PlayerActed,
    PotAwarded,
)
from holdem_tui.engine.pots import Pot
from holdem_tui.engine.runout import runout_shares
from holdem_tui.engine.variants import Variant
from holdem_tui.review.record import HandRecord, load_records

__all__ = ["AllIn", "SeatStats", "all_in", "hand_stats", "history_stats", "session_stats"]

logger = logging.getLogger(__name__)

#: the cache file format beside a history (bump when what is counted changes)
STATS_VERSION: Final = 1
#: the cache file's suffix (not ``.json``: the session summaries are the folder's JSON)
STATS_SUFFIX: Final = ".stats"


@dataclass(frozen=True, slots=True)
class AllIn:
    """One all-in with cards to come: the pots the player was in, what their share of them
    was worth (exactly, over every runout) and what they were paid."""

    pots: int
    worth: float
    won: int


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One player's counts over some hands; add two with ``+``.

    ``vpip`` counts hands where they put chips in by choice in the first betting round,
    ``pfr`` where they raised it; ``aggressive`` and ``calls`` count bets and raises, and
    calls, over every round. ``all_ins`` counts all-ins with cards to come, ``all_in_won``
    the chips they were paid there and ``all_in_worth`` what their equity was worth.
    """

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    aggressive: int = 0
    calls: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    all_ins: int = 0
    all_in_won: int = 0
    all_in_worth: float = 0.0

    def __add__(self, other: SeatStats) -> SeatStats:
        return SeatStats(**field_sums(self, other))

    @property
    def vpip_rate(self) -> float:
        """Share of hands played by choice (0 without hands)."""
        return self.vpip / self.hands if self.hands else 0.0

    @property
    def pfr_rate(self) -> float:
        """Share of hands raised in the first betting round."""
        return self.pfr / self.hands if self.hands else 0.0

    @property
    def aggression(self) -> float:
        """Bets and raises per call (as ``simulate`` reports it: no calls counts as one)."""
        return self.aggressive / max(1, self.calls)

    @property
    def luck(self) -> float:
        """Chips won at all-ins beyond what the equity there was worth (negative: unlucky)."""
        return self.all_in_won - self.all_in_worth

    def to_json(self) -> dict[str, Any]:
        """The counts and rates as plain data (``history --json``)."""
        data: dict[str, Any] = asdict(self)
        data["all_in_worth"] = round(self.all_in_worth, 2)
        data["vpip_rate"] = round(self.vpip_rate, 4)
        data["pfr_rate"] = round(self.pfr_rate, 4)
        data["aggression"] = round(self.aggression, 3)
        data["luck"] = round(self.luck, 2)
        return data

    @classmethod
    def from_json(cls, data: object) -> SeatStats:
        """The counts :meth:`to_json` wrote (rates are recomputed); ``ValueError`` if not."""
        if not isinstance(data, dict):
            raise ValueError("stats are an object")
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            allowed = (int, float) if f.name == "all_in_worth" else (int,)
            if not isinstance(value, int | float) or type(value) not in allowed:
                raise ValueError(f"stats field {f.name!r} is not a count")
            if not 0 <= value <= 10**15:
                raise ValueError(f"stats field {f.name!r} is out of range")
            values[f.name] = float(value) if f.name == "all_in_worth" else value
        return cls(**values)


def all_in(record: HandRecord, position: int) -> AllIn | None:
    """The all-in ``position`` was in with cards to come, if any (Hold'em hands only).

    The moment: the last betting action of a hand that reached a showdown before the board
    was complete, with ``position`` still in. Every contender's cards must be known.
    """
    hand = record.hand
    if hand.variant is not Variant.HOLDEM:
        return None
    events = hand.events
    last = max((i for i, e in enumerate(events) if isinstance(e, PlayerActed)), default=-1)
    if last < 0 or not hand.live[position] or sum(hand.live) < 2:
        return None
    board = [c for e in events[:last] if isinstance(e, BoardDealt) for c in e.cards]
    collected = [e for e in events if isinstance(e, BetsCollected)]
    if len(board) >= 5 or not collected:
        return None
    # nobody acts after the last action: who is in now was in then. The pots it contested
    # (a side pot the others folded to is nobody's luck), with the players still in them.
    pots = []
    for pot in collected[-1].pots:
        eligible = tuple(p for p in pot.eligible if hand.live[p])
        if position in eligible and len(eligible) > 1:
            pots.append(Pot(pot.amount, eligible))
    if not pots:
        return None
    contenders = sorted({p for pot in pots for p in pot.eligible})
    if not set(contenders) <= record.known:
        return None
    holes = {e.player: e.cards for e in events if isinstance(e, HoleCardsDealt) and e.cards}
    if any(p not in holes for p in contenders):
        return None
    groups = tuple(tuple(contenders.index(p) for p in pot.eligible) for pot in pots)
    shares = _shares(tuple(tuple(holes[p]) for p in contenders), tuple(board), groups)
    me = contenders.index(position)
    worth = sum(
        pot.amount * share[group.index(me)]
        for pot, group, share in zip(pots, groups, shares, strict=True)
    )
    won = sum(
        amount
        for e in events
        if isinstance(e, PotAwarded) and len(e.eligible) > 1
        for p, amount in e.shares
        if p == position
    )
    return AllIn(len(pots), worth, won)


@lru_cache(maxsize=256)
def _shares(
    holes: tuple[tuple[int, ...], ...], board: tuple[int, ...], groups: tuple[tuple[int, ...], ...]
) -> list[tuple[float, ...]]:
    """Runout shares, cached: the end screen and a history listing ask for the same ones."""
    return runout_shares(holes, board, groups)


def hand_stats(record: HandRecord, position: int) -> SeatStats:
    """``position``'s counts in one hand.

    VPIP, PFR and aggression come from the bots' :class:`OpponentBook`, fed the hand's
    public story as an onlooker sees it (with each position under its own name, so two
    players of one name in a file are never merged).
    """
    hand = record.hand
    view = hand.view(None)
    view = replace(view, seats=tuple(replace(s, name=f"#{s.position}") for s in view.seats))
    book = OpponentBook()
    book.update(view)
    counted = book.of(view, position)
    # a showdown: still in at the end with someone else (whoever mucked, the hand was
    # contested to the end); won: paid from a pot at it
    showdown = hand.live[position] and sum(hand.live) > 1
    paid = {p for e in hand.events if isinstance(e, PotAwarded) for p, amount in e.shares if amount}
    spot = all_in(record, position)
    return SeatStats(
        hands=1,
        vpip=min(1, counted.voluntary),
        pfr=min(1, counted.raised_first_round),
        aggressive=counted.aggressive,
        calls=counted.calls,
        showdowns=int(showdown),
        showdowns_won=int(showdown and position in paid),
        all_ins=int(spot is not None),
        all_in_won=spot.won if spot else 0,
        all_in_worth=spot.worth if spot else 0.0,
    )


def session_stats(records: Iterable[HandRecord], seats: Sequence[int]) -> dict[int, SeatStats]:
    """Each chair's counts over the hands it was dealt into (chairs are 0-based)."""
    totals = {seat: SeatStats() for seat in seats}
    for record in records:
        for seat in seats:
            position = record.position_of(seat)
            if position is not None:
                totals[seat] = totals[seat] + hand_stats(record, position)
    return totals


def history_stats(
    path: Path, seats: Sequence[int], *, cache: bool = True
) -> tuple[dict[int, SeatStats], list[str]]:
    """Each chair's counts over a history file, and one line per problem in it.

    With ``cache`` the result is kept beside the file (``<name>.stats``, JSON keyed by the
    file's size and time) and reused while the history is unchanged: a listing of years of
    sessions then reads only the new ones. A cache that cannot be read or written is simply
    not used.
    """
    cache_path = path.with_suffix(STATS_SUFFIX)
    key = _file_key(path)
    if cache and key is not None:
        found = _read_cache(cache_path, key, seats)
        if found is not None:
            return found
    records, problems = load_records([path])
    stats = session_stats(records, seats)
    if cache and key is not None:
        _write_cache(cache_path, key, stats, problems)
    return stats, problems


def _file_key(path: Path) -> list[int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


def _read_cache(
    path: Path, key: list[int], seats: Sequence[int]
) -> tuple[dict[int, SeatStats], list[str]] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("version") != STATS_VERSION:
            return None
        if data.get("key") != key:
            return None
        saved = data["seats"]
        problems = data["problems"]
        if not isinstance(saved, dict) or not isinstance(problems, list):
            return None
        stats = {seat: SeatStats.from_json(saved[str(seat)]) for seat in seats}
        return stats, [str(p)[:500] for p in problems[:100]]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None


def _write_cache(
    path: Path, key: list[int], stats: dict[int, SeatStats], problems: list[str]
) -> None:
    from holdem_tui.storage.atomic import atomic_write_text

    data = {
        "version": STATS_VERSION,
        "key": key,
        "seats": {str(seat): asdict(s) for seat, s in stats.items()},  # full precision
        "problems": problems[:100],
    }
    try:
        atomic_write_text(path, json.dumps(data) + "\n")
    except OSError as exc:
        logger.info("stats cache %s not written: %s", path, exc)
