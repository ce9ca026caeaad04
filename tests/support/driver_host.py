"""A table driver's host without an app: a hand-turned clock, screens recorded, bots in place.

:class:`FakeHost` is a :class:`~holdem_tui.ui.driver.TableHost` for running a driver with no
Textual app at all: its clock is a :class:`~holdem_tui.ui.timing.ManualTimers`, a deferred
step waits in :attr:`FakeHost.soon_steps`, a bot's thought in :attr:`FakeHost.thinking`, and
:meth:`FakeHost.run` (or :func:`step`, one thing at a time) carries them out.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from holdem_tui.i18n import Translator, get_translator
from holdem_tui.session.present import Stage
from holdem_tui.session.turns import BotMove
from holdem_tui.ui.local import LocalDriver
from holdem_tui.ui.timing import ManualTimers


class FakeHost:
    """A :class:`~holdem_tui.ui.driver.TableHost` that records what the driver asks of it."""

    def __init__(self) -> None:
        self.timers = ManualTimers()
        self.tr: Translator = get_translator("en")
        #: the game waits (the window too small, or the review open)
        self.paused = False
        self.opened: list[Any] = []
        self.soon_steps: list[Callable[[], None]] = []
        self.thinking: list[tuple[Callable[[], BotMove], Callable[[BotMove], None]]] = []
        self.stages: list[tuple[float, Stage]] = []
        self.driver: LocalDriver | None = None
        self.left: int | None = None

    def redraw(self) -> None:
        assert self.driver is not None
        stage = self.driver.ui.stage
        if not self.stages or self.stages[-1][1] is not stage:
            self.stages.append((self.timers.now(), stage))

    def soon(self, step: Callable[[], None]) -> None:
        self.soon_steps.append(step)

    def bell(self) -> None:
        pass

    def tell(self, text: str, *, warning: bool = False, timeout: float | None = None) -> None:
        pass

    def warn(self, text: str) -> None:
        pass

    def storage_failed(self, problem: str) -> None:
        raise AssertionError(problem)

    def set_language(self, code: str, *, picked: bool = True) -> None:
        self.tr = get_translator(code)

    def open_screen(self, screen: Any, done: Callable[[Any], None] | None = None) -> None:
        self.opened.append(screen)

    def is_open(self, kind: type[Any]) -> bool:
        return any(isinstance(screen, kind) for screen in self.opened)

    def new_table(self, seat_count: int, draw_game: bool) -> None:
        pass

    def show_alone(self, screen: Any) -> None:
        self.opened.append(screen)

    def has_table(self) -> bool:
        return True

    async def swap_in_table(self, seat_count: int, draw_game: bool) -> None:
        pass

    def in_background(self, job: Coroutine[Any, Any, None]) -> None:
        job.close()

    def think(self, decide: Callable[[], BotMove], answered: Callable[[BotMove], None]) -> None:
        self.thinking.append((decide, answered))

    def stop_thinking(self) -> None:
        self.thinking.clear()

    def leave(self, return_code: int = 0) -> None:
        self.left = return_code

    def run(self, limit: int = 5000) -> None:
        """Do what is due: steps, then bots (answering at once), then the next alarm."""
        for _ in range(limit):
            if self.soon_steps:
                self.soon_steps.pop(0)()
            elif self.thinking:
                decide, answered = self.thinking.pop(0)
                answered(decide())
            elif (due := self.timers.next_due()) is not None:
                self.timers.advance(due)
            else:
                return
        raise AssertionError("the driver never came to rest")


def step(host: FakeHost) -> None:
    """One thing the host does next (a deferred step, a bot, or the next alarm)."""
    if host.soon_steps:
        host.soon_steps.pop(0)()
    elif host.thinking:
        decide, answered = host.thinking.pop(0)
        answered(decide())
    else:
        due = host.timers.next_due()
        assert due is not None, "the table came to rest"
        host.timers.advance(due)
