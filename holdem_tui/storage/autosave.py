"""The autosave: one file from which a killed, crashed or closed session continues.

The controller calls :meth:`SaveFile.save` after every hand and at every decision point of
a human. The file holds the table as plain data (stacks, button, hand number, elapsed time,
limits, seats and the random generator's state) plus the decisions taken so far in the hand
in play. Resuming deals that hand again from its stored seed, so the cards are the same,
and re-applies those decisions: the player is back at the very decision they were facing,
with "Hand #N" where it was.

A file that cannot be read is never deleted and never trusted: it is renamed aside, the
result says so (with a message key the UI translates), and the caller offers a new game.
"""

from __future__ import annotations

import json
import logging
import stat
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

import holdem_tui
from holdem_tui.engine.actions import Action, ActionKind, IllegalAction
from holdem_tui.engine.cards import Card, parse_cards
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table
from holdem_tui.i18n import Translator
from holdem_tui.storage.atomic import atomic_write_text, keep_aside
from holdem_tui.storage.paths import autosave_path
from holdem_tui.storage.save_check import MAX_SAVE_BYTES, check_payload
from holdem_tui.wire.codec import WireError, from_json

logger = logging.getLogger(__name__)

#: Bumped when an older game could no longer read what a newer one writes (or vice versa).
SAVE_VERSION: Final = 1


class LoadStatus(StrEnum):
    """What :meth:`SaveFile.load` found; only ``OK`` carries a session to continue."""

    OK = "ok"
    MISSING = "missing"
    CORRUPT = "corrupt"
    INCOMPATIBLE = "incompatible"


# --------------------------------------------------------------------------- payload


def encode_action(position: int, action: Action) -> list[Any]:
    """One decision as ``[position, kind, amount, [discards]]``: readable JSON, no pickles."""
    return [position, action.kind.value, action.amount, [str(c) for c in action.discards]]


def decode_action(item: Any) -> tuple[int, Action]:
    """The inverse of :func:`encode_action`; raises ``ValueError`` for anything else."""
    if not isinstance(item, list) or len(item) != 4:
        raise ValueError(f"not a saved decision: {item!r}")
    position, kind, amount, discards = item
    if not isinstance(position, int) or isinstance(position, bool):
        raise ValueError(f"not a hand position: {position!r}")
    if amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
        raise ValueError(f"not an amount: {amount!r}")
    if not isinstance(discards, list) or not all(isinstance(c, str) for c in discards):
        raise ValueError(f"not a list of cards: {discards!r}")
    cards: tuple[Card, ...] = parse_cards(discards) if discards else ()
    return position, Action(ActionKind(kind), amount, cards)


def build_payload(
    table: Table,
    hand: Hand | None = None,
    *,
    settings: dict[str, Any] | None = None,
    session_id: str = "",
    history_path: Path | str | None = None,
    history_size: int | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything needed to continue, as plain JSON data.

    ``hand`` is the hand in play (``None`` between hands, and ignored once the table has
    taken its result); only its decisions are stored, because the cards follow from the
    table's hand seed. ``history_size`` is how many bytes
    of the session's history file belong to this state, so a hand appended after the last
    save (and about to be played again) can be moved out of the way on resume.
    ``extra`` is the caller's own plain data (hands won, biggest pot...), given back as is.
    """
    # A hand already paid into the table (``finish_hand``) is no longer "in play".
    in_play = hand is not None and table.hand_seed is not None
    actions = [encode_action(p, a) for p, a in hand.actions_taken()] if hand and in_play else []
    return {
        "version": SAVE_VERSION,
        "app_version": holdem_tui.__version__,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "settings": dict(settings or {}),
        "table": table.to_dict(),
        "hand_actions": actions,
        "session_id": session_id,
        "history_path": None if history_path is None else str(history_path),
        "history_size": history_size,
        "extra": dict(extra or {}),
    }


@dataclass(frozen=True, slots=True)
class Resumed:
    """A session rebuilt from a save: the table, the hand in play, and the caller's data.

    ``hand`` is ``None`` when the save was made between hands; otherwise it is the hand
    dealt again with the same cards and every saved decision re-applied, waiting for the
    next one (or already complete if the save was made right after its last decision).
    """

    table: Table
    hand: Hand | None
    settings: dict[str, Any]
    session_id: str
    history_path: Path | None
    history_size: int | None
    extra: dict[str, Any]
    saved_at: str

    @property
    def hand_number(self) -> int:
        """The number of the hand in play, or of the last hand played between hands."""
        return self.table.hand_number


def resume(payload: dict[str, Any]) -> Resumed:
    """Rebuild the table and the hand in play from :func:`build_payload` data.

    Raises ``ValueError`` when the data does not fit together (a hand-edited file, a
    decision the rules refuse), so a broken save is reported rather than half-played.
    """
    if not isinstance(payload, dict):
        raise ValueError("a save must be a JSON object")
    table_data = payload.get("table")
    if not isinstance(table_data, dict):
        raise ValueError("the save has no table")
    table = Table.from_dict(table_data)
    raw_actions = payload.get("hand_actions") or []
    if not isinstance(raw_actions, list):
        raise ValueError("hand_actions must be a list")
    decisions = [decode_action(item) for item in raw_actions]
    hand: Hand | None = None
    if table.hand_seed is not None:
        hand = table.restart_hand()
        for number, (position, action) in enumerate(decisions, start=1):
            try:
                hand.act(action, position)
            except IllegalAction as exc:
                raise ValueError(f"saved decision {number} is not legal: {exc}") from exc
    elif decisions:
        raise ValueError("decisions saved but no hand in progress")
    settings = payload.get("settings") or {}
    extra = payload.get("extra") or {}
    if not isinstance(settings, dict) or not isinstance(extra, dict):
        raise ValueError("settings and extra must be objects")
    history = payload.get("history_path")
    size = payload.get("history_size")
    if size is not None and (not isinstance(size, int) or isinstance(size, bool) or size < 0):
        raise ValueError("history_size must be a byte count")
    return Resumed(
        table=table,
        hand=hand,
        settings=settings,
        session_id=str(payload.get("session_id") or ""),
        history_path=Path(history) if isinstance(history, str) and history else None,
        history_size=size,
        extra=extra,
        saved_at=str(payload.get("saved_at") or ""),
    )


# --------------------------------------------------------------------------- the file


@dataclass(frozen=True, slots=True)
class LoadResult:
    """What was found in the autosave, with what the player must be told about it."""

    status: LoadStatus
    session: Resumed | None = None
    kept_aside: Path | None = None
    detail: str = ""
    found_version: Any = None
    payload: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        """A session is ready to continue."""
        return self.status is LoadStatus.OK

    @property
    def message_key(self) -> str | None:
        """The translated message's key, or ``None`` when there is nothing to tell."""
        if self.status is LoadStatus.CORRUPT:
            return "error.save_corrupt"
        if self.status is LoadStatus.INCOMPATIBLE:
            return "error.save_version"
        return None

    def message(self, tr: Translator) -> str:
        """Plain words for the player: what happened, where the file went, what now."""
        key = self.message_key
        if key is None:
            return ""
        if self.status is LoadStatus.CORRUPT:
            what = [tr.t(key, path=str(self.kept_aside))]
        else:
            what = [
                tr.t(key, version=str(self.found_version)),
                tr.t("storage.kept_aside", path=str(self.kept_aside)),
            ]
        return " ".join((*what, tr.t("storage.new_game")))


class SaveFile:
    """The autosave file, written atomically; by default in the user's data folder."""

    def __init__(self, path: Path | None = None) -> None:
        """Use ``path``, else ``autosave.json`` in the data folder (read when needed)."""
        self._path = path

    @property
    def path(self) -> Path:
        """Where the save lives (resolved late so a changed data folder is honoured)."""
        return self._path or autosave_path()

    def exists(self) -> bool:
        """Whether there is a save to offer (it may still turn out to be broken)."""
        return self.path.is_file()

    def save(
        self,
        table: Table,
        hand: Hand | None = None,
        **fields: Any,
    ) -> dict[str, Any]:
        """Write the state atomically; ``fields`` are :func:`build_payload`'s keywords.

        Returns the payload written, which tests and callers can compare with a load.
        """
        payload = build_payload(table, hand, **fields)
        atomic_write_text(self.path, json.dumps(payload, ensure_ascii=False) + "\n")
        return payload

    def load(self) -> LoadResult:
        """Read and fully check the save: a session is only offered if it really resumes.

        Corrupt (unreadable, truncated, empty, inconsistent, out of range: see
        :mod:`holdem_tui.storage.save_check`) and incompatible (another version) files are
        renamed to ``autosave.corrupt-<timestamp>.json`` and reported.
        """
        path = self.path
        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                return self._set_aside(LoadStatus.CORRUPT, "not a regular file")
            if info.st_size > MAX_SAVE_BYTES:
                return self._set_aside(LoadStatus.CORRUPT, f"{info.st_size} bytes")
            raw = path.read_bytes()
        except FileNotFoundError:
            return LoadResult(LoadStatus.MISSING)
        except OSError as exc:
            return self._set_aside(LoadStatus.CORRUPT, str(exc))
        try:
            # bounded in size and depth before parsing; NaN and Infinity refused
            payload = from_json(raw, max_bytes=MAX_SAVE_BYTES)
        except WireError as exc:
            return self._set_aside(LoadStatus.CORRUPT, f"not JSON: {exc}")
        if not isinstance(payload, dict):
            return self._set_aside(LoadStatus.CORRUPT, "not a JSON object")
        version = payload.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            return self._set_aside(LoadStatus.CORRUPT, "no format version")
        if version != SAVE_VERSION:
            return self._set_aside(
                LoadStatus.INCOMPATIBLE,
                f"format version {version}, this game reads {SAVE_VERSION}",
                version=payload.get("app_version") or version,
            )
        try:
            check_payload(payload)
            session = resume(payload)
        except Exception as exc:
            return self._set_aside(LoadStatus.CORRUPT, f"{type(exc).__name__}: {exc}"[:300])
        return LoadResult(LoadStatus.OK, session=session, payload=payload)

    def _set_aside(self, status: LoadStatus, detail: str, version: Any = None) -> LoadResult:
        logger.warning("autosave %s is %s (%s); kept aside", self.path, status.value, detail)
        try:
            aside = keep_aside(self.path, "corrupt")
        except OSError:  # a read-only folder: the file stays where it is, still refused
            aside = self.path
        return LoadResult(status, kept_aside=aside, detail=detail, found_version=version)

    def clear(self) -> None:
        """Remove the save of a session that ended normally: there is nothing to continue.

        Only a good save is ever removed this way (its hands are all in the history);
        broken ones are kept aside by :meth:`load` instead.
        """
        self.path.unlink(missing_ok=True)


def continue_offer(save_file: SaveFile | None = None) -> LoadResult:
    """The one check the UI makes before offering "Continue": a fully validated save.

    ``result.ok`` means Continue may be offered; anything else has been kept aside and
    ``result.message(tr)`` says so (nothing to say when there was simply no save).
    """
    return (save_file or SaveFile()).load()
