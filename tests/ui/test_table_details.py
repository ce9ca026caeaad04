"""Issue 25 item 15: the small things a player notices at the table.

Dimmed keys dimmer than live ones, a dimmed key that says why, dialogs centred, the coach,
review and deck keys named where a new player looks, and toasts that leave the status and
coach lines readable.
"""

from __future__ import annotations

from typing import Any

from rich.color import Color
from rich.segment import Segment
from textual.widget import Widget

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.session.present import Stage
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.keybars import ActionBar
from tests.support.ui import act_until, make_app, my_view, settle, wait_for


class Pusher:
    """Goes all-in at every decision (checks when it cannot)."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "pusher"

    def decide(self, view: PlayerView) -> Action:
        """All in, whatever the cards."""
        legal = view.legal
        assert legal is not None
        return legal.all_in_action()


def _segments(widget: Widget) -> list[Segment]:
    return [s for line in widget.render_lines(widget.region.reset_offset) for s in line]


def _brightness(color: Color | None) -> float:
    assert color is not None
    r, g, b = color.get_truecolor()
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _style_of(widget: Widget, text: str) -> Any:
    for segment in _segments(widget):
        if text in segment.text:
            return segment.style
    raise AssertionError(f"{text!r} not drawn")


async def _short_pusher(pilot: Any, app: HoldemApp) -> None:
    """A hand where the pusher, holding far fewer chips, has moved all in before the player."""
    await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER, key="f")
    session = app.session
    assert session is not None
    moved = session.table.seats[1].stack - 200
    session.table.seats[1].stack -= moved  # chips move, none are made
    session.table.seats[0].stack += moved
    await pilot.press("enter")
    await act_until(pilot, lambda a: my_view(a).legal is not None and a.ui.stage is Stage.HUMAN)


async def test_a_dimmed_all_in_is_dimmer_and_says_why_when_pressed() -> None:
    app = make_app(bots=("easy",), bot_factory=lambda spec, seed: Pusher(seed))
    async with app.run_test(size=(80, 24)) as pilot:
        await _short_pusher(pilot, app)
        legal = my_view(app).legal
        assert legal is not None and not legal.can_raise  # nobody can call above the push
        bar = app.screen.query_one(ActionBar)
        dimmed = _style_of(bar, "All-in")
        live = _style_of(bar, "Fold")
        assert _brightness(dimmed.color) < _brightness(live.color) - 40  # was 231 vs 253
        before = len(my_view(app).history)
        await pilot.press("a")
        await settle(pilot)
        info = str(app.screen.query_one("#info").render())
        assert "Every opponent is all-in: there is nobody to raise" in info
        assert len(my_view(app).history) == before and app.ui.stage is Stage.HUMAN
        await pilot.press("c")  # the call is still there
        await wait_for(pilot, lambda: app.ui.stage is not Stage.HUMAN)


async def test_toasts_leave_the_status_and_coach_lines_readable() -> None:
    from textual.widgets._toast import Toast

    app = make_app(bots=("easy", "normal"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HUMAN)
        await pilot.press("o")  # the coach on: its lines over the action bar
        await wait_for(pilot, app.coach_ready)
        app.notify("Session restored at hand #1", timeout=30)
        app.notify("A second notice, longer, that wraps onto more than one line", timeout=30)
        await wait_for(pilot, lambda: len(app.screen.query(Toast)) == 2)
        await pilot.pause()
        covered = [app.screen.query_one(f"#{name}").region for name in ("info", "coach")]
        covered += [app.screen.query_one(ActionBar).region]
        for toast in app.screen.query(Toast):
            assert all(not toast.region.overlaps(line) for line in covered), toast.region


async def test_the_footer_names_the_coach_review_and_deck_keys_where_it_has_room() -> None:
    from holdem_tui.ui.keybars import KeyFooter

    for size, named in (((120, 36), "oek"), ((80, 24), "o")):
        app = make_app(bots=("easy", "normal"))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            footer = app.screen.query_one(KeyFooter)
            keys = [item.key for item in footer.items]
            assert keys[:5] == ["?", "F1", "h", "l", "^q"]
            assert "".join(k for k in keys if k in "oek") == named
            assert len(footer.rows) == 1  # one row, whatever fits
            assert footer.region.height == 1
            if size[0] == 120:
                text = "".join(s.text for s in _segments(footer))
                assert "o Coach" in text and "e Review" in text and "k Four-colour deck" in text


async def test_a_first_run_names_the_keys_to_find(tmp_path: Any) -> None:
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.storage.paths import settings_path
    from holdem_tui.ui.app import create_app

    settings = GameSettings.build(bots=("easy",), pace="instant", seed=7)
    seen: list[str] = []
    for _ in range(2):
        app = create_app(settings, persist=True, bot_timeout=None)
        app.tell = lambda text, **_: seen.append(text)  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.remember()  # what leaving the table does
        assert settings_path().exists()
    first_run = [text for text in seen if text.startswith("New here?")]
    assert first_run == [
        "New here? o turns the coach on, e reviews a hand, k gives a four-colour deck, "
        "? lists every key."
    ]


async def test_the_free_fold_question_is_centred_like_the_others() -> None:
    from holdem_tui.ui.screens.modals import FoldConfirmScreen, QuitScreen
    from tests.support.ui import stations

    app = make_app(bots=("easy", "normal"), bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:

        def check_is_free(a: HoldemApp) -> bool:
            legal = my_view(a).legal
            return a.ui.stage is Stage.HUMAN and legal is not None and legal.can_check

        await act_until(pilot, check_is_free)
        centres = []
        for key, kind in (("f", FoldConfirmScreen), ("ctrl+q", QuitScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))  # type: ignore[misc]
            centres.append(app.screen.query_one("#quit-box").region.center)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen.__class__.__name__ == "TableScreen")
        assert centres[0] == centres[1]
        assert abs(centres[0][0] - 40) <= 1 and abs(centres[0][1] - 12) <= 1
