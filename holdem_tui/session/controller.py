"""The game session without a screen: the table, the hand in play, the bots and the score.

Kept free of Textual so the rules of *who may see what* and *whose turn it is* can be tested in
plain Python, and so the UI is only a renderer plus a keyboard. The Textual app asks this
object what to show and tells it what a human decided; bot decisions are computed elsewhere
(in thread workers) from :meth:`Session.bot_view` and handed back through :meth:`Session.act`.

Seats vs positions: a *seat* is a chair at the table (0 is the first chair of the settings,
drawn at the bottom of the screen) and never changes; a *position* is the engine's index in
the current hand (0 = left of the button) and changes every hand as the button moves.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from holdem_tui.bots.seeds import bot_seed
from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.decision import (
    Decision,
    Reason,
    as_decision,
    reasons_from_data,
    reasons_to_data,
)
from holdem_tui.engine.events import Event, HandEnded, PotAwarded
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.narrate import Slip
from holdem_tui.session.outcome import BiggestPot, EndReason, SessionResult
from holdem_tui.session.snapshot import Seating, Snapshot, TableState, TournamentTable

if TYPE_CHECKING:
    from holdem_tui.bots.base import Bot
    from holdem_tui.storage.autosave import Resumed, SaveFile
    from holdem_tui.storage.session import SessionStore

#: how many finished hands the table keeps to look back at
PAST_HANDS_KEPT = 20

#: builds a bot from a level or ``module:Class`` spec and a seed (the registry's make_bot)
BotFactory = Callable[[str, int | None], "Bot"]


def default_bot_factory(spec: str, seed: int | None) -> Bot:
    """The real bots from :mod:`holdem_tui.bots.registry`, imported only when a bot sits down."""
    from holdem_tui.bots.registry import make_bot

    return make_bot(spec, seed)


class Session:
    """One session at one table: deals hands, applies decisions, keeps the score.

    ``clock`` returns seconds (``time.monotonic`` by default); tests pass a fake one to run
    minute limits without waiting.
    """

    def __init__(
        self,
        settings: GameSettings,
        bot_factory: BotFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._start_story(settings)
        factory = bot_factory or default_bot_factory
        for index, seat in enumerate(settings.seats):
            if not seat.is_human:
                # never from the deck's stream: see holdem_tui.bots.seeds
                seed = bot_seed(settings.seed, index)
                self.bots[index] = factory(seat.level, seed)
        self._clock = clock
        self._last_tick = clock()

    def _start_story(self, settings: GameSettings) -> None:
        """Everything the table and the end screen read, at the start of a session.

        The network seat's session starts from here too (with no bot and no hand of its
        own), so a field the screens read is never missing on one side.
        """
        self.settings = settings
        self.table = Table(settings.table_config())
        self.hand: Hand | None = None
        self.names: tuple[str, ...] = settings.seat_names()
        #: chairs played on this screen (a network client: its own one only)
        self.local_seats: tuple[int, ...] = settings.humans
        self.bots: dict[int, Bot] = {}
        self.hands_won = [0] * len(settings.seats)
        #: the last finished hands, newest last, for the "previous hands" view at the table
        self.past_hands: list[Hand] = []
        #: every hand finished in this run of the session, oldest first: the hand review and
        #: the end screen's stats read them (a resumed session's earlier hands are in its
        #: history, :attr:`history_path`; :attr:`finished_before` says how many)
        self.played: list[Hand] = []
        #: hands finished before this run (a session continued from its save)
        self.finished_before = 0
        #: the session's hand history, kept after storage closes (``None``: none written)
        self.history_path: Path | None = None
        #: times each chair bought back in after busting (counted on the end screen)
        self.rebuys = [0] * len(settings.seats)
        #: why the session ended when a player decided it (busted); else read from the table
        self.ended_by: EndReason | None = None
        #: humans who busted and chose to watch the others finish
        self.watching: set[int] = set()
        self.biggest_pot: BiggestPot | None = None
        #: autosave and hand history (see :meth:`start_storage`); ``None`` stores nothing
        self.store: SessionStore | None = None
        #: why storage could not start (a read-only or odd data folder), else ``None``
        self.storage_failure: str | None = None
        #: each hand's bot reasons, by decision index (:meth:`reasons_of`); kept as long as
        #: the hand is (the current one and :attr:`past_hands`), then in the history file
        self._reasons: weakref.WeakKeyDictionary[Hand, dict[int, Reason]] = (
            weakref.WeakKeyDictionary()
        )
        #: each hand's bot faults, by decision index (:meth:`slips_of`), kept likewise
        self._slips: weakref.WeakKeyDictionary[Hand, dict[int, Slip]] = weakref.WeakKeyDictionary()

    # ------------------------------------------------------------------ seats

    @property
    def seat_count(self) -> int:
        """Chairs at the table, busted ones included."""
        return len(self.settings.seats)

    def is_human(self, seat: int) -> bool:
        """Whether this chair is played from the keyboard."""
        return self.settings.seats[seat].is_human

    def position_of(self, seat: int) -> int | None:
        """The seat's position in the current hand, or ``None`` if it is not dealt in."""
        if self.hand is None:
            return None
        seats = self.hand.config.seats
        return seats.index(seat) if seat in seats else None

    @property
    def actor_seat(self) -> int | None:
        """The chair whose decision the hand waits for, if any."""
        if self.hand is None or self.hand.actor is None:
            return None
        return self.hand.config.seats[self.hand.actor]

    def stack(self, seat: int) -> int:
        """Chips in front of a chair right now (during a hand: what is behind, not bet)."""
        position = self.position_of(seat)
        if self.hand is not None and position is not None:
            return self.hand.stacks[position]
        return self.table.seats[seat].stack

    # ------------------------------------------------------------------ hands

    def start_hand(self) -> Hand:
        """Deal the next hand (the button moves); raises ``RuntimeError`` if the session is over."""
        self.tick()
        self.hand = self.table.start_hand()
        self.save()
        return self.hand

    def view_for(self, seat: int | None, *, reveal_all: bool = False) -> PlayerView:
        """What ``seat`` may know now (``None``: a spectator who knows only public cards).

        ``reveal_all`` is honoured only when no human is seated: watching bots is the one
        case where seeing every hand spoils nothing.
        """
        assert self.hand is not None
        position = None if seat is None else self.position_of(seat)
        reveal = reveal_all and self.settings.watch_only and seat is None
        return self.hand.view(position, reveal_all=reveal)

    def seating(self) -> Seating:
        """What a screen of this session knows for the whole game."""
        return Seating(self.settings, self.local_seats)

    def table_state(
        self, away: tuple[bool | None, ...] | None = None, away_left: int | None = None
    ) -> TableState:
        """What everyone at the table may know now; ``away`` marks a network table's
        people who are not at it (``None``: everyone here), ``away_left`` the seconds until
        the Away chair the hand waits for is played for."""
        count = self.seat_count
        hand = self.hand
        last = hand is not None and (
            self.is_last_hand() if not hand.is_complete else self.is_over()
        )
        if away is None:
            away = tuple(False if self.is_human(s) else None for s in range(count))
        return TableState(
            stacks=tuple(self.stack(s) for s in range(count)),
            busted=tuple(self.table.seats[s].busted_in_hand for s in range(count)),
            away=away,
            hand_number=self.table.hand_number,
            hands_left=self.hands_left(),
            minutes_left=self.minutes_left(),
            last_hand=last,
            hands_won=tuple(self.hands_won),
            away_left=away_left,
            tournament=TournamentTable.of(self.table, self.hand, self.past_hands),
        )

    def snapshot(
        self,
        viewer: int | None,
        *,
        reveal_all: bool = False,
        local: tuple[int, ...] | None = None,
        decision: int | None = None,
        away: tuple[bool | None, ...] | None = None,
        away_left: int | None = None,
    ) -> Snapshot:
        """The table for ``viewer`` now (the read model every screen and client draws).

        ``local`` are the chairs of the screen it is for (the people at this keyboard,
        else :attr:`local_seats`): of them, those who may show now are named; ``decision``
        is the number of the decision the viewer is asked (a network seat's).
        """
        hand = self.hand
        view = None if hand is None else self.view_for(viewer, reveal_all=reveal_all)
        chairs = self.local_seats if local is None else local
        over = hand is not None and hand.is_complete
        may_show = tuple(s for s in chairs if self.may_show(s)) if over else ()
        slips = () if hand is None else tuple(sorted(self.slips_of(hand).items()))
        table = self.table_state(away, away_left)
        return Snapshot(table, view, decision, may_show, slips)

    def bot_view(self, seat: int) -> PlayerView:
        """The view a bot decides from: its own position, never anything more."""
        return self.view_for(seat)

    def act(
        self,
        seat: int,
        action: Action,
        reason: Reason | None = None,
        *,
        slip: Slip | None = None,
    ) -> tuple[Event, ...]:
        """Apply ``seat``'s decision; an illegal one raises :class:`IllegalAction`, no change.

        ``reason`` (already checked by the caller) is kept with the hand like a bot's
        (:meth:`reasons_of`): a bot playing a network seat gives one with its action.
        ``slip`` says a bot failed this decision and ``action`` is the check-or-fold played
        in its place (:meth:`slips_of`).
        """
        hand = self.hand
        assert hand is not None
        self.tick()
        position = self.position_of(seat)
        if position is None:
            raise IllegalAction("not_your_turn", "this seat is not in the hand")
        index = len(hand.actions_taken()) if reason is not None or slip is not None else 0
        events = hand.act(action, position)
        if reason is not None:
            self._reasons.setdefault(hand, {})[index] = reason
        if slip is not None:
            self._slips.setdefault(hand, {})[index] = slip
        return events

    def act_for_bot(
        self, seat: int, answer: Action | Decision, *, slip: Slip | None = None
    ) -> tuple[Event, ...]:
        """Apply a bot's answer, already checked by :func:`~holdem_tui.bots.safety.safe_decide`
        (the one place a faulty answer becomes check-or-fold: an illegal one here is a bug
        and raises ``IllegalAction``).

        The answer's reason is kept with the hand (:meth:`reasons_of`); a substitute has
        none. ``slip`` says the bot failed this decision and was replaced
        (:mod:`holdem_tui.session.turns`): kept for the log's one line.
        """
        decision = as_decision(answer)
        return self.act(seat, decision.action, decision.reason, slip=slip)

    def reasons_of(self, hand: Hand) -> Mapping[int, Reason]:
        """The reasons bots gave in ``hand`` (the current or a past one), by decision index
        (the index into ``hand.actions_taken()``). Never shown while the hand is in play:
        see :func:`holdem_tui.review.visible_reasons` for who may read which afterwards."""
        return dict(self._reasons.get(hand, {}))

    def slips_of(self, hand: Hand) -> Mapping[int, Slip]:
        """The decisions of ``hand`` a bot failed and was replaced at, by decision index: the
        log says each in one line ("Robo took too long: it checks")."""
        return dict(self._slips.get(hand, {}))

    def may_show(self, seat: int) -> bool:
        """Whether the table offers ``s`` (show) to this chair: it won without a showdown.

        The engine would also let a mucked hand be shown; the table offers showing only
        where it means something, after taking a pot nobody contested.
        """
        position = self.position_of(seat)
        hand = self.hand
        if hand is None or position is None or not hand.can_show_voluntarily(position):
            return False
        return any(
            isinstance(e, PotAwarded)
            and e.uncontested
            and any(p == position and won > 0 for p, won in e.shares)
            for e in hand.events
        )

    def show(self, seat: int) -> tuple[Event, ...]:
        """Turn this chair's unseen cards up for everyone, once the hand is over."""
        position = self.position_of(seat)
        assert self.hand is not None and position is not None
        return self.hand.show_voluntarily(position)

    @property
    def settled(self) -> bool:
        """Whether the hand on the table is finished and paid (its result on show)."""
        return self.hand is not None and bool(self.played) and self.played[-1] is self.hand

    def finish_hand(self) -> None:
        """Pay the finished hand into the table and the score; the hand stays viewable.

        Once only: a hand already paid is left as it is."""
        hand = self.hand
        assert hand is not None and hand.is_complete
        if self.settled:
            return
        self.tick()
        self.table.finish_hand(hand)
        self.past_hands = [*self.past_hands[-(PAST_HANDS_KEPT - 1) :], hand]
        self.played.append(hand)
        winners: set[int] = set()
        total = 0
        for event in hand.events:
            if isinstance(event, PotAwarded):
                total += event.amount
                for position, amount in event.shares:
                    if amount > 0:
                        winners.add(hand.config.seats[position])
            elif isinstance(event, HandEnded):
                break
        for seat in winners:
            self.hands_won[seat] += 1
        if self.biggest_pot is None or total > self.biggest_pot.amount:
            self.biggest_pot = BiggestPot(total, hand.config.hand_number, tuple(sorted(winners)))
        if self.store is not None:
            reasons = self.reasons_of(hand)
            self.store.hand_finished(self.table, hand, extra=self.score_data(), reasons=reasons)

    # ------------------------------------------------------------------ storage

    def start_storage(self, save_file: SaveFile | None = None) -> None:
        """Keep this session on disk from now on: autosave (``save_file``, else the usual one)
        plus a hand history."""
        from holdem_tui.storage.session import SessionStore

        try:
            self.store = SessionStore.start(
                self.table,
                settings=self.settings.to_dict(),
                players=self.names,
                humans=self.settings.humans,
                save_file=save_file,
            )
            from holdem_tui.storage.offer import prune_previous

            prune_previous(self.store.save_file.path)
            self.history_path = self.store.history.path if self.store.history else None
        except OSError as exc:  # the data folder cannot be written: play on without saving
            self.store = None
            self.storage_failure = f"{exc.strerror or exc}"

    def storage_problem(self) -> str | None:
        """Why this session stopped saving (``None`` while saving works or was never on)."""
        if self.store is not None and self.store.unusable is not None:
            return self.store.unusable
        return self.storage_failure

    def save(self) -> None:
        """Autosave now (a human's decision point, a new hand, quitting): a kill resumes here."""
        if self.store is not None:
            self.tick()
            self.store.decision_point(self.table, self.hand, extra=self.score_data())

    def close_storage(self) -> None:
        """The session ended normally: mark its history finished and drop the autosave."""
        if self.store is not None:
            self.store.session_over()
            if self.store.unusable is None:
                self.store = None  # nothing more to save: a later quit must not bring it back
            # a store that stopped writes nothing more; it is kept to say what was not saved

    def score_data(self) -> dict[str, Any]:
        """What the end screen needs beyond the table, as plain data for the autosave."""
        best = self.biggest_pot
        return {
            "hands_won": list(self.hands_won),
            "rebuys": list(self.rebuys),
            "watching": sorted(self.watching),
            "biggest_pot": None if best is None else best.to_list(),
            # the hand in play's reasons so far, so a resumed hand keeps them
            "hand_reasons": reasons_to_data(self.reasons_of(self.hand)) if self.hand else [],
        }

    @classmethod
    def resume(
        cls,
        resumed: Resumed,
        store: SessionStore | None,
        bot_factory: BotFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> Session:
        """The session a save describes: same table, same hand in play, same score."""
        session = cls(GameSettings.from_dict(resumed.settings), bot_factory, clock)
        session.table = resumed.table
        session.hand = resumed.hand
        session.store = store
        if store is not None and store.history is not None:
            session.history_path = store.history.path
        # the hand dealt when the save was made is finished in this run, the rest before it
        dealt = resumed.hand is not None
        session.finished_before = max(0, resumed.table.hand_number - int(dealt))
        won = resumed.extra.get("hands_won")
        if isinstance(won, list) and len(won) == session.seat_count:
            session.hands_won = [int(n) for n in won]
        rebuys = resumed.extra.get("rebuys")
        if isinstance(rebuys, list) and len(rebuys) == session.seat_count:
            session.rebuys = [max(0, int(n)) for n in rebuys]
        watching = resumed.extra.get("watching")
        if isinstance(watching, list):
            session.watching = {int(n) for n in watching if 0 <= int(n) < session.seat_count}
        best = resumed.extra.get("biggest_pot")
        if isinstance(best, list) and len(best) >= 2:
            session.biggest_pot = BiggestPot.from_list(best)
        if session.hand is not None:
            try:
                reasons = reasons_from_data(resumed.extra.get("hand_reasons", []))
            except ValueError:
                reasons = {}  # an edited save: the hand plays on without its reasons
            taken = len(session.hand.actions_taken())
            kept = {i: r for i, r in reasons.items() if i < taken}
            if kept:
                session._reasons[session.hand] = kept
        return session

    # ------------------------------------------------------------------ session

    def tick(self) -> None:
        """Move the session clock on to now (the time limit counts wall-clock play).

        The clock moves when the game does: a deal, a decision, the end of a hand, a save.
        The questions below (:meth:`is_over`, :meth:`is_last_hand`, :meth:`minutes_left`)
        answer as of the last tick and change nothing, so drawing the table cannot move time.
        """
        now = self._clock()
        self.table.elapsed += max(0.0, now - self._last_tick)
        self._last_tick = now

    def is_over(self) -> bool:
        """One player has all the chips, or the hand or time limit is used up."""
        return self.table.is_over()

    def is_last_hand(self) -> bool:
        """The hand in play is the last: the hand limit says so or the time has run out."""
        limit_hit = self.table.is_last_hand() or (
            self.table.config.minute_limit is not None and self.table.limit_reached()
        )
        return self.hand is not None and limit_hit

    def hands_left(self) -> int | None:
        """Hands still to play after this one by the hand limit (``None`` without one)."""
        return self.table.hands_left()

    def minutes_left(self) -> int | None:
        """Whole minutes left by the time limit, rounded up (``None`` without one)."""
        left = self.table.minutes_left()
        if left is None:
            return None
        whole = int(left)
        return whole + (1 if left > whole else 0)

    # ------------------------------------------------------------------ busting

    @property
    def tournament(self) -> bool:
        """Whether this session is a sit-and-go (places and prizes, no rebuy)."""
        return self.table.config.tournament is not None

    @property
    def can_rebuy(self) -> bool:
        """Whether a busted chair may buy back in: never in a tournament."""
        return not self.tournament

    def rebuy(self, seat: int) -> None:
        """A busted chair buys back in: the starting stack again, counted as a rebuy."""
        chair = self.table.seats[seat]
        if not chair.out or not self.can_rebuy:
            return
        chair.stack = self.settings.stack
        chair.busted_in_hand = None
        self.rebuys[seat] += 1
        self.watching.discard(seat)
        if self.store is not None:
            self.store.rebought(self.table, self.rebuys)
        self.save()

    def humans_playing(self) -> bool:
        """Whether someone at the keyboard still plays (not only watching the others finish).

        A player who has just busted still counts: the showdown that did it stays on the
        table until they move on, and then they choose what comes next.
        """
        return any(h not in self.watching for h in self.settings.humans)

    def end_reason(self) -> EndReason:
        """Why the session ended: a player's choice, one player left, or a limit (else left)."""
        if self.ended_by is not None:
            return self.ended_by
        table = self.table
        if len(table.active_seats()) < 2:
            return EndReason.ONE_LEFT
        config = table.config
        if config.hand_limit is not None and table.hand_number >= config.hand_limit:
            return EndReason.HAND_LIMIT
        if config.minute_limit is not None and table.limit_reached():
            return EndReason.TIME_LIMIT
        return EndReason.LEFT

    def result(self) -> SessionResult:
        """The results as they stand (the end screen, a busted player's place)."""
        table = self.table
        count = self.seat_count
        return SessionResult(
            reason=self.end_reason(),
            hands=table.hand_number,
            elapsed=table.elapsed,
            buy_in=self.settings.stack,
            stacks=tuple(table.seats[s].stack for s in range(count)),
            busted=tuple(table.seats[s].busted_in_hand for s in range(count)),
            hands_won=tuple(self.hands_won),
            rebuys=tuple(self.rebuys),
            history=tuple(tuple(row) for row in table.history),
            biggest_pot=self.biggest_pot,
            tournament=self.tournament,
            finishes=tuple((f.seat, f.place, f.prize) for f in table.finishes.values()),
        )
