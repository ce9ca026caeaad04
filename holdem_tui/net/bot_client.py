"""A bot in a chair at someone else's table: ``holdem-tui join ... --bot module:Class``.

It reads the same ``state`` messages a person's screen does and answers with the same ``act``
messages, its view and action passing through the :mod:`holdem_tui.wire` codec exactly as a
plugin bot process's do, so a bot author can try a bot against friends' bots over the network.
The bot's turn is the turn loop's own (:func:`~holdem_tui.session.turns.decide`, through
``safe_decide``): a crash or a timeout checks or folds instead of leaving the table waiting,
and the fault travels with the action, so the table's log says it in one line.

A bot's reason travels with its action, as a plugin process's does, and the host keeps it
with the hand (the review shows it afterwards, like any bot's). The host keeps a client's
reason only in its own words, so one of the game's own reasons (a built-in level playing
over the network) is put into words here first, in the language ``join`` runs in.
"""

from __future__ import annotations

import asyncio

from holdem_tui.bots.base import Bot
from holdem_tui.bots.explain import cut_text
from holdem_tui.bots.safety import DEFAULT_TIMEOUT
from holdem_tui.engine.decision import Reason
from holdem_tui.i18n import Translator, get_translator
from holdem_tui.net import protocol as p
from holdem_tui.net.client import Connection
from holdem_tui.net.seats import SeatKeyring
from holdem_tui.review.text import reason_text
from holdem_tui.session.turns import decide, slip_of


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
    lang: str = "en",
    keyring: SeatKeyring | None = None,
) -> p.Over | None:
    """Sit ``bot`` down and play until the session ends (``None``: the host went away).

    ``lang`` is the language the game's own reasons are put into words in; ``keyring``
    keeps the chair's reconnect key (``join --bot`` run again takes the chair back).
    """
    tr = get_translator(lang)
    connection = await Connection.open(host, port, code, name, keyring=keyring)
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
                    move = await asyncio.to_thread(decide, bot, view, seat, timeout)
                    reason = in_words(move.decision.reason, tr)
                    act = p.act(
                        seat, message.decision, move.decision.action, reason, slip_of(move.fault)
                    )
                    await connection.send(act)
                elif view.complete and view.hand_number != ready_for:
                    ready_for = view.hand_number
                    await connection.send(p.ready())
    finally:
        await connection.close()


def in_words(reason: Reason | None, tr: Translator) -> Reason | None:
    """The reason as the host will keep it: in words (``None``: none, or nothing to say).

    :func:`~holdem_tui.bots.safety.safe_decide` has checked it already; a reason of the
    game's own is worded in ``tr``'s language, one in a bot's own words stays as written.
    """
    if reason is None or reason.text is not None:
        return reason  # none, or in the bot's own words already (cleaned and cut once)
    text = cut_text(reason_text(reason, tr))  # as long as a plugin's may be, no longer
    return Reason.own_words(text) if text else None
