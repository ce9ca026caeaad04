"""A finished hand written as PHH (TOML), with the bots' reasons as ``_reasons``.

:func:`dumps` writes one hand (a ``.phh`` file); :func:`dumps_section` one ``[n]`` table of a
``.phhs`` file, which is how the history of a session grows one hand at a time. The format is
described in :mod:`holdem_tui.history.phh`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.decision import Reason, reason_problem, reason_to_data
from holdem_tui.engine.draw import DEFAULT_CAP
from holdem_tui.engine.events import (
    BoardDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    HoleCardsDealt,
    PlayerActed,
)
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.variants import Variant
from holdem_tui.history.phh import (
    DRAW_CODE,
    HOLDEM_CODE,
    cards_field,
    decision_lines,
)


def hand_actions(hand: Hand) -> list[str]:
    """The PHH action list of a hand, from its events (cards shown go last, as pokerkit
    expects the showdown after the final board)."""
    actions: list[str] = []
    shows: list[str] = []
    for event in hand.events:
        if isinstance(event, HoleCardsDealt) and event.cards is not None:
            actions.append(f"d dh p{event.player + 1} {cards_field(event.cards)}")
        elif isinstance(event, BoardDealt):
            actions.append(f"d db {cards_field(event.cards)}")
        elif isinstance(event, PlayerActed):
            verb = "f" if event.kind is ActionKind.FOLD else "cc"
            actions.append(f"p{event.player + 1} {f'cbr {event.to}' if event.aggressive else verb}")
        elif isinstance(event, CardsDrawn):
            discards = event.discarded or ()
            actions.append(f"p{event.player + 1} sd {cards_field(discards)}".rstrip())
            if event.received:
                actions.append(f"d dh p{event.player + 1} {cards_field(event.received)}")
        elif isinstance(event, CardsShown) and not event.voluntary:
            shows.append(f"p{event.player + 1} sm {cards_field(event.cards)}")
        elif isinstance(event, CardsMucked):
            shows.append(f"p{event.player + 1} sm")
    return actions + shows


def _toml_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else json.dumps(key, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + items + "}" if items else "{}"
    raise TypeError(f"cannot write {type(value).__name__} to PHH")


def _reasons_field(actions: Sequence[str], reasons: Mapping[int, Reason]) -> list[Any]:
    """``_reasons`` for a hand's action lines; a reason that could not be read back (or that
    points past the hand's decisions) is left out rather than written."""
    lines = decision_lines(actions)
    out: list[Any] = []
    for decision in sorted(reasons):
        reason = reasons[decision]
        if not 0 <= decision < len(lines) or reason_problem(reason) is not None:
            continue
        out.append({"action": lines[decision], **reason_to_data(reason)})
    return out


def dumps(
    hand: Hand,
    *,
    extra: dict[str, Any] | None = None,
    reasons: Mapping[int, Reason] | None = None,
) -> str:
    """A finished hand as PHH text (``NT`` or this project's ``F5CD``); ``reasons`` (bots'
    reasons by decision index, as ``Hand.actions_taken()`` counts) become ``_reasons``."""
    if not hand.is_complete:
        raise ValueError("only finished hands are written")
    config = hand.config
    n = hand.n
    fields: dict[str, Any] = {}
    if hand.variant is Variant.DRAW:
        fields["variant"] = DRAW_CODE
        fields["ante_trimming_status"] = config.ante_trimming
        fields["antes"] = list(config.phh_antes())
        fields["blinds_or_straddles"] = [0] * n
        fields["small_bet"] = config.small_bet
        fields["big_bet"] = config.big_bet
        fields["_max_raises"] = config.max_raises or DEFAULT_CAP
    else:
        fields["variant"] = HOLDEM_CODE
        fields["ante_trimming_status"] = config.ante_trimming
        fields["antes"] = list(config.phh_antes())
        fields["blinds_or_straddles"] = [
            config.blinds[i] if i < len(config.blinds) else 0 for i in range(n)
        ]
        fields["min_bet"] = config.min_bet
    fields["starting_stacks"] = list(config.starting_stacks)
    fields["actions"] = hand_actions(hand)
    if config.names:
        fields["players"] = list(config.names)
    if config.seats:
        fields["seats"] = [s + 1 for s in config.seats]
    fields["hand"] = config.hand_number
    fields["finishing_stacks"] = list(hand.stacks)
    fields.update(extra or {})
    if reasons:
        written = _reasons_field(fields["actions"], reasons)
        if written:
            fields["_reasons"] = written
    lines = []
    for key, value in fields.items():
        if key in ("actions", "_reasons"):
            body = "".join(f"  {_toml_value(a)},\n" for a in value)
            lines.append(f"{key} = [\n{body}]")
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_section(
    hand: Hand,
    key: int | str,
    *,
    extra: dict[str, Any] | None = None,
    reasons: Mapping[int, Reason] | None = None,
) -> str:
    """One hand as a ``[key]`` table of a multi-hand ``.phhs`` file (append-friendly)."""
    return f"[{key}]\n{dumps(hand, extra=extra, reasons=reasons)}\n"
