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
import sys
import threading
from collections.abc import Callable, Coroutine
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual import events, on
from textual.binding import Binding, BindingType
from textual.screen import Screen
from typing_extensions import Unpack

from holdem_tui.engine.actions import Action
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import Translator, language_to_keep
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import HandLog
from holdem_tui.session.present import UiState, build_table
from holdem_tui.session.turns import BotMove
from holdem_tui.ui.base_app import BaseApp, Leaving
from holdem_tui.ui.coach_feed import CoachFeed
from holdem_tui.ui.driver import TableDriver
from holdem_tui.ui.local import LocalDriver, LocalOptions
from holdem_tui.ui.moves import Move
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.hosted import HostedEndScreen, LobbyScreen
from holdem_tui.ui.screens.modals import PastHandsScreen, TooSmallScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.timing import TextualTimers, Timers

if TYPE_CHECKING:  # imported when the review is first opened
    from holdem_tui.ui.hand_review import ReviewScreen

#: The smallest terminal the table is laid out for.
MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24


class HoldemApp(BaseApp[None]):
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
        self._cover: TooSmallScreen | None = None
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

    # ------------------------------------------------------------------ start-up and size

    def on_mount(self) -> None:
        """Let the driver begin, then cover the table if the window is too small."""
        self.driver.start()
        self._check_size(self.size.width, self.size.height)
        if self.first_run:
            self.tell(self.tr.t("hints.first_run"), timeout=30)

    def on_resize(self, event: events.Resize) -> None:
        """Cover the table while the window is too small; carry on when it grows."""
        self._check_size(event.size.width, event.size.height)

    @property
    def paused(self) -> bool:
        """Whether the game waits: the window is too small, or the review is open."""
        return self._cover is not None or self._reviewing

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._cover is None:
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._cover)
        elif not small and self._cover is not None:
            cover, self._cover = self._cover, None
            if self.screen is cover:
                self.pop_screen()
            # else the quit question is open over it: the cover goes when it is uncovered
            self.driver.resume()

    @on(TooSmallScreen.Uncovered)
    def _uncovered(self, message: TooSmallScreen.Uncovered) -> None:
        """A dialog over a cover closed: drop the cover if the window grew meanwhile."""
        if message.cover is not self._cover and self.screen is message.cover:
            self.pop_screen()

    # ------------------------------------------------------------------ screens for the driver

    def open_screen(self, screen: Screen[Any], done: Callable[[Any], None] | None = None) -> None:
        """Open ``screen`` over the game; while the window is too small, under the cover.

        The cover must stay on top so nothing is drawn into a window too small for it; only
        the quit question goes over it, so Ctrl+Q always works.
        """
        from holdem_tui.ui.screens.modals import QuitScreen

        cover = self._cover
        if cover is None or self.screen is not cover or isinstance(screen, QuitScreen):
            self.push_screen(screen, done)
            return
        self.pop_screen()
        self.push_screen(screen, done)
        self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
        self.push_screen(self._cover)

    def is_open(self, kind: type[Screen[Any]]) -> bool:
        """Whether a screen of this kind is open anywhere in the stack."""
        return any(isinstance(screen, kind) for screen in self.screen_stack)

    def new_table(self, seat_count: int, draw_game: bool) -> None:
        """Put a fresh table on an emptied screen stack.

        Whatever was open (the end screen, a setup form, an old table) goes, so a second
        session never stacks a second table on the first; the size cover stays on top.
        """
        covered = self._cover is not None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TableScreen(seat_count, draw_game, self.driver.home_chair()))
        if covered:
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._cover)

    def show_alone(self, screen: Screen[Any]) -> None:
        """Put ``screen`` on an emptied stack (the size cover stays on top), as
        :meth:`new_table` does with a table: a hosted table's next game opens its lobby."""
        covered = self._cover is not None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)
        if covered:
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._cover)

    def has_table(self) -> bool:
        """Whether a table screen is open."""
        return self.table_screen() is not None

    async def swap_in_table(self, seat_count: int, draw_game: bool) -> None:
        """Replace the lobby with a table, mounted when this returns (under the size cover
        if it is up, which stays on top)."""
        cover = self._cover
        if cover is not None and self.screen is cover:
            await self.pop_screen()
            await self.switch_screen(TableScreen(seat_count, draw_game, self.driver.home_chair()))
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            await self.push_screen(self._cover)
            return
        await self.switch_screen(TableScreen(seat_count, draw_game, self.driver.home_chair()))

    def table_screen(self) -> TableScreen | None:
        """The table screen, wherever it is in the stack."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

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
        model = build_table(seating, self.driver.snapshot(), ui, self.tr, self.hand_log)
        screen.show_model(model)
        for review in self._reviews_open():  # the deck or the language changed
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

    @on(Move)
    def _move(self, message: Move) -> None:
        self.driver.move(message.action, message.legal)

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

    @on(TableScreen.ToggleCard)
    def _toggle_card(self, message: TableScreen.ToggleCard) -> None:
        self.driver.toggle_discard(message.index)

    @on(TableScreen.NextHand)
    def _next_hand(self) -> None:
        self.driver.next_hand()

    @on(TableScreen.ShowCards)
    def _show_cards(self) -> None:
        self.driver.show_cards()

    @on(TableScreen.ToggleReveal)
    def _toggle_reveal(self) -> None:
        self.driver.toggle_reveal()

    @on(TableScreen.ToggleWatch)
    def _toggle_watch(self) -> None:
        self.driver.toggle_watch()

    @on(LobbyScreen.StartNow)
    def _start_now(self) -> None:
        self.driver.start_now()

    @on(HostedEndScreen.Chosen)
    def _hosted_end_chosen(self, message: HostedEndScreen.Chosen) -> None:
        self.driver.end_chosen(message.choice)

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

    def _reviews_open(self) -> list[ReviewScreen]:
        """The hand review screens on the stack, bottom first. The review is imported when
        first opened (not before the first frame), so until then there is none."""
        module = sys.modules.get("holdem_tui.ui.hand_review")
        if module is None:
            return []
        return [s for s in self.screen_stack if isinstance(s, module.ReviewScreen)]

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
        over = _progress_help(self, tr)
        if over is not None:
            return [*over, *self.shared_help_rows(tr), ("Ctrl+Q", tr.t("keys.quit"))]
        review = next(reversed(self._reviews_open()), None)
        if review is not None:
            from holdem_tui.ui.review_parts import review_keys

            may_switch = review.book is not None and review.book.may_switch
            return [
                *review_keys(tr, may_switch=may_switch),
                ("Esc", tr.t("review.key_close")),
                *self.shared_help_rows(tr),
                ("Ctrl+Q", tr.t("keys.quit")),
            ]
        return [
            ("f", tr.t("keys.fold")),
            ("c", tr.t("keys.check_call")),
            ("r", tr.t("keys.bet_raise")),
            ("a", tr.t("keys.all_in")),
            ("1–5", tr.t("keys.toggle_card")),
            ("Enter", f"{tr.t('keys.draw')} / {tr.t('keys.next_hand')}"),
            ("s", f"{tr.t('keys.stand_pat')} / {tr.t('action.show')}"),
            ("w", tr.t("keys.watch_folded")),
            ("h", tr.t("past_hands.title")),
            ("e", tr.t("review.help")),
            ("?", tr.t("keys.help")),
            ("F1", tr.t("keys.rules")),
            ("l", tr.t("keys.language")),
            ("k", tr.t("keys.four_colour")),
            ("o", tr.t("keys.coach")),
            ("b", tr.t("keys.big_blinds")),
            ("t", tr.t("keys.stats")),
            *([("g", tr.t("hand_over.key"))] if self.driver.hosts_table else []),
            ("Ctrl+Q", tr.t("keys.quit")),
        ]

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


def _first_run() -> bool:
    """Whether the player has never saved a preference here (no settings file yet)."""
    from holdem_tui.storage.paths import settings_path

    return not settings_path().exists()


def _progress_help(app: HoldemApp, tr: Translator) -> list[tuple[str, str]] | None:
    """The keys of the stats screen or the drills when one is on top (each is imported when
    first opened, so until then neither is)."""
    stats = sys.modules.get("holdem_tui.ui.screens.stats")
    if stats is not None and isinstance(app.screen, stats.StatsScreen):
        from holdem_tui.ui.stats_app import stats_help_rows

        return stats_help_rows(tr)
    train = sys.modules.get("holdem_tui.ui.screens.train")
    if train is not None and isinstance(app.screen, train.TrainScreen):
        from holdem_tui.ui.train_app import train_help_rows

        return train_help_rows(tr)
    return None


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
