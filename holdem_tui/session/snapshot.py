"""The read model: the table as one viewer may know it at one moment, frozen.

A :class:`Snapshot` is what every screen and every client draws from: the chairs' stacks,
who is out or away, the limits and the score (:class:`TableState`, what everyone may know),
the viewer's own :class:`~holdem_tui.engine.view.PlayerView` of the hand in play (its own
cards, the public ones, the legal moves when it is its turn), the number of the decision it
is asked (a network seat answers with it), who at this screen may show, and the bots' slips
this hand. The session builds it (:meth:`~holdem_tui.session.controller.Session.snapshot`),
the host sends it to each client as it is (:mod:`holdem_tui.net.protocol`), and a network
seat keeps the last one it received: a local table and a network seat draw from the same
thing, so nothing on screen can depend on where the game is played.

What never changes during a game (the settings, which chairs this screen plays) is the
:class:`Seating`, given once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem_tui.engine.schedule import Level
from holdem_tui.engine.table import Table, TournamentStatus
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.narrate import Slip

if TYPE_CHECKING:
    from holdem_tui.engine.hand import Hand


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """A sit-and-go's progress as every chair may know it, from the host's table as it is.

    ``status`` is what the top bar shows (the level, its stakes, the next and how long
    until it, the players left, the prizes); ``next_hand`` the stakes the next deal is at;
    ``finishes`` each chair placed so far as ``(chair, place, prize)``; ``first_of_level``:
    the hand on show is the first at its level (the log names the level then).
    """

    status: TournamentStatus
    next_hand: Level
    finishes: tuple[tuple[int, int, int], ...] = ()
    first_of_level: bool = False

    @classmethod
    def of(cls, table: Table, hand: Hand | None, past: Sequence[Hand]) -> TournamentTable | None:
        """The progress of ``table``'s sit-and-go with ``hand`` in play (or just finished)
        after the finished hands ``past`` (``None`` at a cash table)."""
        tournament = table.config.tournament
        if tournament is None:
            return None
        finishes = tuple((f.seat, f.place, f.prize) for f in table.finishes.values())
        first = False
        if hand is not None and hand.config.tournament is not None:
            number = hand.config.hand_number
            before = [h for h in past if h.config.hand_number < number]
            last = before[-1].config.tournament if before else None
            first = last is None or last.level != hand.config.tournament.level
        coming = tournament.schedule.level(table.next_level())
        return cls(table.tournament_status(), coming, finishes, first)


@dataclass(frozen=True, slots=True)
class TableState:
    """What everyone at the table may know between and during hands, chair by chair.

    ``stacks`` are the chips in front of each chair (during a hand: behind, not bet);
    ``busted`` the hand each chair went out in; ``away`` is ``True`` for a person's chair
    whose player is not at the table (``None`` for bots); ``last_hand``: the hand in play
    is the session's last (a finished one: the session is over); ``away_left``: the chair
    the hand waits for is Away, and is played for (checked or folded) in that many seconds.
    """

    stacks: tuple[int, ...]
    busted: tuple[int | None, ...]
    away: tuple[bool | None, ...]
    hand_number: int
    hands_left: int | None
    minutes_left: int | None
    last_hand: bool
    hands_won: tuple[int, ...]
    away_left: int | None = None
    #: a sit-and-go's level, prizes and places (``None`` at a cash table)
    tournament: TournamentTable | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table for one viewer at one moment (see the module).

    ``view`` is ``None`` before the first deal; ``decision`` is the number of the decision
    the viewer is asked now (``None``: none); ``may_show`` the chairs of this screen that
    won without a showdown and may still turn their cards up; ``slips`` the decisions of
    this hand (by index) a bot failed and was replaced at.
    """

    table: TableState
    view: PlayerView | None
    decision: int | None = None
    may_show: tuple[int, ...] = ()
    slips: tuple[tuple[int, Slip], ...] = ()

    def stack(self, seat: int) -> int:
        """Chips in front of a chair now (in a hand: its stack there)."""
        position = self.position_of(seat)
        if self.view is not None and position is not None:
            return self.view.seats[position].stack
        return self.table.stacks[seat]

    def position_of(self, seat: int) -> int | None:
        """The chair's position in the hand on show, or ``None`` if it is not dealt in."""
        if self.view is None:
            return None
        for seat_view in self.view.seats:
            if seat_view.seat == seat:
                return seat_view.position
        return None

    def is_out(self, seat: int) -> bool:
        """Busted: no chips and not in the hand on show."""
        return self.position_of(seat) is None and self.table.stacks[seat] <= 0

    def is_away(self, seat: int) -> bool:
        """Whether a person's chair is empty for now (a network table)."""
        return self.table.away[seat] is True

    @property
    def actor_seat(self) -> int | None:
        """The chair the hand waits for, if any."""
        view = self.view
        if view is None or view.complete or view.to_act is None:
            return None
        return view.seats[view.to_act].seat

    @property
    def over(self) -> bool:
        """The hand on show is finished and it was the session's last."""
        return self.table.last_hand and self.view is not None and self.view.complete


@dataclass(frozen=True, slots=True)
class Seating:
    """What a screen knows for the whole game: its settings, and the chairs it plays."""

    settings: GameSettings
    local_seats: tuple[int, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """Every chair's name as the settings give it ("" for an unnamed person)."""
        return self.settings.seat_names()
