"""How a bot can fail a decision: one word per way, for the safety net, the plugin sandbox,
the turn loop's log line and the simulator's report.

Every fault ends the same way (the bot's decision is replaced by check-or-fold, see
:mod:`holdem_tui.bots.safety`); the kind says why, and the log tells the player in one of
three words (too slow, a move not allowed, no answer: ``session.narrate.Slip``).
"""

from __future__ import annotations

from enum import StrEnum


class FaultKind(StrEnum):
    """Why a bot's decision was replaced."""

    #: the bot raised an error while deciding
    EXCEPTION = "exception"
    #: no answer within its time
    TIMEOUT = "timeout"
    #: an answer the rules do not allow now
    ILLEGAL = "illegal"
    #: a plugin's process died (or could not start)
    CRASH = "crash"
    #: a plugin said something that is not an answer
    PROTOCOL = "protocol"
    #: a plugin retired after repeated faults: it decides no more
    RETIRED = "retired"
