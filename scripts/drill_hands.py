"""Write ``holdem_tui/progress/data/real_hands.phhs``: the real hands the pot-odds drill asks
before a player has spots of their own.

From the public PHH dataset's hands vendored in ``tests/data/phh/phh`` (MIT licence, copied
beside the output), every hand with at least one pot-odds spot (a player whose cards are
known faces a bet on the flop or the turn with a draw the coach names). Run from the
repository: ``python scripts/drill_hands.py``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from holdem_tui.history.phh import read_file
from holdem_tui.progress.scan import spots_of
from holdem_tui.review.record import load_records

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tests" / "data" / "phh"
OUT = ROOT / "holdem_tui" / "progress" / "data"


def main() -> None:
    sections = []
    for path in sorted((SOURCE / "phh").glob("*.phh")):
        records, problems = load_records([path])
        assert not problems and len(records) == 1, (path, problems)
        record = records[0]
        spots = spots_of(record, "check", 0, [record.seats[p] for p in record.known])
        if any(s.flag == "odds" for s in spots):
            sections.append(f"[{path.stem}]\n{read_file(path).strip()}\n")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "real_hands.phhs").write_text("\n".join(sections), encoding="utf-8")
    shutil.copy(SOURCE / "LICENSE-phh-dataset.txt", OUT / "LICENSE-phh-dataset.txt")
    print(f"{len(sections)} hands written to {OUT / 'real_hands.phhs'}")


if __name__ == "__main__":
    main()
