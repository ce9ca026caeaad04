"""Hot-seat privacy as one rule (issue 25, items 1 to 3), played as the issue played it.

Each scene is the issue's own command and keys, on a hand-turned clock, with the monkey's
:class:`~monkey.PrivacyWatch` checking every frame. Then the two reported leaks are planted
back (the code as it was) and the same watch must catch each of them: a check that cannot
fail proves nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import pytest
from textual.pilot import Pilot

from holdem_tui.engine.events import CardsShown, Street
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.present import Stage
from holdem_tui.session.privacy import Privacy
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.driver import TableDriver
from holdem_tui.ui.local import LocalDriver
from holdem_tui.ui.screens.modals import CurtainScreen, ShowScreen
from holdem_tui.ui.timing import ManualTimers
from tests.support.monkey import PrivacyWatch
from tests.support.scenes import STABLE


class Leak(AssertionError):
    """The watch found a frame that breaks the rule."""


async def _steady(pilot: Pilot[Any], app: HoldemApp, timers: ManualTimers) -> None:
    """Let the bots answer and the pace's pauses pass until the table waits for a key.

    A finished hand waits for its own pause no longer than a person would: the clock is
    turned past bots and showdowns only, never past the pause before the next deal.
    """
    for _ in range(400):
        await pilot.pause()
        busy = any(w.group == "bots" and not w.is_finished for w in app.workers)
        if busy:
            continue
        if app.ui.stage in STABLE or app.ui.stage is Stage.SHOW:
            return
        due = timers.next_due()
        if due is None:
            continue
        timers.advance(due)
    raise AssertionError(f"the table never waited for a key; stage {app.ui.stage}")


@asynccontextmanager
async def played(
    app: HoldemApp, timers: ManualTimers, keys: list[str], *, clock_after: bool = False
) -> AsyncIterator[PrivacyWatch]:
    """Press ``keys`` one by one with the watch on every frame; ``clock_after`` then lets the
    clock run as a room full of people would (a pause nobody interrupts). The app stays up
    for the test to look at."""
    watch = PrivacyWatch(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await _steady(pilot, app, timers)
        _check(watch.after(None))
        for key in keys:
            watch.before()
            await pilot.press(key)
            await _steady(pilot, app, timers)
            _check(watch.after(key))
        if clock_after:
            for _ in range(3):
                watch.before()
                timers.advance(timers.next_due() or 30.0)
                await _steady(pilot, app, timers)
                _check(watch.after(None, clock=True))
        yield watch


async def fold_to_a_river_bet(
    app: HoldemApp, timers: ManualTimers, *, then: list[str], clock_after: bool = False
) -> None:
    """Issue 25.2's hand: checked to the river, a bet there, and a fold to it (the folder is
    the last to act), then ``then`` pressed, with the watch on every frame."""
    watch = PrivacyWatch(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await _steady(pilot, app, timers)
        _check(watch.after(None))
        keys = list(then)
        for _ in range(60):
            session = app.session
            assert session is not None and session.hand is not None
            if session.hand.is_complete:
                if not keys:
                    break
                key = keys.pop(0)
            elif app.ui.stage is Stage.CURTAIN:
                key = "enter"
            else:
                view = session.view_for(app.ui.viewer)
                legal = view.legal
                assert legal is not None
                river = view.street is Street.RIVER
                key = "f" if river and legal.call_amount else "c"
                if river and legal.can_check and view.to_act == view.seats[-1].position:
                    key = "r"  # the button bets the river; the editor opens on the minimum
            watch.before()
            await pilot.press(key)
            if key == "r":
                await pilot.press("enter")
            await _steady(pilot, app, timers)
            _check(watch.after(key))
        if clock_after:
            for _ in range(3):
                watch.before()
                timers.advance(timers.next_due() or 30.0)
                await _steady(pilot, app, timers)
                _check(watch.after(None, clock=True))


async def play(
    app: HoldemApp, timers: ManualTimers, keys: list[str], *, clock_after: bool = False
) -> None:
    """:func:`played`, for a scene with nothing to look at afterwards."""
    async with played(app, timers, keys, clock_after=clock_after):
        pass


def _check(found: str | None) -> None:
    if found is not None:
        raise Leak(found)


def hot_seat(
    bots: tuple[str, ...], seed: int, *, pace: str = "instant", game: str = "holdem"
) -> tuple[HoldemApp, ManualTimers]:
    """Ana and Ben at one keyboard, as ``play --humans Ana,Ben`` seats them."""
    settings = GameSettings.build(
        variant=game, humans=("Ana", "Ben"), bots=bots, seed=seed, pace=pace
    )
    timers = ManualTimers()
    app = HoldemApp(LocalDriver(settings, bot_timeout=None), timers=timers)
    return app, timers


#: issue 25.1: Ana folds to Ben's bet (--humans Ana,Ben --bots easy,normal --seed 11)
FOLD_TO_BEN = ["enter", "c", "enter", "r", "4", "0", "enter", "enter", "c"]
FOLD_TO_BEN += ["enter", "r", "6", "0", "enter", "enter", "f"]


# ----------------------------------------------------------------------------- as it is now


@pytest.mark.slow
async def test_only_the_winner_shows_and_only_behind_a_curtain_naming_them() -> None:
    app, timers = hot_seat(("easy", "normal"), 11)
    async with played(app, timers, FOLD_TO_BEN):
        session = app.session
        assert session is not None and session.hand is not None and session.hand.is_complete
        assert session.may_show(1) and not session.may_show(0)  # Ben won uncontested
        table = app.table_screen()
        assert table is not None and table.model is not None
        assert "Show (Ben)" in [a.label for a in table.model.actions]
    # s does not show: it calls Ben behind a curtain naming him; he looks, then chooses
    app, timers = hot_seat(("easy", "normal"), 11)
    async with played(app, timers, [*FOLD_TO_BEN, "s"]):
        screen = app.screen
        assert isinstance(screen, CurtainScreen) and screen.seat == 1 and screen.show
        assert "Ben, you won" in str(screen.query_one("#curtain-text").render())
        assert app.session is not None and app.session.hand is not None
        assert not any(isinstance(e, CardsShown) for e in app.session.hand.events)
    app, timers = hot_seat(("easy", "normal"), 11)
    async with played(app, timers, [*FOLD_TO_BEN, "s", "enter"]) as watch:
        assert isinstance(app.screen, ShowScreen) and app.ui.viewer == 1 and watch.owner == 1
    app, timers = hot_seat(("easy", "normal"), 11)
    async with played(app, timers, [*FOLD_TO_BEN, "s", "enter", "escape"]) as watch:
        assert app.ui.stage is Stage.HAND_OVER and app.ui.viewer is None and watch.owner is None
        assert app.session is not None and app.session.hand is not None
        assert not any(isinstance(e, CardsShown) for e in app.session.hand.events)
    app, timers = hot_seat(("easy", "normal"), 11)
    async with played(app, timers, [*FOLD_TO_BEN, "s", "enter", "enter"]):
        assert app.session is not None and app.session.hand is not None
        shown = [e for e in app.session.hand.events if isinstance(e, CardsShown)]
        assert [(e.player, e.voluntary) for e in shown] == [(app.session.position_of(1), True)]
        assert app.ui.stage is Stage.HAND_OVER and app.ui.viewer is None


@pytest.mark.slow
@pytest.mark.parametrize(("game", "bots", "seed"), [("holdem", (), 3), ("draw", ("easy",), 5)])
async def test_a_new_hand_never_opens_face_up_and_never_deals_itself(
    game: str, bots: tuple[str, ...], seed: int
) -> None:
    """Issue 25.2: heads-up (and draw with a bot), hand after hand at the normal pace; the
    watch checks every frame and lets the clock run at each result."""
    app, timers = hot_seat(bots, seed, pace="normal", game=game)
    keys: list[str] = []
    for _ in range(6):
        keys += ["enter", "f", "enter"]  # lift, fold, next hand (or lift again)
    async with played(app, timers, keys, clock_after=True):
        assert app.session is not None and app.session.table.hand_number >= 3


# ----------------------------------------------------------------------------- as it was


@contextmanager
def planted_show_leak(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The show key as it was: ``s`` turned up the first winner's cards, whoever pressed it."""

    def old_show_cards(self: LocalDriver) -> None:
        session = self.session
        if session is None or self.ui.stage is not Stage.HAND_OVER:
            return
        for seat in self.settings.humans:
            if session.may_show(seat):
                session.show(seat)
                self.host.redraw()
                return

    monkeypatch.setattr(LocalDriver, "show_cards", old_show_cards)
    yield


@contextmanager
def planted_face_up_leak(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The hand boundary as it was: the last one to act kept the screen into the next hand,
    which the clock dealt by itself after the pace's pause."""
    monkeypatch.setattr(Privacy, "public", lambda self, moment: None)

    def old_hand_over(self: LocalDriver, *, next_after: float | None = None) -> None:
        playing = self.session is not None and self.session.humans_playing()
        pause = self.pace.next_hand if playing else self.pace.watch_next
        TableDriver.hand_over(self, next_after=pause)

    monkeypatch.setattr(LocalDriver, "hand_over", old_hand_over)
    yield


async def test_the_watch_catches_the_show_key_of_the_loser(monkeypatch: pytest.MonkeyPatch) -> None:
    app, timers = hot_seat(("easy", "normal"), 11)
    with planted_show_leak(monkeypatch), pytest.raises(Leak, match="shown by choice while"):
        await play(app, timers, [*FOLD_TO_BEN, "s"])


@pytest.mark.slow
async def test_the_watch_catches_a_new_hand_face_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Heads-up, the river bet folded to: the clock deals the next hand, the folder's first."""
    app, timers = hot_seat((), 3, pace="normal")
    with planted_face_up_leak(monkeypatch), pytest.raises(Leak, match="dealt by the clock"):
        await fold_to_a_river_bet(app, timers, then=[], clock_after=True)
    # and with Enter pressed for the next hand instead of the clock: face up at once
    app, timers = hot_seat((), 3, pace="normal")
    with planted_face_up_leak(monkeypatch), pytest.raises(Leak, match="while the screen is public"):
        await fold_to_a_river_bet(app, timers, then=["enter"])


@pytest.mark.slow
async def test_the_river_fold_opens_the_next_hand_behind_a_curtain() -> None:
    app, timers = hot_seat((), 3, pace="normal")
    await fold_to_a_river_bet(app, timers, then=["enter"], clock_after=True)


@pytest.mark.slow
async def test_the_watch_catches_a_draw_hand_face_up(monkeypatch: pytest.MonkeyPatch) -> None:
    app, timers = hot_seat(("easy",), 5, pace="normal", game="draw")
    with planted_face_up_leak(monkeypatch), pytest.raises(Leak):
        await play(app, timers, ["enter", "f", "enter"] * 6, clock_after=True)
