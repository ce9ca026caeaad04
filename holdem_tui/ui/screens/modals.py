"""Small typed screens over the table: raise editor, quit and free-fold questions, help,
curtain, too small.

Each returns a typed result through ``dismiss`` (``ModalScreen[int | None]`` for an amount,
``ModalScreen[bool]`` for a yes/no) so the app's callbacks never guess what came back. All
their text comes from the translator and is redrawn by ``retranslate`` when the player
switches language with one of them open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.events import Click, Key
from textual.markup import escape
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from holdem_tui.engine.actions import LegalActions
from holdem_tui.i18n import Translator
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import Translated
from holdem_tui.ui.base_app import translator as _tr
from holdem_tui.ui.widgets import KeyBar

if TYPE_CHECKING:
    from holdem_tui.session.controller import Session

#: quick sizes of the raise editor: id, key, fraction of the pot (None: min / all-in)
QUICK_SIZES: tuple[tuple[str, str, float | None], ...] = (
    ("min", "m", None),
    ("half_pot", "h", 0.5),
    ("three_quarter_pot", "t", 0.75),
    ("pot", "p", 1.0),
    ("all_in", "a", None),
)


def pot_sized(legal: LegalActions, total_pot: int, fraction: float) -> int:
    """A bet/raise of ``fraction`` of the pot, as a street total, clamped to the legal range.

    A pot-sized raise first calls, then raises by the pot that call makes: facing 10 into 15
    the pot raise goes to 10 + (15 + 10) = 35. A bet (nothing to call) is simply the fraction
    of the pot.
    """
    top = legal.current_bet + legal.call_amount
    return legal.clamp(top + round(fraction * (total_pot + legal.call_amount)))


class RaiseEditor(Translated, ModalScreen[int | None]):
    """Choose a bet/raise amount: type it, step it, or pick a quick size; Enter confirms.

    The amount is what the bet or raise goes *to* this street, as the engine counts it. An
    amount outside the legal range is refused right here with the reason, and nothing is sent.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False, id="cancel"),
        Binding("enter", "confirm", show=False, id="confirm"),
    ]

    #: keys that edit the amount, handled in :meth:`on_key` so fast typing keeps its order
    #: (bindings run only after a key has bubbled up, behind the digits typed around it)
    STEP_KEYS: ClassVar[dict[str, int]] = {
        "up": 1,
        "plus": 1,
        "right": 1,
        "equals_sign": 1,
        "down": -1,
        "minus": -1,
        "left": -1,
        "pageup": 10,
        "pagedown": -10,
    }
    QUICK_KEYS: ClassVar[dict[str, str]] = {key: size for size, key, _ in QUICK_SIZES}

    def __init__(self, legal: LegalActions, total_pot: int, step: int) -> None:
        super().__init__(classes="raise-editor")
        self.legal = legal
        self.total_pot = total_pot
        self.step_size = max(1, step)
        self.text = str(legal.min_raise_to)
        self.fresh = True
        self.error = ""

    def compose(self) -> ComposeResult:
        """A framed box: range, the amount, the reason it is refused, the quick sizes, keys."""
        with Vertical(id="editor-box"):
            yield Static(id="editor-range")
            yield Static(id="editor-amount")
            yield Static(id="editor-error")
            yield Static(id="editor-quick")
            yield KeyBar(id="editor-keys")

    # ------------------------------------------------------------------ values

    def quick_amount(self, size: str) -> int:
        """The amount a quick-size key sets."""
        legal = self.legal
        if size == "min":
            return legal.min_raise_to
        if size == "all_in":
            return legal.max_raise_to
        fraction = next(f for s, _, f in QUICK_SIZES if s == size)
        assert fraction is not None
        return pot_sized(legal, self.total_pot, fraction)

    def value(self) -> int | None:
        """The typed amount, or ``None`` if the field is empty."""
        return int(self.text) if self.text.isdigit() else None

    def refusal(self) -> str:
        """Why the current amount cannot be sent, or "" when it can."""
        tr = _tr(self)
        value = self.value()
        if value is None:
            return tr.t("raise_editor.error_not_a_number")
        refused = self.legal.refusal(self.legal.bet_or_raise(value))
        if refused is None:
            return ""
        # the editor opens only when a raise is allowed: the amount is all that can be wrong
        if refused.reason == "above_max":
            return tr.t("raise_editor.error_above_max", max=tr.number(self.legal.max_raise_to))
        return tr.t("raise_editor.error_below_min", min=tr.number(self.legal.min_raise_to))

    # ------------------------------------------------------------------ drawing

    def retranslate(self) -> None:
        """Redraw every text in the current language."""
        tr = _tr(self)
        legal = self.legal
        box = self.query_one("#editor-box", Vertical)
        box.border_title = tr.t(
            "raise_editor.title_bet" if legal.is_bet else "raise_editor.title_raise"
        )
        self.query_one("#editor-range", Static).update(
            tr.t(
                "raise_editor.legal_range",
                min=tr.number(legal.min_raise_to),
                max=tr.number(legal.max_raise_to),
            )
        )
        lines = []
        for size, key, _ in QUICK_SIZES:
            label = tr.t(f"raise_editor.{size}")
            amount = tr.number(self.quick_amount(size))
            lines.append(f"[b $accent]{key}[/]  {escape(label):<12} [b]{amount:>8}[/]")
        self.query_one("#editor-quick", Static).update(Content.from_markup("\n".join(lines)))
        keys = [
            ActionModel("Enter", tr.t("raise_editor.confirm"), "screen.confirm"),
            ActionModel("Esc", tr.t("raise_editor.cancel"), "screen.cancel"),
            ActionModel("↑↓", f"± {tr.number(self.step_size)}", ""),
        ]
        self.query_one("#editor-keys", KeyBar).show(keys)
        self.redraw_amount()

    def redraw_amount(self) -> None:
        """The typed amount with a cursor; red when it is out of range."""
        field = self.query_one("#editor-amount", Static)
        value = self.value()
        shown = _tr(self).number(value) if value is not None else ""
        field.update(Content.from_markup(f"[b]{escape(shown)}[/][blink]▏[/]"))
        field.set_class(bool(self.refusal()), "-invalid")
        error = self.query_one("#editor-error", Static)
        error.update(self.error)

    # ------------------------------------------------------------------ input

    def _set(self, amount: int) -> None:
        self.text = str(max(0, amount))
        self.fresh = False
        self.error = ""
        self.redraw_amount()

    def on_key(self, event: Key) -> None:
        """Every key that edits the amount, in the order typed: digits (the first replaces
        the suggested minimum), backspace, the steps and the quick sizes."""
        key = event.key
        if key == "backspace":
            self.action_backspace()
        elif key in self.STEP_KEYS:
            self.action_step(self.STEP_KEYS[key])
        elif key in self.QUICK_KEYS:
            self.action_quick(self.QUICK_KEYS[key])
        elif event.character is not None and event.character.isdigit():
            base = "" if self.fresh else self.text
            self.text = (base + event.character).lstrip("0")[:12] or "0"
            self.fresh = False
            self.error = ""
            self.redraw_amount()
        else:
            return
        event.stop()
        event.prevent_default()

    def on_click(self, event: Click) -> None:
        """A click on a quick-size line picks that size."""
        quick = self.query_one("#editor-quick", Static)
        offset = event.get_content_offset(quick)
        if event.widget is quick and offset is not None and 0 <= offset.y < len(QUICK_SIZES):
            self.action_quick(QUICK_SIZES[offset.y][0])

    def action_backspace(self) -> None:
        """Delete the last digit."""
        self.text = self.text[:-1]
        self.fresh = False
        self.error = ""
        self.redraw_amount()

    def action_step(self, steps: int) -> None:
        """Move the amount by whole big blinds, staying inside the legal range."""
        value = self.value()
        base = value if value is not None else self.legal.min_raise_to
        self._set(self.legal.clamp(base + steps * self.step_size))

    def action_quick(self, size: str) -> None:
        """Set a quick size (min, ½ pot, ¾ pot, pot, all-in)."""
        self._set(self.quick_amount(size))

    def action_confirm(self) -> None:
        """Send the amount if it is legal; otherwise say why and keep the editor open."""
        reason = self.refusal()
        if reason:
            self.error = reason
            self.redraw_amount()
            self.app.bell()
            return
        self.dismiss(self.value())

    def action_cancel(self) -> None:
        """Close without acting."""
        self.dismiss(None)


class _Question(Translated, ModalScreen[bool]):
    """A yes/no question in a box: Enter (or y) says yes, Esc (or n) says no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", show=False, id="question_yes"),
        Binding("escape,n", "answer(False)", show=False, id="question_no"),
    ]

    def compose(self) -> ComposeResult:
        """The question and the two answers."""
        with Vertical(id="quit-box"):
            yield Static(id="quit-question")
            yield KeyBar(id="quit-keys")

    def _show(self, prefix: str, question: str) -> None:
        """Title, question and answers from the ``prefix`` section of the locale files."""
        tr = _tr(self)
        self.query_one("#quit-box", Vertical).border_title = tr.t(f"{prefix}.title")
        self.query_one("#quit-question", Static).update(question)
        keys = [
            ActionModel("Enter", tr.t(f"{prefix}.yes"), "screen.answer(True)"),
            ActionModel("Esc", tr.t(f"{prefix}.no"), "screen.answer(False)"),
        ]
        self.query_one("#quit-keys", KeyBar).show(keys)

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class FoldConfirmScreen(_Question):
    """ "Fold? You could check for free" — folding is allowed on every turn (the rule
    cards list it), but folding when a check costs nothing is almost always a slip."""

    def retranslate(self) -> None:
        """Redraw in the current language."""
        self._show("fold_free", _tr(self).t("fold_free.question"))


class QuitScreen(_Question):
    """ "Leave the table?" — a quit by accident would lose the session.

    ``saving``: the session is kept on disk (the command line), and the question says so.
    """

    def __init__(self, saving: bool = False) -> None:
        super().__init__()
        self.saving = saving

    def retranslate(self) -> None:
        """Redraw in the current language."""
        # "The session will be saved" only when it really is (the CLI keeps sessions on disk)
        self._show("quit", _tr(self).t("quit.confirm" if self.saving else "quit.question"))


class CurtainScreen(Translated, Screen[None]):
    """Hot-seat: a full screen that hides the table until the next player takes the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "lift", show=False, id="lift_curtain")
    ]

    def __init__(self, name: str) -> None:
        super().__init__(classes="curtain")
        self.player = name

    def compose(self) -> ComposeResult:
        """The call to the next player, centred."""
        with Vertical(id="curtain-box"):
            yield Static(id="curtain-text")
            yield Static(id="curtain-hint")

    def retranslate(self) -> None:
        """Redraw in the current language."""
        tr = _tr(self)
        self.query_one("#curtain-text", Static).update(
            Content.from_markup(
                f"[@click=screen.lift][b]{escape(tr.t('hotseat.curtain', name=self.player))}[/][/]"
            )
        )
        self.query_one("#curtain-hint", Static).update(tr.t("hotseat.hidden"))

    def action_lift(self) -> None:
        """The named player is at the keyboard: show the table."""
        self.dismiss(None)


class HelpScreen(Translated, ModalScreen[None]):
    """Every key of the app with what it does, in the current language (``rows`` lists them)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,enter", "close", show=False, id="close_help")
    ]

    def __init__(
        self, rows: Callable[[Translator], list[tuple[str, str]]], *, intro: bool = True
    ) -> None:
        super().__init__()
        self.rows = rows
        #: the intro names F1 and the rules: the table's help has it, the replay viewer's not
        self.intro = intro

    def compose(self) -> ComposeResult:
        """Intro, the key table, and how to close."""
        with Vertical(id="help-box"):
            yield Static(id="help-intro")
            yield Static(id="help-keys")
            yield Static(id="help-close")

    def retranslate(self) -> None:
        """Redraw in the current language."""
        tr = _tr(self)
        self.query_one("#help-box", Vertical).border_title = tr.t("help.title")
        intro = self.query_one("#help-intro", Static)
        intro.update(tr.t("help.intro"))
        intro.display = self.intro
        rows = self.rows(tr)
        width = max(len(k) for k, _ in rows)
        lines = [f"[b reverse $accent] {escape(k):^{width}} [/]  {escape(v)}" for k, v in rows]
        self.query_one("#help-keys", Static).update(Content.from_markup("\n".join(lines)))
        self.query_one("#help-close", Static).update(tr.t("help.close"))

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)


class TooSmallScreen(Translated, Screen[None]):
    """Covers everything while the terminal is smaller than the table needs; the game waits.

    The app alone opens and closes it (it stays on top of every other screen but the quit
    question), and takes up the game where it waited once the window is large enough.
    """

    def __init__(self, width: int, height: int) -> None:
        super().__init__(classes="too-small")
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        """One centred sentence."""
        yield Static(id="too-small-text")

    def retranslate(self) -> None:
        """Redraw in the current language."""
        width, height = self.need
        text = _tr(self).t("window.too_small", width=width, height=height)
        self.query_one("#too-small-text", Static).update(text)

    @dataclass
    class Uncovered(Message):
        """The quit question over ``cover`` closed: the window may have grown meanwhile."""

        cover: TooSmallScreen

    def on_screen_resume(self) -> None:
        """Tell the app this cover is on top again (it drops it if the window grew)."""
        self.post_message(self.Uncovered(self))


class BustScreen(Translated, ModalScreen[str]):
    """A human has no chips left: rebuy, watch the others finish, or end the session.

    Answers ``"rebuy"``, ``"watch"`` or ``"end"``; the busting is never a silent dead end.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('rebuy')", show=False, id="bust_rebuy"),
        Binding("w", "choose('watch')", show=False, id="bust_watch"),
        Binding("e,escape", "choose('end')", show=False, id="bust_end"),
    ]

    def __init__(self, session: Session, seat: int, can_watch: bool) -> None:
        super().__init__(classes="bust")
        self.session = session
        self.seat = seat
        self.can_watch = can_watch

    def compose(self) -> ComposeResult:
        """What happened, and the three ways on."""
        with Vertical(id="bust-box"):
            yield Static(id="bust-text")
            yield KeyBar(id="bust-keys")

    def retranslate(self) -> None:
        """Redraw in the current language."""
        from holdem_tui.session.present import out_line

        tr = _tr(self)
        session = self.session
        self.query_one("#bust-box", Vertical).border_title = tr.t("bust.title")
        self.query_one("#bust-text", Static).update(out_line(session, self.seat, tr))
        keys = [
            ActionModel(
                "r",
                tr.t("bust.rebuy", amount=tr.number(session.settings.stack)),
                "screen.choose('rebuy')",
            ),
            ActionModel("w", tr.t("bust.watch"), "screen.choose('watch')", self.can_watch),
            ActionModel("e", tr.t("bust.end"), "screen.choose('end')"),
        ]
        self.query_one("#bust-keys", KeyBar).show(keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watching is offered only while at least two others still play."""
        if action == "choose" and parameters == ("watch",):
            return self.can_watch
        return True

    def action_choose(self, choice: str) -> None:
        """Close with the choice."""
        self.dismiss(choice)


class PastHandsScreen(Translated, ModalScreen[None]):
    """The last hands of the session, newest first: board, who showed what, who won.

    Each hand is told from the same eyes as the table between turns (``viewer``: the one
    human, or nobody's in hot-seat), so looking back never shows a card that was not public.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h,enter", "close", show=False, id="close_past_hands"),
        Binding("up", "scroll(-1)", show=False, id="past_up"),
        Binding("down", "scroll(1)", show=False, id="past_down"),
        Binding("pageup", "scroll(-10)", show=False, id="past_page_up"),
        Binding("pagedown", "scroll(10)", show=False, id="past_page_down"),
        Binding("e", "review", show=False, id="past_review"),
    ]

    class Review(Message):
        """Step through these hands with the coach: the hand review instead of this list."""

    def __init__(self, session: Session, viewer: int | None) -> None:
        super().__init__()
        self.session = session
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        """A framed, scrolling text and how to close it."""
        with Vertical(id="past-box"):
            with VerticalScroll(id="past-scroll"):
                yield Static(id="past-text")
            yield Static(id="past-close")

    def retranslate(self) -> None:
        """Tell every kept hand again, in the current language."""
        from holdem_tui.session.narrate import cards_text, narrate
        from holdem_tui.session.present import display_name

        tr = _tr(self)
        session = self.session
        self.query_one("#past-box", Vertical).border_title = tr.t("past_hands.title")
        self.query_one("#past-close", Static).update(tr.t("past_hands.close"))
        blocks: list[str] = []
        viewer = self.viewer
        for hand in reversed(session.past_hands):
            seats = hand.config.seats
            position = seats.index(viewer) if viewer in seats else None
            view = hand.view(position)

            def name_of(p: int, seats: tuple[int, ...] = tuple(seats)) -> str:
                return display_name(session, seats[p], tr)

            lines = [f"[b]{escape(tr.t('log.hand_start', number=view.hand_number))}[/]"]
            if view.board:
                board = tr.t("past_hands.board", cards=cards_text(view.board))
                lines.append(f"[b]{escape(board)}[/]")
            lines.extend(escape(line) for line in narrate(view.history, name_of, tr)[1:])
            blocks.append("\n".join(lines))
        text = "\n\n".join(blocks) if blocks else escape(tr.t("past_hands.none"))
        self.query_one("#past-text", Static).update(Content.from_markup(text))

    def action_scroll(self, lines: int) -> None:
        """Scroll the hands up or down."""
        self.query_one("#past-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_review(self) -> None:
        """Close the list and open the hand review (the app opens it once this is closed)."""
        self.app.post_message(self.Review())
        self.dismiss(None)
