"""The network table's messages: one versioned schema for the server and every client.

Transport: one TCP connection per client, one JSON object per line (UTF-8, ``\\n``-ended),
built with :func:`holdem_tui.wire.to_json`. Views, legal actions and actions inside the
messages are the :mod:`holdem_tui.wire` codec's objects, so a network seat and a plugin bot
process read and write exactly the same data. Every message carries ``"v"`` (this module's
:data:`PROTOCOL_VERSION`) and ``"t"``, its type.

Both directions are decoded strictly here: exactly the keys a type has, bounded whole
numbers and strings, so the server can answer any bad frame with one :class:`ProtocolError`
whose ``reason`` is a stable key (and the client can trust nothing a stranger's server sends
beyond what it checked). The README's "Network play" section documents the same schema.

Version 2 sends the hand as it moves: a client gets one whole ``state`` when it sits down
(again), when a hand is dealt and whenever it asks (``sync``); after that each ``delta``
carries only what changed (the table's changed fields, a view patch of its own view from
:func:`~holdem_tui.wire.view_patch`: the new events as its seat may see them, the
fields and seats that moved). Every picture is numbered (``seq``, per connection), so a client
whose copy could be out of step (a number skipped, a patch that does not apply) asks for
a whole ``state`` instead of guessing; :func:`apply_delta` is that check.

Version 3 adds each person's stats over the game to ``over`` (:class:`Over`): a version 2
client would refuse that message at the end of the evening, so it is refused at ``hello``.
Version 4 carries the session's read model as it is: a ``state`` is a
:class:`~holdem_tui.session.snapshot.Snapshot` (who at the screen may show, ``may_show``,
replaces ``can_show``; the bots' ``slips`` this hand travel with it), and an ``act`` may
say how a bot failed the decision it answers (``slip``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Final

from holdem_tui import wire
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Reason
from holdem_tui.engine.events import Event
from holdem_tui.engine.schedule import Level
from holdem_tui.engine.table import TournamentStatus
from holdem_tui.engine.variants import MAX_SEATS, MIN_SEATS
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import BOT, BOT_LEVELS, HUMAN, GameSettings, SeatSettings
from holdem_tui.review.stats import SeatStats
from holdem_tui.session.narrate import Slip
from holdem_tui.session.outcome import BiggestPot, EndReason, SessionResult
from holdem_tui.session.snapshot import Snapshot, TableState, TournamentTable

#: bumped on any incompatible change of the messages below (2: deltas, start now, next game)
PROTOCOL_VERSION: Final = 4
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


class ProtocolError(ValueError):
    """A frame that is not a valid message; ``reason`` is a stable key, ``detail`` says why."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


# ---------------------------------------------------------------- strict field readers


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError("bad_message", f"{key} must be a whole number in {low}..{high}")
    return value


def _opt_int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    return None if data.get(key) is None else _int(data, key, low, high)


def _str(data: Mapping[str, Any], key: str, limit: int) -> str:
    value = data.get(key)
    if type(value) is not str or len(value) > limit:
        raise ProtocolError("bad_message", f"{key} must be text of at most {limit} characters")
    return value


def _bool(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    if type(value) is not bool:
        raise ProtocolError("bad_message", f"{key} must be true or false")
    return value


def _int_list(
    data: Mapping[str, Any], key: str, count: int, *, nullable: bool = False
) -> list[Any]:
    value = data.get(key)
    if type(value) is not list or len(value) != count:
        raise ProtocolError("bad_message", f"{key} must be a list of {count}")
    for item in value:
        if item is None and nullable:
            continue
        if type(item) is not int or not 0 <= item <= 10**12:
            raise ProtocolError("bad_message", f"{key} holds a bad number")
    return value


def _bool_list(data: Mapping[str, Any], key: str, count: int) -> list[bool | None]:
    value = data.get(key)
    if type(value) is not list or len(value) != count:
        raise ProtocolError("bad_message", f"{key} must be a list of {count}")
    if any(item is not None and type(item) is not bool for item in value):
        raise ProtocolError("bad_message", f"{key} holds a bad flag")
    return value


def _keys(data: Mapping[str, Any], allowed: set[str], required: set[str]) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise ProtocolError("bad_message", f"unknown field {sorted(unknown)[0]!r}")
    missing = required - set(data)
    if missing:
        raise ProtocolError("bad_message", f"missing field {sorted(missing)[0]!r}")


def parse_line(line: bytes) -> dict[str, Any]:
    """One frame's JSON object with the right protocol version, else :class:`ProtocolError`."""
    try:
        data = wire.from_json(line)
    except wire.WireError as exc:
        raise ProtocolError("bad_frame", str(exc)) from None
    if type(data) is not dict:
        raise ProtocolError("bad_frame", "a message is a JSON object")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ProtocolError(
            "version", f"protocol {version!r}, this table speaks {PROTOCOL_VERSION}"
        )
    kind = data.get("t")
    if type(kind) is not str:
        raise ProtocolError("bad_message", "no message type 't'")
    return data


def frame(message: Mapping[str, Any]) -> bytes:
    """A message as one line on the wire."""
    return (wire.to_json({"v": PROTOCOL_VERSION, **message}) + "\n").encode("ascii")


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
        _keys(data, {"v", "t", "seat_token", *fields_}, fields_)
        token = None if data["token"] is None else _str(data, "token", MAX_TOKEN)
        keys = "seat_token" in data
        seat_token = None if data.get("seat_token") is None else _str(data, "seat_token", MAX_TOKEN)
        return Hello(
            _str(data, "code", 64),
            _str(data, "name", 64),
            _bool(data, "watch"),
            token,
            seat_token,
            keys,
        )
    if kind == "hand_over":
        _keys(data, {"v", "t", "seat"}, {"seat"})
        return HandOver(_int(data, "seat", 0, MAX_SEATS - 1))
    if kind == "act":
        required = {"seat", "decision", "action"}
        _keys(data, {"v", "t", "reason", "slip", *required}, required)
        seat = _int(data, "seat", 0, 64)
        decision = _int(data, "decision", 0, 2**53)
        try:
            action = wire.decode_action(data["action"])
        except wire.WireError as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        reason = None
        if data.get("reason") is not None:
            try:
                reason = wire.decode_reason(data["reason"])
            except wire.WireError as exc:
                raise ProtocolError("bad_reason", str(exc)) from None
        slip = None
        if data.get("slip") is not None:
            value = _str(data, "slip", 16)
            if value not in set(Slip):
                raise ProtocolError("bad_message", f"unknown slip {value!r}")
            slip = Slip(value)
        return Act(seat, decision, action, reason, slip)
    if kind in _BARE_CLIENT:
        _keys(data, {"v", "t"}, set())
        return _BARE_CLIENT[kind]
    if kind == "next":
        _keys(data, {"v", "t", "settings"}, {"settings"})
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
    settings = decode_settings(data, lang="en", pace="normal")
    for seat in settings.seats:
        if seat.is_human and seat.name and check_name(seat.name) is not None:
            raise ProtocolError("bad_message", f"not a player's name: {seat.name[:32]!r}")
        if not seat.is_human and seat.level not in BOT_LEVELS:
            raise ProtocolError("bad_message", "a bot at a new table is easy, normal or hard")
    if not settings.humans:
        raise ProtocolError("bad_message", "a hosted table needs a chair for a player")
    return settings


# ---------------------------------------------------------------- server -> client


def public_settings(settings: GameSettings) -> dict[str, Any]:
    """The table's settings as a client may know them: never the seed, never a bot's plugin path."""
    data = settings.to_dict()
    seats = [
        {
            "kind": seat.kind,
            "name": name,
            "level": seat.level if seat.level in BOT_LEVELS else "plugin",
        }
        for seat, name in zip(settings.seats, settings.seat_names(), strict=True)
    ]
    public = {"seats": seats, **{key: data[key] for key in PUBLIC_SETTINGS}}
    if settings.tournament is not None:  # a sit-and-go: its name and a file's levels
        public["tournament"] = settings.tournament
        public["tournament_data"] = data["tournament_data"]
    return public


def _tournament_data(value: object) -> dict[str, Any] | None:
    """A tournament file's data as the host read it (checked in full with the settings)."""
    if value is not None and type(value) is not dict:
        raise ProtocolError("bad_message", "tournament_data must be an object")
    return value


def decode_settings(data: object, *, lang: str, pace: str) -> GameSettings:
    """The table a server described, as settings the table screen can draw."""
    if type(data) is not dict:
        raise ProtocolError("bad_message", "settings must be an object")
    _keys(
        data,
        {"seats", *PUBLIC_SETTINGS, "tournament", "tournament_data"},
        {"seats", *PUBLIC_SETTINGS},
    )
    raw_seats = data["seats"]
    if type(raw_seats) is not list or not MIN_SEATS <= len(raw_seats) <= MAX_SEATS:
        raise ProtocolError("bad_message", f"seats must be a list of {MIN_SEATS} to {MAX_SEATS}")
    seats = []
    for raw in raw_seats:
        if type(raw) is not dict:
            raise ProtocolError("bad_message", "a seat must be an object")
        _keys(raw, {"kind", "name", "level"}, {"kind", "name", "level"})
        kind = _str(raw, "kind", 8)
        if kind not in (HUMAN, BOT):
            raise ProtocolError("bad_message", f"unknown seat kind {kind!r}")
        level = _str(raw, "level", 16)
        if kind == BOT and level not in (*BOT_LEVELS, "plugin"):
            raise ProtocolError("bad_message", f"unknown bot level {level!r}")
        # a plugin's module path stays on the host; the table only says "Plugin"
        level = PLUGIN_LEVEL if level == "plugin" else level
        seats.append(SeatSettings(kind, _str(raw, "name", MAX_NAME), level))
    variant = _str(data, "variant", 16)
    settings = GameSettings(
        variant=variant,
        seats=tuple(seats),
        stack=_int(data, "stack", 1, 10**9),
        small_blind=_int(data, "small_blind", 0, 10**9),
        big_blind=_int(data, "big_blind", 0, 10**9),
        ante=_int(data, "ante", 0, 10**9),
        draw_ante=_int(data, "draw_ante", 0, 10**9),
        small_bet=_int(data, "small_bet", 0, 10**9),
        big_bet=_int(data, "big_bet", 0, 10**9),
        hand_limit=_opt_int(data, "hand_limit", 1, 10**6),
        minute_limit=_opt_int(data, "minute_limit", 1, 10**6),
        lang=lang,
        pace=pace,
        tournament=None if data.get("tournament") is None else _str(data, "tournament", 64),
        tournament_data=_tournament_data(data.get("tournament_data")),
    )
    problems = settings.validate()
    if problems:
        raise ProtocolError("bad_message", f"the table's settings do not hold: {problems[0][0]}")
    return settings


def encode_table(table: TableState) -> dict[str, Any]:
    """A table state as plain data."""
    data: dict[str, Any] = {
        "stacks": list(table.stacks),
        "busted": list(table.busted),
        "away": list(table.away),
        "hand_number": table.hand_number,
        "hands_left": table.hands_left,
        "minutes_left": table.minutes_left,
        "last_hand": table.last_hand,
        "hands_won": list(table.hands_won),
        "away_left": table.away_left,
    }
    if table.tournament is not None:
        data["tournament"] = _encode_tournament(table.tournament)
    return data


def _level(level: Level) -> list[int]:
    return [level.small, level.big, level.ante]


def _encode_tournament(tournament: TournamentTable) -> dict[str, Any]:
    """A sit-and-go's progress as plain data (what the top bar, the log and the places need)."""
    status = tournament.status
    return {
        "level": status.level,
        "stakes": _level(status.stakes),
        "next_stakes": None if status.next_stakes is None else _level(status.next_stakes),
        "starts_next_hand": status.starts_next_hand,
        "hands_left": status.hands_left,
        "seconds_left": status.seconds_left,
        "players_left": status.players_left,
        "entrants": status.entrants,
        "prizes": list(status.prizes),
        "next_hand": _level(tournament.next_hand),
        "finishes": [list(f) for f in tournament.finishes],
        "first_of_level": tournament.first_of_level,
    }


def _decode_level(data: dict[str, Any], key: str) -> Level:
    small, big, ante = _int_list(data, key, 3)
    if not 0 < small <= big:
        raise ProtocolError("bad_message", f"{key} must be small, big and ante chips")
    return Level(small, big, ante)


def _finishes(rows: object, seats: int) -> tuple[tuple[int, int, int], ...]:
    """A sit-and-go's places so far as ``(chair, place, prize)``, strictly checked."""
    if type(rows) is not list or len(rows) > seats:
        raise ProtocolError("bad_message", "finishes must be a list of places")
    finishes = []
    for row in rows:
        chair, place, prize = _int_list({"f": row}, "f", 3)
        if not (0 <= chair < seats and 1 <= place <= seats):
            raise ProtocolError("bad_message", "a place not at the table")
        finishes.append((chair, place, prize))
    return tuple(finishes)


def _tournament_table(data: object, seats: int) -> TournamentTable | None:
    """A sit-and-go's progress from the host, strictly checked."""
    if data is None:
        return None
    if type(data) is not dict:
        raise ProtocolError("bad_message", "tournament must be an object")
    keys = {"level", "stakes", "next_stakes", "starts_next_hand", "hands_left", "seconds_left"}
    keys |= {"players_left", "entrants", "prizes", "next_hand", "finishes", "first_of_level"}
    _keys(data, keys, keys)
    seconds = data["seconds_left"]
    if seconds is not None and (type(seconds) not in (int, float) or not 0 <= seconds < 10**9):
        raise ProtocolError("bad_message", "tournament.seconds_left must be seconds")
    finishes = _finishes(data["finishes"], seats)
    paid = data["prizes"]
    if type(paid) is not list or not 0 < len(paid) <= seats:
        raise ProtocolError("bad_message", "tournament.prizes must be a prize per paid place")
    prizes = _int_list(data, "prizes", len(paid))
    status = TournamentStatus(
        level=_int(data, "level", 1, 10**4),
        stakes=_decode_level(data, "stakes"),
        next_stakes=None if data["next_stakes"] is None else _decode_level(data, "next_stakes"),
        starts_next_hand=_bool(data, "starts_next_hand"),
        hands_left=_opt_int(data, "hands_left", 0, 10**9),
        seconds_left=None if seconds is None else float(seconds),
        players_left=_int(data, "players_left", 0, seats),
        entrants=_int(data, "entrants", 1, seats),
        prizes=tuple(prizes),
    )
    return TournamentTable(
        status, _decode_level(data, "next_hand"), finishes, _bool(data, "first_of_level")
    )


def table_changes(old: TableState, new: TableState) -> dict[str, Any]:
    """The fields of ``new`` that differ from ``old``, encoded as in :func:`encode_table`."""
    if old == new:
        return {}
    before, after = encode_table(old), encode_table(new)
    return {key: value for key, value in after.items() if before[key] != value}


def decode_table(data: object, seats: int) -> TableState:
    """A table state for ``seats`` chairs, strictly checked."""
    if type(data) is not dict:
        raise ProtocolError("bad_message", "table must be an object")
    fields = {
        "stacks",
        "busted",
        "away",
        "hand_number",
        "hands_left",
        "minutes_left",
        "last_hand",
        "hands_won",
        "away_left",
    }
    _keys(data, {*fields, "tournament"}, fields)
    return TableState(
        stacks=tuple(_int_list(data, "stacks", seats)),
        busted=tuple(_int_list(data, "busted", seats, nullable=True)),
        away=tuple(_bool_list(data, "away", seats)),
        hand_number=_int(data, "hand_number", 0, 10**9),
        hands_left=_opt_int(data, "hands_left", 0, 10**9),
        minutes_left=_opt_int(data, "minutes_left", 0, 10**9),
        last_hand=_bool(data, "last_hand"),
        hands_won=tuple(_int_list(data, "hands_won", seats)),
        away_left=_opt_int(data, "away_left", 0, 10**6),
        tournament=_tournament_table(data.get("tournament"), seats),
    )


@dataclass(frozen=True, slots=True)
class Welcome:
    """The server took the hello: your seat (``None`` when watching) and the table.

    ``host`` says this connection is the host's own (it may start the table and open the
    next game); ``game`` counts the games at this table (a new one: a fresh welcome);
    ``reveal_ms`` is the host's pause between hands turned up at a showdown (0: all at
    once), so every screen turns them up one by one at the host's pace.
    """

    seat: int | None
    settings: GameSettings
    host: bool = False
    game: int = 1
    reveal_ms: int = 0
    #: this player's reconnect key for the chair (:mod:`holdem_tui.net.seats`): sent to
    #: their connection alone, to keep for coming back
    seat_token: str | None = None


@dataclass(frozen=True, slots=True)
class Lobby:
    """Waiting for friends: the names seated so far (``None`` = still open).

    ``here`` is true for a chair whose player is at the table and ready (a bot always),
    false for an open chair or one kept for a player who has not come (back) yet.
    """

    names: tuple[str | None, ...]
    here: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    """The table now, as this client may know it: the session's own
    :class:`~holdem_tui.session.snapshot.Snapshot` for its chair, carried as it is.

    ``seq`` numbers the pictures of one connection; ``events`` are the events this picture
    added to the view's history (for a whole ``state``, ``full``, the history so far), in
    the engine's order: a showdown's :class:`~holdem_tui.engine.events.CardsShown` events
    come in the order the hands are turned up.
    """

    snapshot: Snapshot
    seq: int = 0
    events: tuple[Event, ...] = field(default=(), compare=False)
    full: bool = True

    @property
    def table(self) -> TableState:
        """What everyone at the table may know."""
        return self.snapshot.table

    @property
    def view(self) -> PlayerView | None:
        """This client's own view of the hand (``None`` before the first deal)."""
        return self.snapshot.view

    @property
    def decision(self) -> int | None:
        """The number to answer with when ``view.legal`` is this client's turn."""
        return self.snapshot.decision


@dataclass(frozen=True, slots=True)
class Delta:
    """What changed since picture ``seq - 1``; :func:`apply_delta` makes the next ``State``.

    ``table`` holds the changed fields of the table state; ``view`` a view patch of the
    hand numbered ``hand`` (``None``: the view did not change).
    """

    seq: int
    hand: int
    table: dict[str, Any]
    view: dict[str, Any] | None
    decision: int | None
    may_show: tuple[int, ...]
    slips: tuple[tuple[int, Slip], ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """The server will not seat this client (wrong code, name taken...), and why."""

    reason: str
    detail: str


@dataclass(frozen=True, slots=True)
class Error:
    """A message was not accepted; the connection stays (unless the server says it closes)."""

    reason: str
    detail: str
    params: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Over:
    """The session ended: its :class:`~holdem_tui.session.outcome.SessionResult`, the
    host's own, as it is.

    ``again`` says the table stays open: the host may open the next game here, and a
    player's "Play again" (:func:`again`) waits for it.
    """

    result: SessionResult
    again: bool = False
    #: each person's play over the game (VPIP, PFR, showdowns, all-in luck), by chair, as
    #: the host counted it from the whole hands (a seat only ever sees its own views)
    stats: Mapping[int, SeatStats] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Closed:
    """The host closed the table (``reason``: ``host_closed``); the connection ends now."""

    reason: str
    detail: str


ServerMessage = Welcome | Lobby | State | Delta | Refused | Error | Over | Closed


def welcome(
    seat: int | None,
    settings: GameSettings,
    *,
    host: bool = False,
    game: int = 1,
    reveal_ms: int = 0,
    seat_token: str | None = None,
) -> dict[str, Any]:
    """The server's answer to a good hello (and to every seat when a game begins);
    ``seat_token`` only for a client whose hello said it reads one."""
    message = {
        "t": "welcome",
        "seat": seat,
        "settings": public_settings(settings),
        "host": host,
        "game": game,
        "reveal_ms": reveal_ms,
    }
    if seat_token is not None:
        message["seat_token"] = seat_token
    return message


def lobby(names: list[str | None], here: list[bool]) -> dict[str, Any]:
    """Who is seated while the table fills."""
    return {"t": "lobby", "names": names, "here": here}


class FrameEncoder:
    """Views and view patches with each event of a hand encoded only once for all clients.

    Events are frozen values, so the same event (as a given client may see it) always
    encodes the same; nine clients seeing the same action cost one encoding. The cache is
    emptied when a new hand starts.
    """

    def __init__(self) -> None:
        self._events: dict[Event, Any] = {}
        self._hand: int | None = None

    def full(self, view: PlayerView) -> dict[str, Any]:
        """The same data as ``encode_view(view)``."""
        self._hand_of(view)
        data = wire.encode_view(replace(view, history=()))
        data["history"] = [self._event(event) for event in view.history]
        return data

    def patch(self, told: int, view: PlayerView) -> dict[str, Any]:
        """:func:`~holdem_tui.wire.view_patch`: ``view`` for a client told ``told`` events."""
        self._hand_of(view)
        return wire.view_patch(told, view, self._event)

    def _hand_of(self, view: PlayerView) -> None:
        if view.hand_number != self._hand:
            self._events.clear()
            self._hand = view.hand_number

    def _event(self, event: Event) -> Any:
        encoded = self._events.get(event)
        if encoded is None:
            encoded = self._events[event] = wire.encode_event(event)
        return encoded


def state(seq: int, snapshot: Snapshot, encoder: FrameEncoder | None = None) -> dict[str, Any]:
    """One client's whole picture of the table (its snapshot), numbered ``seq``."""
    encode = wire.encode_view if encoder is None else encoder.full
    view = snapshot.view
    return {
        "t": "state",
        "seq": seq,
        "table": encode_table(snapshot.table),
        "view": None if view is None else encode(view),
        "decision": snapshot.decision,
        "may_show": list(snapshot.may_show),
        "slips": _encode_slips(snapshot.slips),
    }


def delta(
    seq: int,
    hand: int,
    table: dict[str, Any],
    view: dict[str, Any] | None,
    snapshot: Snapshot,
) -> dict[str, Any]:
    """What changed since picture ``seq - 1`` (``view``: a patch, ``None`` if unchanged); the
    snapshot's small fields (the decision, who may show, the slips) are sent as they are."""
    if view is not None and wire.view_patch_is_empty(view):
        view = None
    return {
        "t": "delta",
        "seq": seq,
        "hand": hand,
        "table": table,
        "view": view,
        "decision": snapshot.decision,
        "may_show": list(snapshot.may_show),
        "slips": _encode_slips(snapshot.slips),
    }


def _encode_slips(slips: tuple[tuple[int, Slip], ...]) -> list[list[Any]]:
    return [[index, slip.value] for index, slip in slips]


def _decode_slips(data: Mapping[str, Any]) -> tuple[tuple[int, Slip], ...]:
    value = data.get("slips")
    if type(value) is not list or len(value) > 4096:
        raise ProtocolError("bad_message", "slips must be a list")
    slips: list[tuple[int, Slip]] = []
    for item in value:
        if type(item) is not list or len(item) != 2 or item[1] not in set(Slip):
            raise ProtocolError("bad_message", "a slip is a decision number and its kind")
        slips.append((_int({"i": item[0]}, "i", 0, 2**31), Slip(item[1])))
    return tuple(slips)


def _decode_may_show(data: Mapping[str, Any], seats: int) -> tuple[int, ...]:
    value = data.get("may_show")
    if type(value) is not list or len(value) > seats:
        raise ProtocolError("bad_message", "may_show must be a list of chairs")
    return tuple(_int({"s": item}, "s", 0, seats - 1) for item in value)


def apply_delta(current: State | None, message: Delta) -> State:
    """The picture ``message`` makes of ``current``, or ``ProtocolError("out_of_step")``.

    Out of step: no picture yet or none with a view, a picture number skipped, another
    hand, or a patch that does not apply cleanly (every field checked as in a whole
    ``state``). The client then asks for a whole ``state`` (:func:`sync`).
    """
    if current is None or current.view is None:
        raise ProtocolError("out_of_step", "a delta before any whole state")
    if message.seq != current.seq + 1:
        raise ProtocolError("out_of_step", f"picture {message.seq} after {current.seq}")
    if message.hand != current.view.hand_number:
        raise ProtocolError("out_of_step", f"a delta for hand {message.hand}")
    try:
        view = current.view
        events: tuple[Event, ...] = ()
        if message.view is not None:
            view = wire.apply_view_patch(current.view, message.view)
            events = view.history[len(current.view.history) :]
        table = current.table
        if message.table:
            merged = encode_table(current.table)
            unknown = set(message.table) - set(merged)
            if unknown:
                raise ProtocolError("bad_message", f"unknown table field {sorted(unknown)[0]!r}")
            merged.update(message.table)
            table = decode_table(merged, len(current.table.stacks))
    except wire.WireError as exc:
        raise ProtocolError("out_of_step", str(exc)) from None
    except ProtocolError as exc:
        raise ProtocolError("out_of_step", exc.detail) from None
    if message.decision is not None and view.legal is None:
        raise ProtocolError("out_of_step", "a decision without legal actions")
    snapshot = Snapshot(table, view, message.decision, message.may_show, message.slips)
    return State(snapshot, message.seq, events, full=False)


def refused(reason: str, detail: str) -> dict[str, Any]:
    """Not seated; the server closes the connection after this."""
    return {"t": "refused", "reason": reason, "detail": detail}


def error(reason: str, detail: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A message refused; ``params`` fill the translated text of an illegal action."""
    clean = {k: v for k, v in (params or {}).items() if type(v) in (int, str)}
    return {"t": "error", "reason": reason, "detail": detail[:300], "params": clean}


def over(
    result: SessionResult,
    *,
    again: bool = False,
    stats: Mapping[int, SeatStats] | None = None,
) -> dict[str, Any]:
    """The session's end (``again``: the table stays open for the next game)."""
    best = result.biggest_pot
    return {
        "t": "over",
        "result": {
            "reason": result.reason.value,
            "hands": result.hands,
            "elapsed": result.elapsed,
            "buy_in": result.buy_in,
            "stacks": list(result.stacks),
            "busted": list(result.busted),
            "hands_won": list(result.hands_won),
            "rebuys": list(result.rebuys),
            "history": [list(row) for row in result.history],
            "biggest_pot": None if best is None else [best.amount, best.hand_number, *best.winners],
            "tournament": result.tournament,
            "finishes": [list(f) for f in result.finishes],
        },
        "again": again,
        "stats": [{"seat": seat, **asdict(s)} for seat, s in sorted((stats or {}).items())],
    }


def _decode_result(data: object, seats: int) -> SessionResult:
    """A session's results for ``seats`` chairs, strictly checked."""
    if type(data) is not dict:
        raise ProtocolError("bad_message", "result must be an object")
    keys = {"reason", "hands", "elapsed", "buy_in", "stacks", "busted", "hands_won", "rebuys"}
    keys |= {"history", "biggest_pot", "tournament", "finishes"}
    _keys(data, keys, keys)
    reason = _str(data, "reason", 16)
    if reason not in set(EndReason):
        raise ProtocolError("bad_message", f"unknown end reason {reason[:16]!r}")
    elapsed = data["elapsed"]
    if type(elapsed) not in (int, float) or not 0 <= elapsed <= 10**9:
        raise ProtocolError("bad_message", "elapsed must be seconds in range")
    history = data["history"]
    if type(history) is not list or len(history) > 10**6:
        raise ProtocolError("bad_message", "history must be a list")
    rows = tuple(tuple(_int_list({"h": row}, "h", seats)) for row in history)
    best = data["biggest_pot"]
    biggest = None
    if best is not None:
        if type(best) is not list or not 2 <= len(best) <= seats + 2:
            raise ProtocolError("bad_message", "biggest_pot must be an amount, a hand, winners")
        amount, hand, *winners = _int_list({"b": best}, "b", len(best))
        if any(not 0 <= w < seats for w in winners):
            raise ProtocolError("bad_message", "a winner not at the table")
        biggest = BiggestPot(amount, hand, tuple(winners))
    return SessionResult(
        reason=EndReason(reason),
        hands=_int(data, "hands", 0, 10**9),
        elapsed=float(elapsed),
        buy_in=_int(data, "buy_in", 1, 10**9),
        stacks=tuple(_int_list(data, "stacks", seats)),
        busted=tuple(_int_list(data, "busted", seats, nullable=True)),
        hands_won=tuple(_int_list(data, "hands_won", seats)),
        rebuys=tuple(_int_list(data, "rebuys", seats)),
        history=rows,
        biggest_pot=biggest,
        tournament=_bool(data, "tournament"),
        finishes=_finishes(data["finishes"], seats),
    )


#: the counts of :class:`SeatStats` on the wire; the one share of chips is ``all_in_worth``
_STAT_COUNTS: Final = tuple(f.name for f in fields(SeatStats) if f.type in (int, "int"))
_STAT_FIELDS: Final = frozenset(f.name for f in fields(SeatStats))
#: more than any session plays, and more chips than a table can hold: a count past it is a lie
_MAX_STAT: Final = 10**12


def _seat_stats(value: object, seats: int) -> dict[int, SeatStats]:
    """The ``stats`` of an ``over``: one entry per chair at most, every count in range."""
    if type(value) is not list or len(value) > seats:
        raise ProtocolError("bad_message", f"stats must be a list of at most {seats}")
    found: dict[int, SeatStats] = {}
    for entry in value:
        if type(entry) is not dict:
            raise ProtocolError("bad_message", "stats must hold objects")
        _keys(entry, {"seat", *_STAT_FIELDS}, {"seat", *_STAT_FIELDS})
        seat = _int(entry, "seat", 0, seats - 1)
        if seat in found:
            raise ProtocolError("bad_message", f"stats name chair {seat} twice")
        counts = {name: _int(entry, name, 0, _MAX_STAT) for name in _STAT_COUNTS}
        worth = entry["all_in_worth"]
        if type(worth) not in (int, float) or not math.isfinite(worth) or abs(worth) > _MAX_STAT:
            raise ProtocolError("bad_message", "all_in_worth must be a number in range")
        found[seat] = SeatStats(**counts, all_in_worth=float(worth))
    return found


def closed(reason: str, detail: str) -> dict[str, Any]:
    """The table closes; the connection ends after this."""
    return {"t": "closed", "reason": reason, "detail": detail}


def decode_server(data: dict[str, Any], seats: int | None) -> ServerMessage:
    """A server message (after :func:`parse_line`); ``seats`` is known once welcomed."""
    kind = data["t"]
    if kind == "welcome":
        keys = {"seat", "settings", "host", "game", "reveal_ms"}
        _keys(data, {"v", "t", "seat_token", *keys}, keys)
        settings = decode_settings(data["settings"], lang="en", pace="normal")
        seat = _opt_int(data, "seat", 0, len(settings.seats) - 1)
        seat_token = None if data.get("seat_token") is None else _str(data, "seat_token", MAX_TOKEN)
        return Welcome(
            seat,
            settings,
            _bool(data, "host"),
            _int(data, "game", 1, 10**9),
            _int(data, "reveal_ms", 0, 60_000),
            seat_token,
        )
    if kind == "closed":
        _keys(data, {"v", "t", "reason", "detail"}, {"reason", "detail"})
        return Closed(_str(data, "reason", 64), _str(data, "detail", 400))
    if kind in ("refused", "error"):
        allowed = {"v", "t", "reason", "detail"} | ({"params"} if kind == "error" else set())
        _keys(data, allowed, allowed - {"v"})
        reason, detail = _str(data, "reason", 64), _str(data, "detail", 400)
        if kind == "refused":
            return Refused(reason, detail)
        params = data["params"]
        if type(params) is not dict or len(params) > 8:
            raise ProtocolError("bad_message", "params must be a small object")
        return Error(reason, detail, dict(params))
    if seats is None:
        raise ProtocolError("bad_message", f"{kind[:32]!r} before welcome")
    if kind == "lobby":
        _keys(data, {"v", "t", "names", "here"}, {"names", "here"})
        names = data["names"]
        if type(names) is not list or len(names) != seats:
            raise ProtocolError("bad_message", "names must list every seat")
        if any(n is not None and (type(n) is not str or len(n) > MAX_NAME) for n in names):
            raise ProtocolError("bad_message", "a bad name")
        here = _bool_list(data, "here", seats)
        if None in here:
            raise ProtocolError("bad_message", "here holds a bad flag")
        return Lobby(tuple(names), tuple(bool(h) for h in here))
    if kind == "state":
        keys = {"seq", "table", "view", "decision", "may_show", "slips"}
        _keys(data, {"v", "t", *keys}, keys)
        table = decode_table(data["table"], seats)
        view = None
        if data["view"] is not None:
            try:
                view = wire.decode_view(data["view"])
            except wire.WireError as exc:
                raise ProtocolError("bad_message", str(exc)) from None
        decision = _opt_int(data, "decision", 0, 2**53)
        if decision is not None and (view is None or view.legal is None):
            raise ProtocolError("bad_message", "a decision without legal actions")
        seq = _int(data, "seq", 0, 2**53)
        history = () if view is None else view.history
        shown = _decode_may_show(data, seats)
        snapshot = Snapshot(table, view, decision, shown, _decode_slips(data))
        return State(snapshot, seq, history)
    if kind == "delta":
        keys = {"seq", "hand", "table", "view", "decision", "may_show", "slips"}
        _keys(data, {"v", "t", *keys}, keys)
        table_data, patch = data["table"], data["view"]
        if type(table_data) is not dict or len(table_data) > 16:
            raise ProtocolError("bad_message", "table must be an object of changed fields")
        if patch is not None and type(patch) is not dict:
            raise ProtocolError("bad_message", "view must be a patch object or null")
        return Delta(
            _int(data, "seq", 1, 2**53),
            _int(data, "hand", 0, 10**9),
            table_data,
            patch,
            _opt_int(data, "decision", 0, 2**53),
            _decode_may_show(data, seats),
            _decode_slips(data),
        )
    if kind == "over":
        keys = {"result", "again"}
        _keys(data, {"v", "t", "stats", *keys}, keys)  # a host without stats sends none
        result = _decode_result(data["result"], seats)
        stats = _seat_stats(data.get("stats", []), seats)
        return Over(result, _bool(data, "again"), stats)
    raise ProtocolError("bad_message", f"unknown message type {kind[:32]!r}")
