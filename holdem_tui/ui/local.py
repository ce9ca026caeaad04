"""The driver of a session played on this machine: deal, wait for a key or a bot, pay, repeat.

After every change :meth:`LocalDriver.advance` asks the session whose turn it is and either
waits for keys (a human), starts a thread worker (a bot), raises the hot-seat curtain, or
runs the end of the hand. A bot's answer is applied only if it still belongs to the current
decision (a token check), so quitting or starting a new game mid-thought is instant and safe;
a bot that answers at once still seems to think for the pace's ``bot`` seconds.

Starting, resuming and ending a session are here too: the setup screen or the first hand at
once, a saved session continued, a busted player's choice, the end screen's "play again".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Final, TypedDict

from holdem_tui.engine.actions import Action
from holdem_tui.engine.variants import Variant
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.controller import BotFactory, Session
from holdem_tui.session.labels import display_name
from holdem_tui.session.outcome import BustChoice
from holdem_tui.session.present import Stage, UiState
from holdem_tui.session.privacy import Moment, Privacy
from holdem_tui.session.snapshot import Seating, Snapshot
from holdem_tui.session.turns import (
    BotMove,
    BotTurn,
    BustQuestion,
    Deal,
    HandOver,
    PersonTurn,
    answer_bust,
    ask_bot,
    bot_pause,
    folded_out,
    next_step,
    play_bot,
)
from holdem_tui.storage.offer import ContinueOffer
from holdem_tui.ui.base_app import Leaving
from holdem_tui.ui.driver import TableDriver
from holdem_tui.ui.screens.end import EndScreen, session_counter
from holdem_tui.ui.screens.modals import BustScreen, CurtainScreen, ShowScreen
from holdem_tui.ui.screens.setup import SetupScreen

if TYPE_CHECKING:
    from holdem_tui.engine.view import PlayerView
    from holdem_tui.storage.autosave import LoadResult
    from holdem_tui.ui.review_book import SessionReview  # imported when a review is asked for

#: Seconds a bot may think before safe_decide plays check/fold for it (``None``: no limit,
#: the bot simply answers in its worker thread; tests use that, so no answer depends on how
#: busy the machine is).
BOT_TIMEOUT: Final = 5.0


class LocalOptions(TypedDict, total=False):
    """How a local game differs from the plain one (see :class:`LocalDriver`)."""

    bot_factory: BotFactory | None
    clock: Callable[[], float]
    setup_first: bool
    bot_timeout: float | None
    saved: LoadResult | None


class LocalDriver(TableDriver):
    """A session on this machine, from the setup screen (or a save) to the end screen.

    ``bot_factory`` replaces the bot registry (tests seat scripted bots), ``clock`` the time
    source of minute limits, ``setup_first`` opens the setup screen before the table,
    ``persist`` keeps the autosave and the hand history on disk, and ``saved`` is a loaded
    autosave to continue.
    """

    def __init__(
        self,
        settings: GameSettings,
        *,
        bot_factory: BotFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
        setup_first: bool = False,
        bot_timeout: float | None = BOT_TIMEOUT,
        persist: bool = False,
        saved: LoadResult | None = None,
    ) -> None:
        super().__init__(settings.with_seed())
        self.requested = settings
        self.bot_factory = bot_factory
        self.clock = clock
        self.setup_first = setup_first
        self.bot_timeout = bot_timeout
        self.persist = persist
        self.saved = saved
        #: what "Continue" on the setup screen offers (nothing unless sessions are kept)
        self.offer = ContinueOffer(enabled=persist)
        #: whose eyes the screen is for (hot seat: the one rule of who may see what)
        self.privacy = Privacy(self.settings.humans)
        self._token = 0
        #: follow a hand at the chosen pace after every player here has folded (``w``)
        self.watch_folded = False
        self._storage_reported = False

    @property
    def leaving(self) -> Leaving:
        """Sessions are kept on disk when the command line asks for it."""
        return Leaving.SAVES if self.persist else Leaving.ENDS

    # ------------------------------------------------------------------ sessions

    def start(self) -> None:
        """Continue a save, ask for the settings, or sit straight down at the table."""
        if self.saved is not None:
            self.resume_session(self.saved)
        elif self.setup_first or self.settings.validate():
            self.open_setup(self.requested)
        else:
            self.start_session(self.settings)

    def open_setup(self, settings: GameSettings) -> None:
        """The setup screen, starting from ``settings``."""
        self.host.open_screen(SetupScreen(settings, self.offer), self._setup_done)

    def _setup_done(self, settings: GameSettings | None) -> None:
        if settings is not None:
            self.start_session(settings)
        elif self.session is None:
            self.host.leave()
        elif self.ui.stage is Stage.SESSION_OVER:
            self._show_end()

    def start_session(self, settings: GameSettings) -> None:
        """Seat everybody and deal the first hand (replacing any session in progress)."""
        self.stop()
        self.settings = settings.with_seed()
        self.host.set_language(self.settings.lang, picked=False)
        self.session = Session(self.settings, self.bot_factory, self.clock)
        if self.persist:
            self.session.start_storage()
        self.offer.forget()
        self._sit_down()

    def resume_session(self, saved: LoadResult) -> None:
        """Sit back down at a saved session: the same hand, cards, stacks and score."""
        from holdem_tui.storage.session import SessionStore

        self.stop()
        store, resumed = SessionStore.resume(saved)
        self.session = Session.resume(resumed, store, self.bot_factory, self.clock)
        # the language on screen now (chosen by --lang, the saved setting or the `l` key)
        # stays: the session's own is only what it was started with
        self.settings = replace(self.session.settings, lang=self.host.tr.lang)
        self.session.settings = self.settings
        self._sit_down()
        self.host.tell(self.host.tr.t("storage.resumed", number=resumed.hand_number))

    def _sit_down(self) -> None:
        assert self.session is not None
        self.ui = UiState()
        self.privacy = Privacy(self.settings.humans)
        self.host.new_table(self.session.seat_count, self.settings.variant == Variant.DRAW)
        self.host.soon(self.advance)

    def continue_saved(self) -> bool:
        """The setup screen's "Continue": back to the saved hand, or say why not (False).

        A broken save is kept aside by the loader; the player reads where it went and stays
        on the setup screen, which is the new game on offer.
        """
        offer = self.offer.take(self.host.tr, self.host.warn)
        if offer is None:
            return False
        self.resume_session(offer)
        return True

    def review_request(self) -> SessionReview | None:
        """The review of this session's hands: the one player's; in hot seat the player
        whose turn is on screen, else whoever says so behind a curtain; watching bots,
        any seat, every card (as ``v`` shows them)."""
        from holdem_tui.ui.review_book import SessionReview, local_records

        session = self.session
        if session is None:
            return None

        humans = self.settings.humans
        training = self.settings.training
        records = local_records(session)
        if not humans:
            return SessionReview(session, (), records, training, watching=True)
        owner = self.privacy.owner
        if self.privacy.shared and self.ui.stage is Stage.HUMAN and owner == self.ui.viewer:
            assert owner is not None
            return SessionReview(session, (owner,), records, training)
        return SessionReview(session, humans, records, training)

    def past_hands(self) -> list[PlayerView]:
        """The kept finished hands, each as the table between turns sees it."""
        session = self.session
        if session is None:
            return []
        viewer = self.default_viewer()
        views = []
        for hand in session.past_hands:
            seats = hand.config.seats
            views.append(hand.view(seats.index(viewer) if viewer in seats else None))
        return views

    def seating(self) -> Seating | None:
        """The session's settings and the chairs played at this keyboard."""
        return None if self.session is None else self.session.seating()

    def snapshot(self) -> Snapshot | None:
        """The session as the current viewer may know it (the privacy rule's viewer)."""
        session = self.session
        if session is None:
            return None
        return session.snapshot(self.ui.viewer, reveal_all=self.ui.reveal_all)

    def can_review(self) -> bool:
        """Whether a hand has been finished in this run of the session."""
        return self.session is not None and bool(self.session.played)

    def _play(self, seat: int, action: Action) -> None:
        assert self.session is not None
        self.session.act(seat, action)

    def save(self) -> None:
        """Autosave where the session stands (the player is leaving)."""
        if self.session is not None:
            self.session.save()

    # ------------------------------------------------------------------ the turn

    def advance(self) -> None:
        """Carry out what the turn loop says is next (:func:`~holdem_tui.session.turns.next_step`):
        deal, wait for a person, let a bot think, show a result, ask a busted player, end."""
        if not self.alarm.may_run(self.advance):
            return
        session = self.session
        if session is None or self.ui.stage is Stage.SESSION_OVER:
            return
        self._report_storage(session)
        step = next_step(session)
        if isinstance(step, Deal):
            self._deal()
        elif isinstance(step, PersonTurn):
            self._human_turn(step.seat)
        elif isinstance(step, BotTurn):
            self._bot_turn(step.seat)
        elif isinstance(step, HandOver):
            self._hand_over(step)
        elif isinstance(step, BustQuestion):
            self._ask_bust(step)
        else:
            self._end_session()

    def _report_storage(self, session: Session) -> None:
        """Say once, on screen, that the game plays on without saving, and why."""
        problem = session.storage_problem()
        if problem is None or self._storage_reported:
            return
        self._storage_reported = True
        self.host.storage_failed(problem)

    def _deal(self) -> None:
        session = self.session
        assert session is not None
        self.privacy.public(Moment.DEAL)  # a new hand never opens face up
        session.start_hand()
        self._set_ui(
            stage=Stage.DEALING,
            viewer=self.default_viewer(),
            thinking=None,
            revealed=None,
            discards=frozenset(),
            notice="",
        )
        self.advance()

    def default_viewer(self) -> int | None:
        """Whose cards the table shows between turns: the privacy rule's answer."""
        return self.privacy.viewer()

    def _human_turn(self, seat: int) -> None:
        if self.session is not None:
            self.session.save()  # a decision point: a kill or a quit resumes right here
        if self.privacy.curtain_for(seat):
            self._set_ui(stage=Stage.CURTAIN, viewer=None, thinking=None, discards=frozenset())
            self._curtain(seat, partial(self._curtain_lifted, seat))
            return
        viewer = self.privacy.viewer(seat)
        self._set_ui(
            stage=Stage.HUMAN, viewer=viewer, thinking=None, discards=frozenset(), notice=""
        )

    def _curtain(self, seat: int, lifted: Callable[[None], None], *, show: bool = False) -> None:
        """Hide the table behind a curtain naming ``seat`` until that person lifts it."""
        assert self.session is not None
        name = display_name(self.session, seat, self.host.tr)
        self.host.open_screen(CurtainScreen(name, seat, show=show), lifted)

    def _curtain_lifted(self, seat: int, _: None = None) -> None:
        self.privacy.lifted(seat)
        if self.session is not None and self.session.actor_seat == seat:
            self._human_turn(seat)

    # ------------------------------------------------------------------ bots

    def _bot_turn(self, seat: int) -> None:
        session = self.session
        assert session is not None
        self._token += 1
        token = self._token
        self._set_ui(
            stage=Stage.BOT,
            viewer=self.default_viewer(),
            thinking=seat,
            notice="",
            watch_folded=self._watch_offer(),
        )
        started = self.host.timers.now()
        self.host.think(
            ask_bot(session, seat, self.bot_timeout),
            partial(self._bot_answered, token, started),
        )

    def _bot_answered(self, token: int, started: float, move: BotMove) -> None:
        if token != self._token or self.session is None:
            return
        pause = bot_pause(self.session, self.settings.humans, self.pace.bot, self.watch_folded)
        wait = pause - (self.host.timers.now() - started)
        if wait > 0:
            self.alarm.after(wait, partial(self._apply_bot, token, move))
        else:
            self._apply_bot(token, move)

    def _apply_bot(self, token: int, move: BotMove) -> None:
        if token != self._token or self.session is None:
            return
        if not self.alarm.may_run(partial(self._apply_bot, token, move)):
            return
        if play_bot(self.session, move):
            self._set_ui(thinking=None)
            self.advance()

    def _watch_offer(self) -> bool | None:
        """Whether the table offers ``w`` now, and what it would say: every player here
        folded this hand (``None``: not offered)."""
        session = self.session
        if session is None or not folded_out(session, self.settings.humans):
            return None
        return self.watch_folded

    def toggle_watch(self) -> None:
        """``w``: after folding, follow the rest of the hand at the chosen pace (or not)."""
        if self._watch_offer() is None:
            return
        self.watch_folded = not self.watch_folded
        self._set_ui(watch_folded=self.watch_folded)

    # ------------------------------------------------------------------ the end of a hand

    def _hand_over(self, step: HandOver) -> None:
        """Pay the hand, then its showdown turned up and its result, in public."""
        session = self.session
        assert session is not None
        session.finish_hand()
        self.privacy.public(Moment.RESULT)
        self.reveal_then_hand_over(step.plan)

    def hand_over(self, *, next_after: float | None = None) -> None:
        """The result stays for the pace's pause (until a key, when someone plays at the
        instant pace, and always at a hot seat: nobody's cards come up while everyone
        looks), then the next hand is dealt."""
        playing = self.session is not None and self.session.humans_playing()
        pause = self.pace.next_hand if playing else self.pace.watch_next
        if playing and self.privacy.shared:
            pause = None
        super().hand_over(next_after=pause)
        self._set_ui(watch_folded=self._watch_offer())

    def next_hand(self) -> None:
        """Finish the showdown at once, or move on: deal, ask a busted player, or end."""
        if self.skip_reveal():
            return
        if self.ui.stage is not Stage.HAND_OVER:
            return
        self.alarm.cancel()
        self.advance()

    def show_cards(self) -> None:
        """The human who won uncontested may turn the cards up: at once when alone at the
        keyboard; at a hot seat only behind a curtain naming the winner, who then chooses."""
        session = self.session
        if session is None or self.ui.stage is not Stage.HAND_OVER:
            return
        seat = next((s for s in self.settings.humans if session.may_show(s)), None)
        if seat is None:
            return
        if not self.privacy.shared:
            session.show(seat)
            self.host.redraw()
            return
        self.alarm.cancel()
        self._set_ui(stage=Stage.CURTAIN, viewer=None)
        self._curtain(seat, partial(self._show_curtain_lifted, seat), show=True)

    def _show_curtain_lifted(self, seat: int, _: None = None) -> None:
        """The winner is at the keyboard: their cards, and the question whether to show."""
        self.privacy.lifted(seat)
        self._set_ui(stage=Stage.SHOW, viewer=self.privacy.viewer(seat))
        self.host.open_screen(ShowScreen(), partial(self._show_chosen, seat))

    def _show_chosen(self, seat: int, show: bool | None) -> None:
        session = self.session
        if session is None:
            return
        self.privacy.public(Moment.RESULT)
        if show and session.may_show(seat):
            session.show(seat)
        self.hand_over()

    # ------------------------------------------------------------------ busting, the end

    def _ask_bust(self, step: BustQuestion) -> None:
        """A human who just busted chooses: rebuy, watch, or end (asked in public)."""
        session = self.session
        assert session is not None
        if self.host.is_open(BustScreen):
            return
        self.privacy.public(Moment.BUST)
        self._set_ui(viewer=self.default_viewer())
        screen = BustScreen(session, step.seat, step.can_watch)
        self.host.open_screen(screen, partial(self._bust_choice, step.seat))

    def _bust_choice(self, seat: int, choice: str | None) -> None:
        session = self.session
        if session is None:
            return
        answer_bust(session, seat, None if choice is None else BustChoice(choice))
        self.host.soon(self.advance)

    def _end_session(self) -> None:
        if self.session is not None:
            self.session.close_storage()
        self.alarm.cancel()
        self.privacy.public(Moment.END)
        self._set_ui(stage=Stage.SESSION_OVER, thinking=None, viewer=self.default_viewer())
        self._show_end()

    def _show_end(self) -> None:
        assert self.session is not None
        session = self.session
        screen = EndScreen(session, session.result(), counter=session_counter(session))
        self.host.open_screen(screen, self.end_chosen)

    def end_chosen(self, choice: str | None) -> None:
        """Play again with the same settings, set up a new game, or leave."""
        if choice == "again":
            self.start_session(replace(self.settings, seed=None))
        elif choice == "setup":
            self.open_setup(replace(self.settings, seed=None))
        else:
            self.host.leave()

    # ------------------------------------------------------------------ stopping

    def stop(self) -> None:
        """Forget timers, bots still thinking and deferred steps of the session on screen."""
        super().stop()
        self._token += 1
        if self._host is not None:
            self.host.stop_thinking()
