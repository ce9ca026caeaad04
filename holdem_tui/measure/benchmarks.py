"""Speed benchmarks behind ``holdem-tui bench``: a registry of small measuring functions.

Speed targets are checked by running this, never by timed tests (which flake on busy CI
machines). Each :class:`Benchmark` returns named figures; the command merges them into one
JSON object, so adding a figure for a later feature is one function plus one
:func:`register` line, e.g.::

    @register("engine")
    def _engine(quick: bool) -> dict[str, float]:
        return {"engine_hands_per_s": ...}

Timings use a warm-up run and then the best of several repeats (the least disturbed run is
the closest to what the code costs); latency figures use the median instead.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # the engine is imported by each benchmark, so `bench --only x` starts fast
    from holdem_tui.engine.actions import Action
    from holdem_tui.engine.decision import Decision
    from holdem_tui.engine.table import Agent
    from holdem_tui.engine.view import PlayerView

__all__ = ["BENCHMARKS", "Benchmark", "best_rate", "median_ms", "register", "run"]

BenchFunction = Callable[[bool], dict[str, float]]


@dataclass(frozen=True, slots=True)
class Benchmark:
    """One named group of figures; ``function(quick)`` measures and returns them.

    ``quick`` asks for fewer iterations (CI smoke runs), not different figures.
    """

    name: str
    description: str
    function: BenchFunction


BENCHMARKS: list[Benchmark] = []


def register(name: str, description: str = "") -> Callable[[BenchFunction], BenchFunction]:
    """Decorator adding a function to :data:`BENCHMARKS` under ``name``, in definition order."""

    def wrap(function: BenchFunction) -> BenchFunction:
        if any(b.name == name for b in BENCHMARKS):
            raise ValueError(f"benchmark {name!r} is registered twice")
        text = description or (function.__doc__ or "").strip()
        BENCHMARKS.append(Benchmark(name, text, function))
        return function

    return wrap


def best_rate(
    work: Callable[[], object],
    items: int,
    repeats: int,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Items per second of ``work`` (which handles ``items`` items): warm-up, then best of n.
    ``clock=time.process_time``: per second of this process's CPU, steadier on a shared
    machine."""
    work()
    best = float("inf")
    for _ in range(max(repeats, 1)):
        start = clock()
        work()
        best = min(best, clock() - start)
    return items / best


def median_ms(work: Callable[[], object], repeats: int) -> float:
    """Median wall time of ``work`` in milliseconds, after one warm-up call."""
    work()
    times = []
    for _ in range(max(repeats, 1)):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def run(only: str | None = None, quick: bool = False) -> list[tuple[Benchmark, dict[str, float]]]:
    """Run the registered benchmarks (or just ``only``), returning each one's figures."""
    chosen = [b for b in BENCHMARKS if only is None or b.name == only]
    if not chosen:
        names = ", ".join(b.name for b in BENCHMARKS)
        raise ValueError(f"no benchmark named {only!r}; known: {names}")
    return [(b, b.function(quick)) for b in chosen]


# ---------------------------------------------------------------- evaluator and equity


@register(
    "evaluator",
    "7-card evaluations per second: batch (compiled kernel when installed, and numpy), "
    "one hand per call (checked and trusted), and the peers in the same run.",
)
def _evaluator(quick: bool) -> dict[str, float]:
    from holdem_tui.engine import kernel
    from holdem_tui.engine.evaluator import evaluate7_batch, hand_value, hand_value_trusted
    from holdem_tui.measure import peers

    kernel.enable()
    n = 200_000 if quick else 2_000_000
    rng = np.random.default_rng(0)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)
    repeats = 2 if quick else 5
    figures = {
        "eval7_per_s": best_rate(lambda: evaluate7_batch(hands, validate=False), n, repeats),
        "eval7_checked_per_s": best_rate(lambda: evaluate7_batch(hands), n, repeats),
    }
    with kernel.disabled():
        figures["eval7_numpy_per_s"] = best_rate(
            lambda: evaluate7_batch(hands, validate=False), n, repeats
        )
    scalar_hands = [[int(c) for c in row] for row in hands[: 5_000 if quick else 50_000]]

    def checked() -> None:
        for h in scalar_hands:
            hand_value(h)

    def trusted() -> None:
        for h in scalar_hands:
            hand_value_trusted(h)

    figures["eval7_scalar_per_s"] = best_rate(checked, len(scalar_hands), repeats)
    figures["eval7_scalar_trusted_per_s"] = best_rate(trusted, len(scalar_hands), repeats)
    figures.update(peers.batch_rates(hands, repeats))
    figures.update(peers.scalar_rates(scalar_hands, repeats))
    _ratio(figures, "eval7_vs_pokerfast", "eval7_per_s", "pokerfast_eval7_per_s")
    trusted_rate = "eval7_scalar_trusted_per_s"
    _ratio(figures, "scalar_vs_phevaluator", trusted_rate, "phevaluator_scalar_per_s")
    _ratio(figures, "scalar_vs_eval7_lib", trusted_rate, "eval7_lib_scalar_per_s")
    return figures


@register(
    "equity",
    "Monte Carlo equity of As Kd against 1, 5 and 8 random hands (kernel and numpy), exact "
    "turn equity against a random hand, and pokerfast and eval7 on the same questions.",
)
def _equity(quick: bool) -> dict[str, float]:
    from holdem_tui.engine import kernel
    from holdem_tui.engine.cards import parse_cards
    from holdem_tui.engine.equity import equity
    from holdem_tui.measure import peers

    kernel.enable()
    hero = parse_cards("AsKd")
    board = parse_cards("2c7h9dQs")
    sims = 50_000 if quick else 500_000
    repeats = 2 if quick else 5
    seeds = iter(range(1_000_000))
    figures: dict[str, float] = {}
    for label, switch in (("", contextlib.nullcontext), ("_numpy", kernel.disabled)):
        with switch():
            figures[f"mc2{label}_sims_per_s"] = best_rate(
                lambda: equity(hero, 1, sims=sims, seed=next(seeds)), sims, repeats
            )
            figures[f"mc6{label}_sims_per_s"] = best_rate(
                lambda: equity(hero, 5, sims=sims, seed=next(seeds)), sims, repeats
            )
            figures[f"mc9{label}_sims_per_s"] = best_rate(
                lambda: equity(hero, 8, sims=sims, seed=next(seeds)), sims, repeats
            )
            figures[f"turn_exact{label}_ms"] = median_ms(
                lambda: equity(hero, 1, board), 5 if quick else 21
            )
    for players in (2, 6):  # per CPU second too, as pokerfast below: steadier under load

        def deals(opponents: int = players - 1) -> object:
            return equity(hero, opponents, sims=sims, seed=next(seeds))

        figures[f"mc{players}_sims_per_cpu_s"] = best_rate(deals, sims, repeats, time.process_time)
    figures["equity_10k_ms"] = median_ms(  # 9-handed
        lambda: equity(hero, 8, sims=10_000, seed=next(seeds)), 5 if quick else 41
    )
    figures.update(peers.monte_carlo_rates(0.2 if quick else 1.0))
    figures.update(peers.turn_equity_ms("AsKd", "2c7h9dQs", 5 if quick else 21))
    _ratio(figures, "mc2_vs_pokerfast", "mc2_sims_per_s", "pokerfast_mc2_sims_per_s")
    _ratio(figures, "mc6_vs_pokerfast", "mc6_sims_per_s", "pokerfast_mc6_sims_per_s")
    for players in (2, 6):
        _ratio(
            figures,
            f"mc{players}_vs_pokerfast_cpu",
            f"mc{players}_sims_per_cpu_s",
            f"pokerfast_mc{players}_sims_per_cpu_s",
        )
    return figures


def _ratio(figures: dict[str, float], name: str, ours: str, theirs: str) -> None:
    """``figures[name] = ours / theirs`` when both were measured (a peer may be missing)."""
    if ours in figures and figures.get(theirs):
        figures[name] = figures[ours] / figures[theirs]


# ---------------------------------------------------------------- start and simulate


@register(
    "startup",
    "Process start to the first table frame of `holdem-tui` (you and five bots) in an "
    "80x24 pseudo-terminal, median of several starts.",
)
def _startup(quick: bool) -> dict[str, float]:
    import os

    from holdem_tui.measure.startup import median_first_frame

    load = os.getloadavg()[0]
    seconds = median_first_frame(3 if quick else 7)
    if seconds is None:  # no pty on this system
        return {}
    return {"first_frame_s_median": seconds, "load_average_1m": load}


@register(
    "simulate",
    "`simulate` on one worker: 6-max Hold'em and 6-max draw, hard/normal/easy twice.",
)
def _simulate(quick: bool) -> dict[str, float]:
    import os

    from holdem_tui.engine.variants import Variant
    from holdem_tui.measure.simulator import SimConfig
    from holdem_tui.measure.simulator import run as simulate

    figures = {"load_average_1m_before": os.getloadavg()[0]}
    sessions = ((Variant.HOLDEM, 200 if quick else 1000), (Variant.DRAW, 60 if quick else 300))
    for game, hands in sessions:
        config = SimConfig(game=game, bots=("hard", "normal", "easy") * 2, hands=hands, workers=1)
        simulate(replace(config, hands=12))  # warm-up: imports, tables, the kernel
        start, cpu = time.perf_counter(), time.process_time()
        simulate(config)
        figures[f"simulate_{game}_hands_per_s"] = hands / (time.perf_counter() - start)
        # per second of this process's own CPU: steadier than the wall clock on a machine
        # shared with other work (the two agree on an idle one)
        figures[f"simulate_{game}_hands_per_cpu_s"] = hands / (time.process_time() - cpu)
    figures["load_average_1m_after"] = os.getloadavg()[0]
    return figures


# ---------------------------------------------------------------- engine


@register("engine", "Random Hold'em hands replayed through our engine, and through pokerkit.")
def _engine(quick: bool) -> dict[str, float]:
    import random

    from holdem_tui.engine.actions import Action
    from holdem_tui.engine.hand import Dealer
    from holdem_tui.engine.holdem import HoldemHand, holdem_config
    from holdem_tui.engine.table import play_hand
    from holdem_tui.history.phh_write import hand_actions

    rng = random.Random(1)

    def agent(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        roll = rng.random()
        if legal.can_raise and roll < 0.2:
            return Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        if legal.call_amount and roll < 0.45:  # facing a bet only: the workload stays as it was
            return Action.fold()
        return Action.call() if legal.call_amount else Action.check()

    scripts = []
    for _ in range(300 if quick else 2_000):
        n = rng.randint(2, 9)
        config = holdem_config([rng.randint(20, 400) for _ in range(n)], 1, 2)
        seed = rng.getrandbits(32)
        hand = play_hand(HoldemHand(config, Dealer(seed)), [agent] * n)
        scripts.append((config, seed, hand.actions_taken(), hand_actions(hand)))

    def ours() -> None:
        for config, seed, taken, _ in scripts:
            hand = HoldemHand(config, Dealer(seed))
            for player, action in taken:
                hand.act(action, player)

    repeats = 2 if quick else 5
    figures = {"engine_hands_per_s": best_rate(ours, len(scripts), repeats)}
    try:
        import pokerkit
    except ImportError:  # a test dependency only: the figure is left out without it
        return figures
    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PUSHING,
        pokerkit.Automation.CHIPS_PULLING,
    )
    pk_scripts = [
        (config, [line.split() for line in actions if " sm" not in line])
        for config, _, _, actions in scripts
    ]

    def theirs() -> None:
        for config, actions in pk_scripts:
            state = pokerkit.NoLimitTexasHoldem.create_state(
                automations,
                False,
                0,
                config.blinds,
                config.min_bet,
                config.starting_stacks,
                config.player_count,
            )
            for words in actions:
                if words[1] == "dh":
                    state.deal_hole(words[3], int(words[2][1:]) - 1)
                elif words[1] == "db":
                    state.deal_board(words[2])
                elif words[1] == "f":
                    state.fold()
                elif words[1] == "cc":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(int(words[2]))

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pk_rate = best_rate(theirs, len(scripts), 1 if quick else 2)
    figures["pokerkit_hands_per_s"] = pk_rate
    figures["engine_vs_pokerkit"] = figures["engine_hands_per_s"] / pk_rate
    return figures


# ---------------------------------------------------------------- bots


@register(
    "bots",
    "Hard bot decision latency over real decisions of 9-handed and heads-up Hold'em and "
    "6-handed draw.",
)
def _bots(quick: bool) -> dict[str, float]:
    import random

    from holdem_tui.bots import make_bot
    from holdem_tui.engine.draw import DrawHand, draw_config
    from holdem_tui.engine.hand import Dealer
    from holdem_tui.engine.holdem import HoldemHand, holdem_config
    from holdem_tui.engine.table import play_hand

    rng = random.Random(7)
    bots = [make_bot("hard", seat) for seat in range(9)]
    times: list[float] = []
    postflop: list[float] = []  # where the Monte Carlo runs on a board; preflop is charts
    for number in range(20 if quick else 150):
        hand = HoldemHand(holdem_config([1000] * 9, 5, 10, hand_number=number + 1), Dealer(number))
        rng.shuffle(bots)
        play_hand(hand, [_timed(bot.decide, times, postflop) for bot in bots])

    # heads-up every decision goes through the expected-value pieces and the range model
    duel = [make_bot("hard", 100 + seat) for seat in range(2)]
    duel_times: list[float] = []
    for number in range(40 if quick else 300):
        seating = (0, 1) if number % 2 else (1, 0)  # the button moves, names follow bots
        names = tuple(("a", "b")[b] for b in seating)
        config = holdem_config([1000] * 2, 5, 10, hand_number=number + 1, names=names)
        hand = HoldemHand(config, Dealer(10_000 + number))
        play_hand(hand, [_timed(duel[bot].decide, duel_times) for bot in seating])

    draw_bots = [make_bot("hard", seat) for seat in range(6)]
    draw_times: list[float] = []
    for number in range(20 if quick else 150):
        config = draw_config([2000] * 6, 5, 10, 20, hand_number=number + 1)
        rng.shuffle(draw_bots)
        play_hand(
            DrawHand(config, Dealer(number)), [_timed(b.decide, draw_times) for b in draw_bots]
        )

    return {
        "hard_draw_decision_ms_median": statistics.median(draw_times),
        "hard_draw_decision_ms_p95": _p95(draw_times),
        "hard_draw_decisions": float(len(draw_times)),
        "hard_decision_ms_median": statistics.median(times),
        "hard_decision_ms_p95": _p95(times),
        "hard_decisions": float(len(times)),
        "hard_postflop_ms_median": statistics.median(postflop) if postflop else 0.0,
        "hard_postflop_ms_p95": _p95(postflop),
        "hard_postflop_decisions": float(len(postflop)),
        "hard_heads_up_decision_ms_median": statistics.median(duel_times),
        "hard_heads_up_decision_ms_p95": _p95(duel_times),
        "hard_heads_up_decisions": float(len(duel_times)),
    }


# ---------------------------------------------------------------- isolation

_PASSIVE_PLUGIN = """
class Passive:
    def decide(self, view):
        return view.legal.passive_action()
"""


@register(
    "isolation",
    "What keeping bots apart costs: the deep copy a built-in bot gets, and a plugin's "
    "process (start, and one decision's round trip through the wire codec).",
)
def _isolation(quick: bool) -> dict[str, float]:
    import sys
    import tempfile
    from pathlib import Path

    from holdem_tui.bots.sandbox import ProcessBot
    from holdem_tui.engine.hand import Dealer
    from holdem_tui.engine.holdem import HoldemHand, holdem_config
    from holdem_tui.wire import copy_view, encode_view, to_json

    hand = HoldemHand(holdem_config([1000] * 6, 5, 10), Dealer(3))
    for _ in range(5):  # a few actions in: a realistic history
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(legal.passive_action() if legal.can_check else legal.all_in_action())
    actor = hand.actor
    assert actor is not None
    view = hand.view(actor)
    repeats = 200 if quick else 2000
    copy_ms = median_ms(lambda: copy_view(view), repeats)
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "bench_passive_plugin.py").write_text(_PASSIVE_PLUGIN, encoding="utf-8")
        sys.path.insert(0, folder)
        try:
            start = time.perf_counter()
            bot = ProcessBot("bench_passive_plugin:Passive", 1)
            bot.ready()
            start_ms = (time.perf_counter() - start) * 1000.0
            round_trip_ms = median_ms(lambda: bot.decide(view), 50 if quick else 500)
            layers = bot.layers
            bot.close()
        finally:
            sys.path.remove(folder)
    figures = {
        "copy_view_ms_median": copy_ms,
        "view_json_bytes": float(len(to_json(encode_view(view)))),
        "plugin_start_ms": start_ms,
        "plugin_decision_ms_median": round_trip_ms,
    }
    # each layer of the plugin boundary: 1 held, 0 missing (``bench`` says why below)
    for layer in layers:  # "fresh /proc" -> plugin_fresh_proc
        key = "_".join("".join(c if c.isalnum() else " " for c in layer.name).split())
        figures[f"plugin_{key}"] = float(layer.held)
    return figures


# ---------------------------------------------------------------- network table


@register(
    "network",
    "Table server on loopback: actions per second with 9 clients, decision round trip.",
)
def _network(quick: bool) -> dict[str, float]:
    """Wall-clock figures move with the machine's load, so the load average is reported
    with them, and the server's CPU time and bytes per action (which do not move) too."""
    import os

    from holdem_tui.net.loadtest import measure

    load_before = os.getloadavg()[0]
    nine = measure(clients=9, hands=10 if quick else 150)
    two = measure(clients=2, hands=10 if quick else 150)
    return {
        "net_actions_per_s_9_clients": nine.actions_per_s,
        "net_round_trip_ms_median_9_clients": nine.round_trip_ms_median,
        "net_round_trip_ms_p95_9_clients": nine.round_trip_ms_p95,
        "net_server_cpu_ms_per_action_9_clients": nine.server_cpu_ms_per_action,
        "net_bytes_per_action_9_clients": nine.bytes_per_action,
        "net_actions_per_s_2_clients": two.actions_per_s,
        "net_round_trip_ms_median_2_clients": two.round_trip_ms_median,
        "net_round_trip_ms_p95_2_clients": two.round_trip_ms_p95,
        "net_server_cpu_ms_per_action_2_clients": two.server_cpu_ms_per_action,
        "net_decisions_measured": float(nine.decisions + two.decisions),
        "load_average_1m_before": load_before,
        "load_average_1m_after": os.getloadavg()[0],
    }


@register(
    "flood",
    "Table server under a flood from rotating loopback sources (1,100 idle sockets; "
    "wrong-code guessers): honest players' round trip, hands saved, guesses let in.",
)
def _flood(quick: bool) -> dict[str, float]:
    """Issue 27, item 7: under each flood the honest round trip's p95 stays under 100 ms
    and every hand played is in the history (the load average is reported with it)."""
    import os

    from holdem_tui.net.loadtest import measure

    figures: dict[str, float] = {"load_average_1m_before": os.getloadavg()[0]}
    for kind, size in (("idle", 1100), ("guess", 16)):
        result = measure(clients=3, hands=10 if quick else 60, flood=kind, flood_size=size)
        figures |= {
            f"flood_{kind}_round_trip_ms_median": result.round_trip_ms_median,
            f"flood_{kind}_round_trip_ms_p95": result.round_trip_ms_p95,
            f"flood_{kind}_hands_played": float(result.hands_played),
            f"flood_{kind}_hands_written": float(result.hands_written),
            f"flood_{kind}_guesses_let_in": float(result.guesses_let_in),
            f"flood_{kind}_connections_refused": float(result.connections_refused),
        }
    figures["load_average_1m_after"] = os.getloadavg()[0]
    return figures


# ---------------------------------------------------------------- coach


@register("coach", "Coach advice latency over real decisions of 6-handed Hold'em and Draw.")
def _coach(quick: bool) -> dict[str, float]:
    import random

    from holdem_tui.bots import make_bot
    from holdem_tui.coach import advise
    from holdem_tui.engine.draw import DrawHand, draw_config
    from holdem_tui.engine.hand import Dealer, Hand
    from holdem_tui.engine.holdem import HoldemHand, holdem_config
    from holdem_tui.engine.table import play_hand
    from holdem_tui.engine.variants import Variant

    rng = random.Random(17)
    bots = [make_bot("hard", seat) for seat in range(6)]
    times: list[float] = []
    draw_times: list[float] = []
    for number in range(12 if quick else 80):
        hand: Hand
        if number % 4 == 3:
            hand = DrawHand(draw_config([400] * 5, 2, 10, hand_number=number + 1), Dealer(number))
        else:
            hand = HoldemHand(
                holdem_config([1000] * 6, 5, 10, hand_number=number + 1), Dealer(number)
            )
        rng.shuffle(bots)
        coached = draw_times if hand.variant is Variant.DRAW else times

        def coach_then(decide: Agent, coached: list[float] = coached) -> Agent:
            def agent(view: PlayerView) -> Action | Decision:
                start = time.perf_counter()
                advise.__wrapped__(view)  # uncached: every decision computed afresh
                coached.append((time.perf_counter() - start) * 1000.0)
                return decide(view)

            return agent

        play_hand(hand, [coach_then(bot.decide) for bot in bots])
    everything = times + draw_times
    return {
        "coach_ms_median": statistics.median(everything),
        "coach_ms_p95": _p95(everything),
        "coach_holdem_ms_p95": _p95(times),
        "coach_draw_ms_p95": _p95(draw_times),
        "coach_decisions": float(len(everything)),
    }


@register(
    "stats",
    "Lifetime statistics over 1,000 generated sessions: the first read (every hand replayed "
    "and counted, the cache written) and the cached read, and a whole report summed.",
)
def _stats(quick: bool) -> dict[str, float]:
    from holdem_tui.measure.stats_bench import measure

    return measure(quick)


def _timed(decide: Agent, times: list[float], on_board: list[float] | None = None) -> Agent:
    """``decide``, timing each decision into ``times`` (milliseconds), and into ``on_board``
    too when the view has a board."""

    def agent(view: PlayerView) -> Action | Decision:
        start = time.perf_counter()
        action = decide(view)
        elapsed = (time.perf_counter() - start) * 1000.0
        times.append(elapsed)
        if on_board is not None and view.board:
            on_board.append(elapsed)
        return action

    return agent


def _p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of latencies, 0 for none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0
