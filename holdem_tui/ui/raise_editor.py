"""The raise editor, docked where the action bar is: the amount, its range, the quick sizes.

It opens on ``r`` (no limit) in place of the action bar and the footer, so the board, every
seat and the log stay in sight while the player chooses. While it is open it takes every
typed key: digits and backspace edit the amount in the order they were typed (however fast),
``m`` ``h`` ``t`` ``p`` ``a`` pick a quick size, ``↑``/``↓`` and ``+``/``-`` step by a big
blind, Enter confirms and Esc cancels. The table's own keys (``f``, ``c``, ``s``...) do nothing
meanwhile and beep, so a slip of the finger can never fold a hand the player was raising;
only help (``?``), the rules (F1) and Ctrl+Q still work, as they do everywhere.

Whether an amount may be sent, and where a step past either end stops, is asked of the
engine's one legality authority, :meth:`LegalActions.refusal` and :meth:`LegalActions.clamp`,
with the engine's own reasons; the editor keeps no copy of the betting rules.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.events import Key
from textual.markup import escape
from textual.message import Message
from textual.widgets import Static

from holdem_tui.engine.actions import LegalActions
from holdem_tui.session.narrate import refusal_text
from holdem_tui.session.present import ActionModel, Decision
from holdem_tui.ui.base_app import key_names, translator
from holdem_tui.ui.keybars import MUTED, KeyBar, flow_rows
from holdem_tui.ui.moves import Move

#: quick sizes: id, key, fraction of the pot (``None``: the minimum / all-in)
QUICK_SIZES: Final[tuple[tuple[str, str, float | None], ...]] = (
    ("min", "m", None),
    ("half_pot", "h", 0.5),
    ("three_quarter_pot", "t", 0.75),
    ("pot", "p", 1.0),
    ("all_in", "a", None),
)

#: keys that move the amount, and by how many big blinds
STEP_KEYS: Final[dict[str, int]] = {
    "up": 1,
    "plus": 1,
    "equals_sign": 1,
    "right": 1,
    "down": -1,
    "minus": -1,
    "left": -1,
    "pageup": 10,
    "pagedown": -10,
}
#: the quick-size keys
QUICK_KEYS: Final[dict[str, str]] = {key: size for size, key, _ in QUICK_SIZES}
#: keys the editor leaves to the app while it is open: help, the rules and quitting
PASSED_ON: Final = frozenset({"question_mark", "f1", "ctrl+q"})
#: the longest amount that can be typed, in digits
MAX_DIGITS: Final = 12


def pot_sized(legal: LegalActions, total_pot: int, fraction: float) -> int:
    """A bet/raise of ``fraction`` of the pot, as a street total, moved into the legal range.

    A pot-sized raise first calls, then raises by the pot that call makes: facing 10 into 15
    the pot raise goes to 10 + (15 + 10) = 35. A bet (nothing to call) is simply the fraction
    of the pot.
    """
    top = legal.current_bet + legal.call_amount
    return legal.clamp(top + round(fraction * (total_pot + legal.call_amount)))


def quick_amount(decision: Decision, size: str) -> int:
    """The amount a quick-size key sets (``min``, ``half_pot``, ..., ``all_in``)."""
    legal = decision.legal
    if size == "min":
        return legal.min_raise_to
    if size == "all_in":
        return legal.max_raise_to
    fraction = next(f for s, _, f in QUICK_SIZES if s == size)
    assert fraction is not None
    return pot_sized(legal, decision.total_pot, fraction)


# ---------------------------------------------------------------------- the widget


class RaiseEditor(Vertical):
    """The docked editor: a line with the amount and its range, the quick sizes, its keys.

    Closed, it takes no room. :meth:`open` shows it for one decision; :meth:`follow` closes
    it as soon as the table moves past that decision (a network host that timed the player
    out, a new hand), so an amount is never sent to a decision it was not chosen for.
    """

    DEFAULT_CLASSES = "raise-editor"

    #: (key, character) pairs are handled in :meth:`take`, called from the screen's key
    #: handler: keys reach it one by one in the order typed, before any binding could run
    STEP_KEYS: ClassVar[dict[str, int]] = STEP_KEYS
    QUICK_KEYS: ClassVar[dict[str, str]] = QUICK_KEYS

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.decision: Decision | None = None
        self.text = ""
        #: the suggested amount is still untouched: the first digit typed replaces it
        self.fresh = True
        #: why the last Enter was refused ("" when it was not, or the amount changed since)
        self.error = ""

    def compose(self) -> ComposeResult:
        """The amount line, the quick sizes and the editor's keys."""
        yield Static(id="raise-line")
        yield KeyBar(id="raise-quick")
        yield KeyBar(id="raise-keys")

    def on_mount(self) -> None:
        """Closed until the player presses ``r``."""
        self.display = False

    # ------------------------------------------------------------------ state

    @property
    def is_open(self) -> bool:
        """Whether the editor is showing (and so owns the keyboard)."""
        return self.decision is not None

    def open(self, decision: Decision) -> None:
        """Show the editor for ``decision``, the minimum suggested."""
        self.decision = decision
        self.text = str(decision.legal.min_raise_to)
        self.fresh = True
        self.error = ""
        self.display = True
        self.redraw()

    def close(self) -> None:
        """Hide the editor; nothing is sent."""
        self.decision = None
        self.error = ""
        self.display = False

    def follow(self, decision: Decision | None) -> None:
        """A new table model: stay open while its decision is the one being edited.

        A redraw of the same decision (a language switch, the coach's numbers) redraws the
        editor; any other decision, or none, closes it.
        """
        if self.decision is None:
            return
        if decision is None or decision.legal != self.decision.legal:
            self.close()
            return
        self.decision = decision
        self.redraw()

    def value(self) -> int | None:
        """The typed amount, or ``None`` while the field is empty."""
        return int(self.text) if self.text.isdigit() else None

    def refusal(self) -> str:
        """Why the amount in the field cannot be sent, in the player's words ("" if it can)."""
        decision = self.decision
        if decision is None:
            return ""
        tr = translator(self)
        value = self.value()
        if value is None:
            return tr.t("raise_editor.error_empty")
        legal = decision.legal
        refused = legal.refusal(legal.bet_or_raise(value))
        return "" if refused is None else refusal_text(tr, refused)

    @property
    def step_size(self) -> int:
        """One step of ``↑``/``↓``: a big blind (at least one chip)."""
        return 1 if self.decision is None else max(1, self.decision.min_bet)

    # ------------------------------------------------------------------ keys

    def take(self, event: Key) -> bool:
        """Handle one key while open; ``False`` leaves it to the app (help, rules, quit).

        Every other key is the editor's: an edit, a quick size, a step, Enter or Esc, and
        anything else beeps and does nothing (it must not reach the table's keys).
        """
        key = event.key
        character = event.character
        if key in PASSED_ON:
            return False
        if key == "backspace":
            self.backspace()
        elif key in STEP_KEYS:
            self.step(STEP_KEYS[key])
        elif key == "enter":
            self.confirm()
        elif key == "escape":
            self.close_and_tell()
        elif character is not None and character.isdigit() and len(character) == 1:
            self.type_digits(character)
        elif key in QUICK_KEYS or (character is not None and character.lower() in QUICK_KEYS):
            self.quick(QUICK_KEYS.get(key) or QUICK_KEYS[(character or "").lower()])
        else:
            self.app.bell()
        return True

    def type_digits(self, digits: str) -> None:
        """Type ``digits`` at the end of the amount (the first replaces the suggestion)."""
        digits = "".join(c for c in digits if c.isdigit())
        if not digits:
            return
        base = "" if self.fresh else self.text
        self.text = ((base + digits).lstrip("0") or "0")[:MAX_DIGITS]
        self.fresh = False
        self.error = ""
        self.redraw()

    def backspace(self) -> None:
        """Delete the last digit."""
        self.text = self.text[:-1]
        self.fresh = False
        self.error = ""
        self.redraw()

    def _set(self, amount: int) -> None:
        self.text = str(max(0, amount))
        self.fresh = False
        self.error = ""
        self.redraw()

    def step(self, steps: int) -> None:
        """Move the amount by whole big blinds, staying inside the legal range."""
        decision = self.decision
        if decision is None:
            return
        value = self.value()
        base = value if value is not None else decision.legal.min_raise_to
        self._set(decision.legal.clamp(base + steps * self.step_size))

    def quick(self, size: str) -> None:
        """Set a quick size (min, ½ pot, ¾ pot, pot, all-in)."""
        if self.decision is not None:
            self._set(quick_amount(self.decision, size))

    def confirm(self) -> None:
        """Send the amount if it is legal; otherwise say why, beep, and send nothing."""
        decision = self.decision
        if decision is None:
            return
        reason = self.refusal()
        value = self.value()
        if reason or value is None:
            self.error = reason
            self.redraw()
            self.app.bell()
            return
        self.close_and_tell()
        # straight to the app, whose driver plays it (the table only gets its bars back)
        self.app.post_message(Move(decision.legal.bet_or_raise(value), decision.legal))

    def close_and_tell(self) -> None:
        """Close, and tell the table (Esc: without acting; Enter: the move is on its way)."""
        self.close()
        self.post_message(self.Closed())

    # ------------------------------------------------------------------ messages

    class Closed(Message):
        """The editor closed (Esc: nothing is sent; Enter: the move went to the app)."""

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Draw the three rows in the current language (while open)."""
        decision = self.decision
        if decision is None or not self.is_mounted:
            return
        tr = translator(self)
        legal = decision.legal
        title = tr.t("raise_editor.title_bet" if legal.is_bet else "raise_editor.title_raise")
        allowed = tr.t(
            "raise_editor.legal_range",
            min=tr.number(legal.min_raise_to),
            max=tr.number(legal.max_raise_to),
        )
        value = self.value()
        shown = tr.number(value) if value is not None else ""
        width = max(cell_len(tr.number(legal.max_raise_to)), 5) + 2
        invalid = bool(self.refusal())
        style = "b $error" if invalid else "b"
        if self.fresh:
            style += " reverse"
        pad = " " * max(0, width - cell_len(shown) - 1)
        field = f"[on $primary 40%] [{style}]{escape(shown)}[/][blink]▏[/]{pad}[/]"
        parts = [
            (f"[b $accent]{escape(title)}[/] {field}", cell_len(title) + 1 + width + 2),
            (f"[{MUTED}]{escape(allowed)}[/]", cell_len(allowed)),
        ]
        if self.error:
            parts.append((f"[b $error]{escape(self.error)}[/]", cell_len(self.error)))
        line = self.query_one("#raise-line", Static)
        room = line.content_region.width or self.app.size.width - 2
        rows = flow_rows(parts, room, gap=3)
        line.update(Content.from_markup("\n".join("   ".join(row) for row in rows)))
        line.set_class(invalid, "-invalid")
        self.query_one("#raise-quick", KeyBar).show(self.quick_keys())
        self.query_one("#raise-keys", KeyBar).show(self.editor_keys())

    def quick_keys(self) -> list[ActionModel]:
        """The quick sizes as clickable key hints, with the amount each would set."""
        decision = self.decision
        if decision is None:
            return []
        tr = translator(self)
        return [
            ActionModel(
                key,
                f"{tr.t(f'raise_editor.{size}')} {tr.number(quick_amount(decision, size))}",
                f"screen.raise_quick('{size}')",
            )
            for size, key, _ in QUICK_SIZES
        ]

    def editor_keys(self) -> list[ActionModel]:
        """Confirm, cancel, step; and the app's keys that still work (help, quit)."""
        tr = translator(self)
        app_keys = key_names(self)  # the editor reads its own keys in take(); these are bound
        return [
            ActionModel("Enter", tr.t("raise_editor.confirm"), "screen.raise_confirm"),
            ActionModel("Esc", tr.t("raise_editor.cancel"), "screen.raise_cancel"),
            ActionModel("↑↓", f"± {tr.number(self.step_size)}", ""),
            ActionModel(app_keys["help"], tr.t("keys.help"), "app.help"),
            ActionModel(app_keys["quit"], tr.t("keys.quit"), "app.request_quit"),
        ]

    def on_resize(self) -> None:
        """Re-flow the amount line for the new width."""
        self.redraw()
