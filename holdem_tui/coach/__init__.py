"""The learner's coach: numbers for the human's decision, computed from their view only.

Textual-free so the UI, the bench and the tests share it; see :func:`advise`. The names
below are imported on first use: the coach asks the hard bot and numpy, which a table's
first frame should not wait for (``holdem_tui.coach.text`` alone stays light).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from holdem_tui.coach.advice import Advice, BotLine, DrawOption, Outs, advise

__all__ = ["Advice", "BotLine", "DrawOption", "Outs", "advise"]


def __getattr__(name: str) -> Any:
    """The public names, from :mod:`holdem_tui.coach.advice` when first asked for."""
    if name in __all__:
        from holdem_tui.coach import advice

        return getattr(advice, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
