"""The protocol's ground: its version, limits and error, one frame's checks, the field readers.

Every message of :mod:`holdem_tui.net.protocol` is framed and checked here first
(:func:`parse_line`, :func:`frame`); the ``read_*`` helpers read one field of a message
strictly and raise :class:`ProtocolError` naming it, so each decoder reads like the message
it checks. They are the game's one framework of strict readers
(:mod:`holdem_tui.wire.strict`, :data:`read`), the same the wire codec decodes views and
actions with: one version, the same checks, one family of errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from holdem_tui.wire.strict import (
    BAD_FRAME,
    VERSION,
    VERSION_MISMATCH,
    Strict,
    StrictError,
    from_json,
    to_json,
)

#: the version every frame carries: the game's one version, the wire's objects' too
#: (:data:`holdem_tui.wire.strict.VERSION`; 2: deltas, 3: stats in ``over``, 4: the
#: snapshot in ``state``, 5: the one version of the wire and the protocol)
PROTOCOL_VERSION: Final = VERSION
#: longest line a client may send (an action is under 200 bytes)
MAX_CLIENT_LINE: Final = 4096
#: longest line the server sends (a view with a whole draw hand's history is ~10 KB)
MAX_SERVER_LINE: Final = 1024 * 1024
#: longest player name
MAX_NAME: Final = 20
#: the join code: this many characters from an alphabet without look-alikes (0/O, 1/I/L);
#: it keys the wire's encryption (:mod:`holdem_tui.net.secure`), and is shown in groups of
#: five (``ABCDE-FGHJK``): 31**10 is 8.2e14 codes (docs/security.md has the arithmetic)
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 10
#: the port ``host`` listens on unless told otherwise
DEFAULT_PORT: Final = 7477
#: this machine, as a host's own seat, the benchmarks and ``--bind`` reach it
LOOPBACK: Final = "127.0.0.1"
#: longest host token (the host process's own secret, see ``Hello.token``)
MAX_TOKEN: Final = 64

#: how a client's settings name a plugin bot whose ``module:Class`` only the host knows
PLUGIN_LEVEL: Final = "plugin:on_host"

#: settings fields a client receives: everything but the seed (it would deal the deck)
PUBLIC_SETTINGS: Final = (
    "variant",
    "stack",
    "small_blind",
    "big_blind",
    "ante",
    "draw_ante",
    "small_bet",
    "big_bet",
    "hand_limit",
    "minute_limit",
)


class Refusal(StrEnum):
    """Why the table will not seat a connection: a stable word on the wire, each told to the
    player in their own language (``net.refusal.<word>`` in every locale file)."""

    WRONG_CODE = "wrong_code"
    BAD_TOKEN = "bad_token"
    BAD_NAME = "bad_name"
    SEAT_TAKEN = "seat_taken"
    SEAT_LOCKED = "seat_locked"
    NAME_TAKEN = "name_taken"
    TABLE_FULL = "table_full"
    STARTED = "started"
    TOO_MANY_WATCHERS = "too_many_watchers"
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    BUSY = "busy"
    VERSION = VERSION_MISMATCH  # the strict readers' word for another version
    NOT_THE_TABLE = "not_the_table"


class ProtocolError(StrictError):
    """A frame that is not a valid message, or one the table will not take now; ``reason`` is
    a stable key (an ``error`` or ``refused`` word), ``detail`` says why."""


#: the strict readers of a value at a path, refusing with :class:`ProtocolError`
read: Final = Strict(ProtocolError)


def refused_as(reason: str, exc: StrictError) -> ProtocolError:
    """``exc`` (a wire object's refusal, or the protocol's own) under the word ``reason``."""
    return ProtocolError(reason, exc.detail, exc.path)


# ---------------------------------------------------------------- strict field readers


def read_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """``data[key]``: a whole number in ``low..high`` (``True`` is not one)."""
    return read.whole(data.get(key), key, low, high)


def read_opt_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    """``data[key]``: ``None``, or a whole number in ``low..high``."""
    return None if data.get(key) is None else read_int(data, key, low, high)


def read_str(data: Mapping[str, Any], key: str, limit: int) -> str:
    """``data[key]``: text of at most ``limit`` characters."""
    return read.text(data.get(key), key, limit)


def read_bool(data: Mapping[str, Any], key: str) -> bool:
    """``data[key]``: ``true`` or ``false``."""
    return read.flag(data.get(key), key)


def read_int_list(
    data: Mapping[str, Any], key: str, count: int, *, nullable: bool = False
) -> list[Any]:
    """``data[key]``: ``count`` chip counts (``None`` among them when ``nullable``)."""
    return read_chips(data.get(key), key, count, nullable=nullable)


def read_chips(value: object, path: str, count: int, *, nullable: bool = False) -> list[Any]:
    """``value`` at ``path``: a list of ``count`` chip counts (``None`` among them when
    ``nullable``)."""
    items = read.items(value, path, count=count)
    for index, item in enumerate(items):
        if item is not None or not nullable:
            read.whole(item, f"{path}[{index}]", 0, 10**12)
    return items


def read_bool_list(data: Mapping[str, Any], key: str, count: int) -> list[bool | None]:
    """``data[key]``: ``count`` flags, each ``true``, ``false`` or ``null``."""
    value = read.items(data.get(key), key, count=count)
    for index, item in enumerate(value):
        if item is not None:
            read.flag(item, f"{key}[{index}]")
    return value


def check_keys(data: Mapping[str, Any], allowed: set[str], required: set[str]) -> None:
    """Exactly the keys a message may have: none unknown, none of ``required`` missing."""
    read.keys(data, "", allowed, required)


def parse_line(line: bytes) -> dict[str, Any]:
    """One frame's JSON object with the right protocol version, else :class:`ProtocolError`
    (``bad_frame``; ``version``, a :class:`Refusal`, when it speaks another version)."""
    data = from_json(line, error=ProtocolError)
    if type(data) is not dict:
        read.refuse("", "a message is a JSON object", BAD_FRAME)
    read.version(data, "")
    kind = data.get("t")
    if type(kind) is not str:
        read.refuse("t", "no message type")
    return data


def frame(message: Mapping[str, Any]) -> bytes:
    """A message as one line on the wire."""
    return (to_json({"v": PROTOCOL_VERSION, **message}) + "\n").encode("ascii")


def check_name(name: str) -> str | None:
    """Why ``name`` cannot sit at a table (``None``: it can); names are shown to everyone."""
    cleaned = name.strip()
    if not cleaned:
        return "a name is needed to sit down"
    if len(cleaned) > MAX_NAME:
        return f"a name has at most {MAX_NAME} characters"
    if not all(ch.isprintable() for ch in cleaned):
        return "a name may not hold control characters"
    if "[" in cleaned or "]" in cleaned:
        # every screen shows names through Textual's markup, where "[$accent]Hosty" is a
        # style tag and not a name: refused here once, so no screen can forget to escape
        return "a name may not hold square brackets"
    return None
