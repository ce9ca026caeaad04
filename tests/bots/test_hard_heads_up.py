"""The hard level heads-up and its reads: charts by players dealt in, pot-odds defence,
snowing in draw, bluffs that follow how often an opponent folds, and the expected-value
pieces against primed reads (steals, light 3-bets, folding to a rare raiser's river
raise, river bluffs by fold rate).

Each test plays real hands through the engine and asks the bot only for its decision on
the view it is given; the numbers compared are frequencies over many deals, chosen so a
bot without the behaviour fails (a 6-max chart on the button, a fixed defence, no snow,
the same bluffing against everybody, a call of any river raise).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from holdem_tui.bots import make_bot
from holdem_tui.bots.holdem_common import made_hand
from holdem_tui.bots.holdem_heads_up import LIGHT_CAP
from holdem_tui.bots.reads import OpponentBook
from holdem_tui.bots.tendencies import Tendencies
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.evaluator import Category, category_of, hand_value
from holdem_tui.engine.events import CardsDrawn
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from tests.support import scripted

Policy = Callable[[PlayerView], Action | Decision]


def _holdem(players: int, number: int, names: tuple[str, ...] = ()) -> HoldemHand:
    config = holdem_config([1000] * players, 5, 10, hand_number=number + 1, names=names)
    return HoldemHand(config, Dealer(number))


def _aggressive(answer: Action | Decision) -> bool:
    return as_decision(answer).action.kind in (ActionKind.BET, ActionKind.RAISE)


@pytest.mark.slow
def test_heads_up_button_opens_wide_and_six_max_first_seat_does_not() -> None:
    # a fresh bot each deal: each hand is left after the first decision, which a bot
    # that remembers its table would read as everybody folding to it (and open wider)
    hu_raises = early_raises = 0
    deals = 300
    for number in range(deals):
        hand = _holdem(2, number)
        assert hand.actor == 1  # heads-up the button (small blind) acts first
        hu_raises += _aggressive(make_bot("hard", number).decide(hand.view(1)))
        six = _holdem(6, number)
        assert six.actor == 2  # under the gun
        early_raises += _aggressive(make_bot("hard", number).decide(six.view(2)))
    assert hu_raises / deals >= 0.6, hu_raises
    assert early_raises / deals <= 0.2, early_raises


@pytest.mark.slow
def test_big_blind_defends_by_pot_odds() -> None:
    """Against a min-raise the big blind continues with most hands (solid heads-up players
    defend about two thirds to three quarters there: a call of one blind wins three and a
    half); against a raise to eight blinds (much worse odds) with far fewer."""
    continued = {20: 0, 80: 0}
    deals = 200
    for size in continued:
        for number in range(deals):
            hand = _holdem(2, 10_000 + number)
            hand.act(Action.raise_to(size), 1)
            assert hand.actor == 0
            action = make_bot("hard", number).decide(hand.view(0))  # no memory of others
            continued[size] += action.kind is not ActionKind.FOLD
    assert continued[20] / deals >= 0.65, continued
    assert continued[80] / deals <= 0.55, continued
    assert continued[20] - continued[80] >= 0.25 * deals, continued


def _play_heads_up(hand: Hand, policies: dict[int, Policy]) -> None:
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.act(as_decision(policies[actor](hand.view(actor))).action, actor)


def _folder(view: PlayerView) -> Action:
    """Checks when it may, folds to any bet; stands pat in the draw."""
    legal = view.legal
    assert legal is not None
    if legal.can_draw:
        return Action.draw(())
    return Action.check() if legal.can_check else Action.fold()


def _caller(view: PlayerView) -> Action:
    """Calls everything, checks when it may; draws three to whatever it holds."""
    legal = view.legal
    assert legal is not None
    if legal.can_draw:
        return Action.draw(tuple(sorted(legal.hand)[:3]))
    return Action.call() if legal.call_amount else Action.check()


@pytest.mark.slow
def test_draw_hard_snows_sometimes_heads_up() -> None:
    """Standing pat with nothing (after betting) happens, and only with a plan to bet."""
    bot = make_bot("hard", 9)
    snows = 0
    for number in range(400):
        config = draw_config([400, 400], 5, 10, 20, hand_number=number + 1, names=("hard", "f"))
        hand = DrawHand(config, Dealer(number))
        _play_heads_up(hand, {0: bot.decide, 1: _calls_then_folds})
        pat = any(
            isinstance(event, CardsDrawn) and event.player == 0 and event.count == 0
            for event in hand.events
        )
        snows += pat and category_of(hand_value(hand.hole[0])) == Category.HIGH_CARD
    assert snows >= 1, snows


def _calls_then_folds(view: PlayerView) -> Action:
    """Calls before the draw, draws three, then folds to any bet: a snow's ideal target."""
    legal = view.legal
    assert legal is not None
    if legal.can_draw:
        return Action.draw(tuple(sorted(legal.hand)[:3]))
    if view.street.value == "predraw":
        return Action.call() if legal.call_amount else Action.check()
    return Action.check() if legal.can_check else Action.fold()


def _air_bets(opponent: Policy, seed: int) -> tuple[int, int]:
    """(bets with no pair when checked to after the flop, such spots) for hard heads-up."""
    bot = make_bot("hard", seed)
    bets = spots = 0
    for number in range(250):
        me = number % 2  # hard alternates between the big blind and the button
        names = ("hard", "villain") if me == 0 else ("villain", "hard")
        hand = _holdem(2, 20_000 + number, names=names)
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            if actor != me:
                hand.act(as_decision(opponent(view)).action, actor)
                continue
            action = as_decision(bot.decide(view)).action
            legal = view.legal
            assert legal is not None
            if view.board and legal.can_check and made_hand(view.my_cards, view.board).level == 0:
                spots += 1
                bets += _aggressive(action)
            hand.act(action, actor)
    return bets, spots


def _preflop_caller_then(policy: Policy) -> Policy:
    """Calls before the flop (so there is a flop), then plays ``policy``."""

    def decide(view: PlayerView) -> Action | Decision:
        legal = view.legal
        assert legal is not None
        if not view.board:
            return Action.call() if legal.call_amount else Action.check()
        return policy(view)

    return decide


@pytest.mark.slow
def test_reads_widen_bluffs_against_a_folder() -> None:
    """Against an opponent who folds to every bet after the flop, hard bets its air far
    more often than against one who calls every bet."""
    fold_bets, fold_spots = _air_bets(_preflop_caller_then(_folder), seed=21)
    call_bets, call_spots = _air_bets(_preflop_caller_then(_caller), seed=21)
    assert fold_spots >= 40 and call_spots >= 40
    assert fold_bets / fold_spots >= call_bets / call_spots + 0.12, (
        fold_bets,
        fold_spots,
        call_bets,
        call_spots,
    )


def test_book_counts_opens_three_bets_cbets_and_folds_to_bets() -> None:
    """The counts the adaptation rests on are read from the public history alone."""
    rng = random.Random(4)
    book = OpponentBook()
    for number in range(40):
        hero = number % 2
        names = ("hero", "villain") if hero == 0 else ("villain", "hero")
        hand = _holdem(2, 30_000 + number, names=names)
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            legal = view.legal
            assert legal is not None
            if actor == hero:
                book.update(view)
                if not view.board and legal.can_raise and rng.random() < 0.5:
                    action = Action.raise_to(legal.min_raise_to)
                elif view.board and legal.can_raise and legal.is_bet:
                    action = Action.bet(legal.min_raise_to)
                else:
                    action = Action.call() if legal.call_amount else Action.check()
            elif not view.board:
                # villain opens every button, folds to every 3-bet, calls every open
                if legal.can_raise and legal.call_amount <= 5:
                    action = Action.raise_to(legal.min_raise_to)
                elif legal.current_bet >= 20 and legal.call_amount:
                    action = Action.fold()  # it opened and meets a re-raise
                else:
                    action = Action.call() if legal.call_amount else Action.check()
            else:
                # after the flop it bets when it may and folds to any bet
                if legal.can_raise and legal.is_bet:
                    action = Action.bet(legal.min_raise_to)
                else:
                    action = Action.check() if legal.can_check else Action.fold()
            hand.act(action, actor)
        book.update(hand.view(hero))
    stats = book.stats["villain"]
    assert stats.open_chances >= 15 and stats.opens == stats.open_chances
    assert stats.faced_3bet >= 3 and stats.folded_to_3bet == stats.faced_3bet
    assert stats.faced_later_bet >= 3 and stats.folded_later_bet == stats.faced_later_bet
    assert stats.cbet_chances >= 1 and stats.cbets == stats.cbet_chances
    assert stats.open_rate() > 0.6 and stats.fold_to_3bet() > 0.5
    assert stats.fold_to_later_bet() > 0.5


# ----------------------------------------------------------------------------------
# the expected-value pieces against primed reads (a fresh bot per decision, its notes on
# the opponent set as if it had watched it for a while)


#: counts of (hits, chances) per spot, as a hard bot's notes on an opponent hold them
Notes = dict[tuple[str, ...], tuple[int, int]]


def _primed(seed: int, spots: Notes) -> Policy:
    """A fresh hard bot whose notes on "villain" hold ``hits`` of ``n`` at each spot."""
    bot = make_bot("hard", seed)
    notes = bot.holdem.book.notes.setdefault("villain", Tendencies())  # type: ignore[attr-defined]
    for key, (hits, n) in spots.items():
        for i in range(n):
            notes.add(key, i < hits)
    return bot.decide


def _duel(
    number: int,
    hero_button: bool,
    holes: tuple[str, str] | None = None,
    board: tuple[str, ...] = (),
) -> HoldemHand:
    names = ("villain", "hard") if hero_button else ("hard", "villain")
    config = holdem_config([1000, 1000], 5, 10, hand_number=number + 1, names=names)
    if holes is None:
        return HoldemHand(config, Dealer(40_000 + number))
    return HoldemHand(config, scripted.dealer(holes, board))


def test_steals_every_button_from_a_big_blind_that_always_folds() -> None:
    """First in on the button: against a big blind seen folding every time it opens
    nearly everything; against one seen 3-betting most opens, far less."""
    deals = 200
    opened = {"folder": 0, "three_bettor": 0}
    reads: dict[str, Notes] = {
        "folder": {("fold_open", "bb"): (60, 60)},
        "three_bettor": {("fold_open", "bb"): (6, 60), ("3bet_open", "bb"): (45, 60)},
    }
    for number in range(deals):
        hand = _duel(number, hero_button=True)
        for name, spots in reads.items():
            opened[name] += _aggressive(_primed(number, spots)(hand.view(1)))
    assert opened["folder"] >= 0.95 * deals, opened
    assert opened["three_bettor"] <= opened["folder"] - 0.3 * deals, opened


@pytest.mark.slow
def test_three_bets_light_against_an_opener_who_folds_to_three_bets() -> None:
    """In the big blind against a wide opener: 3-bets far more often when the opener
    has been seen folding to 3-bets than when it 4-bets them."""
    deals = 200
    three = {"folds": 0, "fights": 0}
    reads = {
        "folds": {("open", "late"): (50, 70), ("fold_3bet",): (36, 40)},
        "fights": {("open", "late"): (50, 70), ("fold_3bet",): (8, 40), ("4bet_3bet",): (14, 40)},
    }
    for number in range(deals):
        hand = _duel(number, hero_button=False)
        hand.act(Action.raise_to(25), 1)
        for name, spots in reads.items():
            three[name] += _aggressive(_primed(number, spots)(hand.view(0)))
    assert three["folds"] >= 0.45 * deals, three
    assert three["fights"] <= 0.2 * deals, three


def _river_raised(number: int) -> HoldemHand:
    """Hero (big blind) holds top pair, top kicker on an ace-high river; the button opened,
    bet the flop, checked the turn, and now raises hero's river bet."""
    hand = _duel(number, False, ("AhJc", "KsKd"), ("As8d4c", "2h", "9s"))
    for actor, action in (
        (1, Action.raise_to(25)),
        (0, Action.call()),
        (0, Action.check()),
        (1, Action.bet(25)),
        (0, Action.call()),
        (0, Action.check()),
        (1, Action.check()),
        (0, Action.bet(60)),
        (1, Action.raise_to(220)),
    ):
        hand.act(action, actor)
    return hand


def test_folds_a_second_best_hand_to_a_rare_raiser_on_the_river() -> None:
    """Top pair facing a river raise: folded against a player who has raised almost no
    bet it faced (its raise is a better hand), called against one who raises half."""
    rare = {("raise",): (0, 120), ("raise", "river"): (0, 10)}
    often = {("raise",): (60, 120), ("raise", "river"): (5, 10)}
    folds = {"rare": 0, "often": 0}
    for number in range(30):
        for name, spots in (("rare", rare), ("often", often)):
            view = _river_raised(number).view(0)
            folds[name] += _primed(number, spots)(view).kind is ActionKind.FOLD
    assert folds["rare"] == 30, folds
    assert folds["often"] == 0, folds


def _river_checked_to(number: int) -> HoldemHand:
    """Hero (button) holds seven-high, no draw left; the big blind called the flop
    and turn and checks the river to it."""
    hand = _duel(number, True, ("9h9d", "7d6d"), ("As8d4c", "2h", "3s"))
    for actor, action in (
        (1, Action.raise_to(25)),
        (0, Action.call()),
        (0, Action.check()),
        (1, Action.bet(20)),
        (0, Action.call()),
        (0, Action.check()),
        (1, Action.check()),
        (0, Action.check()),
    ):
        hand.act(action, actor)
    return hand


def test_river_bluffs_rise_against_a_player_who_folds_after_checking() -> None:
    """Seven-high on the river, checked to: bets it nearly always against a player seen
    folding to bets after checking, rarely against one who calls them."""
    folder: Notes = {("fold", "x"): (45, 50)}
    caller: Notes = {("fold", "x"): (5, 50)}
    bets = {"folder": 0, "caller": 0}
    for number in range(40):
        for name, spots in (("folder", folder), ("caller", caller)):
            view = _river_checked_to(number).view(1)
            bets[name] += _aggressive(_primed(number, spots)(view))
    assert bets["folder"] >= 36, bets
    assert bets["caller"] <= 8, bets


def test_light_three_bets_stay_within_bounds_against_a_folder() -> None:
    """One bot in the big blind meeting opens from a player seen folding to every 3-bet:
    it 3-bets light, but no more of the opens than its bound (plus its value 3-bets), so
    an opponent who starts continuing cannot punish a 3-bet on every hand."""
    bot = _primed(7, {("open", "late"): (60, 70), ("fold_3bet",): (40, 40)})
    deals = 160
    three = 0
    for number in range(deals):
        hand = _duel(number, hero_button=False)
        hand.act(Action.raise_to(25), 1)
        three += _aggressive(bot(hand.view(0)))
    assert 0.15 * deals <= three <= (LIGHT_CAP[1] + 0.12) * deals, three
