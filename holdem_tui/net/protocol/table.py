"""The table as a client may know it: the public settings (never the seed, never a
plugin's path) and the chairs' state (stacks, who is away or out, the limits and the score,
a sit-and-go's level and places), encoded, compared for a delta and decoded strictly."""

from __future__ import annotations

from typing import Any

from holdem_tui.engine.schedule import Level
from holdem_tui.engine.table import TournamentStatus
from holdem_tui.engine.variants import MAX_SEATS, MIN_SEATS
from holdem_tui.game_settings import (
    BOT,
    BOT_LEVELS,
    PLUGIN,
    SEAT_KINDS,
    GameSettings,
    SeatSettings,
)
from holdem_tui.net.protocol.fields import (
    MAX_NAME,
    PLUGIN_LEVEL,
    PUBLIC_SETTINGS,
    ProtocolError,
    check_keys,
    read,
    read_bool,
    read_bool_list,
    read_chips,
    read_int,
    read_int_list,
    read_opt_int,
    read_str,
)
from holdem_tui.session.snapshot import TableState, TournamentTable

# ---------------------------------------------------------------- settings and table


def public_settings(settings: GameSettings) -> dict[str, Any]:
    """The table's settings as a client may know them: never the seed, never a bot's plugin path."""
    data = settings.to_dict()
    seats = [
        {
            "kind": seat.kind,
            "name": name,
            "level": seat.level if seat.level in BOT_LEVELS else PLUGIN,
        }
        for seat, name in zip(settings.seats, settings.seat_names(), strict=True)
    ]
    public = {"seats": seats, **{key: data[key] for key in PUBLIC_SETTINGS}}
    if settings.tournament is not None:  # a sit-and-go: its name and a file's levels
        public["tournament"] = settings.tournament
        public["tournament_data"] = data["tournament_data"]
    return public


def _tournament_data(value: object) -> dict[str, Any] | None:
    """A tournament file's data as the host read it (checked in full with the settings)."""
    return None if value is None else read.json_object(value, "tournament_data")


def decode_settings(data: object, *, lang: str, pace: str) -> GameSettings:
    """The table a server described, as settings the table screen can draw."""
    data = read.json_object(data, "settings")
    check_keys(
        data,
        {"seats", *PUBLIC_SETTINGS, "tournament", "tournament_data"},
        {"seats", *PUBLIC_SETTINGS},
    )
    raw_seats = data["seats"]
    if type(raw_seats) is not list or not MIN_SEATS <= len(raw_seats) <= MAX_SEATS:
        raise ProtocolError("bad_message", f"seats must be a list of {MIN_SEATS} to {MAX_SEATS}")
    seats = []
    for index, value in enumerate(raw_seats):
        raw = read.json_object(value, f"seats[{index}]")
        check_keys(raw, {"kind", "name", "level"}, {"kind", "name", "level"})
        kind = read_str(raw, "kind", 8)
        if kind not in SEAT_KINDS:
            raise ProtocolError("bad_message", f"unknown seat kind {kind!r}")
        level = read_str(raw, "level", 16)
        if kind == BOT and level not in (*BOT_LEVELS, PLUGIN):
            raise ProtocolError("bad_message", f"unknown bot level {level!r}")
        # a plugin's module path stays on the host; the table only says "Plugin"
        level = PLUGIN_LEVEL if level == PLUGIN else level
        seats.append(SeatSettings(kind, read_str(raw, "name", MAX_NAME), level))
    variant = read_str(data, "variant", 16)
    settings = GameSettings(
        variant=variant,
        seats=tuple(seats),
        stack=read_int(data, "stack", 1, 10**9),
        small_blind=read_int(data, "small_blind", 0, 10**9),
        big_blind=read_int(data, "big_blind", 0, 10**9),
        ante=read_int(data, "ante", 0, 10**9),
        draw_ante=read_int(data, "draw_ante", 0, 10**9),
        small_bet=read_int(data, "small_bet", 0, 10**9),
        big_bet=read_int(data, "big_bet", 0, 10**9),
        hand_limit=read_opt_int(data, "hand_limit", 1, 10**6),
        minute_limit=read_opt_int(data, "minute_limit", 1, 10**6),
        lang=lang,
        pace=pace,
        tournament=None if data.get("tournament") is None else read_str(data, "tournament", 64),
        tournament_data=_tournament_data(data.get("tournament_data")),
    )
    problems = settings.validate()
    if problems:
        raise ProtocolError("bad_message", f"the table's settings do not hold: {problems[0][0]}")
    return settings


def encode_table(table: TableState) -> dict[str, Any]:
    """A table state as plain data."""
    data: dict[str, Any] = {
        "stacks": list(table.stacks),
        "busted": list(table.busted),
        "away": list(table.away),
        "hand_number": table.hand_number,
        "hands_left": table.hands_left,
        "minutes_left": table.minutes_left,
        "last_hand": table.last_hand,
        "hands_won": list(table.hands_won),
        "away_left": table.away_left,
    }
    if table.tournament is not None:
        data["tournament"] = _encode_tournament(table.tournament)
    return data


def _level(level: Level) -> list[int]:
    return [level.small, level.big, level.ante]


def _encode_tournament(tournament: TournamentTable) -> dict[str, Any]:
    """A sit-and-go's progress as plain data (what the top bar, the log and the places need)."""
    status = tournament.status
    return {
        "level": status.level,
        "stakes": _level(status.stakes),
        "next_stakes": None if status.next_stakes is None else _level(status.next_stakes),
        "starts_next_hand": status.starts_next_hand,
        "hands_left": status.hands_left,
        "seconds_left": status.seconds_left,
        "players_left": status.players_left,
        "entrants": status.entrants,
        "prizes": list(status.prizes),
        "next_hand": _level(tournament.next_hand),
        "finishes": [list(f) for f in tournament.finishes],
        "first_of_level": tournament.first_of_level,
    }


def _decode_level(data: dict[str, Any], key: str) -> Level:
    small, big, ante = read_int_list(data, key, 3)
    if not 0 < small <= big:
        raise ProtocolError("bad_message", f"{key} must be small, big and ante chips")
    return Level(small, big, ante)


def decode_finishes(rows: object, seats: int) -> tuple[tuple[int, int, int], ...]:
    """A sit-and-go's places so far as ``(chair, place, prize)``, strictly checked."""
    finishes = []
    for index, row in enumerate(read.items(rows, "finishes", limit=seats)):
        chair, place, prize = read_chips(row, f"finishes[{index}]", 3)
        if not (0 <= chair < seats and 1 <= place <= seats):
            raise ProtocolError("bad_message", "a place not at the table")
        finishes.append((chair, place, prize))
    return tuple(finishes)


def _tournament_table(data: object, seats: int) -> TournamentTable | None:
    """A sit-and-go's progress from the host, strictly checked."""
    if data is None:
        return None
    data = read.json_object(data, "tournament")
    keys = {"level", "stakes", "next_stakes", "starts_next_hand", "hands_left", "seconds_left"}
    keys |= {"players_left", "entrants", "prizes", "next_hand", "finishes", "first_of_level"}
    check_keys(data, keys, keys)
    seconds = data["seconds_left"]
    if seconds is not None and (type(seconds) not in (int, float) or not 0 <= seconds < 10**9):
        raise ProtocolError("bad_message", "tournament.seconds_left must be seconds")
    finishes = decode_finishes(data["finishes"], seats)
    paid = data["prizes"]
    if type(paid) is not list or not 0 < len(paid) <= seats:
        raise ProtocolError("bad_message", "tournament.prizes must be a prize per paid place")
    prizes = read_int_list(data, "prizes", len(paid))
    status = TournamentStatus(
        level=read_int(data, "level", 1, 10**4),
        stakes=_decode_level(data, "stakes"),
        next_stakes=None if data["next_stakes"] is None else _decode_level(data, "next_stakes"),
        starts_next_hand=read_bool(data, "starts_next_hand"),
        hands_left=read_opt_int(data, "hands_left", 0, 10**9),
        seconds_left=None if seconds is None else float(seconds),
        players_left=read_int(data, "players_left", 0, seats),
        entrants=read_int(data, "entrants", 1, seats),
        prizes=tuple(prizes),
    )
    return TournamentTable(
        status, _decode_level(data, "next_hand"), finishes, read_bool(data, "first_of_level")
    )


def table_changes(old: TableState, new: TableState) -> dict[str, Any]:
    """The fields of ``new`` that differ from ``old``, encoded as in :func:`encode_table`."""
    if old == new:
        return {}
    before, after = encode_table(old), encode_table(new)
    return {key: value for key, value in after.items() if before[key] != value}


def decode_table(data: object, seats: int) -> TableState:
    """A table state for ``seats`` chairs, strictly checked."""
    data = read.json_object(data, "table")
    fields = {
        "stacks",
        "busted",
        "away",
        "hand_number",
        "hands_left",
        "minutes_left",
        "last_hand",
        "hands_won",
        "away_left",
    }
    check_keys(data, {*fields, "tournament"}, fields)
    return TableState(
        stacks=tuple(read_int_list(data, "stacks", seats)),
        busted=tuple(read_int_list(data, "busted", seats, nullable=True)),
        away=tuple(read_bool_list(data, "away", seats)),
        hand_number=read_int(data, "hand_number", 0, 10**9),
        hands_left=read_opt_int(data, "hands_left", 0, 10**9),
        minutes_left=read_opt_int(data, "minutes_left", 0, 10**9),
        last_hand=read_bool(data, "last_hand"),
        hands_won=tuple(read_int_list(data, "hands_won", seats)),
        away_left=read_opt_int(data, "away_left", 0, 10**6),
        tournament=_tournament_table(data.get("tournament"), seats),
    )
