"""Normal Hold'em: a solid, rule-of-thumb regular.

It opens, calls and 3-bets from simplified per-position charts, goes push-or-fold when the
effective stack is short, and after the flop turns its made hand and draws into a rough
equity that it compares with the pot odds, trimmed for wet or paired boards and for every
extra opponent. It does not model anyone: that is what the hard level adds. Each answer
gives the numbers it came from: the hand's rank against the chart's range, the stack in big
blinds, or the estimate against the price.
"""

from __future__ import annotations

import math

from holdem_tui.bots.base import Policy, call_or_check, check_or_fold, raise_action
from holdem_tui.bots.explain import because
from holdem_tui.bots.holdem_common import (
    board_texture,
    draws,
    made_hand,
    position_group,
    pot_odds,
    preflop_percentile,
)
from holdem_tui.bots.reads import (
    HandRead,
    effective_stack,
    in_position,
    opponents_in_hand,
    read_hand,
)
from holdem_tui.bots.tournament_play import short_stack
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision
from holdem_tui.engine.view import PlayerView

#: first-in raising range per position group, as a top percentage of hands
OPEN_PERCENT = {"early": 12.0, "middle": 17.0, "late": 30.0, "sb": 26.0, "bb": 40.0}
#: calling a single raise (not 3-betting), by position group
CALL_PERCENT = {"early": 9.0, "middle": 11.0, "late": 15.0, "sb": 10.0, "bb": 20.0}
THREE_BET_PERCENT = 4.0
FOUR_BET_PERCENT = 2.0
#: with this many big blinds or fewer, it shoves or folds
SHORT_STACK_BB = 13.0
#: rough equity of each made-hand level (see MadeHand) against one opponent
LEVEL_EQUITY = (0.1, 0.3, 0.45, 0.62, 0.72, 0.85, 0.9)
#: facing a raise, a call may cost at most this share of the effective stack
CALL_STACK_SHARE = 0.1
#: facing two raises or more: the hands that call, and the stack share a call may cost
COLD_CALL_PERCENT = 3.5
COLD_CALL_STACK_SHARE = 0.25
#: a postflop draw counts as the reason for a call from this many outs
DRAW_OUTS = 4


def _bb_up(chips: int, bb: int) -> int:
    """Chips in whole big blinds, rounded up (what a call costs, said in a reason)."""
    return math.ceil(chips / bb - 1e-9)


class HoldemNormal(Policy):
    """The normal level's Hold'em policy."""

    def decide(self, view: PlayerView) -> Decision:
        """Chart before the flop, rough equity against pot odds after."""
        chart = short_stack(view, self.rng)  # a tournament at 20 big blinds or less
        if chart is not None:
            return chart
        read = read_hand(view)
        if not view.board:
            return self._preflop(view, read)
        return self._postflop(view, read)

    # ----------------------------------------------------------------- preflop

    def _preflop(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        bb = view.big_blind
        me = view.me or 0
        pct = preflop_percentile(view.my_cards)
        top = pct / 100.0
        group = position_group(me, len(view.seats))
        eff_bb = effective_stack(view) / bb
        facing = legal.current_bet + legal.call_amount
        raises = read.first_round_raises
        if eff_bb <= SHORT_STACK_BB:
            return self._push_or_fold(view, pct, eff_bb, raises)
        if raises == 0:
            # borderline hands are mixed, so the opening range is not a fixed wall
            open_pct = (OPEN_PERCENT[group] - 2.0 * read.limpers) * self.rng.uniform(0.85, 1.15)
            chart = max(0.0, min(1.0, open_pct / 100.0))
            if pct <= open_pct:
                size = (3 if group in ("sb", "bb") else 2.5) * bb + read.limpers * bb
                return because(raise_action(legal, int(size)), "chart_raise", top=top, range=chart)
            if legal.can_check:
                return because(Action.check(), "chart_fold", top=top, range=chart)
            if read.limpers and pct <= open_pct * 1.5 and group in ("late", "sb"):
                return because(Action.call(), "limp_behind", top=top, count=read.limpers)
            return because(Action.fold(), "chart_fold", top=top, range=chart)
        if raises == 1:
            in_pos = group == "late"
            three_bet = 6.0 if in_pos else THREE_BET_PERCENT
            if pct <= THREE_BET_PERCENT or (in_pos and pct <= 6.0 and self.rng.random() < 0.5):
                action = raise_action(legal, int(facing * (3.0 if in_pos else 3.5)))
                return because(action, "chart_raise", top=top, range=three_bet / 100.0)
            call_pct = CALL_PERCENT[group]
            if facing > 4 * bb:
                call_pct *= 0.6
            limit = CALL_STACK_SHARE * eff_bb
            if pct <= call_pct and legal.call_amount <= limit * bb:
                return because(call_or_check(legal), "chart_call", top=top, range=call_pct / 100)
            if pct <= call_pct:
                call, most = _bb_up(legal.call_amount, bb), math.floor(limit)
                return because(check_or_fold(legal), "price_fold", top=top, call=call, limit=most)
            return because(check_or_fold(legal), "chart_fold", top=top, range=call_pct / 100)
        if pct <= FOUR_BET_PERCENT:
            action = (
                raise_action(legal, int(facing * 2.3)) if raises == 2 else legal.all_in_action()
            )
            return because(action, "chart_raise", top=top, range=FOUR_BET_PERCENT / 100)
        limit = COLD_CALL_STACK_SHARE * eff_bb
        if pct <= COLD_CALL_PERCENT and legal.call_amount <= limit * bb:
            chart = COLD_CALL_PERCENT / 100
            return because(call_or_check(legal), "chart_call", top=top, range=chart)
        if pct <= COLD_CALL_PERCENT:
            call, most = _bb_up(legal.call_amount, bb), math.floor(limit)
            return because(check_or_fold(legal), "price_fold", top=top, call=call, limit=most)
        return because(check_or_fold(legal), "chart_fold", top=top, range=COLD_CALL_PERCENT / 100)

    def _push_or_fold(self, view: PlayerView, pct: float, eff_bb: float, raises: int) -> Decision:
        """Short stack: everything in with a range that widens as the stack shrinks."""
        legal = view.legal
        assert legal is not None
        if raises == 0:
            group = position_group(view.me or 0, len(view.seats))
            base = {"early": 12.0, "middle": 16.0, "late": 28.0, "sb": 32.0, "bb": 35.0}[group]
            limit = base * (SHORT_STACK_BB / max(eff_bb, 3.0)) ** 0.5
        else:
            limit = 8.0 * (SHORT_STACK_BB / max(eff_bb, 3.0)) ** 0.5
        stack = max(0, round(eff_bb))
        push = min(1.0, limit / 100.0)
        action = legal.all_in_action() if pct <= limit else check_or_fold(legal)
        return because(action, "push_fold", count=stack, top=pct / 100.0, range=push)

    # ----------------------------------------------------------------- postflop

    def _postflop(self, view: PlayerView, read: HandRead) -> Decision:
        legal = view.legal
        assert legal is not None
        hole, board = view.my_cards, view.board
        made = made_hand(hole, board)
        texture = board_texture(board)
        drawing = draws(hole, board)
        opponents = opponents_in_hand(view)
        est = LEVEL_EQUITY[made.level]
        if texture.wet and made.level in (3, 4):
            est -= 0.07
        if texture.paired and made.level in (1, 2, 3):
            est -= 0.05
        cards_to_come = 5 - len(board)
        est = max(est, 0.0) + drawing.outs * (0.02 * cards_to_come) * (1.0 - est)
        if read.street_raises >= 2:
            est -= 0.12
        est = max(0.0, min(1.0, est)) ** (1.0 + 0.45 * (len(opponents) - 1))
        est += self.rng.uniform(-0.03, 0.03)  # not a fixed threshold: harder to read
        shown = max(0.0, min(1.0, est))  # the estimate as a share, for the reason
        count = len(opponents)
        pot = view.total_pot
        call = legal.call_amount
        stack_left = legal.stack
        in_pos = in_position(view, opponents)
        if call:
            needed = pot_odds(call, pot)
            if est >= 0.7 and legal.can_raise:
                if stack_left <= pot:
                    return because(legal.all_in_action(), "est_commit", equity=shown, count=count)
                action = raise_action(legal, legal.current_bet + call + int(pot * 0.9))
                return because(action, "est_value", equity=shown, count=count)
            if est >= needed + 0.04:
                if drawing.outs >= DRAW_OUTS and made.level < 3:
                    outs = drawing.outs
                    return because(
                        Action.call(), "draw_call", count=outs, equity=shown, need=needed
                    )
                return because(Action.call(), "est_call", equity=shown, need=needed, count=count)
            return because(Action.fold(), "est_fold", equity=shown, need=needed, count=count)
        if est >= 0.55:
            frac = 0.5 + 0.25 * texture.wetness + self.rng.uniform(-0.08, 0.08)
            if stack_left <= pot * 0.6:
                return because(legal.all_in_action(), "est_commit", equity=shown, count=count)
            return because(
                raise_action(legal, int(pot * frac)), "est_value", equity=shown, count=count
            )
        few = len(opponents) <= 2
        if drawing.outs >= 8 and few and cards_to_come and self.rng.random() < 0.5:
            action = raise_action(legal, int(pot * 0.6))
            return because(action, "semi_bluff", count=drawing.outs, chance=0.5)
        if in_pos and len(opponents) == 1 and not texture.wet and self.rng.random() < 0.2:
            return because(raise_action(legal, pot // 2), "position_stab", chance=0.2)
        return because(Action.check(), "est_check", equity=shown, count=count)
