"""The tests read nothing outside the repository, so they pass on a fresh clone anywhere.

The data they need is vendored under ``tests/data/`` with its licence; this test fails on a
test that names a folder of this machine outside the system's own (``/usr``, ``/dev``,
``/proc``, ...), a folder beside the repository, or an environment variable that points at
data elsewhere.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.phh_dataset import DATASET, FILES, PHH_FILES

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
#: top folders of the system a test may name (devices, the process table, installed
#: programs such as a browser): the same on every machine the tests run on
SYSTEM = frozenset({"dev", "proc", "sys", "usr", "bin", "sbin", "etc", "lib", "lib64", "run"})
#: words that point at data kept beside the repository instead of inside it
OUTSIDE = ("../", "shared/", "HOLDEM_TUI_PHH_DATASET")


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a test module, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _outside(text: str) -> bool:
    if "\n" in text:  # a docstring or a file's text, not a path
        return False
    top = text[1:].split("/", 1)[0] if text.startswith("/") else ""
    if top not in ("", ".", "..") and top not in SYSTEM and (Path("/") / top).is_dir():
        # a folder of this machine (not a URL's path, whose top is no folder here)
        return True
    return any(word in text for word in OUTSIDE)


def test_no_test_names_a_path_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}: {text!r}"
        for path in sorted(TESTS.rglob("*.py"))
        if path != Path(__file__).resolve()
        for line, text in _strings(path)
        if _outside(text)
    ]
    assert found == []


def test_the_phh_hands_are_vendored_with_their_licence() -> None:
    assert DATASET.is_relative_to(TESTS)
    assert (DATASET / "LICENSE-phh-dataset.txt").read_text().count("MIT License") == 1
    assert len(FILES) == 62
    assert len(list(PHH_FILES.glob("*.phh"))) == 62


def test_the_check_sees_a_path_outside() -> None:
    assert _outside("/work/shared/phh/phh")
    assert _outside("../shared/phh")
    assert not _outside("/dev/null") and not _outside("/usr/bin/chromium")
    assert not _outside("/static/js/textual.js")  # a URL's path
    assert not _outside("handhq-abs50nl-f1-s25.phh")
