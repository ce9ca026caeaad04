"""The learner's coach: numbers for the human's decision, computed from their view only.

Textual-free so the UI, the bench and the tests share it; see :func:`advise`.
"""

from holdem_tui.coach.advice import Advice, BotLine, DrawOption, Outs, advise

__all__ = ["Advice", "BotLine", "DrawOption", "Outs", "advise"]
