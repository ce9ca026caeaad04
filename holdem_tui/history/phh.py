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

import json
import os
import random
import re
import stat
import tomllib
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holdem_tui.engine.actions import ActionKind, IllegalAction
from holdem_tui.engine.cards import FULL_DECK, Card, parse_cards
from holdem_tui.engine.decision import Reason, reason_from_data, reason_problem, reason_to_data
from holdem_tui.engine.draw import DEFAULT_CAP
from holdem_tui.engine.events import (
    BoardDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    HoleCardsDealt,
    PlayerActed,
)
from holdem_tui.engine.hand import Dealer, Hand, HandConfig, Phase
from holdem_tui.engine.table import new_hand
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
        words = _strip(action)
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


# --------------------------------------------------------------------------- replaying


@dataclass(frozen=True, slots=True)
class Decision:
    """The bounds the engine offered before one player action (``None`` where no raise)."""

    actor: str
    action: str
    street: str
    stack: int
    to_call: int
    can_raise: bool
    min_raise_to: int | None
    full_min_raise_to: int
    max_raise_to: int | None

    def to_json(self) -> dict[str, Any]:
        """The fields ``holdem-tui replay --json`` prints per decision."""
        return {
            "actor": self.actor,
            "to_call": self.to_call,
            "can_raise": self.can_raise,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
        }


@dataclass
class Replay:
    """A replayed hand: the engine's hand object, the decisions, and the positions of each
    action in the event list (so a viewer can step through it)."""

    phh: PhhHand
    hand: Hand
    decisions: list[Decision]
    #: for each PHH action, how many engine events existed after it was applied
    marks: list[int]

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Stacks after the hand."""
        return tuple(self.hand.stacks)


class ReplayDealer(Dealer):
    """Deals exactly the cards a history names; unknown cards (``????``) come from the rest
    of the deck, seeded, so a replay is repeatable."""

    def __init__(
        self,
        holes: dict[int, deque[tuple[Card, ...] | None]],
        boards: deque[tuple[Card, ...]],
        known: AbstractSet[int],
        seed: int = 0,
    ) -> None:
        self._holes = holes
        self._boards = boards
        rest = [c for c in FULL_DECK if c not in known]
        random.Random(seed).shuffle(rest)
        self._rest = rest
        self._dealt: set[int] = set()

    def _fill(self, count: int) -> tuple[Card, ...]:
        if count > len(self._rest):
            raise PhhError("the history deals more cards than the deck holds")
        cards = tuple(self._rest[-count:])
        del self._rest[-count:]
        return self._deal(cards)

    def _deal(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Record ``cards`` as dealt; one physical deck never deals a card twice."""
        for c in cards:
            if c in self._dealt:
                raise PhhError(f"the card {c} is dealt twice")
            self._dealt.add(c)
        return cards

    def hole(self, player: int, count: int) -> tuple[Card, ...]:
        """The next ``d dh`` cards of this player (random where unknown)."""
        queue = self._holes.get(player)
        cards = queue.popleft() if queue else None
        if cards is None:
            return self._fill(count)
        if len(cards) != count:
            raise PhhError(f"p{player + 1} is dealt {len(cards)} cards, the game deals {count}")
        return self._deal(cards)

    def replacement(self, player: int, count: int) -> tuple[Card, ...]:
        """Replacement cards after a discard come from the next ``d dh`` line too."""
        return self.hole(player, count)

    def board(self, count: int) -> tuple[Card, ...]:
        """The next ``d db`` cards (random if the history stops dealing)."""
        if not self._boards:
            return self._fill(count)
        cards = self._boards.popleft()
        if len(cards) != count:
            raise PhhError(f"the board deals {len(cards)} cards here, the game deals {count}")
        return self._deal(cards)

    @property
    def remaining(self) -> int:
        """Cards left for unknown hands."""
        return len(self._rest)


def _player(word: str, n: int) -> int:
    if not (word.startswith("p") and word[1:].isdigit()):
        raise PhhError(f"not a player: {word!r}")
    index = int(word[1:]) - 1
    if not 0 <= index < n:
        raise PhhError(f"no player {word} in a {n}-player hand")
    return index


def _cards(text: str) -> tuple[Card, ...] | None:
    if UNKNOWN in text:
        return None
    return parse_cards(text)


def _strip(action: str) -> list[str]:
    return action.split("#", 1)[0].split()


def known_positions(phh: PhhHand) -> frozenset[int]:
    """Seats whose every dealt card the file names, or who showed their hand."""
    unknown: set[int] = set()
    dealt: set[int] = set()
    shown: set[int] = set()
    for action in phh.actions:
        words = action.split("#", 1)[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4 and words[2][1:].isdigit():
            player = int(words[2][1:]) - 1
            dealt.add(player)
            if UNKNOWN in words[3]:
                unknown.add(player)
        elif (
            len(words) == 3
            and words[1] == "sm"
            and words[0][1:].isdigit()
            and UNKNOWN not in words[2]
            and words[2] != "-"
        ):
            shown.add(int(words[0][1:]) - 1)
    return frozenset((dealt - unknown) | shown)


def replay(phh: PhhHand, *, seed: int = 0) -> Replay:
    """Play ``phh`` through the engine, strictly; raises :class:`PhhError` on the first
    illegal or unreadable action, naming it."""
    n = len(phh.starting_stacks)
    holes: dict[int, deque[tuple[Card, ...] | None]] = {i: deque() for i in range(n)}
    boards: deque[tuple[Card, ...]] = deque()
    shows: dict[int, tuple[Card, ...] | None] = {}
    known: set[int] = set()
    for index, action in enumerate(phh.actions):
        words = _strip(action)
        try:
            if words[:2] == ["d", "dh"] and len(words) == 4:
                cards = _cards(words[3])
                holes[_player(words[2], n)].append(cards)
                known.update(cards or ())
            elif words[:2] == ["d", "db"] and len(words) == 3:
                board = parse_cards(words[2])
                boards.append(board)
                known.update(board)
            elif len(words) >= 2 and words[1] == "sm":
                player = _player(words[0], n)
                shown = _cards(words[2]) if len(words) == 3 and words[2] != "-" else None
                shows[player] = shown
                known.update(shown or ())
        except ValueError as exc:
            raise PhhError(str(exc), action_index=index, action=action) from exc
    # cards shown later make unknown hole cards known (Hold'em: one deal per player)
    for player, shown in shows.items():
        queue = holes[player]
        if shown is not None and len(queue) == 1 and queue[0] is None:
            queue[0] = shown
    unknown = {p for p, queue in holes.items() if any(cards is None for cards in queue)}
    dealer = ReplayDealer(holes, boards, known, seed)
    try:
        hand = new_hand(phh.game, phh.config(), dealer, showdown_policy=None, reveal_all_in=False)
    except ValueError as exc:
        raise PhhError(str(exc)) from exc
    decisions: list[Decision] = []
    marks: list[int] = []
    for index, action in enumerate(phh.actions):
        words = _strip(action)
        try:
            _apply(hand, words, n, decisions, action)
        except (IllegalAction, PhhError, ValueError) as exc:
            raise PhhError(
                f"action {index + 1} '{action}': {exc}", action_index=index, action=action
            ) from exc
        marks.append(len(hand.events))
    # showdown decisions left to make: show known cards, muck unknown ones
    while hand.phase is Phase.SHOWDOWN and hand.actor is not None:
        player = hand.actor
        shown = shows.get(player)
        if shown is not None and set(shown) != set(hand.hole[player]):
            raise PhhError(f"p{player + 1} shows {_fmt(shown)} but holds {_fmt(hand.hole[player])}")
        show = shown is not None if player in shows else player not in unknown
        if not show and hand.must_show(player):
            show = True
        try:
            hand.show_or_muck(player, show)
        except ValueError as exc:
            raise PhhError(f"at the showdown: {exc}") from exc
    if not hand.is_complete:
        raise PhhError("the history ends before the hand is over")
    return Replay(phh, hand, decisions, marks)


def _apply(hand: Hand, words: list[str], n: int, decisions: list[Decision], action: str) -> None:
    if not words or words[0] == "d":
        return
    player = _player(words[0], n)
    verb = words[1] if len(words) > 1 else ""
    if verb == "sm":
        return
    if hand.actor != player:
        who = "nobody" if hand.actor is None else f"p{hand.actor + 1}"
        raise PhhError(f"it is {who}'s turn, not {words[0]}'s")
    if verb == "sd":
        discards = parse_cards(words[2]) if len(words) > 2 else ()
        hand.draw(discards, player)
        return
    legal = hand.legal_actions()
    if legal is None:
        raise PhhError("no betting decision is open here")
    decisions.append(
        Decision(
            actor=words[0],
            action=action,
            street=hand.street.value,
            stack=legal.stack,
            to_call=legal.call_amount,
            can_raise=legal.can_raise,
            min_raise_to=legal.min_raise_to if legal.can_raise else None,
            full_min_raise_to=legal.full_min_raise_to,
            max_raise_to=legal.max_raise_to if legal.can_raise else None,
        )
    )
    if verb == "f":
        hand.fold(player)
    elif verb == "cc":
        hand.check_or_call(player)
    elif verb == "cbr" and len(words) == 3:
        text = words[2]
        if not text.isascii() or not text.isdigit() or len(text) > 13:
            raise PhhError(f"not a whole number of chips: {text[:20]!r}")
        hand.raise_to(int(text), player)
    else:
        raise PhhError(f"unknown action {action!r}")


# --------------------------------------------------------------------------- writing


def hand_actions(hand: Hand) -> list[str]:
    """The PHH action list of a hand, from its events (cards shown go last, as pokerkit
    expects the showdown after the final board)."""
    actions: list[str] = []
    shows: list[str] = []
    for event in hand.events:
        if isinstance(event, HoleCardsDealt) and event.cards is not None:
            actions.append(f"d dh p{event.player + 1} {_fmt(event.cards)}")
        elif isinstance(event, BoardDealt):
            actions.append(f"d db {_fmt(event.cards)}")
        elif isinstance(event, PlayerActed):
            verb = "f" if event.kind is ActionKind.FOLD else "cc"
            actions.append(f"p{event.player + 1} {f'cbr {event.to}' if event.aggressive else verb}")
        elif isinstance(event, CardsDrawn):
            discards = event.discarded or ()
            actions.append(f"p{event.player + 1} sd {_fmt(discards)}".rstrip())
            if event.received:
                actions.append(f"d dh p{event.player + 1} {_fmt(event.received)}")
        elif isinstance(event, CardsShown) and not event.voluntary:
            shows.append(f"p{event.player + 1} sm {_fmt(event.cards)}")
        elif isinstance(event, CardsMucked):
            shows.append(f"p{event.player + 1} sm")
    return actions + shows


def _fmt(cards: Iterable[int]) -> str:
    return "".join(str(Card(c)) for c in cards)


def _toml_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else json.dumps(key, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + items + "}" if items else "{}"
    raise TypeError(f"cannot write {type(value).__name__} to PHH")


def _reasons_field(actions: Sequence[str], reasons: Mapping[int, Reason]) -> list[Any]:
    """``_reasons`` for a hand's action lines; a reason that could not be read back (or that
    points past the hand's decisions) is left out rather than written."""
    lines = decision_lines(actions)
    out: list[Any] = []
    for decision in sorted(reasons):
        reason = reasons[decision]
        if not 0 <= decision < len(lines) or reason_problem(reason) is not None:
            continue
        out.append({"action": lines[decision], **reason_to_data(reason)})
    return out


def dumps(
    hand: Hand,
    *,
    extra: dict[str, Any] | None = None,
    reasons: Mapping[int, Reason] | None = None,
) -> str:
    """A finished hand as PHH text (``NT`` or this project's ``F5CD``); ``reasons`` (bots'
    reasons by decision index, as ``Hand.actions_taken()`` counts) become ``_reasons``."""
    if not hand.is_complete:
        raise ValueError("only finished hands are written")
    config = hand.config
    n = hand.n
    fields: dict[str, Any] = {}
    if hand.variant is Variant.DRAW:
        fields["variant"] = DRAW_CODE
        fields["ante_trimming_status"] = config.ante_trimming
        fields["antes"] = list(config.phh_antes())
        fields["blinds_or_straddles"] = [0] * n
        fields["small_bet"] = config.small_bet
        fields["big_bet"] = config.big_bet
        fields["_max_raises"] = config.max_raises or DEFAULT_CAP
    else:
        fields["variant"] = HOLDEM_CODE
        fields["ante_trimming_status"] = config.ante_trimming
        fields["antes"] = list(config.phh_antes())
        fields["blinds_or_straddles"] = [
            config.blinds[i] if i < len(config.blinds) else 0 for i in range(n)
        ]
        fields["min_bet"] = config.min_bet
    fields["starting_stacks"] = list(config.starting_stacks)
    fields["actions"] = hand_actions(hand)
    if config.names:
        fields["players"] = list(config.names)
    if config.seats:
        fields["seats"] = [s + 1 for s in config.seats]
    fields["hand"] = config.hand_number
    fields["finishing_stacks"] = list(hand.stacks)
    fields.update(extra or {})
    if reasons:
        written = _reasons_field(fields["actions"], reasons)
        if written:
            fields["_reasons"] = written
    lines = []
    for key, value in fields.items():
        if key in ("actions", "_reasons"):
            body = "".join(f"  {_toml_value(a)},\n" for a in value)
            lines.append(f"{key} = [\n{body}]")
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_section(
    hand: Hand,
    key: int | str,
    *,
    extra: dict[str, Any] | None = None,
    reasons: Mapping[int, Reason] | None = None,
) -> str:
    """One hand as a ``[key]`` table of a multi-hand ``.phhs`` file (append-friendly)."""
    return f"[{key}]\n{dumps(hand, extra=extra, reasons=reasons)}\n"
