"""``holdem-tui train``: the drills screen on its own."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem_tui.i18n import Translator
from holdem_tui.ui.base_app import BaseApp, ViewerApp, key_names
from holdem_tui.ui.screens.train import TrainScreen

__all__ = ["TrainApp", "train_help_rows"]


class TrainApp(ViewerApp):
    """The drills; ``Esc`` from the menu quits."""

    def __init__(
        self,
        lang: str,
        *,
        four_colour: bool = False,
        persist: bool = False,
        start: str = "",
        path: Path | None = None,
        folder: Path | None = None,
        now: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        scan: bool = True,
    ) -> None:
        """``start``: a drill to open at once (``preflop``, ``odds``, ``own``, ``progress``);
        ``path``, ``folder``, ``now`` and ``rng``: the drills' store, the histories, the clock
        and the dealer (the data folder's, the system's and a fresh one by default); ``scan``:
        read the histories for new spots."""
        super().__init__(lang, four_colour=four_colour, persist=persist)
        self.drill_start = start
        self.drills_path = path
        self.histories = folder
        self.clock = now
        self.dealer = rng
        self.scan = scan

    def on_mount(self) -> None:
        """Open the drills."""
        self.push_screen(
            TrainScreen(
                on_close=self.exit,
                start=self.drill_start,
                path=self.drills_path,
                folder=self.histories,
                now=self.clock,
                rng=self.dealer,
                scan=self.scan,
            )
        )

    def help_rows(self, tr: Translator) -> list[tuple[str, str]]:
        """The drills' keys, and the shared ones."""
        return [*train_help_rows(self, tr), *self.shared_help_rows(tr), self.quit_help_row(tr)]


def train_help_rows(app: BaseApp[Any], tr: Translator) -> list[tuple[str, str]]:
    """The drills' keys for the help (``?``), from their bindings (the digits of an answer
    are typed, not bound)."""
    keys = key_names(app, TrainScreen)
    return [
        (keys.span("train_preflop", "train_progress"), tr.t("train.help.menu")),
        (keys.every("train_fold", "train_call", "train_raise"), tr.t("train.help.answer")),
        ("0–9", tr.t("train.help.digits")),
        (keys.long("train_next"), tr.t("train.next")),
        (keys.long("train_back"), tr.t("keys.back")),
    ]
