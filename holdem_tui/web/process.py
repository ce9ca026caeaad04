"""One tab's game process, on top of textual-serve's :class:`AppService`.

textual-serve's ``AppService`` speaks the packet protocol of Textual's web driver (screen
bytes out, keys and resizes in); that part is used as it is. What it does not do, and a game
server must, is done here:

- the command is run without a shell (the tab's command line is a list, never a string
  someone could have put a ``;`` into), in a session of its own so the game and anything it
  started (a plugin bot's process) can be ended as one group;
- it gets a *lifeline* (:mod:`holdem_tui.commands.web_tab`): if the server dies, the game
  ends itself and releases its data folder instead of running on with no screen;
- stopping is bounded: the game is asked to quit, given :data:`QUIT_GRACE` to save and go,
  and then its whole group is killed, so a server with many tabs stops within a second
  (textual-serve waits for each app however long it takes);
- the server learns when the game has ended and whether it ever drew a screen, so the page
  can say "the game ended" or "the game could not start" instead of a splash forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Final

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

#: seconds a game has to close after "quit" before its process group is killed (its saves
#: are atomic, written at every decision and hand: a kill loses nothing)
QUIT_GRACE: Final = 0.4
#: the module each tab runs (see its docstring)
TAB_MODULE: Final = "holdem_tui.commands.web_tab"


class TabProcess(AppService):
    """A game process for one browser tab: started ahead (:meth:`spawn`), then given its
    tab (:meth:`claim`): a ``holdem-tui`` command line, the tab's folders, its screen."""

    def __init__(self, download_manager: DownloadManager, server: Path) -> None:
        super().__init__(
            TAB_MODULE,
            write_bytes=_nowhere,
            write_str=_nowhere,
            close=self._app_exited,
            download_manager=download_manager,
        )
        self.argv: list[str] = []
        self.server = server
        #: whether the game drew anything (it started)
        self.drew = False
        self._on_end: Callable[[TabProcess], Awaitable[None]] | None = None
        self._lifeline: int | None = None

    @property
    def pid(self) -> int | None:
        """The game's process id (its process group's too), once started."""
        return None if self._process is None else self._process.pid

    @property
    def ready(self) -> bool:
        """Started, not claimed, and still alive: a tab can have it."""
        return self._process is not None and self._process.returncode is None and not self.argv

    async def spawn(self) -> None:
        """Start the process; it gets ready while no tab waits."""
        await self._open_app_process()

    async def claim(
        self,
        argv: Sequence[str],
        env: Mapping[str, str],
        size: tuple[int, int],
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        on_end: Callable[[TabProcess], Awaitable[None]],
    ) -> None:
        """Give the process its tab and start relaying its screen there."""
        self.argv = list(argv)
        self.remote_write_bytes = write_bytes
        self.remote_write_str = write_str
        self._on_end = on_end
        order = {"argv": self.argv, "env": {**env, "COLUMNS": str(size[0]), "ROWS": str(size[1])}}
        self.stdin.write((json.dumps(order) + "\n").encode("utf-8"))
        await self.stdin.drain()
        self._task = asyncio.create_task(self.run())

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        environment = self._build_environment(width=width, height=height)
        read_end, write_end = os.pipe()  # neither end is inherited by anyone else
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                TAB_MODULE,
                str(read_end),
                str(self.server),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=environment,
                pass_fds=(read_end,),
                start_new_session=True,
            )
        except BaseException:
            os.close(write_end)
            raise
        finally:
            os.close(read_end)
        self._lifeline = write_end
        self._process = process
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def on_data(self, payload: bytes) -> None:
        """Screen bytes: on to the browser."""
        self.drew = True
        await super().on_data(payload)

    async def _app_exited(self) -> None:
        """The game said it is exiting: the relay ends when its process does (:meth:`run`)."""

    async def run(self) -> None:
        """Relay the game's screen until it ends, then tell the server."""
        relay = asyncio.create_task(super().run())
        try:
            if self._process is not None:
                await self._process.wait()
            # a child that kept the screen's pipe open (a plugin's process) must not keep
            # the relay, and so the tab, waiting: the group goes with its leader
            self._kill_group()
            await relay
        finally:
            self._kill_group()
            self._close_lifeline()
            if self._on_end is not None:
                await self._on_end(self)

    async def stop(self) -> None:
        """End the game: "quit", a moment to save, then the whole process group is killed."""
        task = self._task
        if task is None:  # a spare nobody claimed: nothing to save
            self._kill_group()
            self._close_lifeline()
            if self._process is not None:
                await self._process.wait()
            return
        self._task = None
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(Exception):
                await self.send_meta({"type": "quit"})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(process.wait()), QUIT_GRACE)
        self._kill_group()
        with contextlib.suppress(Exception):
            await task

    def _kill_group(self) -> None:
        """Kill whatever is left of the game's process group (nothing, after a clean exit)."""
        if self._process is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, signal.SIGKILL)

    def _close_lifeline(self) -> None:
        if self._lifeline is not None:
            with contextlib.suppress(OSError):
                os.close(self._lifeline)
            self._lifeline = None


async def _nowhere(data: object) -> None:
    """Where a spare's screen would go before a tab has it (it draws nothing until then)."""
