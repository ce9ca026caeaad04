"""The drills' words: a spot told as the table would tell it, and the answers' names.

Markup strings (the cards are drawn as the table draws them, in the player's deck), no
Textual widget: the drill screen shows them, the tests read them. Every player is named by
their position ("UTG raises to 25"), the player too ("you are BTN"): a spot from a history
is about the decision, not about who sat there.
"""

from __future__ import annotations

from datetime import timedelta

from babel.dates import format_timedelta

from holdem_tui.engine.actions import ActionKind, LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import BoardDealt, PlayerActed, Street
from holdem_tui.engine.positions import position_label
from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import Translator
from holdem_tui.session.labels import bet_or_raise_key
from holdem_tui.ui import cards as card_art

__all__ = ["choice_label", "in_time", "spot_lines"]

_LOG = {
    ActionKind.FOLD: "log.folds",
    ActionKind.CHECK: "log.checks",
    ActionKind.CALL: "log.calls",
    ActionKind.BET: "log.bets",
    ActionKind.RAISE: "log.raises_to",
}
_STREETS = {Street.FLOP: "log.flop", Street.TURN: "log.turn", Street.RIVER: "log.river"}


def in_time(seconds: float, tr: Translator) -> str:
    """How long until something, as the language says it: "in 10 minutes", "za 2 dana"."""
    delta = timedelta(seconds=max(60.0, seconds))
    return str(format_timedelta(delta, granularity="minute", add_direction=True, locale=tr.lang))


def _name(view: PlayerView, position: int, tr: Translator) -> str:
    return tr.t(f"stats.position.{position_label(view.variant, position, len(view.seats))}")


def story(view: PlayerView, tr: Translator, *, four_colour: bool) -> list[str]:
    """What happened before the decision, a line a street: the actions, the board."""
    lines: list[list[str]] = [[]]
    for event in view.history:
        if isinstance(event, BoardDealt) and event.street in _STREETS:
            chips = card_art.chips(event.cards, four_colour=four_colour)
            lines.append([tr.t(_STREETS[event.street], cards=chips)])
        elif isinstance(event, PlayerActed):
            amount = event.to if event.kind in (ActionKind.BET, ActionKind.RAISE) else event.amount
            key = "log.all_in" if event.all_in else _LOG[event.kind]
            if event.all_in:
                amount = event.to
            lines[-1].append(
                tr.t(key, name=_name(view, event.player, tr), amount=tr.number(amount))
            )
    if lines[0]:
        lines[0].insert(0, tr.t("table.street_preflop") + ":")
    return [" · ".join(parts).replace(": · ", ": ") for parts in lines if parts]


def spot_lines(view: PlayerView, tr: Translator, *, four_colour: bool) -> list[str]:
    """The spot: the table, what happened so far, the player's cards, the board, the pot."""
    assert view.me is not None and view.legal is not None
    me = tr.t("train.you_are", position=_name(view, view.me, tr))
    header = f"{tr.plural('unit.players', len(view.seats))} · {me}"
    told = story(view, tr, four_colour=four_colour)
    lines = [header]
    if view.board:
        lines += told
    elif told:
        actions = told[0].split(": ", 1)[1]
        lines.append(tr.t("train.before", actions=actions))
    else:
        lines.append(tr.t("train.first_in"))
    mine = card_art.chips(tuple(Card(int(c)) for c in view.my_cards), four_colour=four_colour)
    lines.append(tr.t("train.your_cards", cards=mine))
    pot = tr.t("table.pot_amount", amount=tr.number(view.total_pot))
    call = view.legal.call_amount
    if call:
        pot += " · " + tr.t("table.to_call_amount", amount=tr.number(call))
    lines.append(pot)
    return lines


def choice_label(choice: str, view: PlayerView, tr: Translator) -> str:
    """An answer's name on its key: Fold, Check, Call 10, Open, 3-bet, Bet or Raise."""
    legal = view.legal
    assert legal is not None
    if choice == "fold":
        return tr.t("action.fold")
    if choice == "check":
        return tr.t("action.check")
    if choice == "call":
        return tr.t("action.call", amount=tr.number(legal.call_amount))
    return tr.t(raise_key(view, legal))


def raise_key(view: PlayerView, legal: LegalActions) -> str:
    """The name of a bet or raise here: an open or a 3-bet before the flop, else bet or raise.

    An open is the first way into the pot; after limpers the same move is a raise (over them).
    """
    if not view.board:
        acted = [e for e in view.history if isinstance(e, PlayerActed)]
        raises = sum(1 for e in acted if e.aggressive)
        if raises == 0:
            return "action.raise" if any(e.voluntary for e in acted) else "train.open"
        if raises == 1:
            return "train.three_bet"
    return bet_or_raise_key(legal)
