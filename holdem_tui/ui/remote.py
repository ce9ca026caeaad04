"""A network seat: the same table app as a local game, with the host as its driver.

Only the driver differs. Locally :class:`~holdem_tui.ui.local.LocalDriver` asks the session
what happens next; here :class:`RemoteDriver` lets the host decide, and every ``state`` it
sends sets the stage (your turn, someone else's, the hand is over). The session is a
:class:`~holdem_tui.net.client.RemoteSession`, so the action bar, the raise editor, the draw
and the log run unchanged and a decision simply travels to the host. The shared
:class:`~holdem_tui.ui.driver.TableDriver` brings the rest: a showdown is turned up one hand
at a time at the host's pace (``welcome.reveal_ms``), exactly as at a local table, and
nothing tells who won before every hand is up.

Around the games: the :class:`~holdem_tui.ui.screens.hosted.LobbyScreen` while the chairs
fill (the host's has "start now"), and after a game the
:class:`~holdem_tui.ui.screens.hosted.HostedEndScreen`, where "Play again" and "New game"
open the host's next game at this table, or for a friend say "I'm in" or leave the table.
The next game's ``welcome`` brings the lobby back, and a fresh table once it is dealt. A
dropped connection is retried with the same code and name, which gives the seat back (the
line to the host, :class:`~holdem_tui.ui.host_link.HostLink`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from holdem_tui.engine.actions import Action
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.client import RemoteSession
from holdem_tui.session.controller import PAST_HANDS_KEPT
from holdem_tui.session.present import Stage, UiState
from holdem_tui.session.snapshot import Seating, Snapshot
from holdem_tui.session.turns import reveal_plan
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.base_app import Leaving
from holdem_tui.ui.driver import TableDriver
from holdem_tui.ui.host_link import HostLink
from holdem_tui.ui.joining import JoinTarget, problem_text, refused_text
from holdem_tui.ui.next_game import hosted_table, setup_start
from holdem_tui.ui.screens.hosted import (
    CLOSED,
    FILLING,
    LEAVING,
    OPENING,
    REFUSED,
    WAITING,
    HostedEndScreen,
    LobbyScreen,
)
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.timing import TimerHandle, Timers

if TYPE_CHECKING:
    from holdem_tui.review import HandRecord
    from holdem_tui.ui.review_book import SessionReview


#: the seats a friend's own table could have, for the hint of how to host one
HOST_HINT: Final = "holdem-tui host --open 2"


class RemoteDriver(TableDriver):
    """A seat (or a spectator) at a table hosted elsewhere: the host's word sets the stage."""

    def __init__(self, target: JoinTarget, settings: GameSettings, *, reconnect: bool = True):
        super().__init__(settings)
        self.target = target
        #: the line to the host (kept up after a drop when ``reconnect`` allows)
        self.link = HostLink(target, self, reconnect=reconnect)
        self.remote: RemoteSession | None = None
        #: the lobby of the game filling now (a fresh one for each game at the table)
        self.lobby = LobbyScreen(target.lobby())
        #: the end screen of the last game, while it is open
        self.end: HostedEndScreen | None = None
        #: the hand whose end is on screen (its showdown turned up, or turning up)
        self._finished_hand: int | None = None
        #: the host closed the table (after a game: there is no next one)
        self.closed = False
        #: this friend said "Play again" and waits for the host's next game
        self._waiting = False
        #: the next tick of an Away chair's countdown
        self._countdown: TimerHandle | None = None

    # ------------------------------------------------------------------ connecting

    def start(self) -> None:
        """Show the lobby and connect (instead of dealing a local game)."""
        self.host.open_screen(self.lobby)
        self.host.in_background(self.link.run())

    async def received(self, message: p.ServerMessage) -> bool:
        """Carry out one message from the host; True when nothing is left to reconnect to."""
        if isinstance(message, p.Refused):
            self._refused(message)
            return True
        if isinstance(message, p.Closed):
            self._host_closed()
            return True
        if isinstance(message, p.State) and self.remote and not self.host.has_table():
            # the table is on screen, mounted, before the first picture is drawn on it
            await self.host.swap_in_table(
                len(self.remote.settings.seats), self.remote.settings.variant == Variant.DRAW
            )
        self.on_host_message(message)
        return False

    def tell(self, text: str) -> None:
        """A passing word where the player looks now: the lobby, the end screen, the table."""
        if self.remote is None:
            self._lobby(problem=text)
        elif self.end is not None:
            self.end.note(self.end.status, text)
        else:
            self.host.tell(text, warning=True)

    def give_up(self, text: str) -> None:
        """Close the app: the table cannot be reached, or will not have this seat."""
        self.exit_reason = text
        self.host.leave(return_code=1)

    def _refused(self, message: p.Refused) -> None:
        """Not let in: before a game the command line says why; after one, the end screen."""
        tr = self.host.tr
        after_game = self.remote is not None and self.remote.over
        text = refused_text(tr, message.reason, message.detail, after_game=after_game)
        if self.end is not None and after_game:
            self._waiting = False
            self.end.note(REFUSED, text, table_open=False)
            return
        self.give_up(text)

    def _host_closed(self) -> None:
        """The host closed the table: during a game that ends it; after one, no next game."""
        self.closed = True
        if self.end is not None and self.remote is not None and self.remote.over:
            self._waiting = False
            self.end.note(CLOSED, table_open=False)
            return
        self.give_up(self.host.tr.t("net.host_closed"))

    # ------------------------------------------------------------------ the host's word

    def on_host_message(self, message: p.ServerMessage) -> None:
        """Apply one message from the host to the screen."""
        if isinstance(message, p.Welcome):
            self._welcomed(message)
        elif isinstance(message, p.Lobby):
            self._lobby(names=message.names, here=message.here, problem="")
        elif isinstance(message, p.State):
            self._state(message)
        elif isinstance(message, p.Error):
            self._refused_move(message)
        elif isinstance(message, p.Over):
            self._over(message)

    def _welcomed(self, message: p.Welcome) -> None:
        settings = replace(message.settings, lang=self.host.tr.lang, pace=self.settings.pace)
        remote = self.remote
        next_game = remote is not None and remote.game != message.game
        if remote is None or remote.me != message.seat or remote.view is None or next_game:
            remote = RemoteSession(
                settings,
                message.seat,
                self.link.send,
                host=message.host,
                game=message.game,
                reveal_ms=message.reveal_ms,
            )
        else:  # back after a dropped connection: same chair, same picture until the next state
            remote.settings = settings
        self.remote = remote
        self.settings = settings
        if next_game:
            self._next_game()
        self._lobby(phase=FILLING)

    def _next_game(self) -> None:
        """The host opened the next game at this table: its lobby, a new table to come."""
        self.stop()
        self.ui = UiState()
        self.end = None
        self._finished_hand = None
        self._waiting = False
        self.lobby = LobbyScreen(self.target.lobby())
        self.host.show_alone(self.lobby)

    def _lobby(self, **changes: Any) -> None:
        """Redraw the lobby with what changed (and the table as welcomed)."""
        remote = self.remote
        if remote is not None:
            changes.update(settings=remote.settings, host=remote.host, me=remote.me)
        self.lobby.show(replace(self.lobby.view, **changes))

    def _state(self, message: p.State) -> None:
        remote = self.remote
        if remote is None:
            return
        previous = remote.decision
        remote.update(message)
        self._count_down(message.table.away_left)
        if remote.over:  # back after a drop at the end: the results stay on screen
            self.host.redraw()
            return
        view = message.view
        me = remote.me
        if view is not None and view.complete:
            self._hand_finished(remote, view, whole=message.full)
            return
        self.stop()  # a hand under way: no showdown of the last one is still turning up
        if view is None:
            self._set_ui(stage=Stage.DEALING, viewer=me, thinking=None)
        elif view.legal is not None and message.decision is not None:
            same = previous == message.decision
            self._set_ui(
                stage=Stage.HUMAN,
                viewer=me,
                thinking=None,
                revealed=None,
                discards=self.ui.discards if same else frozenset(),
                notice=self.ui.notice if same else "",
            )
        else:
            self._set_ui(
                stage=Stage.BOT,
                viewer=me,
                thinking=message.snapshot.actor_seat,
                revealed=None,
                discards=frozenset(),
            )

    def _count_down(self, left: int | None) -> None:
        """An Away chair's timer, counted down on this screen from the host's figure (every
        screen at the table shows it, so nobody wonders what the table waits for)."""
        if self._countdown is not None:
            self._countdown.stop()
            self._countdown = None
        if left is None:
            if self.ui.countdown is not None:
                self._set_ui(countdown=None)
            return
        timers = self.host.timers
        started = timers.now()

        def tick() -> None:
            remaining = max(0, left - int(timers.now() - started))
            self._set_ui(countdown=remaining)
            self._countdown = timers.after(1.0, tick) if remaining > 0 else None

        tick()

    def _hand_finished(self, remote: RemoteSession, view: PlayerView, *, whole: bool) -> None:
        """The hand is over: its showdown turned up one hand at a time, as at a local table.

        The host waits for the hands to be turned up (``reveal_ms`` each) before its pause
        for the next hand, so every screen turns them up alike. A later picture of the same
        hand (someone showing, someone away) redraws; a whole picture of a finished hand
        (back after a drop) shows the result at once.
        """
        number = view.hand_number
        if self._finished_hand == number and self.ui.stage in (Stage.REVEAL, Stage.HAND_OVER):
            self.host.redraw()
            return
        self._finished_hand = number
        if whole:
            self.hand_over()
            return
        self.reveal_then_hand_over(reveal_plan(view.history))

    def _refused_move(self, message: p.Error) -> None:
        text = problem_text(self.host.tr, message)
        remote = self.remote
        if remote is not None and remote.over:
            if self.end is not None:  # the host's next game did not open: choose again
                self.end.note("", text)
            else:
                self.host.tell(text, warning=True)
            return
        if remote is not None and remote.view is None:  # in the lobby (too few to start)
            self._lobby(problem=text)
            self.host.bell()
            return
        if remote is not None and remote.state is not None:
            remote.decision = remote.state.decision  # the open decision is still ours
            if remote.view is not None and remote.view.legal is not None and remote.decision:
                self._set_ui(stage=Stage.HUMAN, viewer=remote.me, notice=text)
                self.host.bell()
                return
        self.host.tell(text, warning=True)

    def _over(self, message: p.Over) -> None:
        remote = self.remote
        if remote is None:
            return
        remote.finish(message)
        self.stop()
        self._set_ui(stage=Stage.SESSION_OVER, thinking=None, revealed=None)
        if self._waiting and remote.table_open:  # back after a drop: still in for the next
            self.link.send(p.again())
        if self.end is not None:
            self.end.note(self.end.status, table_open=remote.table_open)
            return
        me = remote.me
        own = {me: message.stats[me]} if me is not None and me in message.stats else None
        assert remote.result is not None
        self.end = HostedEndScreen(
            Seating(remote.settings, remote.local_seats),
            remote.result,
            host=remote.host,
            table_open=remote.table_open,
            code=self.target.code,
            stats=own,
        )
        self.host.open_screen(self.end)

    # ------------------------------------------------------------------ the player's choices

    def start_now(self) -> None:
        """The host's "start without them" (only the host's lobby offers it)."""
        remote = self.remote
        if remote is not None and remote.view is None and remote.start_now():
            self._lobby(problem="")

    @property
    def hosts_table(self) -> bool:
        """The host's own table app (its connection proved the host's token)."""
        return self.remote is not None and self.remote.host

    def hand_over_chairs(self) -> list[tuple[int, str]]:
        """The friends' chairs whose player is away (at the table) or not here (in the
        lobby): the ones a host may hand over when their player has lost the key."""
        remote = self.remote
        if remote is None or not remote.host or remote.settings is None:
            return []
        seats = remote.settings.seats
        snap = self.snapshot()
        if snap is not None and remote.view is not None:
            away = [snap.is_away(index) for index in range(len(seats))]
        else:
            view = self.lobby.view
            away = [
                index < len(view.names)
                and view.names[index] is not None
                and not (index < len(view.here) and view.here[index])
                for index in range(len(seats))
            ]
        return [
            (index, seat.name)
            for index, seat in enumerate(seats)
            if seat.is_human and seat.name and index != remote.me and away[index]
        ]

    def hand_chair_over(self, seat: int) -> None:
        """Tell the table; it logs the chair as handed over, and the host's app says so."""
        remote = self.remote
        names = dict(self.hand_over_chairs())
        if remote is not None and seat in names and remote.hand_over(seat):
            self.host.tell(self.host.tr.t("hand_over.done", name=names[seat]))

    def end_chosen(self, choice: str | None) -> None:
        """Play again, New game or Quit on a hosted table's end screen (see the module)."""
        remote, end = self.remote, self.end
        if choice not in ("again", "setup") or remote is None or end is None:
            self.leave()
            return
        open_ = remote.table_open and not self.closed
        if remote.host:
            if not open_:
                self.leave()
            elif choice == "again":
                remote.again()
                end.note(OPENING)
            else:
                self._host_setup(setup_start(remote.settings, self.host.tr.lang))
            return
        if choice == "again" and open_:
            remote.again()
            self._waiting = True
            end.note(WAITING)
        elif choice == "setup":
            self._leave_table(open_)

    @property
    def leaving(self) -> Leaving:
        """The host's own seat closes the table for everyone; a friend's chair is kept (Away)
        while a game is under way; otherwise nothing is left behind."""
        if self.target.token is not None:
            return Leaving.CLOSES_TABLE
        remote = self.remote
        playing = remote is not None and remote.view is not None and self.end is None
        return Leaving.SEAT_KEPT if playing and not self.target.watch else Leaving.ENDS

    def leave(self) -> None:
        """Ctrl+Q: a friend who leaves a game still going is told how to come back, since the
        table keeps the chair (Away, its chips kept) for the same code and name."""
        remote = self.remote
        target = self.target
        playing = remote is not None and remote.view is not None and self.end is None
        if playing and target.token is None and not target.watch and not self.link.leaving:
            self.farewell = self.host.tr.t("net.seat_kept", command=target.join_command())
        self.link.hang_up()  # the host sees the chair empty now, not at our exit
        super().leave()

    def _leave_table(self, connected: bool) -> None:
        """A friend's New game: leave the table for good; the app closes once the host
        has let go of the chair, with the hint of how to host a table of one's own."""
        self.farewell = self.host.tr.t("net.left_table", command=HOST_HINT)
        remote = self.remote
        if not connected or self.link.connection is None or remote is None:
            self.leave()
            return
        self.link.leaving = True
        if self.end is not None:
            self.end.note(LEAVING)
        remote.leave()

    def left(self) -> None:
        """The host has let go of the chair of a friend who left the table: close the app."""
        self.stop()
        self.host.leave()

    # ------------------------------------------------------------------ the host's next game

    def _host_setup(self, settings: GameSettings) -> None:
        self.host.open_screen(SetupScreen(settings), self._host_setup_done)

    def _host_setup_done(self, settings: GameSettings | None) -> None:
        remote, end = self.remote, self.end
        if settings is None or remote is None or end is None:
            return  # back on the end screen
        table, problem = hosted_table(settings, self.target.name, self.host.tr)
        if problem:
            self.host.warn(problem)
            self._host_setup(table)
            return
        remote.new_game(table)
        end.note(OPENING)

    # ------------------------------------------------------------------ the table's questions

    @property
    def reveal_pause(self) -> float:
        """The host's pause between hands turned up, so every screen shows them alike."""
        return 0.0 if self.remote is None else self.remote.reveal_seconds

    def seating(self) -> Seating | None:
        """The table as welcomed, and this client's own chair."""
        remote = self.remote
        return None if remote is None else Seating(remote.settings, remote.local_seats)

    def snapshot(self) -> Snapshot | None:
        """The snapshot the host last sent this client (there is no hand on this side)."""
        remote = self.remote
        if remote is None:
            return None
        return remote.snapshot

    def can_review(self) -> bool:
        """A seated player has finished hands to look back at (a spectator has none)."""
        remote = self.remote
        return remote is not None and remote.me is not None and bool(remote.past)

    def can_move_on(self) -> bool:
        """Only a seated player tells the host a hand is seen; a spectator only looks on."""
        return self.remote is not None and self.remote.me is not None

    def past_hands(self) -> list[PlayerView]:
        """The last hands this seat saw finish, as it saw them."""
        remote = self.remote
        return [] if remote is None else remote.past[-PAST_HANDS_KEPT:]

    def review_request(self) -> SessionReview | None:
        """This seat's own review: its hands played again from its own views, with only
        what it may know (its cards, the board, the hands turned up)."""
        from holdem_tui.ui.review_book import SessionReview

        remote = self.remote
        if remote is None or remote.me is None or not remote.past:
            return None
        views = list(remote.past)

        def records() -> tuple[list[HandRecord], list[str]]:
            from holdem_tui.review.record import seat_records

            return seat_records(views)

        seating = Seating(remote.settings, remote.local_seats)
        return SessionReview(seating, (remote.me,), records)

    def default_viewer(self) -> int | None:
        """This client's own chair (a spectator: nobody's)."""
        return None if self.remote is None else self.remote.me

    def next_hand(self) -> None:
        """Enter after a hand: all the showdown at once, then tell the host it is seen."""
        if self.skip_reveal():
            return
        seated = self.remote is not None and self.remote.me is not None
        if seated and self.ui.stage is Stage.HAND_OVER and self.remote is not None:
            self.remote.ready()

    def show_cards(self) -> None:
        """This player won without a showdown and turns the cards up (the host offered it)."""
        remote = self.remote
        snap = self.snapshot()
        if remote is None or snap is None or self.ui.stage is not Stage.HAND_OVER:
            return
        if remote.me is not None and remote.me in snap.may_show:
            remote.show()

    def _play(self, seat: int, action: Action) -> None:
        """The move travels to the host, whose answer is the next picture (or an error)."""
        assert self.remote is not None
        self.remote.act(action)


def create_remote_app(
    target: JoinTarget,
    settings: GameSettings,
    *,
    reconnect: bool = True,
    timers: Timers | None = None,
) -> HoldemApp:
    """The table app with the host as its driver; the ``join`` and ``host`` commands and the
    tests come through here (``timers``: the clock of the showdown's pauses, for tests)."""
    return HoldemApp(RemoteDriver(target, settings, reconnect=reconnect), timers=timers)
