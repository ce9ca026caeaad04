"""The jam-or-fold game before the flop, solved by CFR+: where the push-or-fold chart comes from.

**The game.** ``players`` are dealt in, each with ``stack`` big blinds (the effective stack),
all post an ``ante``, the last two post the blinds (0.5 and 1; heads-up the first player is
the button and small blind). In turn, while nobody has bet, each player may *jam* (all in)
or fold; the big blind wins the blinds when everybody folds. After a jam, each later player
in turn may *call* or fold, and the first call closes the action: the two all-in hands are
shown down, everyone else folds. The values are chips won or lost in big blinds.

Heads-up this is the whole jam/call game, and the solution is its Nash equilibrium. With
more players two simplifications keep it cheap and sound:

* **No overcalls.** A third player never joins an all-in that has been called (at these
  stacks overcalling is rare and costly); a player facing a jam and a call decides at the
  table by equity against both ranges (:mod:`holdem_tui.bots.tournament_play`).
* **Card removal between two players only.** The jammer's and the caller's hands are drawn
  together (their classes cannot share cards); the hands of the players who folded are
  treated as independent of them.

Each decision point (an *information set*: "first in from position i", "facing a jam from
i at position j") holds one probability per starting-hand class. CFR+ (regret matching
with regrets floored at zero, the average strategy weighted linearly by iteration) runs on
all of them at once: one iteration is a few 169 × 169 matrix products. The average
strategy's quality is measured, not assumed: :func:`exploitability` gives, for each
position, what a best response against everyone else's chart wins over the chart itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.bots.preflop_equity import CLASSES

Array = npt.NDArray[np.float64]

#: the two blinds in big blinds
SMALL_BLIND: Final = 0.5
BIG_BLIND: Final = 1.0


@dataclass(frozen=True, slots=True)
class JamGame:
    """One jam-or-fold game: how many players, how deep, how big the ante (in big blinds).

    Positions are numbered in the order of play before the flop: 0 acts first and the last
    is the big blind (heads-up, 0 is the button, who posts the small blind).
    """

    players: int
    stack: float
    ante: float = 0.0

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 9:
            raise ValueError("the jam-or-fold game is for 2 to 9 players")
        if not self.stack >= 1.0:
            raise ValueError("the effective stack is at least one big blind")
        if not 0.0 <= self.ante < self.stack:
            raise ValueError("the ante is below the stack")

    def posted(self, position: int) -> float:
        """What a position has in the pot before anyone acts (never more than the stack)."""
        blind = 0.0
        if position == self.players - 1:
            blind = BIG_BLIND
        elif position == self.players - 2:
            blind = SMALL_BLIND
        return min(self.stack, blind + self.ante)

    @property
    def dead(self) -> float:
        """Everything posted before the first decision."""
        return sum(self.posted(p) for p in range(self.players))

    def pairs(self) -> list[tuple[int, int]]:
        """Every (jammer, caller) pair, jammer first: the call decision points."""
        n = self.players
        return [(i, j) for i in range(n - 1) for j in range(i + 1, n)]


@dataclass(slots=True)
class Strategy:
    """Jam probabilities per first-in position and call probabilities per (jammer, caller).

    ``jam[i, c]`` is the chance position ``i`` jams class ``c`` when everyone before folded;
    ``call[k, c]`` the chance the caller of pair ``k`` (:meth:`JamGame.pairs`) calls it.
    """

    jam: Array
    call: Array

    @classmethod
    def uniform(cls, game: JamGame, value: float = 0.5) -> Strategy:
        """Every class played with the same probability (where CFR starts)."""
        return cls(
            np.full((game.players - 1, CLASSES), value),
            np.full((len(game.pairs()), CLASSES), value),
        )


@dataclass(slots=True)
class Matchups:
    """The card facts the game needs: equities and how likely each pair of classes is.

    ``equity[a, b]`` is class ``a``'s all-in share against ``b``; ``weights[a, b]`` how many
    disjoint combo pairs the two classes have (``preflop_equity.pair_weights``).
    """

    equity: Array
    weights: Array
    joint: Array = field(init=False)
    given: Array = field(init=False)
    marginal: Array = field(init=False)
    joint_equity: Array = field(init=False)
    given_equity: Array = field(init=False)

    def __post_init__(self) -> None:
        self.joint = self.weights / self.weights.sum()
        self.marginal = self.joint.sum(axis=1)
        self.given = self.joint / self.marginal[:, None]
        # caller's view: joint[a, b] * equity[b, a], indexed [b, a]
        self.joint_equity = self.joint.T * self.equity
        self.given_equity = self.given * self.equity


@dataclass(slots=True)
class _Values:
    """Per information set, what jamming (calling) is worth more than folding, and weights."""

    jam_gain: Array  # (openers, classes): EV(jam) - EV(fold), per class, given first in
    jam_reach: Array  # (openers,): chance everyone before folds
    call_gain: Array  # (pairs, classes): counterfactual EV(call) - EV(fold)
    call_reach: Array  # (pairs,): chance everyone before the jammer folds
    jam_value: Array  # (openers, classes): EV of jamming, given first in
    fold_value: Array  # (openers,): EV of folding


def _values(game: JamGame, cards: Matchups, strategy: Strategy) -> _Values:
    """Every decision's values against the current strategy (see the module's note)."""
    n, stack = game.players, game.stack
    pairs = game.pairs()
    index = {pair: k for k, pair in enumerate(pairs)}
    dead = game.dead
    # chance caller j calls a jam from i, given the jammer's class a: (pairs, a)
    calls = strategy.call @ cards.given.T
    # the jammer's share of showdowns when j calls, summed over the caller's classes
    wins = strategy.call @ cards.given_equity.T
    jam_value = np.zeros((n - 1, CLASSES))
    call_gain = np.zeros((len(pairs), CLASSES))
    for i in range(n - 1):
        still = np.ones(CLASSES)  # everyone between i and j folded, given i's class
        for j in range(i + 1, n):
            k = index[(i, j)]
            pot = 2 * stack + dead - game.posted(i) - game.posted(j)
            jam_value[i] += still * (pot * wins[k] - stack * calls[k])
            # the caller's counterfactual gain: the jammer's classes weighted by reaching here
            reach = strategy.jam[i] * still
            call_gain[k] = cards.joint_equity @ reach * pot - (cards.joint.T @ reach) * (
                stack - game.posted(j)
            )
            still = still * (1.0 - calls[k])
        jam_value[i] += still * (dead - game.posted(i))
    jammed = strategy.jam @ cards.marginal  # (openers,): chance each jams when first in
    jam_reach = np.concatenate([[1.0], np.cumprod(1.0 - jammed)[:-1]])
    call_reach = np.array([jam_reach[i] for i, _ in pairs])
    fold_value = -np.array([game.posted(i) for i in range(n - 1)])
    return _Values(
        jam_value - fold_value[:, None],
        jam_reach,
        call_gain * call_reach[:, None],
        call_reach,
        jam_value,
        fold_value,
    )


def solve(
    game: JamGame, cards: Matchups, *, iterations: int = 4000, target: float = 0.0005
) -> tuple[Strategy, int]:
    """The average CFR+ strategy of ``game``, and how many iterations it took.

    Stops early once every position's best-response gain is below ``target`` big blinds
    (checked every 100 iterations).
    """
    strategy = Strategy.uniform(game)
    regret_jam = np.zeros_like(strategy.jam), np.zeros_like(strategy.jam)
    regret_call = np.zeros_like(strategy.call), np.zeros_like(strategy.call)
    total = Strategy.uniform(game, 0.0)
    weight_sum = 0.0
    done = 0
    for t in range(1, iterations + 1):
        values = _values(game, cards, strategy)
        weights = values.jam_reach[:, None] * cards.marginal[None, :]
        _update(regret_jam, strategy.jam, values.jam_gain * weights)
        _update(regret_call, strategy.call, values.call_gain)
        strategy = Strategy(_matched(regret_jam), _matched(regret_call))
        total.jam += t * strategy.jam
        total.call += t * strategy.call
        weight_sum += t
        done = t
        if t % 100 == 0:
            average = Strategy(total.jam / weight_sum, total.call / weight_sum)
            if max(exploitability(game, cards, average)) < target:
                break
    return Strategy(total.jam / weight_sum, total.call / weight_sum), done


def _update(regrets: tuple[Array, Array], played: Array, gain: Array) -> None:
    """CFR+: add each action's regret against the strategy played, floored at zero."""
    act, fold = regrets
    act += (1.0 - played) * gain
    fold -= played * gain
    np.maximum(act, 0.0, out=act)
    np.maximum(fold, 0.0, out=fold)


def _matched(regrets: tuple[Array, Array]) -> Array:
    """Regret matching: each action in proportion to its positive regret (half-half at 0)."""
    act, fold = regrets
    total = act + fold
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0.0, act / np.where(total > 0.0, total, 1.0), 0.5)


def exploitability(game: JamGame, cards: Matchups, strategy: Strategy) -> list[float]:
    """Per position, what a best response wins over ``strategy`` (big blinds per hand).

    Everyone else keeps ``strategy``; the position changes its jam and call decisions to
    the best ones for each class. Heads-up the average of the two is the chart's
    exploitability: what an opponent who knows the chart wins per hand, seats alternating.
    """
    values = _values(game, cards, strategy)
    gains = np.zeros(game.players)
    for i in range(game.players - 1):
        gain = values.jam_gain[i]
        best = np.maximum(gain, 0.0) - strategy.jam[i] * gain
        gains[i] += values.jam_reach[i] * float(best @ cards.marginal)
    for k, (_, j) in enumerate(game.pairs()):
        gain = values.call_gain[k]
        gains[j] += float((np.maximum(gain, 0.0) - strategy.call[k] * gain).sum())
    return [float(g) for g in gains]


def value(game: JamGame, cards: Matchups, strategy: Strategy) -> float:
    """What the first position wins per hand by playing ``strategy`` (heads-up: the button)."""
    values = _values(game, cards, strategy)
    played = strategy.jam[0] * values.jam_value[0] + (1 - strategy.jam[0]) * values.fold_value[0]
    return float(played @ cards.marginal)


# --------------------------------------------------------------------------- the chart grid

#: the grid the shipped chart covers: players dealt in, effective stacks and antes (bb)
PLAYERS: Final = tuple(range(2, 10))
STACKS: Final = tuple(range(1, 21))
ANTES: Final = (0.0, 0.125, 0.25)
#: the most call decision points of any game on the grid (nine players: 36 pairs)
MAX_PAIRS: Final = 36


@dataclass(frozen=True, slots=True)
class ChartGrid:
    """Every solved game of the grid, probabilities stored as bytes (0..255).

    ``jam[p, s, a, i]`` and ``call[p, s, a, k]`` hold the 169 probabilities of position
    ``i`` (pair ``k``) in the game of ``PLAYERS[p]`` players, ``STACKS[s]`` big blinds and
    ``ANTES[a]`` ante; ``gain[p, s, a, i]`` is each position's best-response gain against
    the stored (rounded) chart, in big blinds per hand.
    """

    jam: npt.NDArray[np.uint8]
    call: npt.NDArray[np.uint8]
    gain: Array

    def strategy(self, players: int, stack: int, ante: int) -> Strategy:
        """The stored strategy of one game (indices into the grid), as probabilities."""
        p = players
        game = JamGame(PLAYERS[p], STACKS[stack], ANTES[ante])
        jam = self.jam[p, stack, ante, : game.players - 1] / 255.0
        call = self.call[p, stack, ante, : len(game.pairs())] / 255.0
        return Strategy(jam, call)


def build_grid(
    cards: Matchups, progress: Callable[[JamGame, int, list[float]], None] | None = None
) -> ChartGrid:
    """Solve every game of the grid (a few minutes on one core) and measure each result."""
    shape = (len(PLAYERS), len(STACKS), len(ANTES))
    jam = np.zeros((*shape, max(PLAYERS) - 1, CLASSES), dtype=np.uint8)
    call = np.zeros((*shape, MAX_PAIRS, CLASSES), dtype=np.uint8)
    gain = np.zeros((*shape, max(PLAYERS)))
    for p, players in enumerate(PLAYERS):
        for s, stack in enumerate(STACKS):
            for a, ante in enumerate(ANTES):
                game = JamGame(players, float(stack), ante)
                solved, iterations = solve(game, cards)
                jam[p, s, a, : players - 1] = np.rint(solved.jam * 255)
                call[p, s, a, : len(game.pairs())] = np.rint(solved.call * 255)
                stored = ChartGrid(jam, call, gain).strategy(p, s, a)
                gains = exploitability(game, cards, stored)
                gain[p, s, a, :players] = gains
                if progress is not None:
                    progress(game, iterations, gains)
    return ChartGrid(jam, call, gain)
