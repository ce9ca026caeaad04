"""SVG snapshots of the game's screens, at 80x24 and 120x36, the table at 200x60, and in all
four languages.

Each picture is a scene from :mod:`tests.support.scenes` (the README screenshots come from the
same scenes): the app from the one factory, instant pace, a fixed seed, driven by key presses.
Update after an intended change with ``pytest tests/test_ui_snapshots.py --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.scenes import scenes

SIZES = [(80, 24), (120, 36)]
STATES = [
    "setup",
    "table_preflop",
    "showdown_side_pots",
    "raise_editor",
    "draw_selection",
    "hot_seat_curtain",
    "end_screen",
    "coach",
    "lobby_host",
    "lobby_friend",
    "review_reason",
    "end_luck",
    "tournament_table",
    "tournament_end",
]
LANGUAGES = ["en", "hr", "fi", "nl"]
#: the table on a large window: five-line cards, the bets on the felt, the docked editor
LARGE = ["table_preflop", "showdown_side_pots", "raise_editor", "draw_selection"]


#: the picture the quick tier (``pytest -m "not slow"``) still compares (the table, the
#: cheapest screen to draw); every other picture is in the full suite only
QUICK = {
    ("table_preflop", (80, 24)),
}


def _cases(names: list[str], variants: list[Any], label: Callable[[Any], str]) -> list[Any]:
    """Every picture, ids as before (``setup-80x24``, ``rules-fi``), the slow ones marked."""
    return [
        pytest.param(
            name,
            variant,
            id=f"{name}-{label(variant)}",
            marks=[] if (name, variant) in QUICK else [pytest.mark.slow],
        )
        for variant in variants
        for name in names
    ]


@pytest.mark.parametrize(("name", "size"), _cases(STATES, SIZES, lambda s: f"{s[0]}x{s[1]}"))
def test_screen(snap_compare: Callable[..., bool], name: str, size: tuple[int, int]) -> None:
    scene = scenes("en")[name]
    assert snap_compare(scene.app(), terminal_size=size, run_before=scene.drive)


@pytest.mark.slow
@pytest.mark.parametrize("name", [pytest.param(name, id=name) for name in LARGE])
def test_large_window(snap_compare: Callable[..., bool], name: str) -> None:
    scene = scenes("en")[name]
    assert snap_compare(scene.app(), terminal_size=(200, 60), run_before=scene.drive)


@pytest.mark.parametrize(("name", "lang"), _cases(["table_preflop", "rules"], LANGUAGES, str))
def test_language(snap_compare: Callable[..., Any], name: str, lang: str) -> None:
    scene = scenes(lang)[name]
    assert snap_compare(scene.app(), terminal_size=(80, 24), run_before=scene.drive)


def test_every_stored_snapshot_belongs_to_a_case() -> None:
    """No orphan pictures: the suite runs in parallel workers (``pytest -n auto``), where the
    snapshot plugin cannot tell an unused file, so the stored files are checked here against
    every case this module declares."""
    stored = {
        path.name
        for path in (Path(__file__).parent / "__snapshots__" / Path(__file__).stem).glob("*.svg")
    }
    declared = {
        f"{name}[{case.id}].svg"
        for name, test in globals().items()
        if name.startswith("test_") and callable(test)
        for mark in getattr(test, "pytestmark", [])
        if mark.name == "parametrize"
        for case in mark.args[1]
    }
    assert stored, "no snapshot stored"
    assert stored <= declared, sorted(stored - declared)
