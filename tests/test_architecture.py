"""The core stays free of the TUI: the engine, the bots and the network never import Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest

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
        *(pytest.param(p, marks=pytest.mark.slow) for p in ("bots", "history", "net", "wire")),
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
