"""The same work done by other poker libraries, in the same run, for ``bench``'s ratios.

Each peer is optional: a figure is left out when its library is not installed
(``pip install pokerfast eval7 phevaluator``; pokerkit comes with the tests). Every peer
gets its own fastest public way in, with the cards already in its own format, so the
ratios are against its best case:

* pokerfast: OMPEval (C++) through its ctypes library: ``pf_evaluate`` on a byte buffer of
  hands, ``pf_equity`` for Monte Carlo (stopped by a time limit, hands counted by it) and
  ``equity_vs_random`` for the exact turn equity;
* eval7 (Cython): ``evaluate`` per hand, ``py_hand_vs_range_exact`` on the turn;
* phevaluator (C binding): ``evaluate_cards`` per hand;
* pokerkit: ``StandardHighHand.from_game`` per hand (the reference, not a speed contender).
"""

from __future__ import annotations

import ctypes
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: OMPEval's card index is 4 * rank + suit with suits ordered s, h, c, d
_OMP_SUIT = np.array([2, 3, 1, 0], dtype=np.uint8)


def _text(card: int) -> str:
    return RANKS[card >> 2] + SUITS[card & 3]


def _rate(work: Callable[[], object], items: int, repeats: int) -> float:
    work()
    best = min(_timed(work) for _ in range(max(repeats, 1)))
    return items / best


def _timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _omp() -> Any | None:
    """pokerfast's OMPEval library, or ``None``."""
    try:
        from pokerfast import equity as omp_equity
    except ImportError:
        return None
    try:
        return omp_equity._load()
    except Exception:  # installed without its native library (no wheel for this platform)
        return None


def batch_rates(hands: npt.NDArray[np.uint8], repeats: int) -> dict[str, float]:
    """Seven-card hands per second, batch: pokerfast's OMPEval."""
    lib = _omp()
    if lib is None:
        return {}
    encoded = (4 * (hands >> 2) + _OMP_SUIT[hands & 3]).astype(np.uint8).tobytes()
    out = (ctypes.c_uint16 * len(hands))()
    return {
        "pokerfast_eval7_per_s": _rate(
            lambda: lib.pf_evaluate(encoded, len(hands), hands.shape[1], out), len(hands), repeats
        )
    }


def scalar_rates(hands: Sequence[Sequence[int]], repeats: int) -> dict[str, float]:
    """Seven-card hands per second, one call per hand: phevaluator, eval7, pokerkit."""
    figures: dict[str, float] = {}
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        pass
    else:

        def phe() -> None:
            for h in hands:
                evaluate_cards(*h)

        figures["phevaluator_scalar_per_s"] = _rate(phe, len(hands), repeats)
    try:
        import eval7
    except ImportError:
        pass
    else:
        cards = [[eval7.Card(_text(c)) for c in h] for h in hands]

        def e7() -> None:
            for h in cards:
                eval7.evaluate(h)

        figures["eval7_lib_scalar_per_s"] = _rate(e7, len(cards), repeats)
    try:
        import pokerkit
    except ImportError:
        return figures
    few = [("".join(_text(c) for c in h[:2]), "".join(_text(c) for c in h[2:])) for h in hands]
    few = few[: max(1, len(few) // 50)]  # about a hundred times slower: fewer hands

    def pk() -> None:
        for hole, board in few:
            pokerkit.StandardHighHand.from_game(hole, board)

    figures["pokerkit_scalar_per_s"] = _rate(pk, len(few), 1)
    return figures


def monte_carlo_rates(seconds: float) -> dict[str, float]:
    """Monte Carlo deals per second of As Kd against 1 and 5 random hands: pokerfast, per
    second of wall time and per second of this process's CPU (its one worker thread)."""
    lib = _omp()
    if lib is None:
        return {}
    figures = {}
    for players, name in ((2, "pokerfast_mc2_sims_per_s"), (6, "pokerfast_mc6_sims_per_s")):
        ranges = (ctypes.c_char_p * players)(b"AsKd", *[b"random"] * (players - 1))
        out = (ctypes.c_double * players)()
        hands = ctypes.c_uint64()
        start, cpu = time.perf_counter(), time.process_time()
        # a tiny stdev never stops it early; one thread; the time limit ends it
        lib.pf_equity(ranges, players, b"", b"", 0, 1e-12, 1, seconds, out, ctypes.byref(hands))
        figures[name] = hands.value / (time.perf_counter() - start)
        figures[name.replace("_per_s", "_per_cpu_s")] = hands.value / (time.process_time() - cpu)
    return figures


def turn_equity_ms(hero: str, board: str, repeats: int) -> dict[str, float]:
    """Exact equity on the turn against one random hand, in milliseconds: pokerfast, eval7."""
    figures: dict[str, float] = {}
    try:
        from pokerfast import equity as omp_equity
    except ImportError:
        pass
    else:
        if _omp() is not None:
            exact = omp_equity.equity_vs_random
            times = [_timed(lambda: exact(hero, board)) for _ in range(repeats)]
            figures["pokerfast_turn_exact_ms"] = min(times) * 1000.0
    try:
        import eval7
    except ImportError:
        return figures
    mine = [eval7.Card(hero[i : i + 2]) for i in (0, 2)]
    cards = [eval7.Card(board[i : i + 2]) for i in range(0, len(board), 2)]
    anything = eval7.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
    best = min(
        _timed(lambda: eval7.py_hand_vs_range_exact(mine, anything, cards)) for _ in range(repeats)
    )
    figures["eval7_lib_turn_exact_ms"] = best * 1000.0
    return figures
