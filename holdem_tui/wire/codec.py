"""The wire schema: PlayerView, LegalActions, events and actions as plain JSON-able data.

Why one module: a plugin bot runs in its own process and a network seat on another machine;
both receive a *copy* of what a seat may know and send back an action. Encoding is trivial;
decoding is the boundary where hostile data arrives, so every decoder here is strict, built
on the one framework of strict readers (:mod:`holdem_tui.wire.strict`, which the network
protocol reads its messages with too): it checks the version, every key (none missing, none
unknown), every type (``True`` is not an integer, ``1.5`` is not a chip count), every range
(bounded integers, strings and sequences, cards ``2c``..``As``) and raises one
:class:`WireError` naming the path of the first bad field. Nothing it returns shares an
object with what was encoded, which is also why :func:`copy_view` (decode of encode) is the
deep copy built-in bots are handed.

The schema (version :data:`~holdem_tui.wire.strict.VERSION`, the one the protocol carries)
------------------------------------------------------------------------------------------
* a card is its two-character text, ``"As"``; an enum is its value, ``"preflop"``;
* a dataclass is an object with exactly its field names; a tuple is an array;
* an event is an object whose ``"type"`` is the event class name (``"PlayerActed"``) plus its
  fields; a view, an action and legal actions carry ``"v": 5`` at the top level;
* a bot's reason (an optional message beside an action, which a reader that does not know
  it never receives) is ``{"v": 5, "key": ..., "params": {...}}``, checked by
  :func:`holdem_tui.engine.decision.reason_from_data`.
* a view patch (:func:`view_patch`) turns one view of a hand into a later view of the
  same hand for the same viewer: ``{"fields": {...}, "seats": [...], "events": [...]}``, the
  top-level fields that move (only those in :data:`VIEW_PATCH_FIELDS`), per seat the new
  events changed its ``position`` and the fields that move (only :data:`SEAT_PATCH_FIELDS`),
  and the events added to the history since, as the viewer sees them.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, Final, TypeVar, Union

from holdem_tui.engine import events as events_module
from holdem_tui.engine.actions import Action, ActionKind, LegalActions
from holdem_tui.engine.cards import Card, parse_card
from holdem_tui.engine.decision import Reason, reason_from_data, reason_to_data
from holdem_tui.engine.events import Event, seats_changed
from holdem_tui.engine.view import PlayerView, SeatView
from holdem_tui.wire import strict
from holdem_tui.wire.strict import MAX_DEPTH as MAX_DEPTH
from holdem_tui.wire.strict import (
    MAX_ITEMS,
    MAX_JSON_BYTES,
    VERSION,
    VERSION_KEY,
    StrictError,
    describe,
)
from holdem_tui.wire.strict import to_json as to_json

#: the version every wire object carries: the game's one version (see :mod:`.strict`)
WIRE_VERSION: Final = VERSION

#: the view's fields that move during a hand: the only ones a patch may carry (the rest,
#: the hand number, the viewer, the variant and the stakes, are fixed for the hand)
VIEW_PATCH_FIELDS: Final = ("street", "board", "pots", "total_pot", "to_act", "legal", "complete")
#: a seat's fields that move during a hand (its chair, name, blind and button are fixed)
SEAT_PATCH_FIELDS: Final = (
    "stack",
    "bet",
    "invested",
    "folded",
    "all_in",
    "card_count",
    "cards",
    "shown",
    "drawn",
)
_VERSION_KEY = VERSION_KEY
_TYPE_KEY = "type"


class WireError(StrictError):
    """Data that is not a valid wire object; ``path`` names the first bad field, ``reason``
    is ``version`` for another version, ``bad_frame`` for bad JSON text, else
    ``bad_message``."""


#: the strict readers, refusing with :class:`WireError`
_strict = strict.Strict(WireError)


def _bad(path: str, why: str) -> WireError:
    """The refusal of the field at ``path`` (``bad_message``)."""
    return WireError(strict.BAD_MESSAGE, f"{path}: {why}", path)


def from_json(text: str | bytes, *, max_bytes: int = MAX_JSON_BYTES) -> object:
    """Parse one message's JSON text, bounded in size and nesting before the parser runs
    (:func:`holdem_tui.wire.strict.from_json`, refusing with :class:`WireError`)."""
    return strict.from_json(text, max_bytes=max_bytes, error=WireError)


# ---------------------------------------------------------------- encoding


def _encode(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {}
        if isinstance(value, Event):
            out[_TYPE_KEY] = type(value).__name__
        for f in dataclasses.fields(value):
            out[f.name] = _encode(getattr(value, f.name))
        return out
    raise TypeError(f"cannot put {type(value).__name__} on the wire")


def _versioned(value: object) -> dict[str, Any]:
    encoded = _encode(value)
    assert isinstance(encoded, dict)
    return {_VERSION_KEY: WIRE_VERSION, **encoded}


def encode_view(view: PlayerView) -> dict[str, Any]:
    """A seat's view as plain data (with the schema version)."""
    return _versioned(view)


def encode_legal(legal: LegalActions) -> dict[str, Any]:
    """Legal actions as plain data (with the schema version)."""
    return _versioned(legal)


def encode_action(action: Action) -> dict[str, Any]:
    """An action as plain data (with the schema version)."""
    return _versioned(action)


def encode_reason(reason: Reason) -> dict[str, Any]:
    """A bot's reason as plain data (with the schema version)."""
    return {_VERSION_KEY: WIRE_VERSION, **reason_to_data(reason)}


def decode_reason(data: object) -> Reason:
    """A bot's reason from plain data, strictly checked (bounded key, params and text)."""
    message = _strict.json_object(data, "reason")
    _strict.version(message, "reason")
    body = {k: v for k, v in message.items() if k != _VERSION_KEY}
    try:
        return reason_from_data(body)
    except ValueError as exc:
        raise _bad("reason", str(exc)) from None


def encode_event(event: Event) -> dict[str, Any]:
    """One event as plain data, tagged with its class name."""
    encoded = _encode(event)
    assert isinstance(encoded, dict)
    return encoded


# ---------------------------------------------------------------- decoding

_Decoder = Callable[[object, str], Any]
T = TypeVar("T")

_EVENT_CLASSES: dict[str, type[Event]] = {
    name: cls
    for name, cls in vars(events_module).items()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
}


def _decode_float(value: object, path: str) -> float:
    return _strict.number(value, path, -float("inf"), float("inf"))


def _decode_card(value: object, path: str) -> Card:
    if type(value) is not str or len(value) != 2:
        raise _bad(path, f"expected a card such as 'As', got {describe(value)}")
    try:
        return parse_card(value)
    except ValueError:
        raise _bad(path, f"not a card: {describe(value)}") from None


def _enum_decoder(cls: type[Enum]) -> _Decoder:
    values = {member.value: member for member in cls}

    def decode(value: object, path: str) -> Enum:
        return values[_strict.choice(value, path, values)]

    return decode


def _tuple_decoder(item: _Decoder) -> _Decoder:
    def decode(value: object, path: str) -> tuple[Any, ...]:
        items = _strict.items(value, path)
        return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(items))

    return decode


def _pair_decoder(items: tuple[_Decoder, ...]) -> _Decoder:
    def decode(value: object, path: str) -> tuple[Any, ...]:
        pair = _strict.items(value, path, count=len(items))
        return tuple(d(v, f"{path}[{i}]") for i, (d, v) in enumerate(zip(items, pair, strict=True)))

    return decode


def _optional_decoder(inner: _Decoder) -> _Decoder:
    def decode(value: object, path: str) -> Any:
        return None if value is None else inner(value, path)

    return decode


_SCALARS: dict[object, _Decoder] = {
    int: _strict.whole,
    bool: _strict.flag,
    str: _strict.text,
    float: _decode_float,
    Card: _decode_card,
}


def _decoder_for(hint: object) -> _Decoder:
    """Build the strict decoder for one annotated type."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1 and len(args) == 2:
            return _optional_decoder(_decoder_for(inner[0]))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_decoder(_decoder_for(args[0]))
        return _pair_decoder(tuple(_decoder_for(a) for a in args))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return _enum_decoder(hint)
    if hint is Event:
        return _decode_event_at
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    raise TypeError(f"no wire decoder for {hint!r}")


_DATACLASS_DECODERS: dict[type, _Decoder] = {}


def _dataclass_decoder(cls: type[T], extra: frozenset[str] = frozenset()) -> _Decoder:
    """Decoder for a dataclass: exactly its fields (plus ``extra`` keys checked elsewhere)."""
    cached = _DATACLASS_DECODERS.get(cls)
    if cached is not None and not extra:
        return cached
    hints = typing.get_type_hints(cls)
    fields = [(f.name, f) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    required = {name for name, f in fields if f.default is dataclasses.MISSING}
    decoders: dict[str, _Decoder] = {}

    def decode(value: object, path: str) -> T:
        data = _strict.json_object(value, path)
        _strict.keys(data, path, decoders.keys() | extra, required)
        kwargs = {
            name: decoders[name](data[name], f"{path}.{name}") for name in decoders if name in data
        }
        return cls(**kwargs)

    if not extra:
        _DATACLASS_DECODERS[cls] = decode
    for name, _f in fields:  # filled after caching so recursive types resolve
        decoders[name] = _decoder_for(hints[name])
    return decode


def _decode_event_at(value: object, path: str) -> Event:
    if type(value) is not dict:
        raise _bad(path, f"expected an event object, got {describe(value)}")
    kind = value.get(_TYPE_KEY)
    cls = _EVENT_CLASSES.get(kind) if type(kind) is str else None
    if cls is None:
        raise _bad(f"{path}.{_TYPE_KEY}", f"unknown event type {describe(kind)}")
    decoded: Event = _EVENT_DECODERS[cls](value, path)
    return decoded


_EVENT_DECODERS: dict[type[Event], _Decoder] = {}


def _top(cls: type[T], name: str) -> Callable[[object], T]:
    """A decoder for a versioned top-level message of type ``cls``."""
    inner = _dataclass_decoder(cls, frozenset({_VERSION_KEY}))

    def decode(data: object) -> T:
        _strict.version(_strict.json_object(data, name), name)
        result: T = inner(data, name)
        return result

    return decode


for _cls in _EVENT_CLASSES.values():
    _EVENT_DECODERS[_cls] = _dataclass_decoder(_cls, frozenset({_TYPE_KEY}))

_decode_view_message = _top(PlayerView, "view")
_decode_legal_message = _top(LegalActions, "legal")
_decode_action_message = _top(Action, "action")


def decode_event(data: object) -> Event:
    """One event from plain data; :class:`WireError` names the first bad field."""
    return _decode_event_at(data, "event")


def decode_legal(data: object) -> LegalActions:
    """Legal actions from plain data; :class:`WireError` names the first bad field."""
    legal = _decode_legal_message(data)
    _check_legal(legal, "legal")
    return legal


def decode_action(data: object) -> Action:
    """An action from plain data (what a plugin or a remote seat answers), strictly checked.

    Beyond types: a bet/raise carries an amount and nothing else does, a draw lists at
    most five distinct cards and nothing else lists any. Whether it is *legal now* is the
    engine's question, not the wire's.
    """
    action = _decode_action_message(data)
    sized = action.kind in (ActionKind.BET, ActionKind.RAISE)
    if sized and action.amount is None:
        raise _bad("action.amount", f"a {action.kind.value} needs an amount")
    if not sized and action.amount is not None:
        raise _bad("action.amount", f"a {action.kind.value} carries no amount")
    if action.amount is not None and action.amount < 0:
        raise _bad("action.amount", "negative amount")
    if action.discards and action.kind is not ActionKind.DRAW:
        raise _bad("action.discards", f"a {action.kind.value} discards nothing")
    if len(action.discards) > 5 or len(set(action.discards)) != len(action.discards):
        raise _bad("action.discards", "at most five different cards")
    return action


def decode_view(data: object) -> PlayerView:
    """A seat's view from plain data, strictly checked, sharing nothing with ``data``.

    Beyond types it checks what code reading a view relies on: seats numbered by position,
    ``me``, ``to_act`` and every pot's eligible positions inside the table, the legal actions
    (when present) belonging to ``me``, no card seen twice.
    """
    view = _decode_view_message(data)
    _check_view(view)
    return view


def _check_view(view: PlayerView) -> None:
    n = len(view.seats)
    if not 1 <= n <= 10:
        raise _bad("view.seats", f"{n} seats, expected 1 to 10")
    for i, seat in enumerate(view.seats):
        if seat.position != i:
            raise _bad(f"view.seats[{i}].position", f"is {seat.position}, expected {i}")
        for name in ("stack", "bet", "card_count"):
            if getattr(seat, name) < 0:
                raise _bad(f"view.seats[{i}].{name}", "negative")
    for name, value in (("me", view.me), ("to_act", view.to_act)):
        if value is not None and not 0 <= value < n:
            raise _bad(f"view.{name}", f"position {value} is not at this table")
    for k, pot in enumerate(view.pots):
        if pot.amount < 0 or any(not 0 <= p < n for p in pot.eligible):
            raise _bad(f"view.pots[{k}]", "negative amount or a position not at the table")
    if view.legal is not None:
        if view.legal.player != view.me:
            raise _bad("view.legal.player", "legal actions for another seat")
        _check_legal(view.legal, "view.legal")
    seen = list(view.board)
    for seat in view.seats:
        seen.extend(seat.cards or ())
    if len(set(seen)) != len(seen):
        raise _bad("view", "a card is seen twice")
    if len(view.history) > MAX_ITEMS:
        raise _bad("view.history", f"more than {MAX_ITEMS} items")


def _check_legal(legal: LegalActions, path: str) -> None:
    for name in ("call_amount", "min_raise_to", "max_raise_to", "stack", "max_discards"):
        if getattr(legal, name) < 0:
            raise _bad(f"{path}.{name}", "negative")
    if legal.can_raise and legal.min_raise_to > legal.max_raise_to:
        raise _bad(f"{path}.min_raise_to", "above max_raise_to")


def copy_view(view: PlayerView) -> PlayerView:
    """A deep copy of ``view`` that shares no object with it (pots and history included).

    Built-in bots run in the game's process; handing them this copy means nothing they do
    to their view, even ``object.__setattr__`` on a frozen pot, can reach the engine.
    """
    return decode_view(encode_view(view))


# ---------------------------------------------------------------- view patches


def view_patch(
    told: int,
    new: PlayerView,
    event_encoder: Callable[[Event], dict[str, Any]] = encode_event,
) -> dict[str, Any]:
    """What moves a viewer's view of a hand on to ``new`` as plain data, from what happened.

    ``told`` is how many events of the hand's history the viewer has: the patch carries the
    events since, the view's moving fields as they are now, and every seat those events
    changed (:func:`~holdem_tui.engine.events.seats_changed`); nothing is compared with the
    view before. ``event_encoder`` lets a caller encode each event once for many viewers.
    """
    added = new.history[told:]
    fields = {name: _encode(getattr(new, name)) for name in VIEW_PATCH_FIELDS}
    changed = seats_changed(added)
    positions = range(len(new.seats)) if changed is None else sorted(changed)
    seats = [
        {
            "position": position,
            **{name: _encode(getattr(new.seats[position], name)) for name in SEAT_PATCH_FIELDS},
        }
        for position in positions
        if position < len(new.seats)
    ]
    return {"fields": fields, "seats": seats, "events": [event_encoder(e) for e in added]}


def view_patch_is_empty(patch: dict[str, Any]) -> bool:
    """Whether a patch from :func:`encode_view_patch` changes nothing."""
    return not (patch["fields"] or patch["seats"] or patch["events"])


_PATCH_DECODERS: dict[str, _Decoder] = {}
_SEAT_PATCH_DECODERS: dict[str, _Decoder] = {}


def _patch_decoders() -> tuple[dict[str, _Decoder], dict[str, _Decoder]]:
    if not _PATCH_DECODERS:
        view_hints = typing.get_type_hints(PlayerView)
        seat_hints = typing.get_type_hints(SeatView)
        _PATCH_DECODERS.update((n, _decoder_for(view_hints[n])) for n in VIEW_PATCH_FIELDS)
        _SEAT_PATCH_DECODERS.update((n, _decoder_for(seat_hints[n])) for n in SEAT_PATCH_FIELDS)
    return _PATCH_DECODERS, _SEAT_PATCH_DECODERS


def apply_view_patch(old: PlayerView, data: object) -> PlayerView:
    """``old`` with a patch from :func:`encode_view_patch` applied, strictly checked.

    The patch is hostile data like any other: exactly its three keys, only the fields a
    patch may carry, each decoded as in a whole view, seats named once each by a position at
    this table; and the view it makes must pass every check :func:`decode_view` makes.
    Costs what the patch holds, not what the view holds: a long hand stays cheap to follow.
    """
    view_decoders, seat_decoders = _patch_decoders()
    path = "patch"
    if type(data) is not dict:
        raise _bad(path, f"expected an object, got {describe(data)}")
    if set(data) != {"fields", "seats", "events"}:
        raise _bad(path, "expected exactly fields, seats and events")
    fields = _strict.json_object(data["fields"], f"{path}.fields")
    seats = _strict.items(data["seats"], f"{path}.seats", limit=len(old.seats))
    # a hand's whole history, what the viewer has and what is added, is a bounded list
    events = _strict.items(data["events"], f"{path}.events", limit=MAX_ITEMS - len(old.history))
    changes: dict[str, Any] = {}
    for name, value in fields.items():
        decode = view_decoders.get(name)
        if decode is None:
            raise _bad(f"{path}.fields", f"no patchable field {describe(name)}")
        changes[name] = decode(value, f"{path}.fields.{name}")
    new_seats = list(old.seats)
    patched: set[int] = set()
    for index, raw in enumerate(seats):
        where = f"{path}.seats[{index}]"
        raw = _strict.json_object(raw, where)
        position = _strict.whole(raw.get("position"), f"{where}.position", 0, len(old.seats) - 1)
        if position in patched:
            raise _bad(f"{where}.position", f"position {position} patched twice")
        patched.add(position)
        seat_changes: dict[str, Any] = {}
        for name, value in raw.items():
            if name == "position":
                continue
            decode = seat_decoders.get(name)
            if decode is None:
                raise _bad(where, f"no patchable seat field {describe(name)}")
            seat_changes[name] = decode(value, f"{where}.{name}")
        new_seats[position] = dataclasses.replace(old.seats[position], **seat_changes)
    added = tuple(_decode_event_at(e, f"{path}.events[{i}]") for i, e in enumerate(events))
    view = dataclasses.replace(old, **changes, seats=tuple(new_seats), history=old.history + added)
    _check_view(view)
    return view
