"""The opponent book learns how hands end, and the tendencies it keeps shrink sanely.

A bot only ever sees views at its own decisions, so a fold that ends a hand after its bet
never reaches it as an event. These tests play real hands through the engine, hand the
book only what the bot would see (its decision views, and what it did), and check that
the folds, the river checks behind and the walks are counted all the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from holdem_tui.bots.reads import OpponentBook, PlayerStats
from holdem_tui.bots.tendencies import PRIORS, SHRINK, Tendencies, size_bucket
from holdem_tui.engine.actions import Action
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView

Policy = Callable[[PlayerView], Action]


def _session(hero: Policy, villain: Policy, hands: int, seed: int = 0) -> OpponentBook:
    """Heads-up hands, the button alternating; the book sees only hero's decisions."""
    book = OpponentBook()
    for number in range(hands):
        me = number % 2
        names = ("hero", "villain") if me == 0 else ("villain", "hero")
        config = holdem_config([1000, 1000], 5, 10, hand_number=number + 1, names=names)
        hand = HoldemHand(config, Dealer(seed * 100_000 + number))
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            if actor == me:
                book.update(view)
                action = hero(view)
                book.note(view, action)
            else:
                action = villain(view)
            hand.act(action, actor)
    return book


def _bets_always(view: PlayerView) -> Action:
    legal = view.legal
    assert legal is not None
    if legal.can_raise:
        to = legal.min_raise_to + 20
        return Action.bet(to) if legal.is_bet else Action.raise_to(to)
    return Action.call() if legal.call_amount else Action.check()


def _calls_preflop_folds_later(view: PlayerView) -> Action:
    legal = view.legal
    assert legal is not None
    if not view.board:
        return Action.call() if legal.call_amount else Action.check()
    return Action.check() if legal.can_check else Action.fold()


def test_folds_that_end_the_hand_are_counted() -> None:
    """A villain who calls before the flop and folds to every bet after it: each fold
    ends the hand unseen, yet the book reads it as the folder it is."""
    book = _session(_bets_always, _calls_preflop_folds_later, 60)
    notes = book.notes["villain"]
    stats = book.stats["villain"]
    folds, faced = notes.counts[("fold",)]
    assert faced >= 25 and folds == faced
    assert stats.folded_later_bet == stats.faced_later_bet >= 25
    assert notes.rate(("fold", "-", "flop", "medium")) > 0.8


def test_a_fold_to_a_three_bet_and_to_an_open_are_counted() -> None:
    """Villain opens every button and folds to any re-raise, and folds every big blind
    to an open: the book sees both (before, it saw neither)."""

    def villain(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.current_bet <= 5 and legal.call_amount == 5:
            return Action.raise_to(25)  # opens the button
        return Action.check() if legal.can_check else Action.fold()

    def hero(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        to = max(legal.min_raise_to, 3 * (legal.current_bet + legal.call_amount))
        return Action.raise_to(min(to, legal.max_raise_to)) if legal.can_raise else Action.call()

    book = _session(hero, villain, 40)
    notes = book.notes["villain"]
    assert notes.counts[("fold_3bet",)] == [20, 20]
    # the last hand is never closed: no next hand tells the book it ended
    assert notes.counts[("fold_open", "bb")] == [19, 19]
    assert notes.rate(("open", "late")) > 0.8
    assert book.stats["villain"].fold_to_3bet() > 0.7


def test_a_river_check_behind_is_counted() -> None:
    """Hero checks every river out of position; villain checks behind: the hand ends in
    a showdown hero never decides in, and the check is counted."""

    def hero(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.call() if legal.call_amount else Action.check()

    def villain(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.call() if legal.call_amount else Action.check()

    book = _session(hero, villain, 20)
    notes = book.notes["villain"]
    # hero is out of position (the big blind) in every second hand
    assert notes.counts[("bet", "pas", "river", "x")] == [0, 10]


def test_a_walk_counts_as_a_fold_first_in() -> None:
    """Villain folds every button: hero, in the big blind, never gets a decision in
    those hands, yet each is counted as the villain's fold first in."""

    def villain(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action.check() if legal.can_check else Action.fold()

    def hero(view: PlayerView) -> Action:
        return Action.fold() if view.legal and view.legal.call_amount else Action.check()

    book = _session(hero, villain, 41)
    notes = book.notes["villain"]
    # hero decides only on its 20 buttons; the 19 walks between them are inferred (the
    # first and the last hand are walks with no decision of hero's on either side)
    assert notes.counts[("open", "late")] == [0, 19]
    assert book.stats["villain"].open_chances == 19
    assert book.stats["villain"].hands == 39


def test_tendencies_start_at_the_prior_and_shrink_towards_the_broader_spot() -> None:
    notes = Tendencies()
    prior, _strength = PRIORS["fold"]
    assert abs(notes.rate(("fold", "x", "turn", "large")) - prior) < 0.12
    for _ in range(30):
        notes.add(("fold", "x", "turn", "medium"), True)
    # the turn's medium bets are learned; a large turn bet and the unseen river borrow
    # from them, pulled towards the prior by the pseudo-observations
    assert notes.rate(("fold", "x", "turn", "medium")) > 0.9
    assert notes.rate(("fold", "x", "river", "medium")) > 0.75
    unseen = notes.rate(("fold", "-", "flop", "medium"))
    assert prior + 0.2 < unseen < notes.rate(("fold", "x", "turn", "medium"))
    # a single observation moves a fresh spot only by 1 / (1 + SHRINK) of the way
    fresh = Tendencies()
    before = fresh.rate(("bet", "agg", "flop", "x"))
    fresh.add(("bet", "agg", "flop", "x"), True)
    assert fresh.rate(("bet", "agg", "flop", "x")) - before < 1.0 / (1.0 + SHRINK)
    rng = random.Random(1)
    draws = [notes.sample(("fold", "x", "turn", "medium"), rng) for _ in range(200)]
    assert 0.85 < sum(draws) / len(draws) < 1.0


def test_size_buckets_read_the_bet_against_the_pot_before_it() -> None:
    assert size_bucket(30, 130) == "small"  # 30 into 100
    assert size_bucket(66, 166) == "medium"
    assert size_bucket(120, 220) == "large"


#: each rate of :class:`PlayerStats`: its hits and chances, and its prior as the literal
#: pseudo-counts it was written with before :func:`~holdem_tui.bots.reads.smoothed`
LITERAL_PRIORS: dict[str, tuple[str, str, float, int]] = {
    "raise_rate": ("raised_first_round", "hands", 0.9, 6),
    "reraise_rate": ("reraised", "faced_raise_first_round", 0.3, 6),
    "vpip": ("voluntary", "hands", 1.8, 6),
    "fold_to_bet": ("folded_to_bet", "faced_bet", 4.5, 10),
    "aggression": ("later_aggressive", "later_actions", 3.5, 10),
    "open_rate": ("opens", "open_chances", 2.0, 8),
    "fold_to_3bet": ("folded_to_3bet", "faced_3bet", 2.7, 6),
    "cbet_rate": ("cbets", "cbet_chances", 4.4, 8),
    "raise_to_later_bet": ("raised_later_bet", "faced_later_bet", 1.0, 10),
    "fold_to_later_bet": ("folded_later_bet", "faced_later_bet", 4.0, 10),
}


def test_the_rates_read_their_priors_to_the_bit() -> None:
    """A prior named as a percentage over some chances gives the same float as the
    pseudo-counts written out (0.3 * 6 is not 1.8; the bots' decisions must not move)."""
    for rate, (hits_field, chances_field, prior_hits, prior_chances) in LITERAL_PRIORS.items():
        for chances in range(250):
            for hits in range(chances + 1):
                stats = PlayerStats(**{hits_field: hits, chances_field: chances})
                expected = (hits + prior_hits) / (chances + prior_chances)
                assert getattr(stats, rate)() == expected, (rate, hits, chances)


def test_old_notes_fade_so_a_player_who_changes_is_read_as_it_plays_now() -> None:
    """A player who folded to every 3-bet for a long time, then stopped: the read follows
    the new habit within a couple of hundred chances, and the plain counts keep both."""
    notes = Tendencies()
    for _ in range(600):
        notes.add(("fold_3bet",), True)
    assert notes.rate(("fold_3bet",)) > 0.95
    for _ in range(250):
        notes.add(("fold_3bet",), False)
    assert notes.counts[("fold_3bet",)] == [600, 850]
    assert notes.rate(("fold_3bet",)) < 0.3  # the counts alone say 0.71
