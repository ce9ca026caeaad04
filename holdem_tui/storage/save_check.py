"""Complete validation of a save before "Continue" is offered: schema, ranges, and replay.

A save is hostile data like any file: one nested 100,000 deep, an ``elapsed`` of 400
digits, a wrong-size ``rng_state``, a stack of 10**30 or a button of 99 used to crash every
start. :func:`check_payload` checks each field's type and range (so no later ``int()``,
``float()`` or number formatting can fail) and raises ``ValueError`` naming the field; the
loader then replays the saved hand (:func:`~holdem_tui.storage.autosave.resume`) and only a
save that passes both is offered.
"""

from __future__ import annotations

import math
from typing import Any

from holdem_tui.engine.table import tournament_state
from holdem_tui.engine.tournament import tournament_from_data
from holdem_tui.engine.variants import MAX_SEATS, RULES, variant_of
from holdem_tui.game_settings import MAX_CHIPS, MAX_HANDS, GameSettings

#: a save larger than this is not one this game wrote (a long session is well under 1 MB)
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: the Mersenne Twister state: version, 625 words, gauss
RNG_WORDS = 625
MAX_SECONDS = 10**9
MAX_SEED = 2**256


def _int(value: Any, name: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise ValueError(f"{name}: expected a whole number, got {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(
            f"{name}: {value if abs(value) < 10**20 else 'a huge number'} is outside {low}..{high}"
        )
    return value


def _optional_int(value: Any, name: str, low: int, high: int) -> None:
    if value is not None:
        _int(value, name, low, high)


def _list(value: Any, name: str, most: int) -> list[Any]:
    if type(value) is not list:
        raise ValueError(f"{name}: expected a list")
    if len(value) > most:
        raise ValueError(f"{name}: more than {most} items")
    return value


def _check_config(config: Any) -> int:
    if type(config) is not dict:
        raise ValueError("table.config: expected an object")
    variant = variant_of(config.get("variant"))
    if variant is None:
        raise ValueError(f"table.config.variant: unknown game {str(config.get('variant'))[:20]!r}")
    names = _list(config.get("names"), "table.config.names", MAX_SEATS)
    if len(names) not in RULES[variant].seat_counts or not all(
        type(n) is str and len(n) <= 64 for n in names
    ):
        raise ValueError("table.config.names: wrong number of players or not names")
    for key in ("starting_stack", "small_blind", "big_blind", "ante", "small_bet", "big_bet"):
        if key in config:
            _int(config[key], f"table.config.{key}", 0, MAX_CHIPS)
    _int(config.get("cap", 4), "table.config.cap", 1, 100)
    _optional_int(config.get("hand_limit"), "table.config.hand_limit", 1, MAX_HANDS)
    _optional_int(config.get("seed"), "table.config.seed", -MAX_SEED, MAX_SEED)
    minutes = config.get("minute_limit")
    if minutes is not None:
        _number(minutes, "table.config.minute_limit", MAX_SECONDS)
    for key in ("big_blind_ante", "reset_stacks"):
        if type(config.get(key, False)) is not bool:
            raise ValueError(f"table.config.{key}: expected true or false")
    if config.get("tournament") is not None:
        try:
            tournament_from_data(config["tournament"], variant)
        except ValueError as exc:
            raise ValueError(f"table.config.tournament: {exc}") from None
    return len(names)


def _number(value: Any, name: str, high: int) -> float:
    if type(value) not in (int, float):
        raise ValueError(f"{name}: expected a number")
    if type(value) is int and not 0 <= value <= high:
        raise ValueError(f"{name}: outside 0..{high}")
    if not (math.isfinite(value) and 0 <= value <= high):
        raise ValueError(f"{name}: outside 0..{high}")
    return float(value)


def check_table(table: Any) -> None:
    """Every field of a saved table: types, ranges, sizes (``ValueError`` names the field)."""
    if type(table) is not dict:
        raise ValueError("table: expected an object")
    n = _check_config(table.get("config"))
    seats = _list(table.get("seats"), "table.seats", MAX_SEATS)
    if len(seats) != n:
        raise ValueError("table.seats: not one per player")
    for i, seat in enumerate(seats):
        if type(seat) is not list or len(seat) != 3 or type(seat[0]) is not str:
            raise ValueError(f"table.seats[{i}]: expected [name, stack, busted hand]")
        _int(seat[1], f"table.seats[{i}].stack", 0, MAX_CHIPS * MAX_SEATS)
        _optional_int(seat[2], f"table.seats[{i}].busted", 0, MAX_HANDS * 10)
    _int(table.get("button"), "table.button", -1, n - 1)
    _int(table.get("hand_number"), "table.hand_number", 0, MAX_HANDS * 10)
    _number(table.get("elapsed"), "table.elapsed", MAX_SECONDS)
    rng = table.get("rng_state")
    if type(rng) is not list or len(rng) != 3:
        raise ValueError("table.rng_state: expected [version, state, gauss]")
    _int(rng[0], "table.rng_state.version", 0, 10)
    words = _list(rng[1], "table.rng_state.state", RNG_WORDS)
    if len(words) != RNG_WORDS or not all(type(w) is int and 0 <= w < 2**32 for w in words):
        raise ValueError(f"table.rng_state.state: expected {RNG_WORDS} 32-bit words")
    if rng[2] is not None:
        _number(abs(rng[2]) if type(rng[2]) is float else rng[2], "table.rng_state.gauss", 100)
    _optional_int(table.get("hand_seed"), "table.hand_seed", 0, MAX_SEED)
    if table["config"].get("tournament") is not None:
        tournament_state(table.get("tournament"), n)
    history = _list(table.get("history"), "table.history", MAX_HANDS * 10)
    for i, stacks in enumerate(history):
        if type(stacks) is not list or len(stacks) != n:
            raise ValueError(f"table.history[{i}]: not one stack per player")
        for stack in stacks:
            _int(stack, f"table.history[{i}]", 0, MAX_CHIPS * MAX_SEATS)


def check_payload(payload: Any) -> None:
    """The whole save: table, decisions, settings, history fields; ``ValueError`` if not."""
    if type(payload) is not dict:
        raise ValueError("a save must be a JSON object")
    check_table(payload.get("table"))
    _list(payload.get("hand_actions") or [], "hand_actions", 2000)
    settings = payload.get("settings") or {}
    if type(settings) is not dict:
        raise ValueError("settings: expected an object")
    if settings:  # the game always stores them; a bare table (tools, tests) has none
        game = GameSettings.from_dict(settings)
        problems = game.validate()
        if problems:
            raise ValueError(f"settings: {problems[0][0]}")
        n = len(payload["table"]["config"]["names"])
        if "seats" in settings and len(game.seats) != n:
            raise ValueError("settings: not one seat per player at the table")
    for key in ("session_id", "saved_at", "app_version"):
        value = payload.get(key, "")
        if value is not None and (type(value) is not str or len(value) > 200):
            raise ValueError(f"{key}: expected a short text")
    path = payload.get("history_path")
    if path is not None and (type(path) is not str or len(path) > 4096):
        raise ValueError("history_path: expected a path")
    _optional_int(payload.get("history_size"), "history_size", 0, 2**40)
    if type(payload.get("extra") or {}) is not dict:
        raise ValueError("extra: expected an object")
