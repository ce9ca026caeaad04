"""Play the same hand through this engine and pokerkit in lockstep, comparing every step.

pokerkit (a test dependency only) is the peer-reviewed reference. The same cards are dealt
to both; at every decision the legal actions must agree; a random legal action is applied to
both; at the end the stacks must agree. Two kinds of difference are on purpose and counted
by the caller, never hidden:

- odd chips: pokerkit gives a split's whole remainder to the first winner, we give it one
  chip at a time starting left of the button;
- casino rules where pokerkit 0.7.7 is not the standard (issue 11, docs/rules.md "Where we differ
  from pokerkit, and why"): an incomplete all-in bet or raise (TDA 47A in no limit, 47B in
  fixed limit) and a big blind all-in for less than a full blind. A hand is only set aside
  when the two engines actually disagree AND its history contains one of these situations
  (:func:`casino_rules_in_play`); a disagreement without one fails the test.

Folding when a check is free (rule 8) is allowed by our engine and refused by pokerkit's
tournament mode (used here so that pokerkit raises on anything it finds wrong), so the random
player only folds facing a bet; partial antes (rule 3) are played with ante
trimming, which is pokerkit's own way, so they are compared like any other hand.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    HandHistory,
    Mode,
    NoLimitTexasHoldem,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from holdem_tui.engine.actions import Action, LegalActions
from holdem_tui.engine.cards import format_cards
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.events import BlindPosted, PlayerActed, PotAwarded, StreetStarted
from holdem_tui.engine.hand import Dealer, Hand, HandConfig
from holdem_tui.engine.holdem import HoldemHand
from holdem_tui.engine.variants import BettingStructure as Structure

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass
class Outcome:
    """What one lockstep hand found."""

    decisions: int
    stacks_ours: tuple[int, ...]
    stacks_pokerkit: tuple[int, ...]
    odd_chip_split: bool
    #: the casino rule that made the engines part ways ("" when they did not)
    casino_rule: str = ""

    @property
    def same_stacks(self) -> bool:
        """Whether both engines paid the same chips to the same seats."""
        return self.stacks_ours == self.stacks_pokerkit


def pokerkit_holdem(config: HandConfig) -> State:
    """A pokerkit No-Limit Hold'em state with the same forced bets and stacks."""
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        config.ante_trimming,
        config.antes or 0,
        config.blinds,
        config.min_bet,
        config.starting_stacks,
        config.player_count,
        mode=Mode.TOURNAMENT,
    )


def pokerkit_draw(config: HandConfig) -> State:
    """pokerkit's generic State set up as fixed-limit five-card draw with one draw."""
    cap = config.max_raises
    return State(
        AUTOMATIONS,
        Deck.STANDARD,
        (StandardHighHand,),
        (
            Street(False, (False,) * 5, 0, False, Opening.POSITION, config.small_bet, cap),
            Street(True, (), 0, True, Opening.POSITION, config.big_bet, cap),
        ),
        BettingStructure.FIXED_LIMIT,
        config.ante_trimming,
        config.antes or 0,
        (0,) * config.player_count,
        0,
        config.starting_stacks,
        config.player_count,
        mode=Mode.TOURNAMENT,
    )


def _deal_pending(state: State, hand: Hand, dealt: list[int], boards: list[int]) -> None:
    """Give pokerkit the cards our engine dealt, in the order pokerkit asks for them."""
    while True:
        if state.can_deal_hole():
            player = state.hole_dealee_index
            assert player is not None
            cards = hand.hole[player]
            pending = len(cards) - dealt[player]
            assert pending > 0, "pokerkit wants more hole cards than we dealt"
            # replacement cards follow the kept ones, at the end of our hand list
            new = cards[dealt[player] :] if dealt[player] < len(cards) else []
            state.deal_hole(format_cards(new[:1]), player)
            dealt[player] += 1
        elif state.can_deal_board():
            count = len(hand.board) - boards[0]
            assert count > 0, "pokerkit wants board cards we have not dealt"
            street_cards = hand.board[boards[0] : boards[0] + 1]
            state.deal_board(format_cards(street_cards))
            boards[0] += 1
        else:
            return


def play_lockstep(hand: Hand, state: State, rng: random.Random) -> Outcome:
    """Drive both engines through one hand with random legal actions; assert they agree."""
    dealt = [0] * hand.n
    boards = [0]
    decisions = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while True:
            _deal_pending(state, hand, dealt, boards)
            legal = hand.legal_actions()
            if legal is None:
                break
            decisions += 1
            if legal.can_draw:
                assert state.stand_patter_or_discarder_index == legal.player
                discards = tuple(rng.sample(legal.hand, rng.randint(0, legal.max_discards)))
                state.stand_pat_or_discard(format_cards(discards))
                # our engine puts replacements at the end; pokerkit removes discards and
                # then deals: keep our count of cards pokerkit already holds in step
                dealt[legal.player] = len(legal.hand) - len(discards)
                hand.act(Action.draw(discards))
                continue
            assert legal.can_fold, "folding is always allowed in a betting round (rule 8)"
            difference = _disagreement(state, legal)
            if difference:
                rules = casino_rules_in_play(hand)
                assert rules, (
                    difference,
                    legal,
                    state.stacks,
                    state.bets,
                    hand.config,
                    hand.events,
                )
                return Outcome(decisions, tuple(hand.stacks), tuple(state.stacks), False, rules[0])
            # our side is played through Hand.act, the path every seat of the game takes
            choice = _choose(legal, rng)
            if choice == "fold":
                state.fold()
                hand.act(Action.fold())
            elif choice == "call":
                state.check_or_call()
                hand.act(Action.call() if legal.call_amount else Action.check())
            else:
                amount = _raise_amount(legal.min_raise_to, legal.max_raise_to, rng)
                state.complete_bet_or_raise_to(amount)
                hand.act(legal.bet_or_raise(amount))
        _deal_pending(state, hand, dealt, boards)
    assert hand.is_complete
    assert not state.status, "pokerkit's hand should be over too"
    rules = casino_rules_in_play(hand) if tuple(hand.stacks) != tuple(state.stacks) else []
    return Outcome(
        decisions,
        tuple(hand.stacks),
        tuple(state.stacks),
        uneven_split(hand),
        rules[0] if rules and not uneven_split(hand) else "",
    )


def _disagreement(state: State, legal: LegalActions) -> str:
    """What pokerkit offers differently at this decision ("" when the same)."""
    if state.actor_index != legal.player:
        return f"pokerkit's actor is p{state.actor_index}"
    if state.checking_or_calling_amount != legal.call_amount:
        return f"pokerkit's call is {state.checking_or_calling_amount}"
    if state.can_complete_bet_or_raise_to() != legal.can_raise:
        return "pokerkit's raise permission differs"
    if legal.can_raise and (
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    ) != (legal.min_raise_to, legal.max_raise_to):
        return "pokerkit's raise bounds differ"
    return ""


SHORT_BLIND = "rule 2: a big blind all-in for less than a full blind"
SHORT_ALL_IN_NL = "rule 1: an incomplete all-in bet or raise in no limit (TDA 47A)"
SHORT_ALL_IN_FL = "rule 5: an incomplete all-in bet or raise in fixed limit (TDA 47B)"


def casino_rules_in_play(hand: Hand) -> list[str]:
    """The casino rules (where pokerkit 0.7.7 is not the standard) whose situation occurred
    in this hand so far: the only reasons a hand may be set aside."""
    rules: list[str] = []
    nominal = max(hand.config.posted_blinds(), default=0)
    blinds = [e.amount for e in hand.events if isinstance(e, BlindPosted)]
    if nominal and max(blinds, default=0) < nominal:
        rules.append(SHORT_BLIND)
    fixed = hand.config.structure is Structure.FIXED_LIMIT  # ours, not pokerkit's
    bet_sizes = {spec.street: spec.min_bet for spec in hand.streets}
    top = max(blinds, default=0)
    full = hand.streets[0].min_bet
    for event in hand.events:
        if isinstance(event, StreetStarted) and event.street in bet_sizes:
            if event.street is not hand.streets[0].street:
                top = 0
            full = bet_sizes[event.street]
        elif isinstance(event, PlayerActed) and event.aggressive:
            increment = event.to - top
            if event.all_in and increment < full:
                rule = SHORT_ALL_IN_FL if fixed else SHORT_ALL_IN_NL
                if rule not in rules:
                    rules.append(rule)
            elif not fixed:
                full = max(full, increment)
            top = max(top, event.to)
    return rules


def uneven_split(hand: Hand) -> bool:
    """Whether any pot of the hand split unevenly: the only hands where pokerkit may pay
    differently. Our odd chips go one at a time per pot (the rule card awards every pot on
    its own); pokerkit merges pots whose losers were killed and gives a whole remainder to
    the first winner."""
    return any(
        isinstance(e, PotAwarded) and len(e.shares) > 1 and e.amount % len(e.shares)
        for e in hand.events
    )


def pokerkit_replay(text: str) -> State:
    """pokerkit's final state after loading and replaying one PHH hand."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = HandHistory.loads(text)
    assert not state.status, "pokerkit's replay should end the hand"
    return state


ODD_CHIP = "odd chips: pokerkit gives a split's whole remainder to the first winner"


def pokerkit_difference(text: str, hand: Hand) -> str:
    """Replay ``text`` in pokerkit: "" when it ends with the same stacks, else the counted
    reason it may differ (:data:`ODD_CHIP`, or a casino rule of :func:`casino_rules_in_play`,
    which may also make pokerkit refuse the history); anything else fails the test."""
    rules = casino_rules_in_play(hand)
    try:
        state = pokerkit_replay(text)
    except (ValueError, AssertionError):
        assert rules, text  # pokerkit refuses a move only the casino rule allows
        return rules[0]
    if list(state.stacks) == list(hand.stacks):
        return ""
    assert sum(state.stacks) == sum(hand.stacks)
    if uneven_split(hand):
        return ODD_CHIP
    assert rules, text
    return rules[0]


def _choose(legal: LegalActions, rng: random.Random) -> str:
    options = ["call", "call"]
    if legal.call_amount > 0:  # pokerkit refuses a fold when checking is free
        options.append("fold")
    if getattr(legal, "can_raise", False):
        options += ["raise", "raise"]
    return rng.choice(options)


def _raise_amount(low: int, high: int, rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.3:
        return low
    if roll < 0.45:
        return high
    return rng.randint(low, high)


def random_stacks(n: int, big: int, rng: random.Random) -> tuple[int, ...]:
    """Stacks with many short ones, so side pots, short all-ins and run-outs are common."""
    kinds = [
        lambda: rng.randint(1, big * 3),
        lambda: rng.randint(big, big * 20),
        lambda: rng.randint(big * 20, big * 200),
    ]
    return tuple(rng.choice(kinds)() for _ in range(n))


def random_holdem(rng: random.Random) -> tuple[Hand, State]:
    """A random No-Limit Hold'em spot (2–9 seats, random blinds, sometimes antes)."""
    n = rng.randint(2, 9)
    big = rng.choice([2, 10, 20, 100])
    small = rng.choice([big // 2, big // 2, big]) or 1
    ante_roll = rng.random()
    if ante_roll < 0.2:
        antes: tuple[int, ...] = (rng.randint(1, big),) * n
    elif ante_roll < 0.3:
        bb_position = 0 if n == 2 else 1
        antes = tuple(big if i == bb_position else 0 for i in range(n))
    else:
        antes = ()
    config = HandConfig(
        starting_stacks=random_stacks(n, big, rng),
        antes=antes,
        blinds=(small, big) + (0,) * (n - 2),
        min_bet=big,
        # trimming a lone big-blind ante returns all of it, and pokerkit then skips that
        # player's blind if the ante had put them all-in: a corner no real game reaches, so
        # trimming is only combined with uniform antes
        ante_trimming=(ante_roll < 0.2 and rng.random() < 0.5)
        or (not antes and rng.random() < 0.3),
    )
    hand = HoldemHand(config, Dealer(rng.getrandbits(32)))
    return hand, pokerkit_holdem(config)


def random_draw(rng: random.Random) -> tuple[Hand, State]:
    """A random Five-Card Draw spot (2–6 seats, random ante and limits, short stacks)."""
    n = rng.randint(2, 6)
    small = rng.choice([2, 10, 20])
    ante = rng.randint(1, small)
    config = draw_config(
        random_stacks(n, small * 2, rng), ante, small, small * 2, cap=rng.choice([3, 4, 5])
    )
    hand = DrawHand(config, Dealer(rng.getrandbits(32)))
    return hand, pokerkit_draw(config)
