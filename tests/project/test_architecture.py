"""The layering holds: the import contracts of ``pyproject.toml`` (import-linter), and no
Textual in the core even at run time (lazy imports included)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import importlib, pkgutil, sys
import holdem_tui.{package} as package
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
print(",".join(bad))
"""


@pytest.mark.parametrize(
    "package",
    # each case starts a Python: the quick tier checks the engine, the full suite all
    [
        "engine",
        *(
            pytest.param(p, marks=pytest.mark.slow)
            for p in ("bots", "history", "net", "wire", "session", "coach", "review")
        ),
    ],
)
def test_package_does_not_import_textual(package: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", CHECK.format(package=package)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == ""


def lint_imports(package_parent: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the contracts in ``pyproject.toml``, on this checkout's package, or
    on the copy in ``package_parent`` (run from there: import-linter looks in its folder first)."""
    script = Path(sys.executable).with_name("lint-imports")
    command = str(script) if script.exists() else shutil.which("lint-imports")
    assert command, "import-linter is part of the test extra"
    where = package_parent or ROOT
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(where), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [command, "--no-cache", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=where,
        env=env,
    )


def test_import_contracts_hold() -> None:
    result = lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 broken." in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("engine/cards.py", "import textual", "The engine is the rules only"),
        ("engine/cards.py", "import holdem_tui.i18n", "Layers"),
        ("bots/holdem_easy.py", "from holdem_tui.engine import table", "A bot decides"),
        ("session/narrate.py", "import holdem_tui.ui.cards", "Layers"),
        ("storage/atomic.py", "import rich", "Textual and Rich only in the UI"),
    ],
)
def test_a_forbidden_import_breaks_a_contract(
    tmp_path: Path, module: str, line: str, contract: str
) -> None:
    """The contracts are not empty words: the same check fails on a copy with one bad import."""
    copy = tmp_path / "holdem_tui"
    shutil.copytree(ROOT / "holdem_tui", copy, ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", "utf-8")
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    broken = result.stdout.split("Broken contracts")[-1]
    assert contract in broken, result.stdout
