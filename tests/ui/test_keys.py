"""Key letters live in the bindings only: the action bar, the footers and the help read them.

Every binding of the table is moved to another key (Textual's keymap, by binding id); a key
letter written anywhere beside its binding would still show the old key, and these fail.
Also the keys typed while a new game's table is put up: Ctrl+Q is neither lost nor answered
by the Enter typed just before it.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Static

from holdem_tui.i18n import get_translator
from holdem_tui.session.present import Stage
from holdem_tui.ui.keybars import ActionBar, KeyFooter
from holdem_tui.ui.keys import KeyNames, bound_keys, key_text
from holdem_tui.ui.replay import ReplayScreen, replay_keys
from holdem_tui.ui.review_app import ReviewApp
from holdem_tui.ui.review_book import ReviewBook
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import HelpScreen, QuitScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.stats_app import StatsApp, stats_help_rows
from holdem_tui.ui.train_app import TrainApp, train_help_rows
from tests.support.ui import act_until, make_app, settle

EN = get_translator("en")

#: every key the table names, moved: the letters to keys no default binding uses
MOVED = {
    "fold": "x",
    "check_call": "y",
    "bet_raise": "z",
    "all_in": "j",
    "toggle_card_1": "f2",
    "toggle_card_5": "f6",
    "confirm": "space",
    "stand_pat_or_show": "u",
    "watch_folded": "m",
    "past_hands": "i",
    "review": "p",
    "help": "f3",
    "rules": "f4",
    "language": "n",
    "four_colour": "q",
    "coach": "d",
    "big_blinds": "f7",
    "stats": "f8",
    "hand_over": "f9",
    "quit": "ctrl+w",
}


def test_a_key_is_written_as_the_player_reads_it() -> None:
    assert [key_text(k) for k in ("f", "enter", "f1", "question_mark", "escape")] == [
        "f",
        "Enter",
        "F1",
        "?",
        "Esc",
    ]
    assert (key_text("ctrl+q"), key_text("ctrl+q", short=True)) == ("Ctrl+Q", "^q")


def test_the_keys_come_from_the_bindings_a_subclass_and_the_keymap() -> None:
    from textual.binding import Binding

    class Moved(TableScreen):
        BINDINGS = [Binding("x", "fold", show=False, id="fold")]  # noqa: RUF012

    assert KeyNames(bound_keys([TableScreen]))["fold"] == "f"
    assert KeyNames(bound_keys([Moved]))["fold"] == "x"
    assert KeyNames(bound_keys([TableScreen], {"fold": "ctrl+f"})).long("fold") == "Ctrl+F"


async def test_a_moved_key_moves_in_the_action_bar_the_footer_and_the_help() -> None:
    app = make_app(bots=("easy", "normal"))
    async with app.run_test(size=(120, 36)) as pilot:
        app.set_keymap(MOVED)
        await settle(pilot)
        await act_until(pilot, lambda a: a.ui.stage is Stage.HUMAN, key="y")
        await pilot.pause()
        bar = [item.key for item in app.screen.query_one(ActionBar).items]
        assert bar == ["x", "y", "z", "j"]
        footer = [item.key for item in app.screen.query_one(KeyFooter).items]
        assert footer == ["F3", "F4", "i", "n", "^w", "d", "p", "q"]
        help_keys = [key for key, _ in app.help_rows(EN)]
        assert help_keys == [
            "x",
            "y",
            "z",
            "j",
            "F2–F6",
            "Space",
            "u",
            "m",
            "i",
            "p",
            "F3",
            "F4",
            "n",
            "q",
            "d",
            "F7",
            "F8",
            "Ctrl+W",
        ]
        await pilot.press("f3")  # the moved help key opens the help, its intro names F4
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        intro = app.screen.query_one("#help-intro", Static)
        assert "F4 shows the rules" in str(intro.render())
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("x")  # and the key does what the bar says
        await settle(pilot)
        assert app.session is not None and app.session.hand is not None


def test_the_other_apps_help_reads_their_screens_bindings() -> None:
    stats = StatsApp("en")
    stats.keymap = {"stats_player": "w", "stats_close": "backspace"}
    assert [k for k, _ in stats_help_rows(stats, EN)] == ["1 2 3", "w", "g", "d", "backspace"]
    train = TrainApp("en")
    train.keymap = {"train_call": "k", "train_preflop": "5", "train_progress": "8"}
    assert [k for k, _ in train_help_rows(train, EN)][:2] == ["5–8", "f k r"]
    review = ReviewApp(ReviewBook([]), EN)
    as_bound = ["← →", "↑ ↓", "Home End", "n", "PgUp PgDn", "h", "w", "?", "l", "k", "Esc q"]
    assert [k for k, _ in review.help_rows(EN)] == as_bound
    review.keymap = {"review_close": "x", "review_hands": "j"}
    assert [k for k, _ in review.help_rows(EN)] == [*as_bound[:5], "j", *as_bound[6:-1], "x"]
    keys = KeyNames(bound_keys([ReplayScreen], {"replay_flop": "g", "replay_quit": "x"}))
    rows = replay_keys(keys, EN, can_go_back=False)
    assert [k for k, _ in rows] == ["← →", "↑ ↓", "1–4 p g t r", "Home End", "x"]


async def test_ctrl_q_while_play_again_puts_up_the_new_table_still_asks() -> None:
    """The quit question opened between Enter on the end screen and the new table is asked
    again over the new table (it used to go with the end screen: the first Ctrl+Q did
    nothing)."""
    app = make_app(hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")
        first = app.session
        app.action_request_quit()  # Ctrl+Q, read before the end screen's answer is acted on
        await pilot.pause()
        app.driver.end_chosen("again")  # the end screen's Enter: play again
        await settle(pilot)
        assert app.session is not first
        assert isinstance(app.screen, QuitScreen)
        assert isinstance(app.screen_stack[-2], TableScreen)
        await pilot.press("escape")  # keep playing: the new table, alone
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.return_code is None


async def test_enter_read_with_ctrl_q_on_the_end_screen_does_not_answer_the_question() -> None:
    """Enter and Ctrl+Q read together (a fast typist, tmux): the Enter was typed for the end
    screen, so it never answers "leave" to the quit question opened after it."""
    app = make_app(hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key("ctrl+q", "\x11"))
        await pilot.pause()
        await pilot.pause()
        assert app.return_code is None, "the app left without the player's answer"
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code is None


async def test_the_end_screens_footer_follows_its_moved_keys() -> None:
    """The end screen names its keys from its bindings and the app's (``t``), not letters."""
    app = make_app(hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="f")
        app.update_keymap({"new_game": "f2", "end_review": "f3", "end_train": "f4", "stats": "f8"})
        end = app.screen
        assert isinstance(end, EndScreen)
        end.retranslate()
        await pilot.pause()
        footer = [(item.key, item.label) for item in end.query_one("#end-footer", KeyFooter).items]
        for moved in (("F2", "New game"), ("F3", "Review"), ("F4", "Drills"), ("F8", "Stats")):
            assert moved in footer, footer
