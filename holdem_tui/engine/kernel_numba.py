"""The compiled loops of the ``fast`` extra (numba): the same arithmetic as the numpy path.

Imported only through :mod:`holdem_tui.engine.kernel`, and only when numba is installed. Each
function does, hand by hand, what the numpy code does column by column: the same key sums,
the same values, the same picks, and the same per-deal results, which are then reduced in the
same order. So the two paths give the same values bit for bit, and the tests compare them on
large random batches.

The Monte Carlo's range sampling draws from the caller's ``numpy.random.Generator`` (numba
reads the generator's own state and bit generator, so ``rng.random()`` in here is the next
number numpy would give); its deal reads a counter-based stream (:func:`deal_word`), which
costs a few multiplications a word in registers where the generator costs a call a number.

Compiled with ``cache=True``: the first call on a machine compiles (a few seconds, once) and
later processes load the compiled code from numba's cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

numba: Any
try:
    import numba
except ImportError:  # without the fast extra: importable, and never used (kernel.loaded)
    numba = None

_RANK_BITS = 23
_RANK_MASK = (1 << _RANK_BITS) - 1
_HASH_SHIFT = 10
#: 2 in each of the four 3-bit suit counters (``_flush_suit5``)
_PLUS_TWO_EACH = 2 | 2 << 3 | 2 << 6 | 2 << 9
#: SplitMix64's increment and multipliers (:func:`deal_word`)
_GOLDEN = 0x9E3779B97F4A7C15
_MIX_1 = 0xBF58476D1CE4E5B9
_MIX_2 = 0x94D049BB133111EB
#: simulations whose deal words :func:`monte_carlo` makes in one loop
_BLOCK = 256

_F = TypeVar("_F", bound=Callable[..., Any])


def jit(function: _F) -> _F:
    """Compile without the GIL held, cached on disk (compiled once per machine); without
    numba, the function as it is (then never called: :mod:`holdem_tui.engine.kernel`)."""
    if numba is None:
        return function
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


@jit
def _nonflush7(total: Any, hash_rows: Any, hash_values: Any) -> Any:
    """The best non-flush value of a 7-card key sum, through the perfect hash."""
    rank_sum = np.int64(total & _RANK_MASK)
    return hash_values[rank_sum + hash_rows[rank_sum >> _HASH_SHIFT]]


@jit
def _first_at_least(sums: Any, target: Any) -> Any:
    """``np.searchsorted(sums, target)`` (side "left") for one target, written out: numba's
    own takes about 85 ns a call here, a plain bisection a few."""
    low, high = 0, len(sums)
    while low < high:
        middle = (low + high) >> 1
        if sums[middle] < target:
            low = middle + 1
        else:
            high = middle
    return low


@jit
def evaluate_rows(
    cards: Any,
    keys: Any,
    hash_rows: Any,
    hash_values: Any,
    sums: Any,
    values: Any,
    five_rows: Any,
    five_table: Any,
    five_owners: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """Values of ``(N, k)`` hands, k in 5..7 (``sums``/``values``: the k-card table, k < 7;
    ``five_*``: :func:`holdem_tui.engine.evaluator.five_card_hash`)."""
    n_rows, k = cards.shape
    out = np.empty(n_rows, dtype=np.uint16)
    for i in range(n_rows):
        total = np.uint64(0)
        for j in range(k):
            total += keys[cards[i, j]]
        rank_sum = total & np.uint64(_RANK_MASK)
        if k == 7:
            value = _nonflush7(total, hash_rows, hash_values)
        elif k == 5:
            # through the perfect hash when its slot holds this sum, as it does for every
            # hand of five distinct cards; else the bisection, so any input gives what
            # ``searchsorted`` gives (written out here: a call passing the tables costs
            # their reference counts, several times the lookup)
            small = np.int64(rank_sum)
            row = small >> _HASH_SHIFT
            slot = small + five_rows[row] if row < len(five_rows) else -1
            if 0 <= slot < len(five_owners) and five_owners[slot] == small:
                value = five_table[slot]
            else:
                value = values[_first_at_least(sums, small)]
        else:
            value = values[_first_at_least(sums, np.int64(rank_sum))]
        s = flush_suit[total >> np.uint64(_RANK_BITS)]
        if s >= 0:
            mask = 0
            for j in range(k):
                c = cards[i, j]
                if c & 3 == s:
                    mask |= 1 << (c >> 2)
            value = max(value, flush[mask])
        out[i] = value
    return out


@jit
def _with_flush(value: Any, suit: int, board_mask: Any, a: Any, b: Any, flush: Any) -> Any:
    """A 7-card value once the board holds three of ``suit``: the flush when the hole
    cards make five of it (seven cards: a flush beats any non-flush hand), else ``value``."""
    mask = board_mask
    if a & 3 == suit:
        mask |= 1 << (a >> 2)
    if b & 3 == suit:
        mask |= 1 << (b >> 2)
    made = flush[mask]  # 0 for fewer than five cards
    return made if made else value


@jit
def _flush_suit5(total: Any, flush_suit: Any) -> Any:
    """The suit holding three or more of a complete board's five cards (only then can a
    hand make a flush), or -1; ``total`` is the five cards' key sum. Adding two to every
    3-bit suit counter (each holds at most five) makes three the table's five."""
    return flush_suit[(total >> _RANK_BITS) + _PLUS_TWO_EACH]


@jit
def _uniforms_by_column(rng: Any, rows: int, columns: int, out: Any) -> None:
    """``rng.random((rows, columns))`` from numpy's generator (numba draws from its state:
    the same numbers in the same order), stored column by column: element ``[i, j]`` at
    ``out[j * rows + i]``, so each deal reads its numbers side by side."""
    for i in range(rows):
        for j in range(columns):
            out[j * rows + i] = rng.random()


@jit
def _guides(cumulative: Any, lengths: Any, buckets: int) -> Any:
    """Per range, where a search for a target ``u * total`` may start and end.

    ``guide[k, b]`` counts the running sums of range ``k`` that are at most
    ``(b / buckets) * total`` (``buckets`` a power of two, so ``b / buckets`` is exact).
    Rounding is monotonic, so for ``b = floor(u * buckets)`` the target lies between the
    bounds of buckets ``b`` and ``b + 1``: :func:`_searchsorted` only scans that stretch.
    """
    guide = np.empty((len(lengths), buckets + 1), dtype=np.int64)
    for k in range(len(lengths)):
        total = cumulative[k, lengths[k] - 1]
        count = 0
        for b in range(buckets + 1):
            bound = (b / buckets) * total
            while count < lengths[k] and cumulative[k, count] <= bound:
                count += 1
            guide[k, b] = count
    return guide


@jit
def _searchsorted(sums: Any, guide: Any, buckets: int, uniform: float, target: float) -> Any:
    """How many of the running sums are at most ``target`` (``uniform`` times the total):
    numpy's ``searchsorted(side="right")``, scanning only the stretch the guide leaves."""
    b = np.int64(uniform * buckets)
    count = guide[b]
    end = guide[b + 1]
    while count < end and sums[count] <= target:
        count += 1
    return count


@jit
def _sample_ranges(
    rng: Any,
    size: int,
    cumulative: Any,
    lengths: Any,
    combos: Any,
    masks: Any,
    rounds: int,
    out: Any,
) -> bool:
    """``equity._sample_ranges`` hand by hand: per deal one combo of each range, weighted,
    and every deal where two ranges share a card drawn again whole; the same uniform
    numbers in the same order (per round, ``rng.random((ranges, pending))``) and the same
    ``searchsorted`` picks. False when deals still clash after ``rounds`` rounds.

    Range ``k`` has ``lengths[k]`` combos: ``combos[k, i]``, their card masks and the
    running sums of their weights (numpy's ``cumsum``).
    """
    n_ranges = len(lengths)
    buckets = 1
    while buckets < cumulative.shape[1]:
        buckets *= 2
    guide = _guides(cumulative, lengths, buckets)
    pending = np.arange(size)
    uniforms = np.empty(n_ranges * size)
    pick = np.empty(n_ranges, dtype=np.int64)
    for _ in range(rounds):
        n = len(pending)
        _uniforms_by_column(rng, n_ranges, n, uniforms)
        clashed = 0
        for j in range(n):
            used = np.int64(0)
            clash = False
            for k in range(n_ranges):
                last = lengths[k] - 1
                uniform = uniforms[j * n_ranges + k]
                target = uniform * cumulative[k, last]
                count = _searchsorted(cumulative[k], guide[k], buckets, uniform, target)
                pick[k] = min(count, last)
                mask = masks[k, pick[k]]
                if used & mask:
                    clash = True
                used |= mask
            if clash:
                pending[clashed] = pending[j]
                clashed += 1
            else:
                for k in range(n_ranges):
                    out[pending[j], 2 * k] = combos[k, pick[k], 0]
                    out[pending[j], 2 * k + 1] = combos[k, pick[k], 1]
        pending = pending[:clashed]
        if not clashed:
            return True
    return False


@jit
def deal_word(key: Any, n: Any) -> Any:
    """Word ``n`` of the Monte Carlo's deal stream: SplitMix64's output at position ``n``
    after ``key`` (``equity.deal_words`` is the same arithmetic on numpy arrays)."""
    z = key + (n + np.uint64(1)) * np.uint64(_GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_MIX_1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX_2)
    return z ^ (z >> np.uint64(31))


@jit
def monte_carlo(
    rng: Any,
    sims: int,
    chunk: int,
    key: Any,
    deck: Any,
    position: Any,
    n_board: int,
    ranged: Any,
    cumulative: Any,
    lengths: Any,
    combos: Any,
    masks: Any,
    rounds: int,
    hero_a: int,
    hero_b: int,
    board_key: Any,
    board_suits: Any,
    keys: Any,
    hash_rows: Any,
    hash_values: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """``equity._simulate``'s deals, all of them: per ``chunk`` of simulations the ranged
    opponents' cards (:func:`_sample_ranges`, from ``rng``), then per simulation the partial
    Fisher–Yates that deals the board and the random opponents' cards, its picks from the
    deal stream (:func:`deal_word`, two 32-bit halves a word), and the showdown. Returns
    ``(fitted, counts)``: ``counts[0]`` the deals hero wins outright, ``counts[t]`` those
    where hero ties for best with ``t`` opponents; ``fitted`` is False when the ranges never
    fit together (numpy raises there).

    ``ranged`` has one flag per opponent, in seat order (random opponents take the next two
    dealt cards); ``keys`` are the card keys as ``int64``. Each deal first looks up every
    hand's non-flush value (independent loads, which the processor overlaps), then, only
    when the board holds three cards of a suit, the flushes; then the showdown, without a
    branch per opponent.
    """
    n_opp = len(ranged)
    n_range = 2 * len(lengths)
    counts = np.zeros(n_opp + 1, dtype=np.int64)
    picked = np.empty((min(chunk, sims), n_range), dtype=np.int64)
    deal_count = n_board + 2 * (n_opp - len(lengths))
    words = (deal_count + 1) >> 1
    # one deck for all simulations, copied back whole after each (bytes: a few vector moves)
    pristine = deck.astype(np.uint8)
    cards = pristine.copy()
    where = position.copy()
    moved_last = np.empty(n_range, dtype=np.int64)  # per range card: the card put in its place
    values = np.empty(n_opp, dtype=np.int64)
    # a card's bit in a 64-bit mask of 16 bits per suit, rank order: a hand's ranks in one
    # suit are one shift and mask away, so every hand looks for its flush without a branch
    bit = np.empty(52, dtype=np.int64)
    for card in range(52):
        bit[card] = np.int64(1) << (((card & 3) << 4) + (card >> 2))
    board_bits = np.int64(0)
    for s in range(4):
        board_bits |= np.int64(board_suits[s]) << (16 * s)
    hero_key = keys[hero_a] + keys[hero_b]
    hero_bits = bit[hero_a] | bit[hero_b]
    low = np.uint64(0xFFFFFFFF)
    block = np.empty(_BLOCK * words, dtype=np.uint64)
    wins = 0
    for start in range(0, sims, chunk):
        size = min(chunk, sims - start)
        if n_range:
            fitted = _sample_ranges(rng, size, cumulative, lengths, combos, masks, rounds, picked)
            if not fitted:
                return False, counts
        for r in range(size):
            if r % _BLOCK == 0:  # the next block's words in one loop (vector instructions)
                first = np.uint64((start + r) * words)
                for q in range(min(_BLOCK, size - r) * words):
                    block[q] = deal_word(key, first + np.uint64(q))
            live = len(deck)
            for j in range(n_range):  # each range card to the end, out of play
                p = where[picked[r, j]]
                live -= 1
                last = cards[live]
                moved_last[j] = last
                cards[p] = last
                where[last] = p
            for w in range(words):
                word = block[(r % _BLOCK) * words + w]
                for half in range(2):
                    i = 2 * w + half
                    if i < deal_count:
                        bits = (word >> np.uint64(32 * half)) & low
                        pick = i + np.int64((bits * np.uint64(live - i)) >> np.uint64(32))
                        swap = cards[pick]
                        cards[pick] = cards[i]
                        cards[i] = swap
            total = board_key
            board = board_bits
            for i in range(n_board):
                c = np.int64(cards[i])
                total += keys[c]
                board |= bit[c]
            # the suit a flush can be in (else suit 0, where no hand holds five: 0 below)
            shift = max(_flush_suit5(total, flush_suit), 0) << 4
            next_card = n_board
            next_range = 0
            for o in range(n_opp):
                if ranged[o]:
                    a = picked[r, 2 * next_range]
                    b = picked[r, 2 * next_range + 1]
                    next_range += 1
                else:
                    a = np.int64(cards[next_card])
                    b = np.int64(cards[next_card + 1])
                    next_card += 2
                value = _nonflush7(total + keys[a] + keys[b], hash_rows, hash_values)
                # seven cards: a flush beats any hand but a straight flush, which it is
                values[o] = max(value, flush[((board | bit[a] | bit[b]) >> shift) & 0x1FFF])
            hero = _nonflush7(total + hero_key, hash_rows, hash_values)
            hero = max(hero, flush[((board | hero_bits) >> shift) & 0x1FFF])
            best = 0
            tied = 0
            for o in range(n_opp):
                best = max(best, values[o])
                tied += values[o] == hero
            # a win without a branch (heads-up it goes either way: a mispredicted jump a
            # deal); counts[0] takes the wins at the end
            wins += hero > best
            if hero == best:  # rare heads-up: a predicted branch, no store a deal
                counts[tied] += 1
            for i in range(len(cards)):
                cards[i] = pristine[i]
            for j in range(n_range):
                where[moved_last[j]] = position[moved_last[j]]
    counts[0] = wins
    return True, counts


@jit
def enumerate_deals(
    cards: Any,
    counts: Any,
    sizes: Any,
    masks: Any,
    weights: Any,
    hero_a: int,
    hero_b: int,
    board_key: Any,
    board_suits: Any,
    keys: Any,
    hash_rows: Any,
    hash_values: Any,
    flush_suit: Any,
    flush: Any,
    keep_weights: bool,
) -> Any:
    """Every deal of the exact enumeration, in numpy's order, without the ones that use a
    card twice: how many, their weights (only when ``keep_weights``), and the weighted sums
    of hero's wins, ties and pot shares, added left to right as ``numpy.cumsum`` adds them.

    Slot ``s`` (each opponent, then the board completion, last) has ``counts[s]``
    candidates of ``sizes[s]`` cards: ``cards[s, i, :sizes[s]]``, their card mask and
    weight. Deals run in row-major order over the slots (the last slot fastest), as
    ``numpy.unravel_index`` numbers them, and a deal's weight multiplies the slots' weights
    in slot order from 1.0, as the numpy path does.

    Per board completion, hero is valued once, and, when many hands are, so is every pair
    of ranks two hole cards can add to it (at most 91 lookups, kept in ``paired``, instead
    of one per deal); a deal then reads each opponent's value there, and looks for a flush
    only where the completed board holds three cards of a suit.
    """
    n_opp = len(counts) - 1
    board = n_opp
    runs = counts[board]
    run_suits = np.empty(4, dtype=np.int64)
    run_flush = np.empty(runs, dtype=np.int64)  # the suit a hand can flush in, or -1
    run_mask = np.zeros(runs, dtype=np.int64)  # that suit's ranks on the board
    hero_value = np.empty(runs, dtype=np.int64)
    outer_deals = 1
    for s in range(n_opp):
        outer_deals *= counts[s]
    # a table of rank pairs pays when the completions are valued for many hands
    tabled = outer_deals * n_opp > 91
    paired = np.zeros((13, 13, runs if tabled else 0), dtype=np.uint16)  # ranks -> value
    run_total = np.empty(runs, dtype=np.int64)
    rank_count = np.empty(13, dtype=np.int64)
    for run in range(runs):
        total = board_key
        for s in range(4):
            run_suits[s] = board_suits[s]
        for j in range(sizes[board]):
            c = cards[board, run, j]
            total += keys[c]
            run_suits[c & 3] |= 1 << (c >> 2)
        suit = _flush_suit5(total, flush_suit)
        run_flush[run] = suit
        hero = _nonflush7(total + keys[hero_a] + keys[hero_b], hash_rows, hash_values)
        if suit >= 0:
            run_mask[run] = run_suits[suit]
            hero = _with_flush(hero, suit, run_mask[run], hero_a, hero_b, flush)
        hero_value[run] = hero
        run_total[run] = total
        if not tabled:
            continue
        for rank in range(13):
            rank_count[rank] = 0
            for s in range(4):
                rank_count[rank] += (run_suits[s] >> rank) & 1
        for x in range(13):  # the pairs of ranks two cards can add to this board
            for y in range(x, 13):
                same = 1 if x == y else 0
                if rank_count[x] + 1 + same > 4 or rank_count[y] + 1 + same > 4:
                    continue
                value = _nonflush7(total + keys[4 * x] + keys[4 * y], hash_rows, hash_values)
                paired[x, y, run] = value
                paired[y, x, run] = value
    weight = np.empty(outer_deals * runs if keep_weights else 0)
    wins = 0.0
    ties = 0.0
    shares = 0.0
    found = 0
    index = np.zeros(n_opp, dtype=np.int64)
    hole = np.empty(2 * n_opp, dtype=np.int64)
    for _ in range(outer_deals):  # the opponents' cards; every completion inside, in order
        used = np.int64(0)
        clash = False
        outer = 1.0
        for s in range(n_opp):
            mask = masks[s, index[s]]
            if used & mask:
                clash = True
            used |= mask
            outer *= weights[s, index[s]]
            hole[2 * s] = cards[s, index[s], 0]
            hole[2 * s + 1] = cards[s, index[s], 1]
        if not clash:
            for run in range(runs):
                if used & masks[board, run]:
                    continue
                w = outer * weights[board, run]
                if keep_weights:
                    weight[found] = w
                found += 1
                hero = hero_value[run]
                suit = run_flush[run]
                best = 0
                tied = 0
                for o in range(n_opp):
                    a = hole[2 * o]
                    b = hole[2 * o + 1]
                    if tabled:
                        value = np.int64(paired[a >> 2, b >> 2, run])
                    else:
                        value = np.int64(
                            _nonflush7(run_total[run] + keys[a] + keys[b], hash_rows, hash_values)
                        )
                    if suit >= 0:
                        value = _with_flush(value, suit, run_mask[run], a, b, flush)
                    best = max(best, value)
                    tied += value == hero
                # each term as numpy forms it (weight * value), then added in deal order
                if hero > best:
                    wins += w * 1.0
                    shares += w * 1.0
                elif hero == best:
                    ties += w * 1.0
                    shares += w * (1.0 / (1 + tied))
        s = n_opp - 1  # the next opponents' cards: the last opponent moves fastest
        while s >= 0:
            index[s] += 1
            if index[s] < counts[s]:
                break
            index[s] = 0
            s -= 1
    return found, weight[:found], wins, ties, shares


@jit
def runout_values(
    deck: Any,
    k: int,
    size: int,
    holes: Any,
    board_key: int,
    board_suits: Any,
    keys: Any,
    hash_rows: Any,
    hash_values: Any,
    flush_suit: Any,
    flush: Any,
) -> Any:
    """``(players, size)`` 7-card values, one column per way ``k`` cards of ``deck`` complete
    the board, in the lexicographic order of :func:`holdem_tui.engine.runout._subsets` (so
    the numpy reductions that follow add the same numbers in the same order)."""
    players = holes.shape[0]
    out = np.empty((players, size), dtype=np.uint16)
    index = np.arange(k)
    suits = np.empty(4, dtype=np.int64)
    n = len(deck)
    for column in range(size):
        total = board_key
        for s in range(4):
            suits[s] = board_suits[s]
        for j in range(k):
            c = deck[index[j]]
            total += keys[c]
            suits[c & 3] |= 1 << (c >> 2)
        suit = _flush_suit5(total, flush_suit)
        for i in range(players):
            a = holes[i, 0]
            b = holes[i, 1]
            value = _nonflush7(total + keys[a] + keys[b], hash_rows, hash_values)
            if suit >= 0:
                value = _with_flush(value, suit, suits[suit], a, b, flush)
            out[i, column] = value
        j = k - 1  # the next subset: the last index that can still move, and those after it
        while j >= 0 and index[j] == n - k + j:
            j -= 1
        if j < 0:
            break
        index[j] += 1
        for m in range(j + 1, k):
            index[m] = index[m - 1] + 1
    return out
