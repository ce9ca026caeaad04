"""Named screen states ("scenes"): how to build the app and drive it to a given moment.

The snapshot tests and ``scripts/screenshots.py`` both use these, so the pictures in the README
are exactly the states the tests check, made by the same app factory as the real game. A scene
is plain settings plus an async driver that presses keys through a Textual ``Pilot``, waiting
for the bots' thread workers in between, never sleeping for a fixed time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.settings import GameSettings
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.controller import BotFactory
from holdem_tui.ui.present import Stage

#: states in which the table waits for a key rather than for a bot or a timer
STABLE = (Stage.HUMAN, Stage.CURTAIN, Stage.HAND_OVER, Stage.SESSION_OVER)

Driver = Callable[[Pilot[Any]], Awaitable[None]]


class CallingStation:
    """A scripted opponent that calls or checks everything and never draws.

    Scenes that need a known shape of hand (everyone in, side pots at the showdown) seat it
    instead of the real bots, whose judgement would not reliably build side pots.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = "station"

    def decide(self, view: PlayerView) -> Action:
        """Call when there is a bet, else check; stand pat in the draw."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(())
        return Action.call() if legal.call_amount else Action.check()


def stations(spec: str, seed: int | None) -> CallingStation:
    """A bot factory seating calling stations whatever level the settings ask for."""
    return CallingStation(seed)


async def settle(pilot: Pilot[Any], stages: Iterable[Stage] = STABLE, timeout: float = 20) -> None:
    """Wait until the table waits for a person (or reaches one of ``stages``)."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    wanted = tuple(stages)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await pilot.pause()
        if app.ui.stage in wanted and app.session is not None:
            await pilot.pause()
            return
        if loop.time() > deadline:
            raise AssertionError(f"the table never settled; stage is {app.ui.stage}")
        await asyncio.sleep(0.005)


async def act_until(
    pilot: Pilot[Any], predicate: Callable[[HoldemApp], bool], key: str = "c", limit: int = 80
) -> None:
    """Press ``key`` (check/call by default) at each decision until ``predicate(app)`` holds.

    Draws are answered by standing pat, finished hands and curtains by Enter.
    """
    app = pilot.app
    assert isinstance(app, HoldemApp)
    for _ in range(limit):
        await settle(pilot)
        if predicate(app):
            return
        if app.ui.stage in (Stage.HAND_OVER, Stage.CURTAIN):
            await pilot.press("enter")
        elif app.can_toggle_card():
            await pilot.press("s")
        else:
            await pilot.press(key)
    raise AssertionError("the wanted state never came")


def my_view(app: HoldemApp) -> PlayerView:
    """What the player at the keyboard sees now."""
    assert app.session is not None
    return app.session.view_for(app.ui.viewer)


def can_raise(app: HoldemApp) -> bool:
    """The player is to act and may bet or raise."""
    legal = my_view(app).legal
    return app.ui.stage is Stage.HUMAN and legal is not None and legal.can_raise


def drawing(app: HoldemApp) -> bool:
    """The player is to choose discards."""
    legal = my_view(app).legal
    return app.ui.stage is Stage.HUMAN and legal is not None and legal.can_draw


# --------------------------------------------------------------------------- drivers


async def _settled(pilot: Pilot[Any]) -> None:
    await settle(pilot)


async def _setup(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


async def _raise_editor(pilot: Pilot[Any]) -> None:
    await act_until(pilot, can_raise)
    await pilot.press("r", "p")


async def _draw_selection(pilot: Pilot[Any]) -> None:
    await act_until(pilot, drawing)
    await pilot.press("2", "4")


async def _side_pots(pilot: Pilot[Any]) -> None:
    """Fold hand 1 (the stacks drift apart), then push all-in into three calling stations."""
    await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER, key="f")
    await pilot.press("enter")
    await act_until(pilot, can_raise)
    await pilot.press("a")
    await settle(pilot)


async def _end(pilot: Pilot[Any]) -> None:
    from holdem_tui.ui.screens.end import EndScreen

    await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="c")
    await pilot.pause()


async def wait_for_coach(pilot: Pilot[Any], limit: int = 500) -> None:
    """Wait until the coach's worker has put its numbers on screen (a condition, no clock)."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    for _ in range(limit):
        await pilot.pause()
        if app.coach_ready():
            await pilot.pause()
            return
    raise AssertionError("the coach never showed its numbers")


async def _coach(pilot: Pilot[Any]) -> None:
    """The coach on, at the first decision with a flop out."""
    await settle(pilot)
    await pilot.press("o")
    await act_until(pilot, lambda a: bool(my_view(a).board) and a.ui.stage is Stage.HUMAN)
    await wait_for_coach(pilot)


async def _rules(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("f1")
    await pilot.pause(0.3)


@dataclass(frozen=True)
class Scene:
    """One screen state: its settings, its bots, and how to get there."""

    name: str
    settings: GameSettings
    drive: Driver
    bot_factory: BotFactory | None = None
    setup_first: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def app(self) -> HoldemApp:
        """A fresh app for this scene, from the one factory."""
        return create_app(self.settings, bot_factory=self.bot_factory, setup_first=self.setup_first)


def _solo(**kw: Any) -> GameSettings:
    kw.setdefault("pace", "instant")
    kw.setdefault("seed", 7)
    return GameSettings.build(**kw)


def scenes(lang: str = "en") -> dict[str, Scene]:
    """Every scene, in one language."""
    return {
        scene.name: scene
        for scene in (
            Scene("setup", _solo(lang=lang), _setup, setup_first=True),
            Scene("table_preflop", _solo(lang=lang), _settled),
            Scene(
                "showdown_side_pots",
                _solo(lang=lang, seed=3, bots=("easy", "normal", "hard")),
                _side_pots,
                bot_factory=stations,
            ),
            Scene("raise_editor", _solo(lang=lang), _raise_editor),
            Scene(
                "draw_selection",
                _solo(lang=lang, variant="draw", bots=("easy", "normal", "hard"), draw_ante=5),
                _draw_selection,
            ),
            Scene(
                "hot_seat_curtain",
                _solo(lang=lang, humans=("Ana", "Ben"), bots=("normal",)),
                _settled,
            ),
            Scene(
                "end_screen",
                _solo(lang=lang, hand_limit=3, bots=("easy", "normal", "hard")),
                _end,
            ),
            Scene("rules", _solo(lang=lang), _rules),
            Scene("coach", _solo(lang=lang, bots=("normal", "hard")), _coach),
        )
    }
