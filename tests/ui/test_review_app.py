"""The hand review as a player meets it: from the table, from the end screen, on a file.

Whole sessions are played in the real app (scripted decks and bots where a test needs a
known hand), the review is opened with its keys and stepped through, and what the screen
draws is read back: the coach's numbers and a "worth a look" mark at a hand-made bad call,
a bot's reason beside its action only when that bot's cards were turned up (every one at a
training table), nothing of another hot-seat player's hidden cards, the end screen's stats
and all-in luck (aces against kings: the numbers), and ``holdem-tui review`` on our
histories, a draw history, a foreign PHH file and a broken one. Nothing waits on a clock:
every wait is for a condition.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot
from textual.widgets import Static

from holdem_tui.cli import main
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.decision import Decision, Reason
from holdem_tui.engine.events import CardsShown, HoleCardsDealt, Street
from holdem_tui.engine.hand import Hand, ShowdownPolicy
from holdem_tui.engine.runout import runout_shares
from holdem_tui.engine.table import Table, deal_hand
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.review import HandRecord, luck_text, session_stats, stats_text
from holdem_tui.review.text import reason_text
from holdem_tui.session.narrate import card_text
from holdem_tui.session.present import Stage
from holdem_tui.storage.preferences import load_settings
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.hand_review import ReviewScreen
from holdem_tui.ui.review_app import ReviewApp, file_book
from holdem_tui.ui.review_parts import ChoiceScreen, ReviewCurtain, ReviewSeat
from holdem_tui.ui.screens.end import EndScreen, wrap_at_dots
from holdem_tui.ui.screens.modals import PastHandsScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.timing import ManualTimers
from tests.support import scripted
from tests.support.phh_dataset import PHH_FILES
from tests.support.scenes import LUCK_SEED, step_until, wait_for_review
from tests.support.ui import act_until, make_app, settle, stations, wait_for

FOREIGN = PHH_FILES
EN = get_translator("en")

#: the reasons the scripted bots give (words of the catalogue, so they are translated)
FOLD_REASON = Reason.of("chart_fold", top=0.8, range=0.3)
SHOWN_REASON = Reason.of("made_value", made="two_pair_or_set")
MUCKED_REASON = Reason.of("made_check", made="nothing")
BET_REASON = Reason.of("est_value", equity=0.97, count=1)


# --------------------------------------------------------------------------- scripting


Plan = Mapping[int, tuple[Mapping[int, str], Sequence[str]]]


def rig(monkeypatch: pytest.MonkeyPatch, plan: Plan) -> None:
    """Deal hand N the hole cards ``plan[N][0]`` gives per chair and the boards
    ``plan[N][1]``; other hands are dealt as usual."""
    original = Table.deal

    def deal(self: Table, order: Sequence[int], policy: ShowdownPolicy | None) -> Hand:
        found = plan.get(self.hand_number)
        if found is None:
            return original(self, order, policy)
        holes, boards = found
        dealer = scripted.dealer([holes[chair] for chair in order], boards)
        stacks = [self.seats[i].stack for i in order]
        names = [self.seats[i].name for i in order]
        return deal_hand(self.config, order, stacks, names, self.hand_number, dealer, policy)

    monkeypatch.setattr(Table, "deal", deal)


class Explaining:
    """A bot that gives the same reason at every decision: it folds to a bet (``fold``),
    else checks and calls, stands pat in the draw; ``river_bet`` bets the pot there."""

    def __init__(self, reason: Reason, *, fold: bool = False, river_bet: bool = False) -> None:
        self.name = reason.key
        self.reason = reason
        self.fold = fold
        self.river_bet = river_bet

    def decide(self, view: PlayerView) -> Decision:
        """Fold, check or call (or bet the river), with the reason."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Decision(Action.draw(()), self.reason)
        if self.river_bet and view.street is Street.RIVER and legal.can_raise and legal.is_bet:
            amount = max(legal.min_raise_to, min(legal.max_raise_to, view.total_pot))
            return Decision(Action.bet(amount), self.reason)
        if self.fold and legal.call_amount:
            return Decision(Action.fold(), self.reason)
        return Decision(Action.call() if legal.call_amount else Action.check(), self.reason)


def explaining(spec: str, seed: int | None) -> Explaining:
    """easy: folds to a bet; normal: calls down (the hand that is shown); hard: calls down
    (the hand that is mucked)."""
    if spec == "easy":
        return Explaining(FOLD_REASON, fold=True)
    if spec == "normal":
        return Explaining(SHOWN_REASON)
    return Explaining(MUCKED_REASON)


def river_bettor(spec: str, seed: int | None) -> Explaining:
    """Checks and calls, then bets the pot on the river."""
    return Explaining(BET_REASON, river_bet=True)


#: hand 1 with four chairs: the player (button) Q♣ J♦, the folder 9♣ 4♦ (small blind), the
#: winner A♠ A♦ (big blind: first to show), the loser 7♥ 2♦ (shows after: mucks)
FOUR_WAY: Plan = {
    1: ({0: "QcJd", 1: "9c4d", 2: "AsAd", 3: "7h2d"}, ["AcKd8c", "5h", "3s"]),
}


def detail(screen: ReviewScreen) -> str:
    """What the review says at the step on screen."""
    content = screen.query_one("#review-text", Static).content
    return getattr(content, "plain", str(content))


def seats_drawn(screen: ReviewScreen) -> str:
    """Every seat panel's text as drawn, names and cards."""
    return " | ".join(
        f"{panel.border_title}: {getattr(panel.content, 'plain', panel.content)}"
        for panel in screen.query(ReviewSeat)
        if panel.display
    )


async def every_step(pilot: Pilot[Any], screen: ReviewScreen) -> list[tuple[str, str]]:
    """Walk the hand on screen from the deal to the end: (what it says, seats) per step."""
    await pilot.press("home")
    review = screen.review
    assert review is not None
    seen = []
    for index in range(len(review.steps)):
        assert screen.index == index
        seen.append((detail(screen), seats_drawn(screen)))
        await pilot.press("right")
    return seen


def header(screen: ReviewScreen) -> str:
    """The review's header line."""
    content = screen.query_one("#review-header", Static).content
    return getattr(content, "plain", str(content))


def cards_of(hand: Hand, position: int) -> list[str]:
    """A position's hole cards as the screen writes them."""
    return [
        card_text(card)
        for e in hand.events
        if isinstance(e, HoleCardsDealt) and e.player == position and e.cards
        for card in e.cards
    ]


# --------------------------------------------------------------------------- from the table


@pytest.mark.slow
async def test_review_from_the_table_steps_and_picks_and_goes_back() -> None:
    app = make_app(bots=("easy", "normal"), bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(
            pilot,
            lambda a: (
                a.session is not None and len(a.session.played) == 2 and a.ui.stage is Stage.HUMAN
            ),
        )
        assert app.session is not None
        number = app.session.table.hand_number
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        assert app.paused
        book = screen.book
        assert book is not None
        # only finished hands: the one in play is never in the review
        assert [e.number for e in book.entries] == [1, 2]
        assert screen.current == 1 and "Hand #2" in header(screen)
        review = screen.review
        assert review is not None
        await pilot.press("right")
        assert screen.index == 1
        await pilot.press("end")
        assert screen.index == len(review.steps) - 1
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("down")
        flop = screen.index
        assert flop > 0 and review.steps[flop].view.street is Street.FLOP
        await pilot.press("down", "up")
        assert screen.index == flop
        await pilot.press("n")  # the player's next decision
        step = review.steps[screen.index]
        assert step.spot is not None and screen.index > flop
        # the coach's lines at the decision, the hard bot's with its own reason
        assert "▶ Player 1" in detail(screen) and "players' ranges" in detail(screen)
        assert "Hard bot checks — " in detail(screen) or "Hard bot bets " in detail(screen)
        # calling stations give no reason: none is shown
        assert all("Why:" not in text for text, _ in await every_step(pilot, screen))
        await pilot.press("pageup")
        await wait_for_review(pilot)
        assert screen.current == 0 and "Hand #1" in header(screen)
        await pilot.press("pageup")  # there is no hand before the first
        assert screen.current == 0
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("down", "enter")
        await wait_for_review(pilot)
        assert screen.current == 1
        await pilot.press("question_mark")  # the help lists the review's keys over it
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        keys = str(app.screen.query_one("#help-keys", Static).render())
        assert "Your next decision" in keys and "Fold" not in keys
        await pilot.press("escape")
        await pilot.press("l")  # the review switches language with the rest
        assert header(screen).startswith("Pregled ruke")
        await pilot.press("l", "l", "l")
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and not app.paused
        # the table waited on the same decision
        assert app.ui.stage is Stage.HUMAN and app.session.table.hand_number == number
        await pilot.press("c")
        await settle(pilot)


async def test_the_game_waits_while_the_review_is_open() -> None:
    timers = ManualTimers()
    app = make_app(bots=("easy", "normal"), bot_factory=stations, pace="normal", timers=timers)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None and session.hand is not None
        await pilot.press("c")  # the bots think now
        await wait_for(pilot, lambda: app.ui.stage is Stage.BOT)
        hand = session.hand
        decisions = len(hand.actions_taken())
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        assert screen.book is not None and screen.book.entries == []
        assert "No hand has been finished yet." in detail(screen)
        for _ in range(5):  # the bots' pauses run out: nothing moves
            timers.advance(10)
            await pilot.pause()
        assert len(hand.actions_taken()) == decisions
        await pilot.press("escape")
        for _ in range(3):
            timers.advance(10)
            await pilot.pause()
        await wait_for(pilot, lambda: len(hand.actions_taken()) > decisions)


@pytest.mark.slow
async def test_past_hands_lead_into_the_review() -> None:
    app = make_app(bots=("easy",), bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: a.session is not None and len(a.session.played) == 1)
        await settle(pilot)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, PastHandsScreen))
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        assert screen.entry is not None and screen.entry.number == 1


async def test_a_bad_call_is_marked_worth_a_look(monkeypatch: pytest.MonkeyPatch) -> None:
    # seven high against ace-king on A K Q J 9: the river bet of the pot is called anyway
    rig(monkeypatch, {1: ({0: "7c2d", 1: "AhKd"}, ["AsKhQd", "Jc", "9s"])})
    app = make_app(bots=("easy",), bot_factory=river_bettor)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        review = screen.review
        assert review is not None
        river = [s for s in review.steps if s.spot is not None][-1]
        await step_until(pilot, screen, lambda s: s.index == river.index, "n")
        text = detail(screen)
        assert "▶ Player 1 calls" in text
        assert "Pot odds" in text and "a call needs 33%" in text
        # equity vs the range the coach reads as the hard bot tracks it (it never sees the
        # bot's cards): the board plays, so only a river bettor's air splits the pot
        assert re.search(r"⚑ Worth a look: Called with \d+% when the call needed 33%", text)
        assert "more than 5 points short" in text
        assert "⚑" in header(screen)
        # the bot bet, was called and showed: its reason stands beside its bet
        await pilot.press("left")
        assert "bets" in detail(screen)
        assert f"Why: {reason_text(BET_REASON, EN)}" in detail(screen)


@pytest.mark.slow
async def test_shown_bots_reasons_only_and_never_a_mucked_or_folded_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rig(monkeypatch, FOUR_WAY)
    app = make_app(bots=("easy", "normal", "hard"), bot_factory=explaining)
    async with app.run_test(size=(100, 30)) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        assert app.session is not None
        hand = app.session.played[0]
        shown = {e.player for e in hand.events if isinstance(e, CardsShown)}
        assert shown == {1}  # the big blind showed the set; the others mucked or folded
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        steps = await every_step(pilot, screen)
    said = "\n".join(text for text, _ in steps)
    assert reason_text(SHOWN_REASON, EN) in said
    assert reason_text(FOLD_REASON, EN) not in said
    assert reason_text(MUCKED_REASON, EN) not in said
    drawn = "\n".join(seats for _, seats in steps)
    assert all(card in drawn for card in ["A♠", "A♦", "Q♣", "J♦"])  # the set, and mine
    assert not any(card in drawn for card in ["9♣", "4♦", "7♥", "2♦"])


@pytest.mark.slow
async def test_a_training_table_shows_every_reason_and_every_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rig(monkeypatch, FOUR_WAY)
    app = make_app(bots=("easy", "normal", "hard"), bot_factory=explaining, training=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        await pilot.press("enter")
        await settle(pilot)
        # the next hand is in play: no reason anywhere on the table
        table = app.table_screen()
        assert table is not None
        on_table = " ".join(str(w.render()) for w in table.query(Static))
        for reason in (FOLD_REASON, SHOWN_REASON, MUCKED_REASON):
            assert reason_text(reason, EN) not in on_table
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        assert screen.book is not None and [e.number for e in screen.book.entries] == [1]
        assert "training table" in header(screen)
        steps = await every_step(pilot, screen)
    said = "\n".join(text for text, _ in steps)
    for reason in (FOLD_REASON, SHOWN_REASON, MUCKED_REASON):
        assert f"Why: {reason_text(reason, EN)}" in said
    drawn = "\n".join(seats for _, seats in steps)
    assert all(card in drawn for card in ["9♣", "4♦", "7♥", "2♦", "A♠", "A♦"])


# --------------------------------------------------------------------------- hot seat


#: hand 1, chairs Ana (button), Ben (small blind), the bot (big blind): Ana folds, Ben calls
#: the bot's river bet and mucks; hand 2 is dealt as usual
HOT_SEAT: Plan = {1: ({0: "KcQc", 1: "7c2d", 2: "AsAd"}, ["Ah8c5d", "3h", "9s"])}


async def _lift(pilot: Pilot[Any], app: HoldemApp) -> None:
    from holdem_tui.ui.screens.modals import CurtainScreen

    await settle(pilot)
    if isinstance(app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)


@pytest.mark.slow
async def test_hot_seat_review_is_one_players_and_shows_nobody_elses_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rig(monkeypatch, HOT_SEAT)
    app = make_app(humans=("Ana", "Ben"), bots=("easy",), bot_factory=river_bettor)
    async with app.run_test(size=(100, 30)) as pilot:
        await _lift(pilot, app)
        assert app.ui.viewer == 0  # Ana, on the button, acts first
        await pilot.press("f")
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        # between turns the review asks whose it is, then hides the table behind a curtain
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("enter")  # Ana
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewCurtain))
        await pilot.press("enter")
        screen = await wait_for_review(pilot)
        assert screen.book is not None and screen.book.follow == 0
        ana = await every_step(pilot, screen)
        await pilot.press("escape")
        await settle(pilot)
        # Ben's turn in hand 2: his own review at once, no question asked
        await act_until(pilot, lambda a: a.ui.viewer == 1 and a.ui.stage is Stage.HUMAN)
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        assert screen.book is not None and screen.book.follow == 1
        ben = await every_step(pilot, screen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.ui.viewer == 1 and app.ui.stage is Stage.HUMAN
    ana_drawn = "\n".join(seats for _, seats in ana)
    assert "K♣" in ana_drawn and "A♠" in ana_drawn  # her own, and the bot's shown set
    assert "7♣" not in ana_drawn and "2♦" not in ana_drawn  # Ben mucked
    ben_drawn = "\n".join(seats for _, seats in ben)
    assert "7♣" in ben_drawn and "A♠" in ben_drawn
    assert "K♣" not in ben_drawn and "Q♣" not in ben_drawn  # Ana folded


@pytest.mark.slow
async def test_hot_seat_review_can_be_called_off_at_the_curtain() -> None:
    app = make_app(humans=("Ana", "Ben"), bots=("easy",), bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and not app.paused
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewCurtain))
        assert "Ben, your hand review" in str(app.screen.query_one("#curtain-text").render())
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and not app.paused


# --------------------------------------------------------------------------- the end screen


def _end_text(screen: EndScreen) -> str:
    content = screen.query_one("#end-stats", Static).content
    return getattr(content, "plain", str(content))


@pytest.mark.slow
async def test_end_screen_shows_stats_and_the_luck_of_aces_against_kings() -> None:
    settings = GameSettings.build(
        humans=("",), bots=("easy",), seed=LUCK_SEED, hand_limit=1, pace="instant"
    )
    app = create_app(settings, bot_factory=stations)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None and session.hand is not None
        me = session.position_of(0)
        assert me is not None
        hand = session.hand
        mine, theirs = cards_of(hand, me), cards_of(hand, 1 - me)
        assert sorted(c[0] for c in mine) == ["A", "A"] and sorted(c[0] for c in theirs) == [
            "K",
            "K",
        ]
        await pilot.press("a")
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen))
        end = app.screen
        assert isinstance(end, EndScreen)
        await wait_for(pilot, lambda: end.stats is not None)
        text = _end_text(end)
        # the numbers, independently: every runout of A A against K K, the pot of 2,000
        holes = [
            [int(c) for c in parse_cards("".join(mine))],
            [int(c) for c in parse_cards("".join(theirs))],
        ]
        [(share, _)] = runout_shares(holes, [])
        assert 0.81 < share < 0.83
        won = 2000 if session.table.seats[0].stack == 2000 else 0
        assert (
            f"You won {won:,} at all-ins; your equity there was worth {round(2000 * share):,}"
            in (text)
        )
        record = HandRecord.from_hand(session.played[0], session.reasons_of(session.played[0]))
        stats = session_stats([record], [0])[0]
        # the line breaks only between its " · " parts, and every row fits the box
        rows = text.splitlines()
        assert " · ".join(rows[:2]) == f"Your play: {stats_text(stats, EN)}"
        assert all(len(row) <= end.query_one("#end-stats").size.width for row in rows)
        assert stats.hands == 1 and stats.vpip == 1 and stats.pfr == 1
        assert luck_text(stats, EN) in text
        # e: the review of the session, then back to the results
        await pilot.press("e")
        screen = await wait_for_review(pilot)
        assert screen.entry is not None and screen.entry.number == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))


@pytest.mark.slow
async def test_hot_seat_end_screen_has_each_players_stats() -> None:
    app = make_app(humans=("Ana", "Ben"), bots=("easy",), bot_factory=stations, hand_limit=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen))
        end = app.screen
        assert isinstance(end, EndScreen)
        await wait_for(pilot, lambda: end.stats is not None)
        lines = _end_text(end).splitlines()
        assert lines[0].startswith("Ana: 1 hand · VPIP 100%")
        assert lines[1] == "No all-ins with cards still to come"
        assert lines[2].startswith("Ben: 1 hand")
        await pilot.press("e")  # whose review? asked at the end too
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))


# --------------------------------------------------------------------------- the setting


@pytest.mark.slow
async def test_training_table_is_set_up_and_remembered() -> None:
    settings = GameSettings.build(humans=("",), bots=("easy",), seed=3, pace="instant")
    app = create_app(settings, bot_factory=stations, setup_first=True, persist=True)
    async with app.run_test(size=(80, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        hint = setup.query_one("#training-hint", Static)
        assert "every bot's cards and reasons" in str(hint.render())
        from textual.widgets import Select

        setup.query_one("#f-training", Select).value = "on"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.driver.settings.training is True
    assert load_settings().settings.training is True


def test_a_hostile_training_setting_is_refused(tmp_path: Path) -> None:
    from holdem_tui.storage.paths import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "training": "yes"}), encoding="utf-8")
    loaded = load_settings()
    assert loaded.kept_aside is not None and loaded.settings.training is False
    setup = GameSettings().to_dict() | {"training": 1}
    path.write_text(json.dumps({"version": 1, "last_setup": setup}), encoding="utf-8")
    assert load_settings().kept_aside is not None
    with pytest.raises(ValueError, match="training"):
        GameSettings.from_dict(setup)
    assert GameSettings.from_dict(GameSettings(training=True).to_dict()).training is True


# --------------------------------------------------------------------------- review FILE


async def _session_file(bot_factory: Callable[[str, int | None], Any], **kw: Any) -> Path:
    """Play a short session that keeps its history on disk; the history's path."""
    settings = GameSettings.build(pace="instant", seed=kw.pop("seed", 5), **kw)
    app = create_app(settings, bot_factory=bot_factory, persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await act_until(pilot, lambda a: isinstance(a.screen, EndScreen))
        assert app.session is not None and app.session.history_path is not None
        return app.session.history_path


async def _open(book_paths: Sequence[Path], **kw: Any) -> tuple[ReviewApp, Any]:
    book = file_book(list(book_paths), **kw)
    return ReviewApp(book, EN), book


@pytest.mark.slow
async def test_review_command_on_our_history(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, FOUR_WAY)
    path = await _session_file(explaining, bots=("easy", "normal", "hard"), hand_limit=2)
    app, book = await _open([path])
    assert book.problems == [] and len(book.entries) == 2 and book.follow == "Player 1"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.press("pageup")
        await wait_for_review(pilot)
        assert screen.current == 0 and path.name in header(screen)
        steps = await every_step(pilot, screen)
        said = "\n".join(text for text, _ in steps)
        # the reasons came through the file: the shown one only
        assert reason_text(SHOWN_REASON, EN) in said
        assert reason_text(MUCKED_REASON, EN) not in said
        await pilot.press("w")  # whose decisions: anyone in a file
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("home", "enter")  # the first seat: Mila, who folded
        await wait_for_review(pilot)
        assert screen.book is not None and screen.book.follow == "Mila"
        await pilot.press("q")
    training_app, _ = await _open([path], training=True)
    async with training_app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.press("pageup")
        await wait_for_review(pilot)
        said = "\n".join(text for text, _ in await every_step(pilot, screen))
        assert reason_text(MUCKED_REASON, EN) in said


@pytest.mark.slow
async def test_review_command_on_a_draw_history() -> None:
    path = await _session_file(stations, variant="draw", bots=("easy", "easy"), hand_limit=1)
    app, book = await _open([path])
    assert book.problems == [] and book.entries[0].record.hand.variant == "draw"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_review(pilot)
        review = screen.review
        assert review is not None
        draw = next(
            s
            for s in review.steps
            if s.spot is not None and s.action is not None and s.action.kind is ActionKind.DRAW
        )
        await step_until(pilot, screen, lambda s: s.index == draw.index, "right")
        text = detail(screen)
        assert "Hard bot" in text and ("Throw" in text or "Stand pat" in text)


@pytest.mark.slow
async def test_review_command_on_a_foreign_file() -> None:
    hidden = FOREIGN / "handhq-abs50nl-f1-s25.phh"  # hole cards '????' but one shown hand
    app, book = await _open([hidden])
    assert book.problems == [] and len(book.entries) == 1
    record = book.entries[0].record
    assert book.follow == record.names[min(record.known)]
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_review(pilot)
        assert screen.review is not None and screen.review.spot_count > 0
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        from textual.widgets import OptionList

        options = app.screen.query_one(OptionList)
        disabled = [options.get_option_at_index(i).disabled for i in range(options.option_count)]
        assert disabled == [p not in record.known for p in range(record.hand.n)]
        await pilot.press("escape")
        await pilot.press("escape")


def test_review_command_reports_broken_files_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = [\n", encoding="utf-8")
    missing = tmp_path / "missing.phhs"
    folder = tmp_path / "a-folder.phhs"
    folder.mkdir()
    runner = CliRunner()
    result = runner.invoke(main, ["review", str(broken), str(missing), str(folder)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3 and "Traceback" not in result.output + result.stderr
    assert lines[0].startswith(f"Cannot review {broken}: ")
    assert lines[1] == f"Cannot review {missing}: no such file"
    assert lines[2] == f"Cannot review {folder}: is a folder, not a file"
    # one good file beside the broken one: the review opens, the line comes after, exit 1
    opened: list[int] = []
    monkeypatch.setattr(ReviewApp, "run", lambda self: opened.append(len(self.book.entries)))
    good = FOREIGN / "pluribus-101-84.phh"
    result = runner.invoke(main, ["review", str(good), str(broken)])
    assert opened == [1] and result.exit_code == 1
    assert result.stderr.count("Cannot review") == 1
    result = runner.invoke(main, ["review", str(good)])
    assert result.exit_code == 0 and opened == [1, 1]


@pytest.mark.slow
async def test_the_monkeys_privacy_check_sees_a_leaking_review(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import holdem_tui.review.model as model
    from tests.support.monkey import review_cards_shown

    rig(monkeypatch, FOUR_WAY)
    app = make_app(bots=("easy", "normal", "hard"), bot_factory=explaining)
    async with app.run_test(size=(100, 30)) as pilot:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        await pilot.press("e")
        await wait_for_review(pilot)
        assert review_cards_shown(app) is None
        await pilot.press("escape")
        await settle(pilot)
        # a review that forgot who may see what: every hand face up, the folder's too
        monkeypatch.setattr(model, "may_see", lambda record, viewer, training: record.known)
        await pilot.press("e")
        await wait_for_review(pilot)
        found = review_cards_shown(app)
    assert found is not None and "of position" in found


async def test_a_network_seat_has_no_review_and_says_so() -> None:
    from holdem_tui.ui.joining import JoinTarget
    from holdem_tui.ui.remote import create_remote_app

    target = JoinTarget("127.0.0.1", 9, "ABCDEF", name="Ana")  # nobody listens: it retries
    app = create_remote_app(target, GameSettings.build(), reconnect=False)
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.tell = lambda text, **kw: told.append(text)  # type: ignore[method-assign]
        assert app.driver.review_request() is None
        app.open_review()
        await pilot.pause()
        assert not app.paused and not isinstance(app.screen, ReviewScreen)
    assert told == [EN.t("review.not_here")]


async def test_review_file_opens_on_the_first_hand_followed_and_says_showdown_honestly() -> None:
    """Issue 25 item 15: ``review FILE`` opened on the last hand; it opens on the first hand
    the followed player was dealt into (the first file's hand names no cards: nobody to
    follow there). And the header said "Showdown" at the end of every hand; it says so only
    where hands were compared."""
    files = [
        PHH_FILES / "handhq-abs100nl-f1-s19.phh",  # no cards named: not followed
        PHH_FILES / "handhq-ftp1000nl-h26420413242.phh",  # p1 and p2 show down
        PHH_FILES / "pluribus-101-84.phh",  # won uncontested
    ]
    app, book = await _open(files)
    assert book.follow == "p1" and book.first_followed() == 1
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_review(pilot)
        assert screen.current == 1
        await pilot.press("end")
        assert "Showdown" in header(screen)
        await pilot.press("pagedown")
        screen = await wait_for_review(pilot)
        assert screen.current == 2
        await pilot.press("end")
        assert "Showdown" not in header(screen) and "Step" in header(screen)


def test_the_stats_line_breaks_between_its_parts_never_inside_one() -> None:
    line = "Your play: 6 hands · VPIP 83% · PFR 0% · aggression 0.0 · showdowns won 2 of 5"
    assert wrap_at_dots(line, 76) == (
        "Your play: 6 hands · VPIP 83% · PFR 0% · aggression 0.0\nshowdowns won 2 of 5"
    )
    assert wrap_at_dots(line, 200) == line
    assert wrap_at_dots("Ended after going broke", 10) == "Ended after going broke"
