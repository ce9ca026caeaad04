"""A table that cannot be reached is said in one plain line in the player's language
(issue 29: ``join`` to an address where nothing listens printed "[Errno 111] Connect call
failed ('127.0.0.1', 7777)")."""

from __future__ import annotations

import asyncio
import errno
import socket

import pytest
from click.testing import CliRunner
from rich.cells import cell_len

from holdem_tui.cli import main
from holdem_tui.i18n import LANGUAGES, Translator
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.net.unreachable import show_address, unreachable_text

#: the widest address a player types on a home network, with a port
WIDE_HOST, WIDE_PORT = "192.168.100.200", 7777
STATION = "tests.support.scenes:CallingStation"


def _dead_port() -> int:
    """A port that was free a moment ago: nothing listens there."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
    return port


def _refused(port: int) -> OSError:
    """What the system really says when nothing listens at ``port``."""

    async def connect() -> OSError:
        try:
            await asyncio.open_connection(LOOPBACK, port)
        except OSError as exc:
            return exc
        raise AssertionError("something listens there")

    return asyncio.run(connect())


def _every_failure(port: int) -> dict[str, BaseException]:
    return {
        "refused": _refused(port),
        "no_host": socket.gaierror(socket.EAI_NONAME, "Name or service not known"),
        "no_answer": TimeoutError(),
        "no_route": OSError(errno.EHOSTUNREACH, "No route to host"),
        # asyncio tried two addresses of one name and names both
        "refused_twice": OSError(
            "Multiple exceptions: [Errno 111] Connect call failed ('::1', 7777, 0, 0), "
            "[Errno 111] Connect call failed ('127.0.0.1', 7777)"
        ),
    }


def test_nothing_listening_is_said_plainly() -> None:
    port = _dead_port()
    text = unreachable_text(Translator("en"), _refused(port), LOOPBACK, port)
    assert text == f"Cannot reach the table: nothing answers at {LOOPBACK}:{port}. Is it open?"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_failure_is_one_plain_line_that_fits(lang: str) -> None:
    tr = Translator(lang)
    said = {
        kind: unreachable_text(tr, exc, WIDE_HOST, WIDE_PORT)
        for kind, exc in _every_failure(_dead_port()).items()
    }
    assert said["refused"] == said["refused_twice"]
    assert len({said[kind] for kind in ("refused", "no_host", "no_answer", "no_route")}) == 4
    for kind, text in said.items():
        assert "Errno" not in text and "\n" not in text, (kind, text)
        assert text.startswith(tr.t("net.unreachable", detail="")), (kind, text)
        assert cell_len(text) <= 80, (kind, text)
    assert f"{WIDE_HOST}:{WIDE_PORT}" in said["refused"]


def test_another_failure_keeps_the_reason_without_the_number() -> None:
    exc = OSError(errno.EACCES, "Permission denied")
    text = unreachable_text(Translator("nl"), exc, "::1", 7777)
    assert text == "De tafel is niet bereikbaar: [::1]:7777: Permission denied"
    assert show_address("table.local", 80) == "table.local:80"


@pytest.mark.parametrize(
    ("lang", "start"),
    [("en", "Cannot reach the table: nothing answers at"), ("fi", "Pöytään ei saada yhteyttä:")],
)
def test_join_a_bot_to_a_dead_address_says_it_in_one_line(lang: str, start: str) -> None:
    port = _dead_port()
    args = ["join", f"{LOOPBACK}:{port}", "--code", "ABCDEF", "--bot", STATION, "--lang", lang]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    [line] = result.output.strip().splitlines()
    assert line.startswith(f"Error: {start}") and "Errno" not in line
