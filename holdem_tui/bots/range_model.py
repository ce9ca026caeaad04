"""A heads-up opponent's Hold'em range, tracked action by action, and my equity per combo.

The hard bot reasons about one opponent the way a strong player does: "he opened 60% of
buttons and folds 80% to 3-bets, so his calling range is the top 12%; he checked the
flop, and he bets his top pairs when checked to, so he has at most middle pair; he called
my half-pot bet, and he folds 70% of the time to that, so he has the top 30% of what was
left". Each step multiplies every combo's weight by how likely that combo was to take the
action, given how often this opponent takes it in that spot (:mod:`tendencies`):

* a bet or raise comes from the top of the range (as wide as the spot's frequency),
* a check from the rest (a few strong hands check too: slowplays),
* a call facing a bet from between the folds and the raises.

"Top" is by strength on the board of that street: each combo's average rank among the
range over sampled run-outs, so draws count for their chances, not their current high
card. The same run-outs give my equity against every combo, so the equity against any
part of the range (the part that calls a bet of this size, say) is one weighted mean:
that is what lets the bot compare bet sizes and bluffs by expected value cheaply.

Preflop the starting range is a band of the hand chart (:data:`COMBO_PERCENTILE`) read
from the opponent's open, defend and 3-bet frequencies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.holdem_common import position_group
from holdem_tui.bots.holdem_ranges import ALL_COMBOS, COMBO_PERCENTILE
from holdem_tui.bots.tendencies import Tendencies, size_bucket
from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.evaluator import CARD_KEYS, values_from_key_sums
from holdem_tui.engine.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    Event,
    PlayerActed,
    Street,
    StreetStarted,
)
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.view import PlayerView

Array = npt.NDArray[np.float64]

#: how soft the cut of "the top x% of the range" is: this share of the smaller side of
#: the cut, within bounds (a thin slice is cut finely, a half of the range loosely)
CUT_SOFTNESS = 0.25
CUT_WIDTH = (0.012, 0.08)
#: share of a range's strongest hands that check or call instead of betting or raising
SLOWPLAY = 0.12
#: by street, a bettor's (or raiser's) observed rate up to which its bets are read
#: polarised, and the rate from which on they are read as its whole range
#: (:func:`wideness`). After the draw a regular bets under half the time, so a player
#: betting 80% is betting its middle hands. Hold'em has none (its bets stay polarised
#: at any rate): a balanced regular c-bets and barrels often with a polarised range, and
#: reading Hold'em bets wider from 45% was not shown to help (issue 33, heads-up, 2,000
#: duplicate hands: against the balanced regular +150 -> +124 and +82 -> +41 bb/100 at
#: seeds 12 and 13, against the adaptive one +80 -> +71 and -0 -> +47, intervals about
#: +-75), so Hold'em keeps the read it was measured with
WideRates = Mapping[str, tuple[float, float]]
WIDE_RATES: WideRates = {"postdraw": (0.45, 0.8)}
#: share of bluffs (hands from below the cut) in a raising range
RAISE_BLUFFS = 0.05
#: bluffs in a betting range relative to the river's ``b / (p + 2b)``, by street
BLUFF_STREET = {"flop": 1.3, "turn": 1.1, "river": 1.0}
#: run-outs sampled on the flop (each turn card with this many rivers) and for the
#: strength of past streets
FLOP_RIVERS_PER_TURN = 2
PAST_RUNOUTS = 20


def _logistic(x: Array) -> Array:
    out: Array = 1.0 / (1.0 + np.exp(-x))
    return out


def top_share(strength: Array, share: float, bluffs: float = 0.0) -> Array:
    """Per-combo chance of being in the strongest ``share`` of a range.

    With ``bluffs`` > 0 that fraction of the resulting range comes from below the cut,
    spread evenly (a betting range's bluffs).
    """
    share = float(np.clip(share, 0.01, 0.99))
    width = float(np.clip(CUT_SOFTNESS * min(share, 1.0 - share), *CUT_WIDTH))
    core = _logistic((strength - (1.0 - share)) / width)
    if bluffs <= 0.0:
        return core
    air = bluffs * share / ((1.0 - bluffs) * (1.0 - share))
    out: Array = air + (1.0 - air) * core
    return out


def percentile_band(low: float, high: float, soft: float = 1.5) -> Array:
    """Weights over all 1,326 combos for the chart band (low, high] in percent.

    ``soft`` blurs the edges by that many percentage points: players do not follow a
    chart to the combo, and the bot should not bet its life on the exact cut.
    """
    pct = COMBO_PERCENTILE
    upper = _logistic((high - pct) / soft)
    lower = _logistic((pct - low) / soft) if low > 0 else 1.0
    out: Array = upper * lower
    return out


@dataclass(frozen=True, slots=True)
class StreetRead:
    """My hand against one opponent's range on the current board, combo by combo.

    ``equity`` is my pot share against each combo over the run-outs still to come,
    ``strength`` each combo's place in the range (0 weakest .. 1 strongest by weight).
    """

    combos: npt.NDArray[np.int8]
    weights: Array
    equity: Array
    strength: Array

    def mean_equity(self, factors: Array | None = None) -> float:
        """My equity against the range, or against the part of it ``factors`` keeps."""
        w = self.weights if factors is None else self.weights * factors
        total = float(w.sum())
        if total <= 0.0:
            return 0.5
        return float((w * self.equity).sum() / total)

    def share(self, factors: Array) -> float:
        """How much of the range (by weight) ``factors`` keeps."""
        total = float(self.weights.sum())
        return float((self.weights * factors).sum() / total) if total > 0 else 0.0


def _runouts(
    board: Sequence[int], dead: Sequence[int], rng: np.random.Generator, past: bool
) -> npt.NDArray[np.int64]:
    """Board completions to average over: every river on the turn; on the flop each turn
    card with a random river or two (stratified by turn card, so estimates are steady)."""
    missing = 5 - len(board)
    if missing == 0:
        return np.zeros((1, 0), dtype=np.int64)
    gone = set(board) | set(dead)
    deck = np.array([c for c in range(52) if c not in gone], dtype=np.int64)
    if missing == 1:
        return deck[:, None]
    size = len(deck)
    if past:
        turns = rng.choice(size, PAST_RUNOUTS, replace=False)
        rivers = (turns + rng.integers(1, size, PAST_RUNOUTS)) % size
    else:
        # every card is a turn card, and a river, equally often (a Latin-square design
        # over a shuffled deck): what the draws need comes up at exactly its rate
        deck = rng.permutation(deck)
        turns = np.tile(np.arange(size), FLOP_RIVERS_PER_TURN)
        base = int(rng.integers(0, size - 1))
        offsets = [
            1 + (base + j * (size - 1) // FLOP_RIVERS_PER_TURN) % (size - 1)
            for j in range(FLOP_RIVERS_PER_TURN)
        ]
        rivers = (turns + np.repeat(offsets, size)) % size
    return np.stack([deck[turns], deck[rivers]], axis=1)


def _masks(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.uint64]:
    """One bit per card, OR-ed along the last axis."""
    bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    out: npt.NDArray[np.uint64] = np.bitwise_or.reduce(bits, axis=-1)
    return out


def _values(
    combos: npt.NDArray[np.int8],
    board: Sequence[int],
    runs: npt.NDArray[np.int64],
    mine: Sequence[int],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """Hand values of every combo on every run-out ``(N, K)``, which of those deals are
    possible (no card twice), and my own value on each run-out ``(K,)``.

    Card keys are summed once per combo and once per run-out and the evaluator's tables
    do the rest; whole card rows are built only for the deals that hold a flush.
    """
    n, k = len(combos), len(runs)
    hole = combos.astype(np.int64)
    board_arr = np.array(board, dtype=np.int64)
    my = np.array(mine, dtype=np.int64)
    keys = CARD_KEYS
    tails = np.concatenate([np.broadcast_to(board_arr, (k, len(board))), runs], axis=1)
    run_sum = keys[tails].sum(axis=1, dtype=np.uint64)  # (K,)
    if runs.shape[1]:
        clash = (_masks(runs)[:, None] & _masks(hole)[None, :]) != 0  # (K, N)
    else:
        clash = np.zeros((k, n), dtype=bool)
    my_total = run_sum + keys[my].sum(dtype=np.uint64)
    total = run_sum[:, None] + (keys[hole[:, 0]] + keys[hole[:, 1]])[None, :]
    total = np.where(clash, my_total[:, None], total)  # impossible deals: any valid hand
    # a flush needs five of a suit: the suit the board and run-out have most of
    suit_counts = np.stack([(tails & 3 == s).sum(axis=1) for s in range(4)], axis=1)
    run_suit = suit_counts.argmax(axis=1)
    run_most = suit_counts.max(axis=1)
    hole_suits = np.stack([(hole & 3 == s).sum(axis=1) for s in range(4)], axis=1)  # (N, 4)
    mine_suits = np.array([int((my & 3 == s).sum()) for s in range(4)])
    held = np.where(clash, mine_suits[run_suit][:, None], hole_suits[:, run_suit].T)
    flush = run_most[:, None] + held >= 5
    values = np.empty((k, n), dtype=np.int64)
    plain = ~flush
    values[plain] = values_from_key_sums(total[plain], np.zeros((0, 7), dtype=np.int64))
    if flush.any():
        ks, ns = np.nonzero(flush)
        holes = np.where(clash[ks, ns][:, None], my[None, :], hole[ns])
        rows = np.concatenate([holes, tails[ks]], axis=1)
        values[ks, ns] = values_from_key_sums(total[ks, ns], rows)
    my_rows = np.concatenate([np.broadcast_to(my, (k, 2)), tails], axis=1)
    my_values = values_from_key_sums(my_total, my_rows).astype(np.int64)
    return values.T, ~clash.T, my_values


def _strength(values: npt.NDArray[np.int64], valid: npt.NDArray[np.bool_], weights: Array) -> Array:
    """Each combo's weighted quantile in the range by its average hand value over the
    run-outs (a made hand's value now, a draw's blend of what it makes and misses)."""
    if len(values) == 0:
        return np.zeros(0)
    raw = np.where(valid, values, 0).sum(axis=1) / np.maximum(1, valid.sum(axis=1))
    return weighted_quantile(raw.astype(np.float64), weights)


def weighted_quantile(raw: Array, weights: Array) -> Array:
    """Each score's place (0 weakest .. 1 strongest) among the range ``weights`` (ties
    share the middle)."""
    order = np.argsort(raw, kind="stable")
    w = weights[order]
    cumulative = np.cumsum(w)
    total = cumulative[-1] if len(cumulative) else 0.0
    q = np.empty(len(raw))
    if total <= 0:
        q[order] = np.linspace(0.0, 1.0, len(raw))
        return q
    q[order] = (cumulative - 0.5 * w) / total
    return q


def street_read(
    my_cards: Sequence[int],
    board: Sequence[int],
    opponent: Range,
    rng: np.random.Generator,
) -> StreetRead:
    """My equity against each combo of ``opponent`` and each combo's strength, on ``board``."""
    opponent = opponent.without((*my_cards, *board))
    runs = _runouts(board, my_cards, rng, past=False)
    values, valid, mine = _values(opponent.combos, board, runs, my_cards)
    score = np.where(values < mine[None, :], 1.0, np.where(values == mine[None, :], 0.5, 0.0))
    counted = np.maximum(1, valid.sum(axis=1))
    eq = np.where(valid, score, 0.0).sum(axis=1) / counted
    return StreetRead(
        opponent.combos, opponent.weights, eq, _strength(values, valid, opponent.weights)
    )


def range_strength(
    opponent: Range, board: Sequence[int], dead: Sequence[int], rng: np.random.Generator
) -> Array:
    """The strength of each combo on an earlier street's board (for replaying its actions).

    ``opponent`` must already be without the known cards.
    """
    runs = _runouts(board, dead, rng, past=True)
    values, valid, _mine = _values(opponent.combos, board, runs, dead[:2])
    return _strength(values, valid, opponent.weights)


#: the row stride that keeps run-outs apart when all their values are sorted at once
_ROW = 1 << 16
#: index of each combo (higher card first) in :data:`ALL_COMBOS`
_COMBO_INDEX = {(int(a), int(b)): i for i, (a, b) in enumerate(ALL_COMBOS)}


def combo_index(cards: Sequence[int]) -> int:
    """Where two hole cards stand in :data:`ALL_COMBOS`."""
    a, b = int(cards[0]), int(cards[1])
    return _COMBO_INDEX[(max(a, b), min(a, b))]


def full_weights(found: Range) -> Array:
    """A range's weights spread over all of :data:`ALL_COMBOS` (zero where it has none)."""
    out = np.zeros(len(ALL_COMBOS))
    index = [combo_index(c) for c in found.combos]
    out[index] = found.weights
    return out


@dataclass(frozen=True, slots=True)
class BoardValues:
    """Every combo's hand value on shared run-outs of one board, sorted once, so the
    equity of every combo against any range (weights over :data:`ALL_COMBOS`) is a
    cumulative sum away: range against range, both sides at the cost of one.

    Card removal between the two sides is ignored: give the range no combo holding my
    cards and my own combo's equity is exact, the others' close. Combos holding a board
    card have no equity (zero).
    """

    live: npt.NDArray[np.bool_]  # (1326,) combos without a board card
    valid: npt.NDArray[np.bool_]  # (K, N) of the live combos: no card twice on that run-out
    order: npt.NDArray[np.int64]  # the K*N values sorted (row by row)
    left: npt.NDArray[np.int64]  # where each value's ties start in that order
    right: npt.NDArray[np.int64]  # and end

    def equity(self, weights: Array) -> Array:
        """Each combo's share of the pot against the range ``weights``, over the run-outs."""
        valid = self.valid
        k, n = valid.shape
        w = np.where(valid, weights[self.live][None, :], 0.0).ravel()
        cum = np.concatenate([[0.0], np.cumsum(w[self.order])])
        row_start = cum[np.arange(k) * n]
        row_total = cum[np.arange(1, k + 1) * n] - row_start
        below = cum[self.left].reshape(k, n) - row_start[:, None]
        ties = (cum[self.right] - cum[self.left]).reshape(k, n)
        with np.errstate(invalid="ignore", divide="ignore"):
            share = (below + 0.5 * ties) / row_total[:, None]
        counted = valid & (row_total[:, None] > 0)
        eq = np.where(counted, share, 0.0).sum(axis=0) / np.maximum(1, counted.sum(axis=0))
        out = np.zeros(len(ALL_COMBOS))
        out[self.live] = eq
        return out


def board_values(
    board: Sequence[int], known: Sequence[int], rng: np.random.Generator
) -> BoardValues:
    """:class:`BoardValues` for ``board``; ``known`` (my hole cards) never come on a
    run-out, as seen from my seat."""
    gone = {int(c) for c in board}
    live = np.array([int(a) not in gone and int(b) not in gone for a, b in ALL_COMBOS])
    runs = _runouts(board, known, rng, past=False)
    values, valid, _mine = _values(ALL_COMBOS[live], board, runs, known[:2])
    keys = (values.T + (np.arange(len(runs)) * _ROW)[:, None]).ravel()
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    left = np.searchsorted(ordered, keys, side="left")
    right = np.searchsorted(ordered, keys, side="right")
    return BoardValues(live, valid.T.copy(), order, left, right)


# ---------------------------------------------------------------------- preflop ranges


@dataclass(frozen=True, slots=True)
class PreflopStory:
    """What one opponent did before the flop of a heads-up pot, in the bot's terms."""

    group: str  # its opening group (position) this hand
    actions: tuple[str, ...]  # open, limp, call_open, 3bet, call_3bet, 4bet, call_4bet, check


def preflop_story(history: Sequence[Event], player: int, players: int) -> PreflopStory:
    """Name the first-round actions of ``player`` by the spot each was taken in."""
    raises = 0
    entered = False
    actions: list[str] = []
    for event in history:
        if isinstance(event, StreetStarted) and event.street is not Street.PREFLOP:
            break
        if not isinstance(event, PlayerActed):
            continue
        aggressive = event.aggressive
        if event.player == player:
            if raises == 0 and not entered:
                actions.append(
                    "open" if aggressive else ("limp" if event.kind is ActionKind.CALL else "")
                )
            elif aggressive:
                actions.append(("3bet", "4bet", "5bet")[min(raises, 3) - 1])
            elif event.kind is ActionKind.CALL:
                actions.append(("call_open", "call_3bet", "call_4bet")[min(raises, 3) - 1])
            elif event.kind is ActionKind.CHECK:
                actions.append("check")
        if aggressive:
            raises += 1
        if event.voluntary:
            entered = True
    return PreflopStory(position_group(player, players), tuple(a for a in actions if a))


def preflop_range(story: PreflopStory, notes: Tendencies) -> Array:
    """Weights over all combos for a heads-up opponent's preflop actions.

    Ranges are chart bands: an open is the top ``open``% for its seat, a flat call of an
    open the hands between its 3-bets and its folds, a 3-bet its top ``3bet_open``%, the
    opener's call of a 3-bet the hands it neither folds nor 4-bets, and so on. The top of
    a calling band keeps a little weight (traps).
    """
    w = np.ones(len(ALL_COMBOS))
    opened = 100.0
    group = story.group
    for action in story.actions:
        if action == "open":
            opened = 100.0 * notes.rate(("open", group))
            w = w * percentile_band(0.0, opened)
        elif action == "limp":
            top = 100.0 * notes.rate(("open", group))
            limp = 100.0 * notes.rate(("limp", group))
            w = w * percentile_band(top * 0.7, min(100.0, top + 1.3 * limp + 5.0))
        elif action in ("call_open", "3bet"):
            fold = notes.rate(("fold_open", group))
            three = 100.0 * notes.rate(("3bet_open", group))
            if action == "3bet":
                w = w * (percentile_band(0.0, three) + 0.05 * percentile_band(three, 100.0))
            else:
                calls = percentile_band(three, 100.0 * (1.0 - fold))
                w = w * (calls + SLOWPLAY * 2 * percentile_band(0.0, three))
            opened = three if action == "3bet" else 100.0 * (1.0 - fold)
        elif action in ("call_3bet", "4bet"):
            fold = notes.rate(("fold_3bet",))
            four = notes.rate(("4bet_3bet",))
            top, cont = opened * four, opened * (1.0 - fold)
            if action == "4bet":
                w = w * (percentile_band(0.0, max(top, 1.5)) + 0.03)
                opened = max(top, 1.5)
            else:
                w = w * (percentile_band(top, max(cont, top + 1.0)) + 0.3 * percentile_band(0, top))
                opened = cont
        elif action in ("call_4bet", "5bet"):
            fold = notes.rate(("fold_4bet",))
            cont = max(1.5, opened * (1.0 - fold))
            w = w * percentile_band(0.0, cont)
            opened = cont
        elif action == "check":
            # a big blind that only checks would have raised its best hands
            w = w * (1.0 - 0.7 * percentile_band(0.0, 12.0))
    out: Array = np.maximum(w, 0.0)
    return out


# ---------------------------------------------------------------------- after the flop


def bet_bluffs(rate: float, size: float, street: str) -> float:
    """The share of bluffs in a player's bets: polarised, as a regular bets.

    A bet of ``size`` (pot fractions) breaks a caller even when ``size / (1 + 2 size)``
    of the bets are bluffs on the river; earlier streets carry more (bluffs there have
    outs). A player who bets rarely (``rate``) bets mostly value, one who bets all the
    time a little more air than that.
    """
    balanced = size / (1.0 + 2.0 * size) * BLUFF_STREET.get(street, 1.0)
    return float(np.clip(balanced * np.clip(rate / 0.4, 0.25, 1.2), 0.04, 0.45))


def wideness(rate: float, street: str, wide: WideRates = WIDE_RATES) -> float:
    """How little a bet or raise says about the hand, from how often this player makes it.

    A regular who bets about as often as a polarised range allows (the first of
    ``wide`` rates on this ``street``, :data:`WIDE_RATES` unless the reader brings its
    own) bets its strong hands and some air, and its
    bet is read so; a player seen to bet or raise nearly every time it may (the second:
    a maniac) bets its middle hands too, so its bet is read as its whole range
    (0 polarised .. 1 no news).
    """
    rates = wide.get(street)
    if rates is None:
        return 0.0
    low, high = rates
    return float(np.clip((rate - low) / (high - low), 0.0, 1.0))


def aggressive_read(
    polarised: Array, rate: float, street: str, wide: WideRates = WIDE_RATES
) -> Array:
    """A bet or raise read as ``polarised`` (per-combo chances at this player's ``rate``),
    widened towards "any hand at that rate" by :func:`wideness`: a maniac's bets are
    called down by the price against its whole range, not folded to as if they were a
    regular's value."""
    share = wideness(rate, street, wide)
    if share <= 0.0:
        return polarised
    out: Array = (1.0 - share) * polarised + share * rate
    return out


def polarised_bets(
    strength: Array, rate: float, bluffs: float, street: str, wide: WideRates = WIDE_RATES
) -> tuple[Array, Array]:
    """(bets, checks): how likely each combo was to bet at ``rate`` with ``bluffs`` of
    the bets from the bottom of the range (and a few strong hands slowplayed), read
    wider for a player who bets nearly always (:func:`aggressive_read`)."""
    value = top_share(strength, rate * (1.0 - bluffs))
    air = top_share(1.0 - strength, rate * bluffs)
    bets = aggressive_read(np.minimum(1.0, value + air), rate, street, wide)
    checks = np.clip(1.0 - (1.0 - SLOWPLAY) * value - air, 0.0, 1.0)
    share = wideness(rate, street, wide)
    out: Array = (1.0 - share) * checks + share * (1.0 - rate)
    return bets, out


def action_factor(
    kind: ActionKind,
    strength: Array,
    notes: Tendencies,
    *,
    street: str,
    role: str,
    checked: bool,
    checked_to: bool,
    facing: int,
    need: int,
    pot: int,
    amount: int = 0,
    wide: WideRates = WIDE_RATES,
) -> Array | None:
    """How likely each combo was to take this action in this spot (``None``: no news).

    ``facing`` counts the bets and raises on the street before the action, ``need`` the
    chips it had to call, ``pot`` the pot then and ``amount`` the chips it put in.
    A bet comes from the top of the range and, for its bluffs, from the bottom
    (:func:`bet_bluffs`); a check from the rest.
    """
    if facing == 0 and kind in (ActionKind.BET, ActionKind.CHECK):
        rate = notes.rate(("bet", role, street, "x" if checked_to else "-"))
        bluffs = bet_bluffs(rate, amount / max(1, pot) if amount else 0.5, street)
        # checks: the hands it would not bet, and a few strong ones slowplayed
        bets, checks = polarised_bets(strength, rate, bluffs, street, wide)
        return bets if kind is ActionKind.BET else checks
    if facing == 1 and kind in (ActionKind.CALL, ActionKind.RAISE):
        raise_rate = notes.rate(("raise", street))
        raising = aggressive_read(
            top_share(strength, raise_rate, RAISE_BLUFFS), raise_rate, street, wide
        )
        if kind is ActionKind.RAISE:
            return raising
        fold = notes.rate(("fold", "x" if checked else "-", street, size_bucket(need, pot)))
        continuing = top_share(strength, 1.0 - fold)
        calls: Array = continuing * (1.0 - (1.0 - SLOWPLAY * 2) * top_share(strength, raise_rate))
        return calls
    if facing >= 2 and kind in (ActionKind.CALL, ActionKind.RAISE):
        fold = notes.rate(("fold_raise", street))
        share = (1.0 - fold) * (0.4 if kind is ActionKind.RAISE else 1.0)
        return top_share(strength, share, RAISE_BLUFFS)
    return None


@dataclass(frozen=True, slots=True)
class Spot:
    """One action of the tracked player after the flop, with the spot it was taken in."""

    kind: ActionKind
    role: str  # "agg": it made the previous round's last bet or raise; else "pas"
    checked: bool  # it had checked earlier on this street
    checked_to: bool  # somebody had checked on this street before it acted
    facing: int  # bets and raises on the street before the action
    need: int  # chips it had to call
    pot: int  # the pot then
    amount: int = 0  # chips it put in


@dataclass(frozen=True, slots=True)
class StreetSpots:
    """The tracked player's actions on one street and the board they were taken on."""

    street: str
    board: tuple[int, ...]
    spots: tuple[Spot, ...]


#: the betting rounds after the first, whose actions :func:`street_spots` reads
LATER_STREETS = ("flop", "turn", "river", "postdraw")


def street_spots(history: Sequence[Event], player: int) -> list[StreetSpots]:
    """``player``'s actions after the first round (the flop, or the draw), street by
    street, each with its spot."""
    found: dict[str, tuple[tuple[int, ...], list[Spot]]] = {}
    board: list[int] = []
    pot = 0
    put_in: dict[int, int] = {}
    bets, to = 0, 0
    checked: set[int] = set()
    previous_aggressor: int | None = None
    last_aggressor: int | None = None
    street = "preflop"
    for event in history:
        if isinstance(event, AntePosted):
            pot += event.amount
        elif isinstance(event, BlindPosted):
            pot += event.amount
            put_in[event.player] = put_in.get(event.player, 0) + event.amount
            to = max(to, put_in[event.player])
        elif isinstance(event, BoardDealt):
            board.extend(int(c) for c in event.cards)
        elif isinstance(event, StreetStarted) and event.street.value in LATER_STREETS:
            street = event.street.value
            previous_aggressor, last_aggressor = last_aggressor, None
            bets, to, put_in, checked = 0, 0, {}, set()
        elif isinstance(event, PlayerActed):
            mine = put_in.get(event.player, 0)
            if street != "preflop" and event.player == player:
                spot = Spot(
                    event.kind,
                    "agg" if player == previous_aggressor else "pas",
                    player in checked,
                    bool(checked),
                    bets,
                    max(0, to - mine),
                    pot,
                    event.amount,
                )
                found.setdefault(street, (tuple(board), []))[1].append(spot)
            pot += event.amount
            put_in[event.player] = mine + event.amount
            if event.kind is ActionKind.CHECK:
                checked.add(event.player)
            if event.aggressive:
                bets += 1
                to = max(to, event.to)
                last_aggressor = event.player
    return [StreetSpots(st, b, tuple(sp)) for st, (b, sp) in found.items()]


def street_start_range(
    view: PlayerView, opponent: int, notes: Tendencies, seed: int, wide: WideRates = WIDE_RATES
) -> Range:
    """``opponent``'s range when this street began: its preflop band read with ``notes``,
    then its actions on each earlier street (each read with that street's strengths,
    run-outs drawn from ``seed``). Without my cards and the board's."""
    story = preflop_story(view.history, opponent, len(view.seats))
    weights = preflop_range(story, notes)
    keep = weights > 1e-3 * float(weights.max())
    found = Range(ALL_COMBOS[keep], weights[keep]).without((*view.my_cards, *view.board))
    generator = np.random.default_rng(seed)
    for past in street_spots(view.history, opponent):
        if len(past.board) >= len(view.board):
            break  # the current street is read with this street's own evaluation
        strength = range_strength(found, past.board, view.my_cards, generator)
        weights_now, _ = apply_spots(found.weights, strength, past.spots, notes, past.street, wide)
        found = Range(found.combos, weights_now)
    return found


def current_spots(view: PlayerView, opponent: int) -> tuple[Spot, ...]:
    """``opponent``'s actions so far on the current street."""
    now = [s for s in street_spots(view.history, opponent) if len(s.board) == len(view.board)]
    return now[0].spots if now else ()


def apply_spots(
    weights: Array,
    strength: Array,
    spots: Sequence[Spot],
    notes: Tendencies,
    street: str,
    wide: WideRates = WIDE_RATES,
) -> tuple[Array, Array]:
    """The range's weights after these actions, and its strength re-ranked by them."""
    for spot in spots:
        factor = action_factor(
            spot.kind,
            strength,
            notes,
            street=street,
            role=spot.role,
            checked=spot.checked,
            checked_to=spot.checked_to,
            facing=spot.facing,
            need=spot.need,
            pot=spot.pot,
            amount=spot.amount,
            wide=wide,
        )
        if factor is None:
            continue
        new = weights * factor
        if float(new.sum()) <= 1e-9 * float(weights.sum()):
            continue  # the read contradicts itself: keep what we had
        weights = new
        strength = weighted_quantile(strength, weights)
    return weights, strength
