"""Network play with a real server on 127.0.0.1 and real clients.

Headless table apps, the bot client and bare protocol clients play whole sessions; a client is
killed mid-hand and comes back; a hostile client is answered and survived; every byte the
clients receive is checked for cards they may not know. All bounded in time, loopback only,
waiting for conditions rather than for the clock.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.events import CardsDrawn, CardsShown, HoleCardsDealt, PlayerActed
from holdem_tui.game_settings import BOT, GameSettings, SeatKind, SeatSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.bot_client import Refused, play_bot
from holdem_tui.net.client import RemoteSession, split_address
from holdem_tui.net.host_session import HostOptions, HostSession, host_save_file
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.server import TableServer
from holdem_tui.session.present import Stage
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.joining import JoinTarget
from holdem_tui.ui.raise_editor import RaiseEditor
from holdem_tui.ui.remote import RemoteDriver, create_remote_app
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.screens.table import TableScreen
from tests.support.hang import HANG_GUARD
from tests.support.net import WireClient, open_table, opening_bettor
from tests.support.scenes import CallingStation, drawing


def remote_of(app: HoldemApp) -> RemoteSession | None:
    """The network seat's session (``None`` until the host has welcomed it)."""
    driver = app.driver
    assert isinstance(driver, RemoteDriver)
    return driver.remote


CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


# --------------------------------------------------------------------------- a whole session


@pytest.mark.slow
async def test_whole_session_three_clients_and_two_bots() -> None:
    server = await open_table(humans=3, bots=("easy", "normal"), hands=6)
    try:
        assert server.port is not None
        app = create_remote_app(
            JoinTarget(LOOPBACK, server.port, server.code.lower(), "Ana"),
            GameSettings(pace="instant"),
            reconnect=False,
        )
        cy = await WireClient.join(server, "Cy")
        saw: dict[str, Any] = {"own_cards": False, "title": False}

        async def ana() -> None:
            async with app.run_test(size=(120, 36)) as pilot:
                async with asyncio.timeout(HANG_GUARD):
                    while (remote := remote_of(app)) is None or not remote.over:
                        await pilot.pause()
                        screen = app.table_screen()
                        remote = remote_of(app)
                        if screen is not None and screen.model is not None and remote:
                            me = screen.model.seats[remote.me or 0]
                            saw["title"] = saw["title"] or me.title == "Ana (You)"
                            saw["own_cards"] = saw["own_cards"] or any(
                                face.card is not None for face in me.cards
                            )
                        if app.ui.stage is Stage.HUMAN:
                            await pilot.press("s" if drawing(app) else "c")
                    await pilot.pause()
                    assert isinstance(app.screen, EndScreen)

        results = await asyncio.gather(
            ana(),
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation()),
            cy.play(),
        )
        over_bo, over_cy = results[1], results[2]
        assert over_bo is not None and over_bo.result.hands == 6
        assert over_cy["result"]["stacks"] == list(over_bo.result.stacks)
        assert sum(over_bo.result.stacks) == 5 * 1000  # not a chip lost or made
        assert server.finished and server.session is not None
        assert server.session.table.hand_number == 6
        assert saw == {"own_cards": True, "title": True}
        remote = remote_of(app)
        assert remote is not None and remote.result is not None
        assert remote.result.history[-1] == over_bo.result.stacks
    finally:
        await server.close()


# --------------------------------------------------------------------------- drops


async def test_a_client_killed_mid_hand_comes_back_to_the_same_decision() -> None:
    server = await open_table(humans=2, bots=("easy",), hands=3, away_timeout=600)
    try:
        assert server.port is not None
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        ana = await WireClient.join(server, "Ana")
        state = await ana.next_decision()
        ana.kill()
        seat = ana.seat
        assert seat is not None
        await server.wait_until(lambda: not server.connected(seat))
        assert server.pending == seat  # the table waits for her; nothing was played for her
        back = await WireClient.join(server, "Ana")
        assert back.seat == seat
        again = await back.next_decision()
        assert again.full  # a new connection starts from a whole state
        assert again.decision == state.decision
        assert again.view is not None and state.view is not None
        assert again.view == state.view
        assert again.table == state.table
        over = await back.play()
        assert over["result"]["hands"] == 3
        assert await bo is not None
    finally:
        await server.close()


async def test_a_dropped_seat_checks_or_folds_on_its_timer_keeps_its_chips_and_is_taken_back() -> (
    None
):
    server = await open_table(humans=2, bots=("easy",), hands=4, away_timeout=0)
    try:
        assert server.port is not None
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        ana = await WireClient.join(server, "Ana")
        await ana.next_decision()
        seat = ana.seat
        assert seat is not None
        ana.kill()
        await server.wait_until(lambda: seat in server.sitting_out)
        session = server.session
        assert session is not None
        assert not session.table.seats[seat].out  # away, not out: the chips stay
        back = await WireClient.join(server, "Ana")
        assert back.seat == seat and seat not in server.sitting_out
        over = await back.play()
        assert over["result"]["hands"] == 4
        assert back.pictures[-1].table.away[seat] is False  # back at the table to the end
        assert await bo is not None
    finally:
        await server.close()


@pytest.mark.slow
async def test_the_table_app_reconnects_by_itself_after_the_line_drops() -> None:
    server = await open_table(humans=2, hands=3)
    try:
        assert server.port is not None
        app = create_remote_app(
            JoinTarget(LOOPBACK, server.port, server.code, "Ana"), GameSettings(pace="instant")
        )
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        async with app.run_test(size=(120, 36)) as pilot:
            async with asyncio.timeout(HANG_GUARD):
                while app.ui.stage is not Stage.HUMAN:
                    await pilot.pause()
                remote = remote_of(app)
                seat = remote.me if remote else None
                assert seat is not None
                first = next(c for c in server.clients if c.seat == seat)
                server.drop(first)  # the line drops under the app
                await server.wait_until(
                    lambda: any(c.seat == seat and c is not first for c in server.clients)
                )
                while (remote := remote_of(app)) is None or not remote.over:
                    await pilot.pause()
                    if app.ui.stage is Stage.HUMAN:
                        await pilot.press("c")
        assert await bo is not None
    finally:
        await server.close()


# --------------------------------------------------------------------------- hostile clients


async def _expect_error(client: WireClient, reason: str) -> dict[str, Any]:
    message = await client.next(("error",))
    assert message["reason"] == reason, message
    return message


async def test_a_hostile_client_is_told_why_and_the_table_plays_on() -> None:
    server = await open_table(humans=2, hands=3)
    try:
        assert server.port is not None
        wrong = await WireClient.join(server, "Mallory", code="ZZZZZZ")
        assert wrong.messages[-1] == {
            "v": p.PROTOCOL_VERSION,
            "t": "refused",
            "reason": "wrong_code",
            "detail": "that is not this table's join code",
        }
        eve = await WireClient.join(server, "Eve")
        seat = eve.seat
        assert seat is not None
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        await server.wait_until(lambda: server.session is not None and server.pending is not None)
        session = server.session
        assert session is not None
        # whoever is to act, Eve tries to act when it is not her turn, or for another seat
        if server.pending != seat:
            await eve.send(p.act(seat, server.decision, Action.fold()))
            assert (await _expect_error(eve, "illegal"))["params"]["key"] == "not_your_turn"
        state = await eve.next_decision()
        decision = state.decision
        assert decision is not None
        await eve.send(p.act(1 - seat, decision, Action.fold()))
        await _expect_error(eve, "not_your_seat")
        await eve.send(p.act(seat, decision + 1, Action.call()))
        await _expect_error(eve, "stale_decision")
        # huge numbers: beyond the wire's range, and beyond the table's
        huge = p.act(seat, decision, Action.raise_to(1))
        huge["action"]["amount"] = 10**30
        await eve.send(huge)
        await _expect_error(eve, "bad_action")
        await eve.send(p.act(seat, decision, Action.raise_to(10**12)))
        assert (await _expect_error(eve, "illegal"))["params"]["key"] == "above_max"
        await eve.send(p.act(seat, decision, Action.raise_to(1)))
        assert (await _expect_error(eve, "illegal"))["params"]["key"] == "below_min"
        # garbage frames
        await eve.send_raw(b"}{ this is not json\n")
        await _expect_error(eve, "bad_frame")
        await eve.send_raw(b"[1, 2, 3]\n")
        await _expect_error(eve, "bad_frame")
        await eve.send_raw(b'{"v": 99, "t": "act"}\n')
        await _expect_error(eve, "version")
        await eve.send_raw(b'{"v": 1, "t": "act"}\n')  # the earlier protocols are refused too
        await _expect_error(eve, "version")
        await eve.send_raw(_now(b'{"v": V, "t": "launch_missiles"}\n'))
        await _expect_error(eve, "bad_message")
        extra = p.act(seat, decision, Action.call())
        extra["seat_override"] = 0
        await eve.send(extra)
        await _expect_error(eve, "bad_message")
        await eve.send_raw(b"[" * 5000 + b"\n")  # deeper than any message, longer too
        await _expect_error(eve, "frame_too_large")
        with pytest.raises(ConnectionError):
            await eve.next()
        # the table survived: Eve comes back with her name and the game goes on to the end
        assert session.hand is not None and not session.hand.is_complete
        back = await WireClient.join(server, "Eve")
        assert back.seat == seat
        over = await back.play()
        assert over["result"]["hands"] == 3
        assert await bo is not None
    finally:
        await server.close()


async def test_flooding_is_rate_limited_and_endless_errors_end_the_connection() -> None:
    server = await open_table(humans=2, hands=None)
    try:
        ana = await WireClient.join(server, "Ana")
        bo = await WireClient.join(server, "Bo")
        await server.wait_until(lambda: server.pending is not None)
        await ana.send_raw(p.frame(p.ready()) * 45)  # valid, but more than the burst allows
        for _ in range(5):
            await _expect_error(ana, "rate_limited")
        spy = await WireClient.join(server, "", watch=True)
        await spy.send_raw(p.frame(p.ready()) * 30)  # a spectator cannot act at all
        for _ in range(20):
            await _expect_error(spy, "not_seated")
        await _expect_error(spy, "too_many_errors")
        with pytest.raises(ConnectionError):
            await spy.next()
        assert server.session is not None and server.connected(0) and server.connected(1)
        await bo.close()
    finally:
        await server.close()


async def test_refusals_before_sitting_down() -> None:
    server = await open_table(humans=2, reserved=("Ana",))
    try:
        assert server.port is not None
        silent = await WireClient.connect(server)
        await silent.send(p.show())
        assert (await silent.next())["reason"] == "bad_message"
        for name, reason in (("", "bad_name"), ("x" * 40, "bad_name"), ("a\x07b", "bad_name")):
            client = await WireClient.join(server, name)
            assert client.messages[-1]["reason"] == reason
        ana = await WireClient.join(server, "Ana")
        assert ana.seat == 0
        twin = await WireClient.join(server, "Ana", stranger=True)
        assert twin.messages[-1]["reason"] == "seat_taken"
        bo = await WireClient.join(server, "Bo")
        assert bo.seat == 1
        late = await WireClient.join(server, "Cy")
        assert late.messages[-1]["reason"] == "started"  # the table filled, and dealt
        with pytest.raises(Refused, match="wrong_code"):
            await play_bot(LOOPBACK, server.port, "AAAAAA", "Dee", CallingStation())
    finally:
        await server.close()


# --------------------------------------------------------------------------- privacy on the wire


def _cards_in(data: object) -> set[str]:
    found: set[str] = set()
    if isinstance(data, str) and CARD.match(data):
        found.add(data)
    elif isinstance(data, list):
        for item in data:
            found |= _cards_in(item)
    elif isinstance(data, dict):
        for value in data.values():
            found |= _cards_in(value)
    return found


@pytest.mark.parametrize("game", [pytest.param("holdem", marks=pytest.mark.slow), "draw"])
async def test_wire_capture_holds_no_card_a_client_may_not_know(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every byte each client received, against the cards each hand really had."""
    held: dict[int, dict[int, set[str]]] = {}  # hand -> seat -> every card it ever held
    shown: dict[int, set[str]] = {}
    board: dict[int, set[str]] = {}
    finish = HostSession.finish_hand

    def record(self: HostSession) -> None:
        hand = self.hand
        assert hand is not None
        number = hand.config.hand_number
        seats = hand.config.seats
        for event in hand.events:
            if isinstance(event, HoleCardsDealt) and event.cards:
                held.setdefault(number, {}).setdefault(seats[event.player], set()).update(
                    map(str, event.cards)
                )
            elif isinstance(event, CardsDrawn) and event.received:
                held[number][seats[event.player]].update(map(str, event.received))
            elif isinstance(event, CardsShown):
                shown.setdefault(number, set()).update(map(str, event.cards))
        board[number] = set(map(str, hand.board))
        finish(self)

    monkeypatch.setattr(HostSession, "finish_hand", record)
    server = await open_table(humans=3, game=game, hands=8, seed=5)
    try:
        watcher = await WireClient.join(server, "", watch=True)
        players = [await WireClient.join(server, name) for name in ("Ana", "Bo", "Cy")]
        watching = asyncio.create_task(watcher.next(("over",)))
        await asyncio.gather(*(c.play(opening_bettor) for c in players))
        await watching
    finally:
        await server.close()
    assert len(held) == 8 and any(shown.values())
    deltas = 0
    for client in (*players, watcher):
        assert client.raw
        for line in client.raw:
            message = json.loads(line)
            assert "seed" not in line.decode() and "deck" not in line.decode()
            if message["t"] == "state" and message["view"] is not None:
                number = message["view"]["hand_number"]
            elif message["t"] == "delta":  # v2: only what changed, for the hand it names
                number = message["hand"]
                deltas += 1
            else:
                assert not _cards_in(message)
                continue
            allowed = board[number] | shown.get(number, set())
            if client.seat is not None:
                allowed |= held[number].get(client.seat, set())
            leaked = _cards_in(message) - allowed
            assert not leaked, f"seat {client.seat} saw {leaked} in hand {number}"
    # the capture holds the new frames, not only whole states (a delta may tell two moves:
    # the screens not deciding hear a moment later, see HostOptions.others_delay)
    assert deltas > 60


# --------------------------------------------------------------------------- resume


async def test_host_resume_brings_the_table_back_and_players_reconnect() -> None:
    server = await open_table(humans=2, bots=("easy",), hands=4, persist=True)
    ana = await WireClient.join(server, "Ana")
    bo = await WireClient.join(server, "Bo")
    session = server.session
    # play into hand 2, to a decision
    async with asyncio.timeout(HANG_GUARD):
        while True:
            await server.wait_until(lambda: server.pending is not None)
            session = server.session
            assert session is not None and session.hand is not None
            if session.hand.config.hand_number == 2:
                break
            client = ana if server.pending == ana.seat else bo
            state = await client.next_decision()
            legal = session.view_for(client.seat).legal
            assert legal is not None and client.seat is not None and state.decision is not None
            await client.send(p.act(client.seat, state.decision, legal.passive_action()))
            asked = state.decision
            await server.wait_until(lambda: server.decision != asked)  # noqa: B023
    pending = server.pending
    stacks = [session.stack(s) for s in range(3)]
    code = server.code
    await server.close()

    loaded = host_save_file().load()
    assert loaded.session is not None
    again = TableServer(HostOptions(GameSettings(), hand_pause=0.0), resumed=loaded)
    await again.start(LOOPBACK, 0)
    try:
        assert again.code == code
        assert again.session is not None and again.session.hand is not None
        assert again.session.hand.config.hand_number == 2
        assert [again.session.stack(s) for s in range(3)] == stacks
        ana = await WireClient.join(again, "Ana")
        bo = await WireClient.join(again, "Bo")
        assert {ana.seat, bo.seat} == {0, 1}
        await again.wait_until(lambda: again.pending == pending)
        overs = await asyncio.gather(ana.play(), bo.play())
        assert overs[0]["result"]["hands"] == 4
        # the people's stats cover the whole game: hand 1 from the history, 2 to 4 after it
        assert {entry["seat"]: entry["hands"] for entry in overs[0]["stats"]} == {0: 4, 1: 4}
        assert not host_save_file().exists()  # a finished session leaves nothing to resume
    finally:
        await again.close()


# --------------------------------------------------------------------------- the schema


def test_public_settings_never_carry_the_seed_or_a_plugin_path() -> None:
    settings = GameSettings(
        seats=(SeatSettings(name="Ana"), SeatSettings(BOT, "", "mybots.secret:Shark")), seed=42
    )
    public = p.public_settings(settings)
    assert "seed" not in public and "mybots" not in json.dumps(public)
    back = p.decode_settings(public, lang="fi", pace="slow")
    assert back.seats[1].is_plugin and back.seed is None and back.lang == "fi"


def test_every_seat_kind_crosses_the_wire_and_no_other_does() -> None:
    """The decoder's seat kinds are the ``SeatKind`` enum: each comes back, a made-up one
    is refused before it can sit anyone down."""
    seats = tuple(
        SeatSettings(kind.value, "Ana" if kind == SeatKind.HUMAN else "", "hard")
        for kind in SeatKind
    )
    public = p.public_settings(GameSettings(seats=seats))
    back = p.decode_settings(public, lang="en", pace="normal")
    assert [seat.kind for seat in back.seats] == list(SeatKind)
    public["seats"][0]["kind"] = "network"
    with pytest.raises(p.ProtocolError, match="seat kind"):
        p.decode_settings(public, lang="en", pace="normal")


def _now(line: bytes) -> bytes:
    """A frame written with ``"v": V``, in the protocol version spoken now."""
    return line.replace(b'"v": V', f'"v": {p.PROTOCOL_VERSION}'.encode())


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"\xff\xfe\n", "bad_frame"),
        (b'"just a string"\n', "bad_frame"),
        (b'{"t": "hello"}\n', "version"),
        (b'{"v": 1, "t": "ready"}\n', "version"),
        (b'{"v": 2, "t": "ready"}\n', "version"),  # v2 reads no stats in over
        (b'{"v": 3, "t": "ready"}\n', "version"),  # v3 reads no snapshot in a state
        (b'{"v": V, "t": 7}\n', "bad_message"),
        (
            b'{"v": V, "t": "hello", "code": 1, "name": "a", "watch": false, "token": null}\n',
            "bad_message",
        ),
        (b'{"v": V, "t": "hello", "code": "A", "name": "a", "watch": false}\n', "bad_message"),
        (
            b'{"v": V, "t": "hello", "code": "A", "name": "a", "watch": false, "token": 5}\n',
            "bad_message",
        ),
        (b'{"v": V, "t": "act", "seat": true, "decision": 1, "action": {}}\n', "bad_message"),
        (b'{"v": V, "t": "act", "seat": 0, "decision": 1, "action": {"v": 1}}\n', "bad_action"),
        (b'{"v": V, "t": "ready", "please": 1}\n', "bad_message"),
        (b'{"v": V, "t": "start", "now": true}\n', "bad_message"),
        (b'{"v": V, "t": "next"}\n', "bad_message"),
        (b'{"v": V, "t": "next", "settings": 3}\n', "bad_message"),
        (b'{"v": V, "t": "next", "settings": {"seats": []}}\n', "bad_message"),
    ],
)
def test_client_messages_are_decoded_strictly(line: bytes, reason: str) -> None:
    with pytest.raises(p.ProtocolError) as caught:
        p.decode_client(p.parse_line(_now(line)))
    assert caught.value.reason == reason


def test_a_good_act_round_trips() -> None:
    message = p.decode_client(p.parse_line(p.frame(p.act(2, 9, Action.raise_to(40)))))
    assert message == p.Act(2, 9, Action.raise_to(40))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("example.org", ("example.org", p.DEFAULT_PORT)),
        ("10.0.0.2:9000", ("10.0.0.2", 9000)),
        ("[::1]:7000", ("::1", 7000)),
        ("::1", ("::1", p.DEFAULT_PORT)),
    ],
)
def test_addresses(text: str, expected: tuple[str, int]) -> None:
    assert split_address(text) == expected


@pytest.mark.parametrize("text", ["", ":80", "host:port", "host:99999"])
def test_bad_addresses(text: str) -> None:
    with pytest.raises(ValueError):
        split_address(text)


def test_the_network_seat_is_the_local_table_app_with_another_driver() -> None:
    """The network seat is the very app of solo play (no parallel copy): only the driver
    differs, and it shares the table driver's base with the local one."""
    from holdem_tui.ui.app import HoldemApp
    from holdem_tui.ui.driver import TableDriver
    from holdem_tui.ui.local import LocalDriver
    from holdem_tui.ui.remote import RemoteDriver

    app = create_remote_app(JoinTarget(LOOPBACK, 1, "ABCDEF", "Ana"), GameSettings())
    assert type(app) is HoldemApp
    assert isinstance(app.driver, RemoteDriver) and isinstance(app.driver, TableDriver)
    assert issubclass(LocalDriver, TableDriver)
    assert TableScreen.__module__ == "holdem_tui.ui.screens.table"


# --------------------------------------------------------------------------- the draw, refusals


@pytest.mark.slow
async def test_the_draw_is_played_from_the_keys_as_at_a_local_table() -> None:
    server = await open_table(humans=2, game="draw", hands=1)
    try:
        assert server.port is not None
        app = create_remote_app(
            JoinTarget(LOOPBACK, server.port, server.code, "Ana"),
            GameSettings(pace="instant"),
            reconnect=False,
        )
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        async with app.run_test(size=(120, 36)) as pilot:
            async with asyncio.timeout(HANG_GUARD):
                while not drawing(app):
                    await pilot.pause()
                    if app.ui.stage is Stage.HUMAN and not drawing(app):
                        await pilot.press("c")
                remote = remote_of(app)
                legal = remote.view.legal if remote and remote.view else None
                assert legal is not None
                thrown = {str(legal.hand[0]), str(legal.hand[2])}
                await pilot.press("1", "3")
                assert app.ui.discards == frozenset({0, 2})
                await pilot.press("enter")
                while (remote := remote_of(app)) is None or not remote.over:
                    await pilot.pause()
                    if app.ui.stage is Stage.HUMAN:
                        await pilot.press("c")
        session = server.session
        assert session is not None and session.hand is not None
        remote = remote_of(app)
        seat = remote.me if remote else None
        drawn = [
            e
            for e in session.hand.events
            if isinstance(e, CardsDrawn) and session.hand.config.seats[e.player] == seat
        ]
        assert [set(map(str, e.discarded or ())) for e in drawn] == [thrown]
        assert await bo is not None
    finally:
        await server.close()


@pytest.mark.slow
async def test_the_docked_raise_editor_plays_a_raise_at_a_network_seat() -> None:
    """The network seat has the same table and action bar: ``r`` docks the editor there too,
    a typed amount goes to the host as this seat's raise, a refused one goes nowhere."""
    server = await open_table(humans=2, hands=1)
    try:
        assert server.port is not None
        app = create_remote_app(
            JoinTarget(LOOPBACK, server.port, server.code, "Ana"),
            GameSettings(pace="instant"),
            reconnect=False,
        )
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        async with app.run_test(size=(80, 24)) as pilot:
            async with asyncio.timeout(HANG_GUARD):
                while True:
                    await pilot.pause()
                    remote = remote_of(app)
                    legal = remote.view.legal if remote and remote.view else None
                    if app.ui.stage is Stage.HUMAN and legal is not None and legal.can_raise:
                        break
                    if app.ui.stage is Stage.HUMAN:
                        await pilot.press("c")
                assert remote is not None and legal is not None
                editor = app.screen.query_one(RaiseEditor)
                await pilot.press("r")
                assert editor.is_open, "the editor docks at the network seat as well"
                await pilot.press(*str(legal.max_raise_to + 1), "enter")
                assert editor.is_open and server.pending == remote.me, "refused: nothing sent"
                target = min(legal.max_raise_to, legal.min_raise_to + 3)
                await pilot.press(*["backspace"] * 8, *str(target), "enter")
                assert not editor.is_open
                seat = remote.me

                def raised() -> bool:
                    session = server.session
                    if session is None or session.hand is None:
                        return False
                    seats = session.hand.config.seats
                    return any(
                        isinstance(e, PlayerActed)
                        and seats[e.player] == seat
                        and e.kind in ("bet", "raise")
                        and e.to == target
                        for e in session.hand.events
                    )

                await server.wait_until(raised)
                while remote_of(app) is None or not remote_of(app).over:
                    await pilot.pause()
                    if app.ui.stage is Stage.HUMAN:
                        await pilot.press("c")
        assert await bo is not None
    finally:
        await server.close()


async def test_a_move_the_host_refuses_is_explained_in_the_players_language() -> None:
    server = await open_table(humans=2, hands=1)
    try:
        assert server.port is not None
        app = create_remote_app(
            JoinTarget(LOOPBACK, server.port, server.code, "Ana"),
            GameSettings(pace="instant", lang="nl"),
            reconnect=False,
        )
        bo = await WireClient.join(server, "Bo")
        async with app.run_test(size=(120, 36)) as pilot:
            async with asyncio.timeout(HANG_GUARD):
                while app.ui.stage is not Stage.HUMAN:
                    await pilot.pause()
                    if bo.seat == server.pending and bo.unanswered is None:
                        await bo.next_decision()
                        assert bo.seat is not None and bo.unanswered is not None
                        decision = bo.unanswered.decision
                        assert decision is not None
                        await bo.send(p.act(bo.seat, decision, Action.call()))
                        bo.unanswered = None
                remote = remote_of(app)
                assert remote is not None and remote.decision is not None
                assert not app.ui.notice
                # a raise far above the stack, as a tampered client might send it
                app.driver.move(remote.view.legal.bet_or_raise(10**9))  # type: ignore[union-attr]
                while not app.ui.notice:
                    await pilot.pause()
                assert app.ui.stage is Stage.HUMAN  # still her decision, nothing was played
                legal = remote.view.legal if remote.view else None
                assert legal is not None
                assert app.ui.notice == f"Boven het maximum van {app.tr.number(legal.max_raise_to)}"
                assert server.pending == remote.me
        await bo.close()
    finally:
        await server.close()
