"""Tournament tables with stacked decks, and decisions set up at one of them."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import Card, parse_cards
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.payouts import DEFAULT_PAYOUTS, Payouts
from holdem_tui.engine.schedule import Level, LevelClock, Schedule
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.tournament import TournamentSpec
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.history.phh_replay import ReplayDealer


class StackedTable(Table):
    """A table whose next hands deal chosen cards: ``deals`` holds, per hand, each seat's
    hole cards (seats left out get cards from the rest of the deck) and the board."""

    deals: deque[tuple[Mapping[int, str], str]]

    def dealer_for(self, order: Sequence[int]) -> Dealer:
        if not getattr(self, "deals", None):
            return super().dealer_for(order)
        holes, board = self.deals.popleft()
        queues: dict[int, deque[tuple[Card, ...] | None]] = {
            position: deque([parse_cards(holes[seat]) if seat in holes else None])
            for position, seat in enumerate(order)
        }
        boards = deque(parse_cards(part) for part in (board[:6], board[6:8], board[8:]) if part)
        known = {c for q in queues.values() for cards in q if cards for c in cards}
        known |= {c for b in boards for c in b}
        return ReplayDealer(queues, boards, known)


#: the blinds of :func:`decision` unless a test names others
BLINDS = Level(100, 200)


def one_level(level: Level, variant: Variant = Variant.HOLDEM) -> TournamentSpec:
    """A tournament whose stakes never change (a decision at given blinds)."""
    return TournamentSpec("test", Schedule(variant, (level,), LevelClock.HANDS, 100))


def decision(
    stacks: Sequence[int],
    cards: Mapping[int, str],
    before: Sequence[Action] = (),
    *,
    level: Level = BLINDS,
    payouts: Payouts = DEFAULT_PAYOUTS,
) -> PlayerView:
    """The view of whoever acts after ``before`` in the first hand of a tournament with
    these stacks (seat 0 has the button; with two players it is the small blind)."""
    spec = TournamentSpec("test", one_level(level).schedule, payouts)
    names = tuple(f"p{i}" for i in range(len(stacks)))
    table = StackedTable(TableConfig(Variant.HOLDEM, names, tournament=spec, seed=3))
    table.deals = deque([(cards, "")])
    for seat, stack in zip(table.seats, stacks, strict=True):
        seat.stack = stack
    hand = table.start_hand()
    for action in before:
        hand.act(action)
    actor = hand.actor
    assert actor is not None
    return hand.view(actor)
