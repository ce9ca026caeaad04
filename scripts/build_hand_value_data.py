"""Write holdem_tui/engine/hand_value_data.py: the evaluator's tables, precomputed.

    python scripts/build_hand_value_data.py

The evaluator loads that module on its first evaluation instead of building the tables at
every start; tests/engine/test_evaluator.py checks that it is exactly what this builds.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from holdem_tui.engine.hand_value_tables import build_tables, encode

TARGET = Path(__file__).resolve().parent.parent / "holdem_tui" / "engine" / "hand_value_data.py"

HEADER = '''"""The evaluator's lookup tables, precomputed: generated, do not edit.

Made by ``python scripts/build_hand_value_data.py`` from
:func:`holdem_tui.engine.hand_value_tables.build_tables` (see
:func:`~holdem_tui.engine.hand_value_tables.encode` for the layout), so a start of the game
pays nothing for them; a test checks that this is exactly what the builder makes.
"""

from typing import Final

DATA: Final = (
'''


def main() -> None:
    lines = textwrap.wrap(encode(build_tables()), 92)
    body = "".join(f'    "{line}"\n' for line in lines)
    TARGET.write_text(HEADER + body + ")\n", encoding="utf-8")
    print(f"wrote {TARGET} ({len(lines)} lines)")


if __name__ == "__main__":
    main()
