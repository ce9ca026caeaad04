"""``holdem-tui serve`` without a browser: flags, addresses, tab secrets, refusals, seats."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from click.testing import CliRunner

from holdem_tui.commands import play, serve
from holdem_tui.commands.host import table_options
from holdem_tui.commands.play import GameFlags, build_settings
from holdem_tui.i18n import get_translator
from holdem_tui.net.host_session import HostOptions
from holdem_tui.net.server import TableServer
from holdem_tui.storage.paths import DATA_ENV
from holdem_tui.web.server import (
    ServeOptions,
    WebServer,
    client_script,
    websocket_url,
)
from holdem_tui.web.table import ServedTable
from holdem_tui.web.tabs import TICKET_LIFE, Tab, Tickets, tab_key
from tests.support.net import WireClient

SECRET = "0123456789abcdef" * 2
OTHER = "fedcba9876543210" * 2


def test_flags_reach_each_tab_as_play_reads_them() -> None:
    flags = GameFlags(
        game="draw", bots="easy,hard", plugins=("m:A", "m:B"), stack=500, limits="4/8", seed=3
    )
    argv = serve.flags_argv(flags)
    assert argv == [
        "--game", "draw", "--bots", "easy,hard", "--bot", "m:A", "--bot", "m:B",
        "--stack", "500", "--limits", "4/8", "--seed", "3",
    ]  # fmt: skip
    context = play.command.make_context("play", list(argv))
    given = {name: context.params[name] for name in ("game", "bots", "plugins", "stack", "seed")}
    assert given == {"game": "draw", "bots": "easy,hard", "plugins": ("m:A", "m:B"),
                     "stack": 500, "seed": 3}  # fmt: skip
    assert serve.flags_argv(GameFlags()) == []


def test_the_address_to_open_and_the_websocket_under_it() -> None:
    assert serve.page_url("127.0.0.1", 4100, None) == "http://127.0.0.1:4100/"
    assert serve.page_url("::1", 4100, None) == "http://[::1]:4100/"
    assert serve.page_url("0.0.0.0", 4100, "https://poker.example/t") == "https://poker.example/t/"
    # no public URL: where the browser itself connected (a --port 0, another name)
    assert websocket_url(None, "http", "10.0.0.5:4100", "T") == "ws://10.0.0.5:4100/ws/T"
    assert websocket_url(None, "https", "h", "T") == "wss://h/ws/T"
    assert websocket_url("https://poker.example/t/", "http", "x", "T") == (
        "wss://poker.example/t/ws/T"
    )
    assert websocket_url("http://192.168.1.20:7480", "http", "x", "T") == (
        "ws://192.168.1.20:7480/ws/T"
    )


def test_a_tab_is_known_by_a_hash_of_its_secret() -> None:
    key = tab_key(SECRET)
    assert key is not None and key == tab_key(SECRET) and key != tab_key(OTHER)
    assert SECRET not in key and key not in SECRET
    for bad in (None, 7, "", "xyz", SECRET.upper(), SECRET[:31], SECRET + "x", "a" * 65):
        assert tab_key(bad) is None


def test_a_ticket_opens_one_connection_within_its_life() -> None:
    now = [0.0]
    tickets = Tickets(clock=lambda: now[0])
    first = tickets.issue("k")
    assert tickets.take(first) == "k"
    assert tickets.take(first) is None
    late = tickets.issue("k")
    now[0] += TICKET_LIFE + 1
    assert tickets.take(late) is None
    assert tickets.take("never-issued") is None


def test_the_client_script_hands_its_terminal_to_the_page() -> None:
    script = client_script().decode()
    assert script.count("window.textualClient=this") == 1


def test_a_wildcard_host_needs_the_public_url(tmp_path: Path) -> None:
    result = CliRunner().invoke(serve.command, ["--host", "0.0.0.0", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "--public-url" in result.output


def test_a_taken_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            serve.command, ["--port", str(port), "--data-dir", str(tmp_path)]
        )
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"Error: Cannot serve on 127.0.0.1:{port}: Address already in use"]


def test_a_wrong_game_flag_is_said_before_anything_listens(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        serve.command, ["--blinds", "10/5", "--port", "0", "--data-dir", str(tmp_path)]
    )
    assert result.exit_code == 2 and "--blinds" in result.output


# ---------------------------------------------------------------- the web server, no game


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[str]:
    options = ServeOptions(tmp_path / "web", get_translator("en"), max_tabs=1)
    server = WebServer(options)
    port = await server.start("127.0.0.1", 0)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        await server.close()


async def test_the_page_is_whole_without_the_internet(served: str) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(served) as response:
            page = await response.text()
        for path in ("static/js/textual.js", "static/css/xterm.css",
                     "static/fonts/RobotoMono-VariableFont_wght.ttf"):  # fmt: skip
            async with session.get(served + path) as asset:
                assert asset.status == 200, path
    assert "http://" not in page and "https://" not in page  # nothing fetched from elsewhere
    assert "monospace" in page and "Dealing you in" in page


async def test_only_this_servers_page_gets_a_game(served: str) -> None:
    async with aiohttp.ClientSession() as session:
        stranger = {"Origin": "https://evil.example"}
        async with session.post(served + "tab", json={"secret": SECRET}, headers=stranger) as r:
            assert r.status == 403
        async with session.post(served + "tab", json={"secret": "short"}) as r:
            assert r.status == 400
        async with session.post(served + "tab", data=b"x" * 5000) as r:
            assert r.status in (400, 413)
        async with session.get(served.replace("http", "ws") + "ws/forged") as r:
            assert r.status == 403
        own = {"Origin": served.rstrip("/")}
        async with session.post(served + "tab", json={"secret": SECRET}, headers=own) as r:
            reply = await r.json()
    assert reply["ws"].startswith(served.replace("http://", "ws://") + "ws/")


# ---------------------------------------------------------------- a served table's seats


def _table(open_seats: int = 2, bots: str = "") -> ServedTable:
    settings = build_settings(GameFlags(bots=bots), human_seats=[""] * open_seats)
    server = TableServer(HostOptions(settings))
    return ServedTable(server, get_translator("en"))


def _tab(tmp_path: Path, secret: str) -> Tab:
    key = tab_key(secret)
    assert key is not None
    return Tab(key, tmp_path / key)


async def test_a_tab_keeps_its_name_and_nobody_takes_it(tmp_path: Path) -> None:
    table = _table()
    ana, other = _tab(tmp_path, SECRET), _tab(tmp_path, OTHER)
    assert await table.place(ana, None, False) == ""  # ask the name
    assert await table.place(ana, "  ", False) == get_translator("en").t("net.refusal.bad_name")
    assert await table.place(ana, "Ana", False) is None
    assert table.argv(ana)[-2:] == ["--name", "Ana"]
    # a reload: the same chair, whatever the page sends
    assert await table.place(ana, None, False) is None and ana.name == "Ana"
    # another tab may not sit down as Ana, even while Ana is away
    assert await table.place(other, "ana", False) == get_translator("en").t(
        "net.refusal.name_taken"
    )
    assert await table.place(other, None, True) is None
    assert "--watch" in table.argv(other) and "--name" not in table.argv(other)
    table.page_url = "http://192.0.2.7:7480/"  # once the web server listens
    assert table.argv(ana)[-4:] == ["--shown-as", table.page_url, "--name", "Ana"]


async def test_chairs_on_their_way_count_as_taken(tmp_path: Path) -> None:
    table = _table(open_seats=1, bots="easy")
    assert await table.place(_tab(tmp_path, SECRET), "Ana", False) is None
    assert await table.place(_tab(tmp_path, OTHER), "Ben", False) == get_translator("en").t(
        "net.refusal.table_full"
    )


def test_settings_of_a_tab_are_its_own() -> None:
    tab = Tab("k", Path("x", "tabs", "k"))
    assert tab.data != tab.config and tab.data.parent == tab.config.parent == tab.folder


# ---------------------------------------------------------------- serve --table --resume


def test_resume_needs_a_table_and_a_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both said in one line before anything listens."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))  # the command points it at the table
    alone = CliRunner().invoke(serve.command, ["--resume", "--data-dir", str(tmp_path)])
    assert alone.exit_code == 2 and "--table" in alone.output
    nothing = CliRunner().invoke(
        serve.command, ["--table", "--resume", "--port", "0", "--data-dir", str(tmp_path)]
    )
    assert nothing.exit_code == 1
    assert nothing.output.strip() == get_translator("en").t("storage.no_save")


async def test_a_served_table_resumes_with_its_code_and_chairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    tr = get_translator("en")
    options = table_options(
        GameFlags(bots="easy"),
        player=None,
        open_seats=2,
        code=None,
        away_timeout=30.0,
        start_when=None,
    )
    served = await serve._open_table(tmp_path, options, tr, ())
    ana = await WireClient.join(served.server, "Ana")
    bo = await WireClient.join(served.server, "Bo")
    await served.server.wait_until(lambda: served.server.pending is not None)
    code = served.server.code
    await ana.close()
    await bo.close()
    await served.close()
    assert (tmp_path / "table" / "host-autosave.json").exists()

    again = await serve._open_table(tmp_path, options, tr, (), serve._table_save(tmp_path, tr))
    try:
        assert again.server.code == code
        names = again.server.names()
        assert "Ana" in names and "Bo" in names
        # a tab that sits down as Ana gets Ana's kept chair; every other chair is kept too
        assert await again.place(_tab(tmp_path, SECRET), "Ana", False) is None
        assert await again.place(_tab(tmp_path, OTHER), "Cleo", False) == tr.t(
            "net.refusal.table_full"
        )
    finally:
        await again.close()
