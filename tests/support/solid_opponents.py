"""Two solid reference opponents for both games, playing from the view alone.

They are the yardstick of issue 16: the hard level has to beat them heads-up and at a
6-max table. Neither is a strawman. The tight-aggressive player (:class:`TightAggressive`)
plays the usual charts by position and by the number of players dealt in (heads-up it
raises most buttons and defends its big blind), 3-bets for value with a few bluffs,
c-bets heads-up, bets made hands and strong draws, raises two pair or better and folds
weak hands to big bets. The loose-aggressive one (:class:`LooseAggressive`) opens and
defends wide, 3-bets light, c-bets and barrels often, semi-bluff raises draws and calls
down lighter. In Five-Card Draw both open and defend by hand class and seat, draw by the
book, bet made hands after the draw and call by hand strength against the draw count;
the loose one also bluffs and stands pat as a bluff now and then.

Run them from the command line with ``PYTHONPATH=tests holdem-tui simulate --bots
hard,solid_opponents:TightAggressive --duplicate``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from holdem_tui.bots.draw_common import best_discards, describe
from holdem_tui.bots.holdem_common import (
    board_texture,
    draws,
    made_hand,
    position_group,
    preflop_percentile,
)
from holdem_tui.bots.reads import HandRead, opponents_in_hand, read_hand
from holdem_tui.engine.actions import Action, LegalActions
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.events import Street
from holdem_tui.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Style:
    """The numbers that make a player tight or loose (ranges in top-x% of combos)."""

    open_hu: float  # heads-up button
    open_3h: dict[str, float]  # three-handed: late (button), sb
    open_full: dict[str, float]  # 4+ handed by position group
    threebet_hu: float  # big blind versus a button open
    threebet: float
    threebet_bluff: float  # chance to 3-bet a hand just outside the calling range
    defend_hu: float  # big blind calls a heads-up open
    call_open: float  # calls an open elsewhere
    bb_call_open: float
    call_3bet: float
    fourbet: float
    cbet_hu: float  # chance to c-bet air heads-up
    cbet_multi: float
    barrel: float  # chance to fire again with air as the aggressor
    river_bluff: float
    call_flop_level: int  # made-hand level that calls a flop bet
    call_turn_level: int
    call_river_level: int
    semi_bluff_raise: float
    # draw
    draw_open_pair_hu: int  # lowest pair rank (0 = deuces) opened heads-up
    draw_open_pair: int
    draw_call_pair_hu: int
    draw_call_pair: int
    draw_bet_pair_hu: int  # after the draw: lowest pair bet heads-up
    draw_call_after_pair: int  # after the draw: lowest pair that calls a bet
    draw_bluff: float
    draw_snow: float


TAG = Style(
    open_hu=62.0,
    open_3h={"late": 42.0, "sb": 34.0},
    open_full={"early": 14.0, "middle": 19.0, "late": 30.0, "sb": 28.0, "bb": 12.0},
    threebet_hu=9.0,
    threebet=5.0,
    threebet_bluff=0.12,
    defend_hu=48.0,
    call_open=11.0,
    bb_call_open=24.0,
    call_3bet=10.0,
    fourbet=2.6,
    cbet_hu=0.55,
    cbet_multi=0.2,
    barrel=0.25,
    river_bluff=0.15,
    call_flop_level=2,
    call_turn_level=3,
    call_river_level=3,
    semi_bluff_raise=0.15,
    draw_open_pair_hu=4,  # sixes
    draw_open_pair=9,  # jacks
    draw_call_pair_hu=6,  # eights
    draw_call_pair=9,
    draw_bet_pair_hu=10,  # queens
    draw_call_after_pair=8,  # tens
    draw_bluff=0.08,
    draw_snow=0.0,
)

LAG = Style(
    open_hu=82.0,
    open_3h={"late": 55.0, "sb": 45.0},
    open_full={"early": 18.0, "middle": 25.0, "late": 42.0, "sb": 38.0, "bb": 20.0},
    threebet_hu=15.0,
    threebet=9.0,
    threebet_bluff=0.3,
    defend_hu=62.0,
    call_open=16.0,
    bb_call_open=35.0,
    call_3bet=16.0,
    fourbet=4.5,
    cbet_hu=0.8,
    cbet_multi=0.45,
    barrel=0.5,
    river_bluff=0.35,
    call_flop_level=1,
    call_turn_level=2,
    call_river_level=3,
    semi_bluff_raise=0.45,
    draw_open_pair_hu=0,
    draw_open_pair=6,
    draw_call_pair_hu=2,
    draw_call_pair=7,
    draw_bet_pair_hu=7,
    draw_call_after_pair=5,
    draw_bluff=0.3,
    draw_snow=0.12,
)


def _raise(legal: LegalActions, to: int) -> Action:
    if not legal.can_raise:
        return _call(legal)
    amount = max(legal.min_raise_to, min(legal.max_raise_to, int(to)))
    return Action.bet(amount) if legal.is_bet else Action.raise_to(amount)


def _call(legal: LegalActions) -> Action:
    return Action.call() if legal.call_amount else Action.check()


def _fold(legal: LegalActions) -> Action:
    return Action.check() if legal.can_check else Action.fold()


class _Solid:
    """Shared decision flow; the style decides the numbers."""

    style: Style = TAG
    label = "solid"

    def __init__(self, seed: int | None = None) -> None:
        self.name = self.label
        self.rng = random.Random(seed)
        self._snowing: int | None = None

    def decide(self, view: PlayerView) -> Action:
        """Play the view's decision by the style."""
        legal = view.legal
        assert legal is not None
        read = read_hand(view)
        if view.variant == "draw":
            return self._draw_game(view, legal, read)
        if not view.board:
            return self._preflop(view, legal, read)
        return self._postflop(view, legal, read)

    # ------------------------------------------------------------ hold'em

    def _preflop(self, view: PlayerView, legal: LegalActions, read: HandRead) -> Action:
        s = self.style
        me = view.me or 0
        players = len(view.seats)
        group = position_group(me, players)
        pct = preflop_percentile(view.my_cards)
        bb = view.min_bet
        facing = legal.current_bet + legal.call_amount
        raises = read.first_round_raises
        stack_total = legal.stack + legal.current_bet
        if raises == 0:
            if players == 2:
                open_pct = s.open_hu if group == "late" else s.open_full["bb"] * 1.5
            elif players == 3 and group in s.open_3h:
                open_pct = s.open_3h[group]
            else:
                open_pct = s.open_full[group]
            if pct <= open_pct:
                return _raise(legal, int((2.5 + read.limpers) * bb))
            return _fold(legal)
        heads_up = players == 2 or len(opponents_in_hand(view)) == 1
        if facing >= 0.4 * stack_total:  # a shove or near it
            return Action.call() if pct <= s.fourbet else _fold(legal)
        if raises == 1:
            threebet = s.threebet_hu if players == 2 else s.threebet
            if pct <= threebet:
                return _raise(legal, int(facing * (4.0 if group in ("sb", "bb") else 3.2)))
            call_pct = (
                s.defend_hu if players == 2 else (s.bb_call_open if group == "bb" else s.call_open)
            )
            if pct <= call_pct * 1.35 and pct > call_pct and self.rng.random() < s.threebet_bluff:
                return _raise(legal, int(facing * (4.0 if group in ("sb", "bb") else 3.2)))
            if pct <= call_pct or (heads_up and group == "bb" and pct <= call_pct * 1.1):
                return Action.call()
            return _fold(legal)
        if raises == 2:
            if pct <= s.fourbet:
                return _raise(legal, int(facing * 2.3))
            if pct <= s.call_3bet:
                return Action.call()
            return _fold(legal)
        if pct <= s.fourbet * 0.6:
            return _raise(legal, legal.max_raise_to)
        return Action.call() if pct <= s.fourbet else _fold(legal)

    def _postflop(self, view: PlayerView, legal: LegalActions, read: HandRead) -> Action:
        s = self.style
        me = view.me or 0
        board = view.board
        made = made_hand(view.my_cards, board)
        draw = draws(view.my_cards, board)
        level = made.level
        outs = draw.outs
        pot = view.total_pot
        opponents = opponents_in_hand(view)
        heads_up = len(opponents) == 1
        street = view.street
        texture = board_texture(board)
        aggressor = read.previous_aggressor == me
        call = legal.call_amount
        if call == 0:
            value_level = 3 if street is Street.FLOP or heads_up else 4
            if level >= value_level:
                size = 0.75 if texture.wet else 0.6
                return _raise(legal, int(pot * size))
            if street is not Street.RIVER and outs >= 8:
                return _raise(legal, int(pot * 0.6))
            if aggressor:
                if street is Street.FLOP:
                    chance = s.cbet_hu if heads_up else s.cbet_multi
                    if texture.wet:
                        chance *= 0.75
                elif street is Street.TURN:
                    chance = s.barrel if heads_up else 0.0
                    if outs >= 4:
                        chance += 0.3
                else:
                    chance = s.river_bluff if heads_up and level <= 1 else 0.0
                if self.rng.random() < chance:
                    return _raise(legal, int(pot * (0.4 if not texture.wet else 0.6)))
            elif heads_up and street is not Street.FLOP and self.rng.random() < s.barrel * 0.4:
                return _raise(legal, int(pot * 0.5))  # a stab when checked to
            return Action.check()
        ratio = call / max(1, pot - call)  # the bet against the pot before it
        if level >= 5 or (level >= 4 and street is Street.FLOP and texture.wet is False):
            if legal.can_raise and self.rng.random() < 0.8:
                return _raise(legal, legal.current_bet + call + int(1.1 * pot))
            return Action.call()
        if (
            legal.can_raise
            and street is not Street.RIVER
            and outs >= 8
            and heads_up
            and self.rng.random() < s.semi_bluff_raise
        ):
            return _raise(legal, legal.current_bet + call + int(1.0 * pot))
        need = {
            Street.FLOP: s.call_flop_level,
            Street.TURN: s.call_turn_level,
            Street.RIVER: s.call_river_level,
        }[street]
        if ratio > 0.9:
            need += 1  # big bets need more
        elif ratio < 0.4 and street is not Street.RIVER:
            need -= 1
        if not heads_up:
            need += 1
        if level >= max(1, need):
            return Action.call()
        if street is not Street.RIVER:
            price = call / (pot + call)
            odds = (outs * (4 if street is Street.FLOP else 2)) / 100.0
            if outs >= 8 and odds >= price * 0.8:
                return Action.call()
            if street is Street.FLOP and draw.overcards == 2 and ratio <= 0.5 and heads_up:
                return Action.call()
        return _fold(legal)

    # ------------------------------------------------------------ draw

    def _draw_game(self, view: PlayerView, legal: LegalActions, read: HandRead) -> Action:
        s = self.style
        cards = view.my_cards
        info = describe(cards)
        me = view.me or 0
        opponents = opponents_in_hand(view)
        heads_up = len(opponents) == 1
        players = len(view.seats)
        if legal.can_draw:
            if self._snowing == view.hand_number:
                return Action.draw(())
            return Action.draw(best_discards(cards)[: legal.max_discards])
        cat = info.category
        pair = info.pair_rank
        call = legal.call_amount
        if view.street is Street.PREDRAW:
            self._snowing = None
            raises = read.first_round_raises
            drawish = bool(info.flush_draw) or (bool(info.straight_draw) and info.open_ended)
            hu_game = players == 2
            open_pair = s.draw_open_pair_hu if hu_game else s.draw_open_pair
            if not hu_game and me >= players - 2:
                open_pair -= 2  # late seats open wider
            ace_high = cat == Category.HIGH_CARD and max(c >> 2 for c in cards) == 12
            if raises == 0:
                strong = cat >= Category.TWO_PAIR or (cat == Category.PAIR and pair >= open_pair)
                if strong or (hu_game and ace_high and s is LAG):
                    return _raise(legal, legal.max_raise_to)
                if (
                    s.draw_snow
                    and heads_up
                    and cat == Category.HIGH_CARD
                    and not drawish
                    and self.rng.random() < s.draw_snow
                ):
                    self._snowing = view.hand_number
                    return _raise(legal, legal.max_raise_to)
                if call == 0:
                    return Action.check()
                if drawish or (cat == Category.PAIR and pair >= open_pair - 3):
                    return Action.call()
                return _fold(legal)
            call_pair = s.draw_call_pair_hu if heads_up else s.draw_call_pair
            if raises >= 2:
                call_pair += 2
            if cat >= Category.THREE_OF_A_KIND or (
                cat == Category.TWO_PAIR and pair >= 9 and raises == 1
            ):
                return _raise(legal, legal.max_raise_to)
            if cat == Category.TWO_PAIR or (cat == Category.PAIR and pair >= call_pair):
                return Action.call() if call else Action.check()
            if drawish and (raises == 1 or not heads_up):
                return Action.call() if call else Action.check()
            return _fold(legal)
        # after the draw
        drawn = [view.seats[p].drawn for p in opponents]
        they_pat = any(d == 0 for d in drawn)
        they_three = all(d is not None and d >= 3 for d in drawn)
        if call == 0:
            if self._snowing == view.hand_number:
                return _raise(legal, legal.max_raise_to)
            bet_pair = s.draw_bet_pair_hu if heads_up else 12
            if cat >= Category.THREE_OF_A_KIND or (cat == Category.TWO_PAIR and not they_pat):
                return _raise(legal, legal.max_raise_to)
            if heads_up and cat == Category.PAIR and pair >= bet_pair and they_three:
                return _raise(legal, legal.max_raise_to)
            if heads_up and cat == Category.HIGH_CARD and self.rng.random() < s.draw_bluff:
                return _raise(legal, legal.max_raise_to)
            return Action.check()
        raises_now = read.street_raises
        if cat >= Category.STRAIGHT or (cat == Category.THREE_OF_A_KIND and not they_pat):
            return _raise(legal, legal.max_raise_to) if raises_now < 3 else Action.call()
        if they_pat:
            return Action.call() if cat >= Category.TWO_PAIR and heads_up else _fold(legal)
        if cat >= Category.TWO_PAIR:
            return Action.call()
        call_after = s.draw_call_after_pair + (0 if heads_up else 2) + (raises_now - 1) * 2
        if cat == Category.PAIR and pair >= call_after:
            return Action.call()
        return _fold(legal)


class TightAggressive(_Solid):
    """A solid tight-aggressive regular (see the module docstring)."""

    style = TAG
    label = "tag"


class LooseAggressive(_Solid):
    """A solid loose-aggressive regular (see the module docstring)."""

    style = LAG
    label = "lag"
