"""Finding the drills' spots in the hand histories: the review's "worth a look" marks on the
player's own decisions, and the pot-odds spots (a bet to call on the flop or the turn, with
a draw).

Each hand is stepped through as each human who played it (:func:`holdem_tui.review.
review_hand`), and each of their decisions judged by the coach and the review's flags, as
the hand review would show them. That costs the coach's work at every decision, so what was
read is remembered in the drills' store (:mod:`holdem_tui.progress.drill_store`): a history
is read once, and a session still being played from the first hand not read yet. The game's
own real hands (public PHH data, ``progress/data/real_hands.phhs``) give pot-odds spots
before the player has any of their own.

A spot is kept as where it lives, not what it is: :func:`load_spot` deals the hand again
and asks the coach again, which gives the very numbers the review showed (the coach is
seeded; the view is the engine's own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from holdem_tui.coach import Advice
from holdem_tui.engine.positions import position_label
from holdem_tui.engine.view import PlayerView
from holdem_tui.progress.drill_store import MAX_SPOTS, DrillStore, SpotRef
from holdem_tui.progress.drills import odds_spot_fits
from holdem_tui.review.flags import Flag
from holdem_tui.review.model import review_hand
from holdem_tui.review.record import HandRecord, load_records
from holdem_tui.storage.histories import HISTORY_SUFFIX, SessionInfo
from holdem_tui.storage.paths import histories_dir

__all__ = ["REAL_HANDS", "LoadedSpot", "load_spot", "real_hands_path", "scan_histories"]

#: the source name of the game's own real hands
REAL_HANDS: Final = "real-hands"
ODDS: Final = "odds"

#: ``progress(done, total)``: hands read so far of those to read
Progress = Callable[[int, int], None]


def real_hands_path() -> Path:
    """The real hands shipped with the game (from the public PHH dataset, MIT licence)."""
    return Path(__file__).with_name("data") / "real_hands.phhs"


@dataclass(frozen=True, slots=True)
class LoadedSpot:
    """A spot dealt again: the decision's view, the coach's advice and the review's flags,
    and the record it came from (for the hand's story so far)."""

    ref: SpotRef
    view: PlayerView
    advice: Advice
    flags: tuple[Flag, ...]
    record: HandRecord


def _source_path(source: str, folder: Path | None) -> Path:
    if source == REAL_HANDS:
        return real_hands_path()
    return (folder or histories_dir()) / f"{source}{HISTORY_SUFFIX}"


@lru_cache(maxsize=4)
def _records(path: Path, key: tuple[int, int]) -> tuple[HandRecord, ...]:
    """A history's hands (the last few files read are kept: spots come a few per file)."""
    records, _ = load_records([path])
    return tuple(records)


def _file_key(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


def load_spot(ref: SpotRef, folder: Path | None = None) -> LoadedSpot | None:
    """The spot ``ref`` names, dealt again and judged again (``None``: its history is gone
    or no longer holds it)."""
    path = _source_path(ref.source, folder)
    key = _file_key(path)
    if key is None:
        return None
    records = _records(path, key)
    if not 0 <= ref.hand < len(records):
        return None
    record = records[ref.hand]
    if ref.chair not in record.seats:
        return None
    review = review_hand(record, record.seats.index(ref.chair))
    if not 0 <= ref.decision < review.spot_count:
        return None
    spot = review.spot(ref.decision)
    return LoadedSpot(ref, spot.view, spot.advice, spot.flags, record)


def spots_of(record: HandRecord, source: str, index: int, chairs: Iterable[int]) -> list[SpotRef]:
    """The flagged and pot-odds spots of ``chairs`` in one hand."""
    found: list[SpotRef] = []
    for chair in chairs:
        if chair not in record.seats:
            continue
        position = record.seats.index(chair)
        if position not in record.known:
            continue
        review = review_hand(record, position)
        label = position_label(record.hand.variant, position, record.hand.n)
        for number in range(review.spot_count):
            spot = review.spot(number)
            for flag in spot.flags[:1]:
                found.append(SpotRef(source, index, chair, number, flag.key, label))
            if odds_spot_fits(spot.view, spot.advice):
                found.append(SpotRef(source, index, chair, number, ODDS, label))
    return found


def scan_histories(
    store: DrillStore,
    sessions: Iterable[SessionInfo],
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    real_hands: bool = True,
) -> int:
    """Read what is new in the histories into ``store``; returns how many spots were found.

    Own spots are the humans' decisions; the real hands give pot-odds spots of every player
    whose cards they show. Stops between hands when ``cancelled()`` says so (what was read
    is kept).
    """
    todo: list[tuple[str, Path, tuple[int, int], list[int] | None, int]] = []
    for info in sessions:
        if not info.humans or info.hands <= 0:
            continue
        path = info.history_path
        key = _file_key(path)
        done = store.scanned.get(info.session_id)
        if key is None or (done is not None and done[:2] == key):
            continue
        start = done[2] if done is not None else 0
        todo.append((info.session_id, path, key, list(info.humans), start))
    if real_hands:
        path = real_hands_path()
        key = _file_key(path)
        done = store.scanned.get(REAL_HANDS)
        if key is not None and (done is None or done[:2] != key):
            todo.append((REAL_HANDS, path, key, None, 0))
    loaded = [(entry, _records(entry[1], entry[2])) for entry in todo]
    total = sum(max(0, len(records) - entry[4]) for entry, records in loaded)
    done_hands = found = 0
    for (source, _path, key, chairs, start), records in loaded:
        if source == REAL_HANDS:
            store.spots = [s for s in store.spots if s.source != REAL_HANDS]
        for index in range(start, len(records)):
            if cancelled():
                return found
            record = records[index]
            who = chairs if chairs is not None else [record.seats[p] for p in record.known]
            new = spots_of(record, source, index, who)
            if source == REAL_HANDS:
                new = [s for s in new if s.flag == ODDS]
            store.spots.extend(new)
            found += len(new)
            done_hands += 1
            store.scanned[source] = (key[0], key[1], index + 1)
            if progress is not None:
                progress(done_hands, total)
        store.scanned[source] = (key[0], key[1], len(records))
    _trim(store)
    return found


def _trim(store: DrillStore) -> None:
    """Keep the newest :data:`MAX_SPOTS` of each kind (pot odds, flagged)."""
    odds = [s for s in store.spots if s.flag == ODDS]
    flagged = [s for s in store.spots if s.flag != ODDS]
    store.spots = flagged[-MAX_SPOTS:] + odds[-MAX_SPOTS:]
