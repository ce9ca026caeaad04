"""Computer opponents: three levels for each game, a safety wrapper, and plugin loading.

Nothing here imports Textual: bots run in worker threads of the UI, in the simulator's
worker processes and in the benchmarks, and must stay cheap to import everywhere.
"""

from holdem_tui.bots.base import BaseBot, Bot
from holdem_tui.bots.registry import LEVELS, load_plugin, make_bot
from holdem_tui.bots.safety import BotFault, SafeBot, safe_decide

__all__ = [
    "LEVELS",
    "BaseBot",
    "Bot",
    "BotFault",
    "SafeBot",
    "load_plugin",
    "make_bot",
    "safe_decide",
]
