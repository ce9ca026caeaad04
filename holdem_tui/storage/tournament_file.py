"""A tournament named on the command line or in the setup: a preset, or a TOML file.

A file is hostile data like a hand history, so it goes through the same gates
(:func:`holdem_tui.history.phh.read_file`: a bounded regular UTF-8 file, never a FIFO or a
device; :func:`~holdem_tui.history.phh.check_bounds`: nesting and key length limited before
the TOML reader runs), then every field is checked
(:func:`~holdem_tui.engine.tournament.tournament_from_data`). Whatever is wrong is reported
as one line: ``turbo.toml: level 3: the small blind (30) is above the big blind (20)``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from holdem_tui.engine.schedule import PRESETS, short_text
from holdem_tui.engine.tournament import TournamentSpec, preset_tournament, tournament_from_data
from holdem_tui.engine.variants import Variant
from holdem_tui.history.phh import PhhError, check_bounds, read_file


class TournamentFileError(ValueError):
    """A tournament file that cannot be used; the message is one line naming the file."""


def load_tournament(choice: str, variant: Variant, stack: int) -> TournamentSpec:
    """The preset ``choice`` (regular, turbo, hyper) at ``stack`` chips, or the file it names.

    Raises :class:`TournamentFileError` for a file that is missing or wrong.
    """
    if choice in PRESETS:
        return preset_tournament(choice, variant, stack)
    return load_tournament_file(Path(choice), variant)


def load_tournament_file(path: Path, variant: Variant) -> TournamentSpec:
    """A tournament file for ``variant``, every field checked (see the module's note)."""
    name = short_text(path.name) or "the tournament file"
    try:
        text = read_file(path)
        check_bounds(text)
        data = tomllib.loads(text)
        return tournament_from_data(data, variant, name=short_text(path.stem) or "custom")
    except tomllib.TOMLDecodeError as exc:
        raise TournamentFileError(f"{name}: not valid TOML: {_one_line(str(exc))}") from None
    except (PhhError, ValueError, RecursionError) as exc:
        raise TournamentFileError(f"{name}: {_one_line(str(exc))}") from None


def _one_line(text: str) -> str:
    """An error message as one printable line, however hostile the text it quotes."""
    return "".join(c if c.isprintable() else " " for c in " ".join(text.split()))[:200]
