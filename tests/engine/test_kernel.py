"""The compiled kernel (the ``fast`` extra) gives the numpy path's results, bit for bit.

Both paths run in one process (:func:`holdem_tui.engine.kernel.disabled` switches to numpy)
on the same inputs: random hands of every size, flush-heavy hands, and Monte Carlo spots
with random and ranged opponents on every street. Skipped where numba is not installed;
the test extra installs it, so CI runs them.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdem_tui.engine import kernel
from holdem_tui.engine.equity import EquityResult, equity
from holdem_tui.engine.evaluator import evaluate_batch
from holdem_tui.engine.ranges import Range

pytest.importorskip("numba")


@pytest.fixture(autouse=True)
def _kernel_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel on for these tests only (other tests in this process keep numpy)."""
    monkeypatch.setitem(kernel._state, "enabled", False)
    assert kernel.enable()


def _hands(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    """Random distinct cards per row, and a quarter of the rows mostly of one suit."""
    hands = np.argsort(rng.random((count, 52)), axis=1)[:, :size]
    suited = rng.random(count) < 0.25
    ranks = np.argsort(rng.random((count, 13)), axis=1)[:, :size]
    hands[suited] = (4 * ranks + rng.integers(0, 4, (count, 1)))[suited]
    return hands.astype(np.uint8)


def _both(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    assert kernel.active()
    fast = evaluate_batch(cards)
    with kernel.disabled():
        assert not kernel.active()
        slow = evaluate_batch(cards)
    return fast, slow


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_kernel_values_every_hand_as_numpy_does(size: int) -> None:
    fast, slow = _both(_hands(np.random.default_rng(size), 100_000, size))
    assert fast.dtype == slow.dtype and np.array_equal(fast, slow)


def test_the_kernel_values_every_five_card_hand_as_numpy_does() -> None:
    """All 2,598,960 hands of five cards: the kernel's perfect hash of 5-card sums misses
    none of them and gives the sorted table's value."""
    from itertools import combinations

    every = np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)))
    fast, slow = _both(every)
    assert np.array_equal(fast, slow)


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_kernel_agrees_on_a_million_random_hands(size: int) -> None:
    fast, slow = _both(_hands(np.random.default_rng(100 + size), 1_000_000, size))
    assert np.array_equal(fast, slow)


def _spot(rng: random.Random) -> tuple[list[int], list[Range | None], list[int], int]:
    cards = rng.sample(range(52), 7)
    hero, board = cards[:2], cards[2 : 2 + rng.choice([0, 3, 4, 5])]
    opponents: list[Range | None] = []
    for _ in range(rng.randint(1, 5)):
        kind = rng.random()
        if kind < 0.4:
            opponents.append(None)
        elif kind < 0.65:
            opponents.append(Range.top(rng.uniform(5, 60)))
        elif kind < 0.8:  # a narrowed range: weights from 1 down to almost nothing
            top = Range.top(rng.uniform(5, 100))
            factors = np.random.default_rng(rng.randrange(2**32)).random(len(top)) ** 12
            opponents.append(top.reweighted(np.maximum(factors, 1e-12)))
        else:
            opponents.append(Range.parse("AA,KK,QQ,JJ,AKs,AQs,KQs,T9s:0.5"))
    return hero, opponents, board, rng.randrange(2**32)


def test_the_kernels_monte_carlo_is_the_numpy_one() -> None:
    rng = random.Random(30)
    for _ in range(40):
        hero, opponents, board, seed = _spot(rng)
        try:
            with kernel.disabled():
                slow = equity(hero, opponents, board, sims=3_000, seed=seed, exact=False)
        except ValueError:  # ranges that cannot fit together with these cards
            continue
        fast: EquityResult = equity(hero, opponents, board, sims=3_000, seed=seed, exact=False)
        assert fast == slow


def test_the_kernel_refuses_ranges_that_never_fit_as_numpy_does() -> None:
    """Two opponents who can only hold the same two cards: both paths give up alike."""
    both = Range.parse("AsKs")
    with pytest.raises(ValueError, match="never fit"):
        equity([0, 1], [both, both], sims=500, seed=1, exact=False)
    with kernel.disabled(), pytest.raises(ValueError, match="never fit"):
        equity([0, 1], [both, both], sims=500, seed=1, exact=False)


def test_the_kernels_exact_enumeration_is_the_numpy_one() -> None:
    rng = random.Random(31)
    checked = 0
    for _ in range(120):
        hero, opponents, board, _seed = _spot(rng)
        if len(board) < 3:
            board = [c for c in rng.sample(range(52), 9) if c not in hero][:4]
        try:
            with kernel.disabled():
                slow = equity(hero, opponents[:2], board, sims=1, exact=None)
        except ValueError:
            continue
        if not slow.exact:
            continue
        assert equity(hero, opponents[:2], board, sims=1, exact=None) == slow
        checked += 1
    assert checked >= 20


def test_the_kernels_draw_pool_is_the_numpy_one() -> None:
    """The hard draw bot's pool: every array of the classification, bit for bit."""
    from holdem_tui.bots.draw_montecarlo import _deal, classify

    rng = np.random.default_rng(32)
    hands = np.concatenate([_deal([], 60_000, 5, rng), _hands(rng, 20_000, 5).astype(np.int64)])
    fast = classify(hands)
    with kernel.disabled():
        slow = classify(hands)
    for name in ("value", "category", "pair_rank", "drawing", "score", "keep"):
        mine, theirs = getattr(fast, name), getattr(slow, name)
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name


def test_the_draw_pools_deal_is_the_smallest_keys_in_order_on_both_paths() -> None:
    """``_deal`` on both paths: for any dead cards, row count and card count, the cards of
    each row's smallest keys, smallest first (the order is part of the result: hand, then
    draw), and the generator left in the same state."""
    from holdem_tui.bots.draw_montecarlo import _deal

    for seed in range(120):
        spot = np.random.default_rng(seed)
        dead = [int(c) for c in spot.choice(52, int(spot.integers(0, 10)), replace=False)]
        rows, count = int(spot.integers(1, 2500)), int(spot.integers(1, 9))
        fast_rng, slow_rng, keys_rng = (np.random.default_rng(seed + 1) for _ in range(3))
        fast = _deal(dead, rows, count, fast_rng)
        with kernel.disabled():
            slow = _deal(dead, rows, count, slow_rng)
        deck = np.array([c for c in range(52) if c not in dead])
        keys = keys_rng.random((rows, len(deck)))
        expected = deck[np.argsort(keys, axis=1, kind="stable")[:, :count]]
        assert np.array_equal(fast, expected) and np.array_equal(slow, expected), seed
        assert fast_rng.bit_generator.state == slow_rng.bit_generator.state
        assert fast_rng.bit_generator.state == keys_rng.bit_generator.state


def test_the_kernels_deal_breaks_equal_keys_by_deck_order() -> None:
    """Equal keys (about one row in 10^13 from the generator, so made here on purpose, with
    rows where few keys fall low): deck order first, as a stable sort puts them."""
    from holdem_tui.bots.draw_kernel import deal_rows

    rng = np.random.default_rng(5)
    keys = np.round(rng.random((5000, 44)) ** 3, 2)
    keys[::7] = 0.5
    deck = np.arange(100, 144, dtype=np.int64)
    for count in (1, 3, 5, 8):
        expected = deck[np.argsort(keys, axis=1, kind="stable")[:, :count]]
        assert np.array_equal(deal_rows(keys, deck, count), expected), count


def test_the_kernels_draw_pool_picks_are_the_numpy_ones() -> None:
    """Pool hands drawn by weight: the same hands and the generator left in the same state,
    for flat, sparse, rounded (tied running sums) and single-hand weights."""
    from holdem_tui.bots.draw_montecarlo import _pick, build_pool

    pool = build_pool([0, 5, 9, 13, 40], 500, np.random.default_rng(3))
    for seed in range(200):
        rng = np.random.default_rng(seed)
        size = int(rng.integers(1, 4000))
        weights = rng.random(size) * (rng.random(size) < rng.random())
        if seed % 5 == 0:
            weights = np.round(weights, 1)
        sims = int(rng.integers(1, 3000))
        fast_rng, slow_rng = np.random.default_rng(seed + 1), np.random.default_rng(seed + 1)
        fast = _pick(pool, weights, sims, fast_rng)
        with kernel.disabled():
            slow = _pick(pool, weights, sims, slow_rng)
        assert fast.dtype == slow.dtype and np.array_equal(fast, slow), seed
        assert fast_rng.bit_generator.state == slow_rng.bit_generator.state


@pytest.mark.parametrize(
    "board",
    ["AcAdAh7s", "7c7d7h7s", "KcKd5h5s", "2h7h9hJh", "2h7h9hJhQh", "AcKcQcJc", "5c6d7h8s9s"],
)
def test_the_kernels_exact_turn_and_river_hold_on_paired_and_suited_boards(board: str) -> None:
    """Boards where a rank is nearly or fully used up (the kernel values only the rank pairs
    two live cards can make) and where flushes decide, against a random hand and a range."""
    from holdem_tui.engine.cards import parse_cards

    cards = [int(c) for c in parse_cards(board)]
    for hero_text in ("AsKs", "QhTh", "8d8c"):
        hero = [int(c) for c in parse_cards(hero_text)]
        if set(hero) & set(cards):
            continue
        free = [c for c in range(52) if c not in cards and c not in hero]
        known_hand = Range.from_combos([(free[0], free[-1])])  # as the simulator asks
        spots: list[list[Range | None]] = [[None], [Range.top(30)], [known_hand]]
        if len(cards) == 5:
            spots.append([None, Range.parse("AA,KK,QJs:0.3")])
        for opponents in spots:
            try:
                with kernel.disabled():
                    slow = equity(hero, opponents, cards, sims=1, exact=True)
            except ValueError:
                continue
            assert equity(hero, opponents, cards, sims=1, exact=True) == slow


def test_the_kernels_runouts_are_the_numpy_ones() -> None:
    """The exact all-in shares (the stats' and the end screen's luck): every board still to
    come valued the same, in the same order, on every street, with dead cards and up to six
    hands, flush-heavy deals included."""
    from holdem_tui.engine.runout import _board_values, runout_shares

    rng = random.Random(47)
    for case in range(60):
        players = rng.choice([2, 2, 3, 6])
        suit = rng.randrange(4)
        pool = [c for c in range(52) if c & 3 == suit] if case % 4 == 0 else list(range(52))
        flushy = rng.sample(pool, min(len(pool), 6))
        cards = flushy + rng.sample([c for c in range(52) if c not in flushy], 16)
        holes = [(cards[2 * i], cards[2 * i + 1]) for i in range(players)]
        board_size = 0 if players == 6 else rng.choice([0, 3, 4, 5])
        rest = cards[2 * players :]
        board, dead = rest[:board_size], rest[board_size : board_size + rng.choice([0, 2])]
        fast = _board_values(holes, board, dead)
        with kernel.disabled():
            slow = _board_values(holes, board, dead)
            groups = [range(players), range(2)]
            slow_shares = runout_shares(holes, board, groups, dead)
        assert fast.dtype == slow.dtype and np.array_equal(fast, slow), (holes, board, dead)
        assert runout_shares(holes, board, groups, dead) == slow_shares


def test_the_kernels_deal_stream_is_the_numpy_one() -> None:
    """Word by word, for keys near the top of the 64-bit range (the sums wrap) and far
    positions: the kernel's ``deal_word`` is ``equity.deal_words``."""
    from holdem_tui.engine import kernel_numba
    from holdem_tui.engine.equity import deal_words

    rng = np.random.default_rng(33)
    for stream in [0, 2**64 - 1, *[int(k) for k in rng.integers(0, 2**64, 20, np.uint64)]]:
        first = int(rng.integers(0, 2**40))
        words = deal_words(np.uint64(stream), first, 3, 4)
        for s in range(3):
            for w in range(4):
                n = np.uint64((first + s) * 4 + w)
                assert kernel_numba.deal_word(np.uint64(stream), n) == words[w, s]


def test_the_kernels_monte_carlo_is_the_numpy_one_on_many_seeds() -> None:
    """Three hundred seeds, random opponents on every street (1 to 8 of them, dead cards),
    a third of the boards of one suit (the kernel finds flushes by bit masks, numpy by the
    suit's count), run lengths across the chunk boundary: the same counts, the same result."""
    rng = random.Random(34)
    for seed in range(300):
        cards = rng.sample(range(52), 9)
        if seed % 3 == 0:  # hero and the board from one suit's thirteen cards
            cards = rng.sample(range(rng.randrange(4), 52, 4), 7) + cards[:2]
            cards = list(dict.fromkeys(cards))[:9]
        hero, board = cards[:2], cards[2 : 2 + rng.choice([0, 3, 4])]
        dead = cards[7 : 7 + rng.choice([0, 0, 2])]
        opponents = rng.randint(1, 8)
        sims = rng.choice([1, 7, 500, 2_000, 8_193]) if seed % 10 else 17_000
        with kernel.disabled():
            slow = equity(hero, opponents, board, dead, sims=sims, seed=seed, exact=False)
        fast = equity(hero, opponents, board, dead, sims=sims, seed=seed, exact=False)
        assert fast == slow, seed
