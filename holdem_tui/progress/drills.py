"""The three drills: a spot (a decision exactly as the player would meet it at the table),
the answers it takes, and how each answer is graded.

* **Preflop** (:func:`preflop_spot`): a hand and a position at a 100-big-blind table, the
  players before folding or one of them opening; open, call, 3-bet, check or fold. Graded
  against the hard bot's own answer to that very view (its charts, and its expected-value
  pieces where it plays them): the bot is asked with three seeds, and a spot where its
  answers differ (it mixes there on purpose) is never asked.
* **Pot odds and outs** (:func:`grade_odds`): a spot from a real hand where the player
  faced a bet on the flop or the turn with a draw: the price (the share of the final pot a
  call pays for), the outs, and whether to call, graded by the coach's numbers for that
  view: its break-even equity (within :data:`PRICE_SLACK` points), its count of outs, and
  its equity against the ranges set against the price.
* **Your own spots** (:func:`grade_own`): a decision the hand review flagged "worth a look",
  graded by the coach's expected value at that decision, from the same numbers the review
  showed: a call is worth ``equity × (pot + call) − call``, a fold nothing, a check the share
  of the pot its equity is (``equity × pot``); the river's bets are judged as the flag
  judged them (against the hands that call, or on equity strong enough to be paid).

Everything here is computed from the view alone (no hidden card of anyone else), and is
deterministic: the coach and the bots are seeded.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from holdem_tui.bots.levels import HardBot
from holdem_tui.coach import Advice
from holdem_tui.engine.actions import Action, ActionKind, LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.positions import position_label
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.history.phh_replay import ReplayDealer
from holdem_tui.review.flags import Flag

__all__ = [
    "PREFLOP_SEEDS",
    "PRICE_SLACK",
    "OddsVerdict",
    "OwnVerdict",
    "PreflopSpot",
    "choice_of",
    "choices",
    "grade_odds",
    "grade_own",
    "option_values",
    "preflop_spot",
    "random_preflop_spot",
]

#: the hard bot is asked with each of these seeds; a spot where they disagree is not asked
PREFLOP_SEEDS: Final = (17, 1017, 2017)
#: a price answer this many points from the coach's break-even equity is right
PRICE_SLACK: Final = 2
#: the table of every preflop spot: 100 big blinds each, blinds 5/10, an open to 2.5 BB
STACK, SMALL_BLIND, BIG_BLIND, OPEN_TO = 1000, 5, 10, 25
#: table sizes the preflop drill deals, and how often
TABLE_SIZES: Final = (6, 6, 6, 9, 9, 2)


def choices(legal: LegalActions) -> list[str]:
    """The answers a decision allows: fold (when there is something to call), check, call,
    and bet or raise."""
    out = []
    if legal.call_amount:
        out += ["fold", "call"]
    elif legal.can_check:
        out.append("check")
    if legal.can_raise:
        out.append("raise")
    return out


def choice_of(kind: ActionKind, legal: LegalActions) -> str:
    """The answer an action is (an all-in is the call or raise it would be)."""
    if kind is ActionKind.ALL_IN:
        kind = legal.all_in_action().kind
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return "raise"
    return str(kind.value)


# ---------------------------------------------------------------------------- preflop


@dataclass(frozen=True, slots=True)
class PreflopSpot:
    """A preflop decision and the hard bot's answer to it (with the reason it gave)."""

    view: PlayerView
    answer: str
    decision: Decision

    @property
    def position(self) -> str:
        """The player's position's name (``utg``, ``btn``…)."""
        assert self.view.me is not None
        return position_label(self.view.variant, self.view.me, len(self.view.seats))

    @property
    def key(self) -> str:
        """The spot's id: table size, position, cards and who opened."""
        view = self.view
        cards = "".join(str(Card(int(c))) for c in view.my_cards)
        opened = [e for e in view.history if getattr(e, "aggressive", False)]
        return f"pf:{len(view.seats)}:{view.me}:{cards}:{len(opened)}"


def preflop_view(
    players: int, hero: int, cards: Sequence[int], opener: int | None, seed: int = 0
) -> PlayerView:
    """The view at ``hero``'s first decision: ``cards`` dealt to it, everyone before folding
    except ``opener`` (a position before the hero, or ``None``), who raises to 2.5 BB.

    Positions as the engine numbers them: 0 the small blind, 1 the big blind, then the first
    to act up to the button last (heads-up, 1 is the button). Raises ``ValueError`` for a
    spot that cannot happen (the hand over before the hero acts, an opener after the hero).
    """
    known = frozenset(int(c) for c in cards)
    dealer = ReplayDealer({hero: deque([tuple(Card(int(c)) for c in cards)])}, deque(), known, seed)
    hand = HoldemHand(holdem_config([STACK] * players, SMALL_BLIND, BIG_BLIND), dealer)
    opened = False
    while hand.actor is not None and hand.actor != hero:
        actor = hand.actor
        legal = hand.legal_actions()
        assert legal is not None
        if actor == opener and not opened:
            hand.act(legal.bet_or_raise(OPEN_TO), actor)
            opened = True
        else:
            hand.act(Action.fold(), actor)
    if hand.actor != hero or (opener is not None and not opened):
        raise ValueError("the hand never comes to the hero as asked")
    return hand.view(hero)


def hard_answer(view: PlayerView) -> tuple[str, Decision] | None:
    """The hard bot's answer with each of :data:`PREFLOP_SEEDS` (a fresh bot, reading
    nothing but this view); ``None`` where the answers differ."""
    legal = view.legal
    assert legal is not None
    found: set[str] = set()
    first: Decision | None = None
    for seed in PREFLOP_SEEDS:
        decision = as_decision(HardBot(seed).decide(view))
        found.add(choice_of(decision.action.kind, legal))
        first = first or decision
    if len(found) != 1 or first is None:
        return None
    return found.pop(), first


def preflop_spot(
    players: int, hero: int, cards: Sequence[int], opener: int | None, seed: int = 0
) -> PreflopSpot | None:
    """The spot and the hard bot's answer (``None`` where the bot mixes)."""
    view = preflop_view(players, hero, cards, opener, seed)
    answer = hard_answer(view)
    if answer is None:
        return None
    return PreflopSpot(view, *answer)


def random_preflop_spot(rng: random.Random) -> PreflopSpot:
    """A spot dealt at random: a table size, a position, two cards, folded to the player or
    one player before opening (the big blind always faces an open). Spots where the hard bot
    mixes are dealt again."""
    while True:
        players = rng.choice(TABLE_SIZES)
        order = [*range(2, players), 0, 1] if players > 2 else [1, 0]
        hero = rng.choice(order[:-1] if rng.random() < 0.55 else order[1:])
        before = order[: order.index(hero)]
        opener = (
            rng.choice(before) if before and (hero == order[-1] or rng.random() < 0.45) else None
        )
        cards = rng.sample(range(52), 2)
        try:
            spot = preflop_spot(players, hero, cards, opener, rng.getrandbits(32))
        except ValueError:
            continue
        if spot is not None:
            return spot


# ---------------------------------------------------------------------------- pot odds


@dataclass(frozen=True, slots=True)
class OddsVerdict:
    """The three answers of a pot-odds spot against the coach's numbers."""

    price: int
    outs: int
    call: bool
    price_right: bool
    outs_right: bool
    call_right: bool

    @property
    def right(self) -> bool:
        """All three right."""
        return self.price_right and self.outs_right and self.call_right


def odds_spot_fits(view: PlayerView, advice: Advice) -> bool:
    """Whether a decision makes a pot-odds spot: Hold'em, the flop or the turn, a bet to
    call, and a draw the coach names."""
    legal = view.legal
    return (
        view.variant is Variant.HOLDEM
        and len(view.board) in (3, 4)
        and legal is not None
        and legal.call_amount > 0
        and advice.outs is not None
        and advice.break_even is not None
    )


def grade_odds(advice: Advice, price: int | None, outs: int | None, call: bool) -> OddsVerdict:
    """Grade a price (whole percent), a count of outs and a call (or fold) by the coach."""
    assert advice.outs is not None and advice.break_even is not None
    need = round(100 * advice.break_even)
    right_call = advice.equity >= advice.break_even
    return OddsVerdict(
        price=need,
        outs=advice.outs.outs,
        call=right_call,
        price_right=price is not None and abs(price - need) <= PRICE_SLACK,
        outs_right=outs == advice.outs.outs,
        call_right=call == right_call,
    )


# ---------------------------------------------------------------------------- own spots


@dataclass(frozen=True, slots=True)
class OwnVerdict:
    """An answer to one of the player's own flagged spots: whether it is right, the answers
    that are, and the expected value of each answer the coach can put a number on."""

    right: bool
    best: tuple[str, ...]
    values: dict[str, float]


def option_values(view: PlayerView, advice: Advice) -> dict[str, float]:
    """The coach's expected value, in chips from now, of folding, calling and checking."""
    legal = view.legal
    assert legal is not None
    pot, call, equity = advice.pot, advice.call, advice.equity
    values: dict[str, float] = {}
    if call:
        values["fold"] = 0.0
        values["call"] = equity * (pot + call) - call
    elif legal.can_check:
        values["check"] = equity * pot
    return values


def grade_own(view: PlayerView, advice: Advice, flag: Flag, answer: str) -> OwnVerdict:
    """Grade ``answer`` at a flagged spot by the coach's numbers for the same view."""
    legal = view.legal
    assert legal is not None
    values = option_values(view, advice)
    passive = "check" if legal.can_check else "call"
    best: tuple[str, ...]
    if flag.key in ("call_below_price", "fold_with_equity", "fold_free") and values:
        top = max(values.values())
        best = tuple(name for name, value in values.items() if value >= top - 1e-9)
        if flag.key == "fold_with_equity":
            best += ("raise",)  # not folding is the point; a raise keeps the equity too
        if flag.key == "fold_free":
            best += ("raise",)
    elif flag.key == "thin_river_bet":
        best = (passive,)
    else:  # passive on the river with a strong hand: bet or raise
        best = ("raise",)
    return OwnVerdict(answer in best, best, values)
