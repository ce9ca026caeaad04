"""A seat's decision as data: the action, and for a bot the reason it gave.

Why here, beside :class:`~holdem_tui.engine.actions.Action`: a reason crosses every layer
below the screen. The bots make it, the wire carries a plugin's out of its process, the hand
history stores it, the review and the tests read it. Keeping the record (and the one check
of its shape) at the bottom means all of them read the same thing and none imports another
to do so. The engine itself never looks at a reason: :meth:`Hand.act` takes the action.

A :class:`Reason` is a stable ``key`` plus a few named numbers or words (``params``), not
text: it is put into words only when shown, in the viewer's language (see
:mod:`holdem_tui.bots.explain`). The key :data:`OWN_WORDS` marks a reason in a bot's own
words (every plugin's reason becomes one): its single ``text`` parameter is shown as
written, never looked up as a message.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.cards import Card

__all__ = [
    "MAX_KEY",
    "MAX_PARAMS",
    "MAX_TEXT",
    "OWN_WORDS",
    "Decision",
    "ParamValue",
    "Reason",
    "as_decision",
    "reason_from_data",
    "reason_problem",
    "reason_to_data",
    "reasons_from_data",
    "reasons_to_data",
]

#: a parameter is a whole number (chips, counts), a share (0.62 = 62%) or a word
ParamValue = int | float | str

#: the key of a reason in the bot's own words; ``params`` is exactly ``(("text", ...),)``
OWN_WORDS: Final = "own_words"
#: longest key; keys are lower-case words joined by ``_`` or ``.``
MAX_KEY: Final = 40
#: most parameters of one reason
MAX_PARAMS: Final = 8
#: longest parameter name
MAX_PARAM_NAME: Final = 24
#: longest word parameter (a key-like word such as ``four_flush``)
MAX_WORD: Final = 40
#: longest text of a reason in a bot's own words (what the review has room for)
MAX_TEXT: Final = 120
#: largest magnitude of a number parameter (as the wire's chip counts)
MAX_NUMBER: Final = 10**15

_KEY: Final = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*")
_NAME: Final = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose its action: a message key and the numbers it used.

    ``params`` are ``(name, value)`` pairs sorted by name, so equal reasons compare and
    hash equal however they were built; build one with :meth:`of`.
    """

    key: str
    params: tuple[tuple[str, ParamValue], ...] = ()

    @classmethod
    def of(cls, key: str, **params: ParamValue) -> Reason:
        """``Reason.of("pot_odds", equity=0.31, need=0.25)``."""
        return cls(key, tuple(sorted(params.items())))

    @classmethod
    def own_words(cls, text: str) -> Reason:
        """A reason shown exactly as the bot wrote it (already cleaned by the caller)."""
        return cls(OWN_WORDS, (("text", text),))

    @property
    def values(self) -> dict[str, ParamValue]:
        """The parameters as a dict, for formatting."""
        return dict(self.params)

    @property
    def text(self) -> str | None:
        """The bot's own words, for a reason in them (else ``None``)."""
        if self.key != OWN_WORDS:
            return None
        value = self.values.get("text")
        return value if isinstance(value, str) else None


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat decided: the action for the engine and, optionally, why."""

    action: Action
    reason: Reason | None = None

    # Read-through to the action, so code that only looks at what a bot did (tests that
    # count raises, say) reads a decision as it read a bare action. Playing one still
    # takes ``decision.action``: the engine is handed actions only.

    @property
    def kind(self) -> ActionKind:
        """The action's kind."""
        return self.action.kind

    @property
    def amount(self) -> int | None:
        """The action's amount (bets and raises)."""
        return self.action.amount

    @property
    def discards(self) -> tuple[Card, ...]:
        """The action's discards (draws)."""
        return self.action.discards


def as_decision(answer: Action | Decision) -> Decision:
    """A bot's answer as a :class:`Decision` (a bare ``Action`` has no reason).

    For trusted callers holding our own bots; a plugin's answer goes through
    :func:`holdem_tui.bots.safety.safe_decide`, which also checks it.
    """
    return answer if isinstance(answer, Decision) else Decision(answer)


def _value_problem(name: str, value: object) -> str | None:
    if isinstance(value, bool):
        return f"parameter {name!r} is true/false, not a number or word"
    if isinstance(value, int):
        return None if abs(value) <= MAX_NUMBER else f"parameter {name!r} is out of range"
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_NUMBER:
            return f"parameter {name!r} is not a finite number in range"
        return None
    if isinstance(value, str):
        limit = MAX_TEXT if name == "text" else MAX_WORD
        if len(value) > limit:
            return f"parameter {name!r} is longer than {limit} characters"
        if not value.isprintable():
            return f"parameter {name!r} holds control characters"
        return None
    return f"parameter {name!r} is a {type(value).__name__}, not a number or word"


def reason_problem(reason: object) -> str | None:
    """Why ``reason`` is not a well-formed :class:`Reason` (``None``: it is).

    Checks the shape every reader relies on: a short lower-case key, at most
    :data:`MAX_PARAMS` parameters with short lower-case names, sorted and distinct, each a
    bounded whole number, a finite float or a short printable word; a reason in a bot's
    own words has exactly one ``text`` of at most :data:`MAX_TEXT` characters.
    """
    if not isinstance(reason, Reason):
        return f"not a Reason: {type(reason).__name__}"
    key = reason.key
    if not isinstance(key, str) or len(key) > MAX_KEY or not _KEY.fullmatch(key):
        return "the key is not a short lower-case word"
    params = reason.params
    if not isinstance(params, tuple) or len(params) > MAX_PARAMS:
        return f"more than {MAX_PARAMS} parameters, or not a tuple of them"
    names: list[str] = []
    for pair in params:
        if not isinstance(pair, tuple) or len(pair) != 2:
            return "a parameter is not a (name, value) pair"
        name, value = pair
        if not isinstance(name, str) or len(name) > MAX_PARAM_NAME or not _NAME.fullmatch(name):
            return "a parameter name is not a short lower-case word"
        problem = _value_problem(name, value)
        if problem is not None:
            return problem
        names.append(name)
    if names != sorted(set(names)):
        return "parameters are not sorted by name, or a name repeats"
    if key == OWN_WORDS and (names != ["text"] or not isinstance(params[0][1], str)):
        return "a reason in the bot's own words has exactly one text parameter"
    if key != OWN_WORDS and "text" in names:
        return "only a reason in the bot's own words has a text parameter"
    return None


def reason_to_data(reason: Reason) -> dict[str, object]:
    """Plain data (``{"key": ..., "params": {...}}``) for JSON and TOML."""
    return {"key": reason.key, "params": dict(reason.params)}


def reason_from_data(data: object) -> Reason:
    """A reason from plain data someone else wrote, strictly checked.

    Exactly the keys ``key`` and ``params`` (an object of name -> value); anything else
    raises ``ValueError`` saying what is wrong, in one line.
    """
    if not isinstance(data, Mapping):
        raise ValueError("a reason is an object with a key and params")
    unknown = set(data) - {"key", "params"}
    if unknown:
        raise ValueError(f"a reason has an unknown field {sorted(map(str, unknown))[0][:24]!r}")
    key = data.get("key")
    params = data.get("params", {})
    if not isinstance(key, str):
        raise ValueError("a reason's key is not text")
    if not isinstance(params, Mapping) or len(params) > MAX_PARAMS:
        raise ValueError(f"a reason's params are not an object of at most {MAX_PARAMS} values")
    if not all(isinstance(name, str) for name in params):
        raise ValueError("a reason's parameter names are not text")
    reason = Reason(key[: MAX_KEY + 1], tuple(sorted(params.items())))
    problem = reason_problem(reason)
    if problem is not None:
        raise ValueError(f"a reason is malformed: {problem}")
    return reason


#: most reasons one hand can hold (every decision of the longest hand a history may have)
MAX_REASONS: Final = 2000


def reasons_to_data(reasons: Mapping[int, Reason]) -> list[list[object]]:
    """A hand's reasons (decision index -> reason) as plain data: ``[[index, reason], ...]``."""
    return [[index, reason_to_data(reasons[index])] for index in sorted(reasons)]


def reasons_from_data(data: object) -> dict[int, Reason]:
    """The reasons :func:`reasons_to_data` wrote, strictly checked (``ValueError`` if not)."""
    if not isinstance(data, list) or len(data) > MAX_REASONS:
        raise ValueError(f"reasons are a list of at most {MAX_REASONS} entries")
    out: dict[int, Reason] = {}
    for entry in data:
        if not isinstance(entry, list) or len(entry) != 2:
            raise ValueError("a reason entry is [decision index, reason]")
        index, body = entry
        if type(index) is not int or not 0 <= index < MAX_REASONS or index in out:
            raise ValueError("a reason's decision index is not a new whole number in range")
        out[index] = reason_from_data(body)
    return out
