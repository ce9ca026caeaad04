"""The push-or-fold chart: which hands jam, and which call a jam, at 1 to 20 big blinds.

The chart is the solved jam-or-fold game (:mod:`holdem_tui.bots.pushfold_solver`) for every
table size from 2 to 9 players dealt in, every effective stack from 1 to 20 big blinds and
three antes (none, an eighth and a quarter of the big blind), shipped as
``bots/data/pushfold_chart.npz`` and regenerated with ``python scripts/pushfold_data.py``.
A spot between grid points takes the nearest one.

Positions are counted in the order of play before the flop: 0 acts first, the last one is
the big blind (:func:`preflop_order` maps a hand's positions to them).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.preflop_equity import CLASSES, class_counts
from holdem_tui.bots.pushfold_solver import ANTES, PLAYERS, STACKS, ChartGrid, JamGame

#: the shipped chart, inside the package
CHART_FILE: Final = "pushfold_chart.npz"
#: the chart is for stacks up to this many big blinds; deeper, a bot plays its own game
MAX_CHART_BB: Final = float(max(STACKS))

Chances = npt.NDArray[np.float64]


def save_grid(grid: ChartGrid, path: Path) -> None:
    """Write a solved grid where :func:`chart` reads it (the regeneration script)."""
    np.savez_compressed(path, jam=grid.jam, call=grid.call, gain=grid.gain)


@functools.cache
def chart() -> ChartGrid:
    """The shipped chart (read once)."""
    with resources.files("holdem_tui.bots.data").joinpath(CHART_FILE).open("rb") as handle:
        data = np.load(handle)
        grid = ChartGrid(data["jam"], data["call"], data["gain"])
    shape = (len(PLAYERS), len(STACKS), len(ANTES))
    if grid.jam.shape[:3] != shape or grid.jam.shape[-1] != CLASSES:
        raise ValueError(f"{CHART_FILE}: not a chart of this grid")
    return grid


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a decision is on the grid: players dealt in, effective stack and ante in bb."""

    players: int
    stack_bb: float
    ante_bb: float = 0.0

    def indices(self) -> tuple[int, int, int]:
        """The nearest grid point."""
        p = PLAYERS.index(min(max(self.players, PLAYERS[0]), PLAYERS[-1]))
        s = min(range(len(STACKS)), key=lambda i: abs(STACKS[i] - self.stack_bb))
        a = min(range(len(ANTES)), key=lambda i: abs(ANTES[i] - self.ante_bb))
        return p, s, a

    @property
    def game(self) -> JamGame:
        """The solved game the chart uses for this spot."""
        p, s, a = self.indices()
        return JamGame(PLAYERS[p], float(STACKS[s]), ANTES[a])


def jam_chances(spot: Spot, position: int) -> Chances:
    """Per class, the chance the chart jams from ``position`` when everyone before folded."""
    p, s, a = spot.indices()
    chances: Chances = chart().jam[p, s, a, position] / 255.0
    return chances


def call_chances(spot: Spot, jammer: int, caller: int) -> Chances:
    """Per class, the chance the chart calls at ``caller`` a jam from ``jammer``."""
    p, s, a = spot.indices()
    pair = spot.game.pairs().index((jammer, caller))
    chances: Chances = chart().call[p, s, a, pair] / 255.0
    return chances


def range_share(chances: Chances) -> float:
    """The share of all 1,326 starting hands a chart's range holds (mixed hands in part)."""
    return float(chances @ _COMBOS) / 1326.0


_COMBOS: Final = np.array(class_counts(), dtype=np.float64)


def preflop_order(players: int, big_blind: int) -> list[int]:
    """A hand's positions in the order they act before the flop, the big blind last.

    ``big_blind`` is the big blind's position (1 normally, 0 heads-up and when a
    tournament's small blind is dead); play starts at the position after it.
    """
    return [(big_blind + 1 + k) % players for k in range(players)]
