"""A tournament's blind levels: the stakes of each hand, rising by hands played or by minutes.

A :class:`Schedule` is a list of :class:`Level` s and how long each lasts, counted in hands
dealt or in minutes of play (the clock the table is given, which stops while the game is
closed). The table asks for the level once, when it deals a hand, so the stakes never
change in the middle of a hand: a level whose time runs out during a hand starts with the
next one. After the last level the stakes stay where they are.

A level is ``small`` / ``big`` / ``ante`` in the game's own terms: the blinds in Hold'em,
the two fixed bet sizes in Five-Card Draw, where every level raises the limits and the
ante together.

Three presets (:data:`PRESETS`) scale one classic sit-and-go structure to the starting
stack: *regular* (50 big blinds deep, levels of 10 minutes), *turbo* (50 deep, 10 hands a
level) and *hyper* (25 deep, 5 hands a level); Hold'em adds an ante of about an eighth of
the big blind from the sixth level. A schedule can also be written by hand as a TOML file
(``docs/tournaments.md``); :func:`schedule_from_data` checks such data, whoever wrote it,
and raises ``ValueError`` with one line naming the field and the problem.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from holdem_tui.engine.variants import Variant, variant_of

#: the largest chip amount a level may name (the table's own limit)
MAX_LEVEL_CHIPS: Final = 10**9
#: the most levels a schedule may list
MAX_LEVELS: Final = 200
#: the longest level: hands, or minutes
MAX_LEVEL_HANDS: Final = 10_000
MAX_LEVEL_MINUTES: Final = 24 * 60


class LevelClock(StrEnum):
    """What a level's length counts: hands dealt, or minutes of play."""

    HANDS = "hands"
    MINUTES = "minutes"


@dataclass(frozen=True, slots=True)
class Level:
    """The stakes of every hand dealt while the level lasts.

    Hold'em: ``small`` and ``big`` are the blinds and ``ante`` each player's ante (or the
    big blind's, when the schedule says ``big_blind_ante``). Five-Card Draw: the small and
    the big bet, and the ante every player pays.
    """

    small: int
    big: int
    ante: int = 0


@dataclass(frozen=True, slots=True)
class Schedule:
    """The levels of one tournament and how long each lasts."""

    variant: Variant
    levels: tuple[Level, ...]
    clock: LevelClock
    #: hands (or minutes) per level
    length: int
    #: Hold'em: the big blind pays the whole ante for the table
    big_blind_ante: bool = False
    #: the starting stack a schedule file asks for (``None``: the game's own setting)
    stack: int | None = None

    def level_index(self, hands_dealt: int, seconds: float) -> int:
        """The level of the next hand, after ``hands_dealt`` hands and ``seconds`` of play."""
        if self.clock is LevelClock.HANDS:
            passed = hands_dealt // self.length
        else:
            passed = int(seconds // (self.length * 60))
        return min(passed, len(self.levels) - 1)

    def level(self, index: int) -> Level:
        """Level ``index`` (0-based); past the last, the last."""
        return self.levels[min(max(index, 0), len(self.levels) - 1)]

    def is_last(self, index: int) -> bool:
        """Whether level ``index`` is the last (the stakes stay there)."""
        return index >= len(self.levels) - 1

    def hands_left(self, index: int, hands_dealt: int) -> int | None:
        """Hands still to deal at level ``index`` before the next level (hands clock only)."""
        if self.clock is not LevelClock.HANDS or self.is_last(index):
            return None
        return max(0, (index + 1) * self.length - hands_dealt)

    def seconds_left(self, index: int, seconds: float) -> float | None:
        """Seconds of play before the next level starts (minutes clock only)."""
        if self.clock is not LevelClock.MINUTES or self.is_last(index):
            return None
        return max(0.0, (index + 1) * self.length * 60 - seconds)

    def to_data(self) -> dict[str, Any]:
        """Plain data in the shape of a schedule file (what a save stores)."""
        pair = "blinds" if self.variant is Variant.HOLDEM else "limits"
        data: dict[str, Any] = {
            "game": self.variant.value,
            f"level_{self.clock.value}": self.length,
            "levels": [
                {pair: [level.small, level.big], "ante": level.ante} for level in self.levels
            ],
        }
        if self.big_blind_ante:
            data["big_blind_ante"] = True
        if self.stack is not None:
            data["stack"] = self.stack
        return data


# --------------------------------------------------------------------------- presets


@dataclass(frozen=True, slots=True)
class Preset:
    """A built-in schedule, scaled to the starting stack when a tournament begins."""

    name: str
    #: the first big blind (Hold'em) or small bet (draw) is the stack divided by this
    depth: int
    clock: LevelClock
    length: int


#: the classic sit-and-go structure: each level's small blind as a multiple of the first
STRUCTURE: Final = (1, 1.5, 2.5, 5, 7.5, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300, 400)
#: Hold'em presets add an ante from this level (1-based), about an eighth of the big blind
ANTE_FROM: Final = 6
ANTE_SHARE: Final = 1 / 8

PRESETS: Final[Mapping[str, Preset]] = {
    "regular": Preset("regular", 50, LevelClock.MINUTES, 10),
    "turbo": Preset("turbo", 50, LevelClock.HANDS, 10),
    "hyper": Preset("hyper", 25, LevelClock.HANDS, 5),
}
#: Five-Card Draw is fixed limit: the same presets start twice as deep in small bets
DRAW_DEPTH_FACTOR: Final = 2


def nice_chips(amount: float) -> int:
    """``amount`` rounded to a chip count a dealer would use: 1..10 whole, then 1, 1.2, 1.5,
    2, 2.5, 3, 4, 5, 6, 7.5 or 8 times a power of ten (the nearest, in ratio)."""
    if amount <= 10:
        return max(1, round(amount))
    power = 10 ** math.floor(math.log10(amount))
    candidates = [m * power for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10)]
    best = min(candidates, key=lambda c: abs(math.log(c / amount)))
    return int(best)


def preset_schedule(name: str, variant: Variant, stack: int) -> Schedule:
    """The preset ``name`` for ``variant``, scaled to ``stack`` chips each.

    Levels keep rising (each step of :data:`STRUCTURE` again, times 10 after the last) until
    the big blind is above every chip of a full table, so a tournament always ends.
    """
    preset = PRESETS[name]
    holdem = variant is Variant.HOLDEM
    depth = preset.depth if holdem else preset.depth * DRAW_DEPTH_FACTOR
    # Hold'em: the big blind is the stack over the depth; draw: the small bet is
    first_small = stack / depth / (2 if holdem else 1)
    levels: list[Level] = []
    everything = stack * 9
    step = 0
    while not levels or levels[-1].big <= everything:
        multiple = STRUCTURE[step % len(STRUCTURE)] * 10 ** (step // len(STRUCTURE))
        small = nice_chips(first_small * multiple)
        if levels and small <= levels[-1].small:
            small = levels[-1].small + max(1, levels[-1].small // 4)
        big = 2 * small
        if holdem:
            ante = nice_chips(big * ANTE_SHARE) if step + 1 >= ANTE_FROM else 0
        else:
            ante = max(1, small // 2)
        levels.append(Level(small, big, ante))
        step += 1
    return Schedule(variant, tuple(levels), preset.clock, preset.length)


# --------------------------------------------------------------------------- checking


#: the settings a schedule reads from a tournament file
SCHEDULE_KEYS: Final = frozenset(
    {"game", "level_hands", "level_minutes", "levels", "big_blind_ante", "stack"}
)


def schedule_from_data(data: object, variant: Variant | None = None) -> Schedule:
    """A schedule from plain data (a TOML file, a save), every field checked.

    Only :data:`SCHEDULE_KEYS` are read (the caller refuses keys nobody reads).
    ``variant``, when given, is the game being set up: a schedule written for the other
    game is refused. Raises ``ValueError`` with one line: the field, then the problem.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a schedule is a table of settings")
    game = variant_of(data.get("game"))
    if game is None:
        raise ValueError('game: must be "holdem" or "draw"')
    if variant is not None and game is not variant:
        raise ValueError(f"game: the schedule is for {game.value}, not {variant.value}")
    clock, length = _clock(data)
    levels = _list(data.get("levels"), "levels", MAX_LEVELS)
    if not levels:
        raise ValueError("levels: at least one level is needed")
    parsed = tuple(_level(item, game, f"level {n}") for n, item in enumerate(levels, start=1))
    for n in range(1, len(parsed)):
        if parsed[n].big < parsed[n - 1].big:
            raise ValueError(f"level {n + 1}: the stakes go down from level {n}")
    bb_ante = data.get("big_blind_ante", False)
    if not isinstance(bb_ante, bool):
        raise ValueError("big_blind_ante: must be true or false")
    if bb_ante and game is not Variant.HOLDEM:
        raise ValueError("big_blind_ante: only Hold'em has a big blind")
    stack = data.get("stack")
    if stack is not None:
        stack = whole_number(stack, "stack", 1, MAX_LEVEL_CHIPS)
    return Schedule(game, parsed, clock, length, bb_ante, stack)


def _clock(data: Mapping[str, Any]) -> tuple[LevelClock, int]:
    hands, minutes = data.get("level_hands"), data.get("level_minutes")
    if (hands is None) == (minutes is None):
        raise ValueError("level_hands or level_minutes: give exactly one")
    if hands is not None:
        return LevelClock.HANDS, whole_number(hands, "level_hands", 1, MAX_LEVEL_HANDS)
    return LevelClock.MINUTES, whole_number(minutes, "level_minutes", 1, MAX_LEVEL_MINUTES)


def _level(item: object, game: Variant, where: str) -> Level:
    if not isinstance(item, Mapping):
        raise ValueError(f"{where}: expected a table such as {{ blinds = [10, 20] }}")
    pair = "blinds" if game is Variant.HOLDEM else "limits"
    names = ("small blind", "big blind") if game is Variant.HOLDEM else ("small bet", "big bet")
    extra = sorted(str(k) for k in item if k not in (pair, "ante"))
    if extra:
        raise ValueError(
            f"{where}: {short_text(extra[0])} is not a level setting (use {pair}, ante)"
        )
    values = item.get(pair)
    if not isinstance(values, list) or len(values) != 2:
        raise ValueError(f"{where}: {pair} must be two numbers, such as [10, 20]")
    small = whole_number(values[0], f"{where}: the {names[0]}", 1, MAX_LEVEL_CHIPS)
    big = whole_number(values[1], f"{where}: the {names[1]}", 1, MAX_LEVEL_CHIPS)
    if small > big:
        raise ValueError(f"{where}: the {names[0]} ({small}) is above the {names[1]} ({big})")
    low = 1 if game is Variant.DRAW else 0
    ante = whole_number(item.get("ante", 0 if low == 0 else None), f"{where}: the ante", low, big)
    return Level(small, big, ante)


def whole_number(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is a whole number in ``low..high``; otherwise one line saying why."""
    if value is None:
        raise ValueError(f"{name}: missing")
    if type(value) is not int:
        raise ValueError(f"{name}: expected a whole number, got {short_text(repr(value))}")
    if not low <= value <= high:
        shown = value if abs(value) < 10**12 else "a huge number"
        raise ValueError(f"{name}: {shown} is outside {low}..{high}")
    return value


def _list(value: object, name: str, most: int) -> Sequence[object]:
    if not isinstance(value, list):
        raise ValueError(f"{name}: expected a list")
    if len(value) > most:
        raise ValueError(f"{name}: more than {most}")
    return value


def short_text(text: str) -> str:
    """Hostile text quoted in an error stays one short printable line."""
    flat = "".join(c if c.isprintable() else " " for c in " ".join(text.split()))
    return flat if len(flat) <= 40 else flat[:37] + "..."
