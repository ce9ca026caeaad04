"""One browser tab's game: ``python -m holdem_tui.commands.web_tab LIFELINE -- ARGS``.

``holdem-tui serve`` starts this once per tab, with ``ARGS`` a ``play`` or ``join`` command
line, Textual's web driver chosen in the environment and the tab's own data folders. Two
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

import os
import signal
import sys
import threading
from typing import Final

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


def main(argv: list[str]) -> None:
    """Run ``argv[1:]`` (after ``--``) as a ``holdem-tui`` command line for one tab."""
    lifeline = int(argv[0])
    args = argv[argv.index("--") + 1 :]
    _private_stream()
    threading.Thread(target=_watch_lifeline, args=(lifeline,), name="lifeline", daemon=True).start()
    if not args or args[0] not in COMMANDS:
        raise SystemExit(f"web_tab runs one of {', '.join(COMMANDS)}, not {args[:1]}")
    import importlib

    command = importlib.import_module(f"holdem_tui.commands.{args[0]}").command
    command.main(args=args[1:], prog_name=f"holdem-tui {args[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
