"""Monte Carlo for Five-Card Draw over the unknown cards only.

The hard level never sees a hidden card: it deals opponents' hands from the cards it does
not hold (its own discards are out of play too) and weighs each deal by how likely the
opponent's public actions were with it. Before the draw, opponents get random hands and
draw by the book; after the draw, each opponent's hand is built from what its draw count
says it kept (three cards drawn: a pair or two high cards; one: two pair or a four-card
draw; none: a made hand, or a bluff) plus random replacements.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from holdem_tui.bots.draw_common import best_discards, describe, strength_score
from holdem_tui.engine.cards import Card, card
from holdem_tui.engine.evaluator import Category, hand_value

#: weight of a predraw hand given the opponent's first-round action
Likelihood = Callable[[Sequence[Card]], float]


def first_round_likelihood(action: str) -> Likelihood:
    """How likely a first-round action is with a given five-card hand."""

    def weight(cards: Sequence[Card]) -> float:
        info = describe(cards)
        cat = info.category
        if action in ("raise", "reraise"):
            if cat >= Category.TWO_PAIR:
                return 1.0
            if cat == Category.PAIR:
                return 0.9 if info.pair_rank >= 9 else 0.35
            drawing = bool(info.flush_draw) or info.open_ended
            return 0.35 if drawing else 0.1
        if action in ("call", "limp"):
            if cat >= Category.TWO_PAIR:
                return 0.6
            if cat == Category.PAIR:
                return 1.0
            return 0.8 if (info.flush_draw or info.open_ended) else 0.25
        return 1.0

    return weight


def _take(pool: list[int], used: set[int], wanted: Sequence[int]) -> list[int] | None:
    """The wanted cards if all are still free (marks them used), else ``None``."""
    if any(c in used or c not in pool for c in wanted):
        return None
    used.update(wanted)
    return list(wanted)


def _kept_for_draw(count: int, rng: random.Random, free: list[int], used: set[int]) -> list[int]:
    """Cards an opponent who drew ``count`` plausibly kept (built by template)."""
    for _ in range(12):
        roll = rng.random()
        suits = rng.sample(range(4), 4)
        wanted: list[int]
        if count == 0:
            if roll < 0.38:  # straight
                top = rng.randrange(3, 13)
                ranks = [12 if r < 0 else r for r in range(top - 4, top + 1)]
                wanted = [r * 4 + rng.randrange(4) for r in ranks]
                if len({c & 3 for c in wanted}) == 1:
                    continue
            elif roll < 0.7:  # flush
                ranks = rng.sample(range(13), 5)
                wanted = [r * 4 + suits[0] for r in ranks]
            elif roll < 0.88:  # full house
                r1, r2 = rng.sample(range(13), 2)
                wanted = [r1 * 4 + s for s in suits[:3]] + [r2 * 4 + s for s in suits[:2]]
            else:  # standing pat on nothing: a bluff
                wanted = rng.sample(free, 5)
        elif count == 1:
            if roll < 0.5:
                r1, r2 = rng.sample(range(13), 2)
                wanted = [r1 * 4 + s for s in suits[:2]] + [r2 * 4 + s for s in suits[2:]]
            elif roll < 0.8:
                ranks = rng.sample(range(13), 4)
                wanted = [r * 4 + suits[0] for r in ranks]
            else:
                low = rng.randrange(1, 9)
                wanted = [r * 4 + rng.randrange(4) for r in range(low, low + 4)]
        elif count == 2:
            r1 = rng.randrange(13)
            if roll < 0.75:
                wanted = [r1 * 4 + s for s in suits[:3]]
            else:
                kicker = 12 if r1 != 12 else 11
                wanted = [r1 * 4 + s for s in suits[:2]] + [kicker * 4 + suits[2]]
        else:
            if roll < 0.8:
                r1 = rng.randrange(13)
                wanted = [r1 * 4 + s for s in suits[:2]]
            else:
                r1, r2 = rng.sample(range(9, 13), 2)
                wanted = [r1 * 4 + suits[0], r2 * 4 + suits[1]]
        got = _take(free, used, wanted)
        if got is not None:
            return got
    keep = 5 - count
    chosen = rng.sample([c for c in free if c not in used], keep)
    used.update(chosen)
    return chosen


def _fill(hand: list[int], rng: random.Random, free: list[int], used: set[int]) -> list[int]:
    """Complete a hand to five cards with random unseen cards."""
    need = 5 - len(hand)
    while need:
        c = free[rng.randrange(len(free))]
        if c not in used:
            used.add(c)
            hand.append(c)
            need -= 1
    return hand


def predraw_equity(
    mine: Sequence[Card],
    my_discards: Sequence[Card],
    opponents: Sequence[Likelihood],
    sims: int,
    rng: random.Random,
) -> float:
    """My expected pot share if everyone draws now: weighted Monte Carlo over unknown cards."""
    known = {int(c) for c in mine}
    free = [c for c in range(52) if c not in known]
    kept = [int(c) for c in mine if c not in my_discards]
    total = weight_sum = 0.0
    for _ in range(sims):
        used: set[int] = set()
        weight = 1.0
        opp_hands = []
        for likelihood in opponents:
            hand = _fill([], rng, free, used)
            weight *= likelihood([card(c) for c in hand])
            opp_hands.append(hand)
        if weight <= 0.0:
            continue
        my_final = _fill(list(kept), rng, free, used)
        best_opp = 0
        my_value = hand_value(my_final)
        ties = 0
        for hand in opp_hands:
            throw = best_discards([card(c) for c in hand])
            final = _fill([c for c in hand if c not in throw], rng, free, used)
            value = hand_value(final)
            if value > best_opp:
                best_opp, ties = value, 1 if value == my_value else 0
            elif value == best_opp and value == my_value:
                ties += 1
        share = 1.0 if my_value > best_opp else (1.0 / (1 + ties) if my_value == best_opp else 0.0)
        total += weight * share
        weight_sum += weight
    return total / weight_sum if weight_sum else 0.0


def postdraw_equity(
    mine: Sequence[Card],
    dead: Sequence[int],
    opponents: Sequence[tuple[int, Likelihood, float]],
    sims: int,
    rng: random.Random,
) -> float:
    """My pot share after the draw against hands rebuilt from each opponent's draw count.

    ``opponents`` holds (cards drawn, first-round likelihood, aggression after the draw:
    bets+raises minus a half per call) per opponent.
    """
    known = {int(c) for c in mine} | {int(c) for c in dead}
    free = [c for c in range(52) if c not in known]
    my_value = hand_value(mine)
    total = weight_sum = 0.0
    for _ in range(sims):
        used: set[int] = set()
        weight = 1.0
        best_opp = 0
        ties = 0
        for drawn, likelihood, aggression in opponents:
            kept = _kept_for_draw(min(max(drawn, 0), 3), rng, free, used)
            pre = [card(c) for c in _fill(list(kept), rng, free, set(used))]
            weight *= max(likelihood(pre), 0.02)
            final = _fill(kept, rng, free, used)
            if aggression:
                s = strength_score([card(c) for c in final])
                weight *= (0.08 + s**2) if aggression > 0 else (0.3 + s)
            value = hand_value(final)
            if value > best_opp:
                best_opp, ties = value, 1 if value == my_value else 0
            elif value == best_opp and value == my_value:
                ties += 1
        share = 1.0 if my_value > best_opp else (1.0 / (1 + ties) if my_value == best_opp else 0.0)
        total += weight * share
        weight_sum += weight
    return total / weight_sum if weight_sum else 0.0
