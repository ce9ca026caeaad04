"""Guessing the join code stays within the table's budget (issue 27, item 6).

The clock is injected and moved by hand: parallel guesses from one address, rotating
source addresses, lockouts that expire, a friend who proved the code before, and the
caps on connections that have not proved it yet, first on the guard itself and then on
loopback against a real table.
"""

from __future__ import annotations

import asyncio
import contextlib

from holdem_tui.net import guard as g
from holdem_tui.net import protocol as p
from holdem_tui.net import secure
from holdem_tui.net.guard import CodeGuard
from holdem_tui.net.limits import RESERVE, pending_cap
from holdem_tui.net.protocol import LOOPBACK
from tests.support.net import HandClock, WireClient, open_table


def test_parallel_guesses_from_one_address_get_the_free_ones_only() -> None:
    clock = HandClock()
    guard = CodeGuard(clock)
    answers = [guard.try_guess("10.0.0.9") for _ in range(3000)]  # all at one instant
    assert answers.count(None) == g.FREE_FAILURES + 1
    assert set(answers) == {None, g.WAIT}  # the rest wait for the first ones to settle
    assert guard.failed() == {"10.0.0.9": g.FREE_FAILURES + 1}
    for _ in range(g.FREE_FAILURES + 1):
        guard.settle("10.0.0.9", right=False)
    assert {guard.try_guess("10.0.0.9") for _ in range(3000)} == {g.BUSY}  # the back-off
    assert guard.guesses == g.FREE_FAILURES + 1


def test_parallel_right_codes_from_one_address_all_get_in() -> None:
    """Nine friends behind one router join at once: the ones told to wait get in as the
    first ones prove the code."""
    guard = CodeGuard(HandClock())
    let_in = 0
    answers = [guard.try_guess("router") for _ in range(9)]
    while answers:
        if answers.pop(0) is None:
            let_in += 1
            guard.settle("router", right=True)
        else:
            answers.append(guard.try_guess("router"))
    assert let_in == 9 and guard.failed() == {} and guard.refused == 0


def test_rotating_sources_share_the_table_wide_budget() -> None:
    clock = HandClock()
    guard = CodeGuard(clock)
    let_in = sum(guard.try_guess(f"127.0.{i // 250}.{i % 250}") is None for i in range(100_000))
    assert let_in == g.TABLE_BURST
    hour = 3600
    for second in range(hour):  # 50 new sources a second for an hour
        clock.now += 1.0
        for k in range(50):
            let_in += guard.try_guess(f"10.{second % 200}.{k}.{second // 200}") is None
    assert let_in <= g.TABLE_BURST + hour * g.TABLE_RATE + 1
    # at this rate a day of guessing finds a 10-character code with a negligible chance
    per_day = g.TABLE_BURST + 86_400 * g.TABLE_RATE
    assert per_day / len(p.CODE_ALPHABET) ** p.CODE_LENGTH < 1e-9


def test_a_lockout_expires_and_a_right_code_is_not_held_against_anyone() -> None:
    clock = HandClock()
    guard = CodeGuard(clock)
    address = "192.168.1.7"
    for _ in range(g.LOCKOUT_FAILURES):
        clock.now += g.MAX_BACKOFF  # waits out every back-off
        assert guard.try_guess(address) is None
        guard.settle(address, right=False)
    clock.now += g.MAX_BACKOFF
    assert guard.try_guess(address) == g.LOCKED
    clock.now += g.LOCKOUT - g.MAX_BACKOFF - 1
    assert guard.try_guess(address) == g.LOCKED
    clock.now += 2
    assert guard.try_guess(address) is None  # the lockout has run out: a fresh start
    guard.settle(address, right=True)
    assert guard.failed() == {}


def test_a_friend_who_proved_the_code_is_not_kept_out_by_a_flood() -> None:
    clock = HandClock()
    guard = CodeGuard(clock)
    assert guard.try_guess("friend") is None
    guard.settle("friend", right=True)
    for i in range(1000):
        guard.try_guess(f"flood-{i}")
    assert guard.try_guess(f"flood-{1001}") == g.BUSY
    assert guard.try_guess("friend") is None  # back after a drop, through the flood
    guard.settle("friend", right=True)


def test_unproved_connections_are_capped_per_address_and_overall() -> None:
    guard = CodeGuard(HandClock(), pending_cap=20)
    assert all(guard.connect("a") for _ in range(g.PENDING_PER_ADDRESS))
    assert not guard.connect("a")
    assert all(guard.connect(f"b{i}") for i in range(20 - g.PENDING_PER_ADDRESS))
    assert not guard.connect("c") and guard.pending == 20
    guard.proved_or_gone("a")
    assert guard.connect("c")
    # the cap leaves the reserve free at the smallest descriptor limit
    assert pending_cap(1024) * 1 + RESERVE <= 1024 and pending_cap(1024) >= 8


async def test_parallel_wrong_codes_on_loopback_get_the_budget_and_no_more() -> None:
    clock = HandClock()
    server = await open_table(humans=2)
    server.guard = CodeGuard(clock, pending_cap=64)
    try:
        guesses, reasons = [], []
        for wave in range(3):  # as many at once as one address may hold open, three times
            opened = await asyncio.gather(
                *(
                    WireClient.connect(server, code=f"WRONG{wave}{i:04d}")
                    for i in range(g.PENDING_PER_ADDRESS)
                )
            )
            reasons += [(await guess.next())["reason"] for guess in opened]
            guesses += opened
            await server.wait_until(lambda: server.guard.pending == 0)
        assert reasons.count("wrong_code") == g.FREE_FAILURES + 1
        assert reasons.count("busy") == len(reasons) - g.FREE_FAILURES - 1
        assert server.guard.guesses == g.FREE_FAILURES + 1
        # the wait runs out; the right code then sits down from the same address
        clock.now += g.MAX_BACKOFF
        ana = await WireClient.join(server, "Ana")
        assert ana.messages[-1]["t"] == "welcome"
        for client in (*guesses, ana):
            await client.close()
    finally:
        await server.close()


async def test_a_flood_of_silent_sockets_is_capped_before_the_proof() -> None:
    server = await open_table(humans=2)
    server.guard = CodeGuard(HandClock(), pending_cap=64)
    assert server.port is not None
    try:
        held = []
        for _ in range(g.PENDING_PER_ADDRESS):
            reader, writer = await asyncio.open_connection(LOOPBACK, server.port)
            writer.write(secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE}))
            assert await reader.readline()  # let in: the table answers the greeting
            held.append(writer)
        reader, writer = await asyncio.open_connection(LOOPBACK, server.port)
        writer.write(secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE}))
        with contextlib.suppress(ConnectionResetError):  # one too many: closed at once
            assert await reader.read() == b""
        assert server.guard.pending == g.PENDING_PER_ADDRESS
        for writer in held:
            writer.close()
        await server.wait_until(lambda: server.guard.pending == 0)
    finally:
        await server.close()


async def test_a_player_gets_in_when_silent_sockets_fill_the_room() -> None:
    """The room for unproved connections is full of silent ones: the oldest makes way."""
    server = await open_table(humans=2)
    server.guard = CodeGuard(HandClock(), pending_cap=4)
    assert server.port is not None
    try:
        silent = [await asyncio.open_connection(LOOPBACK, server.port) for _ in range(4)]
        # each is counted once its greeting is read: wait until the room is full
        for _reader, writer in silent:
            writer.write(secure._line({"secure": secure.SECURE_VERSION, "suite": secure.SUITE}))
        for reader, _writer in silent:
            assert await reader.readline()
        assert server.guard.pending == 4
        ana = await WireClient.join(server, "Ana")
        assert ana.messages[-1]["t"] == "welcome"
        oldest = silent[0][0]
        with contextlib.suppress(ConnectionResetError):
            assert await oldest.read() == b""
        for _reader, writer in silent:
            writer.close()
        await ana.close()
    finally:
        await server.close()


async def test_nine_friends_behind_one_router_join_together() -> None:
    """A whole table from one address at one instant: all seated, no refusal, no wrong
    code counted (the benchmark's nine players were refused before the fix)."""
    server = await open_table(humans=9)
    server.guard = CodeGuard(HandClock(), pending_cap=64)
    try:
        friends = await asyncio.gather(*(WireClient.join(server, f"P{i}") for i in range(9)))
        assert [f.messages[-1]["t"] for f in friends] == ["welcome"] * 9
        assert server.guard.refused == 0 and server.guard.failed() == {}
        for friend in friends:
            await friend.close()
    finally:
        await server.close()
