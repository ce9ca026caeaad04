"""Small typed screens over the table: the quit, free-fold and stand-pat questions, help,
curtain, too small, busting, the last hands.

Each returns a typed result through ``dismiss`` (``ModalScreen[bool]`` for a yes/no,
``ModalScreen[str]`` for a choice) so the app's callbacks never guess what came back. (The
raise editor is no screen: it is docked into the table, :mod:`holdem_tui.ui.raise_editor`.) All
their text comes from the translator and is redrawn by ``retranslate`` when the player
switches language with one of them open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from holdem_tui.i18n import Translator
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import Leaving, Translated, key_names
from holdem_tui.ui.base_app import translator as _tr
from holdem_tui.ui.keybars import KeyBar
from holdem_tui.ui.widgets import DialogBox

if TYPE_CHECKING:
    from holdem_tui.engine.view import PlayerView
    from holdem_tui.session.controller import Session
    from holdem_tui.session.labels import Named


class QuestionScreen(Translated, ModalScreen[bool]):
    """A yes/no question in a box: Enter (or y) says yes, Esc (or n) says no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", show=False, id="question_yes"),
        Binding("escape,n", "answer(False)", show=False, id="question_no"),
    ]

    def compose(self) -> ComposeResult:
        """The question and the two answers."""
        yield DialogBox("quit", Static(id="quit-question"), KeyBar(id="quit-keys"))

    def _show(self, prefix: str, question: str) -> None:
        """Title, question and answers from the ``prefix`` section of the locale files."""
        tr = _tr(self)
        self.query_one(DialogBox).retitle(tr.t(f"{prefix}.title"))
        self.query_one("#quit-question", Static).update(question)
        keys = [
            ActionModel("Enter", tr.t(f"{prefix}.yes"), "screen.answer(True)"),
            ActionModel("Esc", tr.t(f"{prefix}.no"), "screen.answer(False)"),
        ]
        self.query_one("#quit-keys", KeyBar).show(keys)

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class FoldConfirmScreen(QuestionScreen):
    """ "Fold? You could check for free" — folding is allowed on every turn (the rule
    cards list it), but folding when a check costs nothing is almost always a slip."""

    def retranslate(self) -> None:
        """Redraw in the current language."""
        self._show("fold_free", _tr(self).t("fold_free.question"))


class ShowScreen(QuestionScreen):
    """ "Show your cards?" — asked of the winner of an uncontested pot at a hot seat, behind
    a curtain naming them, so only the winner chooses (Enter shows, Esc keeps them hidden)."""

    def retranslate(self) -> None:
        """Redraw in the current language."""
        self._show("show_cards", _tr(self).t("show_cards.question"))


class StandPatScreen(QuestionScreen):
    """ "Stand pat?" — Enter with no card marked keeps all five, which is allowed (``s``
    says it outright) but after a curtain is as often Enter pressed by habit."""

    def retranslate(self) -> None:
        """Redraw in the current language."""
        self._show("stand_pat_ask", _tr(self).t("stand_pat_ask.question"))


class QuitScreen(QuestionScreen):
    """ "Leave the table?" — a quit by accident would lose the session.

    ``leaving`` says what leaving ends, and the question says it: the session saved (the
    command line keeps sessions on disk), a network chair kept, a hosted table closed.
    """

    def __init__(self, leaving: Leaving = Leaving.ENDS) -> None:
        super().__init__()
        self.leaving = leaving

    def retranslate(self) -> None:
        """Redraw in the current language."""
        self._show("quit", _tr(self).t(f"quit.{self.leaving}"))


class HandOverScreen(QuestionScreen):
    """ "Hand Ana's chair over?" — the host's answer to a friend who lost their key: the
    chair's key stops working, and the next player who joins as Ana sits there (a thief
    who says the name is refused until the host says this)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name_ = name

    def retranslate(self) -> None:
        """Redraw in the current language."""
        self._show("hand_over", _tr(self).t("hand_over.question", name=self.name_))


class CurtainScreen(Translated, Screen[None]):
    """Hot-seat: a full screen that hides the table until the named player takes the keyboard.

    ``seat`` is the chair it names (lifting it begins that person's private span, see
    :mod:`holdem_tui.session.privacy`); ``show``: it calls the winner to choose whether to
    show, rather than to a turn.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "lift", show=False, id="lift_curtain")
    ]

    def __init__(self, name: str, seat: int | None = None, *, show: bool = False) -> None:
        super().__init__(classes="curtain")
        self.player = name
        self.seat = seat
        self.show = show

    def compose(self) -> ComposeResult:
        """The call to the next player, centred."""
        yield DialogBox("curtain", Static(id="curtain-text"), Static(id="curtain-hint"))

    def retranslate(self) -> None:
        """Redraw in the current language."""
        tr = _tr(self)
        text = tr.t("hotseat.curtain_show" if self.show else "hotseat.curtain", name=self.player)
        self.query_one("#curtain-text", Static).update(
            Content.from_markup(f"[@click=screen.lift][b]{escape(text)}[/][/]")
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
        yield DialogBox(
            "help", Static(id="help-intro"), Static(id="help-keys"), Static(id="help-close")
        )

    def retranslate(self) -> None:
        """Redraw in the current language."""
        tr = _tr(self)
        self.query_one(DialogBox).retitle(tr.t("help.title"))
        intro = self.query_one("#help-intro", Static)
        if self.intro:  # the table's help: it names the rules' key
            intro.update(tr.t("help.intro", rules=key_names(self).long("rules")))
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
        yield DialogBox("bust", Static(id="bust-text"), KeyBar(id="bust-keys"))

    def retranslate(self) -> None:
        """Redraw in the current language."""
        from holdem_tui.session.labels import out_line

        tr = _tr(self)
        session = self.session
        self.query_one(DialogBox).retitle(tr.t("bust.title"))
        self.query_one("#bust-text", Static).update(
            out_line(session, session.result(), self.seat, tr)
        )
        # a tournament has no rebuy: its key is not shown at all there
        rebuy = tr.t("bust.rebuy", amount=tr.number(session.settings.stack))
        bound = key_names(self, BustScreen)
        rebuying = ActionModel(bound["bust_rebuy"], rebuy, "screen.choose('rebuy')")
        keys = [rebuying] if session.can_rebuy else []
        keys += [
            ActionModel(
                bound["bust_watch"], tr.t("bust.watch"), "screen.choose('watch')", self.can_watch
            ),
            ActionModel(bound["bust_end"], tr.t("bust.end"), "screen.choose('end')"),
        ]
        self.query_one("#bust-keys", KeyBar).show(keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Watching is offered only while at least two others still play."""
        if action == "choose" and parameters == ("watch",):
            return self.can_watch
        if action == "choose" and parameters == ("rebuy",):
            return self.session.can_rebuy
        return True

    def action_choose(self, choice: str) -> None:
        """Close with the choice."""
        self.dismiss(choice)


class PastHandsScreen(Translated, ModalScreen[None]):
    """The last hands of the session, newest first: board, who showed what, who won.

    Each hand is told from its ``views`` (oldest first): the final view of each hand through
    the same eyes as the table between turns (the one human, or nobody's in hot-seat; a
    network seat's own), so looking back never shows a card its reader may not know.
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

    def __init__(self, table: Named, views: Sequence[PlayerView]) -> None:
        super().__init__()
        self.table = table
        self.views = tuple(views)

    def compose(self) -> ComposeResult:
        """A framed, scrolling text and how to close it."""
        text = VerticalScroll(Static(id="past-text"), id="past-scroll")
        yield DialogBox("past", text, Static(id="past-close"))

    def retranslate(self) -> None:
        """Tell every kept hand again, in the current language."""
        from holdem_tui.session.labels import display_name
        from holdem_tui.session.narrate import cards_text, narrate

        tr = _tr(self)
        self.query_one(DialogBox).retitle(tr.t("past_hands.title"))
        self.query_one("#past-close", Static).update(tr.t("past_hands.close"))
        blocks: list[str] = []
        for view in reversed(self.views):
            seats = tuple(seat.seat for seat in view.seats)
            position = view.me

            def name_of(p: int, seats: tuple[int, ...] = seats) -> str:
                return display_name(self.table, seats[p], tr)

            lines = [f"[b]{escape(tr.t('log.hand_start', number=view.hand_number))}[/]"]
            if view.board:
                board = tr.t("past_hands.board", cards=cards_text(view.board))
                lines.append(f"[b]{escape(board)}[/]")
            lines.extend(
                escape(line) for line in narrate(view.history, name_of, tr, viewer=position)[1:]
            )
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
