"""Whether a saved session may be offered, what it is, and the old saves kept aside.

"Continue" is offered only after the save has been read and checked in full (one function,
:func:`~holdem_tui.storage.autosave.continue_offer`, so the validation rules live in the
loader alone): a damaged file is set aside *before* the player is invited to continue it.
:func:`summarize` gives what the button says ("Hold'em, 4 players, hand #12, 38 minutes
ago") as plain data, and :func:`prune_previous` keeps the set-aside sessions few;
:func:`kept_sessions` lists those that can be continued (``play --resume`` offers them when
there is no current save) and :func:`bring_back` makes the chosen one current again.
:class:`ContinueOffer` is what the setup screen asks: is there one, what does the button say,
and the save itself when the player takes it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from holdem_tui.engine.variants import VARIANTS, variant_of
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import Translator
from holdem_tui.storage.atomic import keep_aside
from holdem_tui.storage.autosave import LoadResult, SaveFile, continue_offer

#: How many ``autosave.previous-*`` files (unfinished sessions replaced by a new game) stay.
KEEP_PREVIOUS: Final = 5


@dataclass(frozen=True, slots=True)
class SavedSummary:
    """What a saved session is, in data the UI puts into words (``names`` by chair; an
    unnamed human is ``""``)."""

    variant: str
    players: int
    hand_number: int
    saved_at: datetime | None
    names: tuple[str, ...] = ()

    def describe(self, tr: Translator, name_of: Callable[[int, str], str] | None = None) -> str:
        """ "Hold'em, 4 players, hand #12, 38 minutes ago"; with ``name_of`` (chair, name ->
        the name to show) the players are named instead of counted."""
        players = tr.plural("unit.players", self.players)
        if name_of is not None and self.names:
            players = ", ".join(name_of(chair, name) for chair, name in enumerate(self.names))
        parts = [
            tr.t(f"game.{self.variant}"),
            players,
            tr.t("saves.hand_number", number=self.hand_number),
        ]
        if self.saved_at is not None:
            age = (datetime.now(UTC) - self.saved_at).total_seconds()
            parts.append(tr.t("saves.just_now") if age < 60 else tr.ago(age))
        return ", ".join(parts)


def summarize(loaded: LoadResult) -> SavedSummary | None:
    """The game, the number of players, the hand and when it was saved (``None``: no save)."""
    session = loaded.session
    if session is None:
        return None
    variant = session.settings.get("variant")
    saved_at: datetime | None = None
    try:
        saved_at = datetime.fromisoformat(session.saved_at)
    except ValueError:
        saved_at = None
    if saved_at is not None and saved_at.tzinfo is None:
        saved_at = saved_at.replace(tzinfo=UTC)
    return SavedSummary(
        variant=variant_of(variant) or VARIANTS[0],
        players=len(session.table.seats),
        hand_number=session.hand_number,
        saved_at=saved_at,
        names=_seat_names(session.settings, len(session.table.seats)),
    )


def _seat_names(settings: dict[str, Any], count: int) -> tuple[str, ...]:
    """The names the table showed, by chair (an unnamed human ``""``); none if unknown."""
    try:
        names = GameSettings.from_dict(settings).seat_names()
    except (TypeError, ValueError):
        return ()
    return names if len(names) == count else ()


@dataclass(frozen=True, slots=True)
class KeptSession:
    """A session a new game set aside (``autosave.previous-<time>.json``), checked whole."""

    path: Path
    loaded: LoadResult

    @property
    def summary(self) -> SavedSummary:
        """What it is: game, players, hand, when."""
        summary = summarize(self.loaded)
        assert summary is not None  # only sound saves are kept sessions
        return summary


def _previous_pattern(save_path: Path) -> re.Pattern[str]:
    """``autosave.previous-<time>[-n].json``, not a damaged one kept aside from it."""
    return re.compile(
        rf"{re.escape(save_path.stem)}\.previous-[0-9-]+{re.escape(save_path.suffix)}"
    )


def kept_sessions(save_file: SaveFile | None = None) -> list[KeptSession]:
    """The sessions set aside by a new game that can be continued, newest first.

    Each is read and checked whole, as "Continue" checks the autosave: one that would not
    resume is kept aside as damaged (the loader's rule) and not listed.
    """
    path = (save_file or SaveFile()).path
    pattern = _previous_pattern(path)
    try:
        found = [p for p in path.parent.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return []
    found.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    kept = []
    for candidate in found:
        loaded = SaveFile(candidate).load()
        if loaded.ok and loaded.session is not None:
            kept.append(KeptSession(candidate, loaded))
    return kept


def bring_back(kept: KeptSession, save_file: SaveFile | None = None) -> None:
    """Make ``kept`` the current save again, to be continued as any other.

    Only when there is no current save: an unfinished session is never overwritten.
    """
    save = save_file or SaveFile()
    if save.exists():
        raise FileExistsError(f"{save.path} exists: it would be lost")
    os.replace(kept.path, save.path)


def set_previous_aside(save_file: SaveFile | None = None) -> Path | None:
    """Move an unfinished session's save out of the way of a new game; its new path or None."""
    save = save_file or SaveFile()
    if not save.exists():
        return None
    kept = keep_aside(save.path, "previous")
    prune_previous(save.path)
    return kept


def prune_previous(save_path: Path | None = None, keep: int = KEEP_PREVIOUS) -> list[Path]:
    """Delete all but the ``keep`` newest ``autosave.previous-*`` files; returns those removed."""
    path = save_path or SaveFile().path
    pattern = f"{path.stem}.previous-*{path.suffix}"
    try:
        found = sorted(
            path.parent.glob(pattern), key=lambda p: (p.stat().st_mtime, p.name), reverse=True
        )
    except OSError:
        return []
    removed = []
    for old in found[keep:]:
        try:
            old.unlink()
            removed.append(old)
        except OSError:
            continue
    return removed


class ContinueOffer:
    """The setup screen's "Continue": the autosave, checked whole once per visit of the screen.

    The save is validated completely (schema, ranges, its hand replayed) by
    :func:`~holdem_tui.storage.autosave.continue_offer` before the offer is made; a broken one
    is kept aside and ``warn`` tells the player where it went. Nothing is offered when
    sessions are not kept on disk (``enabled`` off: the tests, a network seat).
    """

    def __init__(self, *, enabled: bool) -> None:
        self.enabled = enabled
        self._checked: LoadResult | None = None

    def check(self, tr: Translator, warn: Callable[[str], None]) -> LoadResult | None:
        """The save as checked on this visit (read now if it was not yet)."""
        if not self.enabled:
            return None
        if self._checked is None:
            self._checked = continue_offer()
            message = self._checked.message(tr)
            if message:
                warn(message)
        return self._checked

    def available(self, tr: Translator, warn: Callable[[str], None]) -> bool:
        """Whether a save exists and was checked whole."""
        checked = self.check(tr, warn)
        return checked is not None and checked.ok

    def label(self, tr: Translator, warn: Callable[[str], None]) -> str:
        """ "Continue — Hold'em, 4 players, hand #12, 38 minutes ago"."""
        label = tr.t("setup.continue")
        checked = self.check(tr, warn)
        summary = None if checked is None else summarize(checked)
        if summary is None:
            return label
        return f"{label} — {summary.describe(tr)}"

    def take(self, tr: Translator, warn: Callable[[str], None]) -> LoadResult | None:
        """The save to continue, or ``None`` after telling the player why there is none."""
        checked = self.check(tr, warn)
        self._checked = None
        if checked is None or checked.session is None:
            message = "" if checked is None else checked.message(tr)
            warn(message or tr.t("storage.no_save"))
            return None
        return checked

    def forget(self) -> None:
        """Read the save afresh next time (a new session has replaced it)."""
        self._checked = None
