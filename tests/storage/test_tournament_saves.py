"""A tournament on disk: resumed mid-level with its clock and places, each hand's PHH with
its blinds and antes, and the history keeping place, prize, hands and duration."""

from __future__ import annotations

import json
import random

from click.testing import CliRunner

from holdem_tui.commands.history import command as history_command
from holdem_tui.game_settings import GameSettings
from holdem_tui.history.phh import loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.session.controller import Session
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.storage.histories import list_sessions
from holdem_tui.storage.session import SessionStore
from tests.storage.test_session_saves import _factory
from tests.support.storage import random_agent


class Clock:
    """A clock the test moves: every reading is five seconds after the last."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 5.0
        return self.now


def _play_until_a_bust(session: Session) -> None:
    """Play as the app does until the human's first decision after someone busted."""
    agent = random_agent(random.Random(3))
    while True:
        if session.hand is None or session.hand.is_complete:
            if session.hand is not None:
                session.finish_hand()
            assert not session.is_over()
            session.start_hand()
        seat = session.actor_seat
        assert seat is not None
        if session.is_human(seat):
            session.save()
            if session.table.finishes:
                return
            session.act(seat, agent(session.view_for(seat)))
        else:
            session.act_for_bot(seat, session.bots[seat].decide(session.bot_view(seat)))


def _settings() -> GameSettings:
    return GameSettings.build(humans=[""], bots=["easy"] * 5, seed=21, tournament="regular")


def test_a_resumed_tournament_keeps_its_level_clock_and_places() -> None:
    session = Session(_settings(), _factory, clock=Clock())
    session.start_storage()
    _play_until_a_bust(session)
    table = session.table
    assert table.elapsed > 0 and table.config.tournament is not None
    before = (table.level, table.elapsed, dict(table.finishes), table.blind_seats)

    loaded = SaveFile().load()
    assert loaded.ok, loaded.detail
    store, resumed = SessionStore.resume(loaded)
    # the game was closed for an hour: the minutes wait (a new clock starts where it is)
    again = Session.resume(resumed, store, _factory, clock=Clock(start=3600.0))
    after = again.table
    assert (after.level, after.elapsed, dict(after.finishes), after.blind_seats) == before
    again.tick()
    assert after.elapsed == before[1] + 5.0  # only the play since, not the hour away
    assert again.hand is not None and again.hand.events == session.hand.events  # type: ignore[union-attr]


def test_each_hands_history_records_its_blinds_and_antes_and_replays() -> None:
    settings = GameSettings.build(humans=[], bots=["easy"] * 4, seed=4, tournament="hyper")
    session = Session(settings, _factory, clock=Clock())
    session.start_storage()
    while not session.is_over():
        hand = session.start_hand()
        while not hand.is_complete:
            seat = session.actor_seat
            assert seat is not None
            session.act_for_bot(seat, session.bots[seat].decide(session.bot_view(seat)))
        session.finish_hand()
    session.close_storage()
    assert session.history_path is not None
    hands = loads(session.history_path.read_text(encoding="utf-8"))
    assert len(hands) == session.table.hand_number
    schedule = settings.tournament_spec().schedule  # type: ignore[union-attr]
    levels = {(lv.big, lv.ante) for lv in schedule.levels}
    for phh in hands:
        assert (max(phh.blinds), max(phh.antes, default=0)) in levels
        replay(phh)  # every hand, dead small blinds too, replays strictly
    assert any(max(phh.antes, default=0) > 0 for phh in hands) or len(hands) < 25

    info = next(s for s in list_sessions() if s.session_id in str(session.history_path))
    assert info.tournament == "hyper" and info.finished
    assert sorted(p for p in info.places if p is not None)[0] == 1
    assert sum(info.prizes) == 400 and info.seconds == session.table.elapsed
    data = json.loads(CliRunner().invoke(history_command, ["--json"]).output)
    listed = next(s for s in data["sessions"] if s["session_id"] == info.session_id)
    assert listed["places"] == info.places and listed["prizes"] == info.prizes
    text = CliRunner().invoke(history_command, ["--lang", "en"], env={"COLUMNS": "300"}).output
    assert "hyper tournament" in text
