"""One browser tab's game: ``python -m holdem_tui.commands.web_tab LIFELINE SERVER``.

``holdem-tui serve`` keeps one of these started ahead of the next tab (a *spare*: it has
imported the game while nobody waited, about a second of a page's opening), and hands it
the tab's ``play`` or ``join`` command line, its own folders and its screen size as one JSON
line on stdin when a tab opens; Textual's web driver is chosen in the environment. Two
things make a game under a web server different from one in a terminal, and both are
settled here rather than in ``play`` or ``join``:

- **The screen is a packet stream.** Textual's web driver writes framed packets to the
  process's standard output, so any other text there (``play``'s "come back with
  ``--resume``" line, a stray print from a library or a plugin's process) would corrupt the
  stream. The stream moves to a private descriptor and descriptor 1 becomes standard error,
  which the server keeps in its log.
- **The server can vanish.** A server that is killed (even by SIGKILL) must not leave a
  game running with no screen and its data folder locked. ``LIFELINE`` is the read end of a
  pipe whose write end only the server holds: the kernel closes it when the server dies, the
  read here returns, and the game is asked to end (SIGTERM, which Textual turns into a
  clean exit that keeps the save); if it has not ended soon after, the process exits anyway.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Final

from holdem_tui.storage.paths import DATA_ENV

#: the commands a tab may run: a game of its own, or a seat at the served table
COMMANDS: Final = ("play", "join")
#: how long a game whose server died may take to close before it is ended regardless (s)
ORPHAN_GRACE: Final = 5.0


def _watch_lifeline(fd: int) -> None:
    """Block until the server's end of the lifeline closes, then end this game."""
    try:
        while os.read(fd, 64):
            pass
    except OSError:
        pass
    os.kill(os.getpid(), signal.SIGTERM)
    threading.Timer(ORPHAN_GRACE, os._exit, args=(1,)).start()


def _private_stream() -> None:
    """Give the screen's packets a descriptor of their own; fd 1 becomes standard error."""
    screen = os.dup(1)
    os.dup2(2, 1)
    # Textual's web driver writes its packets to sys.__stdout__
    sys.__stdout__ = os.fdopen(screen, "w", encoding="utf-8", closefd=True)  # type: ignore[misc]
    sys.stdout = sys.stderr


def _read_order() -> tuple[list[str], dict[str, str]]:
    """The tab's command line and environment, one JSON line on stdin, read a byte at a
    time so that not one byte of the screen's input stream after it is taken."""
    line = bytearray()
    while not line.endswith(b"\n"):
        byte = os.read(0, 1)
        if not byte:
            raise SystemExit(0)  # the server went before any tab came: nothing to do
        line += byte
    order = json.loads(line)
    argv = [str(arg) for arg in order["argv"]]
    env = {str(key): str(value) for key, value in order["env"].items()}
    return argv, env


def _warm_up() -> None:
    """Import what every game needs while no tab waits (about a second of the page open)."""
    import holdem_tui.commands.join
    import holdem_tui.commands.play
    import holdem_tui.ui.app
    import holdem_tui.ui.remote  # noqa: F401


def main(argv: list[str]) -> None:
    """``LIFELINE SERVER`` (the server's folder, for ``ps`` to show whose game it is): get
    ready, then take the tab's command line (with its folders and
    screen size) from stdin and run it (:meth:`~holdem_tui.web.process.TabProcess.claim`)."""
    lifeline = int(argv[0])
    _private_stream()
    threading.Thread(target=_watch_lifeline, args=(lifeline,), name="lifeline", daemon=True).start()
    _warm_up()
    args, env = _read_order()
    os.environ.update(env)
    # the tab's folder is where its game runs: ``ls -l /proc/PID/cwd`` tells whose it is
    os.chdir(Path(env[DATA_ENV]).parent)
    if not args or args[0] not in COMMANDS:
        raise SystemExit(f"web_tab runs one of {', '.join(COMMANDS)}, not {args[:1]}")
    import importlib

    command = importlib.import_module(f"holdem_tui.commands.{args[0]}").command
    command.main(args=args[1:], prog_name=f"holdem-tui {args[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
