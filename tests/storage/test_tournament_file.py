"""Tournament files: a good one is read, a hostile one is refused with one clear line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from holdem_tui.engine.schedule import Level, LevelClock
from holdem_tui.engine.tournament import tournament_from_data
from holdem_tui.engine.variants import Variant
from holdem_tui.storage.tournament_file import (
    TournamentFileError,
    load_tournament,
    load_tournament_file,
)

GOOD = """
# a quick Hold'em sit-and-go
game = "holdem"
level_hands = 8
buy_in = 20
levels = [
  { blinds = [10, 20] },
  { blinds = [20, 40] },
  { blinds = [50, 100], ante = 10 },
]

[[payouts]]
up_to = 4
percent = [100]

[[payouts]]
up_to = 9
percent = [60, 40]
"""


def write(tmp_path: Path, text: str | bytes, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_is_read_whole(tmp_path: Path) -> None:
    spec = load_tournament_file(write(tmp_path, GOOD), Variant.HOLDEM)
    assert spec.name == "mine"
    assert spec.schedule.clock is LevelClock.HANDS and spec.schedule.length == 8
    assert spec.schedule.levels == (Level(10, 20), Level(20, 40), Level(50, 100, 10))
    assert spec.payouts.prizes(5) == (60, 40)
    # what a save stores is read back by the same checks
    assert tournament_from_data(spec.to_data(), Variant.HOLDEM) == spec


def test_draw_files_name_limits_and_presets_need_no_file(tmp_path: Path) -> None:
    text = 'game = "draw"\nlevel_minutes = 6\n[[levels]]\nlimits = [10, 20]\nante = 5\n'
    spec = load_tournament(str(write(tmp_path, text)), Variant.DRAW, 1000)
    assert spec.schedule.levels == (Level(10, 20, 5),)
    assert load_tournament("turbo", Variant.DRAW, 1000).name == "turbo"
    no_ante = write(tmp_path, 'game = "draw"\nlevel_hands = 5\nlevels = [{limits = [10, 20]}]')
    with pytest.raises(TournamentFileError, match="level 1: the ante: missing"):
        load_tournament_file(no_ante, Variant.DRAW)


BAD = [
    ("", 'game: must be "holdem" or "draw"'),
    ('game = "stud"', 'game: must be "holdem" or "draw"'),
    (
        'game = "draw"\nlevel_hands = 5\nlevels = [{limits = [10, 20], ante = 5}]',
        "the schedule is for draw, not holdem",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevel_minutes = 5\nlevels = [{blinds = [1, 2]}]',
        "give exactly one",
    ),
    ('game = "holdem"\nlevel_hands = 0\nlevels = [{blinds = [1, 2]}]', "level_hands: 0 is outside"),
    ('game = "holdem"\nlevel_hands = 5\nlevels = []', "at least one level"),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [30, 20]}]',
        "level 1: the small blind (30) is above the big blind (20)",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [10, 20]}, {blinds = [5, 10]}]',
        "level 2: the stakes go down from level 1",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [10, 20], ante = 50}]',
        "level 1: the ante: 50 is outside 0..20",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [10, 2e9]}]',
        "expected a whole number",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [10, 99999999999999999]}]',
        "the big blind: a huge number is outside",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [10, 20], straddle = 40}]',
        "straddle is not a level setting",
    ),
    ('game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = 10}]', "blinds must be two numbers"),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [1, 2]}]\nrebuy = true',
        "rebuy: not a tournament setting",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [1, 2]}]\nname = "a\\u001b[2Jb"',
        "name: expected a short name",
    ),
    (
        'game = "holdem"\nlevel_hands = 5\nlevels = [{blinds = [1, 2]}]\nbig_blind_ante = "yes"',
        "big_blind_ante: must be true or false",
    ),
    ("game = [" * 5000, "nested deeper than"),
    ('game = "holdem"\nlevels = [[[[[[[[[[1]]]]]]]]]]', "nested deeper than"),
    ("x" * 500 + " = 1", "a key longer than"),
    ("game = 'holdem\n", "not valid TOML"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_a_hostile_file_gets_one_clear_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(TournamentFileError) as caught:
        load_tournament_file(write(tmp_path, text), Variant.HOLDEM)
    line = str(caught.value)
    assert line.startswith("mine.toml: ")
    assert message in line, line
    assert "\n" not in line and "\x1b" not in line


def test_files_that_are_not_text_files_are_refused(tmp_path: Path) -> None:
    cases = {
        "missing": (tmp_path / "nope.toml", "no such file"),
        "folder": (tmp_path, "is a folder"),
        "binary": (write(tmp_path, b"\xff\xfe\x00game", "bin.toml"), "not UTF-8"),
    }
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    cases["fifo"] = (fifo, "not a regular file")
    for path, message in cases.values():
        with pytest.raises(TournamentFileError, match=message):
            load_tournament(str(path), Variant.HOLDEM, 1000)


def test_a_saved_tournament_is_checked_by_the_save_check() -> None:
    from holdem_tui.engine.table import Table, TableConfig
    from holdem_tui.engine.tournament import preset_tournament
    from holdem_tui.storage.save_check import check_table

    spec = preset_tournament("hyper", Variant.HOLDEM, 500)
    table = Table(TableConfig(Variant.HOLDEM, ("a", "b", "c"), tournament=spec))
    data = json.loads(json.dumps(table.to_dict()))
    check_table(data)
    bad = {**data, "config": {**data["config"], "tournament": {**spec.to_data(), "buy_in": -5}}}
    with pytest.raises(ValueError, match=r"table\.config\.tournament: buy_in: -5 is outside"):
        check_table(bad)
    with pytest.raises(ValueError, match=r"table\.tournament\.level"):
        check_table({**data, "tournament": {"level": 10**9, "blind_seats": None, "finishes": []}})
