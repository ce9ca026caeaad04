"""Bots-only sit-and-gos: each bot's average finish, how often it is paid, and its ROI.

Run ``runs`` tournaments of one preset (or file) with the same bots, the seats rotated
from one tournament to the next so every bot starts from every seat as often; each
tournament is played to its last hand on the engine's table (the same
:class:`~holdem_tui.engine.table.Table` the game uses: levels, dead button, places).

A level measured in minutes needs a clock the bots do not have: each hand counts as
:data:`SECONDS_PER_HAND` of play (a bots-and-one-human table's pace, roughly).

Per bot (its place in ``bots``): average finish, the in-the-money rate and the return on
the buy-in, each with a 95% interval from the spread over tournaments (normal
approximation; the ITM rate's interval is Wilson's, which stays inside 0..1). Runs are
split into chunks played in worker processes; every tournament's seed is derived from the
session seed and its number, so a result does not depend on the number of workers.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from holdem_tui.bots.registry import make_bot
from holdem_tui.bots.safety import safe_decide
from holdem_tui.bots.seeds import bot_seed
from holdem_tui.engine.table import Table, TableConfig, play_hand
from holdem_tui.engine.tournament import TournamentSpec
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView

#: a hand's share of a level measured in minutes, when bots play alone
SECONDS_PER_HAND = 30.0
#: no sit-and-go of the presets comes near this; a file with stakes that never rise might
MAX_HANDS_PER_TOURNAMENT = 5000
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class TournamentSimConfig:
    """One batch of sit-and-gos: the game, the bots (one spec a seat), the tournament."""

    game: Variant
    bots: tuple[str, ...]
    tournament: TournamentSpec
    runs: int
    stack: int = 1000
    seed: int = 0
    workers: int | None = None

    def __post_init__(self) -> None:
        if self.runs < 1:
            raise ValueError("play at least one tournament")
        _ = self.table_config(0)  # the table's own checks: game, seats, schedule

    def table_config(self, run: int) -> TableConfig:
        """Tournament ``run``'s table: the bots' seats rotated by ``run``."""
        n = len(self.bots)
        names = tuple(f"b{(k + run) % n}" for k in range(n))
        return TableConfig(
            self.game,
            names,
            starting_stack=self.tournament.schedule.stack or self.stack,
            seed=_seed(self.seed, run),
            tournament=self.tournament,
        )


def _seed(seed: int, run: int) -> int:
    return random.Random(f"{seed}/{run}").getrandbits(63)


@dataclass(frozen=True, slots=True)
class Finish:
    """One bot's result in one tournament."""

    bot: int
    place: int
    prize: int


@dataclass(frozen=True, slots=True)
class RunResult:
    """One tournament: each bot's finish, and how many hands it took."""

    finishes: tuple[Finish, ...]
    hands: int


def play_tournament(config: TournamentSimConfig, run: int) -> RunResult:
    """Play tournament ``run`` to the end and place everyone."""
    table = Table(config.table_config(run))
    n = len(config.bots)
    # seat k holds bot (k + run) % n, seeded by the run and the seat, never from a deck's
    # seed (it was _seed(seed, 100 * run + k): a plugin in seat k of run 0 held the very seed
    # that deals run k; see holdem_tui.bots.seeds)
    deck = _seed(config.seed, run)
    bots = [make_bot(config.bots[(k + run) % n], bot_seed(deck, k)) for k in range(n)]
    clocked = table.config.tournament is not None
    while not table.is_over():
        if table.hand_number >= MAX_HANDS_PER_TOURNAMENT:
            raise RuntimeError("the tournament did not end: do its stakes ever rise?")
        hand = table.start_hand()
        seats = hand.config.seats
        agents = [_agent(bots[seat]) for seat in seats]
        play_hand(hand, agents)
        table.finish_hand(hand)
        if clocked:
            table.elapsed += SECONDS_PER_HAND
    finishes = tuple(
        Finish((seat + run) % n, f.place, f.prize) for seat, f in sorted(table.finishes.items())
    )
    return RunResult(finishes, table.hand_number)


def _agent(bot: Any) -> Any:
    def decide(view: PlayerView) -> Any:
        decision, _fault = safe_decide(bot, view, timeout=None)
        return decision

    return decide


def _chunk(config: TournamentSimConfig, runs: Sequence[int]) -> list[RunResult]:
    return [play_tournament(config, run) for run in runs]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean and its 95% interval."""

    mean: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        """Plain numbers for ``--json``."""
        return {"mean": self.mean, "low": self.low, "high": self.high}


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean with a normal-approximation 95% interval (a point for one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


def wilson(hits: int, n: int) -> Estimate:
    """A rate with Wilson's 95% interval."""
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class BotReport:
    """One bot over every tournament."""

    bot: int
    spec: str
    finish: Estimate
    itm: Estimate
    roi: Estimate
    wins: int

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "seat": self.bot,
            "bot": self.spec,
            "average_finish": self.finish.to_json(),
            "itm": self.itm.to_json(),
            "roi": self.roi.to_json(),
            "wins": self.wins,
        }


@dataclass(frozen=True, slots=True)
class TournamentReport:
    """Every bot's results, and the batch's size."""

    config: TournamentSimConfig
    bots: tuple[BotReport, ...]
    runs: int
    hands: int
    results: tuple[RunResult, ...] = field(repr=False)

    def by_level(self) -> dict[str, BotReport]:
        """The bots of one spec (every "normal" seat) pooled into one report."""
        out = {}
        for spec in dict.fromkeys(self.config.bots):
            seats = [i for i, s in enumerate(self.config.bots) if s == spec]
            out[spec] = _report(self.config, self.results, seats, spec)
        return out

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "game": self.config.game.value,
            "tournament": self.config.tournament.name,
            "runs": self.runs,
            "hands": self.hands,
            "seed": self.config.seed,
            "buy_in": self.config.tournament.payouts.buy_in,
            "bots": [b.to_json() for b in self.bots],
            "levels": {spec: r.to_json() for spec, r in self.by_level().items()},
        }


def _report(
    config: TournamentSimConfig, results: Sequence[RunResult], seats: Sequence[int], spec: str
) -> BotReport:
    buy_in = config.tournament.payouts.buy_in
    mine = [f for r in results for f in r.finishes if f.bot in seats]
    places = [float(f.place) for f in mine]
    rois = [(f.prize - buy_in) / buy_in for f in mine]
    paid = sum(1 for f in mine if f.prize > 0)
    wins = sum(1 for f in mine if f.place == 1)
    return BotReport(
        seats[0], spec, mean_interval(places), wilson(paid, len(mine)), mean_interval(rois), wins
    )


def run_tournaments(config: TournamentSimConfig) -> TournamentReport:
    """Play every tournament (in worker processes when there are several) and report."""
    workers = config.workers or min(2, os.cpu_count() or 1)
    runs = list(range(config.runs))
    if workers <= 1 or config.runs < 4:
        results = _chunk(config, runs)
    else:
        size = max(1, math.ceil(config.runs / (workers * 4)))
        chunks = [runs[i : i + size] for i in range(0, len(runs), size)]
        results = []
        with ProcessPoolExecutor(workers) as pool:
            for part in pool.map(_chunk, [config] * len(chunks), chunks):
                results.extend(part)
    bots = tuple(_report(config, results, [i], spec) for i, spec in enumerate(config.bots))
    hands = sum(r.hands for r in results)
    return TournamentReport(config, bots, len(results), hands, tuple(results))
