"""All-in equity of every starting-hand class against every other, computed exactly.

The push-or-fold chart (:mod:`holdem_tui.bots.pushfold`) needs the equity of each of the
169 starting-hand classes against each other when all the chips go in before the flop.
The table is computed once by exact enumeration, shipped with the package
(``bots/data/preflop_equity.npz``), and regenerated with ``python scripts/pushfold_data.py``.

**Exact, and cheap enough for one run on a laptop.** Naively the table takes every pair of
disjoint hole-card combos (812,175) times every board of the 48 cards left (1,712,304),
1.4·10¹² showdowns. Two facts cut that to about 1.5·10⁸ hand evaluations:

* Equity between *classes* does not change when the four suits are renamed, so one board of
  each suit-pattern stands for all boards with that pattern (weighted by how many there
  are): 2,598,960 boards are 134,459 patterns.
* On one board every hand has one value. Sorting the 1,081 hands that fit beside it and
  running a cumulative count per class gives, for every hand at once, how many hands of each
  class it beats and ties; the hands that share a card with it (it cannot meet them) are
  then taken back out. So a board costs one evaluation per hand and a few numpy passes over
  a 1,081 × 169 array, instead of 1,081² comparisons.

Ties count half, so ``E[a, b] + E[b, a] == 1`` exactly. Classes are indexed on the usual
13 × 13 grid (:func:`class_index`): a pair on the diagonal, suited hands with the higher
rank as the row, offsuit hands with the higher rank as the column.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.engine.cards import RANK_CHARS
from holdem_tui.engine.evaluator import CARD_KEYS, values_from_key_sums

#: the number of starting-hand classes (13 pairs, 78 suited, 78 offsuit)
CLASSES: Final = 169
#: the shipped table, inside the package
DATA_FILE: Final = "preflop_equity.npz"


def class_index(rank_a: int, rank_b: int, suited: bool) -> int:
    """The grid index of a starting-hand class from its two ranks (0 = deuce .. 12 = ace)."""
    high, low = max(rank_a, rank_b), min(rank_a, rank_b)
    if high == low:
        return high * 13 + high
    return high * 13 + low if suited else low * 13 + high


def class_of_cards(card_a: int, card_b: int) -> int:
    """The grid index of the class two hole cards belong to."""
    return class_index(card_a >> 2, card_b >> 2, (card_a & 3) == (card_b & 3))


def class_name(index: int) -> str:
    """``AA``, ``AKs`` or ``AKo`` for a grid index."""
    row, col = divmod(index, 13)
    if row == col:
        return RANK_CHARS[row] * 2
    high, low = max(row, col), min(row, col)
    return RANK_CHARS[high] + RANK_CHARS[low] + ("s" if row > col else "o")


def class_combos(index: int) -> int:
    """How many two-card combos make the class: 6 for a pair, 4 suited, 12 offsuit."""
    row, col = divmod(index, 13)
    return 6 if row == col else (4 if row > col else 12)


#: every two-card combo, higher card first, and its class
HANDS: Final = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)[:, ::-1]
HAND_CLASS: Final = np.array([class_of_cards(int(a), int(b)) for a, b in HANDS], dtype=np.int64)


def pair_weights() -> npt.NDArray[np.float64]:
    """How many disjoint combo pairs each class pair has (card removal between two hands).

    ``W[a, b] / W.sum()`` is the chance that two players are dealt classes ``a`` and ``b``.
    """
    per_class = np.bincount(HAND_CLASS, minlength=CLASSES).astype(np.float64)
    weights = np.zeros((CLASSES, CLASSES))
    for hand, mates in enumerate(_conflicts()):
        weights[HAND_CLASS[hand]] += per_class - np.bincount(HAND_CLASS[mates], minlength=CLASSES)
    return weights


@functools.cache
def _conflicts() -> npt.NDArray[np.int64]:
    """For each combo, the 101 combos sharing a card with it (itself included)."""
    index = {(int(a), int(b)): i for i, (a, b) in enumerate(HANDS)}
    out = np.empty((len(HANDS), 101), dtype=np.int64)
    for i, (a, b) in enumerate(HANDS):
        mates = {index[max(x, c), min(x, c)] for x in (int(a), int(b)) for c in range(52) if c != x}
        out[i] = sorted(mates)
    return out


def board_patterns() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """One board per suit pattern and how many of the 2,598,960 boards share its pattern.

    A board's pattern is the multiset of its four per-suit rank masks: renaming suits
    permutes the masks, so the sorted masks are the same for every board of the pattern.
    """
    boards = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    masks = np.zeros((len(boards), 4), dtype=np.int64)
    for col in range(5):
        card = boards[:, col]
        masks[np.arange(len(boards)), card & 3] |= np.int64(1) << (card >> 2)
    masks.sort(axis=1)
    keys = (masks[:, 0] << 39) | (masks[:, 1] << 26) | (masks[:, 2] << 13) | masks[:, 3]
    _, first, counts = np.unique(keys, return_index=True, return_counts=True)
    return boards[first], counts.astype(np.int64)


def compute_equities(progress: Callable[[int, int], None] | None = None) -> npt.NDArray[np.float64]:
    """The 169 × 169 table of all-in equities, exactly (see the module's note).

    ``progress(done, total)`` is called now and then during the run (minutes on one core).
    """
    boards, weights = board_patterns()
    # every disjoint pair of combos meets on C(48, 5) boards
    meetings = pair_weights() * 1_712_304
    return class_scores(boards, weights, progress) / (2.0 * meetings)


def class_scores(
    boards: npt.NDArray[np.int64],
    weights: npt.NDArray[np.int64],
    progress: Callable[[int, int], None] | None = None,
) -> npt.NDArray[np.float64]:
    """Twice the showdown score of each class against each (2 a win, 1 a tie) over ``boards``,
    each counted ``weights`` times: the counting behind :func:`compute_equities`, which a
    test checks against a direct comparison of every pair of hands on a few boards."""
    conflicts = _conflicts()
    mate_class = HAND_CLASS[conflicts]
    live_count = math.comb(47, 2)  # the combos that fit beside five board cards
    offsets = (np.arange(live_count) * CLASSES)[:, None]
    steps = np.arange(1, live_count + 1)
    hand_keys = CARD_KEYS[HANDS[:, 0]] + CARD_KEYS[HANDS[:, 1]]
    # twice the score (2 per win, 1 per tie) of each combo against each class, over boards
    score = np.zeros((len(HANDS), CLASSES))
    on_board = np.zeros(52, dtype=bool)
    for done, (board, weight) in enumerate(zip(boards, weights, strict=True)):
        if progress is not None and done % 5000 == 0:
            progress(done, len(boards))
        on_board[:] = False
        on_board[board] = True
        live = np.flatnonzero(~(on_board[HANDS[:, 0]] | on_board[HANDS[:, 1]]))
        cards = np.concatenate([HANDS[live], np.broadcast_to(board, (live_count, 5))], axis=1)
        total = hand_keys[live] + CARD_KEYS[board].sum(dtype=np.uint64)
        mine = values_from_key_sums(total, cards).astype(np.int32)
        values = np.full(len(HANDS), -1, dtype=np.int32)
        values[live] = mine
        # per class, how many hands lie below each value and how many at or below it
        order = np.argsort(mine)
        ranked = mine[order]
        running = np.zeros((live_count + 1, CLASSES), dtype=np.int32)
        running[steps, HAND_CLASS[live][order]] = 1
        np.cumsum(running, axis=0, out=running)
        twice = running[np.searchsorted(ranked, mine, "left")]
        twice += running[np.searchsorted(ranked, mine, "right")]
        # the combos sharing a card with a hand (itself too) never meet it: take them out
        mate_values = values[conflicts[live]]
        mate_twice = 2 * (mate_values < mine[:, None]).astype(np.int8)
        mate_twice += mate_values == mine[:, None]
        mate_twice[mate_values < 0] = 0
        flat = (offsets + mate_class[live]).ravel()
        taken = np.bincount(flat, mate_twice.ravel(), live_count * CLASSES)
        score[live] += weight * (twice - taken.reshape(live_count, CLASSES))
    by_class = np.zeros((CLASSES, CLASSES))
    np.add.at(by_class, HAND_CLASS, score)
    return by_class


@functools.cache
def equities() -> npt.NDArray[np.float64]:
    """The shipped 169 × 169 table: ``E[a, b]`` is class ``a``'s all-in share against ``b``."""
    with resources.files("holdem_tui.bots.data").joinpath(DATA_FILE).open("rb") as handle:
        table: npt.NDArray[np.float64] = np.load(handle)["equity"]
    if table.shape != (CLASSES, CLASSES):
        raise ValueError(f"{DATA_FILE}: expected a {CLASSES}x{CLASSES} table")
    table.setflags(write=False)
    return table


def class_counts() -> Sequence[int]:
    """Combos per class, by grid index."""
    return [class_combos(i) for i in range(CLASSES)]
