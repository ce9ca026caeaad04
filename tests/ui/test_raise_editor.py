"""The raise editor docked into the action bar, driven like a player drives it.

Every key it has (digits, backspace, the quick sizes, the steps, Enter, Esc), typed slowly and
in a burst, a refused amount, clicks, the table's keys dead while it is open, and the board,
the seats and the log in sight the whole time, at 80×24 and 120×36. The network seat's test
is in ``test_net.py``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual import events

from holdem_tui.engine.actions import LegalActions
from holdem_tui.engine.events import PlayerActed
from holdem_tui.session.present import Stage
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.keybars import ActionBar, KeyFooter
from holdem_tui.ui.raise_editor import (
    QUICK_SIZES,
    RaiseEditor,
    pot_sized,
    quick_amount,
)
from holdem_tui.ui.screens.modals import HelpScreen
from holdem_tui.ui.screens.rules import RulesScreen
from holdem_tui.ui.screens.table import TableScreen
from tests.support.table_layout import covered_cells, layout_problems, shown_log, shown_parts
from tests.support.ui import act_until, can_raise, make_app, my_view

SIZES = [(80, 24), (120, 36)]
ids = [f"{w}x{h}" for w, h in SIZES]


def editor_of(app: HoldemApp) -> RaiseEditor:
    return app.screen.query_one(RaiseEditor)


def shown(app: HoldemApp, selector: str) -> str:
    """The plain text a widget of the editor shows."""
    rendered = app.screen.query_one(selector).render()
    return str(getattr(rendered, "plain", rendered)).replace("\xa0", " ")


def my_bets(app: HoldemApp) -> list[PlayerActed]:
    view = my_view(app)
    position = next(s.position for s in view.seats if s.seat == 0)
    return [
        e
        for e in view.history
        if isinstance(e, PlayerActed) and e.player == position and e.kind in ("bet", "raise")
    ]


def legal_now(app: HoldemApp) -> LegalActions:
    legal = my_view(app).legal
    assert legal is not None
    return legal


async def open_editor(pilot: object, app: HoldemApp) -> RaiseEditor:
    await act_until(pilot, can_raise)  # type: ignore[arg-type]
    await pilot.press("r")  # type: ignore[attr-defined]
    editor = editor_of(app)
    assert editor.is_open and editor.display
    return editor


# ── what stays on screen ──────────────────────────────────────────────────────────


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_the_board_every_seat_and_the_log_stay_in_sight(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_editor(pilot, app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen), "the editor is no screen over the table"
        parts = shown_parts(screen)
        seats = app.driver.settings.seats
        assert len(parts) == 1 + len(seats), "the felt and every chair are shown"
        for widget in [*parts, shown_log(screen)]:
            assert widget.region.area > 0
            assert covered_cells(screen, widget) == 0, f"{widget!r} is covered"
        assert layout_problems(app) == []
        editor = editor_of(app)
        assert not editor.region.overlaps(screen.query_one("#table-area").region)
        # it takes the place of the action bar and the footer
        assert not screen.query_one(ActionBar).display
        assert not screen.query_one(KeyFooter).display
        line = shown(app, "#raise-line")
        legal = legal_now(app)
        assert f"Allowed: {legal.min_raise_to}–{app.tr.number(legal.max_raise_to)}" in line
        quick = shown(app, "#raise-quick")
        for _, key, _ in QUICK_SIZES:
            assert f"{key} " in quick
        assert "Enter Confirm" in shown(app, "#raise-keys")
        await pilot.press("escape")
        assert screen.query_one(ActionBar).display and screen.query_one(KeyFooter).display


# ── typing ───────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    "size",
    [pytest.param(SIZES[0], id=ids[0]), pytest.param(SIZES[1], id=ids[1], marks=pytest.mark.slow)],
)
async def test_a_typed_raise_is_sent(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        editor = await open_editor(pilot, app)
        legal = legal_now(app)
        assert editor.value() == legal.min_raise_to, "the minimum is suggested"
        target = legal.min_raise_to + 7
        await pilot.press(*str(target))  # the first digit replaces the suggestion
        assert editor.value() == target
        assert str(target) in shown(app, "#raise-line").replace(",", "")
        await pilot.press("enter")
        assert not editor.is_open
        assert my_bets(app)[-1].to == target


async def test_fast_typing_keeps_the_order_of_digits_backspace_and_enter() -> None:
    # a burst, as a fast typist or a paste sends it: every key is applied in typed order,
    # and the Enter at its end sends exactly what was typed before it
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot, app)
        legal = legal_now(app)
        target = legal.min_raise_to + 3
        digits = [(c, c) for c in str(target)]
        burst = [("9", "9"), ("9", "9"), ("backspace", "\x7f"), ("backspace", "\x7f")]
        burst += [*digits, ("8", "8"), ("backspace", "\x7f"), ("enter", "\r")]
        for key, character in burst:
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert not editor.is_open
        assert my_bets(app)[-1].to == target


@pytest.mark.slow
async def test_a_paste_types_its_digits() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot, app)
        app.screen.post_message(events.Paste("1,2 5"))
        await pilot.pause()
        assert editor.value() == 125


# ── every key ───────────────────────────────────────────────────────────────────


async def test_every_key_of_the_editor() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot, app)
        decision = editor.decision
        assert decision is not None
        legal = decision.legal
        step = max(1, decision.min_bet)
        for size, key, _ in QUICK_SIZES:
            await pilot.press(key)
            assert editor.value() == quick_amount(decision, size), key
        await pilot.press("P")  # a capital letter works too
        assert editor.value() == quick_amount(decision, "pot")
        await pilot.press("m")
        for key, steps in (("up", 1), ("plus", 1), ("equals_sign", 1), ("right", 1)):
            before = editor.value() or 0
            await pilot.press(key)
            assert editor.value() == legal.clamp(before + steps * step), key
        for key in ("down", "minus", "left"):
            before = editor.value() or 0
            await pilot.press(key)
            assert editor.value() == legal.clamp(before - step), key
        await pilot.press("m", "pageup")
        assert editor.value() == legal.clamp(legal.min_raise_to + 10 * step)
        await pilot.press("pagedown", "pagedown")
        assert editor.value() == legal.min_raise_to, "a step never leaves the range"
        await pilot.press("a", "up")
        assert editor.value() == legal.max_raise_to
        await pilot.press("backspace")
        assert editor.value() == legal.max_raise_to // 10
        await pilot.press("escape")
        assert not editor.is_open
        assert app.ui.stage is Stage.HUMAN and my_bets(app) == [], "Esc sends nothing"
        await pilot.press("r")
        assert editor.is_open and editor.value() == legal.min_raise_to, "a fresh start"
        await pilot.press("enter")
        assert my_bets(app)[-1].to == legal.min_raise_to


async def test_the_quick_sizes_are_what_their_keys_say() -> None:
    legal = LegalActions(
        player=0, can_raise=True, call_amount=10, min_raise_to=20, max_raise_to=500, stack=500
    )
    # facing 10 into 15: a pot raise calls 10, then raises the 25 that makes, to 35
    assert pot_sized(legal, 15, 1.0) == 35
    assert pot_sized(legal, 15, 0.5) == 22
    assert pot_sized(legal, 0, 0.5) == 20, "never below the minimum"
    assert pot_sized(legal, 10_000, 1.0) == 500, "moved into the range"


# ── refused ─────────────────────────────────────────────────────────────────────


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_an_amount_out_of_range_is_refused_with_the_reason(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        editor = await open_editor(pilot, app)
        legal = legal_now(app)
        history = len(my_view(app).history)
        await pilot.press(*str(legal.max_raise_to + 1), "enter")
        assert editor.is_open, "a refused amount keeps the editor open"
        maximum = app.tr.number(legal.max_raise_to)
        assert f"Above the maximum of {maximum}" in shown(app, "#raise-line")
        await pilot.press(*["backspace"] * 6, "enter")
        assert "Type an amount first" in shown(app, "#raise-line")
        await pilot.press("1")
        assert "Type an amount" not in shown(app, "#raise-line"), "typing clears the reason"
        await pilot.press("enter")
        assert f"Below the minimum of {legal.min_raise_to}" in shown(app, "#raise-line")
        assert layout_problems(app) == [], "the reason fits without covering the table"
        assert len(my_view(app).history) == history, "nothing was sent"
        await pilot.press("escape")
        assert app.ui.stage is Stage.HUMAN and len(my_view(app).history) == history


# ── the table's keys are dead meanwhile ───────────────────────────────────────────
@pytest.mark.slow
async def test_the_tables_keys_do_nothing_while_the_editor_is_open() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot, app)
        await pilot.press("7")
        history = len(my_view(app).history)
        lang, four = app.tr.lang, app.four_colour
        # fold, call, raise, show, reveal, next hand, past hands' neighbour keys, the app's
        # letter keys (language, deck, coach) and focus moves: all swallowed by the editor
        await pilot.press("f", "c", "r", "s", "v", "space", "l", "k", "o", "x", "tab", "shift+tab")
        assert editor.is_open and editor.value() == 7
        assert len(my_view(app).history) == history and app.ui.stage is Stage.HUMAN
        assert (app.tr.lang, app.four_colour, app.coach_on) == (lang, four, False)
        # help, the rules and Ctrl+Q still work, and the editor is there when they close
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen) and editor.is_open
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and editor.value() == 7
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert type(app.screen).__name__ == "QuitScreen"
        await pilot.press("escape")
        assert editor.is_open


@pytest.mark.slow
async def test_the_editor_is_clicked_too() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        editor = await open_editor(pilot, app)
        decision = editor.decision
        assert decision is not None
        bar = app.screen.query_one("#raise-quick")
        items = bar.items  # type: ignore[attr-defined]
        x = sum(len(f"{i.key} {i.label}") + 3 for i in items[:3])  # the fourth: pot
        await pilot.click("#raise-quick", offset=(1 + x + 1, 0))
        assert editor.value() == quick_amount(decision, "pot")
        await pilot.click("#raise-keys", offset=(2, 0))  # Enter
        assert not editor.is_open
        assert my_bets(app)[-1].to == quick_amount(decision, "pot")


# ── the decision moves on, the window changes ─────────────────────────────────────
@pytest.mark.slow
async def test_the_editor_closes_when_its_decision_has_passed() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot, app)
        legal = legal_now(app)
        stale = LegalActions(player=legal.player, can_raise=True, min_raise_to=1, max_raise_to=2)
        old = app.driver.move(legal.bet_or_raise(legal.min_raise_to), stale)
        assert not old, "an old amount is dropped"
        app.driver.ui = replace(app.driver.ui, stage=Stage.BOT)  # the table moves on
        app.redraw()
        await pilot.pause()
        assert not editor.is_open
        assert app.screen.query_one(ActionBar).display


@pytest.mark.slow
async def test_resizing_with_the_editor_open_keeps_it_and_the_table() -> None:
    app = make_app(bots=("easy", "normal", "hard", "normal", "easy", "hard", "easy", "normal"))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(pilot, app)
        target = legal_now(app).min_raise_to + 5
        await pilot.press(*str(target))
        for size in ((60, 20), (200, 60), (250, 70), (80, 24), (120, 36)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            if size[0] >= 80:
                assert layout_problems(app) == [], size
            assert editor.is_open and editor.value() == target
        await pilot.press("enter")
        assert my_bets(app)[-1].to == target
