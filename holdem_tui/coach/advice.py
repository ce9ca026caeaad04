"""What the coach says at one decision, computed from the human's :class:`PlayerView` only.

The coach reads opponents exactly as the hard bot does (its range reading and its Monte
Carlo, imported, not copied), so "vs ranges" means what the hard bot would believe from
the same public actions. Nothing here can peek: the only input is the frozen view, and
every random number comes from a fixed seed, so one view always gets the same advice
(which also lets the result be cached per decision).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np

from holdem_tui.bots.draw_common import best_discards
from holdem_tui.bots.draw_hard import DrawHard
from holdem_tui.bots.draw_montecarlo import predraw_equity
from holdem_tui.bots.holdem_common import draws, made_hand, pot_odds
from holdem_tui.bots.holdem_hard import HoldemHard
from holdem_tui.bots.levels import HardBot
from holdem_tui.bots.reads import opponents_in_hand, read_hand
from holdem_tui.coach.draw_odds import DrawOption, draw_options
from holdem_tui.coach.outs import Outs, count_outs
from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.cards import Card
from holdem_tui.engine.decision import Reason, as_decision
from holdem_tui.engine.equity import equity
from holdem_tui.engine.events import CardsDrawn, Street
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.variants import RULES, Variant
from holdem_tui.engine.view import PlayerView

__all__ = ["Advice", "BotLine", "DrawOption", "Outs", "advise"]

#: one seed for every random number the coach draws: the same view, the same advice
COACH_SEED: Final = 17
#: Monte Carlo deals when enumeration is too dear (the engine enumerates exactly up to
#: 50,000 deals: the river, the turn heads-up); 12,000 keeps the standard error under
#: half a point, within the 50 ms a decision may cost on a busy 2-core machine
SIMS: Final = 12_000
#: preflop equity needs less precision (ranges are wide, the decision coarse)
SIMS_PREFLOP: Final = 6_000
DRAW_SIMS: Final = 2_000


@dataclass(frozen=True, slots=True)
class BotLine:
    """What the hard bot would do in the human's seat: the action, its size, and the bot's
    own reason (its numbers, which may differ from the coach's: it reads the hand its way)."""

    kind: ActionKind
    amount: int | None
    discards: tuple[Card, ...]
    reason: Reason | None = None


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's numbers for one decision.

    ``equity`` is the share of the pot against the players still in, read as the hard bot
    reads them ("vs ranges"); ``break_even`` is the equity a call needs (``None`` with
    nothing to call); ``outs`` the named draws on the flop and turn; ``draw_options`` the
    sensible draws of Five-Card Draw with their chances, and ``throw`` the coach's discards.
    """

    variant: str
    equity: float
    opponents: int
    call: int
    pot: int
    break_even: float | None
    outs: Outs | None
    draw_options: tuple[DrawOption, ...]
    throw: tuple[Card, ...] | None
    hard_bot: BotLine


def range_equity(cards: tuple[Card, ...], ranges: list[Range], board: tuple[Card, ...]) -> float:
    """Equity against these ranges: exact where the engine can enumerate, else seeded MC."""
    if not ranges:
        return 1.0
    sims = SIMS if board else SIMS_PREFLOP
    try:
        return equity(cards, ranges, board, sims=sims, seed=COACH_SEED).equity
    except ValueError:
        # a range emptied by the known cards: those players are treated as unknown
        unknown: list[Range | None] = [None] * len(ranges)
        return equity(cards, unknown, board, sims=sims, seed=COACH_SEED).equity


def read_ranges(view: PlayerView, opponents: list[int]) -> list[Range]:
    """The ranges the hard bot would read for ``opponents`` from this view's public
    actions, with a fresh memory (the coach knows this hand's story, nothing older).

    Read by the hard bot's own public reader (:meth:`HoldemHard.ranges`): one opponent
    after the flop, the range it tracks action by action; otherwise its multiway reading.
    """
    return HoldemHard(random.Random(COACH_SEED)).ranges(view, opponents)


def _draw_equity(view: PlayerView, opponents: list[int]) -> float:
    """Five-Card Draw equity against opponents read from their bets and draws."""
    if not opponents:
        return 1.0
    read = read_hand(view)
    cards = view.my_cards
    generator = np.random.default_rng(COACH_SEED)
    mine_drawn = [e for e in view.history if isinstance(e, CardsDrawn) and e.player == view.me]
    if not mine_drawn:
        actions = [read.seat(p).last_raise or read.seat(p).entry for p in opponents]
        return predraw_equity(cards, best_discards(cards), actions, DRAW_SIMS, generator)
    reader = DrawHard(random.Random(COACH_SEED))
    reader.book.update(view)
    return reader.postdraw_equity(view, read)


def _hard_bot_line(view: PlayerView) -> BotLine:
    """The hard bot's answer to the same view, with a fixed seed and a fresh memory."""
    decision = as_decision(HardBot(COACH_SEED).decide(view))
    action = decision.action
    if action.kind is ActionKind.ALL_IN and view.legal is not None:
        action = view.legal.all_in_action()  # said as the bet, raise or call it is
    return BotLine(action.kind, action.amount, tuple(action.discards), decision.reason)


@lru_cache(maxsize=16)
def advise(view: PlayerView) -> Advice:
    """The coach's advice for the decision ``view`` carries (cached: views are frozen).

    Raises ``ValueError`` for a view without a decision or without the viewer's cards.
    """
    legal = view.legal
    if legal is None or view.me is None or not view.my_cards:
        raise ValueError("the coach needs a view with the viewer's own decision")
    opponents = opponents_in_hand(view)
    call = legal.call_amount
    pot = view.total_pot
    outs = None
    options: tuple[DrawOption, ...] = ()
    throw = None
    if view.variant is Variant.DRAW:
        eq = _draw_equity(view, opponents)
        drawn = any(isinstance(e, CardsDrawn) and e.player == view.me for e in view.history)
        if not drawn and view.street in (Street.PREDRAW, Street.DRAW):
            limit = legal.max_discards if legal.can_draw else RULES[view.variant].max_discards
            throw = tuple(best_discards(view.my_cards))[:limit]
            options = draw_options(view.my_cards, limit)
    else:
        eq = range_equity(view.my_cards, read_ranges(view, opponents), view.board)
        if len(view.board) in (3, 4) and made_hand(view.my_cards, view.board).level < 3:
            outs = count_outs(view.my_cards, view.board, draws(view.my_cards, view.board))
    return Advice(
        variant=view.variant,
        equity=eq,
        opponents=len(opponents),
        call=call,
        pot=pot,
        break_even=pot_odds(call, pot) if call else None,
        outs=outs,
        draw_options=options,
        throw=throw,
        hard_bot=_hard_bot_line(view),
    )
