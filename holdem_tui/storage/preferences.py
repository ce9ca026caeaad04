"""The player's lasting choices: language, pace and the last game set up.

Stored as JSON in the config folder (``settings.json``), rewritten atomically. A file that
cannot be read (garbage, truncated, wrong shape) must never stop the game from starting: it
is kept aside under a new name, the defaults are used, and the caller gets a message key to
tell the player in their language what happened and where the old file went.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from holdem_tui.game_settings import PACES, Pace
from holdem_tui.storage.atomic import atomic_write_text, keep_aside
from holdem_tui.storage.paths import settings_path
from holdem_tui.wire.codec import from_json

logger = logging.getLogger(__name__)

SETTINGS_VERSION: Final = 1
#: Message key (``locales/*/ui.toml``) shown when a broken settings file was kept aside.
BROKEN_SETTINGS_KEY: Final = "storage.settings_broken"


@dataclass(slots=True)
class Settings:
    """What the player chose last time, so the next start looks the way they left it.

    ``language`` is ``None`` until the player picks one, so the system locale keeps deciding
    until then; ``last_setup`` is the setup screen's plain dict (``GameSettings.to_dict()``),
    kept opaque here so this module never has to follow the setup screen's fields.
    """

    language: str | None = None
    pace: str = Pace.NORMAL.value
    last_setup: dict[str, Any] = field(default_factory=dict)
    #: blue diamonds and green clubs, for players who tell suits apart by colour
    four_colour: bool = False
    #: the coach's numbers beside the action bar at each of the human's decisions
    coach: bool = False
    #: the last choice of a training table (the review shows every bot's cards and reasons)
    training: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, with a version so a future format can tell old files apart.

        Every field is written as it is (a new preference is saved without a line here);
        :meth:`from_dict` checks each one on the way back in.
        """
        return {"version": SETTINGS_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Rebuild from :meth:`to_dict`; raises ``ValueError`` when the data is not settings.

        Unknown keys are ignored (a newer version may add some); a wrong type is an error
        rather than a guess, so a hand-edited mistake is reported instead of half-applied.
        """
        if not isinstance(data, Mapping):
            raise ValueError("settings must be a JSON object")
        language = data.get("language")
        pace = data.get("pace", Pace.NORMAL.value)
        last_setup = data.get("last_setup") or {}
        if language is not None and not isinstance(language, str):
            raise ValueError("language must be text")
        if not isinstance(pace, str) or pace not in PACES:
            raise ValueError(f"pace must be one of {', '.join(PACES)}")
        if not isinstance(last_setup, dict):
            raise ValueError("last_setup must be an object")
        if last_setup:
            from holdem_tui.game_settings import GameSettings

            problems = GameSettings.from_dict(last_setup).validate()
            if problems:
                raise ValueError(f"last_setup: {problems[0][0]}")
        flags = (_flag(data, name) for name in ("four_colour", "coach", "training"))
        return cls(language, pace, dict(last_setup), *flags)


def _flag(data: Mapping[str, Any], name: str) -> bool:
    """A switch of the settings file, off when it is missing; anything but true or false
    is refused, not read as "truthy"."""
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


@dataclass(frozen=True, slots=True)
class SettingsLoad:
    """The settings to use, and whether a broken file had to be kept aside first."""

    settings: Settings
    kept_aside: Path | None = None
    problem: str = ""

    @property
    def message_key(self) -> str | None:
        """The key of the warning to show the player, or ``None`` when all went well."""
        return BROKEN_SETTINGS_KEY if self.kept_aside is not None else None


#: a settings file is a few hundred bytes; anything far larger is not one
MAX_SETTINGS_BYTES = 1024 * 1024


def load_settings(path: Path | None = None, *, repair: bool = True) -> SettingsLoad:
    """Read the settings; a missing file gives defaults, a broken one is kept aside.

    ``repair=False`` only reads (defaults for a broken file, which stays where it is): for
    commands such as ``holdem-tui history`` that should not change anything on disk.
    """
    path = path or settings_path()
    try:
        if path.exists() and not path.is_file():
            return _broken(path, "not a regular file", repair)
        if path.exists() and path.stat().st_size > MAX_SETTINGS_BYTES:
            return _broken(path, "far too large for settings", repair)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return SettingsLoad(Settings())
    except (OSError, UnicodeDecodeError) as exc:
        return _broken(path, str(exc), repair)
    try:
        # bounded in size and nesting before parsing, NaN refused: as for saves
        data = from_json(text, max_bytes=MAX_SETTINGS_BYTES)
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        return SettingsLoad(Settings.from_dict(data))
    except (ValueError, TypeError) as exc:
        return _broken(path, str(exc), repair)


def _broken(path: Path, problem: str, repair: bool) -> SettingsLoad:
    logger.warning("settings file %s cannot be read (%s); using defaults", path, problem)
    if not repair:
        return SettingsLoad(Settings(), None, problem)
    try:
        aside = keep_aside(path)
    except OSError as exc:  # pragma: no cover - read-only folder: still start the game
        logger.warning("could not keep %s aside: %s", path, exc)
        return SettingsLoad(Settings(), None, problem)
    return SettingsLoad(Settings(), aside, problem)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (a crash mid-write keeps the previous file)."""
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n"
    atomic_write_text(path or settings_path(), text)
