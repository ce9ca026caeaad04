"""What a finished hand's showdown marks on the table: the hands' final names, the winning
cards, who won and what the pots paid.

The engine judged the shown hands once, with the final board
(:class:`~holdem_tui.engine.events.HandEnded`), and paid each pot
(:class:`~holdem_tui.engine.events.PotAwarded`); these read that from a viewer's history and
never judge a hand again. The presenter (:mod:`holdem_tui.session.present`) decides when
they may show: not while hands are still being turned up.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import CardsShown, Event, HandEnded, PotAwarded
from holdem_tui.engine.view import PlayerView
from holdem_tui.session.labels import Judged


def final_ranks(view: PlayerView) -> dict[int, Judged]:
    """The made hand of every shown seat as the hand ended: the engine judged the showdown's
    hands with the final board (:class:`HandEnded`), and a hand shown by choice afterwards
    carries its own rank."""
    ranks: dict[int, Judged] = {}
    for event in view.history:
        if isinstance(event, HandEnded):
            ranks.update((hand.player, hand) for hand in event.shown)
        elif isinstance(event, CardsShown) and event.name_key and event.voluntary:
            ranks[event.player] = event
    return ranks


def best_fives(view: PlayerView) -> dict[int, tuple[Card, ...]]:
    """Per position, the five cards its shown hand made at the end."""
    best: dict[int, tuple[Card, ...]] = {}
    for event in view.history:
        if isinstance(event, HandEnded):
            best.update((hand.player, hand.best_five) for hand in event.shown)
    return best


def winning_cards(view: PlayerView) -> dict[int, set[Card]]:
    """Per position, the five cards that won it a pot at a real showdown (none if uncontested)."""
    best = best_fives(view)
    marked: dict[int, set[Card]] = {}
    for event in view.history:
        if isinstance(event, PotAwarded) and not event.uncontested:
            for position, amount in event.shares:
                if amount > 0 and position in best:
                    marked.setdefault(position, set()).update(best[position])
    return marked


def paid(history: Sequence[Event]) -> dict[int, int]:
    """Per position, the chips the pots paid it (taken off the stacks while the hands are
    still being turned up, so the stacks do not tell the result early)."""
    total: dict[int, int] = {}
    for event in history:
        if isinstance(event, PotAwarded):
            for position, amount in event.shares:
                total[position] = total.get(position, 0) + amount
    return total


def paid_positions(history: Sequence[Event]) -> set[int]:
    """The positions some pot paid."""
    return {
        position
        for event in history
        if isinstance(event, PotAwarded)
        for position, amount in event.shares
        if amount > 0
    }
