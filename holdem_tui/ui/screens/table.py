"""The game screen: the oval table, the log, what you may do, and the footer.

The screen holds no game logic. Its key bindings (each with an id) call the app, which owns
the session; the app answers by assigning a fresh :class:`TableModel`, which this screen
hands down to its widgets. Which keys are live is decided by ``check_action`` from the same
model, so a key that is dimmed in the action bar also does nothing when pressed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final, cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Static

from holdem_tui.session.present import TableModel
from holdem_tui.ui.widgets import ActionBar, Felt, HandLog, KeyFooter, SeatWidget, TableArea

if TYPE_CHECKING:
    from holdem_tui.ui.app import HoldemApp


#: Coach lines shown on a short (24-row) terminal; the felt needs the rest.
COACH_ROWS_SHORT: Final = 3


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
        Binding("h", "past_hands", show=False, id="past_hands"),
    ]

    def __init__(self, seat_count: int, draw_game: bool) -> None:
        super().__init__(classes="table-screen")
        self.seat_count = seat_count
        self.draw_game = draw_game
        self.model: TableModel | None = None

    @property
    def game(self) -> HoldemApp:
        """The app, typed: the screen only ever runs inside :class:`HoldemApp`."""
        return cast("HoldemApp", self.app)

    def compose(self) -> ComposeResult:
        """Top bar, the table, the log, the info line, the action bar and the footer."""
        yield Static(id="topbar")
        with Vertical(id="bottom"):
            yield HandLog(id="log", classes="hand-log")
            yield Static(id="info")
            yield Static(id="coach")
            yield ActionBar(id="actions")
            yield KeyFooter(id="footer")
        with Horizontal(id="middle"):
            yield TableArea(self.seat_count, self.draw_game)
            yield HandLog(id="side-log", classes="hand-log")

    def on_mount(self) -> None:
        """Draw whatever the app already knows."""
        if self.draw_game:
            self.add_class("-draw")
        self.game.refresh_table()

    # ------------------------------------------------------------------ drawing

    def show_model(self, model: TableModel) -> None:
        """Hand the new model down to every widget."""
        self.model = model
        if not self.is_mounted:
            return
        four = self.game.four_colour
        for seat_model in model.seats:
            seat = self.query_one(f"#seat-{seat_model.seat}", SeatWidget)
            seat.four_colour = four
            seat.model = seat_model
        self.query_one(TableArea).place()
        felt = self.query_one(Felt)
        felt.four_colour = four
        felt.model = model
        self._draw_topbar()
        for log in self.query(HandLog):
            log.show(model.log)
        self.query_one("#info", Static).update(Content(model.info))
        self.query_one(ActionBar).show(model.actions)
        self.query_one(KeyFooter).show(self.game.footer_keys())
        self.refresh_bindings()

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
        header = model.header
        too_wide = cell_len(f"{header}  {model.limit}") > room
        if model.limit and model.header_short and too_wide:
            header = model.header_short
        top = f"[b]{escape(header)}[/]"
        if model.limit:
            style = "b $error" if model.last_hand else "$text-muted"
            top += f"  [{style}]{escape(model.limit)}[/]"
        bar.update(Content.from_markup(top))

    def on_resize(self) -> None:
        """Refit the header to the new width."""
        self._draw_topbar()

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

    def _enabled(self, action: str) -> bool:
        model = self.model
        if model is None:
            return False
        return any(a.action == action and a.enabled for a in model.actions)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only moves shown as live in the action bar can be played from the keyboard."""
        if action == "bet_raise":
            # a dimmed raise key still answers, with the reason it cannot be used now
            return self.model is not None and any(
                a.action == "screen.bet_raise" for a in self.model.actions
            )
        if action in ("fold", "check_call", "all_in", "stand_pat", "draw"):
            return self._enabled(f"screen.{action}")
        if action == "toggle_card":
            return self.game.can_toggle_card()
        if action == "next_hand":
            return self._enabled("screen.next_hand")
        if action == "toggle_reveal":
            return self._enabled("screen.toggle_reveal")
        return True

    # ------------------------------------------------------------------ actions

    def action_fold(self) -> None:
        """Fold (only offered when there is a bet to face)."""
        self.game.play_fold()

    def action_check_call(self) -> None:
        """Check, or call the amount shown on the key."""
        self.game.play_check_call()

    def action_bet_raise(self) -> None:
        """Open the raise editor (no limit) or bet/raise the fixed amount (draw)."""
        self.game.play_bet_raise()

    def action_all_in(self) -> None:
        """Push every chip."""
        self.game.play_all_in()

    def action_toggle_card(self, index: int) -> None:
        """Mark or unmark a card to throw in the draw."""
        self.game.toggle_discard(index)

    def action_draw(self) -> None:
        """Throw the marked cards (none marked: stand pat)."""
        self.game.play_draw()

    def action_stand_pat(self) -> None:
        """Keep all five cards."""
        self.game.play_stand_pat()

    def action_show(self) -> None:
        """Turn up the cards that won uncontested."""
        self.game.show_cards()

    def action_enter(self) -> None:
        """Enter draws in the draw phase and moves on after a hand."""
        if self._enabled("screen.draw"):
            self.game.play_draw()
        elif self._enabled("screen.next_hand"):
            self.game.next_hand()

    def action_next_hand(self) -> None:
        """Skip the showdown pause and deal the next hand."""
        self.game.next_hand()

    def action_s_key(self) -> None:
        """``s`` stands pat in the draw, and shows a hand that won uncontested."""
        if self._enabled("screen.stand_pat"):
            self.game.play_stand_pat()
        elif self._enabled("screen.show"):
            self.game.show_cards()

    def action_toggle_reveal(self) -> None:
        """Watching bots only: show or hide everyone's cards."""
        self.game.toggle_reveal()

    def action_past_hands(self) -> None:
        """Look back at the last hands of the session."""
        from holdem_tui.ui.screens.modals import PastHandsScreen

        self.game.open_screen(PastHandsScreen())

    def retranslate(self) -> None:
        """Redraw in the new language (the model is rebuilt by the app)."""
        self.game.refresh_table()
