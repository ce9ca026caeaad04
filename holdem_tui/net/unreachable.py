"""Why a table could not be reached, in the player's language and in one line.

The operating system says "[Errno 111] Connect call failed ('127.0.0.1', 7777)": true, and of
no use to a player. What a player can act on is which of a few things went wrong: nothing
listens at that address (the table is not open, or the port is wrong), the name is no
computer, the network has no way there, or nobody answered in time. Every way of joining
(the table app, ``join --bot``) words it here, so they say the same.
"""

from __future__ import annotations

import errno
import re
import socket
from typing import Final

from holdem_tui.i18n import Translator

#: errno values that mean "there is no way to that computer from here"
_NO_ROUTE: Final = frozenset({errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EHOSTDOWN})
#: asyncio names every address it tried in one message ("Multiple exceptions: [Errno 111] ...")
_ERRNO_IN_TEXT: Final = re.compile(r"\[Errno (-?\d+)\]")


def show_address(host: str, port: int) -> str:
    """``host:port``, an IPv6 address in brackets as a player types it."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _errnos(exc: BaseException) -> set[int]:
    """Every error number ``exc`` carries: its own, or those named in its message."""
    own = getattr(exc, "errno", None)
    if isinstance(own, int):
        return {own}
    return {int(number) for number in _ERRNO_IN_TEXT.findall(str(exc))}


def unreachable_text(tr: Translator, exc: BaseException, host: str, port: int) -> str:
    """The line a player reads when ``host:port`` could not be reached because of ``exc``."""
    address = show_address(host, port)
    numbers = _errnos(exc)
    if isinstance(exc, socket.gaierror):
        why = tr.t("net.unreachable_why.no_host", host=host)
    elif isinstance(exc, TimeoutError) or numbers == {errno.ETIMEDOUT}:
        why = tr.t("net.unreachable_why.no_answer", address=address)
    elif numbers and numbers <= {errno.ECONNREFUSED}:
        why = tr.t("net.unreachable_why.refused", address=address)
    elif numbers and numbers <= _NO_ROUTE | {errno.ECONNREFUSED}:
        why = tr.t("net.unreachable_why.no_route", address=address)
    elif isinstance(exc, OSError) and exc.strerror:
        why = tr.t("net.unreachable_why.other", address=address, reason=exc.strerror)
    else:
        reason = _ERRNO_IN_TEXT.sub("", str(exc)).strip() or type(exc).__name__
        why = tr.t("net.unreachable_why.other", address=address, reason=reason)
    return tr.t("net.unreachable", detail=why)
