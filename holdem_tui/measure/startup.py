"""How long a player waits for the table: process start to the first table frame, in a pty.

``holdem-tui bench`` reports it (never a timed test). The game is started the way a player
starts it (``python -m holdem_tui``, no flags: you against five bots) in a pseudo-terminal
of 80×24 with fresh, empty settings and data folders, and the clock stops when the table's
pot line reaches the terminal. Each run is killed right after; nothing is saved anywhere.

Python's compiled bytecode is kept, as in an installed game (``pip`` compiles every module
on install): the starts share one bytecode folder of their own (``PYTHONPYCACHEPREFIX``),
which the unmeasured first start fills. Without it, a shell with ``PYTHONDONTWRITEBYTECODE``
or an editable checkout compiles every module of the game on every start (about 0.1 s here),
a cost no player pays.
"""

from __future__ import annotations

import os
import select
import signal
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

#: what only the table's first frame draws ("Pot: 15" in the middle of the table)
TABLE_MARK = b"Pot"
#: a start that has not drawn the table by then is reported as failed
GIVE_UP_S = 30.0


def first_frame_seconds(
    columns: int = 80, rows: int = 24, bytecode: str | None = None
) -> float | None:
    """Seconds from starting the game to its first table frame; ``None`` where there is
    no pty (Windows) or the table never came. ``bytecode``: the folder for Python's
    compiled modules (written on the first start, read after)."""
    try:
        import fcntl
        import pty
        import termios
    except ImportError:  # no pseudo-terminals here
        return None
    with tempfile.TemporaryDirectory(prefix="holdem-bench-") as folder:
        env = dict(
            os.environ,
            HOLDEM_TUI_CONFIG_DIR=str(Path(folder, "config")),
            HOLDEM_TUI_DATA_DIR=str(Path(folder, "data")),
            TERM="xterm-256color",
            COLUMNS=str(columns),
            LINES=str(rows),
        )
        if bytecode is not None:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = bytecode
        start = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: the game, in the pty
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
            os.execve(sys.executable, [sys.executable, "-m", "holdem_tui"], env)
        try:
            return _wait_for_table(fd, start)
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)


def _wait_for_table(fd: int, start: float) -> float | None:
    seen = b""
    while time.perf_counter() - start < GIVE_UP_S:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:  # the game ended before drawing the table
            return None
        seen = seen[-len(TABLE_MARK) :] + chunk
        if TABLE_MARK in seen:
            return time.perf_counter() - start
    return None


def median_first_frame(runs: int) -> float | None:
    """The median of ``runs`` starts (after one unmeasured start that warms the caches and
    compiles the bytecode)."""
    with tempfile.TemporaryDirectory(prefix="holdem-bench-pyc-") as bytecode:
        first_frame_seconds(bytecode=bytecode)
        starts = (first_frame_seconds(bytecode=bytecode) for _ in range(runs))
        times = [t for t in starts if t is not None]
    return statistics.median(times) if times else None
