"""Hold'em equity of a known hand against unknown opponents: Monte Carlo, or exact when cheap.

Bots call this every decision, so a 9-handed estimate must take milliseconds. Everything is
vectorised over simulations in chunks:

* Dealing is a partial Fisher–Yates over each simulation's remaining deck (one step per dealt
  card, all simulations at once), so a deal costs a handful of numpy operations per card.
  Its numbers come from a counter-based stream (SplitMix64 from a key the seeded generator
  draws, :func:`deal_words`): simulation ``s`` reads its own words, so numpy computes them
  all at once and the compiled kernel in registers, the same numbers either way.
  Opponents with a weighted :class:`~holdem_tui.engine.ranges.Range` are sampled first (with
  whole-deal rejection when their combos collide, which keeps the joint distribution exact,
  from the generator itself) and their cards swapped out of the deck before the random cards
  are dealt.
* Each card carries a ``uint64`` key (:data:`~holdem_tui.engine.evaluator.CARD_KEYS`) whose
  sum indexes the evaluator's tables. The board's sum is computed once per simulation and each
  player adds two keys, so a 9-handed showdown is about nine table lookups.

Results are seeded through ``numpy.random.Generator`` so the same seed reproduces the same
estimate. Split pots count fractionally (1/k of a k-way tie) in ``equity``; the showdowns are
counted in whole numbers (wins, and ties by how many share) and turned into the estimate once.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.engine import evaluator as _ev
from holdem_tui.engine import kernel
from holdem_tui.engine.ranges import Range

__all__ = ["EquityResult", "equity", "exact_outcomes"]

#: Exact enumeration is used when it needs at most max(sims, this many) deals.
EXACT_MIN_OUTCOMES: Final = 50_000
_CHUNK: Final = 8192
_MAX_REJECTION_ROUNDS: Final = 200
_NO_FIT: Final = "the opponents' ranges (almost) never fit together without sharing cards"
#: two cards -> the 52-bit mask of both (a range's combos' masks in one lookup)
_PAIR_MASKS: Final = (
    np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))[:, None]
    | (np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))[None, :])
)


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Hero's share of the pot, with how sure we are of it.

    ``win`` is the share of deals hero wins outright, ``tie`` the share where hero splits,
    ``equity`` the expected share of the pot (ties counted 1/k). ``std_error`` is the
    standard error of ``equity`` (0 when ``exact``); ``sims`` counts deals simulated or
    enumerated.
    """

    win: float
    tie: float
    equity: float
    std_error: float
    sims: int
    exact: bool


def _check_cards(name: str, cards: Sequence[int]) -> list[int]:
    out = []
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int | np.integer) or not 0 <= c < 52:
            raise ValueError(f"not a card code in {name}: {c!r}")
        out.append(int(c))
    return out


def _normalise(
    hero: Sequence[int],
    opponents: int | Sequence[Range | None],
    board: Sequence[int],
    dead: Sequence[int],
) -> tuple[list[int], list[int], list[int], list[Range | None]]:
    hero_l = _check_cards("hero", hero)
    board_l = _check_cards("board", board)
    dead_l = _check_cards("dead", dead)
    if len(hero_l) != 2:
        raise ValueError(f"hero needs exactly 2 hole cards, got {len(hero_l)}")
    if len(board_l) not in (0, 3, 4, 5):
        raise ValueError(f"the board has 0, 3, 4 or 5 cards, got {len(board_l)}")
    known = hero_l + board_l + dead_l
    if len(set(known)) != len(known):
        raise ValueError("hero, board and dead cards overlap")
    if isinstance(opponents, int | np.integer) and not isinstance(opponents, bool):
        opps: list[Range | None] = [None] * int(opponents)
    elif isinstance(opponents, Sequence):
        opps = list(opponents)
    else:
        raise ValueError(f"opponents must be a count or a list of ranges: {opponents!r}")
    if not 1 <= len(opps) <= 8:
        raise ValueError(f"1 to 8 opponents, got {len(opps)}")
    cleaned: list[Range | None] = []
    for r in opps:
        if r is None:
            cleaned.append(None)
            continue
        if not isinstance(r, Range):
            raise ValueError(f"an opponent is a Range or None, got {r!r}")
        live = r.without(known)
        if len(live) == 0 or float(live.weights.sum()) <= 0.0:
            raise ValueError("an opponent's range has no combo left after known cards")
        cleaned.append(live)
    needed = 5 - len(board_l) + 2 * len(opps)
    if needed > 52 - len(known):
        raise ValueError("not enough cards left in the deck for this deal")
    return hero_l, board_l, dead_l, cleaned


def equity(
    hero: Sequence[int],
    opponents: int | Sequence[Range | None],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    sims: int = 10_000,
    seed: int | None = None,
    *,
    exact: bool | None = None,
) -> EquityResult:
    """Hero's equity against 1..8 opponents, each random (``None``) or a weighted range.

    ``exact=None`` enumerates every deal when that needs no more than
    ``max(sims, EXACT_MIN_OUTCOMES)`` deals (the river, the turn heads-up) and simulates
    otherwise; ``True``/``False`` force the choice. Raises ``ValueError`` on bad cards or
    impossible deals.
    """
    hero_l, board_l, dead_l, opps = _normalise(hero, opponents, board, dead)
    if sims < 1:
        raise ValueError(f"sims must be positive, got {sims}")
    outcomes = exact_outcomes(hero_l, opps, board_l, dead_l)
    use_exact = outcomes <= max(sims, EXACT_MIN_OUTCOMES) if exact is None else exact
    if use_exact:
        return _enumerate(hero_l, opps, board_l, dead_l)
    return _simulate(hero_l, opps, board_l, dead_l, sims, np.random.default_rng(seed))


# ---------------------------------------------------------------- exact enumeration


def exact_outcomes(
    hero: Sequence[int],
    opponents: Sequence[Range | None],
    board: Sequence[int],
    dead: Sequence[int],
) -> int:
    """An upper bound on the deals exact enumeration would visit (collisions not removed)."""
    left = 52 - len(hero) - len(board) - len(dead)
    total = math.comb(left, 5 - len(board))
    for r in opponents:
        total *= math.comb(left, 2) if r is None else len(r)
    return total


def _slot_options(
    deck: npt.NDArray[np.int64], opps: Sequence[Range | None], need: int
) -> list[tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]]:
    """Per slot (each opponent, then the board completion): candidate card sets and weights."""
    slots = []
    pairs = _combinations(len(deck), 2)
    for r in opps:
        if r is None:
            slots.append((deck[pairs], np.ones(len(pairs))))
        else:
            slots.append((r.combos.astype(np.int64), r.weights))
    runs = _combinations(len(deck), need)
    slots.append((deck[runs], np.ones(len(runs))))
    return slots


@lru_cache(maxsize=16)
def _combinations(n: int, k: int) -> npt.NDArray[np.int64]:
    """All k-subsets of range(n) as an (C(n, k), k) array (one empty row when k is 0);
    read-only and cached: every equity question on a street asks for the same ones."""
    rows = list(itertools.combinations(range(n), k))
    out = np.array(rows, dtype=np.int64).reshape(len(rows), k)
    out.setflags(write=False)
    return out


def _enumerate(
    hero: list[int], opps: Sequence[Range | None], board: list[int], dead: list[int]
) -> EquityResult:
    """Every deal, weighted: each opponent's candidates (range combos or every pair) times
    each completion of the board, dropping deals that use a card twice.

    Values come from key sums: a completion's key sum and suit masks are computed once and
    each hand adds its two keys, so hero's hand is valued once per completion. The per-deal
    arrays (and so every sum over them) are the same as valuing each deal's seven cards.
    """
    known = set(hero) | set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in known], dtype=np.int64)
    need = 5 - len(board)
    slots = _slot_options(deck, opps, need)
    compiled = kernel.loaded()
    if compiled is not None:
        return _enumerate_compiled(compiled, slots, hero, board)
    shape = tuple(len(cards) for cards, _ in slots)
    index = np.unravel_index(np.arange(math.prod(shape)), shape)
    ored = np.zeros(len(index[0]), dtype=np.uint64)
    added = np.zeros(len(index[0]), dtype=np.uint64)
    weight = np.ones(len(index[0]))
    for (cards, w), idx in zip(slots, index, strict=True):
        mask = _card_masks(cards)[idx]  # distinct cards add without carries
        ored |= mask
        added += mask
        weight *= w[idx]
    ok = np.flatnonzero(ored == added)
    weight = weight[ok]
    keys = _ev.numpy_tables().card_keys
    runs = slots[-1][0]
    run_key = np.uint64(sum(int(keys[c]) for c in board)) + keys[runs].sum(axis=1, dtype=np.uint64)
    run_suits = np.zeros((4, len(runs)), dtype=np.int32)
    for c in board:
        run_suits[c & 3] |= 1 << (c >> 2)
    for column in runs.T:
        np.bitwise_or.at(run_suits, (column & 3, np.arange(len(runs))), 1 << (column >> 2))
    hero_by_run = _values(
        run_key + keys[hero[0]] + keys[hero[1]],
        run_suits,
        np.full(len(runs), hero[0]),
        np.full(len(runs), hero[1]),
    )
    run = index[-1][ok]
    deal_key, deal_suits = run_key[run], run_suits[:, run]
    opp_vs = []
    for (cards, _), idx in zip(slots[:-1], index[:-1], strict=True):
        chosen = cards[idx[ok]]
        a, b = chosen[:, 0], chosen[:, 1]
        opp_vs.append(_values(deal_key + keys[a] + keys[b], deal_suits, a, b))
    win, tie, share = _showdown(hero_by_run[run], np.stack(opp_vs))
    return _exact_result(
        float(weight.sum()),
        len(weight),
        _weighted_sum(weight, win),
        _weighted_sum(weight, tie),
        _weighted_sum(weight, share),
    )


def _exact_result(
    total: float, deals: int, wins: float, ties: float, shares: float
) -> EquityResult:
    """The weighted means over every deal, from the sum of the deals' weights (numpy's
    ``sum`` of them in enumeration order), how many there are, and the weighted sums of
    wins, ties and pot shares."""
    return EquityResult(
        win=wins / total,
        tie=ties / total,
        equity=shares / total,
        std_error=0.0,
        sims=deals,
        exact=True,
    )


def compiled_board(board: Sequence[int]) -> tuple[int, npt.NDArray[np.int64]]:
    """A known board as the compiled kernel takes it: its cards' key sum, and per suit the
    ranks it holds (one bit each)."""
    keys = _ev.numpy_tables().card_keys.view(np.int64)
    suits = np.zeros(4, dtype=np.int64)
    for c in board:
        suits[c & 3] |= 1 << (c >> 2)
    return sum(int(keys[c]) for c in board), suits


def _enumerate_compiled(
    compiled: ModuleType,
    slots: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]],
    hero: list[int],
    board: list[int],
) -> EquityResult:
    """:func:`_enumerate` by the compiled kernel: the same deals in the same order, the
    weighted sums added in the same order.

    When every weight is 1.0 (random opponents, flat ranges) their numpy sum is exactly the
    number of deals, so the kernel keeps no array of them."""
    tables = _ev.numpy_tables()
    widest = max(len(cards) for cards, _ in slots)
    cards = np.zeros((len(slots), widest, max(2, slots[-1][0].shape[1])), dtype=np.int64)
    masks = np.zeros((len(slots), widest), dtype=np.int64)
    weights = np.zeros((len(slots), widest))
    for s, (options, w) in enumerate(slots):
        cards[s, : len(options), : options.shape[1]] = options
        masks[s, : len(options)] = _card_masks(options).astype(np.int64)
        weights[s, : len(options)] = w
    board_key, board_suits = compiled_board(board)
    keys = tables.card_keys.view(np.int64)
    flat = all(bool((w == 1.0).all()) for _, w in slots)
    deals, weight, wins, ties, shares = compiled.enumerate_deals(
        cards,
        np.array([len(options) for options, _ in slots], dtype=np.int64),
        np.array([options.shape[1] for options, _ in slots], dtype=np.int64),
        masks,
        weights,
        hero[0],
        hero[1],
        board_key,
        board_suits,
        keys,
        tables.hash_rows,
        tables.hash_values,
        tables.flush_suit,
        tables.flush,
        not flat,
    )
    total = float(deals) if flat else float(weight.sum())
    return _exact_result(total, deals, wins, ties, shares)


def _weighted_sum(weight: npt.NDArray[np.float64], values: npt.NDArray[np.float64]) -> float:
    """``weight @ values`` added left to right: one order on every machine and in the compiled
    kernel (BLAS picks its own order, and on a busy machine its threads cost milliseconds)."""
    return float(np.cumsum(weight * values)[-1]) if len(weight) else 0.0


def _card_masks(cards: npt.NDArray[np.integer]) -> npt.NDArray[np.uint64]:
    """Each row of card codes as one 52-bit mask of its cards."""
    out = np.zeros(len(cards), dtype=np.uint64)
    for column in cards.T:
        out |= np.left_shift(np.uint64(1), column.astype(np.uint64))
    return out


def _showdown(
    hero_v: npt.NDArray[np.uint16], opp_v: npt.NDArray[np.uint16]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Per deal: hero wins outright, hero ties for best, hero's share of the pot."""
    win, tie, tied_with = _showdown_counts(hero_v, opp_v)
    share = np.where(win, 1.0, np.where(tie, 1.0 / (1 + tied_with), 0.0))
    return win.astype(np.float64), tie.astype(np.float64), share


def _showdown_counts(
    hero_v: npt.NDArray[np.uint16], opp_v: npt.NDArray[np.uint16]
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Per deal: hero wins outright, hero ties for best, how many opponents hero ties with."""
    best_opp = opp_v.max(axis=0)
    tied_with = (opp_v == hero_v).sum(axis=0, dtype=np.int64)
    return hero_v > best_opp, hero_v == best_opp, tied_with


# ---------------------------------------------------------------- Monte Carlo


def _sample_ranges(
    ranges: Sequence[Range], size: int, rng: np.random.Generator
) -> npt.NDArray[np.int64]:
    """``(size, 2*len(ranges))`` hole cards, weighted, no two opponents sharing a card.

    A deal with a collision is redrawn whole (not just the colliding opponent), which keeps
    the joint distribution proportional to the product of weights.
    """
    cumulative = [np.cumsum(r.weights) for r in ranges]
    masks = [_PAIR_MASKS[r.combos[:, 0], r.combos[:, 1]] for r in ranges]
    out = np.empty((size, 2 * len(ranges)), dtype=np.int64)
    pending = np.arange(size)
    for _ in range(_MAX_REJECTION_ROUNDS):
        n = len(pending)
        used = np.zeros(n, dtype=np.uint64)
        clash = np.zeros(n, dtype=bool)
        picks = []
        # one call for every range's uniforms: the same numbers as one call per range
        uniforms = rng.random((len(ranges), n))
        for cum, mask, uniform in zip(cumulative, masks, uniforms, strict=True):
            pick = np.searchsorted(cum, uniform * cum[-1], side="right")
            pick = np.minimum(pick, len(cum) - 1)
            m = mask[pick]
            clash |= (used & m) != 0
            used |= m
            picks.append(pick)
        good = ~clash
        rows = pending[good]
        for j, (r, pick) in enumerate(zip(ranges, picks, strict=True)):
            out[rows, 2 * j : 2 * j + 2] = r.combos[pick[good]]
        pending = pending[clash]
        if not len(pending):
            return out
    raise ValueError(_NO_FIT)


def _simulate(
    hero: list[int],
    opps: Sequence[Range | None],
    board: list[int],
    dead: list[int],
    sims: int,
    rng: np.random.Generator,
) -> EquityResult:
    known = set(hero) | set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
    tables = _ev.numpy_tables()
    keys = tables.card_keys
    board_key = np.uint64(sum(int(keys[c]) for c in board))
    board_suit_mask = np.zeros(4, dtype=np.int32)
    for c in board:
        board_suit_mask[c & 3] |= 1 << (c >> 2)
    ranged = [r for r in opps if r is not None]
    n_board = 5 - len(board)
    position = np.zeros(52, dtype=np.int64)
    position[deck] = np.arange(len(deck))
    # the deal stream's key: the generator's next 64 bits, before any range is sampled
    stream = np.uint64(rng.bit_generator.random_raw())
    deal = _Deal(deck, position, n_board, tuple(r is not None for r in opps), hero, board_key)

    compiled = kernel.loaded()
    counts = (
        _compiled_counts(compiled, deal, ranged, sims, rng, stream, board_suit_mask)
        if compiled is not None
        else _numpy_counts(deal, ranged, sims, rng, stream, board_suit_mask)
    )
    return _estimate([int(c) for c in counts], sims)


def _estimate(counts: list[int], sims: int) -> EquityResult:
    """The result from the showdown counts (``counts[0]`` outright wins, ``counts[t]`` ties
    with ``t`` opponents): whole numbers until here, so both paths give the same floats."""
    wins = counts[0]
    ties = sum(counts[1:])
    total = float(wins) + sum(n / (t + 1) for t, n in enumerate(counts) if t)
    total_sq = float(wins) + sum(n / (t + 1) ** 2 for t, n in enumerate(counts) if t)
    mean = total / sims
    variance = max(total_sq / sims - mean * mean, 0.0)
    return EquityResult(
        win=wins / sims,
        tie=ties / sims,
        equity=mean,
        std_error=math.sqrt(variance / max(sims - 1, 1)),
        sims=sims,
        exact=False,
    )


@dataclass(frozen=True, slots=True)
class _Deal:
    """What every simulation of one equity question shares."""

    deck: npt.NDArray[np.uint8]
    position: npt.NDArray[np.int64]  # card -> its index in ``deck``
    n_board: int
    ranged: tuple[bool, ...]  # per opponent: from a range (else two random cards)
    hero: list[int]
    board_key: np.uint64


#: SplitMix64's increment and multipliers: the deal stream (:func:`deal_words`)
_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX_1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2: Final = np.uint64(0x94D049BB133111EB)
_LOW32: Final = np.uint64(0xFFFFFFFF)


def deal_words(stream: np.uint64, first: int, size: int, words: int) -> npt.NDArray[np.uint64]:
    """``(words, size)``: simulation ``first + s`` takes the stream's words
    ``(first + s) * words`` onward, word ``n`` being SplitMix64's output ``n`` after
    ``stream`` (``kernel_numba.deal_word``, one word at a time).

    A counter-based stream: any simulation's numbers are known without drawing the ones
    before, and the compiled kernel makes them in registers, where numpy's generator costs
    a call per number.
    """
    n = (first + np.arange(size, dtype=np.uint64))[None, :] * np.uint64(words)
    n = n + np.arange(words, dtype=np.uint64)[:, None]
    z = stream + (n + np.uint64(1)) * _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _MIX_1
    z = (z ^ (z >> np.uint64(27))) * _MIX_2
    return z ^ (z >> np.uint64(31))


def _deal_halves(stream: np.uint64, first: int, size: int, count: int) -> npt.NDArray[np.uint64]:
    """``(count, size)`` 32-bit numbers of the deal stream: draw ``i`` of a simulation is
    the low half of its word ``i // 2`` for even ``i``, the high half for odd."""
    words = deal_words(stream, first, size, (count + 1) // 2)
    halves = np.empty((2 * len(words), size), dtype=np.uint64)
    halves[0::2] = words & _LOW32
    halves[1::2] = words >> np.uint64(32)
    return halves[:count]


def _numpy_counts(
    deal: _Deal,
    ranged: list[Range],
    sims: int,
    rng: np.random.Generator,
    stream: np.uint64,
    board_suit_mask: npt.NDArray[np.int32],
) -> npt.NDArray[np.int64]:
    """Showdown counts (:func:`_estimate`) with numpy, a chunk of simulations at a time."""
    deal_count = deal.n_board + 2 * (len(deal.ranged) - len(ranged))
    counts = np.zeros(len(deal.ranged) + 1, dtype=np.int64)
    for start in range(0, sims, _CHUNK):
        size = min(_CHUNK, sims - start)
        picked = _sample_ranges(ranged, size, rng) if ranged else np.zeros((size, 0), np.int64)
        halves = _deal_halves(stream, start, size, deal_count)
        win, tie, tied_with = _deal_and_show(deal, picked, halves, board_suit_mask)
        slot = np.where(tie, tied_with, 0)[win | tie]
        counts += np.bincount(slot, minlength=len(counts))
    return counts


def _compiled_counts(
    compiled: ModuleType,
    deal: _Deal,
    ranged: list[Range],
    sims: int,
    rng: np.random.Generator,
    stream: np.uint64,
    board_suit_mask: npt.NDArray[np.int32],
) -> npt.NDArray[np.int64]:
    """:func:`_numpy_counts` by the compiled kernel in one call: the ranges' numbers from
    ``rng`` in the same order, the same deal stream, the same counts."""
    tables = _ev.numpy_tables()
    widest = max((len(r) for r in ranged), default=1)
    cumulative = np.zeros((len(ranged), widest))
    combos = np.zeros((len(ranged), widest, 2), dtype=np.int64)
    masks = np.zeros((len(ranged), widest), dtype=np.int64)
    for k, r in enumerate(ranged):
        cumulative[k, : len(r)] = np.cumsum(r.weights)
        combos[k, : len(r)] = r.combos
        masks[k, : len(r)] = _PAIR_MASKS[r.combos[:, 0], r.combos[:, 1]].view(np.int64)
    fitted, counts = compiled.monte_carlo(
        rng,
        sims,
        _CHUNK,
        stream,
        deal.deck,
        deal.position,
        deal.n_board,
        np.array(deal.ranged),
        cumulative,
        np.array([len(r) for r in ranged], dtype=np.int64),
        combos,
        masks,
        _MAX_REJECTION_ROUNDS,
        deal.hero[0],
        deal.hero[1],
        int(deal.board_key),
        board_suit_mask,
        tables.card_keys.view(np.int64),
        tables.hash_rows,
        tables.hash_values,
        tables.flush_suit,
        tables.flush,
    )
    if not fitted:
        raise ValueError(_NO_FIT)
    return np.asarray(counts)


def _deal_and_show(
    deal: _Deal,
    picked: npt.NDArray[np.int64],
    halves: npt.NDArray[np.uint64],
    board_suit_mask: npt.NDArray[np.int32],
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """One chunk of simulations, all at once with numpy: deal, value, show down
    (:func:`_showdown_counts`).

    ``picked`` holds the ranged opponents' hole cards, ``halves`` the 32-bit numbers of the
    partial Fisher–Yates that deals the board and the random opponents' cards.
    """
    keys = _ev.numpy_tables().card_keys
    deck = deal.deck
    size = halves.shape[1]
    rows = np.arange(size)
    stacked = np.broadcast_to(deck[:, None], (len(deck), size)).copy()  # (D, size)
    flat = stacked.reshape(-1)
    live = len(deck)
    if picked.shape[1]:
        where = np.broadcast_to(deal.position[:, None], (52, size)).copy()
        where_flat = where.reshape(-1)
        for j in range(picked.shape[1]):
            # Swap each range card to the end of its simulation's deck, out of play.
            gone = picked[:, j]
            p = where_flat[gone * size + rows]
            live -= 1
            last = stacked[live]
            flat[p * size + rows] = last
            where_flat[last.astype(np.int64) * size + rows] = p
    range_hole = iter((picked[:, 2 * j], picked[:, 2 * j + 1]) for j in range(picked.shape[1] // 2))
    # Partial Fisher–Yates: position i takes a pick from positions i..live-1, the 32-bit
    # number times the count, shifted down by 32 (uniform to within 2^-26).
    for i in range(len(halves)):
        j = i + ((halves[i] * np.uint64(live - i)) >> np.uint64(32)).astype(np.int64)
        idx = j * size + rows
        picked_i = flat[idx]
        flat[idx] = stacked[i]
        stacked[i] = picked_i
    board_sum = np.full(size, deal.board_key, dtype=np.uint64)
    suit_mask = np.broadcast_to(board_suit_mask[:, None], (4, size)).copy()
    suit_flat = suit_mask.reshape(-1)
    for b in stacked[: deal.n_board]:
        board_sum += keys[b]
        bi = b.astype(np.int64)
        suit_flat[(bi & 3) * size + rows] |= 1 << (bi >> 2)
    hole: list[tuple[npt.NDArray[np.integer], npt.NDArray[np.integer]]] = []
    next_card = deal.n_board
    for from_range in deal.ranged:
        if from_range:
            hole.append(next(range_hole))
        else:
            hole.append((stacked[next_card], stacked[next_card + 1]))
            next_card += 2
    a, b = deal.hero
    hero_v = _values(board_sum + (keys[a] + keys[b]), suit_mask, np.full(size, a), np.full(size, b))
    opp_v = np.stack([_values(board_sum + keys[x] + keys[y], suit_mask, x, y) for x, y in hole])
    return _showdown_counts(hero_v, opp_v)


def _values(
    key_sum: npt.NDArray[np.uint64],
    board_suit_mask: npt.NDArray[np.int32],
    a: npt.NDArray[np.integer],
    b: npt.NDArray[np.integer],
) -> npt.NDArray[np.uint16]:
    """7-card values from key sums; flush hands finish from the board's per-suit rank masks."""
    tables = _ev.numpy_tables()
    out = _ev.hashed_values(tables, key_sum & np.uint64(_ev._RANK_MASK))
    suit = tables.flush_suit[key_sum >> np.uint64(_ev._RANK_BITS)]
    hits = np.flatnonzero(suit >= 0)
    if hits.size:
        s = suit[hits].astype(np.int64)
        ha = a[hits].astype(np.int64)
        hb = b[hits].astype(np.int64)
        mask = board_suit_mask[s, hits]
        mask = mask | np.where(ha & 3 == s, 1 << (ha >> 2), 0)
        mask = mask | np.where(hb & 3 == s, 1 << (hb >> 2), 0)
        out[hits] = tables.flush[mask]  # seven cards: a flush beats any non-flush hand
    return out
