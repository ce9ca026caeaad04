"""Standard high poker hands: best five of five, six or seven cards, as one comparable integer.

Every five-card hand falls into one of 7,462 equivalence classes; :func:`hand_value` maps a hand
to its class as an ``int`` in 1..7462 (higher wins, equal values split the pot), so showdown,
bots and Monte Carlo all compare plain integers. Suits never rank and A-2-3-4-5 is the lowest
straight, as in both hold'em and five-card draw.

Speed comes from lookup tables built once at import with numpy (about 0.1 s on top of
numpy's own import):

* Non-flush part. Each rank has a key such that the key sum over a rank multiset is unique
  per multiset (Kenneth Shackleton's SKPokerEval keys; uniqueness is asserted when the tables
  are built). For seven cards a dense ``uint16`` table indexed by the sum (7.8 M entries,
  15.6 MB) gives the best non-flush value; five- and six-card sums are unique within their
  size but not across sizes, so those use a sorted array and ``searchsorted``.
* Flush part. Each card also carries ``1 << 3*suit``; above bit 23 of the same ``uint64``
  key sum the four 3-bit suit counts accumulate, and a 4,096-entry table names the suit with
  five or more cards. Only those hands build a 13-bit mask of that suit's ranks for the
  8,192-entry flush table. The best hand is ``max(non-flush, flush)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.engine.cards import Card, card

__all__ = [
    "NUM_VALUES",
    "Category",
    "HandRank",
    "best_five",
    "category_of",
    "evaluate",
    "evaluate7_batch",
    "evaluate_batch",
    "hand_value",
]


class Category(IntEnum):
    """Hand categories in ascending strength, so categories compare like the hands they name."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


@dataclass(frozen=True, slots=True)
class HandRank:
    """Everything showdown display needs about one made hand, computed once.

    ``value`` alone decides who wins (1..7462, higher is better); the rest is for people:
    ``cards`` are the five cards that make the hand, most important first, and
    ``name_key``/``name_ranks`` let the UI say "Two pair, kings and fives" in any language
    without re-deriving the hand.
    """

    value: int
    category: Category
    cards: tuple[Card, ...]
    name_key: str
    name_ranks: tuple[int, ...]

    def __lt__(self, other: HandRank) -> bool:
        return self.value < other.value

    def __le__(self, other: HandRank) -> bool:
        return self.value <= other.value

    def __gt__(self, other: HandRank) -> bool:
        return self.value > other.value

    def __ge__(self, other: HandRank) -> bool:
        return self.value >= other.value


NUM_VALUES: Final = 7462

_NAME_KEYS: Final[dict[Category, str]] = {
    Category.HIGH_CARD: "high_card",
    Category.PAIR: "pair",
    Category.TWO_PAIR: "two_pair",
    Category.THREE_OF_A_KIND: "three_of_a_kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full_house",
    Category.FOUR_OF_A_KIND: "four_of_a_kind",
    Category.STRAIGHT_FLUSH: "straight_flush",
}
#: every five-card hand's name key (``hand.<key>`` in the locales), weakest first
HAND_NAME_KEYS: Final = tuple(_NAME_KEYS.values())

#: Per-rank keys whose sums are unique per rank multiset of a given size (SKPokerEval).
RANK_KEYS: Final[tuple[int, ...]] = (
    0,
    1,
    5,
    22,
    98,
    453,
    2031,
    8698,
    22854,
    83661,
    262349,
    636345,
    1479181,
)
_RANK_BITS: Final = 23  # 7 * max key = 10,354,267 < 2**24, but any 7-card sum < 2**23
_RANK_MASK: Final = (1 << _RANK_BITS) - 1

ACE: Final = 12


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with this top card, highest first (wheel: 5-4-3-2-A)."""
    if top == 3:
        return (3, 2, 1, 0, ACE)
    return tuple(range(top, top - 5, -1))


def _straight_mask(top: int) -> int:
    return sum(1 << r for r in _straight_ranks(top))


_STRAIGHT_TOP_BY_MASK: Final[dict[int, int]] = {_straight_mask(t): t for t in range(3, 13)}


def _build_classes() -> list[tuple[Category, tuple[int, ...], tuple[int, ...]]]:
    """All 7,462 classes as (category, significant ranks, the five ranks in display order).

    Sorting by (category, significant ranks) is exactly poker order, which gives the values.
    """
    out: list[tuple[Category, tuple[int, ...], tuple[int, ...]]] = []
    ranks = range(13)
    for top in range(3, 13):
        five = _straight_ranks(top)
        out.append((Category.STRAIGHT_FLUSH, (top,), five))
        out.append((Category.STRAIGHT, (top,), five))
    for q in ranks:
        for k in ranks:
            if k != q:
                out.append((Category.FOUR_OF_A_KIND, (q, k), (q,) * 4 + (k,)))
                out.append((Category.FULL_HOUSE, (q, k), (q,) * 3 + (k,) * 2))
    for combo in itertools.combinations(range(12, -1, -1), 5):
        if sum(1 << r for r in combo) in _STRAIGHT_TOP_BY_MASK:
            continue
        out.append((Category.FLUSH, combo, combo))
        out.append((Category.HIGH_CARD, combo, combo))
    for t in ranks:
        others = [r for r in range(12, -1, -1) if r != t]
        for k1, k2 in itertools.combinations(others, 2):
            out.append((Category.THREE_OF_A_KIND, (t, k1, k2), (t, t, t, k1, k2)))
        for k1, k2, k3 in itertools.combinations(others, 3):
            out.append((Category.PAIR, (t, k1, k2, k3), (t, t, k1, k2, k3)))
    for hi, lo in itertools.combinations(range(12, -1, -1), 2):
        for k in range(13):
            if k not in (hi, lo):
                out.append((Category.TWO_PAIR, (hi, lo, k), (hi, hi, lo, lo, k)))
    out.sort(key=lambda c: (c[0], c[1]))
    if len(out) != NUM_VALUES:  # pragma: no cover - a construction bug
        raise AssertionError(f"expected {NUM_VALUES} classes, built {len(out)}")
    return out


_CLASSES: Final = _build_classes()
#: value -> category / display ranks (index 0 unused)
_CATEGORY_OF_VALUE: Final[tuple[Category, ...]] = (Category.HIGH_CARD, *(c[0] for c in _CLASSES))
_FIVE_RANKS_OF_VALUE: Final[tuple[tuple[int, ...], ...]] = ((), *(c[2] for c in _CLASSES))
_CATEGORY_ARRAY: Final = np.array(_CATEGORY_OF_VALUE, dtype=np.uint8)
_CATEGORY_FLOOR: Final[tuple[int, ...]] = tuple(
    min(v for v in range(1, NUM_VALUES + 1) if _CATEGORY_OF_VALUE[v] == cat) for cat in Category
)


def _build_tables() -> tuple[
    npt.NDArray[np.uint16],
    dict[int, npt.NDArray[np.int64]],
    dict[int, npt.NDArray[np.uint16]],
    npt.NDArray[np.uint16],
]:
    """Non-flush tables for 5, 6 and 7 cards and the 8,192-entry flush table."""
    keys = np.array(RANK_KEYS, dtype=np.int64)
    five_sums: list[int] = []
    five_vals: list[int] = []
    flush = np.zeros(1 << 13, dtype=np.uint16)
    for value, (cat, _, five) in enumerate(_CLASSES, start=1):
        if cat in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            flush[sum(1 << r for r in five)] = value
        else:
            five_sums.append(sum(RANK_KEYS[r] for r in five))
            five_vals.append(value)
    # Flush masks of 6 and 7 ranks: best of the masks with one rank removed.
    for mask in sorted(range(1 << 13), key=int.bit_count):
        if mask.bit_count() > 5:
            flush[mask] = max(flush[mask & ~(1 << r)] for r in range(13) if mask >> r & 1)

    sums: dict[int, npt.NDArray[np.int64]] = {}
    vals: dict[int, npt.NDArray[np.uint16]] = {}
    order = np.argsort(np.array(five_sums))
    sums[5] = np.array(five_sums, dtype=np.int64)[order]
    vals[5] = np.array(five_vals, dtype=np.uint16)[order]
    if len(np.unique(sums[5])) != len(sums[5]):  # pragma: no cover
        raise AssertionError("rank keys collide on five cards")
    for n in (6, 7):
        combos = np.array(
            list(itertools.combinations_with_replacement(range(13), n)), dtype=np.int64
        )
        counts = np.zeros((len(combos), 13), dtype=np.int64)
        for col in range(n):
            np.add.at(counts, (np.arange(len(combos)), combos[:, col]), 1)
        counts = counts[counts.max(axis=1) <= 4]
        s = counts @ keys
        best = np.zeros(len(s), dtype=np.uint16)
        prev_sums, prev_vals = sums[n - 1], vals[n - 1]
        for r in range(13):
            has = counts[:, r] > 0
            sub = s[has] - keys[r]
            pos = np.searchsorted(prev_sums, sub)
            if not np.array_equal(prev_sums[pos], sub):  # pragma: no cover
                raise AssertionError("rank key table is inconsistent")
            best[has] = np.maximum(best[has], prev_vals[pos])
        order = np.argsort(s)
        sums[n], vals[n] = s[order], best[order]
        if len(np.unique(sums[n])) != len(sums[n]):  # pragma: no cover
            raise AssertionError(f"rank keys collide on {n} cards")
    dense7 = np.zeros(int(sums[7][-1]) + 1, dtype=np.uint16)
    dense7[sums[7]] = vals[7]
    return dense7, sums, vals, flush


_NONFLUSH7, _SORTED_SUMS, _SORTED_VALS, _FLUSH = _build_tables()
#: card code -> rank key | suit counter << 23, so one uint64 sum carries both
CARD_KEYS: Final = np.array(
    [RANK_KEYS[c >> 2] | (1 << (_RANK_BITS + 3 * (c & 3))) for c in range(52)], dtype=np.uint64
)
#: 12-bit suit-count sum -> the suit holding five or more cards, or -1
_FLUSH_SUIT: Final = np.full(1 << 12, -1, dtype=np.int8)
for _key in range(1 << 12):
    for _suit in range(4):
        if (_key >> (3 * _suit)) & 7 >= 5:
            _FLUSH_SUIT[_key] = _suit

# Plain-Python mirrors for the scalar path (list/memoryview indexing beats numpy scalars).
_CARD_KEYS_PY: Final[tuple[int, ...]] = tuple(int(k) for k in CARD_KEYS)
_FLUSH_SUIT_PY: Final[tuple[int, ...]] = tuple(int(s) for s in _FLUSH_SUIT)
_FLUSH_PY: Final[tuple[int, ...]] = tuple(int(v) for v in _FLUSH)
_NONFLUSH7_PY: Final[memoryview] = _NONFLUSH7.data
_NONFLUSH_SMALL_PY: Final[dict[int, dict[int, int]]] = {
    n: dict(zip(_SORTED_SUMS[n].tolist(), _SORTED_VALS[n].tolist(), strict=True)) for n in (5, 6)
}


def _check_cards(cards: Sequence[int]) -> None:
    n = len(cards)
    if not 5 <= n <= 7:
        raise ValueError(f"a hand needs 5 to 7 cards, got {n}")
    seen = 0
    for c in cards:
        if not isinstance(c, int | np.integer) or isinstance(c, bool) or not 0 <= c < 52:
            raise ValueError(f"not a card code: {c!r}")
        bit = 1 << int(c)
        if seen & bit:
            raise ValueError(f"duplicate card: {card(int(c))}")
        seen |= bit


def hand_value(cards: Sequence[int]) -> int:
    """The value (1..7462) of the best five of 5, 6 or 7 cards: the fast path for showdowns.

    Raises ``ValueError`` on a wrong count, a non-card or a duplicate, because a silently
    wrong value would settle a pot wrongly.
    """
    _check_cards(cards)
    total = 0
    for c in cards:
        total += _CARD_KEYS_PY[c]
    rank_sum = total & _RANK_MASK
    n = len(cards)
    value = _NONFLUSH7_PY[rank_sum] if n == 7 else _NONFLUSH_SMALL_PY[n][rank_sum]
    suit = _FLUSH_SUIT_PY[total >> _RANK_BITS]
    if suit >= 0:
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        value = max(value, _FLUSH_PY[mask])
    return int(value)


def category_of(value: int) -> Category:
    """The category of a value, for bots and the UI that hold only the integer."""
    if not 1 <= value <= NUM_VALUES:
        raise ValueError(f"not a hand value: {value!r}")
    return _CATEGORY_OF_VALUE[value]


def category_floor(category: Category) -> int:
    """The lowest value in a category, so callers can test "flush or better" with one ``>=``."""
    return _CATEGORY_FLOOR[category]


def evaluate(cards: Sequence[int]) -> HandRank:
    """Full detail of the best hand of 5, 6 or 7 cards, for showdown display and histories.

    Slower than :func:`hand_value` because it also picks the five cards and the name.
    """
    value = hand_value(cards)
    category = _CATEGORY_OF_VALUE[value]
    five_ranks = _FIVE_RANKS_OF_VALUE[value]
    pool = sorted((int(c) for c in cards), reverse=True)  # spades first among equal ranks
    chosen: list[Card] = []
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = max(range(4), key=lambda s: sum(1 for c in pool if c & 3 == s))
        chosen = [card(r * 4 + suit) for r in five_ranks]
    else:
        for r in five_ranks:
            pick = next(c for c in pool if c >> 2 == r)
            pool.remove(pick)
            chosen.append(card(pick))
    name_key = _NAME_KEYS[category]
    name_ranks: tuple[int, ...]
    if category is Category.STRAIGHT_FLUSH and five_ranks[0] == ACE:
        name_key, name_ranks = "royal_flush", ()
    elif category is Category.TWO_PAIR:
        name_ranks = (five_ranks[0], five_ranks[2])
    elif category is Category.FULL_HOUSE:
        name_ranks = (five_ranks[0], five_ranks[3])
    else:
        name_ranks = (five_ranks[0],)
    return HandRank(value, category, tuple(chosen), name_key, name_ranks)


def best_five(cards: Sequence[int]) -> tuple[Card, ...]:
    """The five cards that make the best hand, most important first (for highlighting)."""
    return evaluate(cards).cards


def _as_card_array(
    cards: npt.ArrayLike, sizes: tuple[int, ...], validate: bool
) -> npt.NDArray[np.integer]:
    arr = np.asarray(cards)
    if arr.ndim != 2 or arr.shape[1] not in sizes:
        raise ValueError(f"expected shape (N, k) with k in {sizes}, got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise ValueError(f"card codes must be integers, got dtype {arr.dtype}")
    if validate and arr.size:
        if int(arr.min()) < 0 or int(arr.max()) > 51:
            raise ValueError("card codes must be in 0..51")
        ored = np.zeros(arr.shape[0], dtype=np.uint64)
        added = np.zeros(arr.shape[0], dtype=np.uint64)
        ones = np.uint64(1)
        for col in range(arr.shape[1]):
            bit = ones << arr[:, col].astype(np.uint64)
            ored |= bit
            added += bit
        if np.any(ored != added):  # distinct powers of two add without carries
            raise ValueError("a hand contains the same card twice")
    return arr


_CHUNK: Final = 1 << 15


def _values_from_sums(
    total: npt.NDArray[np.uint64], rows: npt.NDArray[np.integer], n: int
) -> npt.NDArray[np.uint16]:
    """Values for one chunk, given the uint64 key sums and the (M, n) card codes."""
    rank_sum = total & np.uint64(_RANK_MASK)
    out: npt.NDArray[np.uint16]
    if n == 7:
        out = _NONFLUSH7[rank_sum]
    else:
        pos = np.searchsorted(_SORTED_SUMS[n], rank_sum.astype(np.int64))
        out = _SORTED_VALS[n][pos]
    suit = _FLUSH_SUIT[total >> np.uint64(_RANK_BITS)]
    hits = np.flatnonzero(suit >= 0)
    if hits.size:
        sub = rows[hits].astype(np.int32)
        in_suit = (sub & 3) == suit[hits, None]
        mask = np.where(in_suit, np.left_shift(1, sub >> 2), 0).sum(axis=1)
        out[hits] = np.maximum(out[hits], _FLUSH[mask])
    return out


def values_from_key_sums(
    total: npt.NDArray[np.uint64], cards: npt.NDArray[np.integer]
) -> npt.NDArray[np.uint16]:
    """Values of 7-card hands whose :data:`CARD_KEYS` sums the caller already has.

    The hard bot's range model adds each hole pair's keys to a board sum computed once per
    run-out; this finishes the job. ``cards`` are the same hands as ``(N, 7)`` codes, read
    only for flush hands.
    """
    values: npt.NDArray[np.uint16] = _values_from_sums(total, cards, 7)
    return values


def evaluate_batch(cards: npt.ArrayLike, *, validate: bool = True) -> npt.NDArray[np.uint16]:
    """Values of many hands at once: ``(N, k)`` card codes, k in 5..7, to ``(N,)`` uint16.

    The Monte Carlo path. ``validate`` checks codes and duplicates (a few percent of the
    time); internal callers that dealt the cards themselves pass ``False``.
    """
    arr = _as_card_array(cards, (5, 6, 7), validate)
    n_rows, n = arr.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for start in range(0, n_rows, _CHUNK):
        rows = arr[start : start + _CHUNK]
        total = CARD_KEYS[rows[:, 0]] + CARD_KEYS[rows[:, 1]]
        for col in range(2, n):
            total += CARD_KEYS[rows[:, col]]
        out[start : start + _CHUNK] = _values_from_sums(total, rows, n)
    return out


def evaluate7_batch(cards: npt.ArrayLike, *, validate: bool = True) -> npt.NDArray[np.uint16]:
    """Values of ``(N, 7)`` hold'em hands (two hole cards plus the board) as ``(N,)`` uint16."""
    arr = _as_card_array(cards, (7,), validate)
    values: npt.NDArray[np.uint16] = evaluate_batch(arr, validate=False)
    return values
