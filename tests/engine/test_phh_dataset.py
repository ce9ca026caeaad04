"""The 62 real hands in ``tests/data/phh/``: finishing stacks and every decision's bounds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.history.phh import PhhHand, loads
from holdem_tui.history.phh_replay import replay
from tests.support.phh_dataset import FILES, load, phh_text


def _phh(data: dict[str, Any]) -> PhhHand:
    return loads(phh_text(data))[0]


def test_dataset_is_complete() -> None:
    assert len(FILES) == 62


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_hand_reproduces_stacks_and_bounds(path: Path) -> None:
    data = load(path)
    result = replay(_phh(data))
    assert list(result.finishing_stacks) == data["finishing_stacks"]
    points = data["decision_points"]
    assert len(result.decisions) == len(points)
    for ours, theirs in zip(result.decisions, points, strict=True):
        assert ours.actor == theirs["actor"]
        assert ours.stack == theirs["stack"], theirs["action"]
        assert ours.to_call == theirs["to_call"], theirs["action"]
        assert ours.can_raise == theirs["can_raise"], theirs["action"]
        assert ours.min_raise_to == theirs["min_raise_to"], theirs["action"]
        assert ours.full_min_raise_to == theirs["full_min_raise_to"], theirs["action"]
        assert ours.max_raise_to == theirs["max_raise_to"], theirs["action"]


def test_replay_json_cli_prints_one_line_per_file(tmp_path: Path) -> None:
    paths = []
    expected = {}
    for source in FILES:
        data = load(source)
        target = tmp_path / f"{source.stem}.phh"
        target.write_text(phh_text(data))
        paths.append(str(target))
        expected[str(target)] = data
    result = CliRunner().invoke(main, ["replay", "--json", *paths])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == len(FILES)
    for line in lines:
        data = expected[line["file"]]
        assert line["finishing_stacks"] == data["finishing_stacks"]
        wanted = [
            {k: p[k] for k in ("actor", "to_call", "can_raise", "min_raise_to", "max_raise_to")}
            for p in data["decision_points"]
        ]
        assert line["decisions"] == wanted


def test_replay_json_reports_bad_files_and_goes_on(tmp_path: Path) -> None:
    good = tmp_path / "good.phh"
    good.write_text(phh_text(load(FILES[0])))
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = [\n")
    data = load(FILES[0])
    data["actions"] = [*[a for a in data["actions"] if not a.startswith("d ")][:1], "p9 cbr 1"]
    illegal = tmp_path / "illegal.phh"
    illegal.write_text(phh_text(data))
    result = CliRunner().invoke(main, ["replay", "--json", str(broken), str(illegal), str(good)])
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 1
    assert "broken.phh" in result.stderr and "TOML" in result.stderr
    assert "illegal.phh" in result.stderr and "p9 cbr 1" in result.stderr
