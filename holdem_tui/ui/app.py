"""The Textual app: one factory, one driver loop, bots in thread workers.

:func:`create_app` is the only way the game is built, by the command line, the tests and
``scripts/screenshots.py`` alike, so what the tests see is what players get.

The driver is a small state machine (:class:`~holdem_tui.ui.present.Stage`): after every
change, :meth:`HoldemApp.advance` asks the session whose turn it is and either waits for keys
(a human), starts a worker (a bot), raises the hot-seat curtain, or runs the end of the hand.
Delays come from timers, never from sleeping on the UI thread, and a bot's thinking runs in an
exclusive thread worker whose result is applied only if it still belongs to the current
decision (a token check), so quitting or starting a new game mid-thought is instant and safe.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual import events, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from holdem_tui.coach import Advice, advise
from holdem_tui.coach.text import coach_lines
from holdem_tui.engine.actions import Action, IllegalAction
from holdem_tui.engine.events import CardsShown, PotAwarded
from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import LANGUAGES, Translator, get_translator, language_name
from holdem_tui.settings import GameSettings
from holdem_tui.ui.controller import BotFactory, Session
from holdem_tui.ui.narrate import refusal_text
from holdem_tui.ui.present import ActionModel, Stage, UiState, build_table, display_name
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.modals import (
    BustScreen,
    CurtainScreen,
    FoldConfirmScreen,
    HelpScreen,
    QuitScreen,
    RaiseEditor,
    TooSmallScreen,
)
from holdem_tui.ui.screens.rules import RulesScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.timing import TextualTimers, TimerHandle, Timers

if TYPE_CHECKING:
    from holdem_tui.bots.base import Bot
    from holdem_tui.storage.autosave import LoadResult

#: The smallest terminal the table is laid out for.
MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24
#: Seconds a bot may think before safe_decide plays check/fold for it.
BOT_TIMEOUT: Final = 5.0


@dataclass(frozen=True, slots=True)
class Pace:
    """How long things stay on screen, in seconds.

    ``bot`` is the least time a bot appears to think (so a player can follow the action),
    ``reveal`` the pause between hands turning up at showdown, ``next_hand`` how long a
    finished hand stays before the next is dealt when someone plays (``None``: until a key),
    and ``watch_next`` the same when only bots play.
    """

    bot: float
    reveal: float
    next_hand: float | None
    watch_next: float


PACES: Final = {
    "instant": Pace(bot=0.0, reveal=0.0, next_hand=None, watch_next=0.0),
    "normal": Pace(bot=0.8, reveal=0.9, next_hand=8.0, watch_next=3.0),
    "slow": Pace(bot=1.8, reveal=1.6, next_hand=15.0, watch_next=6.0),
}


class HoldemApp(App[None]):
    """The poker table app; build it with :func:`create_app`."""

    CSS_PATH = Path(__file__).with_name("holdem.tcss")
    ENABLE_COMMAND_PALETTE = False
    TITLE = "holdem-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", show=False, priority=True, id="quit"),
        Binding("question_mark", "help", show=False, id="help"),
        Binding("f1", "rules", show=False, id="rules"),
        Binding("l", "switch_language", show=False, id="language"),
        Binding("k", "toggle_four_colour", show=False, id="four_colour"),
        Binding("o", "toggle_coach", show=False, id="coach"),
    ]

    def __init__(
        self,
        settings: GameSettings,
        *,
        bot_factory: BotFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
        setup_first: bool = False,
        bot_timeout: float = BOT_TIMEOUT,
        persist: bool = False,
        saved: LoadResult | None = None,
        timers: Timers | None = None,
    ) -> None:
        super().__init__()
        #: the clock and alarms of every pause (tests pass a ManualTimers)
        self.timers: Timers = timers or TextualTimers(self)
        #: keep settings, autosave and hand histories on disk (the CLI; tests leave it off)
        self.persist = persist
        #: a loaded autosave to continue instead of dealing a new session
        self.saved = saved
        self.requested = settings
        self.settings = settings.with_seed()
        self.tr: Translator = get_translator(self.settings.lang)
        self.bot_factory = bot_factory
        self.clock = clock
        self.setup_first = setup_first
        self.bot_timeout = bot_timeout
        self.session: Session | None = None
        self._storage_reported = False
        self.ui = UiState()
        #: blue diamonds and green clubs; a preference kept with the settings
        self.four_colour = self._saved_four_colour()
        #: the coach beside the action bar (off by default); a preference kept likewise
        self.coach_on = self._saved_coach()
        #: the decision the coach's advice belongs to, and the advice once computed
        self._coach_for: PlayerView | None = None
        self._coach_advice: Advice | None = None
        self.screen_owner: int | None = None
        self._cover: TooSmallScreen | None = None
        self._resume: Callable[[], None] | None = None
        self._token = 0
        self._timer: TimerHandle | None = None
        self._finished_hand: int | None = None
        #: where the details of a crash were written (the command line names it)
        self.crash_log: Path | None = None
        #: the checked save "Continue" offers (read once per visit of the setup screen)
        self._offer: LoadResult | None = None

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
        self._cancel_pending()
        self._close_messages_no_wait()

    # ------------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        """Open the setup screen or sit straight down at the table."""
        if self.saved is not None:
            self.resume_session(self.saved)
        elif self.setup_first or self.settings.validate():
            self.open_screen(SetupScreen(self.requested), self._setup_done)
        else:
            self.start_session(self.settings)
        self._check_size(self.size.width, self.size.height)

    def _setup_done(self, settings: GameSettings | None) -> None:
        if settings is not None:
            self.start_session(settings)
        elif self.session is None:
            self.exit()
        elif self.ui.stage is Stage.SESSION_OVER:
            self._show_end()

    def start_session(self, settings: GameSettings) -> None:
        """Seat everybody and deal the first hand (replacing any session in progress)."""
        self._cancel_pending()
        self.settings = settings.with_seed()
        self.set_language(self.settings.lang)
        self.session = Session(self.settings, self.bot_factory, self.clock)
        if self.persist:
            self.session.start_storage()
        self._offer = None
        self.ui = UiState()
        self.screen_owner = None
        self._finished_hand = None
        self._show_table()
        self.call_after_refresh(self.advance)

    def _show_table(self) -> None:
        """Put a fresh table for the current session on an emptied screen stack.

        Whatever was open (the end screen, a setup form, an old table) goes, so a second
        session never stacks a second table on the first; the size cover stays on top.
        """
        assert self.session is not None
        covered = self._cover is not None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(TableScreen(self.session.seat_count, self.settings.variant == "draw"))
        if covered:
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._cover)

    def open_screen(
        self, screen: Screen[Any], callback: Callable[[Any], None] | None = None
    ) -> None:
        """Open ``screen`` over the game; while the window is too small, under the cover.

        The cover must stay on top so nothing is drawn into a window too small for it; only
        the quit question goes over it, so Ctrl+Q always works.
        """
        cover = self._cover
        if cover is None or self.screen is not cover or isinstance(screen, QuitScreen):
            self.push_screen(screen, callback)
            return
        self.pop_screen()
        self.push_screen(screen, callback)
        self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
        self.push_screen(self._cover)

    def resume_session(self, saved: LoadResult) -> None:
        """Sit back down at a saved session: the same hand, cards, stacks and score."""
        from holdem_tui.storage.session import SessionStore

        self._cancel_pending()
        store, resumed = SessionStore.resume(saved)
        self.session = Session.resume(resumed, store, self.bot_factory, self.clock)
        # the language on screen now (chosen by --lang, the saved setting or the `l` key)
        # stays: the session's own is only what it was started with
        self.settings = replace(self.session.settings, lang=self.tr.lang)
        self.session.settings = self.settings
        self.ui = UiState()
        self.screen_owner = None
        self._finished_hand = None
        self._show_table()
        self.notify(self.tr.t("storage.resumed", number=resumed.hand_number))
        self.call_after_refresh(self.advance)

    def can_continue(self) -> bool:
        """Whether the setup screen offers "Continue": a save exists and was checked whole.

        The save is validated completely (schema, ranges, its hand replayed) by
        :func:`~holdem_tui.storage.autosave.continue_offer`, once per visit of the setup
        screen and before the offer is made; a broken one is kept aside and the player is
        told where it went.
        """
        offer = self._saved_offer()
        return offer is not None and offer.ok

    def _saved_offer(self) -> LoadResult | None:
        if not self.persist:
            return None
        if self._offer is None:
            from holdem_tui.storage.autosave import continue_offer

            self._offer = continue_offer()
            message = self._offer.message(self.tr)
            if message:
                self.notify(message, severity="warning", timeout=20)
        return self._offer

    def continue_label(self) -> str:
        """ "Continue — Hold'em, 4 players, hand #12, 38 minutes ago"."""
        from holdem_tui.storage.offer import summarize

        tr = self.tr
        label = tr.t("setup.continue")
        offer = self._saved_offer()
        summary = None if offer is None else summarize(offer)
        if summary is None:
            return label
        parts = [
            tr.t(f"game.{summary.variant}"),
            tr.plural("unit.players", summary.players),
            tr.t("saves.hand_number", number=summary.hand_number),
        ]
        if summary.saved_at is not None:
            from datetime import UTC, datetime

            age = (datetime.now(UTC) - summary.saved_at).total_seconds()
            parts.append(tr.t("saves.just_now") if age < 60 else tr.ago(age))
        return f"{label} — {', '.join(parts)}"

    def continue_saved(self) -> None:
        """The setup screen's "Continue": back to the saved hand, or say why not.

        A broken save is kept aside by the loader; the player reads where it went and stays
        on the setup screen, which is the new game on offer.
        """
        offer = self._saved_offer()
        self._offer = None
        if offer is None or offer.session is None:
            message = "" if offer is None else offer.message(self.tr)
            self.notify(message or self.tr.t("storage.no_save"), severity="warning", timeout=20)
            retranslate = getattr(self.screen, "retranslate", None)
            if callable(retranslate):
                retranslate()
            return
        self.resume_session(offer)

    def remember_settings(self) -> None:
        """Keep the language, pace and this setup for the next start (config folder)."""
        if not self.persist:
            return
        from holdem_tui.storage.settings import Settings, save_settings

        setup = replace(self.settings, seed=None).to_dict()
        save_settings(
            Settings(self.settings.lang, self.settings.pace, setup, self.four_colour, self.coach_on)
        )

    def _saved_coach(self) -> bool:
        if not self.persist:
            return False
        from holdem_tui.storage.settings import load_settings

        return load_settings(repair=False).settings.coach

    def _saved_four_colour(self) -> bool:
        if not self.persist:
            return False
        from holdem_tui.storage.settings import load_settings

        return load_settings(repair=False).settings.four_colour

    # ------------------------------------------------------------------ queries

    @property
    def pace(self) -> Pace:
        """The delays for the chosen pace."""
        return PACES.get(self.settings.pace, PACES["normal"])

    def table_screen(self) -> TableScreen | None:
        """The table screen, wherever it is in the stack."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def default_viewer(self) -> int | None:
        """Whose eyes the table has between turns: the one human, else nobody's."""
        assert self.session is not None
        humans = self.settings.humans
        return humans[0] if len(humans) == 1 else None

    def current_view(self) -> PlayerView | None:
        """The view for the current viewer (a spectator when nobody's cards may show)."""
        session = self.session
        if session is None or session.hand is None:
            return None
        return session.view_for(self.ui.viewer, reveal_all=self.ui.reveal_all)

    def refresh_table(self) -> None:
        """Rebuild the table model and hand it to the table screen."""
        screen = self.table_screen()
        if screen is None or self.session is None:
            return
        screen.show_model(build_table(self.session, self.current_view(), self.ui, self.tr))
        self._show_coach(screen)

    # ------------------------------------------------------------------ the coach

    def _show_coach(self, screen: TableScreen) -> None:
        """The coach's lines at the human's own decision (nothing behind the curtain,
        nothing at a bot's turn); the numbers come from a worker so the table never waits."""
        found = self._legal() if self.coach_on else None
        if found is None:
            screen.show_coach(None)
            return
        _seat, view = found
        if view != self._coach_for:  # a new decision (or a new session's)
            self._coach_for = view
            self._coach_advice = None
            self._coach_think(view)
        advice = self._coach_advice
        if advice is None:
            screen.show_coach([self.tr.t("coach.computing")])
        else:
            screen.show_coach(coach_lines(advice, self.tr))

    @work(thread=True, exclusive=True, group="coach", exit_on_error=False)
    def _coach_think(self, view: PlayerView) -> None:
        """Compute the advice off the event loop (tens of milliseconds at most)."""
        advice = advise(view)
        if not get_current_worker().is_cancelled:
            self.call_from_thread(self._coach_ready, view, advice)

    def _coach_ready(self, view: PlayerView, advice: Advice) -> None:
        if view != self._coach_for:
            return
        self._coach_advice = advice
        screen = self.table_screen()
        if screen is not None:
            self._show_coach(screen)

    def coach_ready(self) -> bool:
        """Whether the coach's numbers for the current decision are on screen."""
        return self._coach_advice is not None and self._legal() is not None

    def action_toggle_coach(self) -> None:
        """``o``: the coach on or off, remembered with the settings."""
        self.coach_on = not self.coach_on
        self.remember_settings()
        self.refresh_table()

    def footer_keys(self) -> list[ActionModel]:
        """The footer: help, rules, language (with the current one named), quit."""
        tr = self.tr
        return [
            ActionModel("?", tr.t("keys.help"), "app.help"),
            ActionModel("F1", tr.t("keys.rules"), "app.rules"),
            ActionModel("h", tr.t("past_hands.key"), "screen.past_hands"),
            ActionModel(
                "l", tr.t("language.changed", name=language_name(tr.lang)), "app.switch_language"
            ),
            ActionModel("^q", tr.t("keys.quit"), "app.request_quit"),
        ]

    # ------------------------------------------------------------------ the driver

    def _set_ui(self, **changes: object) -> None:
        self.ui = replace(self.ui, **changes)  # type: ignore[arg-type]
        self.refresh_table()

    def _when_running(self, step: Callable[[], None]) -> bool:
        """Defer ``step`` while the window is too small; True if it may run now."""
        if self.too_small:
            self._resume = step
            return False
        return True

    def _report_storage(self, session: Session) -> None:
        """Say once, on screen, that the game plays on without saving, and why."""
        problem = session.storage_problem()
        if problem is None or self._storage_reported:
            return
        self._storage_reported = True
        from holdem_tui.storage.paths import data_dir

        self.notify(
            self.tr.t("storage.folder_unusable", path=str(data_dir()), detail=problem),
            severity="warning",
            timeout=30,
        )
        self.sub_title = self.tr.t("storage.not_saving")

    def advance(self) -> None:
        """Decide what happens next: deal, wait for a human, let a bot think, end the hand."""
        if not self._when_running(self.advance):
            return
        session = self.session
        if session is None or self.ui.stage is Stage.SESSION_OVER:
            return
        self._report_storage(session)
        hand = session.hand
        if hand is None:
            self._deal()
            return
        if hand.is_complete:
            self._hand_complete()
            return
        seat = session.actor_seat
        assert seat is not None
        if session.is_human(seat):
            self._human_turn(seat)
        else:
            self._bot_turn(seat)

    def _deal(self) -> None:
        session = self.session
        assert session is not None
        if self._ask_busted():
            return
        if self._session_over():
            self._end_session()
            return
        session.start_hand()
        self._finished_hand = None
        self._set_ui(
            stage=Stage.DEALING,
            viewer=self.default_viewer(),
            thinking=None,
            revealed=None,
            discards=frozenset(),
            notice="",
        )
        self.advance()

    def _session_over(self) -> bool:
        """Limits, one player with every chip, or a busted human chose to end."""
        session = self.session
        assert session is not None
        session.tick()  # the pause after the hand counts towards a time limit
        if session.ended_by is not None or session.is_over():
            return True
        humans = self.settings.humans
        busted = session.busted_humans()
        return bool(humans) and len(busted) == len(humans) and not session.watching

    def _ask_busted(self) -> bool:
        """A human who just busted chooses: rebuy, watch, or end. True while asking."""
        session = self.session
        assert session is not None
        if session.table.limit_reached() or session.ended_by is not None:
            return False
        if any(isinstance(screen, BustScreen) for screen in self.screen_stack):
            return True
        for seat in session.busted_humans():
            if seat not in session.watching:
                can_watch = len(session.table.active_seats()) >= 2
                self.open_screen(BustScreen(seat, can_watch), partial(self._bust_choice, seat))
                return True
        return False

    def _bust_choice(self, seat: int, choice: str | None) -> None:
        session = self.session
        if session is None:
            return
        if choice == "rebuy":
            session.rebuy(seat)
        elif choice == "watch" and len(session.table.active_seats()) >= 2:
            session.watching.add(seat)
            session.save()
        else:
            session.ended_by = "busted"
        self.advance_later()

    def advance_later(self) -> None:
        """Carry on after the screen stack has settled (a dialog just closed)."""
        self.call_after_refresh(self.next_hand_or_deal)

    def next_hand_or_deal(self) -> None:
        """Deal the next hand, or end the session, whatever stage the table is at."""
        if self.ui.stage in (Stage.HAND_OVER, Stage.REVEAL):
            self.next_hand()
        else:
            self.advance()

    def _human_turn(self, seat: int) -> None:
        if self.session is not None:
            self.session.save()  # a decision point: a kill or a quit resumes right here
        if self.settings.hot_seat and self.screen_owner != seat:
            self._set_ui(stage=Stage.CURTAIN, viewer=None, thinking=None, discards=frozenset())
            assert self.session is not None
            name = display_name(self.session, seat, self.tr)
            self.open_screen(CurtainScreen(name), partial(self._curtain_lifted, seat))
            return
        self.screen_owner = seat
        self._set_ui(stage=Stage.HUMAN, viewer=seat, thinking=None, discards=frozenset(), notice="")

    def _curtain_lifted(self, seat: int, _: None = None) -> None:
        self.screen_owner = seat
        if self.session is not None and self.session.actor_seat == seat:
            self._human_turn(seat)

    def _bot_turn(self, seat: int) -> None:
        session = self.session
        assert session is not None
        self._token += 1
        token = self._token
        self._set_ui(stage=Stage.BOT, viewer=self.default_viewer(), thinking=seat, notice="")
        view = session.bot_view(seat)
        self._think(session.bots[seat], view, seat, token, self.timers.now())

    @work(thread=True, exclusive=True, group="bots", exit_on_error=False)
    def _think(self, bot: Bot, view: PlayerView, seat: int, token: int, started: float) -> None:
        """Ask the bot in a daemon thread, so a quit never waits for a slow decision."""
        from holdem_tui.bots.safety import safe_decide

        worker = get_current_worker()
        answer: list[Action] = []
        done = threading.Event()

        def decide() -> None:
            try:
                action, _fault = safe_decide(bot, view, self.bot_timeout)
                answer.append(action)
            finally:
                done.set()

        threading.Thread(target=decide, name=f"think-{seat}", daemon=True).start()
        while not done.wait(0.02):
            if worker.is_cancelled:
                return
        if worker.is_cancelled or not answer:
            return
        self.call_from_thread(self._bot_answered, token, seat, answer[0], started)

    def _bot_answered(self, token: int, seat: int, action: Action, started: float) -> None:
        if token != self._token:
            return
        wait = self.pace.bot - (self.timers.now() - started)
        if wait > 0:
            self._timer = self.timers.after(wait, partial(self._apply_bot, token, seat, action))
        else:
            self._apply_bot(token, seat, action)

    def _apply_bot(self, token: int, seat: int, action: Action) -> None:
        if token != self._token or self.session is None:
            return
        if not self._when_running(partial(self._apply_bot, token, seat, action)):
            return
        if self.session.actor_seat != seat:
            return
        self.session.act_for_bot(seat, action)
        self._set_ui(thinking=None)
        self.advance()

    # ------------------------------------------------------------------ human moves

    def _human_seat(self) -> int | None:
        """The seat whose keys are live now, if any."""
        session = self.session
        if session is None or self.ui.stage is not Stage.HUMAN:
            return None
        seat = session.actor_seat
        if seat is None or not session.is_human(seat) or seat != self.ui.viewer:
            return None
        return seat

    def human_act(self, action: Action) -> bool:
        """Apply the human's move; an illegal one is refused with the reason, nothing sent."""
        seat = self._human_seat()
        if seat is None or self.session is None:
            return False
        try:
            self.session.act(seat, action)
        except IllegalAction as exc:
            self._set_ui(notice=refusal_text(self.tr, exc))
            self.bell()
            return False
        viewer = self.default_viewer()
        self._set_ui(stage=Stage.DEALING, viewer=viewer, discards=frozenset(), notice="")
        self.advance()
        return True

    def _legal(self) -> tuple[int, PlayerView] | None:
        seat = self._human_seat()
        if seat is None or self.session is None:
            return None
        view = self.session.view_for(seat)
        return (seat, view) if view.legal is not None else None

    def play_fold(self) -> None:
        """Fold; when checking is free, ask once first (allowed, but rarely meant)."""
        found = self._legal()
        legal = found[1].legal if found is not None else None
        if legal is not None and legal.can_check:
            self.open_screen(FoldConfirmScreen(), self._fold_answer)
            return
        self.human_act(Action.fold())

    def _fold_answer(self, fold: bool | None) -> None:
        if fold:
            self.human_act(Action.fold())

    def play_check_call(self) -> None:
        """Check when free, else call."""
        found = self._legal()
        if found is None:
            return
        legal = found[1].legal
        assert legal is not None
        self.human_act(Action.check() if legal.can_check else Action.call())

    def play_all_in(self) -> None:
        """Every chip in."""
        self.human_act(Action.all_in())

    def play_bet_raise(self) -> None:
        """Fixed limit: bet/raise the one allowed amount. No limit: open the raise editor."""
        found = self._legal()
        if found is None:
            return
        _, view = found
        legal = view.legal
        assert legal is not None
        if not legal.can_raise:
            # say why nothing happens (the cap, nobody left to raise): the engine's reason
            target = legal.current_bet + legal.call_amount + max(1, view.min_bet)
            self.human_act(Action.bet(target) if legal.is_bet else Action.raise_to(target))
            return
        if view.structure == "fixed_limit":
            self.raise_to(legal.min_raise_to)
            return
        editor = RaiseEditor(legal, view.total_pot, view.min_bet)
        self.open_screen(editor, self._raise_chosen)

    def _raise_chosen(self, amount: int | None) -> None:
        if amount is not None:
            self.raise_to(amount)

    def raise_to(self, amount: int) -> bool:
        """Bet or raise to ``amount`` (this street's total)."""
        found = self._legal()
        if found is None:
            return False
        legal = found[1].legal
        assert legal is not None
        action = Action.bet(amount) if legal.is_bet else Action.raise_to(amount)
        return self.human_act(action)

    def can_toggle_card(self) -> bool:
        """Whether ``1``–``5`` choose discards now."""
        found = self._legal()
        return found is not None and found[1].legal is not None and found[1].legal.can_draw

    def toggle_discard(self, index: int) -> None:
        """Mark or unmark card ``index``; a fourth card is refused with the reason."""
        found = self._legal()
        if found is None or found[1].legal is None or not found[1].legal.can_draw:
            return
        legal = found[1].legal
        if index >= len(legal.hand):
            return
        chosen = set(self.ui.discards)
        if index in chosen:
            chosen.remove(index)
        elif len(chosen) >= legal.max_discards:
            self._set_ui(notice=self.tr.plural("draw.too_many", legal.max_discards))
            self.bell()
            return
        else:
            chosen.add(index)
        self._set_ui(discards=frozenset(chosen), notice="")

    def play_draw(self) -> None:
        """Throw the marked cards and draw as many."""
        found = self._legal()
        if found is None or found[1].legal is None:
            return
        hand = found[1].legal.hand
        discards = tuple(hand[i] for i in sorted(self.ui.discards) if i < len(hand))
        self.human_act(Action.draw(discards))

    def play_stand_pat(self) -> None:
        """Keep all five."""
        self.human_act(Action.draw(()))

    # ------------------------------------------------------------------ end of a hand

    def _hand_complete(self) -> None:
        session = self.session
        assert session is not None and session.hand is not None
        hand = session.hand
        if self._finished_hand != hand.config.hand_number:
            self._finished_hand = hand.config.hand_number
            session.finish_hand()
        shown = sum(1 for e in hand.events if isinstance(e, CardsShown))
        contested = any(isinstance(e, PotAwarded) and not e.uncontested for e in hand.events)
        viewer = self.default_viewer()
        if contested and shown > 1 and self.pace.reveal > 0:
            self._set_ui(stage=Stage.REVEAL, viewer=viewer, thinking=None, revealed=0)
            self._timer = self.timers.after(self.pace.reveal, self._reveal_step)
        else:
            self._hand_over()

    def _reveal_step(self) -> None:
        if self.ui.stage is not Stage.REVEAL or self.session is None:
            return
        if not self._when_running(self._reveal_step):
            return
        hand = self.session.hand
        assert hand is not None
        shown = sum(1 for e in hand.events if isinstance(e, CardsShown))
        revealed = (self.ui.revealed or 0) + 1
        if revealed >= shown:
            self._hand_over()
            return
        self._set_ui(revealed=revealed)
        self._timer = self.timers.after(self.pace.reveal, self._reveal_step)

    def _hand_over(self) -> None:
        self._set_ui(
            stage=Stage.HAND_OVER, revealed=None, thinking=None, viewer=self.default_viewer()
        )
        playing = self.session is not None and self.session.humans_playing()
        delay = self.pace.next_hand if playing else self.pace.watch_next
        if delay is None:
            return
        if delay > 0:
            self._timer = self.timers.after(delay, self._auto_next)
        else:
            self.call_after_refresh(self._auto_next)

    def _auto_next(self) -> None:
        if not self._when_running(self._auto_next):
            return
        if self.ui.stage is Stage.HAND_OVER:
            self.next_hand()

    def next_hand(self) -> None:
        """Finish the showdown at once, or deal the next hand (or end the session)."""
        if self.ui.stage is Stage.REVEAL:
            self._stop_timer()
            self._hand_over()
            return
        if self.ui.stage is not Stage.HAND_OVER:
            return
        self._stop_timer()
        self._deal()

    def show_cards(self) -> None:
        """A human who won uncontested turns the cards up."""
        session = self.session
        if session is None or self.ui.stage is not Stage.HAND_OVER:
            return
        for seat in self.settings.humans:
            if session.may_show(seat):
                session.show(seat)
                self.refresh_table()
                return

    def toggle_reveal(self) -> None:
        """Watching bots: show or hide every hand."""
        if self.settings.watch_only:
            self._set_ui(reveal_all=not self.ui.reveal_all)

    def _end_session(self) -> None:
        if self.session is not None:
            self.session.close_storage()
        self._stop_timer()
        self._set_ui(stage=Stage.SESSION_OVER, thinking=None)
        self._show_end()

    def _show_end(self) -> None:
        assert self.session is not None
        self.open_screen(EndScreen(self.session), self._end_choice)

    def _end_choice(self, choice: str | None) -> None:
        if choice == "again":
            self.start_session(replace(self.settings, seed=None))
        elif choice == "setup":
            self.open_screen(SetupScreen(replace(self.settings, seed=None)), self._setup_done)
        else:
            self.exit()

    # ------------------------------------------------------------------ timers, size

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _cancel_pending(self) -> None:
        """Forget timers, workers and deferred steps of the session being replaced."""
        self._stop_timer()
        self._token += 1
        self._resume = None
        self.workers.cancel_group(self, "bots")

    def on_resize(self, event: events.Resize) -> None:
        """Cover the table while the window is too small; carry on when it grows."""
        self._check_size(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        """Whether the window is covered because it is smaller than the table needs."""
        return self._cover is not None

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
            self._size_ok()

    def uncovered(self, cover: Screen[Any]) -> None:
        """A dialog over a cover closed: drop the cover if the window grew meanwhile."""
        if cover is not self._cover and self.screen is cover:
            self.pop_screen()

    def _size_ok(self) -> None:
        """The window is big enough again: take up the step that was waiting."""
        step, self._resume = self._resume, None
        if step is not None:
            self.call_after_refresh(step)

    # ------------------------------------------------------------------ app keys

    def set_language(self, code: str) -> None:
        """Switch every visible text to ``code`` at once, mid-hand included."""
        if code not in LANGUAGES:
            return
        self.tr = get_translator(code)
        self.settings = replace(self.settings, lang=code)
        self.remember_settings()
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if callable(retranslate):
                retranslate()
        self.refresh_table()

    def action_toggle_four_colour(self) -> None:
        """``k``: a four-colour deck (blue diamonds, green clubs) on or off, remembered."""
        self.four_colour = not self.four_colour
        self.remember_settings()
        self.refresh_table()

    def action_switch_language(self) -> None:
        """``l``: the next language (en → hr → fi → nl → en)."""
        index = LANGUAGES.index(self.tr.lang) if self.tr.lang in LANGUAGES else -1
        self.set_language(LANGUAGES[(index + 1) % len(LANGUAGES)])

    def action_help(self) -> None:
        """``?``: the key list."""
        if not isinstance(self.screen, HelpScreen):
            self.open_screen(HelpScreen())

    def action_rules(self) -> None:
        """F1: the rules of the game being played."""
        if not isinstance(self.screen, RulesScreen):
            self.open_screen(RulesScreen(self.settings.variant))

    def action_request_quit(self) -> None:
        """Ctrl+Q: ask first, then leave at once (a thinking bot is abandoned)."""
        if isinstance(self.screen, QuitScreen):
            return
        self.open_screen(QuitScreen(), self._quit_answer)

    def _quit_answer(self, leave: bool | None) -> None:
        if leave:
            self._cancel_pending()
            if self.session is not None:
                self.session.save()
            self.exit()


def create_app(
    settings: GameSettings,
    *,
    bot_factory: BotFactory | None = None,
    clock: Callable[[], float] = time.monotonic,
    setup_first: bool = False,
    bot_timeout: float = BOT_TIMEOUT,
    persist: bool = False,
    saved: LoadResult | None = None,
    timers: Timers | None = None,
) -> HoldemApp:
    """Build the game app; the CLI, the tests and the screenshot script all come through here.

    ``bot_factory`` replaces the bot registry (tests use scripted bots), ``clock`` the time
    source of minute limits, ``setup_first`` opens the setup screen before the table.
    ``persist`` keeps settings, the autosave and hand histories on disk (the command line
    does; tests leave it off so they never write to a home folder); ``saved`` is a loaded
    autosave to continue (``play --resume``); ``timers`` replaces the clock of the pauses
    (tests turn a :class:`~holdem_tui.ui.timing.ManualTimers` by hand).
    """
    return HoldemApp(
        settings,
        bot_factory=bot_factory,
        clock=clock,
        setup_first=setup_first,
        bot_timeout=bot_timeout,
        persist=persist,
        saved=saved,
        timers=timers,
    )
