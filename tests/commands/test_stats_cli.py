"""``holdem-tui stats``: the report, ``--json`` and ``--csv`` for spreadsheets, the filters, and
a damaged cache said in one line (issue 32 item 1)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.measure.generated import write_sessions
from holdem_tui.progress.cache import cache_path
from holdem_tui.progress.lifetime import Filters, load_lifetime
from holdem_tui.storage.paths import histories_dir


@pytest.fixture
def sessions() -> None:
    write_sessions(histories_dir(), 6, seed=9, hands=(3, 6))


def run(*args: str) -> str:
    result = CliRunner().invoke(main, ["stats", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_json_has_every_group_and_equals_the_report(sessions: None) -> None:
    data = json.loads(run("--json"))
    lifetime = load_lifetime()
    total = lifetime.line(lifetime.select(Filters()))
    assert data["total"]["hands"] == total.hands
    assert data["total"]["net_bb"] == round(total.net, 2)
    for dimension in ("position", "game", "players", "opponents", "format"):
        groups = data[f"by_{dimension}"]
        assert sum(g["hands"] for g in groups.values()) == total.hands
    assert sum(s["hands"] for s in data["sessions"]) == total.hands
    assert data["rebuys"] == lifetime.rebuys(Filters())
    assert data["tournaments"]["entered"] == lifetime.tournaments(Filters()).entered
    assert data["cache"] is None and data["problems"] == []


def test_csv_is_one_row_per_group_for_a_spreadsheet(sessions: None) -> None:
    rows = list(csv.DictReader(io.StringIO(run("--csv", "--game", "holdem"))))
    total = rows[0]
    assert (total["group"], total["key"]) == ("total", "")
    positions = [r for r in rows if r["group"] == "position"]
    assert sum(int(r["hands"]) for r in positions) == int(total["hands"])
    assert {r["group"] for r in rows} >= {"total", "position", "session"}
    assert all(r["key"] for r in rows[1:])


def test_the_text_report_names_the_filters_and_the_folder(sessions: None) -> None:
    out = run("--player", "ana", "--since", "2026-01-01", "--lang", "nl")
    assert "Totaalstatistieken · ana" in out
    assert str(histories_dir()) in out


def test_filters_are_checked() -> None:
    bad = CliRunner().invoke(main, ["stats", "--since", "yesterday"])
    assert bad.exit_code != 0 and "not a date like 2026-03-01" in bad.output
    both = CliRunner().invoke(main, ["stats", "--json", "--csv"])
    assert both.exit_code != 0 and "choose one" in both.output
    backwards = CliRunner().invoke(
        main, ["stats", "--since", "2026-02-01", "--until", "2026-01-01"]
    )
    assert backwards.exit_code != 0


def test_a_damaged_cache_is_said_in_one_line_and_rebuilt(sessions: None) -> None:
    run()
    cache_path().write_bytes(b"PK\x03\x04 not really")
    out = run()
    lines = [line for line in out.splitlines() if cache_path().name in line]
    assert len(lines) == 1 and "everything was read again" in lines[0]
    assert cache_path().name not in run()  # rebuilt: nothing to say the next time


def test_no_histories_yet() -> None:
    assert "No hands recorded yet" in run()
