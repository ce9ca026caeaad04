"""Crash-safe files: atomic writes, settings, and the autosave with its broken-file cases."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from holdem_tui.bots.levels import Level
from holdem_tui.bots.registry import LEVELS, make_bot
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant
from holdem_tui.game_settings import BOT_LEVELS, GameSettings, Pace
from holdem_tui.i18n import LANGUAGES, Translator
from holdem_tui.storage import paths
from holdem_tui.storage.atomic import TEMP_PREFIX, atomic_write_text, keep_aside
from holdem_tui.storage.autosave import (
    SAVE_VERSION,
    LoadStatus,
    SaveFile,
    decode_action,
    encode_action,
    resume,
)
from holdem_tui.storage.preferences import (
    BROKEN_SETTINGS_KEY,
    Settings,
    load_settings,
    save_settings,
)
from tests.support.storage import play_one, random_agent

REPO = Path(__file__).resolve().parents[2]


def _table(seed: int = 7, players: int = 6, variant: str = "holdem") -> Table:
    names = tuple(f"P{i + 1}" for i in range(players))
    ante = 1 if variant == "draw" else 0  # draw is always played with an ante
    return Table(TableConfig(Variant(variant), names, seed=seed, hand_limit=50, ante=ante))


# --------------------------------------------------------------------------- paths


def test_paths_follow_the_environment(tmp_path: Path) -> None:
    assert paths.config_dir() == tmp_path / "config"
    assert paths.data_dir() == tmp_path / "data"
    assert paths.settings_path().parent == tmp_path / "config"
    assert paths.autosave_path().parent == tmp_path / "data"
    assert paths.histories_dir() == tmp_path / "data" / "histories"
    assert not (tmp_path / "config").exists(), "asking for a path must not create folders"


def test_default_paths_use_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.CONFIG_ENV)
    monkeypatch.delenv(paths.DATA_ENV)
    assert "holdem-tui" in str(paths.config_dir())
    assert "holdem-tui" in str(paths.data_dir())


# --------------------------------------------------------------------------- atomic writes


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_crash_between_write_and_rename_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "save.json"
    atomic_write_text(target, '{"old": true}')

    def crash(src: object, dst: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)  # what atomic calls
    with pytest.raises(OSError, match="power cut"):
        atomic_write_text(target, '{"new": true}')
    assert json.loads(target.read_text()) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_hard_crash_before_rename_keeps_the_old_file(tmp_path: Path) -> None:
    """A real process death (no cleanup runs at all) right before the rename."""
    save = SaveFile(tmp_path / "autosave.json")
    table = _table()
    old = save.save(table)
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from holdem_tui.storage import atomic\n"
        "atomic.os.replace = lambda *a: os._exit(9)\n"
        f"atomic.atomic_write_text(Path({str(save.path)!r}), '{{\"new\": tru')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], check=False)
    assert result.returncode == 9
    strays = [p.name for p in tmp_path.iterdir() if p.name != "autosave.json"]
    assert strays and all(name.startswith(TEMP_PREFIX) for name in strays)
    # the old save is whole, and the stray temp file is never taken for it
    loaded = save.load()
    assert loaded.ok and loaded.payload is not None
    assert loaded.payload["table"] == json.loads(json.dumps(old))["table"]


def test_keep_aside_never_overwrites(tmp_path: Path) -> None:
    first = tmp_path / "autosave.json"
    first.write_text("a")
    aside_a = keep_aside(first)
    first.write_text("b")
    aside_b = keep_aside(first)
    assert aside_a != aside_b
    assert aside_a.read_text() == "a" and aside_b.read_text() == "b"
    assert not first.exists()
    assert aside_a.name.startswith("autosave.corrupt-") and aside_a.suffix == ".json"


# --------------------------------------------------------------------------- settings


def test_settings_round_trip() -> None:
    settings = Settings(language="fi", pace="slow", last_setup={"variant": "draw", "stack": 500})
    save_settings(settings)
    loaded = load_settings()
    assert loaded.settings == settings
    assert loaded.kept_aside is None and loaded.message_key is None
    assert paths.settings_path().is_file()


def test_a_settings_file_written_before_the_pace_enum_still_loads_and_saves_the_same() -> None:
    """Paces were plain strings in the file; the ``Pace`` StrEnum is the same string, so a
    file from before reads back, and saving it again writes the very same words."""
    old = {
        "version": 1,
        "language": "nl",
        "pace": "slow",
        "last_setup": {"variant": "holdem", "pace": "instant", "stack": 500},
    }
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text(json.dumps(old), encoding="utf-8")
    loaded = load_settings()
    assert loaded.kept_aside is None
    assert loaded.settings.pace == Pace.SLOW
    assert GameSettings.from_dict(loaded.settings.last_setup).pace == Pace.INSTANT
    save_settings(loaded.settings)
    saved = json.loads(paths.settings_path().read_text(encoding="utf-8"))
    assert saved["pace"] == "slow" and saved["last_setup"]["pace"] == "instant"
    assert GameSettings.from_dict(saved["last_setup"]).to_dict()["pace"] == "instant"


def test_bot_levels_saved_as_words_read_back_as_the_level_enum() -> None:
    """A last game saved with plain level words loads as ``Level`` members, each one the
    same bot as its word, and is written back with the same words."""
    last = {"seats": [{"kind": "human", "name": ""}, {"kind": "bot", "level": "hard"}]}
    settings = GameSettings.from_dict(last)
    assert [seat.level for seat in settings.seats if not seat.is_human] == [Level.HARD]
    assert settings.to_dict()["seats"][1]["level"] == "hard"
    assert BOT_LEVELS == LEVELS == ("easy", "normal", "hard") == tuple(Level)
    for level in Level:
        assert type(make_bot(level)) is type(make_bot(level.value))
        assert make_bot(level).name == level.value


def test_missing_settings_are_defaults() -> None:
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.kept_aside is None


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\xff garbage \x13", b'{"language": "fi", "pace": "sl', b"[1, 2]", b'{"pace": 3}'],
    ids=["empty", "garbage", "truncated", "list", "wrong-type"],
)
def test_broken_settings_are_kept_aside(content: bytes) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.message_key == BROKEN_SETTINGS_KEY
    assert loaded.kept_aside is not None and loaded.kept_aside.read_bytes() == content
    assert not path.exists()
    for lang in LANGUAGES:
        text = Translator(lang).t(BROKEN_SETTINGS_KEY, path=str(loaded.kept_aside))
        assert str(loaded.kept_aside) in text


# --------------------------------------------------------------------------- autosave


def _mid_hand(seed: int = 7, decisions: int = 5) -> tuple[Table, Hand]:
    """A table with a hand in progress after a few random decisions (and hands before it)."""
    table = _table(seed)
    agent = random_agent(random.Random(seed))
    for _ in range(3):  # a few finished hands first: the button and stacks have moved
        hand = table.start_hand()
        play_one(hand, agent)
        table.finish_hand(hand)
    while True:
        hand = table.start_hand()
        for _ in range(decisions):
            actor = hand.actor
            assert actor is not None
            snapshot = len(hand.events)
            hand.act(agent(hand.view(actor)), actor)
            if hand.is_complete:
                break
        if not hand.is_complete and len(hand.events) > snapshot:
            return table, hand
        play_one(hand, agent)
        table.finish_hand(hand)


def test_action_encoding_round_trips() -> None:
    from holdem_tui.engine.cards import parse_cards

    for position, action in [
        (0, Action.fold()),
        (3, Action.raise_to(120)),
        (1, Action.draw(parse_cards("As7d2c"))),
        (2, Action.draw(())),
    ]:
        item = json.loads(json.dumps(encode_action(position, action)))
        assert decode_action(item) == (position, action)


def test_resume_mid_hand_equals_the_original() -> None:
    table, hand = _mid_hand()
    assert not hand.is_complete
    save = SaveFile()
    save.save(table, hand, settings={"lang": "fi"}, session_id="abc", extra={"won": [1, 2]})
    loaded = save.load()
    assert loaded.ok and loaded.session is not None
    session = loaded.session
    assert session.hand is not None
    assert session.hand.events == hand.events
    assert session.hand_number == table.hand_number >= 4
    assert session.hand.config.hand_number == table.hand_number
    assert session.hand.hole == hand.hole
    assert session.table.to_dict() == table.to_dict()
    assert session.settings == {"lang": "fi"}
    assert session.extra == {"won": [1, 2]}
    assert session.session_id == "abc"
    # the game goes on identically from both
    agent_a, agent_b = random_agent(random.Random(1)), random_agent(random.Random(1))
    play_one(hand, agent_a)
    play_one(session.hand, agent_b)
    assert session.hand.events == hand.events


def test_resume_between_hands_deals_the_same_next_hand() -> None:
    table, hand = _mid_hand()
    play_one(hand, random_agent(random.Random(3)))
    table.finish_hand(hand)
    save = SaveFile()
    save.save(table)
    session = save.load().session
    assert session is not None and session.hand is None
    number = table.hand_number
    ours, theirs = table.start_hand(), session.table.start_hand()
    assert ours.hole == theirs.hole and ours.config == theirs.config
    assert theirs.config.hand_number == number + 1


def test_draw_hand_resumes_with_its_discards() -> None:
    table = _table(11, 4, "draw")
    agent = random_agent(random.Random(11))
    while True:  # stop right after the first hand in which someone threw cards away
        hand = table.start_hand()
        while not hand.is_complete and not any(a.discards for _, a in hand.actions_taken()):
            actor = hand.actor
            assert actor is not None
            hand.act(agent(hand.view(actor)), actor)
        if not hand.is_complete:
            break
        table.finish_hand(hand)
    save = SaveFile()
    save.save(table, hand)
    session = save.load().session
    assert session is not None and session.hand is not None
    assert session.hand.events == hand.events
    assert session.hand.hole == hand.hole


def _write_save(content: bytes) -> SaveFile:
    save = SaveFile()
    save.path.parent.mkdir(parents=True, exist_ok=True)
    save.path.write_bytes(content)
    return save


def _good_save_bytes() -> bytes:
    table, hand = _mid_hand()
    save = SaveFile()
    save.save(table, hand)
    data = save.path.read_bytes()
    save.path.unlink()
    return data


@pytest.mark.parametrize(
    "mangle",
    [
        lambda good: b"",
        lambda good: good[: len(good) // 2],
        lambda good: good[:-3],
        lambda good: os.urandom(300),
        lambda good: b"\x00" * 64,
        lambda good: b"[1, 2, 3]",
        lambda good: b'{"table": {}}',
        lambda good: good.replace(b'"hand_actions": [', b'"hand_actions": [[0, "raise", 1, []], '),
        lambda good: good.replace(b'"rng_state": [', b'"rng_state": ["x", '),
    ],
    ids=[
        "empty",
        "truncated-half",
        "truncated-end",
        "garbage",
        "zeros",
        "not-an-object",
        "no-version",
        "illegal-action",
        "bad-table",
    ],
)
def test_corrupt_saves_are_kept_aside(mangle) -> None:  # type: ignore[no-untyped-def]
    content = mangle(_good_save_bytes())
    save = _write_save(content)
    result = save.load()
    assert result.status is LoadStatus.CORRUPT, result.detail
    assert result.session is None
    assert result.kept_aside is not None and result.kept_aside.read_bytes() == content
    assert result.kept_aside.name.startswith("autosave.corrupt-")
    assert not save.path.exists(), "a broken save must not be offered again"
    assert result.message_key == "error.save_corrupt"
    # a new game can be saved right away
    save.save(_table())
    assert save.load().ok


def test_incompatible_version_is_kept_aside() -> None:
    data = json.loads(_good_save_bytes())
    data["version"] = SAVE_VERSION + 1
    data["app_version"] = "9.0.0"
    save = _write_save(json.dumps(data).encode())
    result = save.load()
    assert result.status is LoadStatus.INCOMPATIBLE
    assert result.kept_aside is not None and result.kept_aside.is_file()
    assert result.message_key == "error.save_version"
    for lang in LANGUAGES:
        text = result.message(Translator(lang))
        assert "9.0.0" in text and str(result.kept_aside) in text


def test_corrupt_message_in_every_language() -> None:
    save = _write_save(b"garbage")
    result = save.load()
    for lang in LANGUAGES:
        text = result.message(Translator(lang))
        assert str(result.kept_aside) in text
        assert "storage." not in text and "error." not in text


def test_missing_save() -> None:
    result = SaveFile().load()
    assert result.status is LoadStatus.MISSING and result.message_key is None
    assert result.message(Translator("en")) == ""


def test_clear_removes_only_the_save() -> None:
    save = SaveFile()
    save.save(_table())
    assert save.exists()
    save.clear()
    assert not save.exists()
    save.clear()  # twice is fine


def test_resume_rejects_inconsistent_data() -> None:
    table = _table()
    payload = SaveFile().save(table)
    payload["hand_actions"] = [[0, "fold", None, []]]
    with pytest.raises(ValueError, match="no hand in progress"):
        resume(payload)


@pytest.mark.slow
def test_storage_does_not_import_textual() -> None:
    """Storage is used by the CLI (``history``) and the controller: no Textual in it."""
    check = (
        "import importlib, pkgutil, sys\n"
        "import holdem_tui.storage as package\n"
        "for info in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "    importlib.import_module(info.name)\n"
        "import holdem_tui.commands.history\n"
        "print(','.join(m for m in sys.modules if m == 'textual' or m.startswith('textual.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
