"""What a game's start imports: the table, not the coach, the review, the rules or numpy.

The first frame is measured by ``holdem-tui bench`` (never timed here); this keeps the
reason it is fast from quietly going away: the heavy modules are imported on first use.
"""

from __future__ import annotations

import random
import subprocess
import sys

from holdem_tui.bots.levels import EasyBot, HardBot, NormalBot
from holdem_tui.engine.variants import Variant

#: imported on first use, never for the first frame of a table
LATER = (
    "numpy",
    "numba",
    "holdem_tui.coach.advice",
    "holdem_tui.review.flags",
    "holdem_tui.review.stats",
    "holdem_tui.ui.hand_review",
    "holdem_tui.ui.screens.rules",
    "textual.widgets._markdown",
    "holdem_tui.bots.holdem_hard",
    "holdem_tui.bots.draw_hard",
    "holdem_tui.bots.draw_normal",
    "holdem_tui.bots.draw_montecarlo",
    "holdem_tui.engine.equity",
    "holdem_tui.engine.hand_value_data",
    "holdem_tui.bots.sandbox",
)


def test_building_the_table_app_imports_none_of_the_later_modules(tmp_path: object) -> None:
    code = (
        "import sys\n"
        "from holdem_tui.commands import play\n"
        "from holdem_tui.game_settings import GameSettings\n"
        "from holdem_tui.ui.app import create_app\n"
        "create_app(GameSettings())\n"
        f"early = [m for m in {LATER!r} if m in sys.modules]\n"
        "assert not early, early\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_building_a_policy_draws_nothing_from_the_bots_generator() -> None:
    """Policies are built when their game is first played: that must not move the rng."""
    for level in (EasyBot, NormalBot, HardBot):
        bot = level(7)
        state = bot.rng.getstate()
        for variant in Variant:
            bot.policy(variant)
        assert bot.rng.getstate() == state
        assert random.Random(7).getstate() == state
