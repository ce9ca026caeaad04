"""One strict decoder framework and one version (issue 26, item 5), tried on both paths.

The wire's objects (what a plugin bot's process answers) and the protocol's frames (what a
network client sends) are read by the same strict readers (:mod:`holdem_tui.wire.strict`):
an unknown field, a value of the wrong type and another version are refused the same way
on both, with the same word, the field's path and the same words why. Both carry the one
version, and a client of the last version before it (4) is refused at its first line with
the version refusal a player reads as "use the same version as the host".
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from holdem_tui import wire
from holdem_tui.engine.actions import Action
from holdem_tui.i18n import get_translator
from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.client import Connection
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.ui.joining import refused_text
from holdem_tui.wire.strict import VERSION, StrictError
from tests.support.net import open_table

#: what a build of protocol version 4 greets a table with (its secure layer's own "1")
_GREETING_OF_VERSION_4 = {"secure": 1, "suite": secure.SUITE}


def _plugin_answer(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """A plugin process's action (as the sandbox decodes it), changed by ``change``."""
    data = wire.encode_action(Action.raise_to(60))
    change(data)
    return data


def _client_frame(change: Callable[[dict[str, Any]], None]) -> bytes:
    """A network client's ``act`` frame, changed by ``change`` (JSON's own rules only)."""
    data = {"v": p.PROTOCOL_VERSION, **p.act(0, 1, Action.raise_to(60))}
    change(data)
    return json.dumps(data).encode() + b"\n"


def _refusal(decode: Callable[[], object]) -> StrictError:
    with pytest.raises(StrictError) as caught:
        decode()
    return caught.value


def _unknown(data: dict[str, Any]) -> None:
    data["extra"] = 1


def _wrong_type(data: dict[str, Any]) -> None:
    """A whole number's place taken by ``true``: the action's amount, the frame's decision."""
    data["amount" if "amount" in data else "decision"] = True


def _old_version(data: dict[str, Any]) -> None:
    data["v"] = 4


@pytest.mark.parametrize(
    ("change", "reason", "plugin_path", "client_path", "why"),
    [
        (_unknown, "bad_message", "action", "", "unknown field 'extra'"),
        (_wrong_type, "bad_message", "action.amount", "decision", "expected a whole number"),
        (_old_version, "version", "action.v", "v", f"schema version 4, this game speaks {VERSION}"),
    ],
    ids=["unknown-field", "wrong-type", "old-version"],
)
def test_a_bad_message_is_refused_the_same_way_on_the_wire_and_the_network(
    change: Any, reason: str, plugin_path: str, client_path: str, why: str
) -> None:
    from_plugin = _refusal(lambda: wire.decode_action(_plugin_answer(change)))
    from_client = _refusal(lambda: p.decode_client(p.parse_line(_client_frame(change))))
    assert isinstance(from_plugin, wire.WireError) and isinstance(from_client, p.ProtocolError)
    for refusal, path in ((from_plugin, plugin_path), (from_client, client_path)):
        assert refusal.reason == reason
        assert refusal.path == path
        assert refusal.detail.startswith(f"{path}: " if path else "")
        assert why in refusal.detail, refusal.detail


def test_a_bad_action_inside_a_frame_keeps_the_wires_words() -> None:
    """The protocol names the refusal of a wire object inside its frame ``bad_action`` and
    passes on the wire's own field path and words."""
    plugin = _refusal(lambda: wire.decode_action(_plugin_answer(_wrong_type)))

    def bad_action(data: dict[str, Any]) -> None:
        data["action"]["amount"] = True

    client = _refusal(lambda: p.decode_client(p.parse_line(_client_frame(bad_action))))
    assert (client.reason, client.path, client.detail) == ("bad_action", plugin.path, plugin.detail)


def test_the_wire_and_the_protocol_carry_one_version() -> None:
    action = wire.encode_action(Action.check())
    frame = json.loads(p.frame(p.act(0, 1, Action.check())))
    assert action["v"] == frame["v"] == frame["action"]["v"] == VERSION
    assert wire.WIRE_VERSION == p.PROTOCOL_VERSION == secure.SECURE_VERSION == VERSION
    assert json.loads(secure._line({"secure": secure.SECURE_VERSION}))["secure"] == VERSION


def test_a_hostile_hosts_unhashable_slip_is_refused_not_a_crash() -> None:
    """A list where a slip's kind belongs was looked up in a set: a ``TypeError`` that no
    caller of ``recv`` expects. Now it is refused as any bad field is."""
    line = p.frame(p.state(0, _empty_snapshot())).replace(b'"slips":[]', b'"slips":[[1,[2]]]')
    refusal = _refusal(lambda: p.decode_server(p.parse_line(line), 2))
    assert (refusal.reason, refusal.path) == ("bad_message", "slips[0][1]")


def _empty_snapshot() -> Any:
    from holdem_tui.session.snapshot import Snapshot, TableState

    table = TableState(
        stacks=(100, 100),
        busted=(None, None),
        away=(False, False),
        hand_number=0,
        hands_left=None,
        minutes_left=None,
        last_hand=False,
        hands_won=(0, 0),
        away_left=None,
    )
    return Snapshot(table, None, None, (), ())


async def test_a_client_of_version_4_is_refused_at_its_greeting_with_the_version_word() -> None:
    """Its greeting says ``1`` (version 4's secure layer): the table answers with its own
    number and ``refused: version`` before any secret moves, counts no wrong code, and
    seats nobody; version 4's client reads that as the version refusal."""
    server = await open_table(humans=2)
    try:
        assert server.port is not None
        reader, writer = await asyncio.open_connection(LOOPBACK, server.port)
        writer.write(secure._line(_GREETING_OF_VERSION_4))
        answer = json.loads(await reader.readline())
        assert answer == {"secure": VERSION, "suite": secure.SUITE, "refused": "version"}
        assert await reader.readline() == b""  # and the table hangs up
        writer.close()
        assert server.failures == {} and server.names() == [None, None]
    finally:
        await server.close()


async def test_this_client_at_a_table_of_another_version_shows_the_version_refusal() -> None:
    """A table of version 4 refuses this game's greeting as it refuses any later one; the
    player reads the same sentence either way round."""
    greetings: list[dict[str, Any]] = []

    async def table_of_version_4(reader: asyncio.StreamReader, writer: Any) -> None:
        greetings.append(json.loads(await reader.readline()))
        writer.write(secure._line({**_GREETING_OF_VERSION_4, "refused": "version"}))
        await writer.drain()
        writer.close()

    old = await asyncio.start_server(table_of_version_4, LOOPBACK, 0)
    try:
        port = old.sockets[0].getsockname()[1]
        connection = await Connection.open(LOOPBACK, port, "ABCDE-FGHJK", "Ana")
        refused = await connection.recv()
        await connection.close()
    finally:
        old.close()
        await old.wait_closed()
    assert greetings == [{"secure": VERSION, "suite": secure.SUITE}]
    assert isinstance(refused, p.Refused) and refused.reason == "version"
    english = get_translator("en")
    assert refused_text(english, refused.reason, refused.detail) == english.t("net.refusal.version")
    assert "same version as the host" in english.t("net.refusal.version")


def _frames() -> list[tuple[dict[str, Any], Callable[[dict[str, Any]], object]]]:
    """Real messages of both directions, each with the decoder its reader runs."""
    from holdem_tui.engine.decision import Reason
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.review.stats import SeatStats
    from holdem_tui.session.narrate import Slip
    from holdem_tui.session.outcome import BiggestPot, EndReason, SessionResult
    from holdem_tui.session.snapshot import Snapshot
    from tests.net.test_wire import _views

    view = next(v for v in _views(3, hands=2) if v.legal is not None and v.history)
    seats = len(view.seats)
    table = replace(
        _empty_snapshot().table,
        stacks=tuple(s.stack for s in view.seats),
        busted=(None,) * seats,
        away=(False,) * seats,
        hands_won=(0,) * seats,
    )
    snapshot = Snapshot(table, view, 7, (0,), ((1, next(iter(Slip))),))
    result = SessionResult(
        next(iter(EndReason)),
        hands=3,
        elapsed=12.5,
        buy_in=1000,
        stacks=table.stacks,
        busted=table.busted,
        hands_won=table.hands_won,
        rebuys=(0,) * seats,
        history=(table.stacks,),
        biggest_pot=BiggestPot(120, 2, (0,)),
    )
    told = len(view.history) - 1
    patch = wire.view_patch(told, view)

    def from_server(data: dict[str, Any]) -> object:
        return p.decode_server(data, seats)

    action = Action.raise_to(60) if view.legal and view.legal.can_raise else Action.check()
    return [
        (p.hello("ABCDEFGHJK", "Ana", seat_token="k" * 20), p.decode_client),
        (p.act(0, 1, action, Reason.of("est_call", equity=0.4)), p.decode_client),
        (p.next_game(GameSettings()), p.decode_client),
        (p.welcome(0, GameSettings(), seat_token="k" * 20), from_server),
        (p.lobby([None] * seats, [False] * seats), from_server),
        (p.state(4, snapshot), from_server),
        (p.delta(5, view.hand_number, {"hand_number": 2}, patch, snapshot), from_server),
        (p.over(result, stats={0: SeatStats(hands=3, all_in_worth=1.5)}), from_server),
        (p.error("illegal", "no", {"key": "min_raise"}), from_server),
    ]


def test_fuzzed_frames_of_both_directions_decode_or_raise_one_protocol_error() -> None:
    """Whatever a stranger changes inside a frame, its reader returns a message or refuses
    it with :class:`ProtocolError`: never a ``TypeError`` or a ``KeyError`` out of ``recv``
    or the table's loop (a slip's kind that was a list was one)."""
    from tests.net.test_wire import _mutate

    rng = random.Random(26)
    frames = _frames()
    for message, decode in frames:  # each unchanged frame is read back
        decode(p.parse_line(p.frame(message)))
    refused = 0
    for _ in range(1500):
        message, decode = rng.choice(frames)
        data: Any = {"v": p.PROTOCOL_VERSION, **message}
        for _ in range(rng.randint(1, 3)):
            data = _mutate(data, rng)
        try:
            decode(p.parse_line(json.dumps(data).encode() + b"\n"))
        except p.ProtocolError as exc:
            assert exc.reason and exc.detail
            refused += 1
    assert refused > 1000
