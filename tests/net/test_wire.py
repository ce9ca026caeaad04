"""The wire codec: every real view survives a round trip, and hostile data gets one WireError."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from holdem_tui.bots import make_bot
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.cards import Card
from holdem_tui.engine.decision import as_decision
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from holdem_tui.wire import (
    WIRE_VERSION,
    WireError,
    copy_view,
    decode_action,
    decode_event,
    decode_legal,
    decode_view,
    encode_action,
    encode_event,
    encode_legal,
    encode_view,
    from_json,
    to_json,
)
from holdem_tui.wire.codec import MAX_DEPTH
from holdem_tui.wire.nesting import nests_deeper


def _views(seed: int, hands: int = 6) -> list[PlayerView]:
    """Every view seen during a few bot-played hands of both variants, plus spectator views."""
    rng = random.Random(seed)
    out: list[PlayerView] = []
    for number in range(hands):
        n = rng.randint(2, 6)
        hand: Hand
        if number % 2:
            hand = DrawHand(
                draw_config([rng.randint(5, 300)] * n, 1, 4), Dealer(rng.randrange(10**9))
            )
        else:
            stacks = [rng.randint(1, 400) for _ in range(n)]
            hand = HoldemHand(
                holdem_config(stacks, 1, 2, ante=number % 3), Dealer(rng.randrange(10**9))
            )
        bots = [make_bot("easy", rng.randrange(1000)) for _ in range(n)]
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            out.append(view)
            out.append(hand.view(None))
            hand.act(as_decision(bots[actor].decide(view)).action, actor)
        out.extend(hand.view(p) for p in range(n))
        out.append(hand.view(None, reveal_all=True))
    return out


def test_every_view_round_trips_through_json() -> None:
    views = _views(1)
    assert len(views) > 50
    for view in views:
        text = to_json(encode_view(view))
        assert "\n" not in text
        assert decode_view(from_json(text)) == view


def test_events_actions_and_legal_round_trip() -> None:
    for view in _views(2, hands=4):
        for event in view.history:
            assert decode_event(json.loads(to_json(encode_event(event)))) == event
        if view.legal is not None:
            assert decode_legal(encode_legal(view.legal)) == view.legal
    for action in (
        Action.fold(),
        Action.check(),
        Action.call(),
        Action.bet(40),
        Action.raise_to(100),
        Action.all_in(),
        Action.draw((Card("As"), Card("2c"))),
        Action.draw(),
    ):
        assert decode_action(json.loads(to_json(encode_action(action)))) == action


def _objects(value: object, seen: dict[int, object]) -> None:
    """Collect every container object reachable through dataclass fields and tuples."""
    if isinstance(value, int | str | bool) or value is None:
        return
    if id(value) in seen:
        return
    seen[id(value)] = value
    if isinstance(value, tuple):
        for item in value:
            _objects(item, seen)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _objects(getattr(value, name), seen)


def test_copy_view_shares_no_object_with_the_original() -> None:
    for view in _views(3, hands=4):
        original: dict[int, object] = {}
        copied: dict[int, object] = {}
        _objects(view, original)
        _objects(copy_view(view), copied)
        shared = [o for key, o in copied.items() if key in original and o != ()]
        assert shared == []


# ------------------------------------------------------------------ hostile data

_HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    -1,
    0,
    1.5,
    10**400,
    -(10**30),
    "abc",
    "",
    "x" * 10_000,
    "As",
    [],
    [1],
    [None] * 5000,
    {},
    {"type": "HandEnded"},
    {"v": 1},
]


def _mutate(data: Any, rng: random.Random) -> Any:
    """One random change somewhere inside ``data``: replace, delete, add a key, or wrap."""
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(sorted(data))
        copy = dict(data)
        roll = rng.random()
        if roll < 0.15:
            del copy[key]
        elif roll < 0.25:
            copy[f"extra{rng.randrange(9)}"] = 1
        else:
            copy[key] = _mutate(copy[key], rng)
        return copy
    if isinstance(data, list) and data and rng.random() < 0.8:
        copy_list = list(data)
        index = rng.randrange(len(copy_list))
        if rng.random() < 0.2:
            del copy_list[index]
        else:
            copy_list[index] = _mutate(copy_list[index], rng)
        return copy_list
    return rng.choice(_HOSTILE_VALUES)


def _fuzz_decoders(seed: int, cases: int) -> tuple[int, int]:
    """Feed mutated messages to every decoder; only a value or a WireError may come out."""
    rng = random.Random(seed)
    views = _views(seed, hands=3)
    accepted = refused = 0
    for _ in range(cases):
        view = rng.choice(views)
        choice = rng.randrange(4)
        message: Any
        decode: Any
        if choice == 0:
            message, decode = encode_view(view), decode_view
        elif choice == 1 and view.history:
            message, decode = encode_event(rng.choice(view.history)), decode_event
        elif choice == 2 and view.legal is not None:
            message, decode = encode_legal(view.legal), decode_legal
        else:
            message, decode = encode_action(Action.raise_to(rng.randrange(100))), decode_action
        for _ in range(rng.randint(1, 3)):
            message = _mutate(message, rng)
        try:
            decode(message)
        except WireError as exc:
            assert exc.path and exc.reason
            refused += 1
        else:
            accepted += 1
    return accepted, refused


def test_fuzzed_messages_decode_or_raise_one_wire_error() -> None:
    accepted, refused = _fuzz_decoders(seed=13, cases=1500)
    assert refused > 1000 and accepted > 0


@pytest.mark.slow
def test_fuzzed_messages_long_run() -> None:
    for seed in range(8):
        _fuzz_decoders(seed=seed, cases=5000)


#: the version every wire object carries (the one the protocol carries too)
V = WIRE_VERSION


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"v": V, "kind": "raise", "amount": "abc", "discards": []}, "action.amount"),
        ({"v": V, "kind": "raise", "amount": True, "discards": []}, "action.amount"),
        ({"v": V, "kind": "raise", "amount": 1.5, "discards": []}, "action.amount"),
        ({"v": V, "kind": "raise", "discards": []}, "action.amount"),
        ({"v": V, "kind": "call", "amount": 5, "discards": []}, "action.amount"),
        ({"v": V, "kind": "shove", "amount": None, "discards": []}, "action.kind"),
        ({"v": 2, "kind": "fold", "amount": None, "discards": []}, "action.v"),
        ({"kind": "fold", "amount": None, "discards": []}, "action.v"),
        ({"v": V, "kind": "fold", "amount": None, "discards": [], "x": 1}, "action"),
        ({"v": V, "kind": "draw", "amount": None, "discards": ["As", "As"]}, "action.discards"),
        ({"v": V, "kind": "draw", "amount": None, "discards": ["Zz"]}, "action.discards[0]"),
        ({"v": V, "kind": "draw", "amount": None, "discards": "AsKd"}, "action.discards"),
        ([], "action"),
    ],
)
def test_a_bad_action_names_its_field(message: object, path: str) -> None:
    with pytest.raises(WireError) as caught:
        decode_action(message)
    assert caught.value.path == path


def test_view_semantics_are_checked() -> None:
    view = next(v for v in _views(4, hands=2) if v.legal is not None)
    data = encode_view(view)
    data["me"] = 99
    with pytest.raises(WireError, match=r"view\.me"):
        decode_view(data)
    data = encode_view(view)
    data["legal"]["player"] = (view.me or 0) + 1
    with pytest.raises(WireError, match=r"view\.legal\.player"):
        decode_view(data)
    data = encode_view(view)
    data["board"] = list(data["seats"][view.me]["cards"][:1])
    with pytest.raises(WireError, match="seen twice"):
        decode_view(data)
    assert data["v"] == WIRE_VERSION


@pytest.mark.parametrize(
    "text",
    [
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        '{"v": NaN}',
        '{"v": Infinity}',
        "{",
        "x" * (5 * 1024 * 1024),
    ],
    ids=["deep-arrays", "deep-objects", "nan", "infinity", "truncated", "too-big"],
)
def test_json_text_is_bounded_before_parsing(text: str) -> None:
    with pytest.raises(WireError):
        from_json(text)


_JSON_RULES: dict[str, Any] = {"quotes": '"', "clamp": False}
_TOML_RULES: dict[str, Any] = {"quotes": "\"'", "comment": "#", "clamp": True}


@pytest.mark.parametrize(
    ("text", "rules", "deeper"),
    [
        ("[{[", _JSON_RULES, True),
        ("[{]}[", _JSON_RULES, False),
        ('"[[[" [', _JSON_RULES, False),
        ('"\\"[[[" [', _JSON_RULES, False),  # an escaped quote does not end the string
        ('"\\\\"[[[', _JSON_RULES, True),  # an escaped backslash does
        ("'[[[", _JSON_RULES, True),  # JSON has one quote character
        ("'[[[", _TOML_RULES, False),
        ("# [[[\n[", _TOML_RULES, False),  # a comment runs to the end of the line
        ("# x\n[[[", _TOML_RULES, True),
        ("]][[[", _JSON_RULES, False),  # a stray closer counts below zero in JSON...
        ("]][[[", _TOML_RULES, True),  # ...and not in a history
    ],
)
def test_the_nesting_scan_skips_quotes_and_comments(
    text: str, rules: dict[str, Any], deeper: bool
) -> None:
    """The one scan before JSON and TOML parsing, with each format's quotes and comments."""
    assert nests_deeper(text, 2, **rules) is deeper


def test_kinds_on_the_wire_are_the_action_kinds() -> None:
    assert {
        encode_action(Action(k, 5 if k in ("bet", "raise") else None))["kind"] for k in ActionKind
    } == {k.value for k in ActionKind}
