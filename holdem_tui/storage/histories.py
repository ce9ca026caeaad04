"""Every hand of every session, kept as PHH so any poker tool (and pokerkit) can read it.

Each session has two files in ``<data>/histories/``: ``<id>.phhs`` with one ``[N]`` table
per finished hand (PHH for Hold'em, this project's ``F5CD`` draw extension for draw), and
``<id>.json``, a small summary (date, game, players, hands, stacks) that ``holdem-tui history``
lists without reading every hand. The history has every card dealt; what the game's log
shows a player is a different thing, built from the engine's redacted views.

Hands are appended and synced, never rewritten, so a session of thousands of hands costs
one short write per hand. A kill in the middle of an append can leave a torn last section:
:func:`read_history` reads each section on its own, so the earlier hands stay readable, and
:meth:`SessionHistory.reopen` moves anything written after the last autosave out of the
way (into a ``.unsaved-<time>.phhs`` file, never deleted) before the hand is played again.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from holdem_tui.engine.decision import Reason
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table
from holdem_tui.history.phh import PhhError, PhhHand, loads, too_many_hands
from holdem_tui.history.phh_write import dumps_section
from holdem_tui.storage.atomic import TEMP_PREFIX, append_durably, atomic_write_text, is_transient
from holdem_tui.storage.paths import histories_dir

logger = logging.getLogger(__name__)

HISTORY_SUFFIX: Final = ".phhs"
META_SUFFIX: Final = ".json"
META_VERSION: Final = 1
_SECTION = re.compile(r"^\[([^\[\]]+)\][ \t]*$", re.MULTILINE)


def new_session_id(now: datetime | None = None) -> str:
    """A file-name-safe id that sorts by start time and never collides in practice."""
    moment = now or datetime.now()
    return f"{moment:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True, slots=True)
class HistoryRead:
    """The readable hands of a ``.phhs`` file, and the sections that could not be read."""

    hands: list[tuple[str, PhhHand]]
    broken: list[tuple[str, str]]


def split_sections(text: str) -> list[tuple[str, str]]:
    """Cut a multi-hand file into ``(key, body)`` pairs at each ``[key]`` header line.

    A single-hand ``.phh`` (no header before its fields) comes back as one pair with the
    key ``""``, so callers treat both kinds of file alike.
    """
    matches = list(_SECTION.finditer(text))
    if not matches or text[: matches[0].start()].strip():
        return [("", text)]
    sections = []
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        sections.append((match.group(1).strip().strip('"'), text[match.end() : end]))
    return sections


def read_history(text: str) -> HistoryRead:
    """Parse each hand on its own, so one torn or damaged section costs only that hand.

    The strict :func:`holdem_tui.history.phh.loads` rejects a whole file for one bad byte,
    which is right for a file someone hands you, wrong for our own history after a crash.
    """
    hands: list[tuple[str, PhhHand]] = []
    broken: list[tuple[str, str]] = []
    too_many = too_many_hands(text)
    if too_many is not None:  # one line, not a minute of parsing hand by hand
        return HistoryRead(hands, [("", too_many)])
    for key, body in split_sections(text):
        try:
            parsed = loads(body)
        except PhhError as exc:
            broken.append((key, str(exc)))
            continue
        if len(parsed) != 1:
            broken.append((key, "a section must hold exactly one hand"))
            continue
        hands.append((key, parsed[0]))
    return HistoryRead(hands, broken)


# --------------------------------------------------------------------------- summaries


@dataclass(slots=True)
class SessionInfo:
    """One session's summary: what ``holdem-tui history`` shows, without reading the hands.

    ``stacks`` are per seat (chair) after the last recorded hand or rebuy, and ``rebuys``
    how many times each seat bought back in, so the net result is ``stacks[seat] -
    starting_stack * (1 + rebuys[seat])`` (the end screen's); ``humans`` says whose result
    the player cares about.
    ``levels`` says who sat in each chair (``human``, a bot level, or a plugin's
    ``module:Class``), so lifetime statistics can tell results against each level apart.
    """

    session_id: str
    started: str
    game: str
    players: list[str]
    starting_stack: int
    stacks: list[int]
    humans: list[int] = field(default_factory=list)
    #: buy-backs per seat (empty: none, as in summaries written before rebuys were kept)
    rebuys: list[int] = field(default_factory=list)
    #: per seat: ``human``, ``easy``, ``normal``, ``hard`` or a plugin spec (empty: not
    #: recorded, as in summaries written before levels were kept)
    levels: list[str] = field(default_factory=list)
    hands: int = 0
    updated: str = ""
    finished: bool = False
    folder: Path = field(default_factory=Path)
    #: a tournament's name (``None``: a cash game), each seat's place and prize once it has
    #: one (``None`` while it still plays), and the minutes of play so far
    tournament: str | None = None
    places: list[int | None] = field(default_factory=list)
    prizes: list[int] = field(default_factory=list)
    #: what each player paid to enter the tournament (0: not recorded, or a cash game)
    buy_in: int = 0
    seconds: float = 0.0

    @property
    def history_path(self) -> Path:
        """The session's ``.phhs`` file."""
        return self.folder / f"{self.session_id}{HISTORY_SUFFIX}"

    @property
    def meta_path(self) -> Path:
        """The session's summary file."""
        return self.folder / f"{self.session_id}{META_SUFFIX}"

    def rebuys_of(self, seat: int) -> int:
        """How many times ``seat`` bought back in."""
        return self.rebuys[seat] if seat < len(self.rebuys) else 0

    def net(self, seat: int) -> int:
        """Chips a seat won (positive) or lost so far, every rebuy counted as chips paid."""
        return self.stacks[seat] - self.starting_stack * (1 + self.rebuys_of(seat))

    def leader(self) -> int:
        """The seat that won the most (the first of equals)."""
        return max(range(len(self.stacks)), key=lambda seat: (self.net(seat), -seat))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data for the summary file."""
        return {
            "version": META_VERSION,
            "session_id": self.session_id,
            "started": self.started,
            "updated": self.updated,
            "game": self.game,
            "players": list(self.players),
            "humans": list(self.humans),
            "rebuys": list(self.rebuys),
            "levels": list(self.levels),
            "starting_stack": self.starting_stack,
            "stacks": list(self.stacks),
            "hands": self.hands,
            "finished": self.finished,
            "tournament": self.tournament,
            "places": list(self.places),
            "prizes": list(self.prizes),
            "buy_in": self.buy_in,
            "seconds": round(self.seconds, 1),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], folder: Path) -> SessionInfo:
        """Rebuild from :meth:`to_dict`; raises ``ValueError`` for anything else."""
        try:
            players = [str(p) for p in data["players"]]
            stacks = [int(s) for s in data["stacks"]]
            info = cls(
                session_id=str(data["session_id"]),
                started=str(data["started"]),
                game=str(data["game"]),
                players=players,
                starting_stack=int(data["starting_stack"]),
                stacks=stacks,
                humans=[int(h) for h in data.get("humans", [])],
                rebuys=[max(0, int(n)) for n in data.get("rebuys", [])],
                levels=[str(level)[:200] for level in data.get("levels", [])],
                hands=int(data.get("hands", 0)),
                updated=str(data.get("updated", "")),
                finished=bool(data.get("finished", False)),
                folder=folder,
                tournament=_optional_name(data.get("tournament")),
                places=[None if p is None else int(p) for p in data.get("places", [])],
                prizes=[int(p) for p in data.get("prizes", [])],
                buy_in=int(data.get("buy_in", 0)),
                seconds=float(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a session summary: {exc}") from exc
        if len(stacks) != len(players):
            raise ValueError("not a session summary: stacks and players differ in number")
        if info.rebuys and len(info.rebuys) != len(players):
            raise ValueError("not a session summary: rebuys and players differ in number")
        if info.levels and len(info.levels) != len(players):
            raise ValueError("not a session summary: levels and players differ in number")
        if info.places and (len(info.places) != len(players) or len(info.prizes) != len(players)):
            raise ValueError("not a session summary: places and players differ in number")
        if not 0 <= info.buy_in <= 10**12:
            raise ValueError("not a session summary: a buy-in out of range")
        if not 0 <= info.seconds < 10**9:
            raise ValueError("not a session summary: a duration out of range")
        return info


def _optional_name(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 64:
        raise ValueError("a tournament's name is a short text")
    return value


def list_sessions(folder: Path | None = None) -> list[SessionInfo]:
    """Every session with a readable summary, newest first.

    A summary that cannot be read is skipped with a warning (the hands are still in the
    ``.phhs`` beside it, which ``holdem-tui replay`` opens directly).
    """
    folder = folder or histories_dir()
    if not folder.is_dir():
        return []
    sessions = []
    for path in folder.glob(f"*{META_SUFFIX}"):
        if path.name.startswith(TEMP_PREFIX):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            sessions.append(SessionInfo.from_dict(data, folder))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            logger.warning("session summary %s cannot be read: %s", path, exc)
    sessions.sort(key=lambda s: (s.started, s.session_id), reverse=True)
    return sessions


# --------------------------------------------------------------------------- writing


class SessionHistory:
    """Appends a session's finished hands to its ``.phhs`` file and keeps its summary current."""

    def __init__(self, info: SessionInfo) -> None:
        """Wrap an existing summary; use :meth:`create` or :meth:`reopen` to get one."""
        self.info = info
        self._keys: set[str] = set()
        self._size = 0
        path = info.history_path
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            self._keys = {key for key, _ in split_sections(text) if key}
            self._size = path.stat().st_size

    @property
    def path(self) -> Path:
        """The ``.phhs`` file."""
        return self.info.history_path

    @property
    def size(self) -> int:
        """Bytes written so far: what the autosave records as belonging to its state."""
        return self._size

    @classmethod
    def create(
        cls,
        *,
        game: str,
        players: Sequence[str],
        starting_stack: int,
        humans: Iterable[int] = (),
        levels: Iterable[str] = (),
        session_id: str | None = None,
        folder: Path | None = None,
    ) -> SessionHistory:
        """Start a new session's history and write its summary at once.

        The summary exists before the first hand ends, so a session abandoned in its
        first hand still shows up in ``holdem-tui history`` (with 0 hands). ``levels``
        (per seat, see :class:`SessionInfo`) may be left out.
        """
        now = datetime.now().astimezone()
        info = SessionInfo(
            session_id=session_id or new_session_id(now.replace(tzinfo=None)),
            started=now.isoformat(timespec="seconds"),
            updated=now.isoformat(timespec="seconds"),
            game=game,
            players=list(players),
            starting_stack=starting_stack,
            stacks=[starting_stack] * len(players),
            humans=list(humans),
            levels=list(levels),
            folder=folder or histories_dir(),
        )
        history = cls(info)
        history.write_summary()
        return history

    @classmethod
    def reopen(
        cls,
        path: Path,
        *,
        expected_size: int | None = None,
        stacks: Sequence[int] | None = None,
        rebuys: Sequence[int] | None = None,
    ) -> SessionHistory:
        """Continue a session's history after a resume.

        Bytes past ``expected_size`` (a hand recorded after the last autosave, which is
        about to be played again, or a torn section) are moved to a ``.unsaved-<time>.phhs``
        file beside it, never deleted. ``stacks`` and ``rebuys`` (per seat, from the resumed
        table and score) put the summary back in step with the game. A missing summary is
        rebuilt from the file.
        """
        path = Path(path)
        folder = path.parent
        _check_continuable(path)
        session_id = path.name.removesuffix(HISTORY_SUFFIX)
        meta = folder / f"{session_id}{META_SUFFIX}"
        try:
            data = json.loads(meta.read_text(encoding="utf-8"))
            info = SessionInfo.from_dict(data, folder)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            logger.warning("session summary %s cannot be read (%s); rebuilding", meta, exc)
            info = _summary_from_file(path, session_id)
        if expected_size is not None and path.is_file():
            _trim(path, expected_size)
        history = cls(info)
        if path.is_file():
            read = read_history(path.read_text(encoding="utf-8", errors="replace"))
            if read.broken:
                key, reason = read.broken[0]
                raise ValueError(f"{path} is not a valid history ([{key}] {reason})")
            info.hands = len(read.hands)
        if stacks is not None and len(stacks) == len(info.players):
            info.stacks = list(stacks)
        if rebuys is not None and len(rebuys) == len(info.players):
            info.rebuys = [max(0, int(n)) for n in rebuys]
        info.finished = False
        history.write_summary()
        return history

    def append(
        self,
        hand: Hand,
        *,
        extra: dict[str, Any] | None = None,
        reasons: Mapping[int, Reason] | None = None,
    ) -> int:
        """Add a finished hand (all cards) and update the summary; returns the file size.

        ``reasons`` (bot reasons by decision index) are written as the hand's ``_reasons``.

        The hand's number is its section key; should that number already be in the file
        (a hand dealt again without :meth:`reopen`), a suffix keeps the TOML valid.
        """
        key = str(hand.config.hand_number)
        if key in self._keys:
            suffix = 2
            while f"{key}_{suffix}" in self._keys:
                suffix += 1
            key = f"{key}_{suffix}"
        fields = {"_session_id": self.info.session_id, **(extra or {})}
        text = dumps_section(hand, key, extra=fields, reasons=reasons)
        if self._size and not self._ends_with_newline():
            text = "\n" + text
        self._size = append_durably(self.path, text)
        self._keys.add(key)
        seats = hand.config.seats or tuple(range(hand.n))
        for position, seat in enumerate(seats):
            if seat < len(self.info.stacks):
                self.info.stacks[seat] = hand.stacks[position]
        self.info.hands += 1
        try:
            self.write_summary()
        except OSError as exc:  # the hand is in the file: the summary follows with the next
            if not is_transient(exc):
                raise
            logger.warning("the session summary waits for the next hand: %s", exc)
        return self._size

    def rebought(self, stacks: Sequence[int], rebuys: Sequence[int]) -> None:
        """A seat bought back in (between hands): the summary counts it at once, so a
        session left right after a rebuy is listed with the chips it paid."""
        if len(stacks) == len(rebuys) == len(self.info.players):
            self.info.stacks = list(stacks)
            self.info.rebuys = list(rebuys)
            self.write_summary()

    def note_table(self, table: Table) -> None:
        """Keep the table's clock and, in a tournament, each seat's place and prize (written
        with the next summary)."""
        self.info.seconds = table.elapsed
        tournament = table.config.tournament
        if tournament is None:
            return
        self.info.tournament = tournament.name
        self.info.buy_in = tournament.payouts.buy_in
        count = len(table.seats)
        finishes = table.finishes
        self.info.places = [finishes[s].place if s in finishes else None for s in range(count)]
        self.info.prizes = [finishes[s].prize if s in finishes else 0 for s in range(count)]

    def finish(self) -> None:
        """Mark the session as played to its end (the listing shows it as finished)."""
        self.info.finished = True
        self.write_summary()

    def write_summary(self) -> None:
        """Rewrite the summary atomically with the current time."""
        self.info.updated = datetime.now().astimezone().isoformat(timespec="seconds")
        text = json.dumps(self.info.to_dict(), indent=2, ensure_ascii=False) + "\n"
        atomic_write_text(self.info.meta_path, text)

    def _ends_with_newline(self) -> bool:
        with self.path.open("rb") as handle:
            handle.seek(-1, os.SEEK_END)
            return handle.read(1) == b"\n"


def _check_continuable(path: Path) -> None:
    """Refuse to continue a history that is not ours to append to.

    A save's ``history_path`` could be edited to point anywhere: only a ``.phhs`` file in
    the histories folder is continued, and only a regular file (or none yet).
    """
    from holdem_tui.storage.paths import histories_dir

    if path.suffix != HISTORY_SUFFIX or path.parent.resolve() != histories_dir().resolve():
        raise ValueError(f"{path} is not a history in {histories_dir()}")
    if path.exists() and (path.is_symlink() or not path.is_file()):
        raise ValueError(f"{path} is not a regular file")


def _trim(path: Path, size: int) -> None:
    """Move the bytes of ``path`` past ``size`` into a file beside it, then cut them off."""
    actual = path.stat().st_size
    if actual <= size:
        return
    with path.open("rb") as handle:
        handle.seek(size)
        tail = handle.read()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.unsaved-{stamp}{path.suffix}")
    counter = 1
    while aside.exists():
        counter += 1
        aside = path.with_name(f"{path.stem}.unsaved-{stamp}-{counter}{path.suffix}")
    atomic_write_text(aside, tail.decode("utf-8", errors="replace"))
    with path.open("r+b") as handle:
        handle.truncate(size)
        handle.flush()
        os.fsync(handle.fileno())
    logger.warning("moved %d unsaved bytes of %s to %s", actual - size, path, aside)


def _summary_from_file(path: Path, session_id: str) -> SessionInfo:
    """Best-effort summary for a history whose summary file was lost."""
    read = read_history(path.read_text(encoding="utf-8", errors="replace"))
    if not read.hands:
        raise ValueError(f"{path} has no readable hand to rebuild a summary from")
    first = read.hands[0][1]
    seats = first.fields.get("seats") or list(range(1, len(first.players) + 1))
    count = max(seats)
    players = [f"Seat {i + 1}" for i in range(count)]
    for name, seat in zip(first.players, seats, strict=False):
        players[seat - 1] = name
    start = max(first.starting_stacks)
    stat = path.stat()
    started = datetime.fromtimestamp(stat.st_mtime).astimezone().isoformat(timespec="seconds")
    return SessionInfo(
        session_id=session_id,
        started=started,
        game=first.game,
        players=players,
        starting_stack=start,
        stacks=[start] * count,
        hands=len(read.hands),
        folder=path.parent,
    )
