"""``holdem-tui simulate``: the JSON line, the report's sense, click's errors, histories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.engine.positions import position_label
from holdem_tui.engine.variants import Variant
from holdem_tui.history.phh import loads
from holdem_tui.measure.simulator import SimConfig, run


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["simulate", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("game", ["holdem", pytest.param("draw", marks=pytest.mark.slow)])
def test_json_last_line_has_every_key(game: str) -> None:
    code, out = _invoke(
        "--game", game, "--bots", "hard,normal,easy", "--hands", "24", "--seed", "3",
        "--workers", "1", "--json",
    )  # fmt: skip
    assert code == 0, out
    data = json.loads(out.strip().splitlines()[-1])
    assert data["hands"] == 24
    assert [s["seat"] for s in data["seats"]] == [1, 2, 3]
    assert [s["bot"] for s in data["seats"]] == ["hard", "normal", "easy"]
    for seat in data["seats"]:
        for key in ("net", "bb_per_100", "bb_per_100_ci95", "vpip", "pfr", "bluff_share"):
            assert key in seat
        for key in ("threebet", "fourbet", "fold_to_3bet"):
            assert 0.0 <= seat[key] <= 1.0
        low, high = seat["bb_per_100_ci95"]
        assert low <= seat["bb_per_100"] <= high
    assert sum(s["net"] for s in data["seats"]) == 0  # chips are only moved, never made


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "labels"),
    [("holdem", {"sb", "bb", "btn"}), ("draw", {"btn", "btn-1", "btn-2"})],
)
def test_json_has_positional_stats_per_seat(game: str, labels: set[str]) -> None:
    """Every seat reports, per position, hands, bb/100, VPIP, PFR, fold to bet, c-bet,
    3-bet, 4-bet and fold to 3-bet; the positions add up to the seat's whole record."""
    code, out = _invoke(
        "--game", game, "--bots", "hard,normal,easy", "--hands", "30", "--seed", "5",
        "--workers", "1", "--duplicate", "--json",
    )  # fmt: skip
    assert code == 0, out
    data = json.loads(out.strip().splitlines()[-1])
    for seat in data["seats"]:
        positions = seat["positions"]
        assert set(positions) == labels
        assert sum(p["hands"] for p in positions.values()) == seat["hands"]
        vpip = sum(p["vpip"] * p["hands"] for p in positions.values()) / seat["hands"]
        assert vpip == pytest.approx(seat["vpip"], abs=1e-3)
        for spot in positions.values():
            assert spot.keys() >= {"hands", "bb_per_100", "vpip", "pfr", "fold_to_bet", "cbet"}
            assert 0.0 <= spot["pfr"] <= spot["vpip"] <= 1.0
            assert 0.0 <= spot["fold_to_bet"] <= 1.0 and 0.0 <= spot["cbet"] <= 1.0
            rates = (spot["threebet"], spot["fourbet"], spot["fold_to_3bet"])
            assert all(0.0 <= rate <= 1.0 for rate in rates)
            assert spot["fourbet"] + spot["fold_to_3bet"] <= 1.0


def test_position_labels_name_the_usual_seats() -> None:
    assert [position_label(Variant.HOLDEM, p, 2) for p in range(2)] == ["bb", "btn"]
    six = [position_label(Variant.HOLDEM, p, 6) for p in range(6)]
    assert six == ["sb", "bb", "utg", "hj", "co", "btn"]
    nine = [position_label(Variant.HOLDEM, p, 9) for p in range(9)]
    assert nine == ["sb", "bb", "utg", "utg+1", "utg+2", "lj", "hj", "co", "btn"]
    assert [position_label(Variant.DRAW, p, 3) for p in range(3)] == ["btn-2", "btn-1", "btn"]


def test_table_output_and_options() -> None:
    code, out = _invoke(
        "--bots", "easy,easy", "--hands", "10", "--stack", "300", "--blinds", "1/2",
        "--ante", "1", "--workers", "1",
    )  # fmt: skip
    assert code == 0, out
    assert "bb/100" in out and "easy" in out


@pytest.mark.slow
def test_same_seed_same_result_whatever_the_workers() -> None:
    def once(workers: int) -> dict[str, object]:
        config = SimConfig(
            game=Variant.HOLDEM, bots=("hard", "normal", "easy"), hands=60, seed=5, workers=workers
        )
        return run(config).to_json()

    assert once(1) == once(2)


def test_duplicate_rotates_every_deal_through_every_seat() -> None:
    config = SimConfig(
        game=Variant.DRAW, bots=("easy", "easy", "easy"), hands=30, seed=1, duplicate=True
    )
    report = run(config)
    assert report.hands == 30
    assert all(s.hands == 30 for s in report.seats)
    # identical bots on identical deals from every seat: the luck cancels almost exactly
    assert abs(report.by_bot[0]["bb_per_100"]) < 1e-9


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "hard,expert"], "expert"),
        (["--bot", "no_such_module:Bot"], "no_such_module"),
        (["--blinds", "ten/20"], "--blinds"),
        (["--blinds", "20/10"], "--blinds"),
        (["--limits", "5"], "--limits"),
        (["--hands", "0"], "--hands"),
        (["--game", "omaha"], "--game"),
        (["--bots", "easy"], "2 to 9"),
        (["--game", "draw", "--bots", "easy,easy,easy,easy,easy,easy,easy"], "2 to 6"),
        # issue 27.12: no upper bound on the blinds, and a history written to "" or "/"
        (["--blinds", "1/100000000000000"], "at most 1,000,000,000"),
        (["--limits", "1/" + "9" * 5000], "--limits"),
        (["--history", ""], "give a folder"),
        (["--history", "/"], "root of the file system"),
    ],
)
def test_bad_flags_get_clear_errors(args: list[str], words: str) -> None:
    code, out = _invoke(*args, "--hands", "5") if "--hands" not in args else _invoke(*args)
    assert code == 2, out
    assert words in out


def test_history_writes_readable_phh(tmp_path: Path) -> None:
    code, out = _invoke(
        "--game", "draw", "--bots", "normal,easy", "--hands", "12", "--workers", "1",
        "--history", str(tmp_path), "--json",
    )  # fmt: skip
    assert code == 0, out
    files = sorted(tmp_path.glob("*.phhs"))
    assert files
    hands = [h for f in files for h in loads(f.read_text(encoding="utf-8"))]
    assert len(hands) == 12


@pytest.mark.slow
def test_custom_bot_seat_via_flag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sim_plugin.py").write_text(
        "class Pat:\n"
        "    def __init__(self, seed=None):\n"
        "        self.name = 'pat'\n"
        "    def decide(self, view):\n"
        "        return view.legal.passive_action()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out = _invoke(
        "--bots", "easy", "--bot", "sim_plugin:Pat", "--hands", "8", "--workers", "1", "--json"
    )
    assert code == 0, out
    data = json.loads(out.strip().splitlines()[-1])
    assert [s["bot"] for s in data["seats"]] == ["easy", "sim_plugin:Pat"]


def test_draw_without_an_ante_is_refused_with_a_clear_message() -> None:
    # rule card 001: every player antes, so --ante 0 is not Five-Card Draw
    code, out = _invoke("--game", "draw", "--bots", "easy,easy", "--ante", "0", "--hands", "5")
    assert code == 2
    assert "Five-Card Draw is played with an ante" in out and "Traceback" not in out
    code, out = _invoke("--game", "holdem", "--bots", "easy,easy", "--ante", "0", "--hands", "5")
    assert code == 0, out


def test_no_bluffs_plays_the_same_session_without_the_bluff_share() -> None:
    """Measuring bluffs only reads the hands: off, every other figure is the same."""
    args = ("--bots", "hard,normal,easy", "--hands", "30", "--seed", "5", "--workers", "1")
    code, out = _invoke(*args, "--json")
    assert code == 0, out
    code, fast = _invoke(*args, "--json", "--no-bluffs")
    assert code == 0, fast
    measured = json.loads(out.strip().splitlines()[-1])
    skipped = json.loads(fast.strip().splitlines()[-1])
    assert any(s["bluff_share"] is not None for s in measured["seats"])
    for with_share, without in zip(measured["seats"], skipped["seats"], strict=True):
        assert without.pop("bluff_share") is None
        with_share.pop("bluff_share")
        assert with_share == without
    assert all(line["bluff_share"] is None for line in skipped["by_bot"])
