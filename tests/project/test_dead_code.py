"""No dead code in the package: vulture finds no unused function, class, attribute or import.

The settings are ``[tool.vulture]`` in pyproject.toml (what Textual, click and rich call by
name is ignored there); names kept on purpose are listed with their reason in
``tests/vulture_whitelist.py``. A finding names the file and line: delete the code, or, if
something outside the package's own code really uses it, say why in the whitelist.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_vulture_finds_no_dead_code() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "vulture"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
