"""Whole hands played through the keyboard (and a mouse click), with the real bots.

Every test builds the app with the same factory as the command line, at instant pace with a
fixed seed, presses keys like a player and checks what the engine received and what the
screen shows.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.content import Content
from textual.widgets import MarkdownViewer

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.events import CardsDrawn, HandStarted, PlayerActed
from holdem_tui.game_settings import Pace
from holdem_tui.session.labels import display_name
from holdem_tui.session.pace import DELAYS
from holdem_tui.session.present import ActionModel, Stage
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import (
    CurtainScreen,
    HelpScreen,
    QuitScreen,
    TooSmallScreen,
)
from holdem_tui.ui.screens.rules import RulesScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.timing import ManualTimers
from tests.support.scenes import scenes
from tests.support.ui import (
    act_until,
    can_raise,
    drawing,
    make_app,
    my_view,
    settle,
    stations,
    wait_for,
)


def my_actions(app: HoldemApp, seat: int = 0) -> list[PlayerActed]:
    """The betting actions seat ``seat`` has made in the current hand."""
    view = my_view(app)
    position = next(s.position for s in view.seats if s.seat == seat)
    return [e for e in view.history if isinstance(e, PlayerActed) and e.player == position]


def log_text(app: HoldemApp) -> str:
    """The hand's log as the table shows it."""
    rendered = app.screen.query_one("#log-text").render()
    assert isinstance(rendered, Content | Text)
    return rendered.plain


def facing_bet(app: HoldemApp) -> bool:
    legal = my_view(app).legal
    return app.ui.stage is Stage.HUMAN and legal is not None and legal.call_amount > 0


@pytest.mark.slow
async def test_fold_then_next_hand() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, facing_bet)
        number = my_view(app).hand_number
        await pilot.press("f")
        assert my_actions(app)[-1].kind is ActionKind.FOLD
        await settle(pilot)
        assert app.ui.stage is Stage.HAND_OVER
        log = log_text(app)
        assert "Player 1 folds" in log.replace("\xa0", " ")  # names never break in two
        await pilot.press("enter")
        await settle(pilot)
        assert my_view(app).hand_number == number + 1


@pytest.mark.slow
async def test_call_shows_the_amount_on_the_key() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, facing_bet)
        legal = my_view(app).legal
        assert legal is not None
        actions = app.screen.query_one("#actions").render()
        assert f"Call {legal.call_amount}" in str(actions)
        await pilot.press("c")
        last = my_actions(app)[-1]
        assert (last.kind, last.amount) == ("call", legal.call_amount)


@pytest.mark.slow
async def test_all_in() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, can_raise)
        await pilot.press("a")
        last = my_actions(app)[-1]
        assert last.all_in
        session = app.session
        assert session is not None and session.hand is not None
        assert session.stack(0) == 0 or session.hand.is_complete


@pytest.mark.slow
async def test_draw_two_then_stand_pat() -> None:
    app = make_app(variant="draw", bots=("easy", "normal"), ante=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, drawing)
        hand = my_view(app).legal.hand  # type: ignore[union-attr]
        await pilot.press("2", "4", "5", "6", "4")
        assert app.ui.discards == frozenset({1, 4})
        # the mouse: clicking the first card marks it, clicking again unmarks it
        await pilot.click("#seat-0", offset=(2, 2))
        assert app.ui.discards == frozenset({0, 1, 4})
        await pilot.click("#seat-0", offset=(2, 2))
        assert app.ui.discards == frozenset({1, 4})
        await pilot.press("enter")
        mine = [e for e in my_view(app).history if isinstance(e, CardsDrawn)]
        me = next(s.position for s in my_view(app).seats if s.seat == 0)
        drew = next(e for e in mine if e.player == me)
        assert drew.count == 2 and set(drew.discarded or ()) == {hand[1], hand[4]}
        # next hand: stand pat with s
        await act_until(pilot, lambda a: drawing(a) and my_view(a).hand_number > 1)
        await pilot.press("s")
        me = next(s.position for s in my_view(app).seats if s.seat == 0)
        draws = [e for e in my_view(app).history if isinstance(e, CardsDrawn) and e.player == me]
        assert draws and draws[0].count == 0
        log = log_text(app)
        assert "Player 1 stands pat" in log.replace("\xa0", " ")


@pytest.mark.slow
async def test_others_draws_are_counted_not_shown() -> None:
    app = make_app(variant="draw", bots=("easy", "normal"), ante=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: any(isinstance(e, CardsDrawn) for e in my_view(a).history))
        await act_until(
            pilot,
            lambda a: (
                a.ui.stage is Stage.HAND_OVER
                or sum(isinstance(e, CardsDrawn) for e in my_view(a).history) >= 3
            ),
        )
        view = my_view(app)
        for event in view.history:
            if isinstance(event, CardsDrawn) and event.player != view.me:
                assert event.discarded is None and event.received is None
        log = log_text(app)
        assert " draws " in log or "stands pat" in log


@pytest.mark.slow
async def test_hot_seat_handover() -> None:
    app = make_app(humans=("Ana", "Ben"), bots=("easy",))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        first = app.screen.player
        assert "your turn – press Enter" in str(app.screen.query_one("#curtain-text").render())
        # behind the curtain the table shows nobody's cards
        table = app.table_screen()
        assert table is not None and table.model is not None
        assert all(f.card is None for seat in table.model.seats for f in seat.cards)
        await pilot.press("enter")
        await settle(pilot)
        seat = app.ui.viewer
        assert seat is not None and app.session is not None
        assert app.session.names[seat] == first
        model = table.model
        for s in model.seats:
            visible = [f.card for f in s.cards if f.card is not None]
            assert (s.seat == seat) == bool(visible), "only the player to act sees cards"
        await pilot.press("c")
        # as soon as the move is made the cards go face down again
        assert (
            all(f.card is None for s in table.model.seats for f in s.cards) or app.ui.viewer != seat
        )
        await act_until(
            pilot, lambda a: isinstance(a.screen, CurtainScreen) and a.screen.player != first
        )
        assert app.screen.player != first


@pytest.mark.slow
async def test_end_screen_after_the_hand_limit() -> None:
    app = make_app(hand_limit=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")
        end = app.screen
        assert isinstance(end, EndScreen)
        assert app.session is not None and app.session.table.hand_number == 2
        assert "wins the session" in str(end.query_one("#end-winner").render())
        assert "Biggest pot" in str(end.query_one("#end-biggest").render())
        await pilot.press("q")
        await pilot.pause()
        assert app._exit


@pytest.mark.slow
async def test_last_hand_is_announced() -> None:
    app = make_app(hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Last hand" in str(app.screen.query_one("#topbar").render())


@pytest.mark.slow
async def test_watching_bots_play_a_whole_session() -> None:
    app = make_app(humans=(), bots=("easy", "normal", "hard"), hand_limit=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, stages=(Stage.SESSION_OVER,))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)


@pytest.mark.slow
async def test_language_switches_mid_hand() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = my_view(app)
        footer = str(app.screen.query_one("#footer").render())
        assert "Help" in footer
        await pilot.press("l")
        after = my_view(app)
        assert after.hand_number == before.hand_number and after.history == before.history
        footer = str(app.screen.query_one("#footer").render())
        assert "Pomoć" in footer and "Pravila" in footer and "Hrvatski" in footer
        assert "Ruka br." in str(app.screen.query_one("#topbar").render())
        await pilot.press("l", "l", "l")
        assert "Help" in str(app.screen.query_one("#footer").render())


@pytest.mark.slow
async def test_too_small_window_pauses_and_resumes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Make the window larger" in str(app.screen.query_one("#too-small-text").render())
        await pilot.press("f")  # keys do not reach the table meanwhile
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.ui.stage is Stage.HUMAN


@pytest.mark.slow
async def test_quit_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+q", "enter")
        await pilot.pause()
        assert app._exit


@pytest.mark.slow
async def test_rules_help_and_language_in_the_rules() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.game == "holdem"
        viewer = rules.query_one(MarkdownViewer)
        assert not viewer.show_table_of_contents  # 80 columns: it would cut every name
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert viewer.show_table_of_contents
        await pilot.press("g")
        await pilot.pause()
        assert rules.game == "draw"
        await pilot.press("l")
        await wait_for(pilot, lambda: "Pravila" in str(rules.query_one("#rules-title").render()))
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Odustani" in str(app.screen.query_one("#help-keys").render())
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_the_mouse_works_too() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, facing_bet)
        bar = app.screen.query_one("#actions")
        items = bar.items  # type: ignore[attr-defined]
        x = 1 + sum(len(f"{i.key} {i.label}") + 3 for i in items[:1])  # the second item: call
        await pilot.click("#actions", offset=(x + 1, 0))
        assert my_actions(app)[-1].kind is ActionKind.CALL


@pytest.mark.slow
async def test_setup_screen_starts_the_chosen_game() -> None:
    app = make_app(setup_first=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        from textual.widgets import Select

        app.screen.query_one("#f-game", Select).value = "draw"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.driver.settings.variant == "draw"
        assert any(isinstance(e, HandStarted) and e.variant == "draw" for e in my_view(app).history)


@pytest.mark.slow
async def test_setup_screen_refuses_bad_settings() -> None:
    app = make_app(setup_first=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import Input

        app.screen.query_one("#f-sb", Input).value = "50"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "small blind" in str(app.screen.query_one("#setup-errors").render())


@pytest.mark.slow
async def test_minute_limit_ends_the_session(monkeypatch: Any) -> None:
    now = [0.0]
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.ui.app import create_app

    app = create_app(
        GameSettings.build(minute_limit=1, pace="instant", seed=7),
        clock=lambda: now[0],
        bot_timeout=None,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "1 minute left" in str(app.screen.query_one("#topbar").render())
        now[0] = 61.0
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")


@pytest.mark.slow
async def test_side_pots_show_who_can_win_each(pilot_size: tuple[int, int] = (80, 24)) -> None:
    app = make_app(bots=("easy", "normal", "hard"), bot_factory=stations, seed=3)
    async with app.run_test(size=pilot_size) as pilot:
        await scenes()["showdown_side_pots"].drive(pilot)
        table = app.table_screen()
        assert table is not None and table.model is not None
        results = table.model.results
        assert results[0].startswith("Main pot: ") and "→" in results[0], results
        assert any(r.startswith("Side pot 1: ") for r in results), results
        winners = [m for m in table.model.seats if m.winner]
        assert winners and any(f.marked for m in winners for f in m.cards)


@pytest.mark.slow
async def test_showdown_turns_hands_up_one_by_one() -> None:
    # the pauses run on a clock the test turns by hand: no machine is too slow for it
    timers = ManualTimers()
    app = make_app(
        bots=("easy", "normal"), bot_factory=stations, pace="slow", seed=3, timers=timers
    )
    reveal = DELAYS[Pace.SLOW].reveal

    def my_turn() -> bool:
        return app.ui.stage is Stage.HUMAN and can_raise(app)

    def hand_over() -> bool:
        return app.ui.stage is Stage.HAND_OVER

    async with app.run_test(size=(80, 24)) as pilot:
        while not my_turn():
            await wait_for(pilot, lambda: my_turn() or timers.waiting > 0)
            if not my_turn():
                timers.advance(timers.next_due() or 0.0)
        await pilot.press("a")  # all-in into two calling stations: a three-way showdown
        seen: list[int] = []
        while app.ui.stage is not Stage.HAND_OVER:
            await wait_for(pilot, lambda: timers.waiting > 0 or app.ui.stage is Stage.HAND_OVER)
            if app.ui.stage is Stage.REVEAL:
                revealed = app.ui.revealed
                assert revealed is not None
                seen.append(revealed)
                table = app.table_screen()
                assert table is not None and table.model is not None
                assert table.model.results == (), "winners wait until every hand is up"
                assert timers.next_due() == pytest.approx(reveal)
            if not hand_over():  # the stage moves while the test awaits
                timers.advance(timers.next_due() or 0.0)
        assert seen == [0, 1, 2], seen
        table = app.table_screen()
        assert table is not None
        # the result is drawn on the next refresh after the stage changes
        await wait_for(pilot, lambda: table.model is not None and bool(table.model.results))


@pytest.mark.slow
async def test_setup_language_choice_switches_the_form_at_once() -> None:
    app = make_app(setup_first=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import Label, Select

        app.screen.query_one("#f-lang", Select).value = "nl"
        await pilot.pause()
        assert app.tr.lang == "nl"
        assert str(app.screen.query_one("#l-starting_stack", Label).render()) == "Startstack"
        kinds = app.screen.query_one("#f-kind-1", Select)
        assert kinds.value == "easy"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.driver.settings.lang == "nl"
        assert "Hand #1" in str(app.screen.query_one("#topbar").render())


@pytest.mark.slow
async def test_setup_screen_shows_the_draw_hand_limit_and_refuses_a_zero_ante() -> None:
    app = make_app(setup_first=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import Input, Select

        screen = app.screen
        kind = screen.query_one("#f-limit-kind", Select)
        assert kind.value == "none"
        screen.query_one("#f-game", Select).value = "draw"
        await pilot.pause()
        value = screen.query_one("#f-limit-value", Input)
        assert kind.value == "hands" and value.value == "30" and value.display
        assert "none" not in [v for _, v in kind._options]  # draw always has a limit
        screen.query_one("#f-game", Select).value = "holdem"
        await pilot.pause()
        assert kind.value == "none"  # the untouched default goes with the game
        screen.query_one("#f-game", Select).value = "draw"
        await pilot.pause()
        value.value = "12"
        screen.query_one("#f-draw-ante", Input).value = "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        errors = str(app.screen.query_one("#setup-errors").render())
        assert "Five-Card Draw is played with an ante" in errors
        screen.query_one("#f-draw-ante", Input).value = "2"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.driver.settings.variant == "draw" and app.driver.settings.hand_limit == 12
        assert app.session is not None and app.session.table.config.hand_limit == 12


def _check_is_free(app: HoldemApp) -> bool:
    legal = my_view(app).legal
    return app.ui.stage is Stage.HUMAN and legal is not None and legal.can_check


@pytest.mark.slow
async def test_folding_when_checking_is_free_is_asked_once() -> None:
    from holdem_tui.ui.screens.modals import FoldConfirmScreen

    app = make_app(variant="draw", bots=("easy", "normal"), bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, _check_is_free)
        before = len(my_actions(app))
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, FoldConfirmScreen)
        assert "You could check for free" in str(app.screen.query_one("#quit-question").render())
        await pilot.press("escape")  # keep playing: nothing was sent
        await pilot.pause()
        assert not isinstance(app.screen, FoldConfirmScreen)
        assert len(my_actions(app)) == before and _check_is_free(app)
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert my_actions(app)[-1].kind is ActionKind.FOLD


class Raiser:
    """Raises whenever it may (the fixed amount), else calls; stands pat in the draw."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "raiser"

    def decide(self, view: Any) -> Any:
        from holdem_tui.engine.actions import Action

        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(())
        if legal.can_raise:
            to = legal.min_raise_to
            return Action.bet(to) if legal.is_bet else Action.raise_to(to)
        return Action.call() if legal.call_amount else Action.check()


async def test_raise_at_the_cap_says_why_nothing_happens() -> None:
    """Fixed limit, the betting capped: the raise key is dimmed, and pressing it anyway puts
    the engine's reason on the info line and plays nothing."""

    def capped(app: HoldemApp) -> bool:
        legal = my_view(app).legal
        return (
            app.ui.stage is Stage.HUMAN
            and legal is not None
            and not legal.can_draw
            and not legal.can_raise
            and legal.call_amount > 0
        )

    app = make_app(
        variant="draw", bots=("normal", "normal"), draw_ante=5, bot_factory=lambda s, n: Raiser()
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, capped)
        actions = app.screen.query_one("#actions")
        raise_key = next(a for a in actions.items if a.action == "screen.bet_raise")  # type: ignore[attr-defined]
        assert not raise_key.enabled, "the raise key is dimmed at the cap"
        assert all_in_key(app) is None, "no all-in key at the cap with chips to spare"
        history = len(my_view(app).history)
        await pilot.press("a")  # the hidden key does nothing either
        await pilot.pause()
        assert len(my_view(app).history) == history and app.ui.stage is Stage.HUMAN
        await pilot.press("r")
        await pilot.pause()
        info = str(app.screen.query_one("#info").render())
        assert "The betting is capped: no more raises this round" in info
        assert len(my_view(app).history) == history and app.ui.stage is Stage.HUMAN
        assert not app.screen.query_one("#raise-editor").display, "no editor in fixed limit"
        await pilot.press("c")  # the call still works, and the reason goes with the turn
        assert len(my_view(app).history) > history
        assert "capped" not in str(app.screen.query_one("#info").render())


def all_in_key(app: HoldemApp) -> ActionModel | None:
    """The all-in key of the action bar, if the table shows one."""
    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.model is not None
    return next((a for a in screen.model.actions if a.action == "screen.all_in"), None)


def pushed_line(app: HoldemApp, total: int, added: int) -> str:
    """The log line of the player's all-in, in the one form: the total, then what it adds."""
    tr = app.tr
    name = display_name(app.session, 0, tr)  # type: ignore[arg-type]
    if total == added:
        return tr.t("log.all_in", name=name, amount=tr.number(total))
    return tr.t("table_log.all_in_adds", name=name, amount=tr.number(total), added=tr.number(added))


@pytest.mark.slow
async def test_all_in_reads_the_same_on_the_key_and_in_the_log() -> None:
    """No limit, the player in a blind: the key shows the street total the push puts him at,
    and the log says the same total, with what it adds ("goes all-in for 1,000 (adds 990)")."""

    def blind_in(app: HoldemApp) -> bool:
        legal = my_view(app).legal
        return can_raise(app) and legal is not None and legal.current_bet > 0

    app = make_app(bots=("normal", "normal"))
    async with app.run_test(size=(120, 36)) as pilot:
        await act_until(pilot, blind_in)
        legal = my_view(app).legal
        assert legal is not None
        total, added = legal.current_bet + legal.stack, legal.stack
        key = all_in_key(app)
        assert key is not None and key.enabled
        assert key.label == app.tr.t("action.all_in", amount=app.tr.number(total))
        await pilot.press("a")
        await pilot.pause()
        last = my_actions(app)[-1]
        assert last.all_in and (last.to, last.amount) == (total, added)
        line = pushed_line(app, total, added)
        assert "(adds" in line and line in log_text(app).replace("\xa0", " ")  # no-break names


async def test_fixed_limit_shows_the_all_in_key_only_where_it_is_a_move() -> None:
    """Fixed limit, a short stack facing raisers: once calling or raising takes every chip the
    all-in key is there, with the total it puts the player at, and the log agrees."""
    app = make_app(
        variant="draw",
        bots=("normal", "normal"),
        stack=20,
        draw_ante=5,
        bot_factory=lambda s, n: Raiser(),
    )
    async with app.run_test(size=(120, 36)) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HUMAN and all_in_key(a) is not None)
        legal = my_view(app).legal
        assert legal is not None and not legal.can_draw
        total = legal.current_bet + legal.stack
        key = all_in_key(app)
        assert key is not None and key.enabled
        assert key.label == app.tr.t("action.all_in", amount=app.tr.number(total))
        await pilot.press("a")
        await pilot.pause()
        last = my_actions(app)[-1]
        assert last.all_in and last.to == total
        assert pushed_line(app, total, last.amount) in log_text(app).replace("\xa0", " ")


@pytest.mark.slow
async def test_h_opens_the_last_hands_with_their_boards() -> None:
    """Item 11: at the table, ``h`` opens the hands played so far, newest first, each with
    its board and who won; ``h`` again closes it."""
    from holdem_tui.ui.screens.modals import PastHandsScreen

    app = make_app(bots=("normal", "normal"), bot_factory=stations)
    async with app.run_test(size=(120, 36)) as pilot:
        await act_until(pilot, lambda a: my_view(a).hand_number == 3 and a.ui.stage is Stage.HUMAN)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, PastHandsScreen))
        rendered = app.screen.query_one("#past-text").render()
        assert isinstance(rendered, Content | Text)
        text = rendered.plain.replace("\xa0", " ")
        assert text.index("Hand #2") < text.index("Hand #1"), "newest first"
        assert text.count("Board: ") == 2 and text.count(" wins ") >= 2, text
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_enter_with_no_card_marked_asks_before_standing_pat() -> None:
    """Issue 25 item 4: in hot-seat, Enter right after the curtain is pressed by habit; with
    no card marked it asks ("Stand pat?") instead of standing pat at once. Esc goes back to
    the cards, Enter stands pat; with a card marked Enter draws without a question."""
    from holdem_tui.ui.screens.modals import StandPatScreen

    app = make_app(variant="draw", humans=("Ana", "Ben"), bots=("easy",), bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, drawing)
        drawer = app.ui.viewer
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, StandPatScreen))
        question = app.screen.query_one("#quit-question").render()
        assert "Stand pat and keep all five?" in str(question)
        box = app.screen.query_one("#quit-box").region
        assert abs(box.center[0] - 40) <= 1 and abs(box.center[1] - 12) <= 1  # centred
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, StandPatScreen))
        assert drawing(app) and app.ui.viewer == drawer  # nothing was sent
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: not drawing(app) or app.ui.viewer != drawer)
        view = app.session.view_for(drawer)  # type: ignore[union-attr]
        me = next(s.position for s in view.seats if s.seat == drawer)
        pat = [e for e in view.history if isinstance(e, CardsDrawn) and e.player == me]
        assert pat and pat[0].count == 0
        # the next person marks a card: Enter draws it, no question
        await act_until(pilot, lambda a: drawing(a) and a.ui.viewer != drawer)
        other = app.ui.viewer
        await pilot.press("1", "enter")
        view = app.session.view_for(other)  # type: ignore[union-attr]
        me = next(s.position for s in view.seats if s.seat == other)
        drew = [e for e in view.history if isinstance(e, CardsDrawn) and e.player == me]
        assert not isinstance(app.screen, StandPatScreen)
        assert drew and drew[0].count == 1


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_setup_errors_show_where_the_player_looks(size: tuple[int, int]) -> None:
    """Issue 25 item 10: blinds 20/10 and Ctrl+S at 100×30 seemed to do nothing (the list was
    below the fold, in sight only at 45 rows). The problems now show above the footer at any
    size, the form moves to the first field to fix, and a fixed problem goes at once."""
    from textual.widgets import Input

    app = make_app(setup_first=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#f-sb", Input).value = "20"
        screen.query_one("#f-bb", Input).value = "10"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        errors = screen.query_one("#setup-errors")
        assert "small blind" in str(errors.render())
        region = errors.region
        assert region.height >= 1 and region.bottom <= size[1]
        widget, _ = screen.get_widget_at(region.x + 2, region.y + region.height - 1)
        assert widget is errors  # in sight, under nothing
        field = screen.query_one("#f-sb", Input)
        assert screen.focused is field
        found, _ = screen.get_widget_at(field.region.x, field.region.y)
        assert found is field  # scrolled into view
        field.value = "5"
        await pilot.pause()
        assert not errors.display
