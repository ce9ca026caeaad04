"""Plain JSON-able data to and from the engine's values: for plugin processes and the network.

Everything that crosses a process or a socket goes through :mod:`holdem_tui.wire.codec`,
so there is one schema for it; every decoder of data from outside, the codec's and the
network protocol's, reads with the one framework of strict readers in
:mod:`holdem_tui.wire.strict`, which also holds the one version number they all carry.
"""

from holdem_tui.wire.codec import (
    WIRE_VERSION,
    WireError,
    apply_view_patch,
    copy_view,
    decode_action,
    decode_event,
    decode_legal,
    decode_reason,
    decode_view,
    encode_action,
    encode_event,
    encode_legal,
    encode_reason,
    encode_view,
    from_json,
    to_json,
    view_patch,
    view_patch_is_empty,
)

__all__ = [
    "WIRE_VERSION",
    "WireError",
    "apply_view_patch",
    "copy_view",
    "decode_action",
    "decode_event",
    "decode_legal",
    "decode_reason",
    "decode_view",
    "encode_action",
    "encode_event",
    "encode_legal",
    "encode_reason",
    "encode_view",
    "from_json",
    "to_json",
    "view_patch",
    "view_patch_is_empty",
]
