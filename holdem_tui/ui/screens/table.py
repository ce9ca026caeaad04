"""The game screen: the oval table, the log, what you may do, and the footer.

The screen holds no game logic. Its keys post typed messages (a player's
:class:`~holdem_tui.ui.moves.Move`, :class:`TableScreen.Draw`, ...) that the app passes to
its driver, which owns the
session; the app answers by assigning a fresh :class:`TableModel`, which this screen hands
down to its widgets. The model's :class:`~holdem_tui.session.present.Decision` is all the
keys need to make a move (check or call, the fixed-limit amount, the raise editor's range),
and the screen asks its own questions (fold when checking is free? how much?). Which keys
are live is decided by ``check_action`` from the same model, so a key that is dimmed in the
action bar also does nothing when pressed. "How much?" is the :class:`RaiseEditor`, docked
in place of the action bar: while it is open it takes the keyboard and the table's keys are
dead, and the board, the seats and the log stay in sight.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Key, Paste
from textual.markup import escape
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from holdem_tui.engine.actions import Action
from holdem_tui.i18n import language_name
from holdem_tui.session.present import ActionModel, Decision, TableModel
from holdem_tui.ui.base_app import four_colour, translator
from holdem_tui.ui.keybars import MUTED, ActionBar, KeyFooter
from holdem_tui.ui.moves import Move
from holdem_tui.ui.raise_editor import RaiseEditor
from holdem_tui.ui.table_area import TableArea
from holdem_tui.ui.widgets import Felt, HandLog, SeatWidget

#: Coach lines shown on a short (24-row) terminal; the felt needs the rest.
COACH_ROWS_SHORT: Final = 3
#: the log's rows under the table on a short, narrow terminal (``#log`` in holdem.tcss); it
#: gives the table rows, down to one, when the felt would otherwise lose its pot
LOG_ROWS_SHORT: Final = 4


class TableScreen(Screen[None]):
    """The table for one session; rebuilt when a new session starts (the seat count may change)."""

    # Textual declares these as plain attributes, so they cannot be ClassVar here.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "fold", show=False, id="fold"),
        Binding("c", "check_call", show=False, id="check_call"),
        Binding("r", "bet_raise", show=False, id="bet_raise"),
        Binding("a", "all_in", show=False, id="all_in"),
        Binding("1", "toggle_card(0)", show=False, id="toggle_card_1"),
        Binding("2", "toggle_card(1)", show=False, id="toggle_card_2"),
        Binding("3", "toggle_card(2)", show=False, id="toggle_card_3"),
        Binding("4", "toggle_card(3)", show=False, id="toggle_card_4"),
        Binding("5", "toggle_card(4)", show=False, id="toggle_card_5"),
        Binding("enter", "enter", show=False, id="confirm"),
        Binding("space", "next_hand", show=False, id="next_hand"),
        Binding("s", "s_key", show=False, id="stand_pat_or_show"),
        Binding("v", "toggle_reveal", show=False, id="reveal"),
        Binding("w", "toggle_watch", show=False, id="watch_folded"),
        Binding("h", "past_hands", show=False, id="past_hands"),
        Binding("e", "review", show=False, id="review"),
    ]

    class Draw(Message):
        """Throw the marked cards (none marked: stand pat).

        Sent as a request, not a move: cards marked by keys typed just before it are still
        on their way, and the driver, which receives them in order, knows them all.
        """

    @dataclass
    class ToggleCard(Message):
        """Mark or unmark card ``index`` of the player's hand for the draw."""

        index: int

    class NextHand(Message):
        """The player has seen the result: skip the showdown pause, deal the next hand."""

    class ShowCards(Message):
        """The player turns up the cards that won uncontested."""

    class ToggleReveal(Message):
        """Watching bots: show or hide everyone's cards."""

    class ToggleWatch(Message):
        """After folding: follow the rest of such hands at the pace, or skip to the result."""

    class PastHands(Message):
        """Look back at the last hands of the session."""

    class Review(Message):
        """Step through a finished hand with the coach (the hand review)."""

    class Redraw(Message):
        """The screen needs its model (mounted, or the language changed)."""

    def __init__(self, seat_count: int, draw_game: bool, home: int = 0) -> None:
        super().__init__(classes="table-screen")
        self.seat_count = seat_count
        self.draw_game = draw_game
        #: the chair drawn at the bottom (:attr:`TableArea.home`)
        self.home = home
        self.model: TableModel | None = None

    def compose(self) -> ComposeResult:
        """Top bar, the table, the log, the info line, the action bar and the footer."""
        yield Static(id="topbar")
        with Vertical(id="bottom"):
            yield HandLog(id="log", classes="hand-log")
            yield Static(id="info")
            yield Static(id="coach")
            yield RaiseEditor(id="raise-editor")
            yield ActionBar(id="actions")
            yield KeyFooter(id="footer")
        with Horizontal(id="middle"):
            yield TableArea(self.seat_count, self.draw_game, self.home)
            yield HandLog(id="side-log", classes="hand-log")

    def on_mount(self) -> None:
        """Draw whatever the app already knows."""
        if self.draw_game:
            self.add_class("-draw")
        self.post_message(self.Redraw())

    # ------------------------------------------------------------------ drawing

    def show_model(self, model: TableModel) -> None:
        """Hand the new model down to every widget."""
        self.model = model
        if not self.is_mounted:
            return
        four = four_colour(self)
        for seat_model in model.seats:
            seat = self.query_one(f"#seat-{seat_model.seat}", SeatWidget)
            seat.four_colour = four
            seat.model = seat_model
        felt = self.query_one(Felt)
        felt.four_colour = four
        felt.model = model
        self.query_one(TableArea).place()
        self._draw_topbar()
        for log in self.query(HandLog):
            log.show(model.log)
        self.query_one("#info", Static).update(Content(model.info))
        self.query_one(ActionBar).show(model.actions)
        self.query_one(KeyFooter).show(self.footer_keys(), self.footer_extras())
        self.editor.follow(model.decision)
        self._sync_bars()
        self.refresh_bindings()

    def footer_keys(self) -> list[ActionModel]:
        """The footer: help, rules, past hands, language (the current one named), quit."""
        tr = translator(self)
        return [
            ActionModel("?", tr.t("keys.help"), "app.help"),
            ActionModel("F1", tr.t("keys.rules"), "app.rules"),
            ActionModel("h", tr.t("past_hands.key"), "screen.past_hands"),
            ActionModel(
                "l", tr.t("language.changed", name=language_name(tr.lang)), "app.switch_language"
            ),
            ActionModel("^q", tr.t("keys.quit"), "app.request_quit"),
        ]

    def footer_extras(self) -> list[ActionModel]:
        """Named in the footer where it has room: the coach, the review, the deck."""
        tr = translator(self)
        return [
            ActionModel("o", tr.t("keys.coach"), "app.toggle_coach"),
            ActionModel("e", tr.t("keys.review"), "screen.review"),
            ActionModel("k", tr.t("keys.four_colour"), "app.toggle_four_colour"),
        ]

    def _draw_topbar(self) -> None:
        """Game, stakes, hand number and what is left of the session, on one row.

        When the row is too narrow for all of it (a session limit in Croatian at 80
        columns), the game's name goes first: it is on the rules screen and never changes.
        """
        model = self.model
        if model is None:
            return
        bar = self.query_one("#topbar", Static)
        room = bar.content_region.width or self.app.size.width - 2
        header, limit = model.header, model.limit
        too_wide = cell_len(f"{header}  {limit}") > room
        if limit and model.header_short and too_wide:
            header = model.header_short
        for shorter in model.limit_fallbacks:  # a tournament's prizes go first, then more
            if cell_len(f"{header}  {limit}") <= room:
                break
            limit = shorter
        top = f"[b]{escape(header)}[/]"
        if limit:
            style = "b $error" if model.last_hand else MUTED
            top += f"  [{style}]{escape(limit)}[/]"
        bar.update(Content.from_markup(top))

    def on_resize(self) -> None:
        """Refit the header to the new width; a tall window's log takes its own height."""
        self._draw_topbar()
        if not self.has_class("-short"):
            self.query_one("#log", HandLog).styles.height = None

    @on(TableArea.Cramped)
    def _make_room(self, message: TableArea.Cramped) -> None:
        """On a short terminal the log under the table gives rows to the felt (the coach's
        lines or a two-row notice would otherwise push the pot off it), and takes them back
        when they are free again."""
        message.stop()
        log = self.query_one("#log", HandLog)
        if not self.has_class("-short") or not log.display:
            return
        rows = log.outer_size.height
        wanted = max(1, min(LOG_ROWS_SHORT, rows - message.rows))
        if wanted != rows:
            log.styles.height = wanted

    @property
    def coach_room(self) -> int | None:
        """The columns a coach line may take on a short terminal, where a wrapped line would
        need a row that is not there (``None``: a taller one, where it may wrap)."""
        if not self.has_class("-short"):
            return None
        return max(1, self.app.size.width - 2)  # the panel's padding

    def show_coach(self, lines: list[str] | None) -> None:
        """The coach's lines above the action bar, or nothing (hidden)."""
        if not self.is_mounted:
            return
        panel = self.query_one("#coach", Static)
        if lines and self.has_class("-short"):
            # 24 rows hold the felt or a fourth line, not both: the bot's line goes first
            lines = lines[:COACH_ROWS_SHORT]
        panel.display = bool(lines)
        panel.update(Content("\n".join(lines or ())))

    @property
    def decision(self) -> Decision | None:
        """The player's open decision, if the table waits for this player's keys."""
        return None if self.model is None else self.model.decision

    def _enabled(self, action: str) -> bool:
        model = self.model
        if model is None:
            return False
        return any(a.action == action and a.enabled for a in model.actions)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only moves shown as live in the action bar can be played from the keyboard.

        While the raise editor is open, it alone answers (its hints are clicked through
        ``raise_*``); every other key of the table is dead.
        """
        editing = self.is_mounted and self.editor.is_open
        if action in ("raise_quick", "raise_confirm", "raise_cancel"):
            return editing
        if editing:
            return False
        if action in ("bet_raise", "all_in"):
            # a dimmed raise or all-in key still answers, with the reason it cannot be used
            return self.model is not None and any(
                a.action == f"screen.{action}" for a in self.model.actions
            )
        live = {"fold", "check_call", "all_in", "stand_pat", "draw", "next_hand"}
        live |= {"toggle_reveal", "toggle_watch"}
        if action in live:
            return self._enabled(f"screen.{action}")
        if action == "toggle_card":
            decision = self.decision
            return decision is not None and decision.legal.can_draw
        return True

    # ------------------------------------------------------------------ actions

    def action_fold(self) -> None:
        """Fold; when checking is free, ask once first (allowed, but rarely meant)."""
        from holdem_tui.ui.screens.modals import FoldConfirmScreen

        decision = self.decision
        if decision is not None and decision.legal.can_check:
            self.app.push_screen(FoldConfirmScreen(), self._fold_answer)
            return
        self._move(Action.fold())

    def _fold_answer(self, fold: bool | None) -> None:
        if fold:
            self.post_message(Move(Action.fold()))

    def _move(self, action: Action) -> None:
        decision = self.decision
        self.post_message(Move(action, None if decision is None else decision.legal))

    def action_check_call(self) -> None:
        """Check when free, else call the amount shown on the key."""
        decision = self.decision
        if decision is not None:
            self._move(Action.check() if decision.legal.can_check else Action.call())

    def action_bet_raise(self) -> None:
        """Open the raise editor (no limit) or bet/raise the fixed amount (draw)."""
        decision = self.decision
        if decision is None:
            return
        legal = decision.legal
        if not legal.can_raise:
            # say why nothing happens (the cap, nobody left to raise): the engine's reason
            target = legal.current_bet + legal.call_amount + max(1, decision.min_bet)
            self._move(legal.bet_or_raise(target))
            return
        if decision.fixed_limit:
            self._move(legal.bet_or_raise(legal.min_raise_to))
            return
        self.editor.open(decision)
        self._sync_bars()

    # ------------------------------------------------------------------ the raise editor

    @property
    def editor(self) -> RaiseEditor:
        """The docked raise editor (closed unless the player is choosing an amount)."""
        return self.query_one(RaiseEditor)

    def _sync_bars(self) -> None:
        """The editor takes the place of the action bar and the footer while it is open."""
        editing = self.editor.is_open
        self.query_one(ActionBar).display = not editing
        self.query_one(KeyFooter).display = not editing

    def on_key(self, event: Key) -> None:
        """While the editor is open every key goes to it first, in the order typed."""
        if self.editor.is_open and self.editor.take(event):
            event.stop()
            event.prevent_default()

    def on_paste(self, event: Paste) -> None:
        """A pasted amount is typed into the open editor (its digits only)."""
        if self.editor.is_open:
            self.editor.type_digits(event.text)
            event.stop()

    @on(RaiseEditor.Closed)
    def _raise_closed(self, message: RaiseEditor.Closed) -> None:
        message.stop()
        self._sync_bars()

    def action_raise_quick(self, size: str) -> None:
        """A click on a quick size."""
        self.editor.quick(size)

    def action_raise_confirm(self) -> None:
        """A click on Enter."""
        self.editor.confirm()

    def action_raise_cancel(self) -> None:
        """A click on Esc."""
        self.editor.close_and_tell()

    def action_all_in(self) -> None:
        """Push every chip; a dimmed key says why it cannot (nobody left to call more, the
        betting not reopened): the engine's reason for the raise it would be, nothing played."""
        decision = self.decision
        if decision is None:
            return
        if self._enabled("screen.all_in"):
            self._move(Action.all_in())
            return
        legal = decision.legal
        total = legal.current_bet + legal.stack
        if not (legal.can_raise and legal.min_raise_to <= total <= legal.max_raise_to):
            self._move(legal.bet_or_raise(total))  # refused, with the reason

    def action_toggle_card(self, index: int) -> None:
        """Mark or unmark a card to throw in the draw."""
        self.post_message(self.ToggleCard(index))

    def action_draw(self) -> None:
        """Throw the marked cards (none marked: stand pat)."""
        self.post_message(self.Draw())

    def action_stand_pat(self) -> None:
        """Keep all five cards."""
        self._move(Action.draw(()))

    def action_show(self) -> None:
        """Turn up the cards that won uncontested."""
        self.post_message(self.ShowCards())

    def action_next_hand(self) -> None:
        """Skip the showdown pause and deal the next hand."""
        self.post_message(self.NextHand())

    def _first_offered(self, *actions: str) -> None:
        """Play the first of ``actions`` the action bar offers now (one key, two uses)."""
        for name in actions:
            if self._enabled(f"screen.{name}"):
                getattr(self, f"action_{name}")()
                return

    def action_enter(self) -> None:
        """Enter draws in the draw phase and moves on after a hand."""
        self._first_offered("draw", "next_hand")

    def action_s_key(self) -> None:
        """``s`` stands pat in the draw, and shows a hand that won uncontested."""
        self._first_offered("stand_pat", "show")

    def action_toggle_reveal(self) -> None:
        """Watching bots only: show or hide everyone's cards."""
        self.post_message(self.ToggleReveal())

    def action_toggle_watch(self) -> None:
        """After folding: watch the rest of the hand at the pace, or skip to the result."""
        self.post_message(self.ToggleWatch())

    def action_past_hands(self) -> None:
        """Look back at the last hands of the session."""
        self.post_message(self.PastHands())

    def action_review(self) -> None:
        """Open the hand review."""
        self.post_message(self.Review())

    def retranslate(self) -> None:
        """Redraw in the new language (the model is rebuilt by the app)."""
        self.post_message(self.Redraw())
