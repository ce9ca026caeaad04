"""Issue 25 item 13: the commands' output piped to a program or a file.

``history`` and ``simulate`` were cut at 80 columns ("Pla…", "bb/…"), ``rules`` ended its
lines in spaces, and ``replay --json F | head -1`` printed a broken-pipe line per remaining
file and exited 1. Piped, tables are whole, no line ends in a space, and a reader that stops
early is no error.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.storage.session import SessionStore
from tests.support.phh_dataset import PHH_FILES
from tests.support.storage import play_session, random_agent, random_table

#: no COLUMNS from the environment: a pipe has no width, Rich assumes 80
PIPED = {"COLUMNS": None, "LINES": None}


def _piped(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), env=PIPED)
    assert result.exit_code == 0, result.output
    return result.output


def _whole(text: str, *, table: bool = True) -> list[str]:
    lines = text.splitlines()
    assert lines and all(line == line.rstrip() for line in lines), "a line ends in spaces"
    assert not table or "…" not in text, "a cell was cut"
    return lines


def test_piped_history_is_printed_whole() -> None:
    rng = random.Random(5)
    table = random_table(rng)
    names = ["", "Mila Kovačević-Horvat", *table.config.names[2:]]
    store = SessionStore.start(table, settings={}, players=names, humans=[0])
    play_session(table, random_agent(rng), 3, store)
    lines = _whole(_piped("history"))
    assert max(len(line) for line in lines) > 80
    header = next(line for line in lines if "Date" in line)
    for column in ("Players", "Result", "VPIP/PFR", "Aggression", "Showdowns won", "All-in luck"):
        assert column in header
    assert any("Mila Kovačević-Horvat" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_piped_rules_have_no_trailing_spaces(lang: str) -> None:
    lines = _whole(_piped("rules", "--lang", lang), table=False)
    assert max(len(line) for line in lines) <= 80  # prose still wraps


def test_piped_simulate_is_printed_whole() -> None:
    out = _piped("simulate", "--bots", "easy,normal,hard", "--hands", "12", "--workers", "1")
    lines = _whole(out)
    header = next(line for line in lines if "seat" in line)
    for column in ("bb/100", "95% interval", "SD won", "bluffs", "faults"):
        assert column in header
    assert "━━━" not in lines[0] or "hands of holdem" in out  # no progress bar on stdout


def test_replay_json_into_head_exits_quietly() -> None:
    files = [str(p) for p in sorted(PHH_FILES.glob("*.phh"))] * 8  # well past a pipe's buffer
    command = [sys.executable, "-c", "from holdem_tui.cli import main; main()", "replay"]
    process = subprocess.Popen(
        [*command, "--json", *files],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # what `head -1` does after its line
    error = process.stderr.read()
    assert process.wait() == 0, error
    assert first.startswith(b'{"file": ') and error == b""


#: a terminal 80 columns wide (Rich takes ``TTY_COMPATIBLE`` as a terminal), without colour
TERMINAL_80 = {"COLUMNS": "80", "LINES": "24", "TTY_COMPATIBLE": "1", "NO_COLOR": "1"}


def test_history_at_an_80_column_terminal_is_a_block_per_session_nothing_cut() -> None:
    """The ten columns need about 170: at 80 they were cut to "Pla…"; a block per session
    keeps every name and figure, each line within the window."""
    rng = random.Random(5)
    table = random_table(rng)
    names = ["", "Mila Kovačević-Horvat", *table.config.names[2:]]
    store = SessionStore.start(table, settings={}, players=names, humans=[0, 1])
    play_session(table, random_agent(rng), 3, store)
    result = CliRunner().invoke(main, ["history"], env=TERMINAL_80)
    assert result.exit_code == 0, result.output
    output = re.sub(r"\x1b\[[0-9;]*m", "", result.output)  # bold titles
    lines = output.splitlines()[:-1]  # the last: the folder, a path as long as it is
    assert "…" not in output and max(len(line) for line in lines) <= 80, output
    assert any("Mila Kovačević-Horvat" in line for line in lines)
    assert any(line.startswith("  Mila Kovačević-Horvat: VPIP/PFR ") for line in lines)
    assert any("3 hands" in line for line in lines)
    wide = CliRunner().invoke(main, ["history"], env={**TERMINAL_80, "COLUMNS": "240"})
    assert "Showdowns won" in next(line for line in wide.output.splitlines() if "Date" in line)
