"""The drills' memory between sessions: ``<data>/drills.json``.

What it keeps: every answer (kind of drill, when, from which position, right or not: the
accuracy by position over time is read from these), the schedule of each of the player's
own spots (:mod:`holdem_tui.progress.spaced`), and what the scan of the histories found
(the spots and which histories were read, by file key, so only new hands are read again).

The file is read like every file the game reads: a bounded regular file, valid JSON, then
every field checked. One that cannot be used is set aside beside it (``drills.damaged-<time>
.json``, never deleted) and the drills start afresh: the answers in it are not counted, the
spots are found again by the next scan. :func:`load_store` says so in one line.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from holdem_tui.engine.positions import POSITION_LABELS
from holdem_tui.history.phh import PhhError, read_regular
from holdem_tui.progress.spaced import Card
from holdem_tui.review.flags import FLAGS
from holdem_tui.storage.atomic import atomic_write_text, keep_aside
from holdem_tui.storage.paths import data_dir

__all__ = [
    "DRILLS",
    "Attempt",
    "DrillStore",
    "SpotRef",
    "drills_path",
    "load_store",
    "save_store",
]

STORE_NAME: Final = "drills.json"
STORE_VERSION: Final = 1
MAX_STORE_BYTES: Final = 16 * 1024 * 1024
#: the kinds of drill
DRILLS: Final = ("preflop", "odds", "own")
#: the answers kept (the oldest go first): years of a drill a day
MAX_ATTEMPTS: Final = 20_000
#: the spots the scan keeps of each kind (the newest)
MAX_SPOTS: Final = 5_000
_ID = re.compile(r"[A-Za-z0-9._:+-]{1,200}")
#: the review's flags a spot may carry, and the pot-odds drill's mark
_FLAGS: Final = frozenset({*FLAGS, "odds"})


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answer: which drill, when (seconds since the epoch), where, and whether right."""

    kind: str
    at: float
    position: str
    right: bool


@dataclass(frozen=True, slots=True)
class SpotRef:
    """Where a spot the scan found lives: a history (``source``: a session id, or the game's
    own real hands), the hand's place in it, the player's chair and decision index, and
    what the review marked there (``flag``; ``odds`` for a pot-odds spot)."""

    source: str
    hand: int
    chair: int
    decision: int
    flag: str
    position: str

    @property
    def key(self) -> str:
        """The spot's id (its schedule's key)."""
        return f"{self.source}:{self.hand}:{self.chair}:{self.decision}:{self.flag}"


@dataclass
class DrillStore:
    """Everything the drills remember; see the module's note."""

    attempts: list[Attempt] = field(default_factory=list)
    cards: dict[str, Card] = field(default_factory=dict)
    spots: list[SpotRef] = field(default_factory=list)
    #: histories already scanned, by source: the file's size and time then, and how many of
    #: its hands were read (a session still being played is read on from there)
    scanned: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def record(self, attempt: Attempt) -> None:
        """Keep an answer (the oldest go once there are :data:`MAX_ATTEMPTS`)."""
        self.attempts.append(attempt)
        del self.attempts[: max(0, len(self.attempts) - MAX_ATTEMPTS)]

    def to_json(self) -> dict[str, Any]:
        """Plain data for the file."""
        return {
            "version": STORE_VERSION,
            "attempts": [[a.kind, round(a.at, 3), a.position, a.right] for a in self.attempts],
            "cards": {
                key: [round(c.due, 3), round(c.interval, 3), c.streak, c.seen]
                for key, c in self.cards.items()
            },
            "spots": [
                [s.source, s.hand, s.chair, s.decision, s.flag, s.position] for s in self.spots
            ],
            "scanned": {source: list(key) for source, key in self.scanned.items()},
        }


def drills_path() -> Path:
    """Where the drills' memory lives: the data folder."""
    return data_dir() / STORE_NAME


class StoreError(ValueError):
    """Why a drills file cannot be used (one line)."""


def _number(value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StoreError(f"{str(value)[:40]!r} is not a number")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise StoreError(f"{number!r} is not a number from {low:g} to {high:g}")
    return number


def _count(value: object, high: int) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise StoreError(f"{value!r} is not a count up to {high}")
    return value


def _text(value: object, allowed: frozenset[str] | tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise StoreError(f"{str(value)[:40]!r} is not a name")
    if allowed is not None and value not in allowed:
        raise StoreError(f"{value!r} is not one of the names a drill uses")
    return value


def parse_store(data: object) -> DrillStore:
    """A store from the file's JSON; :class:`StoreError` for anything else."""
    if not isinstance(data, dict) or data.get("version") != STORE_VERSION:
        raise StoreError("not a drills file of this version")
    if set(data) != {"version", "attempts", "cards", "spots", "scanned"}:
        raise StoreError("its parts are not the drills file's")
    attempts, cards, spots, scanned = (data[k] for k in ("attempts", "cards", "spots", "scanned"))
    if not isinstance(attempts, list) or len(attempts) > MAX_ATTEMPTS:
        raise StoreError("the answers are not a list of at most 20,000")
    if not isinstance(cards, dict) or len(cards) > 2 * MAX_SPOTS:
        raise StoreError("the schedule is not a table")
    if not isinstance(spots, list) or len(spots) > 2 * MAX_SPOTS:
        raise StoreError("the spots are not a list")
    if not isinstance(scanned, dict) or len(scanned) > 1_000_000:
        raise StoreError("the scanned histories are not a table")
    store = DrillStore()
    for entry in attempts:
        if not isinstance(entry, list) or len(entry) != 4 or type(entry[3]) is not bool:
            raise StoreError("an answer is not [drill, time, position, right]")
        kind = _text(entry[0], DRILLS)
        at = _number(entry[1], 0, 1e11)
        store.attempts.append(Attempt(kind, at, _text(entry[2], POSITION_LABELS), entry[3]))
    for key, entry in cards.items():
        if not isinstance(entry, list) or len(entry) != 4:
            raise StoreError("a schedule entry is not [due, interval, streak, seen]")
        store.cards[_text(key)] = Card(
            _number(entry[0], 0, 1e11),
            _number(entry[1], 0, 1e10),
            _count(entry[2], 10_000),
            _count(entry[3], 1_000_000),
        )
    for entry in spots:
        if not isinstance(entry, list) or len(entry) != 6:
            raise StoreError("a spot is not [source, hand, chair, decision, flag, position]")
        store.spots.append(
            SpotRef(
                _text(entry[0]),
                _count(entry[1], 1_000_000),
                _count(entry[2], 63),
                _count(entry[3], 10_000),
                _text(entry[4], _FLAGS),
                _text(entry[5], POSITION_LABELS),
            )
        )
    for source, key in scanned.items():
        if not isinstance(key, list) or len(key) != 3:
            raise StoreError("a scanned history's key is not [size, time, hands]")
        store.scanned[_text(source)] = (
            _count(key[0], 1 << 62),
            _count(key[1], 1 << 62),
            _count(key[2], 1_000_000),
        )
    return store


def load_store(path: Path | None = None) -> tuple[DrillStore, str | None]:
    """The drills' memory, and ``None``; or a fresh one and why the file could not be used
    (the file is then set aside, never deleted)."""
    path = path or drills_path()
    if not path.exists() and not path.is_symlink():
        return DrillStore(), None
    try:
        text = read_regular(path, MAX_STORE_BYTES).decode("utf-8")
        return parse_store(json.loads(text)), None
    except (PhhError, StoreError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    try:
        kept = keep_aside(path, "damaged")
        where = f"; kept as {kept.name}"
    except OSError:
        where = ""
    return DrillStore(), f"{path.name}: {reason}{where}"


def save_store(store: DrillStore, path: Path | None = None) -> None:
    """Write the drills' memory (atomically: the old file or the new)."""
    text = json.dumps(store.to_json(), ensure_ascii=False, separators=(",", ":"))
    atomic_write_text(path or drills_path(), text + "\n")
