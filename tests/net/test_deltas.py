"""Protocol v2 on a real server on 127.0.0.1: deltas, resyncs, start now, the next game.

Every picture a client rebuilds from deltas is compared with the server's own view of that
seat at the moment the frame was sent; a client whose copy is out of step gets a whole
state; only the host's connection (by its token) starts the table or opens the next game;
players stay for the next game or come back to it with the code and their name. Bounded in
time, loopback only, waiting for conditions rather than for the clock.
"""

from __future__ import annotations

import asyncio
import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.events import BetsCollected, CardsShown, seats_changed
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import BOT, GameSettings, SeatSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.bot_client import play_bot
from holdem_tui.net.chairs import TablePhase
from holdem_tui.net.client import Connection, RemoteSession
from holdem_tui.net.host_loop import HostLoop
from holdem_tui.net.pictures import Pictures
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.server import TableServer
from holdem_tui.session.outcome import EndReason, SessionResult
from holdem_tui.session.snapshot import Snapshot, TableState
from holdem_tui.session.turns import RevealPlan, reveal_plan
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.joining import JoinTarget
from holdem_tui.ui.remote import RemoteDriver, create_remote_app
from holdem_tui.wire import apply_view_patch, view_patch
from tests.support.hang import HANG_GUARD
from tests.support.net import WireClient, calling, open_table, opening_bettor
from tests.support.scenes import CallingStation

Sent = dict[tuple[int, int], tuple[PlayerView | None, TableState, int | None, tuple[int, ...]]]


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    """What the server meant each frame to say: (client port, picture number) -> the seat's
    view (computed afresh from the engine), the table, the decision and who may show."""
    record: Sent = {}
    picture = Pictures.picture

    def recording(
        self: Pictures,
        client: Any,
        snapshots: dict[int | None, Snapshot] | None = None,
        *,
        full: bool = False,
    ) -> None:
        before = client.seq
        picture(self, client, snapshots, full=full)
        if client.seq != before:
            session = self.table.session
            assert session is not None
            view = None if session.hand is None else session.view_for(client.seat)
            port = client.writer.get_extra_info("peername")[1]
            sent = client.sent
            record[(port, client.seq)] = (view, sent.table, sent.decision, sent.may_show)

    monkeypatch.setattr(Pictures, "picture", recording)
    return record


def _check_pictures(client: WireClient, sent: Sent) -> tuple[int, int]:
    """Every picture the client rebuilt is what the server meant; (whole ones, deltas)."""
    wholes = deltas = 0
    for state in client.pictures:
        view, table, decision, may_show = sent[(client.port, state.seq)]
        assert state.view == view, f"picture {state.seq} of {client.port}"
        assert state.table == table
        assert (state.decision, state.snapshot.may_show) == (decision, may_show)
        if state.full:
            wholes += 1
        else:
            deltas += 1
    return wholes, deltas


async def _expect_error(client: WireClient, reason: str) -> dict[str, Any]:
    message = await client.next(("error",))
    assert message["reason"] == reason, message
    return message


# --------------------------------------------------------------------------- deltas


@pytest.mark.parametrize("game", ["holdem", "draw"])
async def test_every_picture_rebuilt_from_deltas_is_the_servers_view_of_that_seat(
    game: str, sent: Sent
) -> None:
    server = await open_table(humans=3, bots=("easy", "normal"), game=game, hands=6, seed=3)
    try:
        watcher = await WireClient.join(server, "", watch=True)
        players = [await WireClient.join(server, name) for name in ("Ana", "Bo", "Cy")]
        watching = asyncio.create_task(watcher.next(("over",)))
        await asyncio.gather(*(c.play(opening_bettor) for c in players))
        await watching
    finally:
        await server.close()
    wholes = deltas = 0
    for client in (*players, watcher):
        whole, delta = _check_pictures(client, sent)
        wholes, deltas = wholes + whole, deltas + delta
        hands = {s.view.hand_number for s in client.pictures if s.view is not None}
        assert len(hands) == 6
        # a whole state when a hand is dealt (and when sitting down), deltas in between
        assert whole <= len(hands) + 2
    # (fewer than one a move: the screens not deciding get one delta for a quick answer too)
    assert deltas > 3 * wholes


async def test_a_quick_answer_is_not_kept_waiting_behind_the_other_screens(sent: Sent) -> None:
    """The decision's frame goes out alone; the others hear a moment later, both moves in
    one delta when the answer came first, and every picture is still the server's view."""
    server = await open_table(humans=3, hands=3, seed=8)
    assert server.options.others_delay > 0
    server.options.others_delay = 600.0  # longer than the game: only the clock-free paths
    try:
        players = [await WireClient.join(server, name) for name in ("Ana", "Bo", "Cy")]
        await asyncio.gather(*(c.play() for c in players))
    finally:
        await server.close()
    for client in players:
        _check_pictures(client, sent)
        hands = {s.view.hand_number for s in client.pictures if s.view is not None}
        assert len(hands) == 3  # each hand's whole picture came at once, never held back
        asked = [s for s in client.pictures if s.decision is not None and not s.full]
        assert asked
        # the delta that asks a player tells every move since their last picture
        assert max(sum(type(e).__name__ == "PlayerActed" for e in s.events) for s in asked) >= 2


async def test_a_delta_is_much_smaller_than_the_whole_state_it_stands_for() -> None:
    server = await open_table(humans=3, hands=3, seed=8)
    try:
        players = [await WireClient.join(server, name) for name in ("Ana", "Bo", "Cy")]
        await asyncio.gather(*(c.play(opening_bettor) for c in players))
    finally:
        await server.close()
    client = players[0]
    deltas = [len(line) for line in client.raw if json.loads(line)["t"] == "delta"]
    pictures = [s for s in client.pictures if not s.full]
    assert len(deltas) == len(pictures) > 10
    wholes = [len(p.frame(p.state(s.seq, s.snapshot))) for s in pictures]
    assert all(d < w for d, w in zip(deltas, wholes, strict=True))
    # a delta held back for the others tells every move since (several at three players),
    # so at this small table it is under half the whole; the 9-client bench: far less
    assert sum(deltas) * 2 < sum(wholes)


async def test_a_reconnect_mid_hand_starts_from_a_whole_state_and_follows_on(sent: Sent) -> None:
    server = await open_table(humans=2, bots=("easy",), hands=3, away_timeout=600)
    try:
        assert server.port is not None
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        ana = await WireClient.join(server, "Ana")
        # play until a decision that came as a delta (mid-hand), then drop the line
        while True:
            state = await ana.next_decision()
            if not state.full:
                break
            assert ana.seat is not None and state.view is not None and state.decision
            await ana.send(p.act(ana.seat, state.decision, calling(state.view)))
            ana.unanswered = None
        assert _check_pictures(ana, sent)[1] > 0
        ana.kill()
        seat = ana.seat
        assert seat is not None
        await server.wait_until(lambda: not server.connected(seat))
        back = await WireClient.join(server, "Ana")
        again = await back.next_decision()
        assert again.full and again.decision == state.decision and again.view == state.view
        over = await back.play()
        assert over["result"]["hands"] == 3
        _wholes, deltas = _check_pictures(back, sent)
        assert back.pictures[0].full and deltas > 0
        assert await bo is not None
    finally:
        await server.close()


async def test_sync_answers_with_a_whole_state(sent: Sent) -> None:
    server = await open_table(humans=2, hands=1)
    try:
        ana = await WireClient.join(server, "Ana")
        bo = await WireClient.join(server, "Bo")
        await server.wait_until(lambda: server.pending is not None)
        actor = ana if server.pending == ana.seat else bo
        await actor.next_decision()
        await actor.send(p.sync())
        message = await actor.next(("state", "delta"))
        assert message["t"] == "state"
        assert actor.state is not None and actor.state.full
        assert actor.state.decision == server.decision  # the same decision, asked again
        _check_pictures(actor, sent)
        spy = await WireClient.join(server, "", watch=True)
        await spy.send(p.sync())  # a spectator may resync too
        await spy.next(("state",))
        await spy.next(("state",))
    finally:
        await server.close()


async def test_a_client_out_of_step_asks_for_a_whole_state_and_plays_on() -> None:
    """The real client: a picture lost on the way makes the next delta not apply."""
    server = await open_table(humans=2, hands=2)
    try:
        assert server.port is not None
        bo = asyncio.create_task(
            play_bot(LOOPBACK, server.port, server.code, "Bo", CallingStation())
        )
        connection = await Connection.open(LOOPBACK, server.port, server.code, "Ana")
        seat: int | None = None
        skewed = False
        after: list[p.State] = []
        async with asyncio.timeout(HANG_GUARD):
            while True:
                message = await connection.recv()
                assert message is not None
                if isinstance(message, p.Welcome):
                    seat = message.seat
                elif isinstance(message, p.Over):
                    break
                elif isinstance(message, p.State):
                    if skewed:
                        after.append(message)
                    elif not message.full:  # as if one picture had been lost
                        connection.state = replace(message, seq=message.seq - 1)
                        skewed = True
                    if message.decision is not None and message.view is not None:
                        assert seat is not None
                        await connection.send(p.act(seat, message.decision, calling(message.view)))
        await connection.close()
        assert connection.resyncs == 1
        assert after and after[0].full  # the deltas in between were skipped, not guessed at
        assert not any(s.full for s in after[1:3])  # and deltas again after it
        assert await bo is not None
    finally:
        await server.close()


async def test_the_answer_to_the_open_decision_is_never_rate_limited() -> None:
    """A bot client at a fast table answers faster than 20 a second; only other messages
    count against the rate."""
    server = await open_table(humans=2, hands=1)
    try:
        ana = await WireClient.join(server, "Ana")
        bo = await WireClient.join(server, "Bo")
        await server.wait_until(lambda: server.pending is not None)
        actor = ana if server.pending == ana.seat else bo
        state = await actor.next_decision()
        later = asyncio.get_running_loop().time() + 60
        for client in server.clients:  # every token spent, none coming back for a minute
            client.tokens, client.refilled = 0.0, later
        await actor.send(p.ready())
        await _expect_error(actor, "rate_limited")
        assert actor.seat is not None and state.view is not None and state.decision
        decision = state.decision
        await actor.send(p.act(actor.seat, decision, calling(state.view)))
        await server.wait_until(lambda: server.decision != decision or server.finished)
        assert server.actions_applied == 1
    finally:
        await server.close()


# --------------------------------------------------------------------------- hostile deltas


def _pictures() -> tuple[p.State, p.Delta, PlayerView]:
    """A client's picture and the delta that moves it one action on, from a real hand."""
    hand = HoldemHand(holdem_config([500] * 3, 5, 10), Dealer(21))
    before = hand.view(0)
    actor = hand.actor
    assert actor is not None
    hand.act(Action.call(), actor)
    after = hand.view(0)
    table = TableState((495, 490, 500), (None,) * 3, (False,) * 3, 1, None, None, False, (0,) * 3)
    state = p.State(Snapshot(table, before), seq=4)
    patch = view_patch(len(before.history), after)
    data = p.delta(5, after.hand_number, {"stacks": [495, 490, 490]}, patch, Snapshot(table, after))
    delta = p.decode_server(p.parse_line(p.frame(data)), 3)
    assert isinstance(delta, p.Delta)
    return state, delta, after


def test_a_good_delta_rebuilds_the_next_view() -> None:
    state, delta, after = _pictures()
    moved = p.apply_delta(state, delta)
    assert moved.view == after and moved.seq == 5 and not moved.full
    assert moved.table.stacks == (495, 490, 490)
    assert moved.events == after.history[len(state.view.history if state.view else ()) :]


def _mutated(delta: p.Delta, change: str) -> p.Delta:
    patch = copy.deepcopy(delta.view)
    assert patch is not None
    table = dict(delta.table)
    seq, hand, decision = delta.seq, delta.hand, delta.decision
    if change == "seq":
        seq += 1
    elif change == "hand":
        hand += 1
    elif change == "fixed_field":
        patch["fields"]["hand_number"] = 7
    elif change == "bad_card":
        patch["fields"]["board"] = ["Zz"]
    elif change == "seen_twice":
        patch["fields"]["board"] = [str(c) for c in _pictures()[2].my_cards[:1]]
    elif change == "seat_field":
        patch["seats"] = [{"position": 1, "name": "Mallory"}]
    elif change == "seat_position":
        patch["seats"] = [{"position": 9, "stack": 1}]
    elif change == "seat_twice":
        patch["seats"] = [{"position": 1, "stack": 1}, {"position": 1, "stack": 2}]
    elif change == "event":
        patch["events"] = [{"type": "DeckRevealed", "cards": []}]
    elif change == "extra_key":
        patch["deck"] = []
    elif change == "legal_for_another":
        patch["fields"]["legal"] = {"player": 2}
    elif change == "decision_without_legal":
        patch["fields"]["legal"] = None
        decision = 3
    elif change == "table_field":
        table["seed"] = 1
    elif change == "table_value":
        table["stacks"] = [1, 2]
    return replace(delta, seq=seq, hand=hand, view=patch, table=table, decision=decision)


@pytest.mark.parametrize(
    "change",
    [
        "seq",
        "hand",
        "fixed_field",
        "bad_card",
        "seen_twice",
        "seat_field",
        "seat_position",
        "seat_twice",
        "event",
        "extra_key",
        "legal_for_another",
        "decision_without_legal",
        "table_field",
        "table_value",
    ],
)
def test_a_delta_that_does_not_apply_is_out_of_step(change: str) -> None:
    state, delta, _after = _pictures()
    with pytest.raises(p.ProtocolError) as caught:
        p.apply_delta(state, _mutated(delta, change))
    assert caught.value.reason == "out_of_step"


def test_a_delta_before_any_whole_state_is_out_of_step() -> None:
    _state, delta, _after = _pictures()
    with pytest.raises(p.ProtocolError, match="out_of_step"):
        p.apply_delta(None, delta)


@pytest.mark.parametrize(
    "data",
    [
        {"t": "delta", "seq": 1, "hand": 1, "table": [], "view": None},
        {"t": "delta", "seq": 0, "hand": 1, "table": {}, "view": None},
        {"t": "delta", "seq": 1, "hand": 1, "table": {}, "view": [1]},
        {"t": "delta", "seq": 1, "hand": 1, "table": {}, "view": None, "x": 1},
        {"t": "delta", "seq": 1, "hand": 1, "table": {}, "view": None, "may_show": [7]},
        {"t": "delta", "seq": 1, "hand": 1, "table": {}, "view": None, "slips": [[0, "x"]]},
        {"t": "state", "seq": 1, "table": {}, "view": None},
    ],
)
def test_server_frames_of_pictures_are_decoded_strictly(data: dict[str, Any]) -> None:
    data = {"v": p.PROTOCOL_VERSION, "decision": None, "may_show": [], "slips": [], **data}
    with pytest.raises(p.ProtocolError):
        p.decode_server(p.parse_line(json.dumps(data).encode()), 3)


def test_a_new_table_from_the_wire_takes_no_plugin_and_no_bad_name() -> None:
    plugin = GameSettings(seats=(SeatSettings(name="Host"), SeatSettings(BOT, "", "evil:Bot")))
    with pytest.raises(p.ProtocolError, match="easy, normal or hard"):
        p.decode_client(p.parse_line(p.frame(p.next_game(plugin))))
    message = p.next_game(GameSettings.build(humans=["Host", ""], bots=("easy",)))
    message["settings"]["seats"][0]["name"] = "a\x07b"
    with pytest.raises(p.ProtocolError, match="name"):
        p.decode_client(p.parse_line(p.frame(message)))
    good = p.decode_client(p.parse_line(p.frame(p.next_game(GameSettings.build(humans=["H"])))))
    assert isinstance(good, p.NextGame) and good.settings is not None
    assert good.settings.seats[0].name == "H" and good.settings.seed is None


# --------------------------------------------------------------------------- start now


async def test_the_host_starts_without_the_open_chairs_and_nobody_else_can() -> None:
    server = await open_table(humans=3, bots=("easy",), host="Host", hands=2)
    try:
        bad = await WireClient.join(server, "Host", token="not-the-token")
        assert bad.messages[-1]["reason"] == "bad_token"
        assert server.failures[LOOPBACK] == 1  # counted like a wrong join code
        host = await WireClient.join(server, "Host", token=server.options.host_token)
        assert host.messages[0]["t"] == "welcome" and host.messages[0]["host"] is True
        ana = await WireClient.join(server, "Ana")
        assert ana.messages[0]["host"] is False and ana.seat == 1
        lobby = await ana.next(("lobby",))
        bot = server.settings.seat_names()[3]
        assert lobby["names"] == ["Host", "Ana", None, bot]
        assert lobby["here"] == [True, True, False, True]
        await ana.send(p.start())
        await _expect_error(ana, "not_host")
        spy = await WireClient.join(server, "", watch=True)
        await spy.send(p.start())
        await _expect_error(spy, "not_host")
        assert server.phase == TablePhase.LOBBY and server.session is None
        await host.send(p.start())
        welcome = await ana.next(("welcome",))
        seats = welcome["settings"]["seats"]
        assert [s["name"] for s in seats] == ["Host", "Ana", bot]  # the open chair is gone
        assert ana.seat == 1 and host.seat == 0 and server.options.host_seat == 0
        late = await WireClient.join(server, "Cy")
        assert late.messages[-1]["reason"] == "started"
        overs = await asyncio.gather(host.play(), ana.play())
        assert sum(overs[0]["result"]["stacks"]) == 3 * 1000
        assert overs[0]["again"] is False  # this table closes after its game
        await host.send(p.start())
        await _expect_error(host, "not_now")
    finally:
        await server.close()


async def test_start_now_needs_two_players_and_the_table_still_fills() -> None:
    server = await open_table(humans=2, host="Host", hands=1)
    try:
        host = await WireClient.join(server, "Host", token=server.options.host_token)
        await host.send(p.start())
        await _expect_error(host, "too_few_players")
        assert server.phase == TablePhase.LOBBY
        ana = await WireClient.join(server, "Ana")  # the last chair: the table deals itself
        overs = await asyncio.gather(host.play(), ana.play())
        assert overs[0]["result"]["hands"] == 1
    finally:
        await server.close()


async def test_a_resumed_table_plays_on_as_its_host_comes_back_with_the_absent_away() -> None:
    """Issue 25.5: ``host --resume`` never waits for the friends: the host acts at once and
    a friend not back yet is Away (checked or folded on the timer) until they return."""
    from holdem_tui.net.host_session import HostOptions, host_save_file

    server = await open_table(humans=2, host="Host", hands=3, persist=True)
    host = await WireClient.join(server, "Host", token=server.options.host_token)
    ana = await WireClient.join(server, "Ana")
    await server.wait_until(lambda: server.pending is not None)
    token = server.options.host_token
    await server.close()
    await host.close()
    await ana.close()
    loaded = host_save_file().load()
    assert loaded.session is not None
    options = HostOptions(GameSettings(), hand_pause=0.0, away_timeout=0.0, host_token=token)
    again = TableServer(options, resumed=loaded)
    await again.start(LOOPBACK, 0)
    try:
        host = await WireClient.join(again, "Host", token=token)
        assert again.phase == TablePhase.PLAYING  # Ana is not back, and the game goes on
        await host.next_decision()  # the host is asked (at once, or after Ana's timer)
        assert host.unanswered is not None and host.unanswered.table.away == (False, True)
        over = await host.play()
        assert over["result"]["hands"] == 3
        assert len(over["result"]["stacks"]) == 2  # nobody's chips were taken away
        assert again.sitting_out == {1}  # Ana was Away the whole time
    finally:
        await again.close()


# --------------------------------------------------------------------------- the next game


async def test_the_next_game_at_the_same_table_with_players_staying_and_coming_back(
    sent: Sent,
) -> None:
    server = await open_table(humans=3, host="Host", hands=2, keep_table=True)
    try:
        host = await WireClient.join(server, "Host", token=server.options.host_token)
        ana = await WireClient.join(server, "Ana")
        bo = await WireClient.join(server, "Bo")
        spy = await WireClient.join(server, "", watch=True)
        overs = await asyncio.gather(host.play(ready=True), ana.play(), bo.play())
        assert all(over["again"] is True for over in overs)
        await spy.next(("over",))
        assert server.finished and server.phase == TablePhase.OVER and not server.resumable
        first_seed = server.settings.seed
        bo.kill()  # Bo's line drops at the end
        await server.wait_until(lambda: not server.connected(2))
        await ana.send(p.again())  # Ana's "Play again": she waits for the host
        await server.wait_until(lambda: any(c.again for c in server.clients))
        await ana.send(p.next_game())  # only the host opens the next game
        await _expect_error(ana, "not_host")
        await host.send(p.next_game())
        for client in (host, ana, spy):
            welcome = await client.next(("welcome",))
            assert welcome["game"] == 2
        assert (host.seat, ana.seat, spy.seat) == (0, 1, None)
        lobby = await ana.next(("lobby",))
        assert lobby["names"] == ["Host", "Ana", "Bo"]  # Bo's chair waits for him
        assert lobby["here"] == [True, True, False]
        assert server.settings.seed != first_seed  # a new deck
        back = await WireClient.join(server, "Bo")  # back with the code and his name
        assert back.seat == 2 and back.messages[0]["game"] == 2
        overs = await asyncio.gather(host.play(), ana.play(), back.play())
        assert all(over["result"]["hands"] == 2 for over in overs)
        assert server.game == 2 and server.finished
        for client in (host, ana, back, spy):
            _check_pictures(client, sent)
    finally:
        await server.close()


async def test_new_settings_for_the_next_game_and_who_finds_no_chair() -> None:
    server = await open_table(humans=4, host="Host", hands=1, keep_table=True)
    try:
        token = server.options.host_token
        host = await WireClient.join(server, "Host", token=token)
        players = [await WireClient.join(server, name) for name in ("Ana", "Bo", "Cy")]
        ana, bo, cy = players
        await asyncio.gather(host.play(), *(c.play() for c in players))
        await bo.send(p.leave())  # "New game" for a friend: he leaves the table
        with pytest.raises(ConnectionError):
            await bo.next()
        await server.wait_until(lambda: "Bo" in server.left)
        await cy.send(p.again())
        new = GameSettings.build(
            variant="draw", humans=["Host", ""], bots=("easy",), hand_limit=1, pace="instant"
        )
        await host.send(p.next_game(new))
        welcome = await host.next(("welcome",))
        assert welcome["settings"]["variant"] == "draw" and welcome["game"] == 2
        assert [s["name"] for s in welcome["settings"]["seats"]][:2] == ["Host", "Ana"]
        await cy.next(("refused",))  # Cy said "again", but the new table has no chair for him
        assert cy.messages[-1]["reason"] == "table_full"
        await ana.send(p.again())  # Ana's chair was kept for her
        welcome = await ana.next(("welcome",))
        assert welcome["game"] == 2 and ana.seat == 1
        overs = await asyncio.gather(host.play(), ana.play())
        assert overs[0]["result"]["hands"] == 1
        assert len(overs[0]["result"]["stacks"]) == 3
    finally:
        await server.close()


async def test_again_and_next_are_refused_while_a_game_is_played() -> None:
    server = await open_table(humans=2, host="Host", hands=None, keep_table=True)
    try:
        host = await WireClient.join(server, "Host", token=server.options.host_token)
        ana = await WireClient.join(server, "Ana")
        await server.wait_until(lambda: server.phase == TablePhase.PLAYING)
        await ana.send(p.again())
        await _expect_error(ana, "not_now")
        await host.send(p.next_game())
        await _expect_error(host, "not_now")
        await host.send(p.start())
        await _expect_error(host, "not_now")
    finally:
        await server.close()


def test_the_client_calls_the_end_screen_binds() -> None:
    settings = GameSettings.build(humans=["Host", "Ana"], bots=())
    sent_by_friend: list[dict[str, Any]] = []
    friend = RemoteSession(settings, 1, sent_by_friend.append)
    assert friend.start_now() is False
    friend.again()
    friend.new_game(settings)
    assert sent_by_friend == [p.again(), p.leave()]
    sent_by_host: list[dict[str, Any]] = []
    host = RemoteSession(settings, 0, sent_by_host.append, host=True, reveal_ms=900)
    assert host.start_now() is True
    host.again()
    host.new_game(settings)
    assert sent_by_host == [p.start(), p.next_game(None), p.next_game(settings)]
    assert host.reveal_seconds == 0.9


# --------------------------------------------------------------------------- the host's app


def remote_of(app: HoldemApp) -> RemoteSession | None:
    driver = app.driver
    assert isinstance(driver, RemoteDriver)
    return driver.remote


async def test_the_host_app_starts_without_them_and_hears_when_the_table_closes() -> None:
    server = await open_table(humans=3, host="Host", hands=None)
    assert server.port is not None
    app = create_remote_app(
        JoinTarget(LOOPBACK, server.port, server.code, "Host", token=server.options.host_token),
        GameSettings(pace="instant"),
    )
    ana = await WireClient.join(server, "Ana")
    closed = False
    try:
        async with app.run_test(size=(120, 36)) as pilot:
            async with asyncio.timeout(HANG_GUARD):
                while remote_of(app) is None:
                    await pilot.pause()
                remote = remote_of(app)
                assert remote is not None and remote.host and remote.start_now()
                while not app.has_table():
                    await pilot.pause()
                assert server.phase == TablePhase.PLAYING and len(server.settings.seats) == 2
                await server.close()
                closed = True
                while not app.driver.exit_reason:
                    await pilot.pause()
        assert app.driver.exit_reason == "The host closed the table."
        assert (await ana.next(("closed",)))["reason"] == "host_closed"
    finally:
        if not closed:
            await server.close()


# --------------------------------------------------------------------------- the showdown


async def test_the_showdown_reaches_each_screen_in_the_order_the_hands_turn_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    order: dict[int, list[int]] = {}
    reveal: dict[int, float] = {}
    server: TableServer | None = None
    between = HostLoop._between_hands

    async def record(self: HostLoop, plan: RevealPlan) -> None:
        session = self.table.session
        assert session is not None and session.hand is not None
        number = session.hand.config.hand_number
        order[number] = [e.player for e in session.hand.events if isinstance(e, CardsShown)]
        reveal[number] = plan.seconds(self.table.options.reveal_delay)
        await between(self, plan)

    monkeypatch.setattr(HostLoop, "_between_hands", record)
    server = await open_table(humans=3, hands=4, seed=5, reveal_delay=0.25)
    try:
        players = [await WireClient.join(server, name) for name in ("Ana", "Bo", "Cy")]
        assert all(c.messages[0]["reveal_ms"] == 250 for c in players)
        await asyncio.gather(*(c.play(opening_bettor, ready=True) for c in players))
    finally:
        await server.close()
    showdowns = [n for n, shown in order.items() if len(shown) > 1]
    assert showdowns
    for number in showdowns:
        assert reveal[number] == 0.25 * len(order[number])  # the table waits for the reveal
        for client in players:
            last = [s for s in client.pictures if s.view and s.view.hand_number == number][-1]
            assert last.view is not None
            seen = [e.player for e in last.view.history if isinstance(e, CardsShown)]
            assert seen == order[number]
            # the frame that ended the hand carried the turned-up hands, in order
            ending = next(
                s
                for s in client.pictures
                if s.view and s.view.hand_number == number and s.view.complete
            )
            assert [e.player for e in ending.events if isinstance(e, CardsShown)] == seen
            # the screens turn them up by the same plan the table waited for
            assert reveal_plan(last.view.history).order == tuple(seen)


# --------------------------------------------------------------------------- the game's stats


#: a game of one hand that changed nothing, as the host ends it
RESULT = SessionResult(
    EndReason.HAND_LIMIT, 1, 60.0, 500, (500,) * 3, (None,) * 3, (0,) * 3, (0,) * 3,
    ((500,) * 3, (500,) * 3),
)  # fmt: skip


def _over_frame(stats: object) -> bytes:
    data = p.over(RESULT)
    data["stats"] = stats
    return p.frame(data)


def test_the_hosts_stats_cross_the_wire_exactly() -> None:
    from holdem_tui.review import SeatStats

    ana = SeatStats(hands=12, vpip=5, pfr=3, aggressive=7, calls=4, showdowns=2,
                    showdowns_won=1, all_ins=1, all_in_won=250, all_in_worth=187.5)  # fmt: skip
    frame = p.frame(p.over(RESULT, stats={2: ana}))
    over = p.decode_server(p.parse_line(frame), 3)
    assert isinstance(over, p.Over) and over.stats == {2: ana} and over.result == RESULT
    bare = json.loads(frame)
    del bare["stats"]  # a host that counted nothing sends none
    quiet = p.decode_server(p.parse_line(json.dumps(bare).encode()), 3)
    assert isinstance(quiet, p.Over) and quiet.stats == {}


_GOOD_STATS: dict[str, Any] = {
    "seat": 0, "hands": 1, "vpip": 0, "pfr": 0, "aggressive": 0, "calls": 0, "showdowns": 0,
    "showdowns_won": 0, "all_ins": 0, "all_in_won": 0, "all_in_worth": 0.0,
}  # fmt: skip


@pytest.mark.parametrize(
    "stats",
    [
        {"0": _GOOD_STATS},  # not a list
        [_GOOD_STATS] * 4,  # more entries than chairs
        [_GOOD_STATS, _GOOD_STATS],  # one chair twice
        ["hands"],  # not an object
        [{**_GOOD_STATS, "seat": 3}],  # no such chair
        [{**_GOOD_STATS, "hands": -1}],
        [{**_GOOD_STATS, "vpip": 10**13}],
        [{**_GOOD_STATS, "pfr": True}],  # a flag is no count
        [{**_GOOD_STATS, "calls": 1.5}],
        [{**_GOOD_STATS, "all_in_worth": "lots"}],
        [{**_GOOD_STATS, "all_in_worth": 1e300}],
        [{**_GOOD_STATS, "luck": 1}],  # a field nobody defined
        [{k: v for k, v in _GOOD_STATS.items() if k != "showdowns"}],
    ],
)
def test_hostile_stats_in_over_are_refused(stats: object) -> None:
    with pytest.raises(p.ProtocolError):
        p.decode_server(p.parse_line(_over_frame(stats)), 3)


# --------------------------------------------------------------------------- frames from events


def test_a_patch_carries_the_seats_its_events_changed_and_nothing_is_compared() -> None:
    """The host's delta is made from what happened: the events since the client's last
    picture say which seats moved (a call: the caller's; the street's end: everyone's), and
    the patch they make rebuilds exactly the view the engine gives that seat."""
    hand = HoldemHand(holdem_config([500] * 4, 5, 10), Dealer(8))
    before = hand.view(1)
    rebuilt = before
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        told = len(before.history)
        hand.act(Action.call() if hand.view(actor).legal.call_amount else Action.check(), actor)  # type: ignore[union-attr]
        after = hand.view(1)
        patch = view_patch(told, after)
        added = after.history[told:]
        moved = {seat["position"] for seat in patch["seats"]}
        changed = seats_changed(added)
        assert moved == (set(range(4)) if changed is None else changed)
        if not any(isinstance(e, BetsCollected) for e in added):
            assert moved <= {actor, *(e.player for e in added if hasattr(e, "player"))}
        rebuilt = apply_view_patch(rebuilt, patch)
        assert rebuilt == after
        before = after


def test_the_biggest_pot_is_one_encoding_for_the_wire_and_the_save() -> None:
    """``BiggestPot.to_list``/``from_list`` are the only encoding: the ``over`` frame carries
    it, a save's ``extra`` holds the same list, and a winner off the table is refused."""
    from dataclasses import replace

    from holdem_tui.session.outcome import BiggestPot

    best = BiggestPot(1_250, 17, (0, 2))
    assert best.to_list() == [1_250, 17, 0, 2] and BiggestPot.from_list(best.to_list()) == best
    frame = p.frame(p.over(replace(RESULT, biggest_pot=best)))
    assert json.loads(frame)["result"]["biggest_pot"] == best.to_list()
    over = p.decode_server(p.parse_line(frame), 3)
    assert isinstance(over, p.Over) and over.result.biggest_pot == best
    stranger = json.loads(frame)
    stranger["result"]["biggest_pot"][-1] = 3  # seat 3 at a table of three (0..2)
    with pytest.raises(p.ProtocolError, match="winner"):
        p.decode_server(p.parse_line(json.dumps(stranger).encode()), 3)
