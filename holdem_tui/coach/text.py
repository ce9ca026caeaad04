"""The coach's advice in the player's language: a few short lines for beside the action bar.

Kept apart from the numbers (:mod:`holdem_tui.coach.advice`) so tests check figures, and
the UI, a later hand review or a log all say them in the same words. The last line is what
the hard bot would do in the player's seat with the reason the bot itself gives: its numbers
are its own (it reads the hand its way), so they may differ from the coach's lines above.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.cards import format_cards
from holdem_tui.engine.evaluator import Category
from holdem_tui.i18n import Translator

if TYPE_CHECKING:  # the words need no numbers: the screens import this before any advice
    from holdem_tui.coach.advice import Advice

__all__ = ["coach_lines"]


def _pct(share: float) -> int:
    return round(100 * share)


def _goal(tr: Translator, goal: Category) -> str:
    return tr.t(f"coach.goal.{goal.name.lower()}")


def coach_lines(
    advice: Advice, tr: Translator, *, fits: Callable[[str], bool] | None = None
) -> list[str]:
    """The advice as lines of plain text: equity, price, outs or draws, the hard bot.

    With ``fits`` (whether a line takes one row, on a terminal with no row to spare) the
    hard bot's line keeps its reason only where both fit: its move is never lost, and the
    review says the reason whole."""
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
                cards=format_cards(option.discards, pretty=True),
                goal=_goal(tr, option.goal),
                chance=_pct(option.chance),
            )
        else:
            line = tr.t("coach.stand_pat", goal=_goal(tr, option.goal))
        lines.append(("► " if option.coach else "  ") + line)
    lines.append(_bot_line(advice, tr, fits))
    return lines


def _bot_line(advice: Advice, tr: Translator, fits: Callable[[str], bool] | None) -> str:
    """What the hard bot would do, and why, in the bot's own words: its reason is the one it
    gave for this very decision (the hand review words it the same way), never the coach's
    numbers above put in its mouth."""
    bot = advice.hard_bot
    kind = bot.kind
    if kind is ActionKind.DRAW:
        if bot.discards:
            action = tr.t("coach.bot.draw", cards=format_cards(bot.discards, pretty=True))
        else:
            action = tr.t("coach.bot.pat")
    elif kind in (ActionKind.BET, ActionKind.RAISE):
        key = "bet" if kind is ActionKind.BET else "raise"
        action = tr.t(f"coach.bot.{key}", amount=tr.number(bot.amount or 0))
    else:
        action = tr.t(f"coach.bot.{kind.value}")
    from holdem_tui.coach.reasons import reason_text  # only once there is advice to word

    why = "" if bot.reason is None else reason_text(bot.reason, tr)
    if not why:
        return action
    line = tr.t("coach.bot.because", action=action, why=why)
    return line if fits is None or fits(line) else action
