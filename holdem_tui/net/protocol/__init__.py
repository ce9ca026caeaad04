"""The network table's messages: one versioned schema for the server and every client.

One namespace (``from holdem_tui.net import protocol as p``) over four modules:
:mod:`.fields` (the version, the limits, :class:`ProtocolError`, one frame's checks and the
strict field readers), :mod:`.client_messages` (what a client says), :mod:`.table` (the
settings and the table as a client may know them) and :mod:`.server_messages` (what the
table says).

Transport: one TCP connection per client, one JSON object per line (UTF-8, ``\\n``-ended),
built with :func:`holdem_tui.wire.to_json`. Views, legal actions and actions inside the
messages are the :mod:`holdem_tui.wire` codec's objects, so a network seat and a plugin bot
process read and write exactly the same data. Every message carries ``"v"``
(:data:`PROTOCOL_VERSION`: the game's one version, :data:`holdem_tui.wire.strict.VERSION`,
which the wire's objects and the secure greeting carry too) and ``"t"``, its type.

Both directions are decoded strictly here, with the same strict readers as the wire's
objects (:mod:`holdem_tui.wire.strict`): exactly the keys a type has, bounded whole numbers
and strings, so the server can answer any bad frame with one :class:`ProtocolError` whose
``reason`` is a stable key (and the client can trust nothing a stranger's server sends
beyond what it checked). docs/protocol.md documents the same schema.

Version 2 sends the hand as it moves: a client gets one whole ``state`` when it sits down
(again), when a hand is dealt and whenever it asks (``sync``); after that each ``delta``
carries only what changed (the table's changed fields, a view patch of its own view from
:func:`~holdem_tui.wire.view_patch`: the new events as its seat may see them, the
fields and seats that moved). Every picture is numbered (``seq``, per connection), so a client
whose copy could be out of step (a number skipped, a patch that does not apply) asks for
a whole ``state`` instead of guessing; :func:`apply_delta` is that check.

Version 3 adds each person's stats over the game to ``over`` (:class:`Over`): a version 2
client would refuse that message at the end of the evening, so it is refused at ``hello``.
Version 4 carries the session's read model as it is: a ``state`` is a
:class:`~holdem_tui.session.snapshot.Snapshot` (who at the screen may show, ``may_show``,
replaces ``can_show``; the bots' ``slips`` this hand travel with it), and an ``act`` may
say how a bot failed the decision it answers (``slip``).
Version 5 is the one version of the wire and the protocol: the wire's objects inside a
frame said ``"v": 1`` until then, and now carry the frame's number, as the secure greeting
does, so a build of another version is refused at its first line.
"""

from __future__ import annotations

from holdem_tui.net.protocol.client_messages import (
    Act,
    Again,
    ClientMessage,
    HandOver,
    Hello,
    Leave,
    NextGame,
    Ready,
    Show,
    Start,
    Sync,
    act,
    again,
    decode_client,
    decode_new_table,
    hand_over,
    hello,
    leave,
    next_game,
    ready,
    show,
    start,
    sync,
)
from holdem_tui.net.protocol.fields import (
    CODE_ALPHABET,
    CODE_LENGTH,
    DEFAULT_PORT,
    LOOPBACK,
    MAX_CLIENT_LINE,
    MAX_NAME,
    MAX_SERVER_LINE,
    MAX_TOKEN,
    PLUGIN_LEVEL,
    PROTOCOL_VERSION,
    PUBLIC_SETTINGS,
    ProtocolError,
    Refusal,
    check_keys,
    check_name,
    frame,
    parse_line,
    read_bool,
    read_bool_list,
    read_int,
    read_int_list,
    read_opt_int,
    read_str,
)
from holdem_tui.net.protocol.server_messages import (
    Closed,
    Delta,
    Error,
    FrameEncoder,
    Lobby,
    Over,
    Refused,
    ServerMessage,
    State,
    Welcome,
    apply_delta,
    closed,
    decode_server,
    delta,
    error,
    lobby,
    over,
    refused,
    state,
    welcome,
)
from holdem_tui.net.protocol.table import (
    decode_finishes,
    decode_settings,
    decode_table,
    encode_table,
    public_settings,
    table_changes,
)

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "DEFAULT_PORT",
    "LOOPBACK",
    "MAX_CLIENT_LINE",
    "MAX_NAME",
    "MAX_SERVER_LINE",
    "MAX_TOKEN",
    "PLUGIN_LEVEL",
    "PROTOCOL_VERSION",
    "PUBLIC_SETTINGS",
    "Act",
    "Again",
    "ClientMessage",
    "Closed",
    "Delta",
    "Error",
    "FrameEncoder",
    "HandOver",
    "Hello",
    "Leave",
    "Lobby",
    "NextGame",
    "Over",
    "ProtocolError",
    "Ready",
    "Refusal",
    "Refused",
    "ServerMessage",
    "Show",
    "Start",
    "State",
    "Sync",
    "Welcome",
    "act",
    "again",
    "apply_delta",
    "check_keys",
    "check_name",
    "closed",
    "decode_client",
    "decode_finishes",
    "decode_new_table",
    "decode_server",
    "decode_settings",
    "decode_table",
    "delta",
    "encode_table",
    "error",
    "frame",
    "hand_over",
    "hello",
    "leave",
    "lobby",
    "next_game",
    "over",
    "parse_line",
    "public_settings",
    "read_bool",
    "read_bool_list",
    "read_int",
    "read_int_list",
    "read_opt_int",
    "read_str",
    "ready",
    "refused",
    "show",
    "start",
    "state",
    "sync",
    "table_changes",
    "welcome",
]
