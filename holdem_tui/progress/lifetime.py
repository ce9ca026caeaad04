"""Lifetime statistics: every history in the data folder, counted once and summed on demand.

:func:`load_lifetime` reads the session summaries, takes each session's rows from the cache
(:mod:`holdem_tui.progress.cache`) while its history is unchanged and reads the rest
(:mod:`holdem_tui.progress.facts`), then keeps every row in two arrays in the order the
hands were played. Everything a report shows is a sum over a selection of those rows
(:meth:`Lifetime.select`: whose rows, which game, which days): :meth:`Lifetime.line` for one
group, :meth:`Lifetime.groups` by position, game, table size, opponent level or format,
:meth:`Lifetime.curve` for the results chart. ``holdem-tui stats``, the stats screen and the
bench all go through here.

Results are in the unit of each hand (the big blind, the big bet in Five-Card Draw), summed
hand by hand, so a session with rebuys counts what was won and lost at the table: a rebuy
is chips bought, not a result. The all-in adjusted result replaces what each all-in with
cards to come paid by what the player's equity there was worth.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from holdem_tui.engine import kernel
from holdem_tui.engine.positions import POSITION_LABELS
from holdem_tui.engine.variants import MAX_SEATS
from holdem_tui.progress.cache import CachedSession, cache_path, read_cache, write_cache
from holdem_tui.progress.facts import COLUMNS, COUNTS, hand_rows, stack_rows
from holdem_tui.progress.sessions import OPPONENT_LEVELS, SessionMeta, opponent_level
from holdem_tui.storage.histories import SessionInfo, list_sessions

__all__ = ["DIMENSIONS", "Filters", "Lifetime", "Line", "Tournaments", "load_lifetime"]

logger = logging.getLogger(__name__)

#: what a report can break the numbers down by
DIMENSIONS: Final = ("position", "game", "players", "opponents", "format")
FORMATS: Final = ("cash", "tournament")


@dataclass(frozen=True, slots=True)
class Filters:
    """Which rows a report counts: whose (``None``: the humans; else a player's name, any
    case), which game (``None``: both), and the days from ``since`` to ``until`` included."""

    player: str | None = None
    game: str | None = None
    since: date | None = None
    until: date | None = None

    def takes(self, meta: SessionMeta) -> bool:
        """Whether a session is in the game and the days asked for."""
        if self.game is not None and meta.game != self.game:
            return False
        day = meta.day
        if day is None:
            return self.since is None and self.until is None
        return (self.since is None or day >= self.since) and (
            self.until is None or day <= self.until
        )


@dataclass(frozen=True, slots=True)
class Line:
    """One group's numbers: hands, results in units (big blinds, big bets in Five-Card
    Draw), and the counts every rate is made of (``counts``: the counter's and the facts')."""

    hands: int = 0
    net: float = 0.0
    adjusted: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)

    def _share(self, part: str, whole: str) -> float | None:
        total = self.counts.get(whole, 0)
        return self.counts.get(part, 0) / total if total else None

    @property
    def bb_per_100(self) -> float | None:
        """Units won per hundred hands (``None`` without hands)."""
        return 100.0 * self.net / self.hands if self.hands else None

    @property
    def aggression(self) -> float | None:
        """Bets and raises per call (no calls counts as one, as the session stats do)."""
        if not self.hands:
            return None
        return self.counts.get("aggressive", 0) / max(1, self.counts.get("calls", 0))

    def _per_hand(self, part: str) -> float | None:
        return self.counts.get(part, 0) / self.hands if self.hands else None

    def rates(self) -> dict[str, float | None]:
        """Every rate by name, as ``--json`` and ``--csv`` write them."""
        return {
            "bb_per_100": self.bb_per_100,
            # chips put in by choice in the first betting round, per hand (VPIP)
            "vpip": self._per_hand("voluntary"),
            # raised in the first betting round, per hand (PFR)
            "pfr": self._per_hand("raised_first_round"),
            # re-raises of a lone open, per chance to make one
            "three_bet": self._share("threebets", "faced_open"),
            # continuation bets, per chance (the first round's last raiser, first to bet)
            "cbet": self._share("cbets", "cbet_chances"),
            # folds to a continuation bet, per time facing one
            "fold_to_cbet": self._share("folded_to_cbet", "faced_cbet"),
            "aggression": self.aggression,
            # showdowns per hand that saw the flop (or the draw)
            "went_to_showdown": self._share("showdown", "saw_flop"),
            # showdowns won (paid from a pot), per showdown
            "won_at_showdown": self._share("showdown_won", "showdown"),
        }

    def to_json(self) -> dict[str, Any]:
        """The line as plain data: hands, results, rates (rounded) and the raw counts."""
        rates = {k: None if v is None else round(v, 4) for k, v in self.rates().items()}
        return {
            "hands": self.hands,
            "net_bb": round(self.net, 2),
            "all_in_adjusted_bb": round(self.adjusted, 2),
            **rates,
            "counts": dict(self.counts),
        }


@dataclass(frozen=True, slots=True)
class Tournaments:
    """Sit-and-goes: how many were entered, how many paid, buy-ins and prizes, and each
    finish as (place, players who started)."""

    entered: int = 0
    paid: int = 0
    buy_ins: int = 0
    prizes: int = 0
    places: tuple[tuple[int, int], ...] = ()

    @property
    def roi(self) -> float | None:
        """Prizes less buy-ins, per buy-in (``None`` before any buy-in)."""
        return (self.prizes - self.buy_ins) / self.buy_ins if self.buy_ins else None

    def to_json(self) -> dict[str, Any]:
        """The tournaments as plain data."""
        roi = self.roi
        return {
            "entered": self.entered,
            "in_the_money": self.paid,
            "buy_ins": self.buy_ins,
            "prizes": self.prizes,
            "roi": None if roi is None else round(roi, 4),
            "places": [list(place) for place in self.places],
        }


@dataclass(frozen=True, slots=True)
class Curve:
    """The cumulative result after each hand, and the all-in adjusted one beside it."""

    net: npt.NDArray[np.float64]
    adjusted: npt.NDArray[np.float64]


@dataclass
class Lifetime:
    """Every row read, in the order the hands were played, with the sessions they belong to.

    ``problems`` are one line per history (or hand) that could not be read, ``cache_note``
    one line when the cache was damaged and rebuilt.
    """

    sessions: list[SessionMeta]
    ints: npt.NDArray[np.int64]
    worth: npt.NDArray[np.float64]
    #: each row's session (an index into ``sessions``) and opponent level (into
    #: ``OPPONENT_LEVELS``)
    session_of: npt.NDArray[np.int64]
    opponents: npt.NDArray[np.int64]
    problems: list[str] = field(default_factory=list)
    cache_note: str | None = None

    def column(self, name: str) -> npt.NDArray[np.int64]:
        """One integer column of every row."""
        return self.ints[:, COLUMNS[name]]

    # ------------------------------------------------------------------ selecting

    def select(self, filters: Filters) -> npt.NDArray[np.bool_]:
        """The rows ``filters`` ask for: the player's chairs in the sessions it takes."""
        wanted = np.zeros((len(self.sessions), MAX_SEATS), dtype=bool)
        for index, meta in enumerate(self.sessions):
            if filters.takes(meta):
                wanted[index, meta.chairs_of(filters.player)] = True
        if not len(self.ints):
            return np.zeros(0, dtype=bool)
        return wanted[self.session_of, self.column("chair")]

    def line(self, mask: npt.NDArray[np.bool_]) -> Line:
        """The numbers of the rows ``mask`` keeps."""
        ints = self.ints[mask]
        if not len(ints):
            return Line()
        net, luck = self.results(mask)
        names = (*COUNTS, "saw_flop", "showdown", "showdown_won", "all_in")
        sums = ints[:, [COLUMNS[n] for n in names]].sum(axis=0)
        return Line(
            hands=len(ints),
            net=float(net.sum()),
            adjusted=float((net + luck).sum()),
            counts={n: int(v) for n, v in zip(names, sums, strict=True)},
        )

    def keys(self, dimension: str) -> tuple[list[str], npt.NDArray[np.int64]]:
        """The names of ``dimension``'s groups, and each row's group (an index into them)."""
        if dimension == "position":
            return list(POSITION_LABELS), self.column("label")
        if dimension == "players":
            return [str(n) for n in range(MAX_SEATS + 1)], self.column("players")
        if dimension == "opponents":
            return list(OPPONENT_LEVELS), self.opponents
        per_session: list[str]
        if dimension == "game":
            per_session = [meta.game for meta in self.sessions]
        elif dimension == "format":
            per_session = [FORMATS[meta.is_tournament()] for meta in self.sessions]
        else:
            raise ValueError(f"no dimension {dimension!r}")
        names = sorted(set(per_session), key=lambda n: (n not in ("holdem", "cash"), n))
        codes = np.array([names.index(n) for n in per_session], dtype=np.int64)
        return names, codes[self.session_of] if len(self.ints) else codes[:0]

    def groups(self, mask: npt.NDArray[np.bool_], dimension: str) -> list[tuple[str, Line]]:
        """The numbers of each group of ``dimension`` with hands in ``mask``, in the
        dimension's order."""
        names, keys = self.keys(dimension)
        out = []
        for code, name in enumerate(names):
            part = mask & (keys == code)
            if part.any():
                out.append((name, self.line(part)))
        return out

    def curve(self, mask: npt.NDArray[np.bool_]) -> Curve:
        """The result after each hand of ``mask``, in units, and the all-in adjusted one."""
        net, luck = self.results(mask)
        return Curve(np.cumsum(net), np.cumsum(net + luck))

    def results(
        self, mask: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Each row's result in its unit, and its all-in luck (what the all-in paid beyond
        what the equity there was worth; negative: less), for the rows ``mask`` keeps."""
        ints = self.ints[mask]
        unit = ints[:, COLUMNS["unit"]].astype(np.float64)
        net = ints[:, COLUMNS["net"]] / unit
        luck = (self.worth[mask] - ints[:, COLUMNS["all_in_won"]]) / unit
        return net, luck

    # ------------------------------------------------------------------ sessions

    def rebuys(self, filters: Filters) -> int:
        """How many times the player bought back in, in the sessions ``filters`` takes."""
        return sum(
            meta.rebuys[chair]
            for meta in self.sessions
            if filters.takes(meta)
            for chair in meta.chairs_of(filters.player)
            if chair < len(meta.rebuys)
        )

    def tournaments(self, filters: Filters) -> Tournaments:
        """The player's sit-and-goes among the sessions ``filters`` takes."""
        results = [
            result
            for meta in self.sessions
            if filters.takes(meta)
            for chair in meta.chairs_of(filters.player)
            if chair < len(meta.tournament)
            for result in (meta.tournament[chair],)
            if result is not None
        ]
        return Tournaments(
            entered=len(results),
            paid=sum(1 for r in results if r.prize > 0),
            buy_ins=sum(r.buy_in for r in results),
            prizes=sum(r.prize for r in results),
            places=tuple((r.place, r.entrants) for r in results),
        )

    def session_lines(self, filters: Filters) -> list[tuple[SessionMeta, Line]]:
        """Each session the player played in that ``filters`` takes, oldest first."""
        mask = self.select(filters)
        out = []
        for index, meta in enumerate(self.sessions):
            part = mask & (self.session_of == index)
            if part.any():
                out.append((meta, self.line(part)))
        return out

    def players(self) -> list[tuple[str, int, bool]]:
        """Every name with hands in the rows: (name, hands, whether a human played it),
        most hands first; the unnamed local player is ``""``."""
        hands: dict[str, int] = {}
        human: dict[str, bool] = {}
        chairs = self.column("chair")
        for index, meta in enumerate(self.sessions):
            counted = np.bincount(chairs[self.session_of == index], minlength=len(meta.players))
            for chair, name in enumerate(meta.players):
                key = name.casefold()
                hands[key] = hands.get(key, 0) + int(counted[chair])
                human[key] = human.get(key, False) or chair in meta.humans
        names = {name.casefold(): name for meta in self.sessions for name in meta.players}
        return sorted(
            ((names[k], n, human[k]) for k, n in hands.items() if n),
            key=lambda item: (-item[1], item[0]),
        )


# ---------------------------------------------------------------------- loading


def _file_key(info: SessionInfo) -> tuple[int, int] | None:
    try:
        stat = info.history_path.stat()
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns


def read_session(info: SessionInfo, key: tuple[int, int]) -> CachedSession:
    """One session's rows, read from its history (a hand that cannot be read is a line)."""
    from holdem_tui.review.record import load_records

    records, problems = load_records([info.history_path])
    parts = []
    for index, record in enumerate(records):
        if any(not 0 <= chair < MAX_SEATS for chair in record.seats) or record.hand.n < 2:
            problems.append(f"{info.history_path} hand {index + 1}: seats out of range")
            continue
        parts.append(hand_rows(record, index))
    return CachedSession(key, stack_rows(parts), tuple(p[:500] for p in problems[:100]))


def _read_all(
    todo: Sequence[tuple[SessionInfo, tuple[int, int]]],
    progress: Callable[[int, int], None] | None,
    workers: int,
) -> dict[str, CachedSession]:
    """Read the histories ``todo`` names: here, or in worker processes when there are many
    (a first look at years of sessions replays every hand once; the cores share that)."""
    total = len(todo)
    if workers == 0:  # the command line's bulk read: the compiled kernel where installed
        kernel.enable()  # (the exact all-in equities, the same numbers, several times sooner)
        workers = min(os.cpu_count() or 1, 8) if total >= PARALLEL_FROM else 1
    out: dict[str, CachedSession] = {}
    if workers <= 1:
        for done, (info, key) in enumerate(todo, start=1):
            out[info.session_id] = read_session(info, key)
            if progress is not None:
                progress(done, total)
        return out
    # spawned, not forked: the stats screen reads from a thread of a running app
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=kernel.enable
    ) as pool:
        futures = {pool.submit(read_session, info, key): info.session_id for info, key in todo}
        for done, future in enumerate(as_completed(futures), start=1):
            out[futures[future]] = future.result()
            if progress is not None:
                progress(done, total)
    return {info.session_id: out[info.session_id] for info, _ in todo}


def _order(info: SessionInfo) -> tuple[str, str]:
    try:
        started = datetime.fromisoformat(info.started).astimezone().isoformat()
    except ValueError:
        started = ""
    return started, info.session_id


#: with this many histories to read, they are read in worker processes (one per core)
PARALLEL_FROM: Final = 24


def load_lifetime(
    folder: Path | None = None,
    cache: Path | None = None,
    *,
    use_cache: bool = True,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> Lifetime:
    """Every session of the histories folder (``folder``), read through the cache.

    The cache (``cache``, by default beside the histories) is rewritten when anything was
    read anew or has gone; a cache that cannot be written is only logged (the numbers are
    right either way, the next look just reads again). ``progress(done, total)`` hears of
    each history read. ``workers`` processes read them: 1 reads here (inside the game's app:
    a terminal app's descriptors do not pass to a new process); 0 one per core, when there
    are :data:`PARALLEL_FROM` or more to read (the command line, the bench).
    """
    infos = sorted(list_sessions(folder), key=_order)
    path = cache or cache_path()
    cached: dict[str, CachedSession] = {}
    note = None
    if use_cache:
        cached, note = read_cache(path)
    kept: dict[str, CachedSession] = {}
    todo: list[tuple[SessionInfo, tuple[int, int]]] = []
    for info in infos:
        if info.hands <= 0:
            continue
        key = _file_key(info)
        if key is None:
            continue
        found = cached.get(info.session_id)
        if found is None or found.key != key:
            todo.append((info, key))
        else:
            kept[info.session_id] = found
    kept.update(_read_all(todo, progress, workers))
    changed = bool(todo)
    if use_cache and (changed or set(kept) != set(cached) or note is not None):
        try:
            write_cache(path, kept)
        except OSError as exc:
            logger.info("stats cache %s not written: %s", path, exc)
    return _assemble(infos, kept, note)


def _assemble(
    infos: Sequence[SessionInfo], read: dict[str, CachedSession], note: str | None
) -> Lifetime:
    metas: list[SessionMeta] = []
    parts = []
    owners = []
    levels = []
    problems: list[str] = []
    for info in infos:
        found = read.get(info.session_id)
        if found is None:
            continue
        meta = SessionMeta.from_info(info)
        ints, worth = found.rows
        problems.extend(found.problems)
        chairs_ok = ints[:, COLUMNS["chair"]] < len(meta.players) if len(ints) else None
        if chairs_ok is not None and not chairs_ok.all():
            problems.append(f"{info.history_path}: seats beyond the summary's players")
            ints, worth = ints[chairs_ok], worth[chairs_ok]
        index = len(metas)
        metas.append(meta)
        parts.append((ints, worth))
        owners.append(np.full(len(ints), index, dtype=np.int64))
        levels.append(_levels(meta, ints))
    ints, worth = stack_rows(parts)
    return Lifetime(
        sessions=metas,
        ints=ints,
        worth=worth,
        session_of=np.concatenate(owners) if owners else np.zeros(0, dtype=np.int64),
        opponents=np.concatenate(levels) if levels else np.zeros(0, dtype=np.int64),
        problems=problems,
        cache_note=note,
    )


def _levels(meta: SessionMeta, ints: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row's opponent level, worked out once per distinct (chairs dealt in, chair)."""
    out = np.zeros(len(ints), dtype=np.int64)
    if not len(ints):
        return out
    pairs = ints[:, [COLUMNS["dealt"], COLUMNS["chair"]]]
    unique, inverse = np.unique(pairs, axis=0, return_inverse=True)
    codes = [
        OPPONENT_LEVELS.index(opponent_level(meta.levels, int(dealt), int(chair)))
        for dealt, chair in unique
    ]
    out[:] = np.array(codes, dtype=np.int64)[inverse.reshape(-1)]
    return out
