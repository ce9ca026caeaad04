"""Plugin bots run in their own process: a copy of the view goes out, an action comes back.

Why: a plugin in the game's process can read every hole card (``gc.get_objects()``), change
the engine's pots, spin forever or allocate gigabytes while holding the GIL so no timeout
fires. :class:`ProcessBot` starts :mod:`holdem_tui.bots.plugin_worker`, checks there (not
here: the game never imports a plugin) that the spec names a class with ``decide``, then
for each decision sends the view through :mod:`holdem_tui.wire` and waits at most the
timeout for the answer. A late, dead or babbling worker is killed and restarted for the
next decision; every fault is counted by kind. The worker's memory is capped. A reason the
plugin gives comes back beside the action, strictly decoded and kept only in its own words
(a bad one is dropped, the action still counts).
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import subprocess
import sys
import threading
import time
import weakref
from collections import Counter
from typing import Any

from holdem_tui.engine.decision import Decision, Reason
from holdem_tui.engine.view import PlayerView
from holdem_tui.wire import codec

log = logging.getLogger("holdem_tui.bots")

#: address-space cap of a plugin's process (MiB): room for numpy, not for a 2 GB array
DEFAULT_MEMORY_MB = 1024
#: seconds a plugin's process may take to import and build its bot
START_TIMEOUT = 20.0
#: restarts in a row that fail before a plugin is retired (it then always checks or folds)
MAX_FAILED_RESTARTS = 3
#: longest answer line read from a plugin (an action is well under 200 bytes)
MAX_ANSWER_BYTES = 64 * 1024


class PluginFault(Exception):
    """One decision a plugin did not make; ``kind`` is timeout, crash, exception or protocol."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class _Worker:
    """One running plugin process and a bounded line reader on its answers."""

    def __init__(self, spec: str, seed: int | None, memory_mb: int, timeout: float) -> None:
        env = dict(os.environ)
        # one thread per numeric library: their buffers would eat the memory cap
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env[name] = "1"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "holdem_tui.bots.plugin_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            bufsize=0,
            close_fds=True,
        )
        self._buffer = b""
        self._finalizer = weakref.finalize(self, _kill, self.process)
        hello = {"hello": {"spec": spec, "seed": seed, "path": sys.path, "memory_mb": memory_mb}}
        reply = self.ask(hello, timeout)
        if "refused" in reply:
            self.close()
            raise ValueError(str(reply["refused"])[:500])
        ready = reply.get("ready")
        if not isinstance(ready, dict) or not isinstance(ready.get("name"), str):
            self.close()
            raise PluginFault("protocol", "no ready message")
        self.name: str = ready["name"]

    def ask(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one message and read one answer line within ``timeout`` seconds."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write((codec.to_json(message) + "\n").encode("ascii"))
            stdin.flush()
        except OSError:
            raise PluginFault("crash", self._exit_detail()) from None
        line = self._read_line(timeout)
        try:
            reply = codec.from_json(line, max_bytes=MAX_ANSWER_BYTES)
        except codec.WireError as exc:
            raise PluginFault("protocol", str(exc)) from None
        if not isinstance(reply, dict):
            raise PluginFault("protocol", "an answer that is not an object")
        return reply

    def _read_line(self, timeout: float) -> bytes:
        stdout = self.process.stdout
        assert stdout is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PluginFault("timeout", f"no answer within {timeout:g} s")
            ready, _, _ = select.select([stdout], [], [], left)
            if not ready:
                continue
            chunk = os.read(stdout.fileno(), 65536)
            if not chunk:
                raise PluginFault("crash", self._exit_detail())
            self._buffer += chunk
            if len(self._buffer) > MAX_ANSWER_BYTES:
                raise PluginFault("protocol", "an answer longer than allowed")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _exit_detail(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "its process stopped answering"
        return f"its process ended (exit status {code})"

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.process.poll() is None

    def close(self) -> None:
        """Kill the process and reap it."""
        self._finalizer()


def _kill(process: subprocess.Popen[bytes]) -> None:
    for stream in (process.stdin, process.stdout):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5.0)


class ProcessBot:
    """A plugin bot seen by the game like any bot, but living in its own process.

    Building one starts the worker and waits until the plugin is imported and checked, so
    a bad spec raises ``ValueError`` before any hand. ``decide`` raises
    :class:`PluginFault` on a timeout, a crash, an exception inside the plugin or a garbled
    answer; :func:`~holdem_tui.bots.safety.safe_decide` turns that into check-or-fold.
    """

    def __init__(
        self,
        spec: str,
        seed: int | None = None,
        *,
        timeout: float = 5.0,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ) -> None:
        self.spec = spec.strip()
        self.seed = seed
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.faults: Counter[str] = Counter()
        #: how often the worker was started again after it died or hung
        self.restarts = 0
        self.retired = False
        self._failed_restarts = 0
        self._lock = threading.Lock()  # one question at a time on the pipe
        self._worker: _Worker | None = _Worker(self.spec, seed, memory_mb, START_TIMEOUT)
        self.name: str = self._worker.name

    def decide(self, view: PlayerView) -> Decision:
        """The plugin's answer within ``self.timeout`` seconds (see :meth:`decide_within`)."""
        return self.decide_within(view, self.timeout)

    def decide_within(self, view: PlayerView, timeout: float | None) -> Decision:
        """Ask the plugin; raise :class:`PluginFault` (and count it) when it fails."""
        try:
            with self._lock:
                return self._decide(view, timeout if timeout is not None else 3600.0)
        except PluginFault as fault:
            self.faults[fault.kind] += 1
            if fault.kind != "exception":
                self._stop_worker()  # late, dead or out of step: never reuse it
            raise

    def _decide(self, view: PlayerView, timeout: float) -> Decision:
        worker = self._running_worker()
        reply = worker.ask({"view": codec.encode_view(view)}, timeout)
        if "error" in reply:
            raise PluginFault("exception", str(reply["error"])[:300])
        try:
            action = codec.decode_action(reply.get("action"))
        except codec.WireError as exc:
            raise PluginFault("protocol", str(exc)) from None
        return Decision(action, self._reason(reply.get("reason")))

    def _reason(self, data: object) -> Reason | None:
        """The reason beside the answer, if any and well formed (else dropped, logged)."""
        if data is None:
            return None
        try:
            return codec.decode_reason(data)
        except codec.WireError as exc:
            log.warning("plugin %s gave a malformed reason (%s); it is dropped", self.name, exc)
            return None

    def _running_worker(self) -> _Worker:
        if self._worker is not None and self._worker.alive:
            return self._worker
        if self.retired:
            raise PluginFault("retired", f"restarted {MAX_FAILED_RESTARTS} times without success")
        self._stop_worker()
        self.restarts += 1
        try:
            self._worker = _Worker(self.spec, self.seed, self.memory_mb, START_TIMEOUT)
        except (PluginFault, ValueError, OSError) as exc:
            self._failed_restarts += 1
            if self._failed_restarts >= MAX_FAILED_RESTARTS:
                self.retired = True
            raise PluginFault("crash", f"restart failed: {exc}") from None
        self._failed_restarts = 0
        return self._worker

    def _stop_worker(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def close(self) -> None:
        """End the plugin's process (it is also ended when this object is collected)."""
        self.retired = True
        self._stop_worker()

    def __repr__(self) -> str:
        return f"ProcessBot({self.spec!r}, seed={self.seed!r})"
