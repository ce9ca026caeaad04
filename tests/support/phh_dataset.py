"""The 62 real hands vendored in ``tests/data/phh/`` (JSON test vectors) as PHH text.

Copied from the public PHH dataset under its MIT licence (``LICENSE-phh-dataset.txt`` beside
the files; ``README.md`` there says what each field means). They live inside the repository
so the tests run the same from any clone: nothing is read from outside it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATASET = Path(__file__).resolve().parents[1] / "data" / "phh"
#: the same hands as plain ``.phh`` files (the inputs only), as a user would hand them over
PHH_FILES = DATASET / "phh"
FILES = sorted(DATASET.glob("*.json"))
PLURIBUS = [path for path in FILES if path.name.startswith("pluribus-")]


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
