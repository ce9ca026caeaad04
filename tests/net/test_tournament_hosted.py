"""A hosted sit-and-go on the loopback: a friend's table app and a bare client play it to the
end; each screen shows the host's level, places and prizes."""

from __future__ import annotations

import asyncio

import pytest

from holdem_tui.engine.actions import Action
from holdem_tui.engine.view import PlayerView
from holdem_tui.net.chairs import TablePhase
from holdem_tui.session.present import Stage
from holdem_tui.ui.screens.hosted import HostedEndScreen
from holdem_tui.ui.screens.table import TableScreen
from tests.net.test_play import friend_app, remote_of, screen_text, until
from tests.support.net import WireClient, open_table
from tests.support.scenes import progress_guard


def shove(view: PlayerView) -> Action:
    legal = view.legal
    assert legal is not None
    if legal.can_draw:
        return Action.draw(())
    if legal.can_raise:
        return legal.all_in_action()
    return Action.call() if legal.call_amount else Action.check()


@pytest.mark.slow
async def test_a_hosted_tournament_plays_to_the_end_with_two_clients() -> None:
    server = await open_table(humans=2, bots=("normal",), hands=None, tournament="hyper")
    app = friend_app(server, "Ana")
    bars: list[str] = []
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: remote_of(app) is not None)
            bo = await WireClient.join(server, "Bo")

            async def ana_plays() -> None:
                guard = progress_guard(app)
                while not isinstance(app.screen, HostedEndScreen):
                    assert not guard.stalled(), "the hosted tournament never ended"
                    await pilot.pause()
                    if app.ui.stage is Stage.HUMAN and isinstance(app.screen, TableScreen):
                        bars.append(str(app.screen.query_one("#topbar").render()))
                        await pilot.press("a", "c")
                    elif app.ui.stage is Stage.HAND_OVER:
                        await pilot.press("enter")
                    else:
                        await asyncio.sleep(0.002)

            over, _ = await asyncio.gather(bo.play(shove, ready=True), ana_plays())
            assert server.phase == TablePhase.OVER
            host = server.session
            assert host is not None and host.table.is_over()
            finishes = host.table.finishes
            assert len(finishes) == 3 and sum(f.prize for f in finishes.values()) == 300
            # the end as the friend's screen tells it: who won the tournament, the prizes
            remote = remote_of(app)
            assert remote is not None
            result = remote.result  # the places came over the wire
            assert result is not None
            assert {(f.seat, f.place, f.prize) for f in finishes.values()} == set(result.finishes)
            # the end screen is pushed before it is drawn: wait for its words, not a pause
            await until(pilot, lambda: "wins the tournament" in screen_text(app.screen))
            assert "300" in screen_text(app.screen)
            # and as the bare client received it
            assert over["result"]["tournament"] is True
            assert sorted(f[1] for f in over["result"]["finishes"])[0] == 1
            assert any("Level" in bar for bar in bars)
            assert all(len(bar) <= 80 for bar in bars)
    finally:
        await server.close()
