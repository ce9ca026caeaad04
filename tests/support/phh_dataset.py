"""The 62 real hands in ``../shared/phh/`` (JSON test vectors) as PHH text for the tests.

``HOLDEM_TUI_PHH_DATASET`` points at the folder from a checkout elsewhere (a worktree).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

DATASET = Path(
    os.environ.get("HOLDEM_TUI_PHH_DATASET")
    or Path(__file__).resolve().parents[3] / "shared" / "phh"
)
FILES = sorted(DATASET.glob("*.json")) if DATASET.is_dir() else []
PLURIBUS = [path for path in FILES if path.name.startswith("pluribus-")]
MISSING = "the shared PHH dataset is not beside the repo"


def load(path: Path) -> dict[str, Any]:
    """One test vector's fields."""
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def phh_text(data: dict[str, Any]) -> str:
    """A ``.phh`` file with the vector's PHH fields and expected finishing stacks."""
    lines = [
        'variant = "NT"',
        f"ante_trimming_status = {str(data['ante_trimming_status']).lower()}",
        f"antes = {data['antes']}",
        f"blinds_or_straddles = {data['blinds_or_straddles']}",
        f"min_bet = {data['min_bet']}",
        f"starting_stacks = {data['starting_stacks']}",
        "actions = " + json.dumps(data["actions"]),
        f"finishing_stacks = {data['finishing_stacks']}",
    ]
    return "\n".join(lines) + "\n"
