"""The host's autosave writer thread: the newest save wins, a cleared save stays cleared,
a failed write stops storage as a synchronous one would. No clock: flushes wait for the
writer, never for a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.table import Table
from holdem_tui.game_settings import GameSettings
from holdem_tui.net.saver import BackgroundSaveFile
from holdem_tui.storage.session import SessionStore


def _table() -> Table:
    return Table(GameSettings.build(humans=["Ana", "Bo"], bots=(), seed=4).table_config())


def test_the_newest_save_is_on_disk_after_a_flush_and_loads(tmp_path: Path) -> None:
    save = BackgroundSaveFile(tmp_path / "host-autosave.json")
    table = _table()
    hand = table.start_hand()
    settings = GameSettings.build(humans=["Ana", "Bo"], bots=(), seed=4).to_dict()
    payloads = []
    for _ in range(6):
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(Action.call() if legal.call_amount else Action.check())
        payloads.append(save.save(table, hand, settings=settings))
    save.flush()
    on_disk = json.loads((tmp_path / "host-autosave.json").read_text())
    assert on_disk["hand_actions"] == payloads[-1]["hand_actions"]  # never an older one
    assert len(on_disk["hand_actions"]) == 6
    loaded = save.load()
    assert loaded.ok and loaded.session is not None
    assert loaded.session.hand is not None
    assert len(loaded.session.hand.actions_taken()) == 6
    save.stop()


def test_a_cleared_save_is_not_brought_back_by_a_late_write(tmp_path: Path) -> None:
    path = tmp_path / "host-autosave.json"
    save = BackgroundSaveFile(path)
    table = _table()
    for _ in range(20):
        save.save(table)
    save.clear()
    assert not path.exists()
    assert not save.exists()
    save.save(table)  # a later save starts the writer again
    save.flush()
    assert path.exists()
    save.stop()


def test_a_failed_write_stops_storage_like_a_synchronous_one(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save's folder should be")
    save = BackgroundSaveFile(blocker / "host-autosave.json")
    table = _table()
    save.save(table)
    with pytest.raises(OSError):
        save.flush()
    store = SessionStore(save, None, {})
    store.save(table)  # the failure surfaces here: storage stops, the game plays on
    assert store.unusable is not None
    store.save(table)  # and nothing more is tried
    with pytest.raises(OSError):
        save.stop()


@pytest.mark.parametrize("code", ["EMFILE", "ENFILE"])
def test_a_write_that_finds_no_free_descriptor_waits_and_lands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    """Issue 27.7: a flood of sockets holds every descriptor for a moment; the save's write
    then fails with EMFILE (this process) or ENFILE (the system). That passes: the writer
    tries again (with the newest payload) and the save lands, storage never stopped."""
    import errno

    from holdem_tui.net import saver
    from holdem_tui.storage.atomic import atomic_write_text as real

    crowded = {"left": 3}

    def write(path: Path, text: str) -> None:
        if crowded["left"]:
            crowded["left"] -= 1
            raise OSError(getattr(errno, code), "Too many open files")
        real(path, text)

    monkeypatch.setattr(saver, "atomic_write_text", write)
    monkeypatch.setattr(saver, "RETRY_PAUSE", 0.0)
    path = tmp_path / "host-autosave.json"
    save = BackgroundSaveFile(path)
    table = _table()
    payload = save.save(table)
    save.flush()
    assert json.loads(path.read_text()) == json.loads(json.dumps(payload))
    assert save.retries == 3 and crowded["left"] == 0
    save.stop()
