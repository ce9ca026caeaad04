"""The table app: screens wired to a turn driver, and one factory to build it.

The app draws; a driver (:mod:`holdem_tui.ui.driver`) decides what the table waits for. The
screens post typed messages (a player's ``Move``, from a key or the raise editor,
``SetupScreen.Continue``, ...) that the handlers here pass on to the driver, and the app
answers the driver's requests (redraw, open a screen, run a bot in a thread) with Textual. A
local game and a network seat are this same app with a different driver:
:class:`~holdem_tui.ui.local.LocalDriver` or :class:`~holdem_tui.ui.remote.RemoteDriver`.

:func:`create_app` builds the local game, the same way for the command line, the tests and
``scripts/screenshots.py``, so what the tests see is what players get.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from typing_extensions import Unpack

from holdem_tui.engine.actions import Action
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import Translator, language_to_keep
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import HandLog
from holdem_tui.session.present import UiState, build_table
from holdem_tui.session.turns import BotMove
from holdem_tui.ui.base_app import Leaving, key_names
from holdem_tui.ui.coach_feed import CoachFeed
from holdem_tui.ui.covered import CoveredApp
from holdem_tui.ui.driver import TableDriver
from holdem_tui.ui.local import LocalDriver, LocalOptions
from holdem_tui.ui.moves import Move
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.hosted import HostedEndScreen, LobbyScreen
from holdem_tui.ui.screens.modals import PastHandsScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.table_help import table_help_rows
from holdem_tui.ui.timing import TextualTimers, Timers

if TYPE_CHECKING:  # imported when the review is first opened
    pass


class HoldemApp(CoveredApp):
    """The poker table, driven by ``driver``; build a local game with :func:`create_app`.

    ``persist`` keeps the player's preferences (deck, coach, language) on disk, and
    ``timers`` replaces the clock of every pause.
    """

    TITLE = "holdem-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "rules", show=False, id="rules"),
        Binding("o", "toggle_coach", show=False, id="coach"),
        Binding("b", "toggle_big_blinds", show=False, id="big_blinds"),
        Binding("t", "stats", show=False, id="stats"),
        Binding("g", "hand_over", show=False, id="hand_over"),
    ]

    def __init__(
        self, driver: TableDriver, *, persist: bool = False, timers: Timers | None = None
    ) -> None:
        preferences = _saved_preferences() if persist else None
        #: nothing chosen yet on this machine: the first table names the keys to find
        self.first_run = persist and _first_run()
        super().__init__(
            driver.settings.lang, four_colour=preferences is not None and preferences.four_colour
        )
        #: the clock and alarms of every pause (tests pass a ManualTimers)
        self.timers: Timers = timers or TextualTimers(self)
        #: keep preferences, autosave and hand histories on disk (the CLI; tests leave it off)
        self.persist = persist
        self.driver = driver
        self.driver.attach(self)
        #: the coach beside the action bar (off by default); a preference kept likewise
        self.coach_on = preferences is not None and preferences.coach
        self.coach = CoachFeed(self, self.redraw)
        #: stacks and bets in big blinds instead of chips (``b``), for this run of the game
        self.in_big_blinds = False
        #: the hand review (or the question whose it is) is open: the game waits meanwhile
        self._reviewing = False
        #: the log of the hand on show, told once per event
        self.hand_log = HandLog()
        #: a redraw is asked for and not done yet (:meth:`redraw` draws once per change)
        self._redraw_due = False
        #: where the details of a crash were written (the command line names it)
        self.crash_log: Path | None = None

    # ------------------------------------------------------------------ what the driver holds

    @property
    def session(self) -> Session | None:
        """The session played on this machine (a network seat has none: the host plays it)."""
        return self.driver.session

    @property
    def ui(self) -> UiState:
        """What the table waits for, who looks, who thinks, what is marked."""
        return self.driver.ui

    # ------------------------------------------------------------------ crashes

    def _handle_exception(self, error: Exception) -> None:
        """An unhandled error: write it to the log, keep the terminal and the save clean.

        The command line (``persist``) gets no traceback on the screen: it prints one line
        naming the log and exits non-zero. The autosave of the last decision point is left
        as it is, so the session can be continued. Tests (no ``persist``) keep Textual's
        own handling, which re-raises the error in the test.
        """
        if not self.persist:
            super()._handle_exception(error)
            return
        from holdem_tui.storage.crashlog import write_crash_log

        if self.crash_log is None:
            self.crash_log = write_crash_log(error)
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        self.driver.stop()
        self._close_messages_no_wait()

    # ------------------------------------------------------------------ start-up and pauses

    def on_mount(self) -> None:
        """Let the driver begin, then cover the table if the window is too small."""
        self.driver.start()
        self._check_size(self.size.width, self.size.height)
        if self.first_run:
            keys = key_names(self, TableScreen)
            named = ("coach", "review", "help")
            hint = self.tr.t(
                "hints.first_run", deck=keys["four_colour"], **{k: keys[k] for k in named}
            )
            self.tell(hint, timeout=30)

    @property
    def paused(self) -> bool:
        """Whether the game waits: the window is too small, or the review is open."""
        return self._cover is not None or self._reviewing

    def window_fits(self) -> None:
        """The cover is gone: the game carries on."""
        self.driver.resume()

    def table_for(self, seat_count: int, draw_game: bool) -> TableScreen:
        """A table with the driver's home chair at the bottom (the player's own)."""
        return TableScreen(seat_count, draw_game, self.driver.home_chair())

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the table afresh once the changes under way are all made: a key that moves
        the game on (the move, then the next turn) draws it once, not once per change."""
        if self._redraw_due:
            return
        self._redraw_due = True
        self.call_later(self._draw_table)

    def _draw_table(self) -> None:
        """Rebuild the table model and hand it to the table screen, with the coach's lines."""
        self._redraw_due = False
        screen = self.table_screen()
        seating = self.driver.seating()
        if screen is None or seating is None:
            return
        ui = replace(self.driver.ui, in_big_blinds=self.in_big_blinds)
        keys = key_names(self, type(screen)).short()
        snap = self.driver.snapshot()
        model = build_table(seating, snap, ui, self.tr, self.hand_log, keys=keys)
        screen.show_model(model)
        for review in self.open_reviews():  # the deck or the language changed
            review.redraw()
        # the coach speaks at the player's own decision only: never behind the curtain
        found = self.driver.decision() if self.coach_on else None
        view = None if found is None else found[1]
        screen.show_coach(self.coach.lines(view, self.tr, screen.coach_room))

    # ------------------------------------------------------------------ services for the driver

    def soon(self, step: Callable[[], None]) -> None:
        """Run ``step`` after the next refresh (the screen stack has settled)."""
        self.call_after_refresh(step)

    def tell(self, text: str, *, warning: bool = False, timeout: float | None = None) -> None:
        """A notification in the corner."""
        self.notify(text, severity="warning" if warning else "information", timeout=timeout)

    def warn(self, text: str) -> None:
        """A warning that stays for twenty seconds."""
        self.tell(text, warning=True, timeout=20)

    def storage_failed(self, problem: str) -> None:
        """Say that the game plays on without saving, where, and why."""
        from holdem_tui.storage.paths import data_dir

        self.tell(
            self.tr.t("storage.folder_unusable", path=str(data_dir()), detail=problem),
            warning=True,
            timeout=30,
        )
        self.sub_title = self.tr.t("storage.not_saving")

    def in_background(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` as the app's network worker."""
        self.run_worker(job, exclusive=True, group="net")

    def think(self, decide: Callable[[], BotMove], answered: Callable[[BotMove], None]) -> None:
        """A bot decides in one thread of its own (one at a time); its answer comes back here.

        The thread is a daemon, so a quit never waits for a slow decision; the worker waits
        for the answer on the app's loop (no polling), and a cancelled one drops it.
        """

        async def work() -> None:
            loop = asyncio.get_running_loop()
            answer: asyncio.Future[BotMove] = loop.create_future()

            def settle(move: BotMove | None, error: BaseException | None) -> None:
                if answer.done():
                    return
                if error is not None:
                    answer.set_exception(error)
                elif move is not None:
                    answer.set_result(move)

            def run() -> None:
                move: BotMove | None = None
                error: BaseException | None = None
                try:
                    move = decide()
                except BaseException as exc:  # reported by the worker, not this thread
                    error = exc
                with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                    loop.call_soon_threadsafe(settle, move, error)

            threading.Thread(target=run, name="bot-decision", daemon=True).start()
            answered(await answer)

        self.run_worker(work(), exclusive=True, group="bots", exit_on_error=False)

    def stop_thinking(self) -> None:
        """Abandon the bots still thinking."""
        self.workers.cancel_group(self, "bots")

    # ------------------------------------------------------------------ the table's messages

    @on(TableScreen.Redraw)
    def _redraw_asked(self) -> None:
        self.redraw()

    @on(TableScreen.Draw)
    def _draw(self) -> None:
        """Draw the marked cards; with none marked, ask first (Enter by habit after a
        curtain would stand pat at once). The marks typed before Enter have all arrived:
        they come through here in the order typed."""
        found = self.driver.decision()
        if found is None or self.driver.ui.discards or found[1].legal is None:
            self.driver.draw()
            return
        legal = found[1].legal
        from holdem_tui.ui.screens.modals import StandPatScreen

        def answered(pat: bool | None) -> None:
            if pat:  # dropped if that decision has passed meanwhile
                self.driver.move(Action.draw(()), legal)

        self.open_screen(StandPatScreen(), answered)

    @on(Move)
    @on(TableScreen.ToggleCard)
    @on(TableScreen.NextHand)
    @on(TableScreen.ShowCards)
    @on(TableScreen.ToggleReveal)
    @on(TableScreen.ToggleWatch)
    @on(LobbyScreen.StartNow)
    @on(HostedEndScreen.Chosen)
    def _relay(self, message: Message) -> None:
        """A move or a request the driver carries out as it is (:data:`RELAYED`)."""
        RELAYED[type(message)](self.driver, message)

    @on(TableScreen.PastHands)
    def _past_hands(self) -> None:
        seating = self.driver.seating()
        if seating is not None:
            self.open_screen(PastHandsScreen(seating, self.driver.past_hands()))

    @on(TableScreen.Review)
    @on(EndScreen.Review)
    @on(PastHandsScreen.Review)
    def _review(self) -> None:
        self.open_review()

    def open_review(self) -> None:
        """The hand review of this session; the game waits until it is closed."""
        if self._reviewing:
            return
        request = self.driver.review_request()
        if request is None:
            self.tell(self.tr.t("review.not_here"))
            return
        self._reviewing = True
        from holdem_tui.ui.hand_review import start_review

        start_review(self, request, self._review_closed)

    def _review_closed(self) -> None:
        self._reviewing = False
        self.redraw()
        self.driver.resume()

    # ------------------------------------------------------------------ the setup's messages

    @on(SetupScreen.Continue)
    def _continue(self, message: SetupScreen.Continue) -> None:
        driver = self.driver
        if isinstance(driver, LocalDriver) and not driver.continue_saved():
            message.setup.retranslate()

    @on(SetupScreen.LanguageChosen)
    def _language_chosen(self, message: SetupScreen.LanguageChosen) -> None:
        self.set_language(message.code)

    # ------------------------------------------------------------------ preferences, keys

    def language_changed(self, code: str) -> None:
        """The session on screen plays in the new language from now on."""
        self.driver.settings = replace(self.driver.settings, lang=code)

    def remember(self) -> None:
        """Keep the language, pace, deck, coach and this setup for the next start."""
        if not self.persist:
            return
        from holdem_tui.storage.preferences import Settings, load_settings, save_settings

        settings = self.driver.settings
        setup = replace(settings, seed=None).to_dict()
        saved = load_settings(repair=False).settings.language
        save_settings(
            Settings(
                language_to_keep(settings.lang, saved, picked=self.language_picked),
                settings.pace,
                setup,
                self.four_colour,
                self.coach_on,
                settings.training,
            )
        )

    def help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """Every key of the table; over the hand review, the stats or the drills, theirs."""
        return table_help_rows(self, tr, hosts_table=self.driver.hosts_table)

    @property
    def confirm_quit(self) -> bool:
        """Leaving the table always asks first: a quit by accident would lose the session."""
        return True

    @property
    def leaving(self) -> Leaving:
        """What leaving ends: the driver knows (a saved session, a closed hosted table...)."""
        return self.driver.leaving

    def quit_answered(self, leave: bool | None) -> None:
        """Leave at once (a thinking bot is abandoned), the session saved where it stands."""
        if leave:
            self.driver.leave()

    def action_hand_over(self) -> None:
        """``g`` (a hosted table's host): hand a friend's chair over, after asking which and
        whether; the friend who lost their key can then sit down in it with their name."""
        from holdem_tui.ui.review_parts import ChoiceScreen
        from holdem_tui.ui.screens.modals import HandOverScreen

        driver = self.driver
        if not driver.hosts_table:
            return
        chairs = driver.hand_over_chairs()
        if not chairs:
            self.tell(self.tr.t("hand_over.none"))
            return

        def ask(index: int | None) -> None:
            if index is None:
                return
            seat, name = chairs[index]
            self.open_screen(
                HandOverScreen(name), lambda yes: driver.hand_chair_over(seat) if yes else None
            )

        if len(chairs) == 1:
            ask(0)
            return
        picker = ChoiceScreen(
            lambda tr: tr.t("hand_over.pick"), lambda tr: [(name, True) for _, name in chairs]
        )
        self.open_screen(picker, ask)

    def action_toggle_big_blinds(self) -> None:
        """``b``: stacks and bets in chips or in big blinds (big bets in draw)."""
        self.in_big_blinds = not self.in_big_blinds
        self.redraw()

    def action_toggle_coach(self) -> None:
        """``o``: the coach on or off, remembered with the settings."""
        self.coach_on = not self.coach_on
        self.remember()
        self.redraw()

    def coach_ready(self) -> bool:
        """Whether the coach's numbers for the current decision are on screen."""
        return self.coach.has_advice and self.driver.decision() is not None

    def action_stats(self) -> None:
        """``t``: lifetime statistics with charts, from every saved history (the game goes on
        behind the screen, as behind the rules)."""
        from holdem_tui.ui.screens.stats import StatsScreen  # the charts: imported when asked

        if not isinstance(self.screen, StatsScreen):
            self.open_screen(StatsScreen())

    def action_train(self) -> None:
        """``d`` on the end screen: the drills (preflop, pot odds and outs, your own spots)."""
        from holdem_tui.ui.screens.train import TrainScreen

        if not isinstance(self.screen, TrainScreen):
            self.open_screen(TrainScreen())

    def action_rules(self) -> None:
        """F1: the rules of the game being played."""
        from holdem_tui.ui.screens.rules import RulesScreen  # Markdown: imported when asked

        if not isinstance(self.screen, RulesScreen):
            self.open_screen(RulesScreen(self.driver.settings.variant))


#: the screens' messages the driver carries out as they are, each by one step of its own
RELAYED: Final[dict[type[Message], Callable[[TableDriver, Any], object]]] = {
    Move: lambda driver, move: driver.move(move.action, move.legal),
    TableScreen.ToggleCard: lambda driver, card: driver.toggle_discard(card.index),
    TableScreen.NextHand: lambda driver, _: driver.next_hand(),
    TableScreen.ShowCards: lambda driver, _: driver.show_cards(),
    TableScreen.ToggleReveal: lambda driver, _: driver.toggle_reveal(),
    TableScreen.ToggleWatch: lambda driver, _: driver.toggle_watch(),
    LobbyScreen.StartNow: lambda driver, _: driver.start_now(),
    HostedEndScreen.Chosen: lambda driver, chosen: driver.end_chosen(chosen.choice),
}


def _first_run() -> bool:
    """Whether the player has never saved a preference here (no settings file yet)."""
    from holdem_tui.storage.paths import settings_path

    return not settings_path().exists()


def _saved_preferences() -> Any:
    """The player's saved preferences (the defaults when the file is unreadable)."""
    from holdem_tui.storage.preferences import load_settings

    return load_settings(repair=False).settings


def create_app(
    settings: GameSettings,
    *,
    persist: bool = False,
    timers: Timers | None = None,
    **options: Unpack[LocalOptions],
) -> HoldemApp:
    """The local game: a table app with a :class:`~holdem_tui.ui.local.LocalDriver`.

    ``persist`` keeps preferences, the autosave and hand histories on disk (the command line
    does; tests leave it off so they never write to a home folder); ``timers`` replaces the
    clock of the pauses (tests turn a :class:`~holdem_tui.ui.timing.ManualTimers` by hand).
    The ``options`` are the local driver's (:class:`~holdem_tui.ui.local.LocalOptions`): a
    bot factory, a clock for minute limits, the setup screen first, a save to continue.
    """
    return HoldemApp(
        LocalDriver(settings, persist=persist, **options), persist=persist, timers=timers
    )
