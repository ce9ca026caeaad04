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
#: system paths a test may name: devices and the process table are on every machine, and
#: the programs CI installs from Debian's packages (the browser tests' Chromium)
SYSTEM = ("/dev", "/proc", "/usr/bin/")
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
    if text.startswith("/") and not text.startswith(SYSTEM) and _on_this_machine(text):
        return True
    return any(word in text for word in OUTSIDE)


def _on_this_machine(text: str) -> bool:
    """Whether an absolute path's top folder exists here (``/work/...``, ``/home/...``):
    a URL's path (``/static/js/textual.js``, ``/ws/``) names no folder of the machine."""
    parts = Path(text).parts
    return len(parts) > 1 and parts[1] not in (".", "..") and Path("/", parts[1]).exists()


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
    assert _outside("/tmp/hands.phh")  # /tmp is on every machine (a folder named by its own)
    assert not _outside("/static/js/textual.js")
    assert _outside("../shared/phh")
    assert not _outside("/dev/null") and not _outside("/usr/bin/chromium")
    assert not _outside("handhq-abs50nl-f1-s25.phh")
