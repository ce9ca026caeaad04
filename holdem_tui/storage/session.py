"""One object the game controller calls at three moments so that nothing of a session is lost.

* :meth:`SessionStore.decision_point` when a human is to act (and when a hand is dealt):
  the autosave then holds the decisions so far, and a kill resumes right here.
* :meth:`SessionStore.hand_finished` after ``Table.finish_hand``: the hand goes to the
  history first, then the autosave moves on to "between hands".
* :meth:`SessionStore.session_over` when the session ends normally: the history is marked
  finished and the autosave removed, so "Continue" is no longer offered.

The order in :meth:`hand_finished` matters: the autosave records how many bytes of the
history belong to its state, so a kill between the two writes is repaired on resume
(:meth:`SessionHistory.reopen` moves the extra hand aside before it is played again).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from holdem_tui.engine.decision import Reason
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table
from holdem_tui.game_settings import HUMAN
from holdem_tui.storage.atomic import is_transient, keep_aside
from holdem_tui.storage.autosave import LoadResult, Resumed, SaveFile
from holdem_tui.storage.histories import SessionHistory

logger = logging.getLogger(__name__)

#: finished hands kept for the history while writes meet transient failures; past it the
#: failure is not passing, and storage stops as for any other
MAX_WAITING = 200


def seat_levels(settings: Mapping[str, Any], seats: int) -> list[str]:
    """Who sits in each chair, from the settings' seats (``GameSettings.to_dict()``):
    ``human``, or the bot's level or plugin spec; empty when the settings do not say."""
    listed = settings.get("seats")
    if not isinstance(listed, list) or len(listed) != seats:
        return []
    levels = []
    for seat in listed:
        if not isinstance(seat, Mapping):
            return []
        human = seat.get("kind") == HUMAN
        levels.append(HUMAN if human else str(seat.get("level", "")))
    return levels


class SessionStore:
    """The autosave and the hand history of one session, kept in step."""

    def __init__(
        self,
        save_file: SaveFile,
        history: SessionHistory | None,
        settings: dict[str, Any],
    ) -> None:
        """Prefer :meth:`start` or :meth:`resume`; this only wires the parts together."""
        self.save_file = save_file
        self.history = history
        self.settings = dict(settings)
        #: why storage stopped (``None`` while it works); the UI says it on screen
        self.unusable: str | None = None
        #: the first hand not saved once storage stopped (the player is told at the end)
        self.first_unsaved: int | None = None
        #: where the last save went once storage stopped: set aside, never offered by
        #: ``play --resume`` as the session's current state (it is older than the session)
        self.stale_save: Path | None = None
        #: finished hands whose history section met a transient failure (a flood held every
        #: descriptor): written, oldest first, before the next hand's
        self.waiting: list[tuple[Hand, Mapping[int, Reason] | None]] = []

    @property
    def session_id(self) -> str:
        """The id shared by the autosave and the history files."""
        return self.history.info.session_id if self.history else ""

    @classmethod
    def start(
        cls,
        table: Table,
        *,
        settings: dict[str, Any],
        players: Sequence[str] | None = None,
        humans: Iterable[int] = (),
        save_file: SaveFile | None = None,
        record_history: bool = True,
    ) -> SessionStore:
        """Begin storing a new session and write its first save (before any hand).

        A save left by an unfinished session is renamed ``autosave.previous-<time>.json``
        first: starting a new game must not silently cost the old one.

        ``players`` are the names shown in ``holdem-tui history`` (default: the table's);
        ``settings`` is the caller's plain settings dict (``GameSettings.to_dict()``) which
        comes back unchanged on resume.
        """
        config = table.config
        history = None
        if record_history:
            history = SessionHistory.create(
                game=config.variant,
                players=list(players or config.names),
                starting_stack=config.starting_stack,
                humans=humans,
                levels=seat_levels(settings, len(config.names)),
            )
        save_file = save_file or SaveFile()
        if save_file.exists():
            # An unfinished session's save is never overwritten by a new game.
            kept = keep_aside(save_file.path, "previous")
            logger.warning("an unfinished session's save was kept as %s", kept)
        store = cls(save_file, history, settings)
        store.save(table)
        return store

    @classmethod
    def resume(
        cls, loaded: LoadResult, *, save_file: SaveFile | None = None
    ) -> tuple[SessionStore, Resumed]:
        """Continue storing a session that :meth:`SaveFile.load` brought back."""
        if loaded.session is None:
            raise ValueError(f"nothing to resume: the save is {loaded.status.value}")
        session = loaded.session
        history = None
        if session.history_path is not None:
            try:
                rebuys = session.extra.get("rebuys")
                history = SessionHistory.reopen(
                    session.history_path,
                    expected_size=session.history_size,
                    stacks=[seat.stack for seat in session.table.seats],
                    rebuys=rebuys if isinstance(rebuys, list) else None,
                )
            except (OSError, ValueError) as exc:
                # never append to a history that is not valid: the session goes on in a
                # new history file, and the old one stays as it was
                logger.warning("history %s cannot be continued: %s", session.history_path, exc)
                config = session.table.config
                with contextlib.suppress(OSError):
                    history = SessionHistory.create(
                        game=config.variant,
                        players=list(config.names),
                        starting_stack=config.starting_stack,
                    )
        store = cls(save_file or SaveFile(), history, session.settings)
        return store, session

    def _failed(self, exc: OSError, first_unsaved: int | None) -> None:
        """Writing failed (read-only folder, full disk, a folder where the file should be):
        stop writing for the rest of the session and keep the reason for the screen.

        The save on disk now describes an older moment than the game: it is renamed
        ``autosave.stale-<time>.json`` (a rename needs no free space), so ``play --resume``
        never rolls the session back to it as if it were current; the player is told at the
        end which hands were not saved and where the older save is.
        """
        self.unusable = f"{exc.strerror or exc}"
        self.first_unsaved = first_unsaved
        logger.warning("storage stopped (first hand not saved: %s): %s", first_unsaved, exc)
        self.history = None
        # the file itself, not save_file.exists(): a background writer's exists() waits for
        # its writes and would raise this very failure again
        if self.save_file.path.is_file():
            try:
                self.stale_save = keep_aside(self.save_file.path, "stale")
            except OSError as aside:
                logger.warning("the stale save could not be set aside: %s", aside)

    def save(
        self, table: Table, hand: Hand | None = None, *, extra: dict[str, Any] | None = None
    ) -> None:
        """Write the autosave now (atomically); ``extra`` is the caller's own plain data.

        A write that fails stops storage for the session (see :attr:`unusable`): the game
        plays on without saving rather than freezing or crashing.
        """
        if self.unusable is not None:
            return
        try:
            self._save(table, hand, extra)
        except OSError as exc:
            self._failed(exc, table.hand_number + (1 if hand is None else 0))

    def _save(self, table: Table, hand: Hand | None, extra: dict[str, Any] | None) -> None:
        self.save_file.save(
            table,
            hand,
            settings=self.settings,
            session_id=self.session_id,
            history_path=self.history.path if self.history else None,
            history_size=self.history.size if self.history else None,
            extra=extra,
        )

    def decision_point(
        self, table: Table, hand: Hand | None, *, extra: dict[str, Any] | None = None
    ) -> None:
        """A human is to act (or a hand was just dealt): save the hand's decisions so far."""
        self.save(table, hand, extra=extra)

    def hand_finished(
        self,
        table: Table,
        hand: Hand,
        *,
        extra: dict[str, Any] | None = None,
        reasons: Mapping[int, Reason] | None = None,
    ) -> None:
        """Record a finished hand (after ``Table.finish_hand``), then save between hands.

        ``reasons`` are the bots' reasons by decision index; the history keeps them.
        """
        if self.history is not None and self.unusable is None:
            self.waiting.append((hand, reasons))
            self.history.note_table(table)
            self._write_waiting()
        self.save(table, None, extra=extra)

    def _write_waiting(self) -> None:
        """Append the hands waiting for the history, oldest first; a transient failure
        (:func:`~holdem_tui.storage.atomic.is_transient`) leaves the rest for the next hand,
        any other stops storage."""
        history = self.history
        while history is not None and self.waiting:
            hand, reasons = self.waiting[0]
            try:
                history.append(hand, reasons=reasons)
            except OSError as exc:
                if is_transient(exc) and len(self.waiting) <= MAX_WAITING:
                    logger.warning(
                        "hand %d waits for the history: %s", hand.config.hand_number, exc
                    )
                    return
                self._failed(exc, hand.config.hand_number)
                return
            self.waiting.pop(0)

    def rebought(self, table: Table, rebuys: Sequence[int]) -> None:
        """A seat bought back in: the history's summary counts the chips it paid."""
        if self.history is not None and self.unusable is None:
            try:
                self.history.rebought([seat.stack for seat in table.seats], rebuys)
            except OSError as exc:
                self._failed(exc, table.hand_number + 1)  # between hands: the next one

    def session_over(self) -> None:
        """The session ended normally: mark the history finished, drop the autosave."""
        if self.unusable is not None:
            return
        self._write_waiting()
        if self.unusable is not None:
            return
        try:
            if self.history is not None:
                self.history.finish()
            self.save_file.clear()
        except OSError as exc:
            self._failed(exc, None)  # every hand is in the history; only its end mark is not
