"""What the table says to a client: welcome, lobby, state, delta, refused, error, over,
closed; each as a frozen message the client reads, a builder the server sends, the
:class:`FrameEncoder` that keeps a connection's pictures small, :func:`apply_delta` (a
client's check that its copy is in step) and :func:`decode_server`, the strict reader."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Final

from holdem_tui import wire
from holdem_tui.engine.events import Event
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings, Pace
from holdem_tui.net.protocol.fields import (
    MAX_NAME,
    MAX_TOKEN,
    ProtocolError,
    check_keys,
    read,
    read_bool,
    read_bool_list,
    read_chips,
    read_int,
    read_int_list,
    read_opt_int,
    read_str,
    refused_as,
)
from holdem_tui.net.protocol.table import (
    decode_finishes,
    decode_settings,
    decode_table,
    encode_table,
    public_settings,
)
from holdem_tui.review.stats import SeatStats
from holdem_tui.session.narrate import Slip
from holdem_tui.session.outcome import BiggestPot, EndReason, SessionResult
from holdem_tui.session.snapshot import Snapshot, TableState


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
    slips: list[tuple[int, Slip]] = []
    for index, item in enumerate(read.items(data.get("slips"), "slips")):
        path = f"slips[{index}]"
        number, kind = read.items(item, path, count=2)
        slip = Slip(read.choice(kind, f"{path}[1]", set(Slip)))
        slips.append((read.whole(number, f"{path}[0]", 0, 2**31), slip))
    return tuple(slips)


def _decode_may_show(data: Mapping[str, Any], seats: int) -> tuple[int, ...]:
    value = read.items(data.get("may_show"), "may_show", limit=seats)
    return tuple(read.whole(item, f"may_show[{i}]", 0, seats - 1) for i, item in enumerate(value))


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
    except (wire.WireError, ProtocolError) as exc:
        raise refused_as("out_of_step", exc) from None
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
            "biggest_pot": None if best is None else best.to_list(),
            "tournament": result.tournament,
            "finishes": [list(f) for f in result.finishes],
        },
        "again": again,
        "stats": [{"seat": seat, **asdict(s)} for seat, s in sorted((stats or {}).items())],
    }


def _decode_result(data: object, seats: int) -> SessionResult:
    """A session's results for ``seats`` chairs, strictly checked."""
    data = read.json_object(data, "result")
    keys = {"reason", "hands", "elapsed", "buy_in", "stacks", "busted", "hands_won", "rebuys"}
    keys |= {"history", "biggest_pot", "tournament", "finishes"}
    check_keys(data, keys, keys)
    reason = read_str(data, "reason", 16)
    if reason not in set(EndReason):
        raise ProtocolError("bad_message", f"unknown end reason {reason[:16]!r}")
    elapsed = read.number(data["elapsed"], "elapsed", 0, 10**9)
    history = read.items(data["history"], "history", limit=10**6)
    rows = tuple(tuple(read_chips(row, f"history[{i}]", seats)) for i, row in enumerate(history))
    best = data["biggest_pot"]
    biggest = None
    if best is not None:
        if type(best) is not list or not 2 <= len(best) <= seats + 2:
            raise ProtocolError("bad_message", "biggest_pot must be an amount, a hand, winners")
        biggest = BiggestPot.from_list(read_chips(best, "biggest_pot", len(best)))
        if any(not 0 <= w < seats for w in biggest.winners):
            raise ProtocolError("bad_message", "a winner not at the table")
    return SessionResult(
        reason=EndReason(reason),
        hands=read_int(data, "hands", 0, 10**9),
        elapsed=elapsed,
        buy_in=read_int(data, "buy_in", 1, 10**9),
        stacks=tuple(read_int_list(data, "stacks", seats)),
        busted=tuple(read_int_list(data, "busted", seats, nullable=True)),
        hands_won=tuple(read_int_list(data, "hands_won", seats)),
        rebuys=tuple(read_int_list(data, "rebuys", seats)),
        history=rows,
        biggest_pot=biggest,
        tournament=read_bool(data, "tournament"),
        finishes=decode_finishes(data["finishes"], seats),
    )


#: the counts of :class:`SeatStats` on the wire; the one share of chips is ``all_in_worth``
_STAT_COUNTS: Final = tuple(f.name for f in fields(SeatStats) if f.type in (int, "int"))
_STAT_FIELDS: Final = frozenset(f.name for f in fields(SeatStats))
#: more than any session plays, and more chips than a table can hold: a count past it is a lie
_MAX_STAT: Final = 10**12


def _seat_stats(value: object, seats: int) -> dict[int, SeatStats]:
    """The ``stats`` of an ``over``: one entry per chair at most, every count in range."""
    found: dict[int, SeatStats] = {}
    for index, item in enumerate(read.items(value, "stats", limit=seats)):
        entry = read.json_object(item, f"stats[{index}]")
        check_keys(entry, {"seat", *_STAT_FIELDS}, {"seat", *_STAT_FIELDS})
        seat = read_int(entry, "seat", 0, seats - 1)
        if seat in found:
            raise ProtocolError("bad_message", f"stats name chair {seat} twice")
        counts = {name: read_int(entry, name, 0, _MAX_STAT) for name in _STAT_COUNTS}
        worth = read.number(entry["all_in_worth"], "all_in_worth", -_MAX_STAT, _MAX_STAT)
        found[seat] = SeatStats(**counts, all_in_worth=worth)
    return found


def closed(reason: str, detail: str) -> dict[str, Any]:
    """The table closes; the connection ends after this."""
    return {"t": "closed", "reason": reason, "detail": detail}


def decode_server(data: dict[str, Any], seats: int | None) -> ServerMessage:
    """A server message (after :func:`parse_line`); ``seats`` is known once welcomed."""
    kind = data["t"]
    if kind == "welcome":
        keys = {"seat", "settings", "host", "game", "reveal_ms"}
        check_keys(data, {"v", "t", "seat_token", *keys}, keys)
        settings = decode_settings(data["settings"], lang="en", pace=Pace.NORMAL.value)
        seat = read_opt_int(data, "seat", 0, len(settings.seats) - 1)
        seat_token = (
            None if data.get("seat_token") is None else read_str(data, "seat_token", MAX_TOKEN)
        )
        return Welcome(
            seat,
            settings,
            read_bool(data, "host"),
            read_int(data, "game", 1, 10**9),
            read_int(data, "reveal_ms", 0, 60_000),
            seat_token,
        )
    if kind == "closed":
        check_keys(data, {"v", "t", "reason", "detail"}, {"reason", "detail"})
        return Closed(read_str(data, "reason", 64), read_str(data, "detail", 400))
    if kind in ("refused", "error"):
        allowed = {"v", "t", "reason", "detail"} | ({"params"} if kind == "error" else set())
        check_keys(data, allowed, allowed - {"v"})
        reason, detail = read_str(data, "reason", 64), read_str(data, "detail", 400)
        if kind == "refused":
            return Refused(reason, detail)
        params = data["params"]
        if type(params) is not dict or len(params) > 8:
            raise ProtocolError("bad_message", "params must be a small object")
        return Error(reason, detail, dict(params))
    if seats is None:
        raise ProtocolError("bad_message", f"{kind[:32]!r} before welcome")
    if kind == "lobby":
        check_keys(data, {"v", "t", "names", "here"}, {"names", "here"})
        names = read.items(data["names"], "names", count=seats)
        for index, name in enumerate(names):
            if name is not None:
                read.text(name, f"names[{index}]", MAX_NAME)
        here = read_bool_list(data, "here", seats)
        if None in here:
            raise ProtocolError("bad_message", "here holds a bad flag")
        return Lobby(tuple(names), tuple(bool(h) for h in here))
    if kind == "state":
        keys = {"seq", "table", "view", "decision", "may_show", "slips"}
        check_keys(data, {"v", "t", *keys}, keys)
        table = decode_table(data["table"], seats)
        view = None
        if data["view"] is not None:
            try:
                view = wire.decode_view(data["view"])
            except wire.WireError as exc:
                raise refused_as("bad_message", exc) from None
        decision = read_opt_int(data, "decision", 0, 2**53)
        if decision is not None and (view is None or view.legal is None):
            raise ProtocolError("bad_message", "a decision without legal actions")
        seq = read_int(data, "seq", 0, 2**53)
        history = () if view is None else view.history
        shown = _decode_may_show(data, seats)
        snapshot = Snapshot(table, view, decision, shown, _decode_slips(data))
        return State(snapshot, seq, history)
    if kind == "delta":
        keys = {"seq", "hand", "table", "view", "decision", "may_show", "slips"}
        check_keys(data, {"v", "t", *keys}, keys)
        table_data, patch = data["table"], data["view"]
        if type(table_data) is not dict or len(table_data) > 16:
            raise ProtocolError("bad_message", "table must be an object of changed fields")
        if patch is not None:
            read.json_object(patch, "view")
        return Delta(
            read_int(data, "seq", 1, 2**53),
            read_int(data, "hand", 0, 10**9),
            table_data,
            patch,
            read_opt_int(data, "decision", 0, 2**53),
            _decode_may_show(data, seats),
            _decode_slips(data),
        )
    if kind == "over":
        keys = {"result", "again"}
        check_keys(data, {"v", "t", "stats", *keys}, keys)  # a host without stats sends none
        result = _decode_result(data["result"], seats)
        stats = _seat_stats(data.get("stats", []), seats)
        return Over(result, read_bool(data, "again"), stats)
    raise ProtocolError("bad_message", f"unknown message type {kind[:32]!r}")
