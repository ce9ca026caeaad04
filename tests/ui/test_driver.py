"""The turn driver without an app: a fake host, a hand-turned clock, bots answered in place.

The driver decides the table's tempo on its own; these tests run whole sessions through it
with no Textual app at all, and check the pace on the injected clock: a bot seems to think
for the pace's ``bot`` seconds, a showdown turns hands up one ``reveal`` apart, a finished
hand waits ``watch_next`` before the next, and an answer that comes too late is dropped.
"""

from __future__ import annotations

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.events import CardsShown, PlayerActed
from holdem_tui.game_settings import GameSettings, Pace
from holdem_tui.session.pace import DELAYS
from holdem_tui.session.present import Stage
from holdem_tui.session.turns import reveal_plan
from holdem_tui.ui.local import LocalDriver
from holdem_tui.ui.screens.end import EndScreen
from tests.support.driver_host import FakeHost, step
from tests.support.scenes import stations


def _watched(pace: str, hands: int) -> tuple[LocalDriver, FakeHost]:
    settings = GameSettings.build(
        humans=(), bots=("easy", "normal", "hard"), pace=pace, hand_limit=hands, seed=4
    )
    driver = LocalDriver(settings, bot_factory=stations)
    host = FakeHost()
    host.driver = driver
    driver.attach(host)
    return driver, host


def test_a_watched_session_runs_to_the_end_screen_on_the_drivers_clock() -> None:
    driver, host = _watched("normal", hands=3)
    pace = DELAYS[Pace.NORMAL]
    driver.start()
    host.run()
    assert any(isinstance(screen, EndScreen) for screen in host.opened)
    assert driver.ui.stage is Stage.SESSION_OVER
    session = driver.session
    assert session is not None and session.table.hand_number == 3
    moves = sum(1 for hand in session.past_hands for e in hand.events if isinstance(e, PlayerActed))
    showdowns = [
        sum(1 for e in hand.events if isinstance(e, CardsShown)) for hand in session.past_hands
    ]
    # calling stations answer at once, so every second on the clock is one of the pace's
    # pauses: each bot's move, each hand turned up at a showdown, and the pause after each
    # hand (the last one's before the results)
    turned_up = sum(shown for shown in showdowns if shown > 1)
    expected = moves * pace.bot + turned_up * pace.reveal + len(showdowns) * pace.watch_next
    assert host.timers.now() == pytest.approx(expected)
    seen = [stage for _, stage in host.stages]
    assert Stage.REVEAL in seen and Stage.HAND_OVER in seen and Stage.BOT in seen


def test_a_bots_answer_after_a_new_session_is_dropped() -> None:
    driver, host = _watched("instant", hands=2)
    driver.start()
    while not host.thinking:
        host.soon_steps.pop(0)()
    decide, answered = host.thinking.pop(0)
    action = decide()
    first = driver.session
    driver.start_session(driver.settings)  # a new game while the bot was thinking
    assert driver.session is not first
    hand = driver.session.hand if driver.session else None
    answered(action)  # the old worker's answer arrives now
    host.timers.advance(10)
    assert driver.session is not None and driver.session.hand is hand
    assert first is not None and first.hand is not None
    assert not any(isinstance(e, PlayerActed) for e in first.hand.events)


def _playing(pace: str) -> tuple[LocalDriver, FakeHost]:
    settings = GameSettings.build(
        humans=("",), bots=("easy", "normal", "hard"), pace=pace, hand_limit=4, seed=9
    )
    driver = LocalDriver(settings, bot_factory=stations)
    host = FakeHost()
    host.driver = driver
    driver.attach(host)
    return driver, host


def _fold_and_time_the_rest(driver: LocalDriver, host: FakeHost) -> tuple[float, float]:
    """Fold at the player's next decision; the clock's seconds until the result, and the
    pauses in them the showdown itself takes (hands turned up one by one)."""
    while driver.decision() is None:
        step(host)
    driver.move(Action.fold())
    folded = host.timers.now()
    while not _over(driver):
        step(host)
    session = driver.session
    assert session is not None and session.hand is not None
    plan = reveal_plan(session.hand.events)
    return host.timers.now() - folded, plan.seconds(driver.pace.reveal)


def _over(driver: LocalDriver) -> bool:
    return driver.ui.stage is Stage.HAND_OVER


def test_after_the_player_folds_the_bots_play_the_hand_out_at_once() -> None:
    """Issue 25.14: nobody at the keyboard is left in the hand, so the bots' moves take no
    time; the showdown still turns up at the pace. ``w`` keeps watching at the pace."""
    driver, host = _playing("normal")
    driver.start()
    spent, showdown = _fold_and_time_the_rest(driver, host)
    assert spent == pytest.approx(showdown)  # not a second for a bot's move
    assert driver.ui.watch_folded is False  # w is offered: watch such hands at the pace
    driver.toggle_watch()
    assert driver.watch_folded and driver.ui.watch_folded is True
    driver.next_hand()
    spent, showdown = _fold_and_time_the_rest(driver, host)
    session = driver.session
    assert session is not None and session.hand is not None
    hand = session.hand
    me = session.position_of(0)
    after = [e for e in hand.events if isinstance(e, PlayerActed) and e.player != me]
    folded_at = next(
        i for i, e in enumerate(hand.events) if isinstance(e, PlayerActed) and e.player == me
    )
    moves = sum(1 for e in hand.events[folded_at:] if isinstance(e, PlayerActed) and e.player != me)
    assert after and spent == pytest.approx(showdown + moves * driver.pace.bot)
