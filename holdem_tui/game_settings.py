"""The settings of one game session, as plain frozen data.

The command line, the setup screen, the tests and the screenshot script all build a
:class:`GameSettings` and hand it to the one app factory, so "the same settings" means the same
game everywhere. It holds no Textual or engine objects, only numbers and strings, so it can be
saved (``to_dict``) and restored (``from_dict``) between runs without surprises.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Final

from holdem_tui.bots.levels import Level
from holdem_tui.bots.registry import LEVELS
from holdem_tui.bots.seeds import new_session_seed
from holdem_tui.engine.draw import DEFAULT_HAND_LIMIT, MIN_ANTE
from holdem_tui.engine.draw import default_ante as default_draw_ante
from holdem_tui.engine.schedule import PRESETS
from holdem_tui.engine.table import TableConfig
from holdem_tui.engine.tournament import (
    MAX_NAME as MAX_TOURNAMENT_NAME,
)
from holdem_tui.engine.tournament import (
    TournamentSpec,
    preset_tournament,
    tournament_from_data,
)
from holdem_tui.engine.variants import RULES, Variant, parse_variant, variant_of
from holdem_tui.names import clean_name


class Pace(StrEnum):
    """How fast bots act and how long a finished hand stays on screen (``session/pace.py``
    holds the seconds). A member is its own string, so saved files read and write as before;
    data fields hold ``.value``, plain text, since the wire's strict readers take only that."""

    INSTANT = "instant"
    NORMAL = "normal"
    SLOW = "slow"


#: The paces by name, fastest first (for ``--pace`` and the setup screen).
PACES: Final = tuple(pace.value for pace in Pace)
#: The built-in bot levels, weakest first (a plugin is written ``module:Class``).
BOT_LEVELS: Final = LEVELS


class SeatKind(StrEnum):
    """Who decides for a chair: someone at a keyboard (here or on the network) or a bot."""

    HUMAN = "human"
    BOT = "bot"


HUMAN: Final = SeatKind.HUMAN.value
BOT: Final = SeatKind.BOT.value
#: every seat kind a settings file or the wire may name
SEAT_KINDS: Final = tuple(kind.value for kind in SeatKind)
#: the level word a plugin seat shows as: in public settings (its path stays on the host),
#: on the setup screen's seat chooser and in the player's lifetime statistics
PLUGIN: Final = "plugin"
#: Names given to bots in seat order; chosen to read well in all four languages.
BOT_NAMES: Final = ("Mila", "Otto", "Ivo", "Lena", "Sami", "Noor", "Tea", "Eino", "Daan", "Iris")
#: The mixed field a player meets when they just type ``holdem-tui``.
DEFAULT_BOTS: Final = tuple(
    level.value for level in (Level.EASY, Level.NORMAL, Level.HARD, Level.NORMAL, Level.EASY)
)


@dataclass(frozen=True, slots=True)
class SeatSettings:
    """Who sits in one chair: a human with a name, or a bot with a level or plugin spec.

    A human's ``name`` may be empty, meaning "the one local player": the table then calls
    them "You" in whatever language is on screen, which a fixed name could not do.
    """

    kind: str = HUMAN
    name: str = ""
    level: str = Level.NORMAL.value

    @property
    def is_human(self) -> bool:
        """Whether decisions for this seat come from the keyboard."""
        return self.kind == HUMAN

    @property
    def is_plugin(self) -> bool:
        """Whether the bot is a ``module:Class`` plugin rather than a built-in level."""
        return self.kind == BOT and ":" in self.level

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a settings file."""
        return {"kind": self.kind, "name": self.name, "level": self.level}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatSettings:
        """Rebuild from :meth:`to_dict` output; unknown keys are ignored."""
        return cls(
            kind=str(data.get("kind", HUMAN)),
            name=clean_name(str(data.get("name", ""))),
            level=str(data.get("level", Level.NORMAL.value)),
        )


#: the largest stack, blind or bet a table takes (chip counts stay exact and printable)
MAX_CHIPS = 10**9
#: each player's chips at the start when nobody says otherwise (the setup, ``--stack``)
DEFAULT_STACK: Final = 1000
#: the longest hand limit and time limit
MAX_HANDS = 1_000_000
MAX_MINUTES = 100_000


@dataclass(frozen=True, slots=True)
class GameSettings:
    """Everything chosen before the first card; validated by :meth:`validate`.

    Stakes fields a game does not use are kept anyway (blinds in a draw game), so switching
    the game back and forth in the setup screen never loses what the player typed.
    """

    #: a game's name; kept as typed (a settings file may hold anything) until validated
    variant: str = Variant.HOLDEM.value
    seats: tuple[SeatSettings, ...] = field(
        default_factory=lambda: (
            SeatSettings(HUMAN, ""),
            *(SeatSettings(BOT, "", level) for level in DEFAULT_BOTS),
        )
    )
    stack: int = DEFAULT_STACK
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    #: Five-Card Draw is always played with an ante (rule card 001); its own field, so
    #: switching games in the setup screen keeps both
    draw_ante: int = default_draw_ante(10)  # the ante at the default small bet below
    small_bet: int = 10
    big_bet: int = 20
    hand_limit: int | None = None
    minute_limit: int | None = None
    lang: str = "en"
    pace: str = Pace.NORMAL.value
    seed: int | None = None
    #: a training table: after each hand the review shows every bot's cards and reasons
    #: (never while a hand is in play); off, it shows only the hands turned up at the table
    training: bool = False
    #: a sit-and-go: a preset's name (regular, turbo, hyper) or a tournament file's name;
    #: the stakes and limit fields above are then not used
    tournament: str | None = None
    #: a tournament file's data, read once when the game was set up (``None``: a preset)
    tournament_data: Mapping[str, Any] | None = field(default=None, hash=False)

    # ------------------------------------------------------------------ building

    @classmethod
    def build(
        cls,
        *,
        variant: str = Variant.HOLDEM.value,
        humans: Sequence[str] = ("",),
        bots: Sequence[str] = DEFAULT_BOTS,
        **rest: Any,
    ) -> GameSettings:
        """Seat the humans first, then the bots in the order given (as ``play`` flags do)."""
        seats = tuple(SeatSettings(HUMAN, clean_name(name)) for name in humans) + tuple(
            SeatSettings(BOT, "", level.strip()) for level in bots
        )
        return cls(variant=variant, seats=seats, **rest)

    def with_seed(self) -> GameSettings:
        """A copy with a concrete seed, so a random session can still be replayed exactly."""
        if self.seed is not None:
            return self
        return replace(self, seed=new_session_seed())

    # ------------------------------------------------------------------ derived

    @property
    def game_ante(self) -> int:
        """The ante of the game chosen: optional in Hold'em, always there in draw."""
        return self.ante if self.variant == Variant.HOLDEM else self.draw_ante

    @property
    def session_hand_limit(self) -> int | None:
        """The hand limit played: draw always ends after a set number of hands (rule card
        001), so a draw session with no limit at all gets the default number (a tournament
        has none: it ends when one player has every chip)."""
        if self.tournament is not None:
            return None
        if self.variant == Variant.DRAW and self.hand_limit is None and self.minute_limit is None:
            return DEFAULT_HAND_LIMIT
        return self.hand_limit

    def tournament_spec(self) -> TournamentSpec | None:
        """The sit-and-go these settings play (``None``: a cash game); raises ``ValueError``
        for a tournament that cannot be played (an edited save, say)."""
        if self.tournament is None:
            return None
        variant = parse_variant(self.variant)
        if self.tournament_data is not None:
            return tournament_from_data(self.tournament_data, variant, name=self.tournament)
        if self.tournament not in PRESETS:
            raise ValueError(f"no tournament preset called {self.tournament!r}")
        return preset_tournament(self.tournament, variant, self.stack)

    @property
    def humans(self) -> tuple[int, ...]:
        """Seat indices played from the keyboard."""
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)

    @property
    def watch_only(self) -> bool:
        """No human plays: the bots play and the player watches."""
        return not self.humans

    def seat_names(self) -> tuple[str, ...]:
        """The fixed name of every seat (bots get a table name; an unnamed human stays "")."""
        taken = {seat.name for seat in self.seats if seat.name}
        pool = iter(name for name in BOT_NAMES if name not in taken)
        names: list[str] = []
        for index, seat in enumerate(self.seats):
            if seat.name:
                names.append(seat.name)
            elif seat.is_human:
                names.append("")
            else:
                names.append(next(pool, f"Bot {index + 1}"))
        return tuple(names)

    def engine_names(self) -> tuple[str, ...]:
        """Names for the engine and hand histories, never empty (an unnamed human is "Player")."""
        return tuple(name or f"Player {index + 1}" for index, name in enumerate(self.seat_names()))

    def validate(self) -> list[tuple[str, dict[str, Any]]]:
        """Every problem as ``(message key, params)``; empty when the game can start.

        Keys live under ``setup.error`` in the locale files so the setup screen can show them
        in the player's language; the command line shows the English text.
        """
        problems: list[tuple[str, dict[str, Any]]] = []
        variant = variant_of(self.variant)
        if variant is None:
            problems.append(("setup.error.game", {"game": self.variant}))
            return problems
        rules = RULES[variant]
        if len(self.seats) not in rules.seat_counts:
            problems.append(
                ("setup.error.seats", {"min": rules.min_seats, "count": rules.max_seats})
            )
        names = [name for name in self.seat_names() if name]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            problems.append(("setup.error.duplicate_name", {"name": duplicates[0]}))
        for seat in self.seats:
            if seat.kind == BOT and seat.level not in BOT_LEVELS and ":" not in seat.level:
                problems.append(("setup.error.bot_level", {"level": seat.level}))
        if self.stack <= 0:
            problems.append(("setup.error.stack", {}))
        for value, most in (
            (self.stack, MAX_CHIPS),
            (self.small_blind, MAX_CHIPS),
            (self.big_blind, MAX_CHIPS),
            (self.ante, MAX_CHIPS),
            (self.draw_ante, MAX_CHIPS),
            (self.small_bet, MAX_CHIPS),
            (self.big_bet, MAX_CHIPS),
            (self.hand_limit or 0, MAX_HANDS),
            (self.minute_limit or 0, MAX_MINUTES),
        ):
            if value > most:
                problems.append(("setup.error.too_big", {"max": most}))
                break
        if variant is Variant.HOLDEM:
            if not 0 < self.small_blind <= self.big_blind:
                problems.append(("setup.error.blinds", {}))
            elif self.big_blind > self.stack:
                problems.append(("setup.error.stakes_vs_stack", {}))
        else:
            if not 0 < self.small_bet <= self.big_bet:
                problems.append(("setup.error.limits", {}))
            elif self.big_bet > self.stack:
                problems.append(("setup.error.stakes_vs_stack", {}))
        if variant is Variant.DRAW and 0 <= self.game_ante < MIN_ANTE:
            problems.append(("setup.error.draw_ante", {"min": MIN_ANTE}))
        elif self.game_ante < 0 or self.game_ante >= self.stack:
            problems.append(("setup.error.ante", {}))
        if self.hand_limit is not None and self.hand_limit <= 0:
            problems.append(("setup.error.hand_limit", {}))
        if self.minute_limit is not None and self.minute_limit <= 0:
            problems.append(("setup.error.minute_limit", {"count": 1}))
        if self.pace not in PACES:
            problems.append(("setup.error.pace", {"pace": self.pace}))
        if self.tournament is not None:
            if self.hand_limit is not None or self.minute_limit is not None:
                problems.append(("setup.error.tournament_limit", {}))
            try:
                self.tournament_spec()
            except ValueError as exc:
                problems.append(("setup.error.tournament", {"detail": str(exc)}))
        return problems

    def table_config(self) -> TableConfig:
        """The engine's view of these settings (raises ``ValueError`` if they are invalid)."""
        return TableConfig(
            variant=parse_variant(self.variant),
            names=self.engine_names(),
            starting_stack=self.stack,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.game_ante,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            hand_limit=self.session_hand_limit,
            minute_limit=(
                float(self.minute_limit)
                if self.minute_limit is not None and self.tournament is None
                else None
            ),
            seed=self.seed,
            tournament=self.tournament_spec(),
        )

    # ------------------------------------------------------------------ persistence

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML-able data."""
        return {
            "variant": self.variant,
            "seats": [seat.to_dict() for seat in self.seats],
            "stack": self.stack,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "draw_ante": self.draw_ante,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "hand_limit": self.hand_limit,
            "minute_limit": self.minute_limit,
            "lang": self.lang,
            "pace": self.pace,
            "seed": self.seed,
            "training": self.training,
            "tournament": self.tournament,
            "tournament_data": None if self.tournament_data is None else dict(self.tournament_data),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSettings:
        """Rebuild from :meth:`to_dict` output; missing keys take their defaults.

        Raises ``ValueError`` for data of the wrong shape (a saved file edited by hand).
        """
        defaults = cls()
        try:
            seats_data: Iterable[Mapping[str, Any]] = data.get("seats") or [
                s.to_dict() for s in defaults.seats
            ]
            return cls(
                variant=str(data.get("variant", defaults.variant)),
                seats=tuple(SeatSettings.from_dict(s) for s in seats_data),
                stack=int(data.get("stack", defaults.stack)),
                small_blind=int(data.get("small_blind", defaults.small_blind)),
                big_blind=int(data.get("big_blind", defaults.big_blind)),
                ante=int(data.get("ante", defaults.ante)),
                draw_ante=int(data.get("draw_ante", defaults.draw_ante)),
                small_bet=int(data.get("small_bet", defaults.small_bet)),
                big_bet=int(data.get("big_bet", defaults.big_bet)),
                hand_limit=_optional_int(data.get("hand_limit")),
                minute_limit=_optional_int(data.get("minute_limit")),
                lang=str(data.get("lang", defaults.lang)),
                pace=str(data.get("pace", defaults.pace)),
                seed=_optional_int(data.get("seed")),
                training=_flag(data.get("training", False), "training"),
                tournament=_tournament_name(data.get("tournament")),
                tournament_data=_tournament_data(data.get("tournament_data")),
            )
        except (TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not game settings: {exc}") from exc


def _flag(value: object, name: str) -> bool:
    """A yes/no setting: only JSON's true or false, never a guess from "no" or 0."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


def _tournament_name(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TOURNAMENT_NAME:
        raise ValueError("tournament must be a short name")
    return value


def _tournament_data(value: object) -> dict[str, Any] | None:
    """A tournament file's data as saved (checked in full by :meth:`GameSettings.validate`)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("tournament_data must be a table")
    return value


def _optional_int(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | str | float):
        raise ValueError(f"not a number: {value!r}")
    return int(value)
