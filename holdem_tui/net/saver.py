"""The host's autosave, written by a thread of its own so no decision waits for the disk.

A local table saves at every human decision point, and so does the host; but the host's
decision points come one after another from up to nine players, and each save is a JSON
text of some kilobytes and two ``fsync`` calls (the file, then its folder). Done on the
event loop they were a seventh of the server's time and sat between a player's answer and
the next player's turn. Here the payload is built on the loop (fresh plain data: the state
at that decision point, exactly), and a single writer thread turns it into text and puts
it on disk with the same atomic write as before. Only the newest payload waiting is
written (an older one the writer had no time for is dropped unwritten, never written after
a newer one), and the writer rests :data:`WRITE_INTERVAL` between writes, so a table
played at bot speed costs at most twenty writes a second, not one per action. The file on
disk is always one whole decision point; while the table waits for a person it is that
decision point, at most a write and a rest (some 60 ms) after the question went out.

Anything that reads or removes the file first waits for the writer (:meth:`flush`), so a
finished session's ``clear`` can never be undone by a late write. A write that fails is
raised by every call after it, where :class:`~holdem_tui.storage.session.SessionStore`
turns it into "storage stopped", as with a synchronous save.

Except a write that fails for want of a descriptor or memory (``EMFILE``, ``ENFILE``,
``ENOMEM``, ``ENOBUFS``: a connection flood holds every descriptor for a moment): that is
transient, so the writer rests (:data:`RETRY_PAUSE`, doubling up to :data:`RETRY_MAX`) and
tries again with the newest payload, for as long as it takes. The atomic write leaves the
last good save in place meanwhile (its temporary file is removed when it fails), so the
file on disk is never broken, only as old as the last write that went through.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table
from holdem_tui.storage.atomic import atomic_write_text, is_transient
from holdem_tui.storage.autosave import LoadResult, SaveFile, build_payload

#: seconds the writer rests after a write before taking the newest payload
WRITE_INTERVAL = 0.05
#: the first rest after a transient failure, and the longest (it doubles in between)
RETRY_PAUSE = 0.05
RETRY_MAX = 2.0

log = logging.getLogger("holdem_tui.net")


class BackgroundSaveFile(SaveFile):
    """A :class:`SaveFile` whose writes happen on one background thread, newest first."""

    def __init__(self, path: Any = None) -> None:
        super().__init__(path)
        self._lock = threading.Condition()
        self._pending: dict[str, Any] | None = None
        self._writing = False
        self._failure: OSError | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._hurry = 0  # flushes waiting: the writer skips its rest
        #: transient failures tried again so far (the flood benchmark and tests read it)
        self.retries = 0

    def save(self, table: Table, hand: Hand | None = None, **fields: Any) -> dict[str, Any]:
        """Build the payload now and hand it to the writer; returns the payload."""
        self._raise_failure()
        payload = build_payload(table, hand, **fields)
        with self._lock:
            self._pending = payload
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="host-autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return payload

    def flush(self, timeout: float | None = 30.0) -> None:
        """Wait until everything handed over is on disk (or the write failed: raise it)."""
        with self._lock:
            self._hurry += 1
            self._lock.notify_all()
            try:
                self._lock.wait_for(lambda: self._pending is None and not self._writing, timeout)
            finally:
                self._hurry -= 1
        self._raise_failure()

    def load(self) -> LoadResult:
        """Read the save once the writer is done."""
        self.flush()
        return super().load()

    def exists(self) -> bool:
        """Whether there is a save, once the writer is done."""
        self.flush()
        return super().exists()

    def clear(self) -> None:
        """Remove the save once the writer is done, so no late write brings it back."""
        self.stop()
        super().clear()

    def stop(self, timeout: float | None = 30.0) -> None:
        """Write what is waiting, then end the writer thread (a later save starts another)."""
        with self._lock:
            thread = self._thread
            self._stopping = True
            self._lock.notify_all()
        if thread is not None:
            thread.join(timeout)
        with self._lock:
            if self._thread is thread:
                self._thread = None
            self._stopping = False
        self._raise_failure()

    def _raise_failure(self) -> None:
        """A failed write is raised by every call after it (as the folder stays unusable,
        the session's storage stops at the first, as with a synchronous save)."""
        with self._lock:
            failure = self._failure
        if failure is not None:
            raise failure

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._stopping)
                if self._pending is None:
                    return
                payload, self._pending = self._pending, None
                self._writing = True
            try:
                self._write(payload)
            except OSError as exc:
                with self._lock:
                    self._failure = exc
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()
                    self._lock.wait_for(lambda: self._stopping or self._hurry > 0, WRITE_INTERVAL)

    def _write(self, payload: dict[str, Any]) -> None:
        """Put ``payload`` (or a newer one handed over meanwhile) on disk; a transient
        failure is tried again after a rest, however often (see the module docstring)."""
        text = json.dumps(payload, ensure_ascii=False) + "\n"
        pause = RETRY_PAUSE
        while True:
            try:
                atomic_write_text(self.path, text)
                return
            except OSError as exc:
                if not is_transient(exc):
                    raise
                if self.retries % 100 == 0:  # said once, not once per try
                    log.warning("the table's save waits for a free descriptor: %s", exc)
                self.retries += 1
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None, pause)
                if self._pending is not None:  # a newer decision point: write that one
                    payload, self._pending = self._pending, None
                    text = json.dumps(payload, ensure_ascii=False) + "\n"
            pause = min(pause * 2, RETRY_MAX)
