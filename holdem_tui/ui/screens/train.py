"""The drills screen: preflop, pot odds and outs, the player's own spots, and the progress.

From the end screen (``d``) and from ``holdem-tui train``. The menu (``1``–``4``) picks a
drill; each spot is dealt in a worker (the hard bot, the coach and a history's replay take
a moment), answered with the keys the table uses (``f`` fold, ``c`` check or call, ``r`` bet,
raise, open or 3-bet; in the pot-odds drill the price and the outs are typed, then Enter),
and graded at once with the numbers it was graded by. Every answer is kept (the drills'
store, :mod:`holdem_tui.progress.drill_store`); the histories are read for new spots in a
worker while the menu is up. The logic is :mod:`holdem_tui.progress.trainer`'s; this screen
only draws it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import ClassVar, Final

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Key
from textual.widgets import Static
from textual.worker import get_current_worker

from holdem_tui.coach.text import coach_lines
from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import Translator
from holdem_tui.progress.drill_store import DrillStore, load_store
from holdem_tui.progress.drills import OddsVerdict, OwnVerdict, PreflopSpot, choices
from holdem_tui.progress.scan import LoadedSpot, scan_histories
from holdem_tui.progress.text import share_text, units_text
from holdem_tui.progress.trainer import Trainer
from holdem_tui.review.text import flag_text, reason_text
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import four_colour, language_key, translator
from holdem_tui.ui.keybars import KeyFooter
from holdem_tui.ui.screens.page import PageScreen
from holdem_tui.ui.train_text import choice_label, in_time, spot_lines

__all__ = ["TrainScreen"]


def _mark(right: bool, tr: Translator, *, own: bool = False) -> str:
    """ "Right." in green, or the gentler word for a miss in yellow (markup)."""
    if right:
        return f"[b $success]{escape(tr.t('train.right'))}[/] "
    key = "train.wrong_own" if own else "train.wrong"
    return f"[b $warning]{escape(tr.t(key))}[/] "


MENU: Final = ("preflop", "odds", "own", "progress")
#: the answer keys, as at the table
ANSWER_KEYS: Final = {"f": "fold", "c": "call", "r": "raise"}
#: the longest number typed in the pot-odds drill
DIGITS: Final = 3


@dataclass
class _Round:
    """The spot on screen and what has been answered of it."""

    kind: str
    preflop: PreflopSpot | None = None
    loaded: LoadedSpot | None = None
    #: the pot-odds drill's typed answers so far, and the number being typed
    price: int | None = None
    outs: int | None = None
    typing: str = ""
    verdict: bool | OddsVerdict | OwnVerdict | None = None
    answer: str = ""
    extra: dict[str, str] = field(default_factory=dict)


class TrainScreen(PageScreen):
    """The drills; ``Esc`` from the menu closes it (``on_close`` instead: the command line
    quits). ``now`` and ``rng`` are the clock and the dealer (tests give their own)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"drill('{kind}')", show=False, id=f"train_{kind}")
            for n, kind in enumerate(MENU, start=1)
        ),
        *(
            Binding(key, f"answer('{answer}')", show=False, id=f"train_{answer}")
            for key, answer in ANSWER_KEYS.items()
        ),
        Binding("enter", "next", show=False, id="train_next"),
        Binding("escape,q", "back", show=False, id="train_back"),
    ]

    def __init__(
        self,
        *,
        path: Path | None = None,
        folder: Path | None = None,
        now: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        scan: bool = True,
        on_close: Callable[[], None] | None = None,
        start: str = "",
    ) -> None:
        """``path`` and ``folder``: the drills' store and the histories (the data folder's
        by default); ``scan``: read the histories for new spots; ``start``: a drill of
        :data:`MENU` to open at once."""
        super().__init__(on_close)
        self.start = start
        self.path = path
        self.folder = folder
        self.now = now
        self.rng = rng or random.Random()
        self.scan = scan
        self.trainer: Trainer | None = None
        #: the menu (``None``), a drill's round, or the progress page
        self.page: str | None = None
        self.round: _Round | None = None
        #: this sitting's answers per drill: (right, asked)
        self.score: dict[str, tuple[int, int]] = {}
        self.scanning: tuple[int, int] | None = None
        self.note: str | None = None

    # ------------------------------------------------------------------ layout and workers

    def compose(self) -> ComposeResult:
        """The header, the page, the keys."""
        yield Static(id="train-head", classes="page-head")
        with VerticalScroll(id="train-body", classes="page-body"):
            yield Static(id="train-text")
        yield KeyFooter(id="train-footer", classes="page-foot")

    def on_mount(self) -> None:
        """Read the drills' store, then the histories for new spots, in a worker."""
        super().on_mount()
        self.run_worker(self._load, thread=True, group="train-store", exit_on_error=False)

    def _load(self) -> None:
        store, note = load_store(self.path)
        self.app.call_from_thread(self._loaded, store, note)
        if not self.scan:
            return
        from holdem_tui.storage.histories import list_sessions

        copy = DrillStore(spots=list(store.spots), scanned=dict(store.scanned))
        worker = get_current_worker()
        try:
            scan_histories(
                copy,
                list_sessions(self.folder),
                progress=partial(self.app.call_from_thread, self._scanned),
                cancelled=lambda: worker.is_cancelled,
            )
        except Exception as exc:  # a reader bug: the drills go on with what they have
            self.app.call_from_thread(self._noted, f"{type(exc).__name__}: {exc}")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._scan_done, copy)

    def _loaded(self, store: DrillStore, note: str | None) -> None:
        self.trainer = Trainer(
            store, path=self.path, folder=self.folder, now=self.now, rng=self.rng
        )
        self.note = note
        self.retranslate()
        if self.start in MENU:
            self.action_drill(self.start)

    def _scanned(self, done: int, total: int) -> None:
        self.scanning = (done, total)
        if self.page is None:
            self.retranslate()

    def _scan_done(self, found: DrillStore) -> None:
        self.scanning = None
        if self.trainer is not None:
            self.trainer.store.spots = found.spots
            self.trainer.store.scanned = found.scanned
            from holdem_tui.progress.drill_store import save_store

            try:
                save_store(self.trainer.store, self.path)
            except OSError as exc:
                self.note = str(exc)
        self.retranslate()

    def _noted(self, note: str) -> None:
        self.scanning = None
        self.note = note
        self.retranslate()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The menu's keys in the menu, the answers while a spot waits for one."""
        current = self.round
        if action == "drill":
            return self.page is None and self.trainer is not None
        if action == "answer":
            if current is None or current.verdict is not None or self.page == "progress":
                return False
            return str(parameters[0]) in self._answers()
        if action == "next":
            return current is not None and current.verdict is not None
        return True

    def _answers(self) -> list[str]:
        """The answers the spot on screen takes now (``call`` stands for check too)."""
        current = self.round
        if current is None:
            return []
        view = self._view()
        if view is None or view.legal is None:
            return []
        if current.kind == "odds":
            return ["fold", "call"] if current.outs is not None else []
        allowed = choices(view.legal)
        return [c if c != "check" else "call" for c in allowed]

    def on_key(self, event: Key) -> None:
        """The pot-odds drill's numbers: digits, Backspace, Enter."""
        current = self.round
        if current is None or current.kind != "odds" or current.verdict is not None:
            return
        if current.loaded is None or current.outs is not None:
            return
        character = event.character
        if character is not None and len(character) == 1 and character.isdigit():
            current.typing = (current.typing + character)[:DIGITS]
        elif event.key == "backspace":
            current.typing = current.typing[:-1]
        elif event.key == "enter" and current.typing:
            value = int(current.typing)
            current.typing = ""
            if current.price is None:
                current.price = value
            else:
                current.outs = value
        else:
            return
        event.stop()
        event.prevent_default()
        self.retranslate()

    def action_drill(self, kind: str) -> None:
        """Open a drill (or the progress page)."""
        self.page = kind
        if kind == "progress":
            self.round = None
            self.retranslate()
            return
        self._deal(kind)

    def _deal(self, kind: str) -> None:
        self.round = _Round(kind)
        self.retranslate()
        work = partial(self._dealing, kind)
        done = partial(self._dealt, kind)
        self.work_aside(work, done, self._noted, group="train-deal", exclusive=True)

    def _dealing(self, kind: str) -> PreflopSpot | LoadedSpot | None:
        trainer = self.trainer
        assert trainer is not None
        if kind == "preflop":
            return trainer.next_preflop()
        if kind == "odds":
            return trainer.next_odds()
        return trainer.next_own()

    def _dealt(self, kind: str, spot: PreflopSpot | LoadedSpot | None) -> None:
        current = self.round
        if current is None or current.kind != kind:
            return
        if isinstance(spot, PreflopSpot):
            current.preflop = spot
        else:
            current.loaded = spot
            if spot is None:
                current.verdict = False
                current.extra["none"] = "1"
        self.retranslate()

    def action_answer(self, answer: str) -> None:
        """Grade an answer to the spot on screen."""
        trainer, current = self.trainer, self.round
        if trainer is None or current is None or answer not in self._answers():
            return
        view = self._view()
        assert view is not None and view.legal is not None
        if answer == "call" and not view.legal.call_amount:
            answer = "check"
        current.answer = answer
        right: bool
        if current.preflop is not None:
            right = trainer.answer_preflop(current.preflop, answer)
            current.verdict = right
        elif current.kind == "odds" and current.loaded is not None:
            loaded, call = current.loaded, answer == "call"
            odds = trainer.answer_odds(loaded, current.price, current.outs, call)
            current.verdict, right = odds, odds.right
        elif current.loaded is not None:
            own = trainer.answer_own(current.loaded, answer)
            current.verdict, right = own, own.right
        else:
            return
        good, asked = self.score.get(current.kind, (0, 0))
        self.score[current.kind] = (good + right, asked + 1)
        self.retranslate()

    def action_next(self) -> None:
        """The next spot of the same drill."""
        if self.round is not None and "none" not in self.round.extra:
            self._deal(self.round.kind)

    def action_back(self) -> None:
        """From a drill to the menu; from the menu, back to where the screen was opened."""
        if self.page is not None:
            self.page = None
            self.round = None
            self.retranslate()
        else:
            self.leave()

    def _view(self) -> PlayerView | None:
        """The decision on screen, once it is dealt."""
        current = self.round
        if current is None:
            return None
        if current.preflop is not None:
            return current.preflop.view
        return None if current.loaded is None else current.loaded.view

    # ------------------------------------------------------------------ drawing

    def retranslate(self) -> None:
        """The page in the current language and deck."""
        if not self.is_mounted:
            return
        tr = translator(self)
        head = tr.t("train.title")
        if self.page is not None:
            head += " · " + tr.t(f"train.menu.{self.page}.name")
            good, asked = self.score.get(self.page, (0, 0))
            if asked:
                head += " · " + tr.t("train.score", right=tr.number(good), asked=tr.number(asked))
        self.query_one("#train-head", Static).update(escape(head))
        text: RenderableType
        if self.trainer is None:
            text = tr.t("stats.reading")
        elif self.page is None:
            text = self._menu(tr)
        elif self.page == "progress":
            text = ""
        else:
            text = self._spot(tr)
        body = self.query_one("#train-text", Static)
        if self.page == "progress" and self.trainer is not None:
            body.update(self._progress(tr))
        else:
            body.update(text)
        self.query_one("#train-footer", KeyFooter).show(self.footer_keys(tr))
        self.refresh_bindings()

    def _menu(self, tr: Translator) -> Group:
        """The drills, each under its number; what a line says wraps under itself, not under it."""
        trainer = self.trainer
        assert trainer is not None
        parts: list[RenderableType] = []

        def under(text: str) -> None:
            parts.append(Padding(Text(text), (0, 0, 0, 3)))

        for number, kind in enumerate(MENU, start=1):
            name = tr.t(f"train.menu.{kind}.name")
            parts.append(Text.assemble((str(number), "bold"), "  ", (name, "bold")))
            under(tr.t(f"train.menu.{kind}.about"))
            # while the histories are read, the line below counts them: no "none yet" here
            if kind == "odds" and self.scanning is None:
                under(tr.plural("train.odds_count", len(trainer.odds_spots())))
            if kind == "own" and self.scanning is None:
                under(self._own_status(tr))
            parts.append(Text(""))
        if self.scanning is not None:
            done, total = self.scanning
            hands = tr.plural("unit.hands", total)
            parts.append(Text(tr.t("train.scanning", done=tr.number(done), hands=hands)))
        if self.note:
            parts.append(Text(tr.t("train.note", problem=self.note)))
        return Group(*parts)

    def _own_status(self, tr: Translator) -> str:
        trainer = self.trainer
        assert trainer is not None
        if not any(s.flag != "odds" for s in trainer.store.spots):
            return tr.t("train.own_none")
        due = trainer.own_due()
        if due:
            return tr.plural("train.own_due", due)
        upcoming = trainer.own_next_due()
        when = in_time((upcoming or self.now()) - self.now(), tr)
        return tr.t("train.own_later", when=when)

    def _spot(self, tr: Translator) -> str:
        current = self.round
        assert current is not None
        if "none" in current.extra:
            kind = current.kind
            return tr.t("train.odds_none") if kind == "odds" else self._own_status(tr)
        view = self._view()
        if view is None:
            return tr.t("train.dealing")
        four = four_colour(self)
        lines = spot_lines(view, tr, four_colour=four)
        lines.append("")
        if current.verdict is None:
            lines.append(f"[b]{self._question(tr)}[/b]")
        else:
            lines += self._verdict(tr)
        return "\n".join(lines)

    def _question(self, tr: Translator) -> str:
        current = self.round
        assert current is not None
        if current.kind == "odds" and current.loaded is not None:
            typing = current.typing + "▏"
            if current.price is None:
                return tr.t("train.odds.price_question", typed=typing)
            if current.outs is None:
                return tr.t("train.odds.outs_question", typed=typing)
            return tr.t("train.odds.call_question")
        return tr.t("train.question")

    def _verdict(self, tr: Translator) -> list[str]:
        current = self.round
        assert current is not None
        view = self._view()
        assert view is not None
        verdict = current.verdict
        yours = choice_label(current.answer, view, tr) if current.answer else ""
        if current.preflop is not None:
            spot = current.preflop
            bot = choice_label(spot.answer, view, tr)
            said = tr.t("train.hard_bot", answer=bot)
            if not verdict:
                said += f" ({tr.t('train.you', value=yours)})"
            lines = [_mark(bool(verdict), tr) + escape(said)]
            if spot.decision.reason is not None:
                reason = reason_text(spot.decision.reason, tr)
                lines.append(escape(tr.t("train.reason", reason=reason)))
            return lines
        loaded = current.loaded
        assert loaded is not None
        if isinstance(verdict, OddsVerdict):
            lines = [self._odds_line(verdict, view, tr)]
            lines += [escape(line) for line in coach_lines(loaded.advice, tr)]
            return lines
        assert isinstance(verdict, OwnVerdict)
        assert view.legal is not None
        allowed = choices(view.legal)
        best = " / ".join(choice_label(c, view, tr) for c in verdict.best if c in allowed)
        said = tr.t("train.better", answer=best)
        if not verdict.right:
            said += f" ({tr.t('train.you', value=yours)})"
        lines = [_mark(verdict.right, tr, own=True) + escape(said)]
        lines.append(escape(flag_text(loaded.flags[0], tr)))
        if verdict.values:
            worth = " · ".join(
                f"{choice_label(name, view, tr)}: {units_text(value, tr)}"
                for name, value in verdict.values.items()
            )
            lines.append(escape(tr.t("train.values", values=worth)))
        card = self.trainer.store.cards.get(loaded.ref.key) if self.trainer else None
        if card is not None:
            lines.append(tr.t("train.again", when=in_time(card.due - self.now(), tr)))
        return lines

    def _odds_line(self, verdict: OddsVerdict, view: PlayerView, tr: Translator) -> str:
        """The three answers against the coach's: the right one, and the player's when wrong."""
        current = self.round
        assert current is not None
        mine = (
            share_text((current.price or 0) / 100, tr),
            tr.number(current.outs or 0),
            choice_label(current.answer, view, tr),
        )
        right = (
            share_text(verdict.price / 100, tr),
            tr.number(verdict.outs),
            choice_label("call" if verdict.call else "fold", view, tr),
        )
        checks = (verdict.price_right, verdict.outs_right, verdict.call_right)
        names = (tr.t("train.odds.price", value=right[0]), tr.t("train.odds.outs", value=right[1]))
        parts = []
        for index, label in enumerate((*names, right[2])):
            part = (
                f"{label} ✓"
                if checks[index]
                else f"{label} ✗ ({tr.t('train.you', value=mine[index])})"
            )
            parts.append(part)
        return _mark(verdict.right, tr) + escape(" · ".join(parts))

    def _progress(self, tr: Translator) -> RichTable:
        trainer = self.trainer
        assert trainer is not None
        outer = RichTable.grid()
        outer.add_column()
        for kind in ("preflop", "odds", "own"):
            outer.add_row(f"[b]{tr.t(f'train.menu.{kind}.name')}[/b]")
            rows = trainer.accuracy(kind)
            if not rows:
                outer.add_row(tr.t("train.progress.none"))
            else:
                table = RichTable(box=None, padding=(0, 1), header_style="bold")
                table.add_column(tr.t("stats.column.position"), no_wrap=True)
                for name in ("tries", "right", "lately"):
                    table.add_column(tr.t(f"train.progress.{name}"), justify="right", no_wrap=True)
                for row in rows:
                    table.add_row(
                        tr.t(f"stats.position.{row.position}"),
                        tr.number(row.tries),
                        share_text(row.right, tr),
                        share_text(row.recent, tr),
                    )
                outer.add_row(table)
            outer.add_row("")
        return outer

    def footer_keys(self, tr: Translator) -> list[ActionModel]:
        """The keys of the page on screen."""
        back = ActionModel("Esc", tr.t("keys.back"), "screen.back")
        if self.page is None:
            return [
                *(
                    ActionModel(str(n), tr.t(f"train.menu.{kind}.name"), f"screen.drill('{kind}')")
                    for n, kind in enumerate(MENU, start=1)
                ),
                back,
                language_key(tr),
            ]
        current = self.round
        keys: list[ActionModel] = []
        view = self._view()
        if current is not None and view is not None and view.legal is not None:
            for key, answer in ANSWER_KEYS.items():
                if current.verdict is None and answer in self._answers():
                    free = answer == "call" and not view.legal.call_amount
                    label = choice_label("check" if free else answer, view, tr)
                    keys.append(ActionModel(key, label, f"screen.answer('{answer}')"))
        if current is not None and current.verdict is not None and "none" not in current.extra:
            keys.append(ActionModel("Enter", tr.t("train.next"), "screen.next"))
        return [*keys, back, language_key(tr)]
