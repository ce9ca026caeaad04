"""Standard high poker hands: best five of five, six or seven cards, as one comparable integer.

Every five-card hand falls into one of 7,462 equivalence classes; :func:`hand_value` maps a hand
to its class as an ``int`` in 1..7462 (higher wins, equal values split the pot), so showdown,
bots and Monte Carlo all compare plain integers. Suits never rank and A-2-3-4-5 is the lowest
straight, as in both hold'em and five-card draw.

Each card carries a key: its rank's key (sums over a rank multiset are unique per multiset of
a given size, Kenneth Shackleton's SKPokerEval keys) plus ``1 << 3*suit`` above bit 23, so
one integer sum gives both the rank multiset and the four suit counts. The rank sum indexes
the best non-flush value (a dense 7.8 M-entry ``uint16`` table for seven cards, dicts for
five and six); only when a suit has five or more cards does a 13-bit mask of that suit's
ranks index the 8,192-entry flush table. The best hand is ``max(non-flush, flush)``.

Nothing is built when this module is imported: the tables ship precomputed
(:mod:`holdem_tui.engine.hand_value_data`, made by :mod:`~holdem_tui.engine.hand_value_tables`)
and are unpacked on the first evaluation, without numpy for single hands (a game's first
frame imports neither numpy nor the tables). Batches of hands go through numpy, or through
the compiled kernel of the ``fast`` extra when it is installed (:mod:`holdem_tui.engine.kernel`),
with the same values either way.
"""

from __future__ import annotations

import base64
import itertools
import sys
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from holdem_tui.engine import kernel
from holdem_tui.engine.cards import Card, card

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    #: card code -> rank key | suit counter << 23 as ``uint64`` (numpy callers sum these)
    CARD_KEYS: npt.NDArray[np.uint64]

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
    "hand_value_trusted",
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
#: the four 3-bit suit counters sit above the rank sum
_SUIT_MASK: Final = (1 << 12) - 1
#: the checked keys also carry the card's own bit from here up: distinct cards add without a
#: carry, so a repeated card shows as fewer bits than cards
_CARD_BIT: Final = 36
#: the perfect hash's rows (hand_value_tables.HASH_SHIFT; the tests compare them)
_HASH_SHIFT: Final = 10

ACE: Final = 12

#: the lowest value of each category (checked against the classes by the tests)
_CATEGORY_FLOOR: Final[tuple[int, ...]] = (1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453)
_CATEGORIES: Final = tuple(Category)

#: card code -> rank key | suit counter << 23
_CARD_KEYS_PY: Final[tuple[int, ...]] = tuple(
    RANK_KEYS[c >> 2] | (1 << (_RANK_BITS + 3 * (c & 3))) for c in range(52)
)
#: the same with the card's bit, for the checked path (a non-card is a missing key)
_CHECKED_KEYS: Final[dict[int, int]] = {
    c: key | (1 << (_CARD_BIT + c)) for c, key in enumerate(_CARD_KEYS_PY)
}


def _straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with this top card, highest first (wheel: 5-4-3-2-A)."""
    if top == 3:
        return (3, 2, 1, 0, ACE)
    return tuple(range(top, top - 5, -1))


def _straight_mask(top: int) -> int:
    return sum(1 << r for r in _straight_ranks(top))


_STRAIGHT_TOP_BY_MASK: Final[dict[int, int]] = {_straight_mask(t): t for t in range(3, 13)}


def build_classes() -> list[tuple[Category, tuple[int, ...], tuple[int, ...]]]:
    """All 7,462 classes as (category, significant ranks, the five ranks in display order).

    Sorting by (category, significant ranks) is exactly poker order, which gives the values
    (``classes[value - 1]``); the display ranks name a showdown, the tables are built from it.
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


# ---------------------------------------------------------------- the tables, on first use


class _Unloaded:
    """Stands in for a table until the first evaluation, which loads them all.

    Loading rebinds the module's table names to the real tables, so the hot path indexes a
    plain ``array`` or ``dict`` with no "is it loaded?" test of its own.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, index: int) -> int:
        _load()
        table: Any = globals()[self.name]
        return int(table[index])


#: 7-card rank sum -> best non-flush value (a dense ``uint16`` array, 15.6 MB)
_NONFLUSH7: array[int] | _Unloaded = _Unloaded("_NONFLUSH7")
#: 5- and 6-card rank sum -> best non-flush value
_NONFLUSH6: dict[int, int] | _Unloaded = _Unloaded("_NONFLUSH6")
_NONFLUSH5: dict[int, int] | _Unloaded = _Unloaded("_NONFLUSH5")
#: 12-bit suit-count sum -> the suit holding five or more cards, or -1
_FLUSH_SUIT: tuple[int, ...] | _Unloaded = _Unloaded("_FLUSH_SUIT")
#: 13-bit mask of one suit's ranks -> best flush value (0: fewer than five)
_FLUSH: array[int] | _Unloaded = _Unloaded("_FLUSH")
#: everything as shipped (numpy_tables reads the perfect hash from it)
_SHIPPED: _Shipped | None = None


@dataclass(frozen=True, slots=True)
class _Shipped:
    """The shipped tables as arrays (see :mod:`holdem_tui.engine.hand_value_tables`)."""

    flush: array[int]
    sums: dict[int, array[int]]  # per size, sorted
    values: dict[int, array[int]]
    hash_rows: array[int]  # the perfect hash of 7-card sums, for batches
    hash_values: array[int]


def _unpacked() -> _Shipped:
    """The shipped tables: flush, per size the sorted sums and their values, the hash."""
    from holdem_tui.engine.hand_value_data import DATA

    raw = memoryview(zlib.decompress(base64.b64decode(DATA)))
    swap = sys.byteorder != "little"

    def take(kind: str, count: int) -> array[int]:
        nonlocal raw
        out = array(kind)
        size = out.itemsize * count
        out.frombytes(raw[:size])
        raw = raw[size:]
        if swap:  # pragma: no cover - big-endian machines
            out.byteswap()
        return out

    flush = take("H", 1 << 13)
    sums: dict[int, array[int]] = {}
    values: dict[int, array[int]] = {}
    for n in (5, 6, 7):
        (count,) = take("I", 1)
        sums[n] = array("I", itertools.accumulate(take("I", count)))
        values[n] = take("H", count)
    (count,) = take("I", 1)
    hash_rows = take("i", count)
    (count,) = take("I", 1)
    return _Shipped(flush, sums, values, hash_rows, take("H", count))


@cache
def _load() -> None:
    """Unpack the shipped tables (a few milliseconds) and put them in place."""
    global _NONFLUSH7, _NONFLUSH6, _NONFLUSH5, _FLUSH_SUIT, _FLUSH, _SHIPPED
    _SHIPPED = shipped = _unpacked()
    flush, sums, values = shipped.flush, shipped.sums, shipped.values
    dense = array("H", bytes(2 * (sums[7][-1] + 1)))
    for total, value in zip(sums[7], values[7], strict=True):
        dense[total] = value
    suits = [-1] * (1 << 12)
    for key in range(1 << 12):
        for suit in range(4):
            if (key >> (3 * suit)) & 7 >= 5:
                suits[key] = suit
    _NONFLUSH5 = dict(zip(sums[5], values[5], strict=True))
    _NONFLUSH6 = dict(zip(sums[6], values[6], strict=True))
    _FLUSH_SUIT = tuple(suits)
    _FLUSH = flush
    _NONFLUSH7 = dense


# ---------------------------------------------------------------- one hand


def _checked(cards: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``cards`` are 5 to 7 distinct card codes (0..51).

    Any value equal to a card code counts as that card (``Card``, numpy integers).
    """
    n = len(cards)
    if not 5 <= n <= 7:
        raise ValueError(f"a hand needs 5 to 7 cards, got {n}")
    keys = _CHECKED_KEYS
    total = 0
    try:
        for c in cards:
            total += keys[c]
    except (KeyError, TypeError):
        raise ValueError(f"not a card code in {list(cards)!r}") from None
    if (total >> _CARD_BIT).bit_count() != n:
        raise ValueError(f"duplicate card in {[str(card(int(c))) for c in cards]}")


def hand_value(cards: Sequence[int]) -> int:
    """The value (1..7462) of the best five of 5, 6 or 7 cards: the fast path for showdowns.

    Raises ``ValueError`` on a wrong count, a non-card or a duplicate, because a silently
    wrong value would settle a pot wrongly. Code that dealt the cards itself calls
    :func:`hand_value_trusted`, which skips the check.
    """
    _checked(cards)
    return hand_value_trusted(cards)


def hand_value_trusted(cards: Sequence[int]) -> int:
    """:func:`hand_value` without the check of the cards: for cards the caller dealt.

    A wrong input gives a wrong value or an ``IndexError``, never a refusal, so only code
    that knows its cards are 5 to 7 distinct codes may call it (the hot paths: showdown,
    the bots, the simulator).
    """
    keys = _CARD_KEYS_PY
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        total = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
        value = _NONFLUSH7[total & _RANK_MASK]
    else:
        total = 0
        for x in cards:
            total += keys[x]
        value = (_NONFLUSH6 if len(cards) == 6 else _NONFLUSH5)[total & _RANK_MASK]
    suit = _FLUSH_SUIT[total >> _RANK_BITS]
    if suit < 0:
        return value
    mask = 0
    for x in cards:
        if x & 3 == suit:
            mask |= 1 << (x >> 2)
    flush = _FLUSH[mask]
    return flush if flush > value else value


def category_of(value: int) -> Category:
    """The category of a value, for bots and the UI that hold only the integer."""
    if not 1 <= value <= NUM_VALUES:
        raise ValueError(f"not a hand value: {value!r}")
    return _CATEGORIES[bisect_right(_CATEGORY_FLOOR, value) - 1]


def category_floor(category: Category) -> int:
    """The lowest value in a category, so callers can test "flush or better" with one ``>=``."""
    return _CATEGORY_FLOOR[category]


@cache
def _five_ranks_of_value() -> tuple[tuple[int, ...], ...]:
    """value -> the five ranks in display order (index 0 unused), built on first display."""
    return ((), *(five for _, _, five in build_classes()))


def evaluate(cards: Sequence[int]) -> HandRank:
    """Full detail of the best hand of 5, 6 or 7 cards, for showdown display and histories.

    Slower than :func:`hand_value` because it also picks the five cards and the name.
    """
    value = hand_value(cards)
    category = category_of(value)
    five_ranks = _five_ranks_of_value()[value]
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


# ---------------------------------------------------------------- batches (numpy)


@dataclass(frozen=True, slots=True)
class NumpyTables:
    """The tables as read-only numpy arrays, for code that evaluates many hands at once.

    Seven cards go through the perfect hash rather than the single-hand path's dense
    table (two small lookups that stay in a core's cache beat one in 15.6 MB);
    ``sums[n]``/``values[n]`` (5 and 6 cards) are sorted for ``searchsorted``.
    """

    card_keys: npt.NDArray[np.uint64]
    #: 7-card rank sum ``s`` -> best non-flush value ``hash_values[s + hash_rows[s >> 10]]``
    hash_rows: npt.NDArray[np.int64]
    hash_values: npt.NDArray[np.uint16]
    sums: dict[int, npt.NDArray[np.int64]]
    values: dict[int, npt.NDArray[np.uint16]]
    flush_suit: npt.NDArray[np.int8]
    flush: npt.NDArray[np.uint16]


@cache
def numpy_tables() -> NumpyTables:
    """The tables for numpy (imports numpy; loads the tables if no hand was evaluated yet)."""
    import numpy as np

    _load()
    assert isinstance(_FLUSH, array)
    assert isinstance(_NONFLUSH5, dict) and isinstance(_NONFLUSH6, dict)
    assert isinstance(_FLUSH_SUIT, tuple) and _SHIPPED is not None
    small = {5: _NONFLUSH5, 6: _NONFLUSH6}
    tables = NumpyTables(
        card_keys=np.array(_CARD_KEYS_PY, dtype=np.uint64),
        hash_rows=np.array(_SHIPPED.hash_rows, dtype=np.int64),
        hash_values=np.frombuffer(_SHIPPED.hash_values, dtype=np.uint16),
        sums={n: np.fromiter(t.keys(), np.int64, len(t)) for n, t in small.items()},
        values={n: np.fromiter(t.values(), np.uint16, len(t)) for n, t in small.items()},
        flush_suit=np.array(_FLUSH_SUIT, dtype=np.int8),
        flush=np.frombuffer(_FLUSH, dtype=np.uint16),
    )
    arrays: list[np.ndarray[Any, Any]] = [
        tables.card_keys,
        tables.hash_rows,
        tables.hash_values,
        tables.flush_suit,
        tables.flush,
        *tables.sums.values(),
        *tables.values.values(),
    ]
    for value in arrays:
        value.setflags(write=False)
    return tables


@cache
def five_card_hash() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16], npt.NDArray[np.int64]]:
    """For the compiled kernel, five cards as seven go: a perfect hash of the 5-card rank
    sums (rows, values) and the sum each slot holds (-1: none), so a lookup tells a hand's
    sum from a stray one. Built on first use (about 0.1 s, once per process: only bulk work
    turns the kernel on), where a binary search per hand was most of a draw pool's values.
    """
    import numpy as np

    from holdem_tui.engine.hand_value_tables import perfect_hash

    sums = numpy_tables().sums[5]
    rows32, table = perfect_hash(sums, numpy_tables().values[5])
    rows = rows32.astype(np.int64)
    owners = np.full(len(table), -1, dtype=np.int64)
    owners[sums + rows[sums >> _HASH_SHIFT]] = sums
    for value in (rows, table, owners):
        value.setflags(write=False)
    return rows, table, owners


def hashed_values(tables: NumpyTables, rank_sums: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint16]:
    """The best non-flush values of 7-card rank sums, through the perfect hash."""
    import numpy as np

    sums = rank_sums.astype(np.int64)
    values: npt.NDArray[np.uint16] = tables.hash_values[
        sums + tables.hash_rows[sums >> _HASH_SHIFT]
    ]
    return values


def __getattr__(name: str) -> Any:
    """``CARD_KEYS`` on first use (numpy callers sum card keys themselves)."""
    if name == "CARD_KEYS":
        return numpy_tables().card_keys
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _as_card_array(
    cards: npt.ArrayLike, sizes: tuple[int, ...], validate: bool
) -> npt.NDArray[np.integer]:
    import numpy as np

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
    import numpy as np

    tables = numpy_tables()
    rank_sum = total & np.uint64(_RANK_MASK)
    out: npt.NDArray[np.uint16]
    if n == 7:
        out = hashed_values(tables, rank_sum)
    else:
        pos = np.searchsorted(tables.sums[n], rank_sum.astype(np.int64))
        out = tables.values[n][pos]
    suit = tables.flush_suit[total >> np.uint64(_RANK_BITS)]
    hits = np.flatnonzero(suit >= 0)
    if hits.size:
        sub = rows[hits].astype(np.int32)
        in_suit = (sub & 3) == suit[hits, None]
        mask = np.where(in_suit, np.left_shift(1, sub >> 2), 0).sum(axis=1)
        out[hits] = np.maximum(out[hits], tables.flush[mask])
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
    time); internal callers that dealt the cards themselves pass ``False``. With the
    ``fast`` extra the loop is compiled (:mod:`holdem_tui.engine.kernel`), same values.
    """
    import numpy as np

    arr = _as_card_array(cards, (5, 6, 7), validate)
    tables = numpy_tables()
    compiled = kernel.loaded()
    if compiled is not None and arr.size:
        small = 5 if arr.shape[1] == 7 else arr.shape[1]  # unused for seven cards
        values: npt.NDArray[np.uint16] = compiled.evaluate_rows(
            np.ascontiguousarray(arr, dtype=np.uint8),
            tables.card_keys,
            tables.hash_rows,
            tables.hash_values,
            tables.sums[small],
            tables.values[small],
            *five_card_hash(),
            tables.flush_suit,
            tables.flush,
        )
        return values
    keys = tables.card_keys
    n_rows, n = arr.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for start in range(0, n_rows, _CHUNK):
        rows = arr[start : start + _CHUNK]
        total = keys[rows[:, 0]] + keys[rows[:, 1]]
        for col in range(2, n):
            total += keys[rows[:, col]]
        out[start : start + _CHUNK] = _values_from_sums(total, rows, n)
    return out


def evaluate7_batch(cards: npt.ArrayLike, *, validate: bool = True) -> npt.NDArray[np.uint16]:
    """Values of ``(N, 7)`` hold'em hands (two hole cards plus the board) as ``(N,)`` uint16."""
    arr = _as_card_array(cards, (7,), validate)
    values: npt.NDArray[np.uint16] = evaluate_batch(arr, validate=False)
    return values
