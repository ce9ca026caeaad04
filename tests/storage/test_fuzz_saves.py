"""Fuzzed saves and settings: a sound save continues, anything else is kept aside, never a crash.

Also the folder cases: a lock per data folder, stale temp files, unwritable folders.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from holdem_tui.game_settings import GameSettings
from holdem_tui.storage import paths
from holdem_tui.storage.autosave import LoadStatus, SaveFile, continue_offer
from holdem_tui.storage.lock import FolderInUse, acquire
from holdem_tui.storage.preferences import load_settings
from holdem_tui.storage.session import SessionStore
from tests.support.hang import HANG_GUARD
from tests.support.storage import play_one, random_agent, random_table

HOSTILE_JSON: list[Any] = [
    None,
    True,
    -1,
    -7,
    99,
    10**30,
    int("9" * 400),
    1.5,
    float("nan"),
    "xyz",
    "",
    [],
    [1, 2],
    {},
    {"a": 1},
    "holdem",
    "omaha",
]


def _sound_save(seed: int) -> dict[str, Any]:
    """A save written by the real store in the middle of a hand, with real settings."""
    rng = random.Random(seed)
    table = random_table(rng, rng.choice(["holdem", "draw"]))
    n = len(table.config.names)
    settings = GameSettings.build(
        variant=table.config.variant, humans=["Ann"], bots=["easy"] * (n - 1)
    ).to_dict()
    store = SessionStore.start(table, settings=settings, humans=[0])
    hand = table.start_hand()
    agent = random_agent(rng)
    steps = rng.randrange(4)
    while not hand.is_complete and steps:
        actor = hand.actor
        assert actor is not None
        hand.act(agent(hand.view(actor)), actor)
        steps -= 1
    store.decision_point(table, hand)
    data: dict[str, Any] = json.loads(store.save_file.path.read_text())
    return data


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside the save, to pick one to damage."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list) and len(data) < 40:
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


def _damage(data: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """One hostile change; returns (label, file text)."""
    roll = rng.randrange(10)
    if roll == 0:
        return "nested 100000 deep", "[" * 100_000 + "]" * 100_000
    if roll == 1:
        text = json.dumps(data)
        cut = rng.randrange(len(text))
        return f"truncated at {cut}", text[:cut]
    if roll == 2:
        damaged = copy.deepcopy(data)
        damaged["table"]["rng_state"][1] = damaged["table"]["rng_state"][1][: rng.randrange(625)]
        return "short rng_state", json.dumps(damaged)
    damaged = copy.deepcopy(data)
    path = rng.choice(_paths(damaged))
    target: Any = damaged
    for key in path[:-1]:
        target = target[key]
    value = rng.choice(HOSTILE_JSON)
    if rng.random() < 0.1 and isinstance(target, dict):
        del target[path[-1]]
        label = f"{'.'.join(map(str, path))} deleted"
    else:
        target[path[-1]] = value
        label = f"{'.'.join(map(str, path))} = {str(value)[:20]}"
    return label, json.dumps(damaged)


def _sweep(seed: int, count: int) -> dict[str, int]:
    rng = random.Random(seed)
    bases = [_sound_save(seed * 100 + i) for i in range(4)]
    outcomes = {"continued": 0, "kept aside": 0}
    save = SaveFile()
    for _ in range(count):
        label, text = _damage(rng.choice(bases), rng)
        save.path.write_text(text, encoding="utf-8")
        result = continue_offer(save)  # must not raise, whatever the file
        if result.ok:
            session = result.session
            assert session is not None, label
            table = session.table
            assert all(0 <= seat.stack <= 10**10 for seat in table.seats), label
            assert -1 <= table.button < len(table.seats), label
            assert 0 <= table.elapsed < 10**10, label
            GameSettings.from_dict(session.settings)
            outcomes["continued"] += 1
        else:
            assert result.status in (LoadStatus.CORRUPT, LoadStatus.INCOMPATIBLE), label
            assert result.kept_aside is not None and result.kept_aside.exists(), label
            assert not save.path.exists(), label
            outcomes["kept aside"] += 1
    return outcomes


def test_fuzzed_saves_continue_or_are_kept_aside() -> None:
    outcomes = _sweep(seed=13, count=150)
    assert outcomes["kept aside"] > 75 and outcomes["continued"] > 0


@pytest.mark.slow
def test_fuzzed_saves_long_run() -> None:
    for seed in range(6):
        _sweep(seed=seed, count=400)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("elapsed", int("9" * 400)),
        ("button", 99),
        ("button", -7),
        ("hand_number", -5),
        ("elapsed", float("nan")),
    ],
)
def test_the_issues_saves_are_refused(key: str, value: Any) -> None:
    data = _sound_save(1)
    data["table"][key] = value
    SaveFile().path.write_text(json.dumps(data), encoding="utf-8")
    assert continue_offer().status is LoadStatus.CORRUPT


def test_negative_stack_unknown_variant_and_bad_settings_are_refused() -> None:
    changes: tuple[Callable[[dict[str, Any]], None], ...] = (
        lambda d: d["table"]["seats"][0].__setitem__(1, -5),
        lambda d: d["table"]["seats"][0].__setitem__(1, 10**30),
        lambda d: d["table"]["config"].__setitem__("variant", "omaha"),
        lambda d: d["settings"].__setitem__("seats", "xyz"),
    )
    for change in changes:
        data = _sound_save(2)
        change(data)
        SaveFile().path.write_text(json.dumps(data), encoding="utf-8")
        assert continue_offer().status is LoadStatus.CORRUPT


def test_deep_or_huge_settings_are_set_aside() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    deep = "[" * 100_000 + "]" * 100_000
    for text in (deep, '{"pace": NaN}', '{"last_setup": {"seats": "xyz"}}'):
        path.write_text(text, encoding="utf-8")
        loaded = load_settings()
        assert loaded.kept_aside is not None and loaded.kept_aside.exists()


def test_fuzzed_settings_never_crash() -> None:
    rng = random.Random(13)
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    base = {"language": "fi", "pace": "slow", "last_setup": GameSettings().to_dict()}
    for _ in range(300):
        data = copy.deepcopy(base)
        places = _paths(data)
        where = rng.choice(places)
        target: Any = data
        for key in where[:-1]:
            target = target[key]
        target[where[-1]] = rng.choice(HOSTILE_JSON)
        path.write_text(json.dumps(data), encoding="utf-8")
        loaded = load_settings(repair=False)  # never raises
        assert loaded.settings.language is None or isinstance(loaded.settings.language, str)
        if loaded.settings.last_setup:  # what is kept is a setup the game can start
            assert GameSettings.from_dict(loaded.settings.last_setup).validate() == []


# ------------------------------------------------------------------ folders and the lock


@pytest.mark.slow
def test_a_second_game_on_the_folder_is_told_who_holds_it(tmp_path: Path) -> None:
    folder = tmp_path / "shared-data"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; "
            "from holdem_tui.storage.lock import acquire; acquire(Path(sys.argv[1])); "
            "print('locked', flush=True); sys.stdin.read()",
            str(folder),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(FolderInUse) as caught:
            acquire(folder)
        assert caught.value.holder.pid == str(holder.pid)
        env = {**__import__("os").environ, paths.DATA_ENV: str(folder)}
        result = subprocess.run(
            [sys.executable, "-m", "holdem_tui", "play", "--watch"],
            capture_output=True,
            text=True,
            env=env,
            stdin=subprocess.DEVNULL,
            timeout=HANG_GUARD,
            check=False,
        )
        assert result.returncode == 1
        assert str(holder.pid) in result.stdout and "Traceback" not in result.stderr
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=HANG_GUARD)
    acquire(folder).release()  # the holder ended: the folder is free again


def test_stale_temp_files_are_cleaned_when_the_lock_is_taken() -> None:
    folder = paths.data_dir()
    (folder / "histories").mkdir(parents=True)
    stale = [folder / ".tmp-autosave.json.abc", folder / "histories" / ".tmp-x.phhs.1"]
    for path in stale:
        path.write_text("torn")
    keep = folder / "autosave.json"
    keep.write_text("{}")
    acquire(folder).release()
    assert not any(p.exists() for p in stale) and keep.exists()


def test_an_unwritable_store_plays_on_without_saving(tmp_path: Path) -> None:
    table = random_table(random.Random(3))
    store = SessionStore.start(table, settings={}, humans=[0])
    store.save_file.path.unlink()
    store.save_file.path.mkdir()  # autosave.json is now a folder: every write fails
    hand = table.start_hand()
    play_one(hand, random_agent(random.Random(4)), lambda h: store.decision_point(table, h))
    table.finish_hand(hand)
    store.hand_finished(table, hand)
    assert store.unusable is not None
    assert continue_offer().status is LoadStatus.CORRUPT  # the folder is set aside, not read
