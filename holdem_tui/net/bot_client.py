"""A bot in a chair at someone else's table: ``holdem-tui join ... --bot module:Class``.

It reads the same ``state`` messages a person's screen does and answers with the same ``act``
messages, its view and action passing through the :mod:`holdem_tui.wire` codec exactly as a
plugin bot process's do, so a bot author can try a bot against friends' bots over the network.
The bot runs through :func:`~holdem_tui.bots.safety.safe_decide`: a crash or a timeout checks
or folds instead of leaving the table waiting.
"""

from __future__ import annotations

import asyncio

from holdem_tui.bots.base import Bot
from holdem_tui.bots.safety import DEFAULT_TIMEOUT, safe_decide
from holdem_tui.net import protocol as p
from holdem_tui.net.client import Connection


class Refused(Exception):
    """The host would not seat the bot; the message says why."""


async def play_bot(
    host: str,
    port: int,
    code: str,
    name: str,
    bot: Bot,
    *,
    timeout: float | None = DEFAULT_TIMEOUT,
) -> p.Over | None:
    """Sit ``bot`` down and play until the session ends (``None``: the host went away)."""
    connection = await Connection.open(host, port, code, name)
    seat: int | None = None
    ready_for = -1
    try:
        while True:
            message = await connection.recv()
            if message is None:
                return None
            if isinstance(message, p.Refused):
                raise Refused(f"{message.reason}: {message.detail}")
            if isinstance(message, p.Welcome):
                seat = message.seat
            elif isinstance(message, p.Over):
                return message
            elif isinstance(message, p.State) and message.view is not None and seat is not None:
                view = message.view
                if message.decision is not None and view.legal is not None:
                    # the host hears the action only: a remote seat's reason stays with it
                    decision, _fault = await asyncio.to_thread(safe_decide, bot, view, timeout)
                    await connection.send(p.act(seat, message.decision, decision.action))
                elif view.complete and view.hand_number != ready_for:
                    ready_for = view.hand_number
                    await connection.send(p.ready())
    finally:
        await connection.close()
