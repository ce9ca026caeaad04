"""The core stays free of the TUI: the engine, the bots, the network, the coach and the hand
review never import Textual."""

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


@pytest.mark.parametrize("package", ["engine", "bots", "history", "net", "wire", "coach", "review"])
def test_package_does_not_import_textual(package: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", CHECK.format(package=package)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == ""
