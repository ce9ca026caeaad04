"""Hands with chosen cards, for named rule tests."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence

from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import Card, parse_cards
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.hand import Hand, HandConfig, partial_antes
from holdem_tui.engine.holdem import HoldemHand
from holdem_tui.history.phh_replay import ReplayDealer


def dealer(
    holes: Sequence[str], boards: Sequence[str] = (), draws: Mapping[int, str] | None = None
) -> ReplayDealer:
    """Deal ``holes[i]`` to position i, then the boards in order; ``draws[i]`` are the
    replacement cards position i receives when it draws."""
    queues: dict[int, deque[tuple[Card, ...] | None]] = {
        i: deque([parse_cards(h)]) for i, h in enumerate(holes)
    }
    for player, cards in (draws or {}).items():
        queues[player].append(parse_cards(cards))
    board_queue = deque(parse_cards(b) for b in boards)
    known = {c for q in queues.values() for cards in q if cards for c in cards}
    known |= {c for b in board_queue for c in b}
    return ReplayDealer(queues, board_queue, known)


def holdem(
    stacks: Sequence[int],
    holes: Sequence[str],
    board: Sequence[str] = (),
    *,
    blinds: tuple[int, int] = (1, 2),
    antes: Sequence[int] = (),
    **kwargs: object,
) -> Hand:
    """A Hold'em hand (positions: 0 = small blind, ..., n-1 = button; heads-up 0 = BB)."""
    n = len(stacks)
    uniform = len(set(antes)) == 1 and len(antes) == n
    config = HandConfig(
        starting_stacks=tuple(stacks),
        antes=tuple(antes),
        # as the table plays it (holdem_config): a partial uniform ante makes antes live
        ante_trimming=uniform and partial_antes(stacks, antes[0]),
        blinds=tuple(blinds) + (0,) * (n - 2),
        min_bet=blinds[1],
    )
    return HoldemHand(config, dealer(holes, board), **kwargs)  # type: ignore[arg-type]


def draw(
    stacks: Sequence[int],
    holes: Sequence[str],
    draws: Mapping[int, str] | None = None,
    *,
    ante: int = 1,
    small_bet: int = 2,
    cap: int = 4,
) -> Hand:
    """A Five-Card Draw hand (positions: 0 = left of the button, n-1 = button)."""
    config = draw_config(stacks, ante, small_bet, 2 * small_bet, cap=cap)
    return DrawHand(config, dealer(holes, (), draws))


def random_step(hand: Hand, rng: random.Random, fold: float = 0.3) -> bool:
    """One random legal move (folds, free ones included, with chance ``fold``); False when
    nobody is to act."""
    legal = hand.legal_actions()
    if legal is None:
        return False
    if legal.can_draw:
        hand.act(Action.draw(tuple(rng.sample(legal.hand, rng.randint(0, 3)))))
    elif legal.can_raise and rng.random() < 0.3:
        hand.act(Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to)))
    elif legal.can_fold and rng.random() < fold:
        hand.act(Action.fold())
    else:
        hand.act(Action.call() if legal.call_amount else Action.check())
    return True
