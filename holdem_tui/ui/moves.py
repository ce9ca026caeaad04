"""The one message a player's move travels in, from any key or widget to the turn driver.

The table's keys (fold, check or call, all-in, a fixed-limit raise, stand pat) and the docked
raise editor (a bet or raise of the amount typed) each build the engine's
:class:`~holdem_tui.engine.actions.Action` themselves and post it as a :class:`Move`; it
bubbles up to the app, which hands it to its driver. Nothing relays it under another name,
and nothing builds it twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from holdem_tui.engine.actions import Action, LegalActions


@dataclass
class Move(Message):
    """The player plays ``action`` at the decision whose legal moves were ``legal``.

    A move that arrives after that decision has passed (keys typed faster than the table
    moves, a network host that timed the player out) is dropped rather than played at the
    next one.
    """

    action: Action
    legal: LegalActions | None = None
