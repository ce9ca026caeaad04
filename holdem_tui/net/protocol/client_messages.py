"""What a client says to the table: hello, act, show, ready, sync, start, again, next, leave,
hand over; each as a frozen message the server's code reads, a builder the client sends,
and :func:`decode_client`, the strict reader of any of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from holdem_tui import wire
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Reason
from holdem_tui.engine.variants import MAX_SEATS
from holdem_tui.game_settings import BOT_LEVELS, GameSettings, Pace
from holdem_tui.net.protocol.fields import (
    MAX_TOKEN,
    ProtocolError,
    check_keys,
    check_name,
    read_bool,
    read_int,
    read_str,
    refused_as,
)
from holdem_tui.net.protocol.table import decode_settings, public_settings
from holdem_tui.session.narrate import Slip

# ---------------------------------------------------------------- client -> server


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message: the join code, and a name to sit down (or ``watch`` to look on).

    ``token`` is ``None`` for everyone but the host's own table app, which proves with it
    that this connection is the host's (only the host process knows it; an address proves
    nothing, a friend on the same machine connects from 127.0.0.1 too).
    """

    code: str
    name: str
    watch: bool
    token: str | None = None
    #: the reconnect key this machine kept for the chair (:mod:`holdem_tui.net.seats`);
    #: ``keys``: the client reads a key in its ``welcome`` (an older one would refuse it)
    seat_token: str | None = None
    keys: bool = False


@dataclass(frozen=True, slots=True)
class Act:
    """A decision for ``seat`` answering decision number ``decision``.

    ``reason`` is why, when a bot plays the seat (``join --bot``): a wire reason, checked
    as strictly as a plugin process's; the host keeps it with the hand in its own words.
    ``slip``: that bot failed this decision and this is the check-or-fold played instead
    (the table's log says so in one line).
    """

    seat: int
    decision: int
    action: Action
    reason: Reason | None = None
    slip: Slip | None = None


@dataclass(frozen=True, slots=True)
class Show:
    """Turn up a hand that won uncontested, once the hand is over."""


@dataclass(frozen=True, slots=True)
class Ready:
    """This player has seen the result: deal the next hand when everybody is ready."""


@dataclass(frozen=True, slots=True)
class Sync:
    """The client's copy of the table may be out of step: send a whole ``state``."""


@dataclass(frozen=True, slots=True)
class Start:
    """The host: deal now, without the chairs still open (only the host may)."""


@dataclass(frozen=True, slots=True)
class Again:
    """A player's "Play again" after a session: ready for the next game at this table."""


@dataclass(frozen=True, slots=True)
class NextGame:
    """The host: open the next game at this table (``settings`` ``None``: the same table)."""

    settings: GameSettings | None


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the table for good (the chair is free for the next game)."""


@dataclass(frozen=True, slots=True)
class HandOver:
    """The host: give ``seat`` to the next player who joins with its name (its key stops
    working; see :mod:`holdem_tui.net.seats`)."""

    seat: int


ClientMessage = Hello | Act | Show | Ready | Sync | Start | Again | NextGame | Leave | HandOver


def hello(
    code: str,
    name: str,
    *,
    watch: bool = False,
    token: str | None = None,
    seat_token: str | None = None,
) -> dict[str, Any]:
    """The message a client opens with (``token``: the host's own app only; ``seat_token``:
    the reconnect key kept for this chair, if any)."""
    return {
        "t": "hello",
        "code": code,
        "name": name,
        "watch": watch,
        "token": token,
        "seat_token": seat_token,
    }


def hand_over(seat: int) -> dict[str, Any]:
    """The host's "hand this chair to someone new"."""
    return {"t": "hand_over", "seat": seat}


def act(
    seat: int,
    decision: int,
    action: Action,
    reason: Reason | None = None,
    slip: Slip | None = None,
) -> dict[str, Any]:
    """A decision, with the seat and decision number it answers (and a bot's reason, or
    how the bot failed it)."""
    message: dict[str, Any] = {
        "t": "act",
        "seat": seat,
        "decision": decision,
        "action": wire.encode_action(action),
    }
    if reason is not None:  # optional: a person's decision carries none
        message["reason"] = wire.encode_reason(reason)
    if slip is not None:
        message["slip"] = slip.value
    return message


def show() -> dict[str, Any]:
    """Ask to turn the cards up."""
    return {"t": "show"}


def ready() -> dict[str, Any]:
    """Say the result has been seen."""
    return {"t": "ready"}


def sync() -> dict[str, Any]:
    """Ask for a whole ``state`` (the copy here may be out of step)."""
    return {"t": "sync"}


def start() -> dict[str, Any]:
    """The host's "start without them"."""
    return {"t": "start"}


def again() -> dict[str, Any]:
    """A player's "Play again": ready for the next game at this table."""
    return {"t": "again"}


def next_game(settings: GameSettings | None = None) -> dict[str, Any]:
    """The host's next game at this table: the same (``None``) or a new table description.

    Human chairs with a name are kept for that player (the host's own), ``""`` ones are
    open; the players of the last game who have not left take open chairs in their order.
    """
    return {"t": "next", "settings": None if settings is None else public_settings(settings)}


def leave() -> dict[str, Any]:
    """Leave the table for good."""
    return {"t": "leave"}


_BARE_CLIENT: Final[dict[str, ClientMessage]] = {
    "show": Show(),
    "ready": Ready(),
    "sync": Sync(),
    "start": Start(),
    "again": Again(),
    "leave": Leave(),
}


def decode_client(data: dict[str, Any]) -> ClientMessage:
    """The client message ``data`` is (after :func:`parse_line`), strictly checked."""
    kind = data["t"]
    if kind == "hello":
        fields_ = {"code", "name", "watch", "token"}
        check_keys(data, {"v", "t", "seat_token", *fields_}, fields_)
        token = None if data["token"] is None else read_str(data, "token", MAX_TOKEN)
        keys = "seat_token" in data
        seat_token = (
            None if data.get("seat_token") is None else read_str(data, "seat_token", MAX_TOKEN)
        )
        return Hello(
            read_str(data, "code", 64),
            read_str(data, "name", 64),
            read_bool(data, "watch"),
            token,
            seat_token,
            keys,
        )
    if kind == "hand_over":
        check_keys(data, {"v", "t", "seat"}, {"seat"})
        return HandOver(read_int(data, "seat", 0, MAX_SEATS - 1))
    if kind == "act":
        required = {"seat", "decision", "action"}
        check_keys(data, {"v", "t", "reason", "slip", *required}, required)
        seat = read_int(data, "seat", 0, 64)
        decision = read_int(data, "decision", 0, 2**53)
        try:
            action = wire.decode_action(data["action"])
        except wire.WireError as exc:
            raise refused_as("bad_action", exc) from None
        reason = None
        if data.get("reason") is not None:
            try:
                reason = wire.decode_reason(data["reason"])
            except wire.WireError as exc:
                raise refused_as("bad_reason", exc) from None
        slip = None
        if data.get("slip") is not None:
            value = read_str(data, "slip", 16)
            if value not in set(Slip):
                raise ProtocolError("bad_message", f"unknown slip {value!r}")
            slip = Slip(value)
        return Act(seat, decision, action, reason, slip)
    if kind in _BARE_CLIENT:
        check_keys(data, {"v", "t"}, set())
        return _BARE_CLIENT[kind]
    if kind == "next":
        check_keys(data, {"v", "t", "settings"}, {"settings"})
        if data["settings"] is None:
            return NextGame(None)
        return NextGame(decode_new_table(data["settings"]))
    raise ProtocolError("bad_message", f"unknown message type {kind[:32]!r}")


def decode_new_table(data: object) -> GameSettings:
    """A table the host's app describes for the next game, strictly checked.

    The same form as a ``welcome``'s settings, and more careful: a name must be one a
    player could sit down with, and a bot must be a built-in level (a plugin's
    ``module:Class`` is chosen on the host's command line, never over a socket).
    """
    settings = decode_settings(data, lang="en", pace=Pace.NORMAL.value)
    for seat in settings.seats:
        if seat.is_human and seat.name and check_name(seat.name) is not None:
            raise ProtocolError("bad_message", f"not a player's name: {seat.name[:32]!r}")
        if not seat.is_human and seat.level not in BOT_LEVELS:
            raise ProtocolError("bad_message", "a bot at a new table is easy, normal or hard")
    if not settings.humans:
        raise ProtocolError("bad_message", "a hosted table needs a chair for a player")
    return settings
