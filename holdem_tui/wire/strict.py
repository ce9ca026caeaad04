"""The strict readers: one framework for every decoder of data from outside this process.

Who reads with it: the wire codec (:mod:`holdem_tui.wire.codec`: views, actions, events and a
bot's reason, on the pipe to a plugin bot's process and inside the network's messages), the
network protocol (:mod:`holdem_tui.net.protocol`: every frame a client or a host sends) and
the secure handshake's lines (:mod:`holdem_tui.net.secure`). Why one: each of them reads
what a stranger wrote, so each check must mean the same on every path and be refused the
same way. The checks: the JSON text bounded in size and nesting before it is parsed
(:func:`from_json`), the version first (:meth:`Strict.version`), then exactly the keys a
message has (none unknown, none missing), and every value of exactly its type (``True`` is
not a whole number, ``1.5`` is not a chip count) inside its bounds. A refusal is one
:class:`StrictError` (each path raises its own member of the family: ``WireError``,
``ProtocolError``, ``SecureError``) with a stable ``reason`` word (the protocol's error
words: ``bad_frame``, ``bad_message``, ``version``...), the ``path`` of the first bad field
and a ``detail`` in English that names it.

One version (:data:`VERSION`) for all of it. The wire's objects travel in two places only:
inside the network's frames, and on the pipe between the game and its own plugin worker
(the same installed game at both ends, :mod:`holdem_tui.bots.plugin_worker`). So the only
place two builds of the game meet is the network, where a view, an action or a reason is
part of the message that carries it: an incompatible change of any of them is a change of
the protocol. One number covers them: the secure greeting carries it (a build of another
number is refused at its first line, before any secret moves, with the ``version`` refusal
a player reads as "use the same version as the host"), every frame carries it, and every
wire object carries it too (a view alone on a plugin's pipe says what it is). History: the
wire's objects were version 1 inside protocol versions 1 to 4 (1 to 3 in clear); 5 is the
first number both carry.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Mapping
from typing import Any, Final, NoReturn

from holdem_tui.wire.nesting import nests_deeper

#: bump on any incompatible change of a wire object, a protocol message or the handshake
#: (and say so in the commit message and in docs/protocol.md)
VERSION: Final = 5
#: the key that carries :data:`VERSION` in a frame, a wire object and the secure greeting
VERSION_KEY: Final = "v"

#: largest magnitude of any whole number a reader takes unless told a tighter range (chip
#: counts, hand numbers): far above any table the game allows, far below what could make
#: arithmetic or formatting misbehave
MAX_INT: Final = 10**15
#: longest text a reader takes unless told a shorter limit (names, keys)
MAX_STR: Final = 256
#: most items in any list (a hand's whole event log fits many times over)
MAX_ITEMS: Final = 4096
#: largest JSON text :func:`from_json` parses unless told a smaller limit
MAX_JSON_BYTES: Final = 4 * 1024 * 1024
#: deepest nesting :func:`from_json` accepts (a view is about 6 levels deep)
MAX_DEPTH: Final = 16

#: the refusal words every path shares (each path has more of its own)
BAD_FRAME: Final = "bad_frame"
BAD_MESSAGE: Final = "bad_message"
VERSION_MISMATCH: Final = "version"


class StrictError(ValueError):
    """Data from outside that is refused: ``reason`` is a stable word (a refusal or error key
    on the network), ``detail`` says why in English naming the field, ``path`` is that
    field (``""``: the message as a whole)."""

    def __init__(self, reason: str, detail: str, path: str = "") -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.path = path


def describe(value: object) -> str:
    """A value as a refusal quotes it: its ``repr``, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def field_path(path: str, name: str) -> str:
    """The path of field ``name`` inside the value at ``path`` (``""``: a message's top)."""
    return f"{path}.{name}" if path else name


# ---------------------------------------------------------------- JSON text


def to_json(data: object) -> str:
    """Compact JSON for one message (one line: safe to frame by newlines; ASCII only)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def _reject_constant(name: str) -> object:
    raise StrictError(BAD_FRAME, f"$: {name} is not a number on the wire", "$")


def from_json(
    text: str | bytes,
    *,
    max_bytes: int = MAX_JSON_BYTES,
    error: type[StrictError] = StrictError,
) -> object:
    """Parse one message's JSON text, bounded in size and nesting before the parser runs;
    ``error`` (``bad_frame``) when it is too big, too deep, not JSON, or holds NaN."""
    if len(text) > max_bytes:
        raise error(BAD_FRAME, f"$: message of {len(text)} bytes, at most {max_bytes}", "$")
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    if nests_deeper(raw, MAX_DEPTH, quotes='"', clamp=False):
        raise error(BAD_FRAME, f"$: nested deeper than {MAX_DEPTH} levels", "$")
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except StrictError as exc:
        raise error(exc.reason, exc.detail, exc.path) from None
    except (ValueError, RecursionError) as exc:
        raise error(BAD_FRAME, f"$: not JSON: {exc}", "$") from None


# ---------------------------------------------------------------- the readers


class Strict:
    """The strict readers of one path, each refusing with that path's ``error``.

    Every reader takes the value and its ``path`` (``"view.seats[2].stack"``, ``"seat"``),
    returns the value when it is exactly of its kind and inside its bounds, and otherwise
    raises ``error(reason, "<path>: <why>", path)``; ``reason`` is ``bad_message`` unless a
    reader says otherwise (the version's is ``version``).
    """

    def __init__(self, error: type[StrictError]) -> None:
        self.error = error

    def refuse(self, path: str, why: str, reason: str = BAD_MESSAGE) -> NoReturn:
        """Raise this path's error for the field at ``path``."""
        raise self.error(reason, f"{path}: {why}" if path else why, path)

    def whole(self, value: object, path: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
        """A whole number in ``low..high`` (``True`` is not one)."""
        if type(value) is not int:
            self.refuse(path, f"expected a whole number, got {describe(value)}")
        if not low <= value <= high:
            self.refuse(path, f"number out of range {low}..{high}: {describe(value)}")
        return value

    def number(self, value: object, path: str, low: float, high: float) -> float:
        """A finite number (whole or not) in ``low..high``, as a float."""
        if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
            self.refuse(path, f"expected a number, got {describe(value)}")
        if not low <= value <= high:  # type: ignore[operator]
            self.refuse(path, f"number out of range {low:g}..{high:g}: {describe(value)}")
        return float(value)  # type: ignore[arg-type]

    def text(self, value: object, path: str, limit: int = MAX_STR) -> str:
        """Text of at most ``limit`` characters."""
        if type(value) is not str:
            self.refuse(path, f"expected text, got {describe(value)}")
        if len(value) > limit:
            self.refuse(path, f"text longer than {limit} characters")
        return value

    def flag(self, value: object, path: str) -> bool:
        """``true`` or ``false``."""
        if type(value) is not bool:
            self.refuse(path, f"expected true or false, got {describe(value)}")
        return value

    def choice(self, value: object, path: str, choices: Collection[str]) -> str:
        """One of ``choices`` (an enum's values, a set of kinds)."""
        if type(value) is not str or value not in choices:
            self.refuse(path, f"expected one of {', '.join(choices)}, got {describe(value)}")
        return value

    def items(
        self, value: object, path: str, *, count: int | None = None, limit: int = MAX_ITEMS
    ) -> list[Any]:
        """A list: exactly ``count`` items when given, else at most ``limit``."""
        if type(value) is not list:
            self.refuse(path, f"expected a list, got {describe(value)}")
        if count is not None and len(value) != count:
            self.refuse(path, f"expected a list of {count}, got {len(value)}")
        if len(value) > limit:
            self.refuse(path, f"more than {limit} items")
        return value

    def json_object(self, value: object, path: str) -> dict[str, Any]:
        """A JSON object."""
        if type(value) is not dict:
            self.refuse(path, f"expected an object, got {describe(value)}")
        return value

    def keys(
        self,
        data: Mapping[str, Any],
        path: str,
        allowed: Collection[str],
        required: Collection[str],
    ) -> None:
        """Exactly the keys a message may have: none unknown, none of ``required`` missing."""
        unknown = set(data) - set(allowed)
        if unknown:
            self.refuse(path, f"unknown field {describe(sorted(map(str, unknown))[0])}")
        missing = set(required) - set(data)
        if missing:
            self.refuse(field_path(path, sorted(missing)[0]), "missing")

    def version(self, data: Mapping[str, Any], path: str) -> None:
        """``data`` carries this game's :data:`VERSION` (refused with ``version``)."""
        found = data.get(VERSION_KEY)
        if type(found) is not int or found != VERSION:
            self.refuse(
                field_path(path, VERSION_KEY),
                f"schema version {describe(found)}, this game speaks {VERSION}",
                VERSION_MISMATCH,
            )
