"""Plugin bots run in their own confined process: a copy of the view goes out, an action back.

Why: a plugin is code that wants to win by cheating. In the game's process it could read
every hole card (``gc.get_objects()``), change the engine's pots, spin forever or allocate
gigabytes while holding the GIL so no timeout fires. :class:`ProcessBot` starts
:mod:`holdem_tui.bots.plugin_worker`, which puts itself behind the operating system's
boundary (:mod:`holdem_tui.bots.confine`) before it imports the plugin, and checks there
(never here: the game never imports a plugin) that the spec names a class with ``decide``.

Time is bounded three ways, so a plugin cannot stall a table:

* each decision waits at most the decision timeout, *including* any wait for the plugin's
  process to start again: starts and restarts run in the background, and a decision that
  comes before one is ready is a timeout (check or fold);
* a session budget (a chess clock): the plugin starts with :data:`SESSION_BUDGET` seconds
  and gains :data:`BUDGET_INCREMENT` per decision; a decision may never use more than the
  clock holds, so answering just under the timeout every time drains it;
* :data:`MAX_CONSECUTIVE_FAULTS` faults of any kind in a row (timeouts, crashes, garbled or
  illegal answers, exceptions) retire the plugin: its process is ended and it checks or
  folds for the rest of the session without being asked again.

Every fault is counted by kind. A reason the plugin gives comes back beside the action,
strictly decoded; :mod:`holdem_tui.bots.safety` alone puts it in the plugin's own words.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from holdem_tui.bots import confine
from holdem_tui.bots.faults import FaultKind
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision, Reason
from holdem_tui.engine.view import PlayerView
from holdem_tui.wire import codec

log = logging.getLogger("holdem_tui.bots")

#: address-space cap of a plugin's process (MiB): room for numpy, not for a 2 GB array
DEFAULT_MEMORY_MB = 1024
#: seconds a plugin's process may take to import and build its bot before the game stops
#: waiting for it on the command line (:meth:`ProcessBot.ready`); at the table a decision
#: never waits longer than its own timeout
START_TIMEOUT = 20.0
#: seconds of thinking a plugin has in hand at the start of a session (its chess clock)
SESSION_BUDGET = 20.0
#: seconds added to the clock with every decision
BUDGET_INCREMENT = 1.0
#: faults of any kind in a row after which a plugin is retired for the session
MAX_CONSECUTIVE_FAULTS = 3
#: longest answer line read from a plugin (an action is well under 200 bytes)
MAX_ANSWER_BYTES = 64 * 1024
#: what a retired plugin's every later decision reports (it is not asked any more)
RETIRED_DETAIL = "retired after repeated faults"
#: environment variables whose values name the game's private folders (data, settings)
PRIVATE_DIR_VARIABLES = ("HOLDEM_TUI_DATA_DIR", "HOLDEM_TUI_CONFIG_DIR")


@dataclass(frozen=True, slots=True)
class PluginAnswer:
    """A plugin's answer as it came out of its process: the action strictly decoded, the
    reason as the plugin gave it (its text, or a key and parameters), in nobody's words:
    :func:`~holdem_tui.bots.safety.checked_reason` puts it in the plugin's own, once."""

    action: Action
    reason: str | Reason | None = None


class PluginFault(Exception):
    """One decision a plugin did not make; ``kind`` says why (timeout, crash, exception,
    protocol or retired)."""

    def __init__(self, kind: FaultKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def worker_environment() -> dict[str, str]:
    """The plugin's whole environment: nothing of the game's (no paths, no seed, no user).

    ``PYTHONPATH`` only lets the worker import this game; the plugin's own import path comes
    in the hello. One thread per numeric library: their buffers would eat the memory cap.
    """
    import holdem_tui

    return {
        "PATH": os.defpath,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": str(Path(holdem_tui.__file__).resolve().parent.parent),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


def private_folders() -> list[str]:
    """Folders the plugin may never be granted (nor any folder holding one): the player's
    home, and the game's data and settings wherever they were moved."""
    found = [str(Path.home())]
    found += [os.environ[name] for name in PRIVATE_DIR_VARIABLES if os.environ.get(name)]
    return found


_protected = False
#: the boundary's layers the last plugin process reported (the start line and ``bench``)
last_layers: tuple[confine.Layer, ...] = ()
#: most plugin processes starting at once (a table's plugin seats; more wait their turn)
MAX_STARTING = 16
#: the threads that start plugin processes, each start wholly (the process, its hello, its
#: ready line, then stopped): reused, never one per start or per decision. The kernel's
#: "kill me when my parent dies" (``PR_SET_PDEATHSIG``) follows the *thread* that started a
#: process: started from a short-lived thread, a worker would be killed when that thread
#: ends; these live as long as the game
_SPAWNER = ThreadPoolExecutor(max_workers=MAX_STARTING, thread_name_prefix="plugin-spawner")


def _new_spawner() -> None:
    """In a forked child (the simulator's worker processes) the parent's spawner thread does
    not exist: the child starts its plugins from a spawner of its own."""
    global _SPAWNER
    _SPAWNER = ThreadPoolExecutor(max_workers=MAX_STARTING, thread_name_prefix="plugin-spawner")


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_spawner)


def _protect_game_once() -> None:
    """The game becomes undumpable the first time a plugin is seated (see
    :func:`~holdem_tui.bots.confine.protect_game`)."""
    global _protected
    if not _protected:
        _protected = True
        if not confine.protect_game():
            log.info("could not make the game undumpable (not Linux?)")


@dataclass(frozen=True, slots=True)
class _Options:
    """How a plugin's process is started: its memory cap, where its output goes (nowhere
    unless a log file is given) and layers of the boundary left out (tests and bench only)."""

    memory_mb: int = DEFAULT_MEMORY_MB
    log_file: Path | None = None
    without: frozenset[str] = frozenset()


class _Worker:
    """One running plugin process and a bounded line reader on its answers.

    Built on a spawner thread (see :data:`_SPAWNER`), which sends the hello and reads the
    ``ready`` line (:meth:`read_ready`) before anything else is asked.
    """

    def __init__(self, spec: str, seed: int | None, options: _Options) -> None:
        memory_mb, log_file = options.memory_mb, options.log_file
        self._log: IO[bytes] | None = None
        if log_file is not None:
            self._log = open(log_file, "ab")  # noqa: SIM115 - closed with the worker
        self.process = subprocess.Popen(
            [sys.executable, "-B", "-m", "holdem_tui.bots.plugin_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log if self._log is not None else subprocess.DEVNULL,
            env=worker_environment(),
            cwd="/",
            bufsize=0,
            close_fds=True,
            start_new_session=True,  # its own process group (killed whole) and no terminal
        )
        self._buffer = b""
        self._finalizer = weakref.finalize(self, _kill, self.process, self._log, os.getpid())
        self.name = spec
        self.layers: tuple[confine.Layer, ...] = ()
        hello = {
            "hello": {
                "spec": spec,
                "seed": seed,
                "path": sys.path,
                "memory_mb": memory_mb,
                "private": private_folders(),
                "without": sorted(options.without),
            }
        }
        with contextlib.suppress(PluginFault):  # it died at once: its ready line says so
            self._send(hello)

    def read_ready(self, timeout: float) -> None:
        """Read the ``ready`` line within ``timeout`` (``ValueError`` on a refusal,
        :class:`PluginFault` otherwise; a timeout keeps what was read, to go on later).
        Once it is in, the plugin is stopped until its first question."""
        line = self._read_line(timeout)
        self._signal("SIGSTOP")
        reply = self._parse(line)
        if "refused" in reply:
            raise ValueError(str(reply["refused"])[:500])
        ready = reply.get("ready")
        if not isinstance(ready, dict) or not isinstance(ready.get("name"), str):
            raise PluginFault(FaultKind.PROTOCOL, "no ready message")
        self.name = ready["name"]
        self.layers = _layers(ready.get("layers"))
        global last_layers
        last_layers = self.layers

    def _send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write((codec.to_json(message) + "\n").encode("ascii"))
            stdin.flush()
        except OSError:
            raise PluginFault(FaultKind.CRASH, self._exit_detail()) from None

    @staticmethod
    def _parse(line: bytes) -> dict[str, Any]:
        try:
            reply = codec.from_json(line, max_bytes=MAX_ANSWER_BYTES)
        except codec.WireError as exc:
            raise PluginFault(FaultKind.PROTOCOL, str(exc)) from None
        if not isinstance(reply, dict):
            raise PluginFault(FaultKind.PROTOCOL, "an answer that is not an object")
        return reply

    def ask(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one message and read one answer line within ``timeout`` seconds.

        The plugin runs only while it is asked: its process group is stopped the moment an
        answer (or the time) is in, and continued with the next question, so no thread of
        it thinks, spins or waits for cards between its own decisions.
        """
        self._signal("SIGCONT")
        try:
            self._send(message)
            line = self._read_line(timeout)
        finally:
            self._signal("SIGSTOP")
        return self._parse(line)

    def _read_line(self, timeout: float) -> bytes:
        stdout = self.process.stdout
        assert stdout is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PluginFault(FaultKind.TIMEOUT, f"no answer within {timeout:.3g} s")
            ready, _, _ = select.select([stdout], [], [], left)
            if not ready:
                continue
            chunk = os.read(stdout.fileno(), 65536)
            if not chunk:
                raise PluginFault(FaultKind.CRASH, self._exit_detail())
            self._buffer += chunk
            if len(self._buffer) > MAX_ANSWER_BYTES:
                raise PluginFault(FaultKind.PROTOCOL, "an answer longer than allowed")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _exit_detail(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "its process stopped answering"
        return f"its process ended (exit status {code})"

    def _signal(self, name: str) -> None:
        """Send ``SIGSTOP``/``SIGCONT`` to the plugin's whole process group (POSIX)."""
        number = getattr(signal, name, None)
        if number is not None and hasattr(os, "killpg") and self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, number)

    @property
    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.process.poll() is None

    def close(self) -> None:
        """Kill the process's whole group and reap it."""
        self._finalizer()


def isolation_line(layers: tuple[confine.Layer, ...]) -> str | None:
    """One line saying what of the plugin boundary is missing here (``None``: all of it held).

    Said at start when a plugin is seated, and by ``holdem-tui bench --only isolation``.
    """
    if not sys.platform.startswith("linux"):
        return (
            f"plugin bots on {sys.platform}: a separate process with a memory cap and a time "
            "limit only; they can read your files, use the network and see other programs"
        )
    missing = [f"{layer.name} ({layer.detail})" for layer in layers if not layer.held]
    if not missing:
        return None
    return "plugin isolation incomplete on this system: no " + "; no ".join(missing)


def _layers(data: object) -> tuple[confine.Layer, ...]:
    """The boundary's layers as the worker reported them (anything malformed is dropped)."""
    if not isinstance(data, list):
        return ()
    return tuple(
        confine.Layer(str(item[0])[:40], item[1] is True, str(item[2])[:300])
        for item in data
        if isinstance(item, list) and len(item) == 3
    )


def _kill(process: subprocess.Popen[bytes], log_file: IO[bytes] | None, owner: int) -> None:
    if os.getpid() != owner:
        return  # a forked copy of the game (the simulator's workers): the process is not ours
    for stream in (process.stdin, process.stdout, log_file):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()
    if hasattr(os, "killpg"):  # POSIX: the worker and anything it started
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5.0)


class _Start:
    """A plugin's process being started on a spawner thread: the process, its hello and its
    ready line, after which it is stopped until its first question (as between questions),
    so it never runs unasked once it has started. Nobody waits for a start but whoever
    needs the plugin, each at most its own limit (:meth:`wait`); cancelling ends it."""

    def __init__(self, spec: str, seed: int | None, options: _Options) -> None:
        self.worker: _Worker | None = None
        self._cancelled = False
        self._lock = threading.Lock()
        self._spawn: Future[None] = _SPAWNER.submit(self._run, spec, seed, options)

    def _run(self, spec: str, seed: int | None, options: _Options) -> None:
        worker = _Worker(spec, seed, options)
        with self._lock:
            self.worker = worker
            cancelled = self._cancelled
        try:
            if cancelled:
                raise PluginFault(FaultKind.CRASH, "stopped while starting")
            try:
                worker.read_ready(START_TIMEOUT)
            except PluginFault as fault:
                if fault.kind is FaultKind.TIMEOUT:
                    raise PluginFault(
                        FaultKind.TIMEOUT, f"not started within {START_TIMEOUT:g} s"
                    ) from None
                raise
        except BaseException:
            worker.close()
            raise

    @property
    def settled(self) -> bool:
        """Whether the start is over: ready, or failed."""
        return self._spawn.done()

    @property
    def ready(self) -> bool:
        """Whether the plugin started and waits for its first question."""
        return self._spawn.done() and self._spawn.exception() is None

    @property
    def error(self) -> BaseException | None:
        """Why the start failed (``None``: it did not, or is not over)."""
        return self._spawn.exception() if self._spawn.done() else None

    def wait(self, limit: float) -> bool:
        """Wait at most ``limit`` seconds for the start to be over; returns :attr:`settled`."""
        futures_wait([self._spawn], timeout=max(0.0, limit))
        return self.settled

    def cancel(self) -> None:
        """End the process now, started or not (a start in progress then fails)."""
        with self._lock:
            self._cancelled = True
            worker = self.worker
        if worker is not None:
            worker.close()


class ProcessBot:
    """A plugin bot seen by the game like any bot, but living in its own confined process.

    Building one starts the process in the background and returns at once (no event loop
    or screen waits for a plugin to import). :meth:`ready` waits for that start and raises
    ``ValueError`` for a spec that names no bot class (the command line asks it before any
    hand). ``decide`` raises :class:`PluginFault` on a timeout, a crash, an exception inside
    the plugin or a garbled answer; :func:`~holdem_tui.bots.safety.safe_decide` turns that
    into check-or-fold and reports each outcome back (:meth:`outcome`) for retirement.
    """

    def __init__(
        self,
        spec: str,
        seed: int | None = None,
        *,
        timeout: float = 5.0,
        memory_mb: int = DEFAULT_MEMORY_MB,
        budget: float | None = None,
        increment: float = BUDGET_INCREMENT,
        log_file: Path | None = None,
        without: frozenset[str] = frozenset(),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        _protect_game_once()
        self.spec = spec.strip()
        self.seed = seed
        self.timeout = timeout
        self._options = _Options(memory_mb, log_file, without)
        #: seconds of thinking left on the plugin's clock (see the module's docstring)
        self.bank = SESSION_BUDGET if budget is None else budget
        self.increment = increment
        self._clock = clock
        self.faults: Counter[str] = Counter()
        #: how often the process was started again after it died, hung or failed to start
        self.restarts = 0
        #: faults in a row; at MAX_CONSECUTIVE_FAULTS the plugin is retired
        self.consecutive_faults = 0
        self.retired = False
        self._lock = threading.Lock()  # one question at a time on the pipe
        self._start = self._launch()

    def _launch(self) -> _Start:
        return _Start(self.spec, self.seed, self._options)

    # ------------------------------------------------------------------ starting

    def ready(self, timeout: float | None = None) -> None:
        """Wait for the first start: ``ValueError`` if the plugin refused (a bad spec, a
        module that fails to import), :class:`PluginFault` if it did not start in time."""
        start = self._start
        if not start.wait(START_TIMEOUT if timeout is None else timeout):
            raise PluginFault(
                FaultKind.TIMEOUT, f"{self.spec} did not start within {START_TIMEOUT:g} s"
            )
        if isinstance(start.error, ValueError):
            raise start.error
        if start.error is not None:
            raise PluginFault(FaultKind.CRASH, f"{self.spec} could not start: {start.error}")

    def _started(self) -> _Worker | None:
        """The worker once its start is over and it is ready."""
        start = self._start
        return start.worker if start.ready else None

    @property
    def name(self) -> str:
        """The plugin's own name once it has started (printable, cut), else its spec."""
        worker = self._started()
        return self.spec if worker is None else worker.name

    @property
    def layers(self) -> tuple[confine.Layer, ...]:
        """The boundary's layers the running process reported (empty until it is ready)."""
        worker = self._started()
        return () if worker is None else worker.layers

    # ------------------------------------------------------------------ deciding

    def decide(self, view: PlayerView) -> Decision:
        """The plugin's checked decision within ``self.timeout`` seconds, raising
        :class:`PluginFault` when it fails (a table asks through
        :func:`~holdem_tui.bots.safety.safe_decide`, which plays check-or-fold instead)."""
        from holdem_tui.bots.safety import checked_reason

        answer = self.decide_within(view, self.timeout)
        return Decision(answer.action, checked_reason(answer.reason, plugin=True, bot=self.name))

    def decide_within(self, view: PlayerView, timeout: float | None) -> PluginAnswer:
        """Ask the plugin; raise :class:`PluginFault` (and count it) when it fails.

        The decision may use at most ``timeout`` (``None``: the bot's own) and what its
        clock holds, waiting for a start included. The clock is read twice, before and
        after; an answer that comes later than the decision's limit is a timeout too. The
        question and its answer run in the calling thread alone (a start in progress is
        waited for, never done, here).
        """
        with self._lock:
            if self.retired:
                raise PluginFault(FaultKind.RETIRED, RETIRED_DETAIL)
            limit = min(self.timeout if timeout is None else timeout, self.bank + self.increment)
            began = self._clock()
            failure: PluginFault | None = None
            try:
                decision = self._decide(view, limit)
            except PluginFault as fault:
                failure = fault
            spent = self._clock() - began
            self.bank = max(0.0, self.bank + self.increment - spent)
            if failure is None and spent > limit:
                failure = PluginFault(FaultKind.TIMEOUT, f"answered after its {limit:.3g} s")
            if failure is None:
                return decision
            self.faults[failure.kind] += 1
            # late, dead or out of step: never reuse it (a start still under way goes on);
            # not started again for the fault that retires it (:meth:`outcome` follows)
            retiring = self.consecutive_faults + 1 >= MAX_CONSECUTIVE_FAULTS
            if failure.kind is not FaultKind.EXCEPTION and self._start.settled and not retiring:
                self._relaunch()
            raise failure

    def _decide(self, view: PlayerView, limit: float) -> PluginAnswer:
        deadline = time.monotonic() + limit
        worker = self._worker_within(limit)
        left = deadline - time.monotonic()
        if left <= 0:
            raise PluginFault(FaultKind.TIMEOUT, f"not started within {limit:.3g} s")
        reply = worker.ask({"view": codec.encode_view(view)}, left)
        if "error" in reply:
            raise PluginFault(FaultKind.EXCEPTION, str(reply["error"])[:300])
        try:
            action = codec.decode_action(reply.get("action"))
        except codec.WireError as exc:
            raise PluginFault(FaultKind.PROTOCOL, str(exc)) from None
        return PluginAnswer(action, self._reason(reply.get("reason")))

    def _worker_within(self, limit: float) -> _Worker:
        """The running process, waiting at most ``limit`` for a start in progress."""
        start = self._start
        if not start.wait(limit):
            # the start goes on in the background; this decision is lost, not the next
            raise PluginFault(FaultKind.TIMEOUT, f"not started within {limit:.3g} s")
        if start.error is not None or start.worker is None or not start.worker.alive:
            detail = "its process ended" if start.error is None else str(start.error)
            raise PluginFault(FaultKind.CRASH, f"start failed: {detail}"[:300])
        return start.worker

    @staticmethod
    def _reason(data: object) -> str | Reason | None:
        """The reason beside the answer as the plugin sent it (text, or a key and its
        parameters), decoded but still in nobody's words. Anything else is no reason."""
        if isinstance(data, str):
            return data
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            return None
        params = data.get("params")
        if not isinstance(params, list):
            return None
        pairs = tuple(
            (str(item[0]), item[1])
            for item in params
            if isinstance(item, list) and len(item) == 2 and type(item[1]) in (int, float, str)
        )
        return Reason(data["key"], pairs)

    def _relaunch(self) -> None:
        """End the current process and start another in the background (unless retired)."""
        self._start.cancel()
        if not self.retired:
            self.restarts += 1
            self._start = self._launch()

    # ------------------------------------------------------------------ faults

    def outcome(self, fault: FaultKind | None) -> bool:
        """Record how a decision ended (``None``: well; else the fault's kind, an illegal
        answer included); returns True when this fault retired the plugin."""
        if fault is None:
            self.consecutive_faults = 0
            return False
        if self.retired:
            return False
        self.consecutive_faults += 1
        if self.consecutive_faults >= MAX_CONSECUTIVE_FAULTS:
            log.warning(
                "plugin %s retired after %d faults in a row", self.name, self.consecutive_faults
            )
            self.close()
            return True
        return False

    def close(self) -> None:
        """End the plugin's process for good (it is also ended when this object is collected)."""
        self.retired = True
        self._start.cancel()

    def __repr__(self) -> str:
        return f"ProcessBot({self.spec!r})"
