"""``holdem-tui replay FILE``: the table in replay mode, stepping through PHH hands.

Any valid PHH No-Limit Hold'em file can be opened, ours or from elsewhere (and this game's
``F5CD`` draw files). ← and → step one action, ↑ and ↓ jump a street, ``1``–``4`` or
``p f t r`` go straight to preflop, flop, turn or river, Home and End to the ends. Every
known card is face up; pot, side pots, bets and stacks are the engine's own figures at that
step (see :mod:`holdem_tui.ui.replay_model`). A file with several hands, or several files,
opens a list to pick the hand from. Files that cannot be read are reported in plain words and
make the command exit non-zero, without hiding the hands that can be shown. The cards are the
table's own (:mod:`holdem_tui.ui.cards`), four-colour deck included, and the viewer shares the
table app's keys for help, language, the deck and quitting (:mod:`holdem_tui.ui.base_app`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import BlindKind, PotAwarded, Street
from holdem_tui.engine.variants import RULES
from holdem_tui.engine.view import SeatView
from holdem_tui.i18n import Translator, get_translator, resolve_language
from holdem_tui.session.narrate import cards_text, pots_summary
from holdem_tui.session.present import ActionModel, street_text
from holdem_tui.storage.preferences import load_settings
from holdem_tui.ui import cards
from holdem_tui.ui.base_app import ViewerApp, four_colour, key_names, translator
from holdem_tui.ui.keybars import KeyFooter
from holdem_tui.ui.keys import KeyNames
from holdem_tui.ui.replay_model import (
    HandEntry,
    ReplayHand,
    Step,
    event_lines,
    load_entries,
)


def card_row(cards_: Sequence[Card | None], slots: int = 0, *, four_colour: bool = False) -> Text:
    """Cards side by side as the table draws them, padded with empty slots up to ``slots``."""
    return Text.from_markup(cards.chips(cards_, slots=slots, four_colour=four_colour))


def seat_text(
    seat: SeatView, name: str, known: bool, tr: Translator, *, four_colour: bool = False
) -> Text:
    """A seat at one step: name and markers, cards, stack, and bet or status."""
    text = Text(name, style="bold")
    if seat.is_button:
        text.append(f" {tr.t('table.dealer_short')}", style="bold reverse")
    if seat.blind in (BlindKind.SMALL, BlindKind.BIG):
        small = seat.blind is BlindKind.SMALL
        text.append(f" {tr.t('table.small_blind' if small else 'table.big_blind')}")
    text.append("\n")
    if seat.cards and not seat.folded:
        shown: Sequence[Card | None] = seat.cards if known else [None] * len(seat.cards)
        text.append_text(card_row(shown, four_colour=four_colour))
    elif seat.cards and known:
        text.append(cards_text(seat.cards), style="dim")
    text.append("\n")
    text.append(f"{tr.t('table.stack')} {tr.number(seat.stack)}\n")
    if seat.bet:
        text.append(f"{tr.t('table.bet')} {tr.number(seat.bet)}", style="bold yellow")
        if seat.all_in:
            text.append(f" · {tr.t('table.all_in')}", style="bold red")
    elif seat.folded:
        text.append(tr.t("table.folded"), style="dim italic")
    elif seat.all_in:
        text.append(tr.t("table.all_in"), style="bold red")
    return text


def board_text(step: Step, hand: ReplayHand, tr: Translator, *, four_colour: bool = False) -> Text:
    """The middle of the table: the board, the pot and the side pots, or who won."""
    view = step.view
    text = card_row(view.board, RULES[view.variant].board_cards, four_colour=four_colour)
    text.append("\n")
    text.append(tr.t("table.pot_amount", amount=tr.number(view.total_pot)), style="bold")
    if pots := pots_summary(view.pots, tr):
        text.append("   " + pots)
    if view.complete:
        awards = [
            line
            for step_ in hand.steps[-1:]
            for line in event_lines(
                [e for e in step_.events if isinstance(e, PotAwarded)], hand.names, tr
            )
        ]
        text.append("\n" + (" · ".join(awards) or tr.t("replay.finished")), style="italic")
    return text


def replay_keys(keys: KeyNames, tr: Translator, *, can_go_back: bool) -> list[tuple[str, str]]:
    """The viewer's keys (``keys``: :class:`ReplayScreen`'s bindings) and what they do: its
    key bar and, with the shared keys, its help."""
    streets = ("replay_preflop", "replay_flop", "replay_turn", "replay_river")
    items = [
        (
            keys.every("replay_step_back", "replay_step_forward"),
            f"{tr.t('replay.step_back')} / {tr.t('replay.step_forward')}",
        ),
        (
            keys.every("replay_prev_street", "replay_next_street"),
            f"{tr.t('replay.prev_street')} / {tr.t('replay.next_street')}",
        ),
        (
            f"{keys.span('replay_street_1', 'replay_street_4')} {keys.every(*streets)}",
            tr.t("table.street_preflop") + "…" + tr.t("table.street_river"),
        ),
        (
            keys.every("replay_first", "replay_last"),
            f"{tr.t('replay.first')} / {tr.t('replay.last')}",
        ),
    ]
    if can_go_back:
        items.append((keys.long("replay_back"), tr.t("replay.hands")))
    items.append((keys.long("replay_quit"), tr.t("keys.quit")))
    return items


class SeatPanel(Static):
    """One seat of the replayed table."""

    DEFAULT_CSS = """
    SeatPanel {
        width: 1fr;
        height: 6;
        border: round $primary-darken-2;
        padding: 0 1;
    }
    SeatPanel.acted { border: heavy $accent; }
    SeatPanel.folded { color: $text-muted; }
    """


class ReplayScreen(Screen[None]):
    """The table at one step of one hand, with keys to move through it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False, id="replay_step_back"),
        Binding("right", "step(1)", show=False, id="replay_step_forward"),
        Binding("up", "street(-1)", show=False, id="replay_prev_street"),
        Binding("down", "street(1)", show=False, id="replay_next_street"),
        Binding("home", "goto(0)", show=False, id="replay_first"),
        Binding("end", "goto(-1)", show=False, id="replay_last"),
        Binding("1", "nth_street(0)", show=False, id="replay_street_1"),
        Binding("2", "nth_street(1)", show=False, id="replay_street_2"),
        Binding("3", "nth_street(2)", show=False, id="replay_street_3"),
        Binding("4", "nth_street(3)", show=False, id="replay_street_4"),
        Binding("p", "jump('preflop')", show=False, id="replay_preflop"),
        Binding("f", "jump('flop')", show=False, id="replay_flop"),
        Binding("t", "jump('turn')", show=False, id="replay_turn"),
        Binding("r", "jump('river')", show=False, id="replay_river"),
        Binding("escape", "back", show=False, id="replay_back"),
        Binding("q", "app.quit", show=False, id="replay_quit"),
    ]

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    #replay-header { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    .replay-row { height: 6; }
    #replay-board {
        height: 4;
        content-align: center middle;
        text-align: center;
        background: #1d5a3b;
        color: #f7f3e8;
    }
    #replay-log { height: 1fr; padding: 0 1; border-top: solid $primary-darken-2; }
    #replay-keys {
        height: auto;
        max-height: 3;
        background: $panel;
        color: $text-muted;
        padding: 0 1;
    }
    """

    def __init__(self, entry: HandEntry, tr: Translator, *, can_go_back: bool) -> None:
        """Show ``entry`` (already checked), starting at the deal."""
        super().__init__()
        self.entry = entry
        self.hand = entry.build()
        self.tr = tr
        self.can_go_back = can_go_back
        self.index = 0

    @property
    def step(self) -> Step:
        """The step on screen."""
        return self.hand.steps[self.index]

    def compose(self) -> ComposeResult:
        """Header, two rows of seats around the board, the log and the keys."""
        count = len(self.hand.names)
        top = (count + 1) // 2
        yield Static(id="replay-header")
        with Horizontal(classes="replay-row"):
            for position in range(top):
                yield SeatPanel(id=f"seat-{position}")
        yield Static(id="replay-board")
        with Horizontal(classes="replay-row"):
            for position in reversed(range(top, count)):
                yield SeatPanel(id=f"seat-{position}")
        yield Static(id="replay-log")
        yield Static(self._keys_text(), id="replay-keys")

    def on_mount(self) -> None:
        """Draw the deal."""
        self.redraw()

    def _keys_text(self, width: int = 78) -> Text:
        """The keys in the player's language, packed into lines of ``width`` cells; an item
        (key and words) is never split across lines."""
        keys = key_names(self, ReplayScreen)
        items = replay_keys(keys, self.tr, can_go_back=self.can_go_back)
        text = Text(no_wrap=True, overflow="ellipsis")
        used = 0
        for key, label in items:
            size = cell_len(key) + 1 + cell_len(label)
            if used and used + 3 + size > width:
                text.append("\n")
                used = 0
            elif used:
                text.append("   ")
                used += 3
            text.append(key, style="bold")
            text.append(f" {label}")
            used += size
        return text

    def on_resize(self) -> None:
        """Re-pack the key bar for the new width."""
        keys = self.query_one("#replay-keys", Static)
        keys.update(self._keys_text(max(20, self.size.width - 2)))

    def retranslate(self) -> None:
        """Tell the step again in the app's language (``l``)."""
        self.tr = translator(self)
        self.on_resize()
        self.redraw()

    def redraw(self) -> None:
        """Show the current step: every seat, the board and pots, and what just happened."""
        tr = self.tr
        four = four_colour(self)
        step = self.step
        entry = self.entry
        header = tr.t("replay.header", file=entry.path.name, number=entry.number)
        total = len(self.hand.steps) - 1
        parts = [
            header,
            street_text(step.view, tr),
            tr.t("replay.step", step=self.index, total=total),
        ]
        self.query_one("#replay-header", Static).update(" — ".join(p for p in parts if p))
        for seat in step.view.seats:
            panel = self.query_one(f"#seat-{seat.position}", SeatPanel)
            name = self.hand.names[seat.position]
            known = self.hand.shows_cards(seat.position)
            panel.update(seat_text(seat, name, known, tr, four_colour=four))
            panel.set_class(seat.position == step.actor, "acted")
            panel.set_class(seat.folded, "folded")
        board = board_text(step, self.hand, tr, four_colour=four)
        self.query_one("#replay-board", Static).update(board)
        self.query_one("#replay-log", Static).update(self._log_text())

    def _log_text(self) -> Text:
        """What happened so far, newest last, this step's lines in bold."""
        tr = self.tr
        lines: list[tuple[str, bool]] = [(tr.t("replay.start"), self.index == 0)]
        for step in self.hand.steps[1 : self.index + 1]:
            current = step.index == self.index
            lines += [(line, current) for line in event_lines(step.events, self.hand.names, tr)]
        room = self.query_one("#replay-log", Static).content_region.height or 12
        text = Text()
        for number, (line, current) in enumerate(lines[-room:]):
            if number:
                text.append("\n")
            text.append(line, style="bold" if current else "dim")
        return text

    def goto(self, index: int) -> None:
        """Show step ``index`` (clamped to the hand)."""
        last = len(self.hand.steps) - 1
        self.index = max(0, min(last, index))
        self.redraw()

    def action_step(self, delta: int) -> None:
        """One action back or forward."""
        self.goto(self.index + delta)

    def action_goto(self, index: int) -> None:
        """The deal (0) or the end (-1)."""
        self.goto(len(self.hand.steps) - 1 if index < 0 else index)

    def action_street(self, delta: int) -> None:
        """The start of the next street, or of this (then the previous) one."""
        if delta > 0:
            self.goto(self.hand.next_street(self.index))
        else:
            self.goto(self.hand.previous_street(self.index))

    def action_nth_street(self, number: int) -> None:
        """The n-th betting round of the hand (1 = preflop or the first round)."""
        order = [s for s in self.hand.street_starts if s is not Street.SHOWDOWN]
        if number < len(order):
            self.goto(self.hand.street_starts[order[number]])
        else:
            self.app.bell()

    def action_jump(self, street: str) -> None:
        """Preflop, flop, turn or river by letter; a bell if the hand never got there."""
        index = self.hand.street_step(Street(street))
        if index is None:
            self.app.bell()
        else:
            self.goto(index)

    def action_back(self) -> None:
        """Back to the list of hands, or out if there is only this one."""
        if self.can_go_back:
            self.app.pop_screen()
        else:
            self.app.exit(self.app.return_value)


class PickerScreen(Screen[None]):
    """The hands of the files given; unreadable ones listed with the reason, not openable."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", show=False, id="picker_close"),
        Binding("q", "app.quit", show=False, id="picker_quit"),
    ]

    DEFAULT_CSS = """
    PickerScreen { layout: vertical; }
    #picker-title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #picker-list { height: 1fr; }
    #picker-footer { height: auto; background: $panel; padding: 0 1; }
    """

    def __init__(self, entries: Sequence[HandEntry], tr: Translator) -> None:
        """List ``entries``."""
        super().__init__()
        self.entries = list(entries)
        self.tr = tr

    def compose(self) -> ComposeResult:
        """A title, one line per hand, and the keys (a list alone does not say them)."""
        yield Static(self.tr.t("replay.pick_hand"), id="picker-title")
        yield OptionList(*self._options(), id="picker-list")
        yield KeyFooter(id="picker-footer")

    def on_mount(self) -> None:
        """Name the keys."""
        self._show_keys()

    def _show_keys(self) -> None:
        tr = self.tr
        keys = key_names(self, PickerScreen)
        # the list's own keys (OptionList's bindings, which have no ids) are named as they are
        self.query_one("#picker-footer", KeyFooter).show(
            [
                ActionModel("↑ ↓", tr.t("replay.choose"), ""),
                ActionModel("Enter", tr.t("replay.open"), "screen.open"),
                ActionModel(keys["language"], tr.t("keys.language"), "app.switch_language"),
                ActionModel(keys["help"], tr.t("keys.help"), "app.help"),
                ActionModel(keys["picker_quit"], tr.t("keys.quit"), "app.quit"),
            ]
        )

    def action_open(self) -> None:
        """Open the highlighted hand (Enter does it in the list; this is the click)."""
        picker = self.query_one("#picker-list", OptionList)
        if picker.highlighted is not None:
            picker.action_select()

    def _options(self) -> list[Option]:
        many_files = len({entry.path for entry in self.entries}) > 1
        options = []
        for index, entry in enumerate(self.entries):
            if entry.error:
                label = self.tr.t("replay.broken", file=entry.where, reason=entry.error)
            else:
                assert entry.phh is not None
                names = entry.phh.players or tuple(
                    f"p{i + 1}" for i in range(len(entry.phh.starting_stacks))
                )
                players = ", ".join(names)
                label = self.tr.t("replay.hand_entry", number=entry.number, players=players)
                if many_files:
                    label = f"{entry.path.name} · {label}"
            options.append(Option(Text(label), id=str(index), disabled=bool(entry.error)))
        return options

    def retranslate(self) -> None:
        """The title and the list in the app's language (``l``), the highlight kept."""
        self.tr = translator(self)
        self.query_one("#picker-title", Static).update(self.tr.t("replay.pick_hand"))
        self._show_keys()
        picker = self.query_one("#picker-list", OptionList)
        highlighted = picker.highlighted
        picker.clear_options()
        picker.add_options(self._options())
        picker.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Open the chosen hand."""
        entry = self.entries[int(event.option.id or 0)]
        self.app.push_screen(ReplayScreen(entry, self.tr, can_go_back=True))


class ReplayApp(ViewerApp):
    """The replay viewer: the picker when there is a choice, else the one hand at once.

    ``four_colour`` starts it with the four-colour deck; ``persist`` keeps the player's
    choice of language and deck for the next start, as the table does.
    """

    TITLE = "holdem-tui replay"

    def __init__(
        self,
        entries: Sequence[HandEntry],
        tr: Translator,
        *,
        four_colour: bool = False,
        persist: bool = False,
    ) -> None:
        """View ``entries`` in the language of ``tr``."""
        super().__init__(tr.lang, four_colour=four_colour, persist=persist)
        self.entries = list(entries)
        self.tr = tr

    def help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """The viewer's keys."""
        *moves, leave = replay_keys(key_names(self, ReplayScreen), tr, can_go_back=True)
        return [*moves, *self.shared_help_rows(tr), leave]

    def on_mount(self) -> None:
        """Straight to the table for a single good hand; otherwise the list first."""
        self.title = self.tr.t("replay.title")
        if len(self.entries) == 1 and not self.entries[0].error:
            self.push_screen(ReplayScreen(self.entries[0], self.tr, can_go_back=False))
        else:
            self.push_screen(PickerScreen(self.entries, self.tr))


def viewer_language() -> str:
    """The player's saved language, else the system's."""
    return resolve_language(None, load_settings(repair=False).settings.language)


def run_replay_viewer(files: Sequence[Path]) -> int:
    """Open the viewer on ``files``; 0 if every hand could be shown, else 1.

    Problems are printed on stderr with the file, the action and the reason, after the
    viewer closes (so they are not hidden behind the full-screen table); if no hand at
    all can be shown, the viewer does not open.
    """
    tr = get_translator(viewer_language())
    deck = load_settings(repair=False).settings.four_colour
    entries = load_entries([Path(f) for f in files])
    errors = [entry for entry in entries if entry.error]
    if len(errors) < len(entries):
        ReplayApp(entries, tr, four_colour=deck, persist=True).run()
    for entry in errors:
        print(tr.t("replay.broken", file=entry.where, reason=entry.error), file=sys.stderr)
    return 1 if errors else 0
