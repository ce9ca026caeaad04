"""The coach in a tournament: the push-or-fold chart's advice, and the ICM cost of a call.

At 20 big blinds or less before the flop the coach says what the chart
(:mod:`holdem_tui.bots.pushfold`) does with the player's hand here: "Push: K9s is in the
top 38% from the button at 8 bb". Facing one all-in near the money it adds what the call
costs in prizes (:func:`holdem_tui.bots.tournament_play.prize_call`): the equity the call
needs by the prizes beside the pot odds, and how much of the prize pool calling gains or
loses against folding, with the opponent on the chart's range. Both come from the same
code the bots decide with, from the player's own view only, and are worded here in the
player's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem_tui.bots.preflop_equity import class_name, class_of_cards
from holdem_tui.bots.pushfold import range_share
from holdem_tui.bots.tournament_play import PrizeCall, Role, chart_spot, prize_call
from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import Translator

__all__ = ["ChartAdvice", "chart_advice", "tournament_lines"]


@dataclass(frozen=True, slots=True)
class ChartAdvice:
    """What the chart does with this hand here.

    ``verb`` is ``push``, ``fold`` (first in), ``call`` or ``pass`` (facing an all-in);
    ``share`` is the chart's range from this seat as a share of all starting hands;
    ``seat`` names the seat the range is for (the pusher's when facing an all-in).
    """

    verb: str
    hand: str
    share: float
    seat: str
    count: int


def chart_advice(view: PlayerView) -> ChartAdvice | None:
    """The chart's advice at this decision, or ``None`` where the chart has none."""
    spot = chart_spot(view)
    if spot is None or spot.chances is None or view.me is None:
        return None
    hand = class_of_cards(*view.my_cards)
    inside = spot.chances[hand] >= 0.5
    players = len(spot.table.order)
    if spot.role is Role.CALL:
        assert spot.opener is not None
        verb = "call" if inside else "pass"
        seat = seat_name(spot.opener, players)
    else:
        verb = "push" if inside else "fold"
        seat = seat_name(spot.table.me, players)
    return ChartAdvice(verb, class_name(hand), range_share(spot.chances), seat, spot.count)


def seat_name(position: int, players: int) -> str:
    """The usual name of a place in the order of play before the flop (a locale key)."""
    if players == 2:
        return ("button", "big_blind")[position]
    names = ("big_blind", "small_blind", "button", "cutoff", "hijack")
    from_last = players - 1 - position
    return names[from_last] if from_last < len(names) else "early"


def tournament_lines(view: PlayerView, tr: Translator) -> list[str]:
    """The chart's line and, near the money facing an all-in, the ICM lines."""
    lines = []
    advice = chart_advice(view)
    if advice is not None:
        lines.append(
            tr.t(
                f"coach.chart.{advice.verb}",
                hand=advice.hand,
                range=max(1, round(100 * advice.share)),
                seat=tr.t(f"coach.seat.{advice.seat}"),
                count=advice.count,
            )
        )
    info = view.tournament
    prizes = prize_call(view)
    if info is not None and prizes is not None and info.near_the_money(len(view.seats)):
        lines.extend(icm_lines(prizes, tr))
    return lines


def icm_lines(prizes: PrizeCall, tr: Translator) -> list[str]:
    """The ICM cost of a call, in words: the equity it needs beside the pot odds, and the
    prize equity of calling and of folding (in the tournament's prize units)."""
    return [
        tr.t(
            "coach.icm.need",
            icm=round(100 * prizes.icm_need),
            chips=round(100 * prizes.chips_need),
            equity=round(100 * prizes.equity),
        ),
        tr.t(
            "coach.icm.worth",
            call=tr.number(round(prizes.call)),
            fold=tr.number(round(prizes.fold)),
            pool=tr.number(round(prizes.pool)),
        ),
    ]
