"""Regenerate the push-or-fold data shipped in ``holdem_tui/bots/data/``.

    python scripts/pushfold_data.py             # the charts from the shipped equities
    python scripts/pushfold_data.py --equities  # the 169 x 169 equities first (minutes)

The equities are exact (every board, by suit pattern: see
``holdem_tui/bots/preflop_equity.py``); the charts are CFR+ solutions of the jam-or-fold
game for 2 to 9 players, 1 to 20 big blinds and three antes
(``holdem_tui/bots/pushfold_solver.py``). The script prints each game's iterations and the
best-response gain per position, then the heads-up exploitability per stack.
"""

from __future__ import annotations

import os

# one thread: the matrices are small, and the machine is shared (threads only contend)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import time
from pathlib import Path

import numpy as np

from holdem_tui.bots import preflop_equity
from holdem_tui.bots.pushfold import CHART_FILE, save_grid
from holdem_tui.bots.pushfold_solver import ANTES, STACKS, Matchups, build_grid

DATA = Path(__file__).resolve().parent.parent / "holdem_tui" / "bots" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--equities", action="store_true", help="recompute the equities first")
    args = parser.parse_args()
    start = time.monotonic()
    if args.equities:

        def said(done: int, total: int) -> None:
            print(f"equities: {done:,} of {total:,} board patterns", flush=True)

        table = preflop_equity.compute_equities(said)
        np.savez_compressed(DATA / preflop_equity.DATA_FILE, equity=table)
        preflop_equity.equities.cache_clear()
        print(f"equities written in {time.monotonic() - start:.0f} s")
    cards = Matchups(preflop_equity.equities(), preflop_equity.pair_weights())

    def solved(game: object, iterations: int, gains: list[float]) -> None:
        worst = max(gains)
        print(f"{game}: {iterations} iterations, worst gain {worst:.5f} bb/hand", flush=True)

    grid = build_grid(cards, solved)
    save_grid(grid, DATA / CHART_FILE)
    print(f"charts written in {time.monotonic() - start:.0f} s")
    print("heads-up exploitability (bb/hand, seats alternating) per stack, ante 0:")
    for s, stack in enumerate(STACKS):
        for a, ante in enumerate(ANTES):
            gains = grid.gain[0, s, a, :2]
            print(
                f"  {stack:2d} bb, ante {ante:.3f}: {gains.mean():.5f} (button {gains[0]:.5f}, "
                f"big blind {gains[1]:.5f})"
            )


if __name__ == "__main__":
    main()
