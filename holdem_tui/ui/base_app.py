"""What every app of the game shares: its language, its deck colours, the help and quitting.

The table app and the replay viewer both speak the player's language and switch it with
``l`` (every open screen redraws at once), draw cards the same way with ``k`` turning the
four-colour deck on or off, list their keys on ``?`` and leave with Ctrl+Q, asking first
where leaving would lose something. Screens read the translator through :func:`translator`
(attributes go down); they never call the app's methods.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType, Keymap
from textual.dom import DOMNode
from textual.message import Message

from holdem_tui.i18n import LANGUAGES, Translator, get_translator, language_to_keep
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.keys import KeyNames, bound_keys

ReturnType = TypeVar("ReturnType")


def translator(node: DOMNode) -> Translator:
    """The language of the app ``node`` runs in."""
    app = node.app
    assert isinstance(app, BaseApp), "every screen of the game runs in one of its apps"
    return app.tr


def key_names(node: DOMNode, *owners: type[DOMNode]) -> KeyNames:
    """The keys of the app ``node`` runs in and of ``owners`` (the screens whose keys are
    named; ``node``'s own screen is one), its keymap applied: what every bar and help says."""
    app = node if isinstance(node, BaseApp) else node.app
    assert isinstance(app, BaseApp), "every screen of the game runs in one of its apps"
    return KeyNames(bound_keys((type(app), *owners), app.keymap))


def language_key(tr: Translator) -> ActionModel:
    """The footer's language key, the same on every screen that lists it (the app answers
    it; its key is :class:`BaseApp`'s binding ``language``)."""
    return ActionModel(
        KeyNames(bound_keys([BaseApp]))["language"], tr.t("keys.language"), "app.switch_language"
    )


def four_colour(node: DOMNode) -> bool:
    """Whether the app ``node`` runs in draws a four-colour deck."""
    app = node.app
    return isinstance(app, BaseApp) and app.four_colour


class Leaving(StrEnum):
    """What leaving an app ends, as its quit question says it (``quit.<value>``)."""

    #: nothing is kept: this session ends here
    ENDS = "question"
    #: the session is saved, to continue later
    SAVES = "confirm"
    #: a network seat: the table keeps the chair (Away) for the player to come back to
    SEAT_KEPT = "seat_kept"
    #: the host's own seat: the table closes for every friend (``host --resume`` reopens it)
    CLOSES_TABLE = "closes_table"


class Translated:
    """A screen whose every text comes from the translator: drawn once it is mounted, and
    again by ``retranslate`` whenever the player switches language."""

    def on_mount(self) -> None:
        """Fill in the texts."""
        self.retranslate()

    def retranslate(self) -> None:
        """Redraw every text in the current language."""
        raise NotImplementedError


class BaseApp(App[ReturnType]):
    """An app of the game: translated, with the shared keys (help, language, deck, quit)."""

    #: the one stylesheet of the game (the help and quit boxes look the same in every app)
    CSS_PATH = Path(__file__).with_name("holdem.tcss")
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", show=False, priority=True, id="quit"),
        Binding("question_mark", "help", show=False, id="help"),
        Binding("l", "switch_language", show=False, id="language"),
        Binding("k", "toggle_four_colour", show=False, id="four_colour"),
    ]

    def __init__(self, lang: str, *, four_colour: bool = False) -> None:
        super().__init__()
        self.tr: Translator = get_translator(lang)
        #: blue diamonds and green clubs; a preference kept with the player's choices
        self.four_colour = four_colour
        #: the player picked the language here (``l``, the setup screen): it is then saved
        #: even where this run's came from ``$HOLDEM_TUI_LANG`` (see ``language_to_keep``)
        self.language_picked = False
        #: binding id → keys, over the ``BINDINGS`` (:meth:`set_keymap`): the bars and the
        #: help name the keys from them
        self.keymap: dict[str, str] = {}
        #: when the quit question last opened (:meth:`on_key`)
        self._quit_asked_at = 0.0

    # ------------------------------------------------------------------ what an app says

    def help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """The keys of this app and what they do, for the help screen."""
        raise NotImplementedError

    def shared_help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """The help lines of the keys every app has (:attr:`BINDINGS`): help, language, deck."""
        keys = key_names(self)
        return [
            (keys.long("help"), tr.t("keys.help")),
            (keys.long("language"), tr.t("keys.language")),
            (keys.long("four_colour"), tr.t("keys.four_colour")),
        ]

    def quit_help_row(self, tr: Translator) -> tuple[str, str]:
        """The help line of Ctrl+Q (:attr:`BINDINGS`), last in most apps' help."""
        return key_names(self).long("quit"), tr.t("keys.quit")

    #: whether the help opens with the table's intro (which names F1 and the rules)
    HELP_INTRO: ClassVar[bool] = True

    @property
    def confirm_quit(self) -> bool:
        """Whether Ctrl+Q asks first (leaving would end something that is going on)."""
        return False

    @property
    def leaving(self) -> Leaving:
        """What leaving ends (the quit question says so)."""
        return Leaving.ENDS

    def remember(self) -> None:
        """Keep the player's choices (language, deck) for the next start, where that is done."""

    def redraw(self) -> None:
        """Draw again what shows cards or text (after the deck or the language changed)."""

    def leave(self, return_code: int = 0) -> None:
        """Close the app (the player answered "leave")."""
        self.exit(return_code=return_code)

    # ------------------------------------------------------------------ the shared keys

    def set_language(self, code: str, *, picked: bool = True) -> None:
        """Switch every visible text to ``code`` at once, mid-hand included (``picked``: the
        player chose it, so it is saved even over a one-run language; a session that starts
        in its own language is not a choice)."""
        if code not in LANGUAGES:
            return
        self.tr = get_translator(code)
        self.language_picked = self.language_picked or picked
        self.language_changed(code)
        self.remember()
        self._redraw_texts()

    def _redraw_texts(self) -> None:
        """Every open screen's texts and key names drawn again."""
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if callable(retranslate):
                retranslate()
        self.redraw()

    def set_keymap(self, keymap: Keymap) -> None:
        """Bind keys anew by binding id (Textual's keymap); the bars and the help say so."""
        super().set_keymap(keymap)
        self.keymap = dict(keymap)
        self._redraw_texts()

    def update_keymap(self, keymap: Keymap) -> None:
        """Bind some keys anew by binding id, the others kept."""
        super().update_keymap(keymap)
        self.keymap = {**self.keymap, **keymap}
        self._redraw_texts()

    def language_changed(self, code: str) -> None:
        """The language is now ``code`` (the table keeps it in its settings)."""

    def action_switch_language(self) -> None:
        """``l``: the next language (en → hr → fi → nl → en)."""
        index = LANGUAGES.index(self.tr.lang) if self.tr.lang in LANGUAGES else -1
        self.set_language(LANGUAGES[(index + 1) % len(LANGUAGES)])

    def action_toggle_four_colour(self) -> None:
        """``k``: a four-colour deck (blue diamonds, green clubs) on or off, remembered."""
        self.four_colour = not self.four_colour
        self.remember()
        self.redraw()

    def action_help(self) -> None:
        """``?``: the key list."""
        from holdem_tui.ui.screens.modals import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.open_screen(HelpScreen(self.help_rows, intro=self.HELP_INTRO))

    def open_screen(self, screen: Any, done: Any = None) -> None:
        """Open ``screen`` on top (the table app keeps its too-small cover over it)."""
        self.push_screen(screen, done)

    def action_request_quit(self) -> None:
        """Ctrl+Q: leave, asking first where leaving ends something (a thinking bot is
        abandoned, the session is saved when sessions are kept)."""
        from holdem_tui.ui.screens.modals import QuitScreen

        if not self.confirm_quit:
            self.leave()
            return
        if isinstance(self.screen, QuitScreen):
            return
        self._quit_asked_at = Message().time  # the clock of the keys' own times
        self.open_screen(QuitScreen(self.leaving), self.quit_answered)

    def on_key(self, event: events.Key) -> None:
        """A key typed before the quit question opened is no answer to it.

        A key goes to the screen on top when it is read, and its binding is looked up once
        that screen has handled it, on the screen on top by then: Enter ("play again" on
        the end screen) read together with Ctrl+Q would otherwise answer "leave".
        """
        from holdem_tui.ui.screens.modals import QuitScreen

        if isinstance(self.screen, QuitScreen) and event.time < self._quit_asked_at:
            event.prevent_default()

    def quit_answered(self, leave: bool | None) -> None:
        """The quit question's answer."""
        if leave:
            self.leave()


@runtime_checkable
class Redrawable(Protocol):
    """A screen that draws cards, and so draws again when the deck changes."""

    def redraw(self) -> None:
        """Draw the cards again in the app's current deck."""


class ViewerApp(BaseApp[int]):
    """An app opened on saved hands from the command line (the replay viewer, the review).

    It has no session of its own to keep, so what it remembers is the player's language and
    deck, and only when ``persist`` says it was started from the command line (tests and the
    table's own review leave the saved settings alone).
    """

    HELP_INTRO = False

    def __init__(self, lang: str, *, four_colour: bool = False, persist: bool = False) -> None:
        super().__init__(lang, four_colour=four_colour)
        self.persist = persist

    def redraw(self) -> None:
        """Every open screen that shows cards, drawn again (the deck changed)."""
        for screen in self.screen_stack:
            if isinstance(screen, Redrawable):
                screen.redraw()

    def remember(self) -> None:
        """Keep the language and the deck for the next start (the command line only)."""
        if not self.persist:
            return
        from holdem_tui.storage.preferences import load_settings, save_settings

        kept = load_settings(repair=False).settings
        language = language_to_keep(self.tr.lang, kept.language, picked=self.language_picked)
        save_settings(replace(kept, language=language, four_colour=self.four_colour))
