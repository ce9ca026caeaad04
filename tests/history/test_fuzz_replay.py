"""Fuzzed hand histories through ``replay --json``: a valid hand or one clear error, exit 0/1.

The cases (tests/fuzz_support.py) are the classes the issue found: wrong field types,
negative or huge numbers, cards dealt twice, actions after the end, deep nesting, long
dotted keys, truncation and stray bytes; plus files that are not regular files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from tests.support.fuzz import history_cases
from tests.support.hang import HANG_GUARD

#: the catch-all line: the validation layer must have caught everything before it
MISSED = "cannot be replayed:"


def _check_case(path: Path, label: str, text: str) -> int:
    """Run one mutated file; return its exit status after checking the contract."""
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    result = CliRunner().invoke(main, ["replay", "--json", str(path)])
    assert result.exit_code in (0, 1), (label, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        label,
        result.exception,
    )
    errors = [line for line in result.stderr.splitlines() if line]
    assert MISSED not in result.stderr, (label, result.stderr)
    assert all(line.startswith(str(path)) for line in errors), (label, errors)
    if result.exit_code == 1:
        assert errors, label
    for line in result.stdout.splitlines():
        hand = json.loads(line)
        assert all(stack >= 0 for stack in hand["finishing_stacks"]), label
    return int(result.exit_code)


def _sweep(tmp_path: Path, seed: int, count: int) -> dict[int, int]:
    outcomes = {0: 0, 1: 0}
    for number, (label, text) in enumerate(history_cases(seed, count)):
        outcomes[_check_case(tmp_path / f"case{number % 7}.phh", label, text)] += 1
    return outcomes


@pytest.mark.slow
def test_fuzzed_histories_give_a_hand_or_one_clear_error(tmp_path: Path) -> None:
    outcomes = _sweep(tmp_path, seed=13, count=300)
    assert outcomes[1] > 150 and outcomes[0] > 0


@pytest.mark.slow
def test_fuzzed_histories_long_run(tmp_path: Path) -> None:
    for seed in range(10):
        _sweep(tmp_path, seed=seed, count=400)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            'variant = "NT"\nstarting_stacks = [100, 100]\nmin_bet = "abc"\nactions = []\n',
            "min_bet",
        ),
        ('variant = "NT"\nstarting_stacks = [100, 100]\nmin_bet = 1.5\nactions = []\n', "min_bet"),
        ('variant = "NT"\nstarting_stacks = [100, 100]\nmin_bet = true\nactions = []\n', "min_bet"),
        ('variant = "NT"\nstarting_stacks = 5\nmin_bet = 2\nactions = []\n', "starting_stacks"),
        (
            'variant = "F5CD"\nstarting_stacks = [100, 100]\nsmall_bet = 2\nbig_bet = 4\n'
            '_max_raises = "four"\nactions = []\n',
            "_max_raises",
        ),
        (
            'variant = "NT"\nstarting_stacks = [1000, 1000, 1000]\nantes = [0, 0, -1000000]\n'
            "blinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nactions = []\n",
            "antes",
        ),
        (
            'variant = "NT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\n'
            'min_bet = 2\nactions = ["d dh p1 AsKs", "d dh p2 AsQd", "p2 f"]\n',
            "dealt twice",
        ),
        (
            'variant = "NT"\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\n'
            'min_bet = 2\nactions = ["d dh p1 AsKs", "d dh p2 QsQd", "p2 f", "p1 cc"]\n',
            "action 4",
        ),
        ("a = " + "[" * 500 + "]" * 500 + "\n", "nested"),
        (".".join(["a"] * 40_000) + " = 1\n", "key longer"),
        (
            'variant = "NT"\nstarting_stacks = [' + "9" * 4301 + ", 100]\nmin_bet = 2\n"
            "actions = []\n",
            "number longer",
        ),
        ("".join(f'[h{i}]\nvariant = "NT"\n' for i in range(5001)), "more than the 5,000"),
    ],
    ids=[
        "min_bet-text",
        "min_bet-float",
        "min_bet-bool",
        "players-int",
        "max_raises-text",
        "negative-ante",
        "card-twice",
        "after-the-end",
        "deep-nesting",
        "dotted-key",
        "4301-digits",
        "5001-hands",
    ],
)
def test_each_failure_class_is_named(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--json", str(path)])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and words in result.stderr
    assert result.stderr.startswith(str(path))


@pytest.mark.slow
def test_odd_paths_are_one_line_each_and_no_fifo_blocks(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.phh"
    folder.mkdir()
    paths = [str(fifo), str(folder), str(tmp_path / "missing.phh"), "/dev/null"]
    result = subprocess.run(
        [sys.executable, "-m", "holdem_tui", "replay", "--json", *paths],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == paths
    assert "not a regular file" in lines[0] and "folder" in lines[1]
    assert "no such file" in lines[2] and "not a regular file" in lines[3]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("".join(f'[h{i}]\nvariant = "NT"\n' for i in range(5001)), "more than the 5,000"),
        ('variant = "NT"\nstarting_stacks = [' + "9" * 4400 + ", 100]\n", "longer than 80"),
    ],
    ids=["5001-hands", "4400-digits"],
)
def test_review_refuses_what_replay_refuses_in_one_line(
    tmp_path: Path, text: str, words: str
) -> None:
    """Issue 27.10: review fell back to reading hand by hand (minutes for 225,000 hands)."""
    path = tmp_path / "big.phhs"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["review", str(path)])
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and words in lines[0], lines
