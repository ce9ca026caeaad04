"""Friends at their own terminals, as they play: the lobby, the showdown, the next game.

Real table servers on 127.0.0.1, real headless table apps (``create_remote_app``, the host's
own with its token) and bare protocol clients for the other chairs. Everything waits for a
condition (a screen, a message, the server's state), bounded only by a hang guard (nothing
moved for :data:`hang.QUIET_LIMIT` seconds), never by a deadline; where the
driver's pauses matter (the showdown turned up one hand at a time) the app's clock is a
``ManualTimers`` the test turns by hand, and the server is given pauses long enough that
only the players' "ready" moves it on.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Select, Static

from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import OWN_WORDS, Decision, Reason
from holdem_tui.engine.events import CardsShown, PotAwarded
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.net import protocol as p
from holdem_tui.net.bot_client import play_bot
from holdem_tui.net.chairs import TablePhase
from holdem_tui.net.client import RemoteSession
from holdem_tui.net.host_session import HostSession
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.seats import SeatKeyring
from holdem_tui.net.secure import spaced_code
from holdem_tui.net.server import TableServer
from holdem_tui.review import HandRecord, visible_reasons
from holdem_tui.review.text import reason_text
from holdem_tui.session.present import Stage
from holdem_tui.session.turns import reveal_plan
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.joining import JoinTarget
from holdem_tui.ui.remote import RemoteDriver, create_remote_app
from holdem_tui.ui.screens.hosted import HostedEndScreen, LobbyScreen
from holdem_tui.ui.screens.setup import SetupScreen
from holdem_tui.ui.screens.table import TableScreen
from holdem_tui.ui.table_area import TableArea
from holdem_tui.ui.timing import ManualTimers
from holdem_tui.wire import WIRE_VERSION
from tests.support.net import WireClient, calling, open_table
from tests.support.scenes import drawing, progress_guard, stations
from tests.support.screen_room import plain

SIZE = (100, 30)


def driver_of(app: HoldemApp) -> RemoteDriver:
    driver = app.driver
    assert isinstance(driver, RemoteDriver)
    return driver


def remote_of(app: HoldemApp) -> RemoteSession | None:
    return driver_of(app).remote


def screen_text(screen: Screen[Any]) -> str:
    """Every text the screen shows, one widget a line (tables and key hints included)."""
    return "\n".join(plain(widget.content) for widget in screen.query(Static))


def seat_rows(text: str) -> dict[str, str]:
    """The lobby's chairs as shown: who sits there -> whether they are here."""
    rows = {}
    for line in text.splitlines():
        found = re.match(r"\s*\d+\.\s+(.+?)(?:\s{2,}(\S.*?))?\s*$", line)
        if found:
            rows[found.group(1)] = found.group(2) or ""
    return rows


async def until(pilot: Pilot[Any], condition: Callable[[], bool]) -> None:
    """Let the app and the table run until ``condition()`` holds: no timing, only a hang
    guard (nothing in the app moved for :data:`hang.QUIET_LIMIT` seconds)."""
    guard = progress_guard(pilot.app)
    while not condition():
        assert not guard.stalled(), "nothing moved and the condition never came true"
        await pilot.pause()
        await asyncio.sleep(0.002)
    await pilot.pause()


def host_app(server: TableServer, name: str = "Host", **kw: Any) -> HoldemApp:
    """The host's own table app, proving it is the host's with the server's token."""
    assert server.port is not None
    target = JoinTarget(
        LOOPBACK,
        server.port,
        server.code,
        name,
        shown=f"192.0.2.7:{server.port}",
        token=server.options.host_token,
    )
    return create_remote_app(target, GameSettings(pace="instant"), **kw)


def friend_app(server: TableServer, name: str, **kw: Any) -> HoldemApp:
    assert server.port is not None
    target = JoinTarget(LOOPBACK, server.port, server.code, name)
    return create_remote_app(target, GameSettings(pace="instant"), **kw)


async def play_until(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Answer the app's decisions (check or call, stand pat) and its results until ``done``
    (however long a busy machine takes, as long as something moves)."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    guard = progress_guard(app)
    while not done():
        assert not guard.stalled(), "nothing moved and the session never got there"
        await pilot.pause()
        if app.ui.stage is Stage.HUMAN:
            await pilot.press("s" if drawing(app) else "c")
        elif app.ui.stage is Stage.HAND_OVER and not done():
            await pilot.press("enter")
        else:
            await asyncio.sleep(0.002)
    await pilot.pause()


def at_end(app: HoldemApp) -> bool:
    return isinstance(app.screen, HostedEndScreen)


async def bo_deals(pilot: Pilot[Any], server: TableServer) -> WireClient:
    """The app's friend is in the lobby; Bo sits down, which fills it and deals."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    await until(pilot, lambda: remote_of(app) is not None)
    bo = await WireClient.join(server, "Bo")
    await until(pilot, lambda: isinstance(app.screen, TableScreen))
    return bo


# --------------------------------------------------------------------------- the lobby


@pytest.mark.slow
async def test_the_hosts_lobby_starts_without_them_and_says_plainly_when_it_cannot() -> None:
    server = await open_table(humans=3, host="Host", hands=1)
    app = host_app(server)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(pilot, lambda: "Host (You)" in screen_text(lobby))
            text = screen_text(lobby)
            assert "Table at 192.0.2.7:" in text and spaced_code(server.code) in text
            assert "s Start now" in text and "(open)" in text
            await pilot.press("s")  # alone at the table: refused, and said so
            await until(pilot, lambda: "Not enough players" in screen_text(lobby))
            assert server.phase == TablePhase.LOBBY
            ana = await WireClient.join(server, "Ana")
            await until(pilot, lambda: "Ana" in screen_text(lobby))
            assert "Not enough players" not in screen_text(lobby)  # a new word on the table
            assert seat_rows(screen_text(lobby))["Ana"] == "here"
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert (server.phase, len(server.settings.seats)) == (TablePhase.PLAYING, 2)
            table = app.table_screen()
            assert table is not None and table.seat_count == 2  # the open chair went
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), ana.play(ready=True))
    finally:
        await server.close()


async def test_a_web_tabs_lobby_names_the_page_not_the_loopback_port_nor_the_code() -> None:
    """``serve --table``: each tab joins over loopback, but its player opened a page: the
    lobby names the page, and no join code (the page typed it; nobody hands it out)."""
    server = await open_table(humans=2, bots=("easy",))
    assert server.port is not None
    page = "http://192.0.2.7:7480/"
    target = JoinTarget(LOOPBACK, server.port, server.code, "Ana", shown=page)
    app = create_remote_app(target, GameSettings(pace="instant"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Ana (You)" in screen_text(app.screen))
            text = screen_text(app.screen)
            assert f"Table at {page}" in text
            assert spaced_code(server.code) not in text and str(server.port) not in text
    finally:
        await server.close()


@pytest.mark.slow
async def test_a_friends_lobby_says_who_is_here_and_that_the_host_starts() -> None:
    server = await open_table(humans=4, bots=("easy",), host="Host", reserved=("Bo",))
    host = await WireClient.join(server, "Host", token=server.options.host_token)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Ana (You)" in screen_text(app.screen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            text = screen_text(lobby)
            status = seat_rows(text)
            assert status["Host"] == "here" and status["Ana (You)"] == "here"
            assert status["Bo"] == "not here yet"  # a chair kept for Bo
            assert status["(open)"] == "" and any(name.endswith("(Easy)") for name in status)
            assert "as soon as the host starts the game" in text
            assert "Start now" not in text
            await pilot.press("s")  # nothing: only the host starts the table
            await pilot.pause()
            ana = next(c for c in server.clients if c.name == "Ana")
            assert server.phase == TablePhase.LOBBY and ana.strikes == 0
            await pilot.press("l")  # the lobby speaks every language
            await until(pilot, lambda: "za stolom" in screen_text(lobby))
    finally:
        await host.close()
        await server.close()


async def test_a_lobby_that_fills_deals_by_itself_into_a_table_of_its_size() -> None:
    server = await open_table(humans=2, bots=("easy", "normal"), hands=1)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            bo = await bo_deals(pilot, server)
            table = app.table_screen()
            assert table is not None and table.seat_count == 4
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), bo.play(ready=True))
            end = app.screen
            assert isinstance(end, HostedEndScreen)
            assert "no next game here" in screen_text(end)  # nobody hosts a next game
            # the seat never held the whole hands: its stats are the host's count, its own only
            session = server.session
            assert isinstance(session, HostSession)
            ana = remote_of(app)
            assert ana is not None and ana.me is not None
            assert end.stats == {ana.me: session.seat_stats[ana.me]}
            assert end.stats[ana.me].hands == 1 and set(session.seat_stats) == {0, 1}
            assert "Your play: 1 hand · VPIP" in screen_text(end)
            # the lifetime statistics and the drills, as at every table's end
            assert "t Stats" in screen_text(end) and "d Drills" in screen_text(end)
            await pilot.press("t")
            await until(pilot, lambda: type(app.screen).__name__ == "StatsScreen")
    finally:
        await server.close()


async def test_a_friend_sees_their_own_chair_at_the_bottom_wherever_the_host_seated_them() -> None:
    server = await open_table(humans=2, bots=("easy", "normal"), hands=1)
    assert server.port is not None
    bo = await WireClient.join(server, "Bo")  # Bo takes the first chair
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            ana = remote_of(app)
            assert ana is not None and ana.me is not None and ana.me != 0
            area = app.screen.query_one(TableArea)
            await until(pilot, lambda: area.query_one(f"#seat-{ana.me}").region.height > 0)
            regions = {seat: area.query_one(f"#seat-{seat}").region for seat in range(4)}
            mine = regions.pop(ana.me)
            # Ana's chair is the lowest and in the middle, as a local player's is
            assert all(mine.y > other.y for other in regions.values())
            assert abs(mine.center[0] - area.region.center[0]) <= 2
            # the chair after hers sits to her left, clockwise, as at a local table
            assert regions[(ana.me + 1) % 4].x < mine.x
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), bo.play(ready=True))
    finally:
        await server.close()


@pytest.mark.slow
async def test_a_table_dealt_while_the_window_is_too_small_waits_under_the_cover() -> None:
    from holdem_tui.ui.screens.modals import TooSmallScreen

    server = await open_table(humans=2, hands=1)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            assert isinstance(app.screen, TooSmallScreen)
            bo = await WireClient.join(server, "Bo")
            await until(pilot, lambda: app.has_table())
            assert isinstance(app.screen, TooSmallScreen)  # the cover stays on top
            assert not any(isinstance(s, LobbyScreen) for s in app.screen_stack)
            await pilot.resize_terminal(*SIZE)
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), bo.play(ready=True))
    finally:
        await server.close()


# --------------------------------------------------------------------------- the showdown


@pytest.mark.slow
async def test_the_remote_showdown_turns_hands_up_one_by_one_in_the_hosts_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host's order and pace, and nothing tells who won before every hand is up."""
    order: list[int] = []
    finish = HostSession.finish_hand

    def record(self: HostSession) -> None:
        hand = self.hand
        assert hand is not None
        order[:] = [e.player for e in hand.events if isinstance(e, CardsShown)]
        finish(self)

    monkeypatch.setattr(HostSession, "finish_hand", record)
    # a long pause on the host: only Ana's Enter moves the table on, never its clock
    server = await open_table(
        humans=1, bots=("easy", "normal"), hands=1, seed=3, reveal_delay=30.0, bot_factory=stations
    )
    timers = ManualTimers()
    app = friend_app(server, "Ana", timers=timers)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.ui.stage is Stage.HUMAN)
            remote = remote_of(app)
            assert remote is not None and remote.reveal_seconds == 30.0
            await pilot.press("a")  # all-in into two calling stations: a three-way showdown
            await until(pilot, lambda: app.ui.stage in (Stage.REVEAL, Stage.HAND_OVER))
            assert remote.view is not None and remote.view.complete
            assert len(order) == 3 and reveal_plan(remote.view.history).order == tuple(order)
            seat_of = {sv.position: sv.seat for sv in remote.view.seats}
            seen: list[int] = []
            while app.ui.stage is Stage.REVEAL:
                revealed = app.ui.revealed
                assert revealed is not None
                seen.append(revealed)
                table = app.table_screen()
                assert table is not None and table.model is not None
                model = table.model
                assert model.results == (), "winners wait until every hand is up"
                assert not any(seat.winner for seat in model.seats)
                up = {
                    seat.seat
                    for seat in model.seats
                    if seat.cards and seat.cards[0].card is not None and not seat.viewer
                }
                others = [seat_of[pos] for pos in order[:revealed] if seat_of[pos] != remote.me]
                assert up == set(others), (revealed, up, order)
                for seat in model.seats:  # the stacks as they were before the pot was paid
                    assert seat.stack == app.tr.number(unpaid_stack(remote.view, seat.seat))
                assert timers.next_due() == pytest.approx(30.0)
                assert not any("wins" in line for line in model.log)
                timers.advance(30.0)
                await pilot.pause()
            assert seen == [0, 1, 2]
            assert app.ui.stage is Stage.HAND_OVER
            table = app.table_screen()
            assert table is not None and table.model is not None and table.model.results
            assert any(seat.winner for seat in table.model.seats)
            assert (
                server.phase == TablePhase.PLAYING
            )  # the host still waits: Ana has not said ready
            await pilot.press("enter")
            await until(pilot, lambda: at_end(app))
    finally:
        await server.close()


def unpaid_stack(view: PlayerView, seat: int) -> int:
    """A seat's chips behind before the pots of a finished hand were paid."""
    position = next(sv.position for sv in view.seats if sv.seat == seat)
    paid = sum(
        amount
        for event in view.history
        if isinstance(event, PotAwarded)
        for pos, amount in event.shares
        if pos == position
    )
    return view.seats[position].stack - paid


@pytest.mark.slow
async def test_enter_during_the_remote_showdown_shows_it_all_then_says_ready() -> None:
    server = await open_table(
        humans=1, bots=("easy", "normal"), hands=2, seed=3, reveal_delay=30.0, bot_factory=stations
    )
    timers = ManualTimers()
    app = friend_app(server, "Ana", timers=timers)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.ui.stage is Stage.HUMAN)
            await pilot.press("a")
            await until(pilot, lambda: app.ui.stage is Stage.REVEAL)
            await pilot.press("enter")  # the rest at once, as at a local table
            await until(pilot, lambda: app.ui.stage is Stage.HAND_OVER)
            assert server.session is not None and server.session.table.hand_number == 1
            await pilot.press("enter")  # and now ready: the host moves on (deals, or ends)
            session = server.session
            await until(
                pilot, lambda: session.table.hand_number == 2 or server.phase == TablePhase.OVER
            )
    finally:
        await server.close()


# --------------------------------------------------------------------------- the next game


@pytest.mark.slow
async def test_play_again_by_the_host_with_one_friend_staying_and_one_coming_back() -> None:
    server = await open_table(humans=3, host="Host", hands=1, keep_table=True)
    app = host_app(server)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            ana = await WireClient.join(server, "Ana")
            bo = await WireClient.join(server, "Bo")
            await asyncio.gather(
                play_until(pilot, lambda: at_end(app)), ana.play(ready=True), bo.play(ready=True)
            )
            end = app.screen
            assert isinstance(end, HostedEndScreen)
            text = screen_text(end)
            assert "Close the table" in text and f"join code {spaced_code(server.code)}" in text
            first_table = app.table_screen()
            await ana.send(p.again())  # Ana is in for the next game
            bo.kill()  # Bo's line drops at the end
            await server.wait_until(lambda: not server.connected(2) and bool(server.clients))
            await server.wait_until(lambda: any(c.again for c in server.clients))
            await pilot.press("enter")  # the host: the next game, same settings
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(pilot, lambda: "not here yet" in screen_text(lobby))
            remote = remote_of(app)
            assert remote is not None and remote.game == 2 and not remote.over
            assert server.game == 2 and server.phase == TablePhase.LOBBY
            back = await WireClient.join(server, "Bo")  # back with the code and his name
            assert back.seat == 2
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert app.table_screen() is not first_table  # a fresh table for the new game
            assert sum(isinstance(s, TableScreen) for s in app.screen_stack) == 1
            await asyncio.gather(
                play_until(pilot, lambda: at_end(app) and remote_of(app) is not remote),
                ana.play(ready=True),
                back.play(ready=True),
            )
            # a tuple: the assertion above narrowed the phase for the type checker
            assert (server.game, server.phase) == (2, TablePhase.OVER)
    finally:
        await server.close()


@pytest.mark.slow
async def test_new_game_by_the_host_with_new_settings_and_a_smaller_table() -> None:
    server = await open_table(humans=3, host="Host", hands=1, keep_table=True)
    app = host_app(server)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            ana = await WireClient.join(server, "Ana")
            bo = await WireClient.join(server, "Bo")
            await asyncio.gather(
                play_until(pilot, lambda: at_end(app)), ana.play(ready=True), bo.play(ready=True)
            )
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            form = app.screen
            form.query_one("#f-seats", Select).value = 2
            await pilot.pause()
            form.query_one("#f-game", Select).value = "draw"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert server.game == 2 and server.settings.variant == "draw"
            assert len(server.settings.seats) == 2 and server.settings.seats[0].name == "Host"
            # the one chair left is Ana's (the players of the last game in their order)
            await bo.send(p.again())
            refused = await bo.next(("refused",))
            assert refused["reason"] == "table_full"
            await ana.send(p.again())
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.table_screen()
            assert table is not None and table.seat_count == 2 and table.draw_game
            await asyncio.gather(
                play_until(pilot, lambda: at_end(app) and remote_of(app).game == 2),  # type: ignore[union-attr]
                ana.play(ready=True),
            )
    finally:
        await server.close()


@pytest.mark.slow
async def test_the_host_setup_keeps_a_chair_for_the_host_and_no_plugin() -> None:
    server = await open_table(humans=2, host="Host", hands=1, keep_table=True)
    app = host_app(server)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            ana = await WireClient.join(server, "Ana")
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), ana.play(ready=True))
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            form = app.screen
            form.query_one("#f-kind-0", Select).value = "hard"  # the host's own chair a bot
            form.query_one("#f-kind-1", Select).value = "easy"
            await pilot.pause()
            await pilot.press("ctrl+s")
            await until(
                pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen is not form
            )
            assert server.game == 1 and server.phase == TablePhase.OVER  # nothing was sent
            again = app.screen
            again.query_one("#f-kind-0", Select).value = "human"
            await pilot.pause()
            again.query_one("#f-name-0").value = ""  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await until(pilot, lambda: server.game == 2)  # and the table deals: all are here
            assert server.settings.seats[0].name == "Host"
            assert not server.settings.seats[1].is_human
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
    finally:
        await server.close()


@pytest.mark.slow
async def test_a_friends_play_again_waits_for_the_host_and_a_smaller_table_says_why() -> None:
    server = await open_table(humans=3, host="Host", hands=1, keep_table=True)
    host = await WireClient.join(server, "Host", token=server.options.host_token)
    bo = await WireClient.join(server, "Bo")
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await asyncio.gather(
                play_until(pilot, lambda: at_end(app)), host.play(ready=True), bo.play(ready=True)
            )
            end = app.screen
            assert isinstance(end, HostedEndScreen)
            assert "New game leaves the table" in screen_text(end)
            await pilot.press("enter")
            await until(pilot, lambda: "Waiting for the host" in screen_text(end))
            assert "Enter Play again" not in screen_text(end)
            await server.wait_until(
                lambda: any(c.again and c.name == "Ana" for c in server.clients)
            )
            await bo.send(p.again())
            await server.wait_until(lambda: sum(c.again for c in server.clients) == 2)
            smaller = GameSettings.build(humans=["Host", ""], bots=(), hand_limit=1)
            await host.send(p.next_game(smaller))  # Bo came first: no chair for Ana
            await until(pilot, lambda: "no seat left for you" in screen_text(end))
            assert app.screen is end and "Enter Play again" not in screen_text(end)
    finally:
        await host.close()
        await bo.close()
        await server.close()


@pytest.mark.slow
async def test_a_friend_who_said_play_again_sits_down_in_the_hosts_next_game() -> None:
    server = await open_table(humans=2, host="Host", hands=1, keep_table=True)
    host = await WireClient.join(server, "Host", token=server.options.host_token)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), host.play(ready=True))
            first = remote_of(app)
            await pilot.press("enter")
            await server.wait_until(lambda: any(c.again for c in server.clients))
            await host.send(p.next_game())
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert remote_of(app) is not first and remote_of(app).game == 2  # type: ignore[union-attr]
            await asyncio.gather(
                play_until(pilot, lambda: at_end(app) and remote_of(app) is not first),
                host.play(ready=True),
            )
    finally:
        await host.close()
        await server.close()


@pytest.mark.slow
async def test_a_friends_new_game_leaves_the_table_and_says_how_to_host_one() -> None:
    server = await open_table(humans=2, host="Host", hands=1, keep_table=True)
    host = await WireClient.join(server, "Host", token=server.options.host_token)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), host.play(ready=True))
            await pilot.press("n")
            await server.wait_until(lambda: "Ana" in server.left)
            await until(pilot, lambda: not app.is_running)
        assert app.return_code == 0 and not app.driver.exit_reason
        assert "holdem-tui host --open 2" in app.driver.farewell
        await host.send(p.next_game())  # her chair is free for someone else
        welcome = await host.next(("welcome",))
        assert welcome["settings"]["seats"][1]["name"] == ""
    finally:
        await host.close()
        await server.close()


@pytest.mark.slow
async def test_the_host_closing_the_table_after_a_game_is_said_on_the_end_screen() -> None:
    server = await open_table(humans=2, host="Host", hands=1, keep_table=True)
    host = await WireClient.join(server, "Host", token=server.options.host_token)
    app = friend_app(server, "Ana")
    closed = False
    try:
        async with app.run_test(size=SIZE) as pilot:
            await asyncio.gather(play_until(pilot, lambda: at_end(app)), host.play(ready=True))
            end = app.screen
            await server.close()
            closed = True
            await until(pilot, lambda: "closed the table" in screen_text(end))
            assert app.screen is end and app.is_running
            await pilot.press("enter")  # no next game: nothing happens
            assert app.screen is end
    finally:
        await host.close()
        if not closed:
            await server.close()


# --------------------------------------------------------------------------- a bot's reasons


class Explaining:
    """Calls along and says why, in its own words."""

    name = "explainer"

    def decide(self, view: PlayerView) -> Decision:
        return Decision(calling(view), Reason.own_words(f"calling on {view.street.value}"))


class Noted:
    """The built-in normal bot, its reasons (the game's own keys) noted as it gives them."""

    name = "normal"

    def __init__(self) -> None:
        from holdem_tui.bots.registry import make_bot

        self.bot = make_bot("normal", 5)
        self.reasons: list[Reason] = []

    def decide(self, view: PlayerView) -> Decision:
        decision = self.bot.decide(view)
        assert isinstance(decision, Decision) and decision.reason is not None
        self.reasons.append(decision.reason)
        return decision


async def test_a_bot_clients_reasons_are_kept_with_the_hosts_hand() -> None:
    from holdem_tui.storage.paths import data_dir

    server = await open_table(humans=2, hands=2, seed=4, persist=True)
    noted = Noted()
    try:
        assert server.port is not None
        bots = await asyncio.gather(
            play_bot(LOOPBACK, server.port, server.code, "Robo", Explaining()),
            play_bot(LOOPBACK, server.port, server.code, "Nora", noted, lang="nl"),
        )
        assert all(over is not None for over in bots)
        session = server.session
        assert session is not None and len(session.past_hands) == 2
        names = session.settings.seat_names()
        said: dict[str, list[str]] = {"Robo": [], "Nora": []}
        for hand in session.past_hands:
            reasons = session.reasons_of(hand)
            decisions = hand.actions_taken()
            assert sorted(reasons) == list(range(len(decisions)))  # every decision's why
            for index, reason in reasons.items():
                assert reason.key == OWN_WORDS  # a client's reason: only its own words
                said[names[hand.config.seats[decisions[index][0]]]].append(reason.text or "")
            # the review after the hand reads them as any bot's: where the cards were shown
            record = HandRecord.from_hand(hand, reasons)
            seen = visible_reasons(record, None)
            assert set(seen) == {i for i, (pos, _) in enumerate(decisions) if pos in record.shown}
        assert said["Robo"] and all(text.startswith("calling on ") for text in said["Robo"])
        dutch = get_translator("nl")
        assert said["Nora"] == [reason_text(r, dutch) for r in noted.reasons]
        history = next((data_dir() / "histories").glob("*.phhs")).read_text()
        assert "calling on preflop" in history and "_reasons" in history
    finally:
        await server.close()


def _act_frame(seat: int, decision: int, action: Action, reason: Any) -> bytes:
    """An ``act`` frame with any ``reason`` at all (JSON's own rules, not the codec's)."""
    message = {"v": p.PROTOCOL_VERSION, **p.act(seat, decision, action), "reason": reason}
    return json.dumps(message).encode() + b"\n"


def _wire_reason(**change: Any) -> dict[str, Any]:
    reason: dict[str, Any] = {"v": WIRE_VERSION, "key": OWN_WORDS, "params": {"text": "because"}}
    reason.update(change)
    return reason


@pytest.mark.parametrize(
    ("reason", "error", "why"),
    [
        ("because", "bad_reason", "expected an object"),
        ([1, 2], "bad_reason", "expected an object"),
        (_wire_reason(v=2), "bad_reason", "schema version"),
        (_wire_reason(extra=1), "bad_reason", "unknown field"),
        (_wire_reason(key="Not A Key"), "bad_reason", "key"),
        (_wire_reason(key=7), "bad_reason", "key"),
        (_wire_reason(params={"text": "x" * 121}), "bad_reason", "longer than"),
        (_wire_reason(params={"text": "bell\x07"}), "bad_reason", "control"),
        (_wire_reason(params={"text": 10**30}), "bad_reason", "out of range"),
        (_wire_reason(key="est_call", params={f"p{i}": 1 for i in range(9)}), "bad_reason", "8"),
        (_wire_reason(key="est_call", params={"equity": True}), "bad_reason", "true/false"),
        (_wire_reason(key="est_call", params={"text": "sneaky"}), "bad_reason", "own words"),
        (_wire_reason(params=[["text", "x"]]), "bad_reason", "params"),
        (_wire_reason(key="est_call", params={"equity": float("inf")}), "bad_frame", "number"),
    ],
)
async def test_a_hostile_reason_in_act_is_refused_and_the_decision_stays_open(
    reason: Any, error: str, why: str
) -> None:
    server = await open_table(humans=2, hands=1)
    try:
        ana = await WireClient.join(server, "Ana")
        bo = await WireClient.join(server, "Bo")
        await server.wait_until(lambda: server.pending is not None)
        actor = ana if server.pending == ana.seat else bo
        state = await actor.next_decision()
        assert actor.seat is not None and state.decision is not None and state.view is not None
        await actor.send_raw(_act_frame(actor.seat, state.decision, calling(state.view), reason))
        refusal = await actor.next(("error",))
        assert refusal["reason"] == error and why in refusal["detail"], refusal
        assert server.pending == actor.seat and server.actions_applied == 0  # nothing played
        # one of the game's own keys from a client is kept as the bot's words only
        good = p.act(actor.seat, state.decision, calling(state.view), Reason.of("est_call"))
        await actor.send(good)
        await server.wait_until(lambda: server.actions_applied == 1)
        session = server.session
        assert session is not None and session.hand is not None
        assert list(session.reasons_of(session.hand).values()) == [Reason.own_words("est_call")]
    finally:
        await server.close()


def test_the_longest_reason_still_fits_a_clients_frame() -> None:
    long_words = Reason.own_words("é" * 120)  # six bytes a character on the wire
    frame = p.frame(p.act(8, 2**53, Action.raise_to(10**12), long_words))
    assert len(frame) < p.MAX_CLIENT_LINE
    widest = Reason.of("e" * 40, **{f"p{'x' * 20}{i:02d}": 10**15 for i in range(8)})
    assert len(p.frame(p.act(8, 2**53, Action.raise_to(10**12), widest))) < p.MAX_CLIENT_LINE
    decoded = p.decode_client(p.parse_line(frame))
    assert isinstance(decoded, p.Act) and decoded.reason == long_words
    assert "reason" not in json.loads(p.frame(p.act(0, 1, Action.check())))  # a person's


def test_the_bot_client_words_the_games_own_reasons_in_its_language() -> None:
    from holdem_tui.net.bot_client import in_words

    finnish = get_translator("fi")
    reason = Reason.of("est_call", count=2, equity=0.34, need=0.25)
    worded = in_words(reason, finnish)
    assert worded is not None and worded.key == OWN_WORDS
    assert worded.text == reason_text(reason, finnish)
    assert in_words(Reason.own_words("mine"), finnish) == Reason.own_words("mine")
    assert in_words(None, finnish) is None


async def test_a_friend_who_quits_mid_game_is_told_how_to_come_back_to_the_kept_chair() -> None:
    """Ctrl+Q in a game still going: the chair stays (Away, chips kept), and the farewell is
    the exact command that sits this player down again."""
    server = await open_table(humans=2, bots=("easy",), hands=5)
    app = friend_app(server, "Ana Marie")
    try:
        async with app.run_test(size=SIZE) as pilot:
            bo = await bo_deals(pilot, server)
            await pilot.press("ctrl+q")
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running)
        command = app.driver.farewell.rsplit(": ", 1)[-1]
        assert command == (
            f"holdem-tui join {LOOPBACK}:{server.port} --code {server.code} --name 'Ana Marie'"
        )
        chair = server.settings.seat_names().index("Ana Marie")
        await server.wait_until(lambda: not server.here()[chair])
        assert "Ana Marie" not in server.left  # gone for now, not for good
        # the command's code and name, from this machine, which kept the chair's key
        key = SeatKeyring.for_table(server.code).key("Ana Marie")
        assert key is not None
        back = await WireClient.join(server, "Ana Marie", seat_token=key)
        await server.wait_until(lambda: server.here()[chair])
        await back.close()
    finally:
        await bo.close()
        await server.close()


async def test_a_friend_who_quits_in_the_lobby_is_promised_no_chair() -> None:
    """Before the first deal a chair is only kept while its player is there: no farewell."""
    server = await open_table(humans=2, hands=5)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            await pilot.press("ctrl+q")
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running)
        assert app.driver.farewell == "" and not app.driver.exit_reason
    finally:
        await server.close()


# ------------------------------------------------------------- no dead end (issue 25.5, 25.7)


@pytest.mark.slow
async def test_the_host_resuming_acts_at_once_and_an_absent_friend_is_away() -> None:
    """Issue 25.5: the host quit on its own turn; ``host --resume`` gives the host's app the
    same decision at once (no "Waiting for Host"), and the friend not back is Away."""
    from holdem_tui.net.host_session import HostOptions, host_save_file

    server = await open_table(humans=2, host="Host", hands=3, persist=True)
    token = server.options.host_token
    app = host_app(server)
    try:
        async with app.run_test(size=SIZE) as pilot:
            ana = await WireClient.join(server, "Ana")
            playing = asyncio.create_task(ana.play())
            await until(pilot, lambda: app.ui.stage is Stage.HUMAN)
            asked = server.decision
            await app.run_action("request_quit")
            await pilot.pause()
            app.quit_answered(True)
            await pilot.pause()
        playing.cancel()
        await ana.close()
    finally:
        await server.close()
    loaded = host_save_file().load()
    assert loaded.session is not None and asked > 0
    options = HostOptions(GameSettings(), hand_pause=0.0, away_timeout=600.0, host_token=token)
    again = TableServer(options, resumed=loaded)
    await again.start(LOOPBACK, 0)
    app = host_app(again)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.ui.stage is Stage.HUMAN)  # the host's own turn
            assert again.phase == TablePhase.PLAYING and again.pending == 0
            table = app.table_screen()
            assert table is not None and table.model is not None
            assert table.model.actions, "the host's action bar is there"
            assert table.model.seats[1].status == "Away"
    finally:
        await again.close()


@pytest.mark.slow
async def test_an_away_chair_counts_down_on_every_screen() -> None:
    """Issue 25.7: the friend's chair is Away and it is their turn: everyone at the table
    sees how long until it is checked or folded for them, counting down."""
    server = await open_table(humans=2, hands=2, away_timeout=30.0)
    timers = ManualTimers()
    app = friend_app(server, "Bo", timers=timers)
    try:
        async with app.run_test(size=SIZE) as pilot:
            ana = await WireClient.join(server, "Ana")
            await until(pilot, lambda: app.has_table())
            ana.kill()  # Ana's line drops; her chair waits for her, Away
            await play_until(pilot, lambda: server.pending == ana.seat)
            seat = ana.seat
            assert seat is not None

            def status() -> str:
                table = app.table_screen()
                assert table is not None and table.model is not None
                return table.model.seats[seat].status

            await until(pilot, lambda: status().startswith("Away · "))
            first = int(status().removeprefix("Away · ").removesuffix(" s"))
            assert 25 <= first <= 30
            timers.advance(5.0)
            await until(pilot, lambda: status() == f"Away · {first - 5} s")
    finally:
        await server.close()


@pytest.mark.slow
async def test_the_hosts_quit_question_says_the_table_closes_for_everyone() -> None:
    """Issue 25.7: the host's Ctrl+Q closes the table for every friend, and says so; a
    friend's keeps their chair, and says that."""
    from holdem_tui.ui.screens.modals import QuitScreen

    server = await open_table(humans=2, host="Host", hands=1)
    host, friend = host_app(server), friend_app(server, "Ana")
    try:
        async with host.run_test(size=SIZE) as pilot, friend.run_test(size=SIZE) as other:
            await until(pilot, lambda: host.has_table())
            await until(other, lambda: friend.has_table())
            asked = ((host, pilot, "It closes for every friend"), (friend, other, "chair is kept"))
            for app, its_pilot, said in asked:
                await app.run_action("request_quit")
                await its_pilot.pause()
                screen = app.screen
                assert isinstance(screen, QuitScreen)
                assert said in str(screen.query_one("#quit-question", Static).render())
    finally:
        await server.close()


async def test_join_to_an_address_where_nothing_listens_fails_at_once_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 25.7: no table at the address: one line saying so, not a minute of "trying to
    get back" (that is for a table that was reached and dropped)."""
    import socket

    from holdem_tui.net.client import Connection

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind((LOOPBACK, 0))
        dead = probe.getsockname()[1]
    tries: list[int] = []
    opened = Connection.open

    async def counting(*args: Any, **kw: Any) -> Connection:
        tries.append(1)
        return await opened(*args, **kw)

    monkeypatch.setattr(Connection, "open", counting)
    app = create_remote_app(JoinTarget(LOOPBACK, dead, "ABCDEF", "Ana"), GameSettings())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: bool(app.driver.exit_reason))
    assert tries == [1]
    assert (
        app.driver.exit_reason
        == f"Cannot reach the table: nothing answers at {LOOPBACK}:{dead}. Is it open?"
    )
    assert "\n" not in app.driver.exit_reason and app.return_code == 1


def _secrets(server: TableServer, seat: int) -> dict[int, set[str]]:
    """Per hand played so far, every card of it that the chair ``seat`` never saw."""
    from holdem_tui.engine.events import CardsDrawn, HoleCardsDealt
    from holdem_tui.session.narrate import card_text

    session = server.session
    assert session is not None
    secrets: dict[int, set[str]] = {}
    for hand in session.played:
        hidden = secrets.setdefault(hand.config.hand_number, set())
        mine = hand.config.seats.index(seat) if seat in hand.config.seats else None
        shown = {e.player for e in hand.events if isinstance(e, CardsShown)}
        for event in hand.events:
            if not isinstance(event, HoleCardsDealt | CardsDrawn):
                continue
            if event.player not in shown and event.player != mine:
                cards = event.cards if isinstance(event, HoleCardsDealt) else event.received
                hidden.update(card_text(c) for c in cards or ())
    return secrets


@pytest.mark.slow
async def test_a_network_seat_looks_back_at_its_own_hands_with_only_what_it_knew() -> None:
    """Issue 25.6: past hands (h) and the review (e) at a network table are the seat's own:
    every hand it finished, and never a card it did not see."""
    from holdem_tui.ui.hand_review import ReviewScreen
    from holdem_tui.ui.screens.modals import PastHandsScreen
    from tests.support.monkey import review_cards_shown
    from tests.support.scenes import wait_for_review

    server = await open_table(humans=2, bots=("easy",), hands=4, seed=5)
    app = friend_app(server, "Ana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            bo = await bo_deals(pilot, server)
            playing = asyncio.create_task(bo.play(ready=True))
            remote = remote_of(app)
            assert remote is not None and remote.me is not None
            await play_until(pilot, lambda: len(remote.past) >= 2)
            secrets = _secrets(server, remote.me)
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, PastHandsScreen))
            told = str(app.screen.query_one("#past-text", Static).render())
            assert "Hand #1" in told and "Hand #2" in told
            for block in told.split("Hand #")[1:]:
                number = int(block.split()[0])
                assert not {card for card in secrets[number] if card in block}, number
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("e")
            review = await wait_for_review(pilot)
            assert isinstance(review, ReviewScreen) and review.book is not None
            assert review.book.follow == remote.me and len(review.book.entries) >= 2
            assert review_cards_shown(app) is None
            drawn = " ".join(str(w.render()) for w in review.query(Static))
            entry = review.entry
            assert entry is not None
            assert not {card for card in secrets[entry.number] if card in drawn}
            playing.cancel()
    finally:
        await server.close()


async def test_a_spectator_is_not_offered_the_next_hand_the_seated_players_move_on() -> None:
    """Enter after a hand tells the host a seated player has seen it; a spectator's Enter
    moves nothing, so its action bar offers no such key (it showed "Enter Next hand", dead)."""
    # the host waits for Ana's word (never given) before it deals on
    server = await open_table(
        humans=1, bots=("easy",), hands=3, seed=4, bot_factory=stations, hand_pause=600.0
    )
    assert server.port is not None
    target = JoinTarget(LOOPBACK, server.port, server.code, watch=True)
    app = create_remote_app(target, GameSettings(pace="instant"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            ana = await WireClient.join(server, "Ana")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            playing = asyncio.create_task(ana.play())  # calls, and never says it has seen
            await until(pilot, lambda: app.ui.stage is Stage.HAND_OVER)
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.model is not None
            assert not [a for a in screen.model.actions if a.action == "screen.next_hand"]
            assert not driver_of(app).can_move_on()
            playing.cancel()
    finally:
        await server.close()


async def test_the_host_hands_a_lost_players_chair_over_and_the_name_then_sits_there() -> None:
    """Ana's game lost its key (a new machine): her chair refuses her name until the host
    presses ``g``, picks it and says yes; then whoever joins as Ana sits there. With no
    friend away, ``g`` says there is no chair to hand over."""
    from holdem_tui.net.seats import SEAT_LOCKED
    from holdem_tui.ui.screens.modals import HandOverScreen

    server = await open_table(humans=2, bots=("easy",), host="Hana", hands=3, away_timeout=600)
    app = host_app(server, "Hana")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            ana = await WireClient.join(server, "Ana")
            seat = ana.seat
            assert seat is not None
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("g")
            assert not isinstance(app.screen, HandOverScreen)  # Ana is here: nothing to give
            ana.kill()
            await until(pilot, lambda: driver_of(app).hand_over_chairs() == [(seat, "Ana")])
            lost = await WireClient.join(server, "Ana", stranger=True)
            assert lost.messages[-1]["reason"] == SEAT_LOCKED
            await pilot.press("g")
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
            await pilot.press("enter")
            await until(pilot, lambda: not server.chairs.locks.locked("Ana"))
            back = await WireClient.join(server, "Ana", stranger=True)
            assert back.seat == seat and back.seat_token is not None
    finally:
        await server.close()
