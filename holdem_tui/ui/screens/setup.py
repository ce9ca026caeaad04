"""The setup screen: every setting of :class:`GameSettings`, checked before the first card.

It starts from the settings the app was given (the command line's flags, or the last session),
so "New game" after a session only asks for what changes. Problems are listed in the player's
language and the Start button does nothing until they are fixed. Choosing a language here
switches the whole app at once, so the player reads the rest of the form in it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from holdem_tui.bots.levels import Level
from holdem_tui.engine.draw import DEFAULT_HAND_LIMIT
from holdem_tui.engine.schedule import PRESETS
from holdem_tui.engine.variants import (
    MAX_SEATS,
    MIN_SEATS,
    VARIANTS,
    BettingStructure,
    Variant,
    rules_of,
)
from holdem_tui.game_settings import (
    BOT,
    BOT_LEVELS,
    HUMAN,
    PACES,
    PLUGIN,
    GameSettings,
    SeatSettings,
)
from holdem_tui.i18n import LANGUAGES, language_name
from holdem_tui.session.present import ActionModel
from holdem_tui.storage.offer import ContinueOffer
from holdem_tui.ui.base_app import key_names, translator
from holdem_tui.ui.keybars import KeyFooter

NUMBER = r"[0-9]*"

#: the field a problem of :meth:`GameSettings.validate` is about (``setup.error.<key>``)
_PROBLEM_FIELDS = {
    "seats": "f-seats",
    "stack": "f-stack",
    "too_big": "f-stack",
    "blinds": "f-sb",
    "stakes_vs_stack": "f-stack",
    "limits": "f-small-bet",
    "draw_ante": "f-draw-ante",
    "ante": "f-ante",
    "hand_limit": "f-limit-value",
    "minute_limit": "f-limit-value",
    "pace": "f-pace",
}


def _int(text: str) -> int | None:
    text = text.strip().replace(",", "").replace(".", "").replace("\u00a0", "").replace(" ", "")
    return int(text) if text.isdigit() else None


def _shown(widget: Widget) -> bool:
    """Whether the field is in the form as it stands (neither it nor its row hidden)."""
    node: Any = widget
    while isinstance(node, Widget) and not isinstance(node, Screen):
        if not node.display:
            return False
        node = node.parent
    return True


class SetupScreen(Screen[GameSettings | None]):
    """A scrollable form; answers the chosen settings, or ``None`` when cancelled.

    ``offer`` is the saved session its "Continue" button offers (none: no button).
    """

    DEFAULT_CSS = """
    #row-training { margin: 0; }
    #training-hint { height: auto; margin: 0 0 1 0; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", show=False, id="setup_cancel"),
        Binding("ctrl+s", "start", show=False, id="setup_start"),
    ]

    @dataclass
    class Continue(Message):
        """The player takes the offer: back to the saved session."""

        setup: SetupScreen

    @dataclass
    class LanguageChosen(Message):
        """The player picked ``code`` in the form: the whole app switches to it at once."""

        code: str

    def __init__(self, settings: GameSettings, offer: ContinueOffer | None = None) -> None:
        super().__init__(classes="setup-screen")
        self.initial = settings
        self.offer = offer or ContinueOffer(enabled=False)
        self._kinds: dict[int, str] = {}
        for index in range(MAX_SEATS):
            seat = settings.seats[index] if index < len(settings.seats) else None
            if seat is None:
                self._kinds[index] = Level.NORMAL.value
            elif seat.is_human:
                self._kinds[index] = HUMAN
            elif seat.is_plugin:
                self._kinds[index] = PLUGIN
            else:
                self._kinds[index] = seat.level if seat.level in BOT_LEVELS else Level.NORMAL.value
        limit_kind = "hands" if settings.session_hand_limit else "none"
        if settings.minute_limit and not settings.hand_limit:
            limit_kind = "minutes"
        #: the draw hand limit was filled in for the player (not typed): switching back to
        #: Hold'em takes it away again
        self._auto_limit = settings.hand_limit is None and limit_kind == "hands"
        self._initial_choices = {
            "f-game": settings.variant,
            "f-tournament": settings.tournament or "none",
            "f-limit-kind": limit_kind,
            "f-pace": settings.pace,
            "f-training": "on" if settings.training else "off",
        }

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """Rows of label + field; seat rows beyond the chosen count are hidden."""
        s = self.initial
        limit_value = s.session_hand_limit or s.minute_limit or ""
        with VerticalScroll(id="setup-form"):
            yield Static(id="setup-title")
            yield Button("", id="continue", variant="primary", compact=True)
            yield from self._row("game", self._select("f-game", s.variant))
            yield from self._row(
                "seats",
                Select(
                    [(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                    value=len(s.seats),
                    id="f-seats",
                    allow_blank=False,
                    compact=True,
                ),
            )
            for index in range(MAX_SEATS):
                seat = (
                    s.seats[index]
                    if index < len(s.seats)
                    else SeatSettings(BOT, "", Level.NORMAL.value)
                )
                with Horizontal(classes="seat-row", id=f"seat-row-{index}"):
                    yield Label(f"{index + 1}.", classes="seat-number")
                    yield self._select(f"f-kind-{index}", self._kinds[index])
                    yield Input(seat.name, id=f"f-name-{index}", compact=True, max_length=16)
                    yield Input(
                        seat.level if seat.is_plugin else "",
                        placeholder="module:Class",
                        id=f"f-plugin-{index}",
                        compact=True,
                    )
            yield from self._row(
                "tournament", self._select("f-tournament", self._initial_choices["f-tournament"])
            )
            yield from self._row("starting_stack", self._number("f-stack", s.stack))
            with Horizontal(classes="form-row", id="row-blinds"):
                yield Label(classes="form-label", id="l-blinds")
                yield self._number("f-sb", s.small_blind)
                yield Label("/", classes="slash")
                yield self._number("f-bb", s.big_blind)
            with Horizontal(classes="form-row", id="row-limits"):
                yield Label(classes="form-label", id="l-limits")
                yield self._number("f-small-bet", s.small_bet)
                yield Label("/", classes="slash")
                yield self._number("f-big-bet", s.big_bet)
            with Horizontal(classes="form-row", id="row-ante"):
                yield Label(classes="form-label", id="l-ante")
                yield self._number("f-ante", s.ante)
                yield self._number("f-draw-ante", s.draw_ante)
            with Horizontal(classes="form-row", id="row-session_limit"):
                yield Label(classes="form-label", id="l-session_limit")
                yield self._select("f-limit-kind", self._initial_choices["f-limit-kind"])
                yield self._number("f-limit-value", limit_value)
            yield from self._row(
                "language",
                Select(
                    [(language_name(code), code) for code in LANGUAGES],
                    value=translator(self).lang,
                    id="f-lang",
                    allow_blank=False,
                    compact=True,
                ),
            )
            yield from self._row("pace", self._select("f-pace", s.pace))
            yield from self._row(
                "training", self._select("f-training", self._initial_choices["f-training"])
            )
            yield Static(id="training-hint")
            yield from self._row(
                "seed", Input("" if s.seed is None else str(s.seed), id="f-seed", compact=True)
            )
            yield Button("", id="start", variant="success", compact=True)
        with Vertical(id="setup-bottom"):
            # above the footer, in sight at any size: Ctrl+S never seems to do nothing
            yield Static(id="setup-errors")
            yield KeyFooter(id="setup-footer")

    def _options(self, widget_id: str) -> list[tuple[str, str]]:
        """The translated choices of one of the form's selects."""
        tr = translator(self)
        if widget_id == "f-game":
            return [(tr.t(f"game.{v}"), v.value) for v in VARIANTS]
        if widget_id == "f-limit-kind":
            # draw ends after a set number of hands (rule card 001): no "no limit" there
            none = [] if self._game() == Variant.DRAW else [(tr.t("setup.limit_none"), "none")]
            return [
                *none,
                (tr.t("setup.limit_hands"), "hands"),
                (tr.t("setup.limit_minutes"), "minutes"),
            ]
        if widget_id == "f-tournament":
            # no tournament (a cash game), a preset, or the file the game was started with
            own = self.initial.tournament
            chosen = [] if own is None or own in PRESETS else [(own, own)]
            presets = [(tr.t(f"tournament.preset.{name}"), name) for name in PRESETS]
            return [(tr.t("setup.tournament_none"), "none"), *presets, *chosen]
        if widget_id == "f-pace":
            return [(tr.t(f"setup.pace_{p}"), p) for p in PACES]
        if widget_id == "f-training":
            return [(tr.t("setup.training_off"), "off"), (tr.t("setup.training_on"), "on")]
        kinds = [(tr.t("setup.human"), HUMAN)]
        kinds += [
            (tr.t("bot.level", name=tr.t("setup.bot"), level=tr.t(f"bot.{lv}")), lv)
            for lv in BOT_LEVELS
        ]
        kinds.append((tr.t("bot.plugin"), PLUGIN))
        return kinds

    def _game(self) -> str:
        """The game chosen in the form (the initial one while it is being built)."""
        try:
            return str(self.query_one("#f-game", Select).value)
        except NoMatches:
            return self.initial.variant

    def _select(self, widget_id: str, value: str) -> Select[str]:
        return Select(
            self._options(widget_id), value=value, id=widget_id, allow_blank=False, compact=True
        )

    def _row(self, key: str, widget: Any) -> ComposeResult:
        with Horizontal(classes="form-row", id=f"row-{key}"):
            yield Label(classes="form-label", id=f"l-{key}")
            yield widget

    def _number(self, widget_id: str, value: object) -> Input:
        return Input(str(value), id=widget_id, restrict=NUMBER, compact=True, classes="number")

    def on_mount(self) -> None:
        """Fill the option lists and labels, then show only the rows that apply."""
        self.retranslate()
        with self.prevent(Select.Changed):
            for widget_id, value in self._initial_choices.items():
                self.query_one(f"#{widget_id}", Select).value = value
            for index, kind in self._kinds.items():
                self.query_one(f"#f-kind-{index}", Select).value = kind
        self._sync_rows()
        # with an unfinished session saved, Enter should take the player straight back to it
        resume = self.query_one("#continue", Button)
        (resume if resume.display else self.query_one("#f-game", Select)).focus()

    # ------------------------------------------------------------------ texts

    def retranslate(self) -> None:
        """Every label and option in the current language (selections are kept)."""
        tr = translator(self)
        self.query_one("#setup-title", Static).update(
            Content.from_markup("[b]$t[/]", t=tr.t("setup.title"))
        )
        labels = {
            "game": "setup.game",
            "seats": "setup.seats",
            "tournament": "setup.tournament",
            "starting_stack": "setup.starting_stack",
            "blinds": "setup.blinds",
            "limits": "setup.limits",
            "ante": "setup.ante",
            "session_limit": "setup.session_limit",
            "language": "setup.language",
            "pace": "setup.pace",
            "training": "setup.training",
            "seed": "setup.seed",
        }
        for key, message in labels.items():
            self.query_one(f"#l-{key}", Label).update(tr.t(message))
        self.query_one("#training-hint", Static).update(tr.t("setup.training_hint"))
        options = {widget_id: self._options(widget_id) for widget_id in self._initial_choices}
        kinds = self._options("f-kind")
        with self.prevent(Select.Changed):
            for widget_id, opts in options.items():
                select = self.query_one(f"#{widget_id}", Select)
                value = select.value
                select.set_options(opts)
                if value is not Select.NULL:
                    select.value = value
            for index in range(MAX_SEATS):
                select = self.query_one(f"#f-kind-{index}", Select)
                value = select.value
                select.set_options(kinds)
                if value is not Select.NULL:
                    select.value = value
                name = self.query_one(f"#f-name-{index}", Input)
                name.placeholder = tr.t("setup.name")
            seed = self.query_one("#f-seed", Input)
            seed.placeholder = tr.t("setup.seed_random")
        self.query_one("#start", Button).label = tr.t("setup.start")
        resume = self.query_one("#continue", Button)
        resume.display = self.offer.available(tr, self._warn)
        resume.label = self.offer.label(tr, self._warn) if resume.display else ""
        keys = key_names(self, SetupScreen)
        self.query_one("#setup-footer", KeyFooter).show(
            [
                ActionModel(keys.long("setup_start"), tr.t("setup.start"), "screen.start"),
                ActionModel(keys.long("setup_cancel"), tr.t("keys.back"), "screen.cancel"),
                ActionModel(keys.long("rules"), tr.t("keys.rules"), "app.rules"),
            ]
        )
        self._recheck()

    # ------------------------------------------------------------------ behaviour

    def _sync_rows(self) -> None:
        """Show seat rows up to the seat count, the right stakes, and plugin fields."""
        game = self.query_one("#f-game", Select).value
        seats_select = self.query_one("#f-seats", Select)
        rules = rules_of(str(game))
        low, high = rules.min_seats, rules.max_seats
        count = seats_select.value if isinstance(seats_select.value, int) else 6
        if count > high:
            count = high
            with self.prevent(Select.Changed):
                seats_select.value = count
        with self.prevent(Select.Changed):
            seats_select.set_options([(str(n), n) for n in range(low, high + 1)])
            seats_select.value = count
        for index in range(MAX_SEATS):
            self.query_one(f"#seat-row-{index}").display = index < count
            kind = self.query_one(f"#f-kind-{index}", Select).value
            self.query_one(f"#f-plugin-{index}", Input).display = kind == PLUGIN
        # blinds and a free ante in no limit; the small and big bet, and an ante, in fixed limit
        fixed = rules.structure is BettingStructure.FIXED_LIMIT
        self.query_one("#row-blinds").display = not fixed
        self.query_one("#row-limits").display = fixed
        self.query_one("#f-ante").display = not fixed
        self.query_one("#f-draw-ante").display = fixed
        # a tournament's stakes are its levels, and it ends when one player has every chip
        tournament = self.query_one("#f-tournament", Select).value != "none"
        for row in ("row-blinds", "row-limits", "row-ante", "row-session_limit"):
            if tournament:
                self.query_one(f"#{row}").display = False
        if not tournament:
            self.query_one("#row-ante").display = True
            self.query_one("#row-session_limit").display = True
        self._sync_limit(str(game))

    def _sync_limit(self, game: str) -> None:
        """Draw always has a limit: "none" becomes the default number of hands, shown and
        changeable; back in Hold'em an untouched default goes back to no limit."""
        kind_select = self.query_one("#f-limit-kind", Select)
        value_input = self.query_one("#f-limit-value", Input)
        kind = kind_select.value
        if game == Variant.DRAW and kind == "none":
            kind = "hands"
            value_input.value = str(DEFAULT_HAND_LIMIT)
            self._auto_limit = True
        elif game != Variant.DRAW and self._auto_limit and kind == "hands":
            if value_input.value == str(DEFAULT_HAND_LIMIT):
                kind = "none"
            self._auto_limit = False
        with self.prevent(Select.Changed):
            kind_select.set_options(self._options("f-limit-kind"))
            kind_select.value = kind
        value_input.display = kind != "none"

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        if event.select.id == "f-lang" and isinstance(event.value, str):
            self.post_message(self.LanguageChosen(event.value))
            return
        self._sync_rows()
        self._recheck()

    @on(Input.Changed)
    def _typed(self) -> None:
        self._recheck()

    def _recheck(self) -> None:
        """Once problems are listed, the list follows the form: a fixed one goes at once."""
        if self.is_mounted and self.query_one("#setup-errors", Static).display:
            self._show_errors(self._problems(self._read()[1]))

    @on(Input.Submitted)
    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.post_message(self.Continue(self))

    def _warn(self, text: str) -> None:
        self.notify(text, severity="warning", timeout=20)

    @on(Button.Pressed, "#start")
    def _submit(self) -> None:
        self.action_start()

    def _read(self) -> tuple[list[str], GameSettings]:
        """The form as settings, plus problems no settings object can hold (bad numbers)."""
        bad: list[str] = []

        def number(widget_id: str, default: int) -> int:
            text = self.query_one(f"#{widget_id}", Input).value
            value = _int(text)
            if value is None:
                bad.append(text or "—")
                return default
            return value

        game = str(self.query_one("#f-game", Select).value)
        count_value = self.query_one("#f-seats", Select).value
        count = count_value if isinstance(count_value, int) else 2
        seats = []
        for index in range(count):
            kind = self.query_one(f"#f-kind-{index}", Select).value
            name = self.query_one(f"#f-name-{index}", Input).value.strip()
            if kind == HUMAN:
                seats.append(SeatSettings(HUMAN, name))
            elif kind == PLUGIN:
                spec = self.query_one(f"#f-plugin-{index}", Input).value.strip()
                seats.append(SeatSettings(BOT, name, spec or PLUGIN))
            else:
                seats.append(SeatSettings(BOT, name, str(kind)))
        limit_kind = self.query_one("#f-limit-kind", Select).value
        choice = str(self.query_one("#f-tournament", Select).value)
        tournament = None if choice == "none" else choice
        if tournament is not None:
            limit_kind = "none"  # a tournament ends when one player has every chip
        limit_value = None
        if limit_kind != "none":
            limit_value = number("f-limit-value", 0)
        seed_text = self.query_one("#f-seed", Input).value.strip()
        seed = _int(seed_text) if seed_text else None
        if seed_text and seed is None:
            bad.append(seed_text)
        lang = self.query_one("#f-lang", Select).value
        settings = replace(
            self.initial,
            variant=game,
            seats=tuple(seats),
            stack=number("f-stack", self.initial.stack),
            small_blind=number("f-sb", self.initial.small_blind),
            big_blind=number("f-bb", self.initial.big_blind),
            small_bet=number("f-small-bet", self.initial.small_bet),
            big_bet=number("f-big-bet", self.initial.big_bet),
            ante=number("f-ante", 0) if self.query_one("#f-ante", Input).value else 0,
            draw_ante=number("f-draw-ante", 0)
            if self.query_one("#f-draw-ante", Input).value
            else 0,
            hand_limit=limit_value if limit_kind == "hands" else None,
            minute_limit=limit_value if limit_kind == "minutes" else None,
            lang=str(lang),
            pace=str(self.query_one("#f-pace", Select).value),
            seed=seed,
            training=self.query_one("#f-training", Select).value == "on",
            tournament=tournament,
            # a file's levels stay with it; a preset is built from the form's stack
            tournament_data=(
                self.initial.tournament_data if tournament == self.initial.tournament else None
            ),
        )
        return bad, settings

    def _problems(self, settings: GameSettings) -> list[str]:
        tr = translator(self)
        bad, _ = self._read()
        problems = [tr.t("error.invalid_amount", amount=text) for text in bad]
        for key, params in settings.validate():
            problems.append(tr.t(key, **params))
        for seat in settings.seats:
            if seat.is_plugin or (seat.kind == BOT and seat.level == PLUGIN):
                try:
                    from holdem_tui.bots.registry import check_spec

                    check_spec(seat.level)
                except (ValueError, ImportError) as exc:
                    problems.append(tr.t("setup.error.plugin", detail=str(exc)))
        return problems

    def _show_errors(self, problems: list[str]) -> None:
        errors = self.query_one("#setup-errors", Static)
        errors.update("\n".join(problems))
        errors.display = bool(problems)

    def _first_wrong_field(self, settings: GameSettings) -> Widget | None:
        """The field of the first problem (a number that is none first), shown and shown
        again: focusing it scrolls the form to it."""
        for number in self.query(Input):
            if number.has_class("number") and _int(number.value) is None and _shown(number):
                return number
        for key, _ in settings.validate():
            field = _PROBLEM_FIELDS.get(key.removeprefix("setup.error."))
            if field is not None and _shown(self.query_one(f"#{field}")):
                return self.query_one(f"#{field}")
        return None

    def action_start(self) -> None:
        """Start the game if the settings are valid; otherwise list what to fix just above
        the footer, and take the player to the first field to fix."""
        _, settings = self._read()
        problems = self._problems(settings)
        if problems:
            self._show_errors(problems)
            field = self._first_wrong_field(settings)
            if field is not None:
                field.focus()
            self.app.bell()
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        """Leave without starting a new game."""
        self.dismiss(None)
