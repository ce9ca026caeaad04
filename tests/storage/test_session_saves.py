"""The game controller keeps its session on disk: autosave at each hand and human decision,
every hand in the history, and a resumed controller equal to the one that was stopped."""

from __future__ import annotations

import os
import random

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.history.phh import loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.session.controller import Session
from holdem_tui.storage import paths
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.storage.histories import list_sessions
from holdem_tui.storage.session import SessionStore
from tests.support.storage import random_agent


class RandomBot:
    """A seeded random player with the bots' ``decide(view)`` interface."""

    def __init__(self, seed: int | None) -> None:
        self.name = "random"
        self._agent = random_agent(random.Random(seed))

    def decide(self, view: PlayerView) -> Action:
        """Any legal move."""
        return self._agent(view)


def _factory(spec: str, seed: int | None) -> RandomBot:
    return RandomBot(seed)


def _play_until(session: Session, human: random.Random, stop_hand: int) -> None:
    """Play as the app does until the human's first decision in hand ``stop_hand``."""
    agent = random_agent(human)
    while True:
        if session.hand is None or session.hand.is_complete:
            if session.hand is not None:
                session.finish_hand()
            session.start_hand()
        seat = session.actor_seat
        assert seat is not None
        if session.is_human(seat):
            session.save()
            if session.table.hand_number >= stop_hand:
                return
            session.act(seat, agent(session.view_for(seat)))
        else:
            session.act_for_bot(seat, session.bots[seat].decide(session.bot_view(seat)))


@pytest.mark.parametrize("variant", ["holdem", "draw"])
def test_controller_resumes_where_it_was(variant: str) -> None:
    settings = GameSettings.build(
        variant=variant, humans=[""], bots=["easy", "normal", "hard"], seed=98
    )
    session = Session(settings, _factory)
    session.start_storage()
    _play_until(session, random.Random(5), 6)
    hand = session.hand
    assert hand is not None and not hand.is_complete

    loaded = SaveFile().load()
    assert loaded.ok, loaded.detail
    store, resumed = SessionStore.resume(loaded)
    again = Session.resume(resumed, store, _factory)
    assert again.settings == session.settings
    assert again.table.to_dict() == session.table.to_dict()
    assert again.hand is not None and again.hand.events == hand.events
    assert again.hand.config.hand_number == session.table.hand_number
    assert again.actor_seat == session.actor_seat == 0
    assert again.hands_won == session.hands_won
    assert again.biggest_pot == session.biggest_pot

    # the history holds the five finished hands, each replaying to its recorded stacks
    [info] = list_sessions()
    assert info.hands == session.table.hand_number - 1
    assert info.players[0] == ""  # the unnamed human: "Player 1" in the listing, as on the table
    for phh in loads(info.history_path.read_text()):
        assert replay(phh).finishing_stacks == phh.finishing_stacks

    # finish the session: the save goes, the history is marked finished
    again.close_storage()
    assert not SaveFile().exists()
    [info] = list_sessions()
    assert info.finished


def test_saving_after_the_hand_was_paid_is_between_hands() -> None:
    settings = GameSettings.build(humans=[""], bots=["easy"], seed=3)
    session = Session(settings, _factory)
    session.start_storage()
    session.start_hand()
    hand = session.hand
    assert hand is not None
    while not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        legal = session.view_for(seat).legal
        assert legal is not None
        session.act(seat, legal.passive_action())
    session.finish_hand()
    session.save()  # e.g. quitting on the hand-over screen
    loaded = SaveFile().load()
    assert loaded.ok and loaded.session is not None
    assert loaded.session.hand is None
    assert loaded.session.table.hand_number == 1


def test_a_new_session_keeps_an_unfinished_save_aside() -> None:
    settings = GameSettings.build(humans=[""], bots=["easy"], seed=4)
    first = Session(settings, _factory)
    first.start_storage()
    first.start_hand()
    second = Session(settings, _factory)
    second.start_storage()
    kept = list(paths.data_dir().glob("autosave.previous-*.json"))
    assert len(kept) == 1
    assert SaveFile(kept[0]).load().ok


class _Station:
    """Calls or checks everything: the human's all-ins are decided by the cards alone."""

    def __init__(self, seed: int | None) -> None:
        self.name = "station"

    def decide(self, view: PlayerView) -> Action:
        """Call a bet, else check."""
        legal = view.legal
        assert legal is not None
        return Action.call() if legal.call_amount else Action.check()


def _bust_the_human(seed: int) -> Session | None:
    """A heads-up session where the human pushes every hand until out (``None``: the bot
    went broke first)."""
    settings = GameSettings.build(humans=[""], bots=["easy"], stack=200, seed=seed)
    session = Session(settings, lambda spec, s: _Station(s))
    session.start_storage()
    while not session.table.seats[0].out:
        if session.is_over():
            return None
        session.start_hand()
        while session.hand is not None and not session.hand.is_complete:
            seat = session.actor_seat
            assert seat is not None
            if session.is_human(seat):
                session.act(seat, Action.all_in())
            else:
                session.act_for_bot(seat, session.bots[seat].decide(session.bot_view(seat)))
        session.finish_hand()
    return session


def test_history_counts_rebuys_and_names_the_player_as_the_table() -> None:
    """Issue 25 item 11: the end screen said +150 and ``history`` +200 after a rebuy. The
    session file records the rebuys at once (a session left right after one is listed with
    the chips it paid) and every total uses them; the unnamed human is "Player 1" in the
    listing, as in the table's log."""
    import json

    from click.testing import CliRunner

    from holdem_tui.cli import main
    from holdem_tui.i18n import get_translator
    from holdem_tui.session.labels import display_name

    session = next(s for s in map(_bust_the_human, range(1, 40)) if s is not None)
    session.rebuy(0)
    [info] = list_sessions()
    assert info.rebuys == [1, 0] and info.net(0) == session.result().net(0) == -200
    assert info.stacks[0] == 200
    # a few more hands, then the session ends: the listing still pays for the rebuy
    for _ in range(3):
        if session.is_over() or session.table.seats[0].out:
            break
        session.start_hand()
        while session.hand is not None and not session.hand.is_complete:
            seat = session.actor_seat
            assert seat is not None
            legal = session.view_for(seat).legal
            assert legal is not None
            if session.is_human(seat):
                session.act(seat, legal.passive_action())
            else:
                session.act_for_bot(seat, legal.passive_action())
        session.finish_hand()
    session.close_storage()
    [info] = list_sessions()
    assert info.finished and info.net(0) == session.result().net(0)
    assert sum(info.net(seat) for seat in range(2)) == 0  # the rebuy was paid for, not won

    runner = CliRunner()
    name = display_name(session, 0, get_translator("en"))
    assert name == "Player 1"
    listed = runner.invoke(main, ["history"], env={"COLUMNS": "200"})
    total = f"{'+' if session.result().net(0) > 0 else '−'}{abs(session.result().net(0)):,}"
    assert f"{name} {total} (1 rebuy)" in listed.output, listed.output
    data = json.loads(runner.invoke(main, ["history", "--json"]).output)
    [row] = data["sessions"]
    assert row["rebuys"] == [1, 0] and row["net"][0] == session.result().net(0)

    # resumed from the autosave, the summary keeps the rebuy
    again = next(s for s in map(_bust_the_human, range(1, 40)) if s is not None)
    again.rebuy(0)
    again.save()
    loaded = SaveFile().load()
    store, _ = SessionStore.resume(loaded)
    assert store.history is not None and store.history.info.rebuys == [1, 0]


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_every_file_the_game_writes_is_the_players_alone() -> None:
    """Issue 27.1: histories were 0644 with every hole card. Now each file is 0600 and each
    folder the game makes 0700; a history an older version left readable is taken back."""
    data = paths.data_dir()
    data.mkdir(parents=True)
    history_folder = data / "histories"
    history_folder.mkdir(mode=0o755)
    settings = GameSettings.build(humans=[""], bots=["easy", "normal"], seed=5)
    session = Session(settings, _factory)
    session.start_storage()
    _play_until(session, random.Random(5), 3)
    session.close_storage()
    written = [p for p in data.rglob("*")]
    assert any(p.suffix == ".phhs" for p in written), written
    for path in written:
        if path.is_file():
            assert path.stat().st_mode & 0o077 == 0, path
    old = next(p for p in written if p.suffix == ".phhs")
    old.chmod(0o644)
    from holdem_tui.storage.atomic import append_durably

    append_durably(old, "")
    assert old.stat().st_mode & 0o777 == 0o600


def test_a_full_disk_is_said_and_its_stale_save_never_offered(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27.11: after the disk filled, the game said "Your session is saved" and
    ``play --resume`` rolled a finished session back to its last saved hand."""
    import errno
    from types import SimpleNamespace

    from holdem_tui.commands.play import _say_unsaved
    from holdem_tui.i18n import get_translator
    from holdem_tui.storage.histories import SessionHistory

    settings = GameSettings.build(humans=[""], bots=["easy", "normal"], seed=5)
    session = Session(settings, _factory)
    session.start_storage()
    _play_until(session, random.Random(5), 3)

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(SessionHistory, "append", full)
    _play_until(session, random.Random(6), 5)
    session.close_storage()
    store = session.store
    assert store is not None and store.unusable == "No space left on device"
    assert store.first_unsaved == 3  # hands 1 and 2 are in the history
    assert not SaveFile().exists()  # play --resume offers nothing...
    assert store.stale_save is not None and store.stale_save.exists()  # ...the old save is kept
    app = SimpleNamespace(driver=SimpleNamespace(session=session), tr=get_translator("en"))
    _say_unsaved(app)  # type: ignore[arg-type]
    said = capsys.readouterr().out
    assert "Nothing was saved from hand #3 on (No space left on device)." in said
    assert str(store.stale_save) in said and "rename it to autosave.json" in said
    assert "is saved" not in said


def test_a_flood_that_holds_every_descriptor_costs_the_history_no_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27.7: a connection flood made the history's appends fail (EMFILE) and storage
    stopped for the rest of the session. A failure for want of a descriptor passes: the
    hand waits and is written, in order, before the next one."""
    import errno

    from holdem_tui.storage import histories
    from holdem_tui.storage.atomic import append_durably as real

    settings = GameSettings.build(humans=[""], bots=["easy", "normal"], seed=5)
    session = Session(settings, _factory)
    session.start_storage()
    flood = {"left": 2}  # two writes fail: hand 2 waits twice, hand 4 brings 2, 3 and 4

    def crowded(path: object, text: str) -> int:
        if session.table.hand_number >= 2 and flood["left"] > 0:
            flood["left"] -= 1
            raise OSError(errno.EMFILE, "Too many open files")
        return real(path, text)  # type: ignore[arg-type]

    monkeypatch.setattr(histories, "append_durably", crowded)
    _play_until(session, random.Random(7), 5)
    store = session.store
    assert store is not None and store.unusable is None and not store.waiting
    assert flood["left"] == 0
    session.close_storage()
    assert session.history_path is not None
    hands = loads(session.history_path.read_text(encoding="utf-8"))
    assert [h.config().hand_number for h in hands] == [1, 2, 3, 4]
