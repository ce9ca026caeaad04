"""Hand histories in PHH, the open TOML format of pokerkit and the PHH dataset.

Writing turns a finished hand's events into a PHH hand; reading parses a ``.phh`` file (one
hand) or a ``.phhs`` file (several hands under ``[1]``, ``[2]`` ... tables); replaying runs
a parsed hand strictly through this project's engine (not pokerkit) and records, before
every player action, the bounds the engine offered.

Five-Card Draw has no PHH variant code, so this project uses ``F5CD`` (fixed-limit
five-card draw, one draw) with PHH's draw notation (``p2 sd 7h2c`` discards two,
``p2 sd`` stands pat, followed by ``d dh p2 ...`` for the replacement cards) and the
fixed-limit fields ``small_bet`` and ``big_bet``; the bet cap is ``_max_raises``.

Bots' reasons are the user field ``_reasons``: one inline table per explained decision,
``{action = 7, key = "est_call", params = {count = 2, equity = 0.34, need = 0.25}}``, where
``action`` is the index (from 0) of that decision's line in ``actions``. It is read strictly
but never costs the hand: a malformed ``_reasons`` is dropped whole and the reason why kept
in :attr:`PhhHand.reasons_problem`. pokerkit keeps it as a user-defined field.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holdem_tui.engine.cards import Card
from holdem_tui.engine.decision import Reason, reason_from_data
from holdem_tui.engine.draw import DEFAULT_CAP
from holdem_tui.engine.hand import HandConfig
from holdem_tui.engine.variants import RULES, BettingStructure, Variant
from holdem_tui.names import clean_name
from holdem_tui.wire.nesting import nests_deeper

HOLDEM_CODE = "NT"
DRAW_CODE = "F5CD"
#: the PHH ``variant`` code of each game (F5CD is this project's own, see the module text)
PHH_CODES = {Variant.HOLDEM: HOLDEM_CODE, Variant.DRAW: DRAW_CODE}
assert set(PHH_CODES) == set(RULES)
UNKNOWN = "??"


class PhhError(ValueError):
    """A hand history that cannot be read or replayed; says which action and why."""

    def __init__(self, message: str, *, action_index: int | None = None, action: str = "") -> None:
        super().__init__(message)
        self.action_index = action_index
        self.action = action


@dataclass(frozen=True, slots=True)
class PhhHand:
    """One parsed hand history: the PHH fields this engine needs, plus the rest verbatim."""

    variant: str
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_raises: int | None = None
    ante_trimming: bool = False
    players: tuple[str, ...] = ()
    finishing_stacks: tuple[int, ...] | None = None
    hand: int | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    #: bots' reasons as ``(decision index, reason)``: the index counts the player actions
    #: (``f``, ``cc``, ``cbr``, ``sd``) in ``actions``, as ``Hand.actions_taken()`` does
    reasons: tuple[tuple[int, Reason], ...] = ()
    #: why a ``_reasons`` field was dropped (``None``: there was none, or it was read)
    reasons_problem: str | None = None

    @property
    def game(self) -> Variant:
        """The game this history's ``variant`` code stands for."""
        return next(game for game, code in PHH_CODES.items() if code == self.variant)

    def config(self) -> HandConfig:
        """The engine configuration this history describes."""
        fixed = RULES[self.game].structure is BettingStructure.FIXED_LIMIT
        return HandConfig(
            starting_stacks=self.starting_stacks,
            antes=self.antes,
            blinds=self.blinds,
            min_bet=self.small_bet if fixed else self.min_bet,
            structure=BettingStructure.FIXED_LIMIT if fixed else BettingStructure.NO_LIMIT,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            max_raises=(self.max_raises or DEFAULT_CAP) if fixed else None,
            ante_trimming=self.ante_trimming,
            names=self.players,
            hand_number=self.hand or 1,
        )


# --------------------------------------------------------------------------- reading

#: largest PHH file read (a ``.phhs`` of tens of thousands of hands fits)
MAX_FILE_BYTES = 32 * 1024 * 1024
#: deepest ``[`` / ``{`` nesting accepted before parsing (PHH needs two levels)
MAX_NESTING = 8
#: longest key or table header (TOML's reader is quadratic in dotted keys)
MAX_KEY_CHARS = 128
#: largest chip count in a history (far beyond any real table, far below overflow)
MAX_CHIPS = 10**12
#: most actions in one hand, and the longest action line
MAX_ACTIONS = 2000
MAX_ACTION_CHARS = 200
#: longest player name kept from a history
MAX_PLAYER_CHARS = 64
#: most hands read from one file: a 31 MiB file of 225,000 hands took over a minute and a
#: gigabyte to read, several to review; 5,000 read in seconds (a long evening's session is
#: well under a thousand)
MAX_HANDS_PER_FILE = 5000
#: longest run of digits in a number: Python refuses to read over 4,300 (a chip count has
#: at most 13 digits)
MAX_NUMBER_DIGITS = 80


def read_file(path: Path) -> str:
    """The text of a history file, refusing what is not a bounded regular UTF-8 file.

    Read by :func:`read_regular`; raises :class:`PhhError` naming the reason (the caller
    adds the file name).
    """
    data = read_regular(path, MAX_FILE_BYTES)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PhhError(f"is not UTF-8 text (byte {exc.start})") from None


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (any file the game reads).

    Opened without blocking and checked with ``fstat`` on the open descriptor, so a FIFO,
    a device or a directory is refused instead of waiting forever or reading without end.
    Raises :class:`PhhError` naming the reason; the caller adds the file name.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise PhhError("no such file") from None
    except IsADirectoryError:
        raise PhhError("is a folder, not a file") from None
    except OSError as exc:
        raise PhhError(f"cannot open: {exc.strerror or exc}") from None
    # a folder opens read-only on Linux (only reading it fails): check before wrapping it
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        kind = "is a folder, not a file" if stat.S_ISDIR(info.st_mode) else "is not a regular file"
        raise PhhError(kind)
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise PhhError(f"is {info.st_size} bytes, more than {limit}")
        # read what fstat saw (asking for ``limit`` would allocate it all, a gigabyte for
        # a cache); only a file that grew since is read on, still to the limit
        data = handle.read(info.st_size + 1)
        if len(data) > info.st_size:
            data += handle.read(limit + 1 - len(data))
    if len(data) > limit:
        raise PhhError(f"is more than {limit} bytes")
    return data


def too_many_hands(text: str) -> str | None:
    """Why ``text`` holds more hands than one file may (``None``: it does not): counted by
    their headers, before anything is parsed, by the strict reader and the forgiving one."""
    sections = len(_TOP_TABLE.findall(text))
    if sections <= MAX_HANDS_PER_FILE:
        return None
    return f"holds {sections:,} hands, more than the {MAX_HANDS_PER_FILE:,} read from one file"


def check_bounds(text: str) -> None:
    """Refuse, before the TOML reader runs, what would make it recurse or slow to a crawl.

    A linear scan outside strings and comments: nesting of ``[`` and ``{`` at most
    :data:`MAX_NESTING`, keys and table headers at most :data:`MAX_KEY_CHARS` long.
    """
    if len(text) > MAX_FILE_BYTES:
        raise PhhError(f"more than {MAX_FILE_BYTES} characters")
    too_many = too_many_hands(text)
    if too_many is not None:
        raise PhhError(too_many)
    long_number = _LONG_NUMBER.search(text)
    if long_number is not None:
        where = text.count("\n", 0, long_number.start()) + 1
        raise PhhError(f"line {where}: a number longer than {MAX_NUMBER_DIGITS} digits")
    for number, line in enumerate(text.splitlines(), start=1):
        head = line.lstrip()
        if head.startswith("["):
            key = head.split("]", 1)[0]
        elif "=" in head and not head.startswith(('"', "'", "#")):
            key = head.split("=", 1)[0]
        elif "=" in head and head[0] in "\"'" and head.count(".") > 1:
            key = head.split("=", 1)[0]  # a quoted dotted key
        else:
            continue
        if len(key) > MAX_KEY_CHARS:
            raise PhhError(f"line {number}: a key longer than {MAX_KEY_CHARS} characters")
    if nests_deeper(text, MAX_NESTING, quotes="\"'", comment="#", clamp=True):
        raise PhhError(f"nested deeper than {MAX_NESTING} levels")


#: a top-level table header at the start of a line (each hand of a ``.phhs`` file has one)
_TOP_TABLE = re.compile(r"^\[[^\[.\]]+\][ \t]*$", re.MULTILINE)
#: a run of digits (with ``_`` separators) longer than any number a history needs
_LONG_NUMBER = re.compile(rf"[0-9_]{{{MAX_NUMBER_DIGITS + 1},}}")


def load_file(path: Path) -> list[PhhHand]:
    """Every hand of a history file, validated; :class:`PhhError` says what is wrong."""
    return loads(read_file(path))


def loads(text: str) -> list[PhhHand]:
    """Parse PHH text: a single hand, or several hands as top-level tables (``.phhs``).

    This is the one validation layer for histories: whatever the text, the result is a
    list of hands whose every field has the right type and range, or a :class:`PhhError`
    naming the hand, the field and the reason.
    """
    check_bounds(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PhhError(f"not valid TOML: {exc}") from exc
    except ValueError as exc:  # e.g. a number Python will not read
        raise PhhError(f"cannot be read: {str(exc)[:120]}") from None
    except RecursionError:
        raise PhhError(f"nested deeper than {MAX_NESTING} levels") from None
    if "variant" in data:
        return [_parse_hand(data)]
    sections = {key: value for key, value in data.items() if isinstance(value, dict)}
    if not any("variant" in value for value in sections.values()):
        raise PhhError("no hand found (no 'variant' field)")
    hands = []
    for key, value in sections.items():
        try:
            hands.append(_parse_hand(value))
        except PhhError as exc:
            raise PhhError(f"hand [{key}]: {exc}") from exc
    return hands


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _chips(data: dict[str, Any], key: str, low: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None:
        raise PhhError(f"missing field '{key}'")
    if not _is_int(value):
        raise PhhError(f"field '{key}' must be a whole number of chips, not {_describe(value)}")
    if not low <= value <= MAX_CHIPS:
        raise PhhError(f"field '{key}' is {value}, outside {low}..{MAX_CHIPS}")
    return int(value)


def _ints(
    data: dict[str, Any], key: str, default: Sequence[int] | None = None, *, low: int = 0
) -> tuple[int, ...]:
    value = data.get(key, default)
    if value is None:
        raise PhhError(f"missing field '{key}'")
    if not isinstance(value, list | tuple) or not all(_is_int(v) for v in value):
        raise PhhError(f"field '{key}' must be a list of whole numbers (chips)")
    for v in value:
        if not low <= v <= MAX_CHIPS:
            raise PhhError(f"field '{key}' holds {v}, outside {low}..{MAX_CHIPS}")
    return tuple(value)


def _parse_hand(data: dict[str, Any]) -> PhhHand:
    variant = data.get("variant")
    game = next((g for g, code in PHH_CODES.items() if code == variant), None)
    if game is None:
        raise PhhError(
            f"unsupported variant {_describe(variant)} "
            f"(this engine plays {' and '.join(PHH_CODES.values())})"
        )
    rules = RULES[game]
    fixed = rules.structure is BettingStructure.FIXED_LIMIT
    stacks = _ints(data, "starting_stacks", low=1)
    n = len(stacks)
    if n not in rules.seat_counts:
        raise PhhError(
            f"field 'starting_stacks' has {n} players, "
            f"{variant} takes {rules.min_seats} to {rules.max_seats}"
        )
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise PhhError("field 'actions' must be a list of strings")
    if len(actions) > MAX_ACTIONS:
        raise PhhError(f"field 'actions' has {len(actions)} actions, at most {MAX_ACTIONS}")
    for index, action in enumerate(actions, start=1):
        if len(action) > MAX_ACTION_CHARS:
            raise PhhError(f"action {index} is longer than {MAX_ACTION_CHARS} characters")
    antes = _ints(data, "antes", [0] * n)
    blinds = _ints(data, "blinds_or_straddles", [0] * n)
    if len(antes) != n or len(blinds) != n:
        raise PhhError("antes and blinds_or_straddles must have one entry per player")
    finishing = data.get("finishing_stacks")
    if finishing is not None:
        finishing = _ints(data, "finishing_stacks")
        if len(finishing) != n:
            raise PhhError("field 'finishing_stacks' must have one entry per player")
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise PhhError("field 'players' must be a list of names")
    if players and len(players) != n:
        raise PhhError("field 'players' must have one name per player")
    max_raises = data.get("_max_raises")
    if max_raises is not None and (not _is_int(max_raises) or not 1 <= max_raises <= 100):
        raise PhhError(
            f"field '_max_raises' must be a whole number 1..100, not {_describe(max_raises)}"
        )
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PhhError(
            f"field 'ante_trimming_status' must be true or false, not {_describe(trimming)}"
        )
    number = data.get("hand")
    if number is not None and (not _is_int(number) or not 1 <= number <= MAX_CHIPS):
        raise PhhError(f"field 'hand' must be a hand number, not {_describe(number)}")
    reasons: tuple[tuple[int, Reason], ...] = ()
    reasons_problem = None
    if "_reasons" in data:
        try:
            reasons = _read_reasons(data["_reasons"], actions)
        except ValueError as exc:
            reasons_problem = f"field '_reasons' is ignored: {exc}"
    if fixed:
        small = _chips(data, "small_bet", 1)
        big = _chips(data, "big_bet", small)
        min_bet = 0
    else:
        small = _chips(data, "small_bet", 0, 0)
        big = _chips(data, "big_bet", 0, 0)
        min_bet = _chips(data, "min_bet", 1, max(blinds) if any(blinds) else None)
    return PhhHand(
        variant=PHH_CODES[game],
        starting_stacks=stacks,
        actions=tuple(actions),
        antes=antes,
        blinds=blinds,
        min_bet=min_bet,
        small_bet=small,
        big_bet=big,
        max_raises=max_raises,
        ante_trimming=trimming,
        players=tuple(clean_name(p, MAX_PLAYER_CHARS) for p in players),
        finishing_stacks=finishing,
        hand=number,
        fields=dict(data),
        reasons=reasons,
        reasons_problem=reasons_problem,
    )


def decision_lines(actions: Sequence[str]) -> list[int]:
    """The index in ``actions`` of each player decision (``f``, ``cc``, ``cbr``, ``sd``),
    in order: decision ``k`` of the hand is ``actions[decision_lines(actions)[k]]``."""
    found = []
    for index, action in enumerate(actions):
        words = action_words(action)
        if len(words) >= 2 and words[0] != "d" and words[1] in ("f", "cc", "cbr", "sd"):
            found.append(index)
    return found


def _read_reasons(value: Any, actions: Sequence[str]) -> tuple[tuple[int, Reason], ...]:
    """``_reasons`` as (decision index, reason), or ``ValueError`` naming the first fault."""
    if not isinstance(value, list):
        raise ValueError("it must be a list of tables")
    if len(value) > MAX_ACTIONS:
        raise ValueError(f"it has {len(value)} entries, at most {MAX_ACTIONS}")
    decision_of = {line: k for k, line in enumerate(decision_lines(actions))}
    out: dict[int, Reason] = {}
    for number, entry in enumerate(value, start=1):
        if not isinstance(entry, dict) or set(entry) - {"action", "key", "params"}:
            raise ValueError(f"entry {number} is not a table of action, key and params")
        line = entry.get("action")
        if not _is_int(line) or line not in decision_of:
            raise ValueError(f"entry {number} does not point at a player's action line")
        decision = decision_of[line]
        if decision in out:
            raise ValueError(f"entry {number} explains action {line} a second time")
        body = {k: v for k, v in entry.items() if k != "action"}
        try:
            out[decision] = reason_from_data(body)
        except ValueError as exc:
            raise ValueError(f"entry {number}: {exc}") from None
    return tuple(sorted(out.items()))


def action_words(action: str) -> list[str]:
    """An action line's words, its ``# comment`` left out."""
    return action.split("#", 1)[0].split()


def cards_field(cards: Iterable[int]) -> str:
    """Cards as PHH writes them, one after another (``AhKd``)."""
    return "".join(str(Card(c)) for c in cards)
