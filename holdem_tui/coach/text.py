"""The coach's advice in the player's language: a few short lines for beside the action bar.

Kept apart from the numbers (:mod:`holdem_tui.coach.advice`) so tests check figures, and
the UI, a later hand review or a log all say them in the same words. The hard bot's reason
is built from the coach's own numbers: the bot gives none, and a reason in the same terms
as the lines above it is the easiest to follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import Category
from holdem_tui.i18n import Translator

if TYPE_CHECKING:  # the words need no numbers: the screens import this before any advice
    from holdem_tui.coach.advice import Advice

__all__ = ["coach_lines"]

#: below this equity a bet or raise is named a bluff (semi-bluff) in the hard bot's line
BLUFF_EQUITY = 0.3


def _pct(share: float) -> int:
    return round(100 * share)


def _cards(cards: Sequence[Card], ascii_only: bool) -> str:
    return " ".join(Card(int(c)).pretty(ascii_only=ascii_only) for c in cards)


def _goal(tr: Translator, goal: Category) -> str:
    return tr.t(f"coach.goal.{goal.name.lower()}")


def coach_lines(advice: Advice, tr: Translator, *, ascii_only: bool = False) -> list[str]:
    """The advice as lines of plain text: equity, price, outs or draws, the hard bot."""
    equity = _pct(advice.equity)
    lines = [tr.plural("coach.equity", advice.opponents, equity=equity)]
    if advice.break_even is not None:
        lines.append(
            tr.t(
                "coach.pot_odds",
                pot=tr.number(advice.pot),
                call=tr.number(advice.call),
                need=_pct(advice.break_even),
            )
        )
    elif advice.throw is None:
        lines.append(tr.t("coach.free"))
    if advice.outs is not None:
        names = " + ".join(tr.t(f"coach.draw_name.{n}") for n in advice.outs.names)
        text = tr.plural("coach.outs", advice.outs.outs, chance=_pct(advice.outs.chance))
        lines.append(f"{names[:1].upper()}{names[1:]}: {text}")
    for option in advice.draw_options:
        if option.discards:
            line = tr.t(
                "coach.draw_option",
                cards=_cards(option.discards, ascii_only),
                goal=_goal(tr, option.goal),
                chance=_pct(option.chance),
            )
        else:
            line = tr.t("coach.stand_pat", goal=_goal(tr, option.goal))
        lines.append(("► " if option.coach else "  ") + line)
    lines.append(_bot_line(advice, tr, ascii_only))
    return lines


def _bot_line(advice: Advice, tr: Translator, ascii_only: bool) -> str:
    """What the hard bot would do, with a reason from the coach's numbers."""
    bot = advice.hard_bot
    equity = _pct(advice.equity)
    need = _pct(advice.break_even or 0.0)
    amount = tr.number(bot.amount) if bot.amount is not None else ""
    kind = bot.kind
    if kind is ActionKind.DRAW:
        if not bot.discards:
            return tr.t("coach.bot.pat")
        return tr.t("coach.bot.draw", cards=_cards(bot.discards, ascii_only))
    if kind in (ActionKind.BET, ActionKind.RAISE):
        key = "bet" if kind is ActionKind.BET else "raise"
        if advice.equity < BLUFF_EQUITY:
            key = f"bluff_{key}"
        return tr.t(f"coach.bot.{key}", amount=amount, equity=equity)
    if kind is ActionKind.CALL:
        return tr.t("coach.bot.call", equity=equity, need=need)
    if kind is ActionKind.FOLD:
        return tr.t("coach.bot.fold", equity=equity, need=need)
    return tr.t("coach.bot.check", equity=equity)
