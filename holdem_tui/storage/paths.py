"""Where the game's files live: the user's config and data folders, or overrides.

Settings go to the config folder (small, hand-editable, safe to sync between machines);
the autosave and the hand histories go to the data folder (they grow, and belong to this
machine). ``HOLDEM_TUI_CONFIG_DIR`` and ``HOLDEM_TUI_DATA_DIR`` point both elsewhere, so
tests and CI never touch a real home folder and a player can keep a session on a USB stick.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

APP_NAME: Final = "holdem-tui"
CONFIG_ENV: Final = "HOLDEM_TUI_CONFIG_DIR"
DATA_ENV: Final = "HOLDEM_TUI_DATA_DIR"
#: the file in a data folder that says a running game holds it (:mod:`.lock`)
LOCK_NAME: Final = f"{APP_NAME}.lock"


def config_dir() -> Path:
    """The folder for ``settings.json`` (not created here: reading must not write)."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_config_path

    return user_config_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    """The folder for the autosave and ``histories/`` (not created here)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def settings_path() -> Path:
    """The settings file."""
    return config_dir() / "settings.json"


def autosave_path() -> Path:
    """The one autosave: there is a single session to continue, the last one."""
    return data_dir() / "autosave.json"


def histories_dir() -> Path:
    """The folder holding one ``.phhs`` file and one ``.json`` summary per session."""
    return data_dir() / "histories"
