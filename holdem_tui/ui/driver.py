"""The turn driver: what the table waits for next, and for how long.

The table app draws screens and passes keys on; a driver decides the game's tempo. There are
two, behind the one interface of :class:`TableDriver`:

- :class:`~holdem_tui.ui.local.LocalDriver` plays a session on this machine: it deals, lets
  bots think in thread workers, raises the hot-seat curtain, asks a busted player what next
  and ends the session;
- :class:`~holdem_tui.ui.remote.RemoteDriver` is a network seat: the host decides, and every
  state it sends sets the stage.

What a table shows the same way whoever runs it lives here, in the base class: the screen's
:class:`~holdem_tui.session.present.UiState`, the player's own decision and its moves (marking
discards, a refused move's reason), the showdown turned up one hand at a time, the pause
before the next hand, and waiting while the window is too small. Every delay runs on the
injected :class:`~holdem_tui.ui.timing.Timers`, never on a sleep, so tests turn the clock by
hand. A driver never touches Textual itself: it asks its :class:`TableHost` (the app) to
redraw, to open a screen, to run a bot in a thread.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from holdem_tui.engine.actions import Action, IllegalAction, LegalActions
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import Translator
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import refusal_text
from holdem_tui.session.pace import PaceDelays, pace_of
from holdem_tui.session.present import Stage, UiState
from holdem_tui.session.snapshot import Seating, Snapshot
from holdem_tui.session.turns import BotMove, RevealPlan
from holdem_tui.ui.base_app import Leaving
from holdem_tui.ui.table_alarm import AlarmHost, TableAlarm

if TYPE_CHECKING:
    from textual.screen import Screen

    from holdem_tui.ui.review_book import SessionReview


class TableHost(AlarmHost, Protocol):
    """What a driver asks of the app it runs in: drawing, screens, threads, the exit (and
    the clock, the pause and the next refresh of :class:`AlarmHost`)."""

    @property
    def tr(self) -> Translator:
        """The language on screen now."""

    def redraw(self) -> None:
        """Rebuild the table from the driver's session and UI state."""

    def bell(self) -> None:
        """Beep: a key was refused."""

    def tell(self, text: str, *, warning: bool = False, timeout: float | None = None) -> None:
        """A passing message on screen (``warning``: something went wrong, the game goes on)."""

    def warn(self, text: str) -> None:
        """A warning that stays a while (a save that cannot be continued, and why)."""

    def storage_failed(self, problem: str) -> None:
        """Say that the game plays on without saving, and why (once per session)."""

    def set_language(self, code: str, *, picked: bool = True) -> None:
        """Switch every text on screen to ``code`` (a session set up in another language;
        ``picked``: the player chose it, rather than the session starting in it)."""

    def open_screen(self, screen: Screen[Any], done: Callable[[Any], None] | None = None) -> None:
        """Open ``screen`` over the table (under the too-small cover if it is up)."""

    def is_open(self, kind: type[Screen[Any]]) -> bool:
        """Whether a screen of this kind is open anywhere in the stack."""

    def new_table(self, seat_count: int, draw_game: bool) -> None:
        """Put a fresh, empty table screen on an emptied screen stack."""

    def show_alone(self, screen: Screen[Any]) -> None:
        """Put ``screen`` on an emptied screen stack (a hosted table's next game: its lobby)."""

    def has_table(self) -> bool:
        """Whether a table screen is open."""

    async def swap_in_table(self, seat_count: int, draw_game: bool) -> None:
        """Replace the screen on top with a table, mounted when this returns."""

    def in_background(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` on the app's event loop for as long as the app runs."""

    def think(self, decide: Callable[[], BotMove], answered: Callable[[BotMove], None]) -> None:
        """Run ``decide`` (a bot) in a thread; hand its answer to ``answered`` on the UI thread."""

    def stop_thinking(self) -> None:
        """Abandon every bot still thinking (their answers never arrive)."""

    def leave(self, return_code: int = 0) -> None:
        """Close the app."""


class TableDriver:
    """The shared half of a table's driver; a subclass says where the game is played.

    The app calls :meth:`start` once mounted, passes on the player's moves (:meth:`move`,
    :meth:`toggle_discard`, :meth:`next_hand`, :meth:`show_cards`,
    :meth:`toggle_reveal`), tells it when the window is big enough again (:meth:`resume`)
    and when the player leaves (:meth:`leave`), and draws :attr:`session` as seen through
    :meth:`snapshot` with :attr:`ui`.
    """

    def __init__(self, settings: GameSettings) -> None:
        #: the settings of the session on screen (the language follows the ``l`` key)
        self.settings = settings
        #: the session played on this machine (a network seat has none: the host plays it)
        self.session: Session | None = None
        self.ui = UiState()
        self._host: TableHost | None = None
        #: the pause the table waits out now, and the step held while the game is paused
        self.alarm = TableAlarm(lambda: self.host)
        #: why the app closed when it was not the player's choice (printed after it closes)
        self.exit_reason = ""
        #: what to tell the player once the app has closed at their choice (where next)
        self.farewell = ""

    # ------------------------------------------------------------------ the host

    def attach(self, host: TableHost) -> None:
        """Run inside ``host`` (the app calls this once, before it mounts)."""
        self._host = host

    @property
    def host(self) -> TableHost:
        """The app this driver runs in."""
        assert self._host is not None, "attach the driver to its app first"
        return self._host

    # ------------------------------------------------------------------ what the subclass says

    def start(self) -> None:
        """The app is mounted: begin (deal, resume, or connect)."""
        raise NotImplementedError

    def next_hand(self) -> None:
        """The player has seen the finished hand (Enter): move on."""
        raise NotImplementedError

    def show_cards(self) -> None:
        """A player who won uncontested turns the cards up (where the table offers it)."""

    def start_now(self) -> None:
        """The host's "start without them" in a hosted table's lobby (nothing elsewhere)."""

    @property
    def hosts_table(self) -> bool:
        """Whether this screen is the host's at a hosted table (it may hand chairs over)."""
        return False

    def hand_over_chairs(self) -> list[tuple[int, str]]:
        """The chairs the host may hand over now, with their players' names (a hosted
        table's host only: a friend's chair whose player is not at the table)."""
        return []

    def hand_chair_over(self, seat: int) -> None:
        """The host hands ``seat`` over (see :meth:`hand_over_chairs`)."""

    def end_chosen(self, choice: str | None) -> None:
        """The end screen's answer: ``"again"``, ``"setup"`` or ``"quit"`` (or ``None``)."""
        self.host.leave()

    def save(self) -> None:
        """Keep the session where it stands (the player is leaving)."""

    @property
    def leaving(self) -> Leaving:
        """What leaving this table ends (the quit question says so)."""
        return Leaving.ENDS

    def review_request(self) -> SessionReview | None:
        """Whose hand review the table may open now, and what it may show (``None``: this
        table has no review now, e.g. a spectator's)."""
        return None

    def past_hands(self) -> list[PlayerView]:
        """The last finished hands, oldest first, each as this screen may tell it."""
        return []

    def default_viewer(self) -> int | None:
        """Whose eyes the table has between turns: the one human, else nobody's."""
        humans = self.settings.humans
        return humans[0] if len(humans) == 1 else None

    def home_chair(self) -> int:
        """The chair drawn at the bottom of the table: the one player's own, so a friend
        at a hosted table sees their chair where a local player does; at a hot seat (whose
        seats must not move between turns) and for onlookers, the first chair."""
        viewer = self.default_viewer()
        return 0 if viewer is None else viewer

    def seating(self) -> Seating | None:
        """What the table screen knows for the whole game (``None``: no game yet)."""
        raise NotImplementedError

    def snapshot(self) -> Snapshot | None:
        """The read model the table is drawn from now: the table as the current viewer may
        know it (``None`` before the first deal)."""
        raise NotImplementedError

    def can_review(self) -> bool:
        """Whether this table has finished hands to look back at (the review's key)."""
        return False

    def can_move_on(self) -> bool:
        """Whether Enter after a hand moves the table on from this screen."""
        return True

    def _play(self, seat: int, action: Action) -> None:
        """Play ``seat``'s move where the game is (raise :class:`IllegalAction` to refuse)."""
        raise NotImplementedError

    def advance(self) -> None:
        """Carry the table on after a change, the player's move went through (a local
        table asks its turn loop what is next; a network seat waits for the host's word)."""

    # ------------------------------------------------------------------ the player's decision

    @property
    def pace(self) -> PaceDelays:
        """The delays for the chosen pace."""
        return pace_of(self.settings.pace)

    @property
    def reveal_pause(self) -> float:
        """Seconds between hands turned up at a showdown (0: all at once): the pace's here,
        the host's at a hosted table, so every screen turns them up alike."""
        return self.pace.reveal

    def decision(self) -> tuple[int, PlayerView] | None:
        """The seat whose keys are live now, and its view with the legal moves."""
        if self.ui.stage is not Stage.HUMAN or self.ui.viewer is None:
            return None
        snap = self.snapshot()
        if snap is None or snap.view is None or snap.actor_seat != self.ui.viewer:
            return None
        view = snap.view
        return (self.ui.viewer, view) if view.legal is not None else None

    def move(self, action: Action, legal: LegalActions | None = None) -> bool:
        """Play the player's move; an illegal one is refused with the reason, nothing sent.

        ``legal`` names the decision the move was chosen at: once that has passed, the move
        is dropped.
        """
        found = self.decision()
        if found is None:
            return False
        if legal is not None and found[1].legal != legal:
            return False
        try:
            self._play(found[0], action)
        except IllegalAction as exc:
            self._set_ui(notice=refusal_text(self.host.tr, exc))
            self.host.bell()
            return False
        viewer = self.default_viewer()
        self._set_ui(stage=Stage.DEALING, viewer=viewer, discards=frozenset(), notice="")
        self.advance()
        return True

    def draw(self) -> bool:
        """Throw the marked cards and draw as many (none marked: stand pat)."""
        found = self.decision()
        legal = None if found is None else found[1].legal
        if legal is None:
            return False
        hand = legal.hand
        discards = tuple(hand[i] for i in sorted(self.ui.discards) if i < len(hand))
        return self.move(Action.draw(discards))

    def toggle_discard(self, index: int) -> None:
        """Mark or unmark card ``index``; one card too many is refused with the reason."""
        found = self.decision()
        legal = None if found is None else found[1].legal
        if legal is None or not legal.can_draw or index >= len(legal.hand):
            return
        chosen = set(self.ui.discards)
        if index in chosen:
            chosen.remove(index)
        elif len(chosen) >= legal.max_discards:
            self._set_ui(notice=self.host.tr.plural("draw.too_many", legal.max_discards))
            self.host.bell()
            return
        else:
            chosen.add(index)
        self._set_ui(discards=frozenset(chosen), notice="")

    def toggle_watch(self) -> None:
        """After folding: follow the rest of the hand at the pace, or not (a local table)."""

    def toggle_reveal(self) -> None:
        """Watching bots: show or hide every hand."""
        if self.settings.watch_only:
            self._set_ui(reveal_all=not self.ui.reveal_all)

    # ------------------------------------------------------------------ the end of a hand

    def reveal_then_hand_over(self, plan: RevealPlan) -> None:
        """Turn the showdown's hands up one at a time as ``plan`` says, then pause.

        With nothing to turn up one by one, or no pause (:attr:`reveal_pause`: the instant
        pace), the result comes at once.
        """
        viewer = self.default_viewer()
        pause = self.reveal_pause
        shown = plan.steps
        if shown and pause > 0:
            self._set_ui(stage=Stage.REVEAL, viewer=viewer, thinking=None, revealed=0)
            self.alarm.after(pause, lambda: self._reveal_step(shown))
        else:
            self.hand_over()

    def _reveal_step(self, shown: int) -> None:
        if self.ui.stage is not Stage.REVEAL:
            return
        if not self.alarm.may_run(lambda: self._reveal_step(shown)):
            return
        revealed = (self.ui.revealed or 0) + 1
        if revealed >= shown:
            self.hand_over()
            return
        self._set_ui(revealed=revealed)
        self.alarm.after(self.reveal_pause, lambda: self._reveal_step(shown))

    def hand_over(self, *, next_after: float | None = None) -> None:
        """The result is on the table; the next hand comes after ``next_after`` seconds
        (``None``: only when the player presses Enter)."""
        self._set_ui(
            stage=Stage.HAND_OVER,
            revealed=None,
            thinking=None,
            viewer=self.default_viewer(),
            review=self.can_review(),
            moves_on=self.can_move_on(),
        )
        if next_after is None:
            return
        if next_after > 0:
            self.alarm.after(next_after, self._auto_next)
        else:
            self.host.soon(self._auto_next)

    def _auto_next(self) -> None:
        if not self.alarm.may_run(self._auto_next):
            return
        if self.ui.stage is Stage.HAND_OVER:
            self.next_hand()

    def skip_reveal(self) -> bool:
        """Enter during the showdown: show the result at once. True if there was one to skip."""
        if self.ui.stage is not Stage.REVEAL:
            return False
        self.alarm.cancel()
        self.hand_over()
        return True

    # ------------------------------------------------------------------ timers and waiting

    def _set_ui(self, **changes: Any) -> None:
        self.ui = replace(self.ui, **changes)
        self.host.redraw()

    def resume(self) -> None:
        """The game may go on again (the window grew, the review closed): take up the step
        that was waiting."""
        self.alarm.resume()

    def stop(self) -> None:
        """Forget the timers and deferred steps of what is on screen (a new session, a quit)."""
        self.alarm.forget()

    def leave(self) -> None:
        """The player leaves: stop everything, keep the session, close the app."""
        self.stop()
        self.save()
        self.host.leave()
