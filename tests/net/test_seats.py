"""Seats that cannot be stolen (issue 27, item 5): a thief who says a dropped player's name
is refused; the player's own key takes the chair back with its chips and cards, also after
``host --resume``; the host can hand a chair over, and the old key then opens nothing.

Every wait is for a condition (a message, the table's state), never for a time.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat

import pytest

from holdem_tui.game_settings import GameSettings
from holdem_tui.net import guard as g
from holdem_tui.net import protocol as p
from holdem_tui.net.guard import CodeGuard
from holdem_tui.net.host_session import HostOptions, host_save_file
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.seats import SEAT_LOCKED, SeatKeyring, SeatLocks, key_hash
from holdem_tui.net.server import TableServer
from tests.support.hang import HANG_GUARD
from tests.support.net import HandClock, WireClient, open_table


async def _seated_with_a_decision(server: TableServer) -> tuple[WireClient, WireClient, p.State]:
    """Ana and Bo at the table, and Ana's first decision on her screen."""
    ana = await WireClient.join(server, "Ana")
    bo = await WireClient.join(server, "Bo")
    await server.wait_until(lambda: server.pending is not None)
    if server.pending != ana.seat:  # Bo first: he checks or calls, then it is Ana's turn
        state = await bo.next_decision()
        assert state.view is not None and state.view.legal is not None and bo.seat is not None
        assert state.decision is not None
        await bo.send(p.act(bo.seat, state.decision, state.view.legal.passive_action()))
    return ana, bo, await ana.next_decision()


def _hole(state: p.State) -> object:
    view = state.view
    assert view is not None and view.me is not None
    return view.seats[view.me].cards


async def _refusal(client: WireClient) -> str:
    message = client.messages[-1]
    assert message["t"] == "refused", message
    return str(message["reason"])


async def test_a_thief_with_the_name_is_refused_and_the_key_takes_the_chair_back() -> None:
    server = await open_table(humans=2, bots=("easy",), hands=3, away_timeout=600)
    try:
        ana, bo, state = await _seated_with_a_decision(server)
        key, seat = ana.seat_token, ana.seat
        assert key is not None and seat is not None and bo.seat_token not in (None, key)
        ana.kill()
        await server.wait_until(lambda: not server.connected(seat))

        thief = await WireClient.join(server, "Ana", stranger=True)  # the name is public
        assert await _refusal(thief) == SEAT_LOCKED
        forger = await WireClient.join(server, "Ana", seat_token=key[:-1] + "x")
        assert await _refusal(forger) == SEAT_LOCKED
        assert not server.connected(seat)

        back = await WireClient.join(server, "Ana", seat_token=key)
        assert back.seat == seat and back.seat_token == key
        again = await back.next_decision()
        assert again.view is not None and state.view is not None
        assert _hole(again) == _hole(state) is not None
        assert again.table.stacks == state.table.stacks and again.decision == state.decision
    finally:
        await server.close()


async def test_the_key_replaces_a_stale_connection_and_a_name_alone_does_not() -> None:
    """A crash that leaves the old connection half-open (a laptop lid, a new wifi): the
    player's key takes the chair from it; the same name without the key is refused."""
    server = await open_table(humans=2, bots=(), hands=2)
    try:
        ana = await WireClient.join(server, "Ana")
        await WireClient.join(server, "Bo")
        twin = await WireClient.join(server, "Ana", stranger=True)
        assert await _refusal(twin) == "seat_taken"
        back = await WireClient.join(server, "Ana", seat_token=ana.seat_token)
        assert back.seat == ana.seat
        closed = await ana.next(("closed",))
        assert closed["reason"] == "replaced"
        await server.wait_until(lambda: server.connected(0) and len(server.clients) == 2)
    finally:
        await server.close()


async def test_after_host_resume_only_the_key_takes_each_chair_back() -> None:
    server = await open_table(humans=2, bots=("easy",), hands=4, persist=True, away_timeout=600)
    ana, bo, state = await _seated_with_a_decision(server)
    keys = {"Ana": ana.seat_token, "Bo": bo.seat_token}
    await server.close()

    saved = json.loads(host_save_file().path.read_text())
    text = json.dumps(saved)
    assert all(key is not None and key not in text for key in keys.values())  # hashes only
    loaded = host_save_file().load()
    again = TableServer(HostOptions(GameSettings(), hand_pause=0.0), resumed=loaded)
    await again.start(LOOPBACK, 0)
    try:
        for name in ("Ana", "Bo"):
            thief = await WireClient.join(again, name, stranger=True)
            assert await _refusal(thief) == SEAT_LOCKED
        back = await WireClient.join(again, "Ana", seat_token=keys["Ana"])
        bo = await WireClient.join(again, "Bo", seat_token=keys["Bo"])
        assert back.seat == ana.seat and bo.seat is not None
        resumed = await back.next_decision()
        assert resumed.view is not None and state.view is not None
        assert _hole(resumed) == _hole(state) is not None
        assert resumed.table.stacks == state.table.stacks
    finally:
        await again.close()


async def test_the_host_hands_a_chair_over_and_the_old_key_then_fails() -> None:
    server = await open_table(humans=2, bots=("easy",), hands=3, host="Host", away_timeout=600)
    try:
        host = await WireClient.join(server, "Host", token=server.options.host_token)
        ana = await WireClient.join(server, "Ana")
        old = ana.seat_token
        seat = ana.seat
        assert old is not None and seat is not None
        await server.wait_until(lambda: server.session is not None)
        # not while she is here, not the host's own chair, and never by a friend
        await host.send(p.hand_over(seat))
        assert (await host.next(("error",)))["reason"] == "player_here"
        await host.send(p.hand_over(0))
        assert (await host.next(("error",)))["reason"] == "host_chair"
        ana.kill()
        await server.wait_until(lambda: not server.connected(seat))
        await host.send(p.hand_over(seat))
        await server.wait_until(lambda: not server.chairs.locks.locked("Ana"))

        newcomer = await WireClient.join(server, "Ana", stranger=True)  # lost her key
        assert newcomer.seat == seat and newcomer.seat_token not in (None, old)
        newcomer.kill()
        await server.wait_until(lambda: not server.connected(seat))
        stale = await WireClient.join(server, "Ana", seat_token=old)
        assert await _refusal(stale) == SEAT_LOCKED
        back = await WireClient.join(server, "Ana", seat_token=newcomer.seat_token)
        assert back.seat == seat
    finally:
        await server.close()


async def test_a_friend_cannot_hand_a_chair_over() -> None:
    server = await open_table(humans=2, bots=(), hands=2)
    try:
        ana = await WireClient.join(server, "Ana")
        await WireClient.join(server, "Bo")
        await ana.send(p.hand_over(1))
        assert (await ana.next(("error",)))["reason"] == "not_host"
        assert server.chairs.locks.locked("Bo")
    finally:
        await server.close()


async def test_an_older_client_is_sent_no_key_it_could_not_read() -> None:
    """A hello without the ``seat_token`` field (an earlier build of this version) gets a
    welcome without one: a strict older decoder would refuse an unknown field."""
    server = await open_table(humans=2, bots=(), hands=2)
    try:
        client = await WireClient.connect(server)
        hello = p.hello(server.code, "Ana")
        del hello["seat_token"]
        await client.send(hello)
        welcome = await client.next(("welcome",))
        assert "seat_token" not in welcome and welcome["seat"] == 0
        assert server.chairs.locks.locked("Ana")  # the chair is locked all the same
    finally:
        await server.close()


async def test_a_lobby_chair_given_up_takes_its_key_with_it() -> None:
    """Before the deal a chair is only kept while its player is here: when she drops, the
    chair is open and her key opens nothing (the next friend sits down with a new one)."""
    server = await open_table(humans=3, bots=(), hands=2)
    try:
        ana = await WireClient.join(server, "Ana")
        ana.kill()
        await server.wait_until(lambda: server.names()[0] is None)
        assert not server.chairs.locks.locked("Ana")
    finally:
        await server.close()


async def test_a_thief_with_the_code_and_a_seated_friends_name_gets_nothing() -> None:
    """The thief knows the join code (a friend shared it) and reads Ana's name off the
    lobby. While she plays, and after she drops, and with Bo's key (a key opens its own
    player's chair only), the thief is refused and is never sent a welcome or a picture."""
    server = await open_table(humans=2, bots=("easy",), hands=3, away_timeout=600)
    try:
        ana, bo, state = await _seated_with_a_decision(server)
        seat = ana.seat
        assert seat is not None
        tries = [await WireClient.join(server, "Ana", stranger=True)]
        assert await _refusal(tries[-1]) == "seat_taken"
        ana.kill()
        await server.wait_until(lambda: not server.connected(seat))
        tries.append(await WireClient.join(server, "Ana", stranger=True))
        tries.append(await WireClient.join(server, "Ana", seat_token=bo.seat_token))
        assert [await _refusal(t) for t in tries[1:]] == [SEAT_LOCKED, SEAT_LOCKED]
        assert all(m["t"] == "refused" for t in tries for m in t.messages)
        assert not server.connected(seat) and server.guard.failed() == {"127.0.0.1": 3}
        back = await WireClient.join(server, "Ana")  # her own game's key
        assert back.seat == seat and _hole(await back.next_decision()) == _hole(state)
    finally:
        await server.close()


async def _try_key(server: TableServer, key: str) -> str:
    """One connection with the join code that asks for Ana's chair with ``key``: the
    table's answer (a refusal reason, or ``welcome``)."""
    thief = await WireClient.connect(server)
    if thief.first is None:  # let through to the hello
        await thief.send(p.hello(server.code, "Ana", seat_token=key))
    answer = await thief.next()
    thief.kill()
    return str(answer.get("reason", answer["t"]))


async def test_a_flood_of_guessed_keys_is_struck_by_the_gates_budget() -> None:
    """Wrong keys cost the address as wrong codes do: a few free, then the back-off (a
    frozen clock lets nothing more through), then the lockout; the lockout runs out and
    the right key takes the chair. The clock is the guard's, moved by hand."""
    clock = HandClock()
    server = await open_table(humans=2, bots=(), hands=2, away_timeout=600)
    server.guard = CodeGuard(clock, pending_cap=64)
    try:
        ana = await WireClient.join(server, "Ana")
        await WireClient.join(server, "Bo")
        key, seat = ana.seat_token, ana.seat
        assert key is not None and seat is not None
        await server.wait_until(lambda: server.session is not None)
        ana.kill()
        await server.wait_until(lambda: not server.connected(seat))

        guesses = [f"guess-{i:04d}-{key[10:]}" for i in range(200)]
        frozen = [await _try_key(server, k) for k in guesses[:40]]  # as fast as it can
        assert frozen == [SEAT_LOCKED] * (g.FREE_FAILURES + 1) + ["busy"] * (
            40 - g.FREE_FAILURES - 1
        )
        answers = list(frozen)
        for guess in guesses[40:]:  # waiting out every back-off
            clock.now += g.MAX_BACKOFF
            answers.append(await _try_key(server, guess))
            if answers[-1] == g.LOCKED:
                break
        assert answers[-1] == g.LOCKED
        assert answers.count(SEAT_LOCKED) == g.LOCKOUT_FAILURES  # each key tried is counted
        assert "welcome" not in answers and not server.connected(seat)
        clock.now += g.LOCKOUT - g.MAX_BACKOFF - 1  # locked one back-off before it said so
        assert await _try_key(server, key) == g.LOCKED  # the whole address waits it out
        clock.now += 2
        back = await WireClient.join(server, "Ana", seat_token=key)
        assert back.seat == seat
    finally:
        await server.close()


# --------------------------------------------------------------------------- the pieces


def test_locks_keep_hashes_only_and_come_back_from_a_save() -> None:
    locks = SeatLocks()
    key = locks.issue("Ana")
    assert locks.admit("Ana", None) is None
    assert locks.admit("Ana", "not the key") is None
    admitted = locks.admit("Ana", key)
    assert admitted is not None and admitted.key == key and admitted.proved
    saved = locks.saved()
    assert key not in json.dumps(saved) and saved["keys"] == {"Ana": key_hash(key)}
    again = SeatLocks.from_saved(json.loads(json.dumps(saved)))
    assert again.admit("Ana", key) is not None and again.admit("Ana", None) is None
    again.revoke("Ana")
    assert again.admit("Ana", key) is None  # a handed-over key opens nothing
    assert SeatLocks.from_saved(again.saved()).admit("Ana", key) is None
    fresh = again.admit("Ana", None)  # the next to ask by name
    assert fresh is not None and fresh.key != key and not fresh.proved


@pytest.mark.parametrize(
    "damaged", [None, "nonsense", {"keys": ["Ana"]}, {"keys": {"Ana": "short"}, "revoked": "x"}]
)
def test_a_damaged_save_locks_nothing_it_cannot_read(damaged: object) -> None:
    locks = SeatLocks.from_saved(damaged)
    assert not locks.locked("Ana") and locks.saved() == {"keys": {}, "revoked": []}


def test_the_host_chair_is_the_hosts_by_its_token_key_or_not() -> None:
    locks = SeatLocks()
    locks.issue("Host")
    admitted = locks.admit("Host", None, host=True)
    assert admitted is not None and admitted.proved


def test_the_keyring_keeps_each_tables_keys_apart_and_private() -> None:
    first, second = SeatKeyring.for_table("ABCDE"), SeatKeyring.for_table("FGHJK")
    assert first.key("Ana") is None
    first.keep("Ana", "key-one")
    second.keep("Ana", "key-two")
    first.keep("Bo", "key-three")
    assert (first.key("Ana"), first.key("Bo"), second.key("Ana")) == (
        "key-one",
        "key-three",
        "key-two",
    )
    assert "ABCDE" not in str(first.path)  # the folder does not list join codes
    if os.name == "posix":
        assert stat.S_IMODE(first.path.stat().st_mode) == 0o600
    first.path.write_text("{not json")
    assert first.key("Ana") is None  # a damaged file gives no key, and no traceback
    first.keep("Ana", "key-four")
    assert first.key("Ana") == "key-four"


async def test_the_table_app_keeps_its_key_so_join_after_a_crash_just_works() -> None:
    """The real client (:class:`~holdem_tui.net.client.Connection`) shows the key its
    keyring kept and keeps the one it is given: a second run sits down in the same chair."""
    from holdem_tui.net.client import Connection

    server = await open_table(humans=2, bots=(), hands=2, away_timeout=600)
    try:
        assert server.port is not None
        keyring = SeatKeyring.for_table(server.code)
        first = await Connection.open(LOOPBACK, server.port, server.code, "Ana", keyring=keyring)
        welcome = await first.recv()
        assert isinstance(welcome, p.Welcome) and welcome.seat_token is not None
        assert keyring.key("Ana") == welcome.seat_token
        await WireClient.join(server, "Bo")
        await server.wait_until(lambda: server.session is not None)
        first.writer.transport.abort()  # the game crashed
        await server.wait_until(lambda: not server.connected(0))
        thief = await WireClient.join(server, "Ana", stranger=True)
        assert await _refusal(thief) == SEAT_LOCKED
        async with asyncio.timeout(HANG_GUARD):
            second = await Connection.open(
                LOOPBACK, server.port, server.code, "Ana", keyring=keyring
            )
            again = await second.recv()
        assert isinstance(again, p.Welcome) and again.seat == 0
        await second.close()
    finally:
        await server.close()
