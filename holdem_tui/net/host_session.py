"""What a hosted table is made of before anyone connects: its options and its session.

:class:`HostOptions` says how the table runs (who may sit, how long it waits, whether it keeps
a save); :class:`HostSession` is the game's :class:`~holdem_tui.session.controller.Session`
with what ``host --resume`` needs (the join code, the host's chair) and each person's stats,
counted as each hand ends so the end of a long game sends them at once. Apart from the
server so the commands, the web table and the tests can build a table's options without
the network code.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.saver import BackgroundSaveFile
from holdem_tui.net.seats import SeatLocks
from holdem_tui.review import HandRecord, SeatStats, session_records, session_stats
from holdem_tui.session.controller import Session
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.storage.paths import data_dir

log = logging.getLogger("holdem_tui.net")

#: spectators from one address at most (one code holder cannot fill the room)
WATCHERS_PER_ADDRESS = 4


def new_code() -> str:
    """A short join code that reads unambiguously aloud and on screen."""
    return "".join(secrets.choice(p.CODE_ALPHABET) for _ in range(p.CODE_LENGTH))


def new_token() -> str:
    """The host process's secret: its own table app shows it to be the host's connection."""
    return secrets.token_urlsafe(32)


def host_save_file() -> SaveFile:
    """The host's autosave, apart from ``play``'s so neither resumes the other's table."""
    return SaveFile(data_dir() / "host-autosave.json")


@dataclass
class HostOptions:
    """How the table runs: who may sit, how long it waits, whether it keeps a save.

    ``settings`` seats every chair; a human chair with an empty name is open for a friend,
    one with a name is reserved (the host's own, or a seat of a resumed table).
    ``reveal_delay`` is the pause between hands turned up at a showdown on the players'
    screens (the table waits for it before the next hand); ``keep_table`` keeps the table
    open after a game for the host's next one; ``host_token`` is the secret the host's own
    table app presents (never sent to anyone); ``start_when`` deals as soon as that many
    people are at the table, as if the host had started without the others
    (:meth:`TableServer.start_now`), for a table nobody watches over. While a person's
    decision is open, the other screens' pictures wait ``others_delay`` seconds (less than
    a screen refresh: nobody sees it), so the decision's frame goes out alone and a quick
    answer (a bot client's) is read at once; their next picture tells both moves.
    ``watchers_per_address`` caps the spectators from one address (``None``: no cap, for
    ``serve --table``, whose every tab watches from loopback).
    """

    settings: GameSettings
    code: str = field(default_factory=new_code)
    host_seat: int | None = None
    away_timeout: float = 30.0
    hand_pause: float = 5.0
    bot_delay: float = 0.0
    bot_timeout: float | None = 5.0
    persist: bool = False
    reveal_delay: float = 0.0
    keep_table: bool = False
    host_token: str = field(default_factory=new_token)
    start_when: int | None = None
    others_delay: float = 0.02
    watchers_per_address: int | None = WATCHERS_PER_ADDRESS


class HostSession(Session):
    """A :class:`Session` whose autosave also remembers the join code and the host's chair."""

    join_code = ""
    host_seat: int | None = None

    def _start_story(self, settings: GameSettings) -> None:
        super()._start_story(settings)
        #: each person's play so far, by chair: counted as each hand ends, so the end of the
        #: game sends it at once (counting a long game at its end would stall the table)
        self.seat_stats: dict[int, SeatStats] = {}
        #: the hashes of the players' reconnect keys (the table's own, saved with it)
        self.seat_locks = SeatLocks()

    def _count(self, records: list[HandRecord]) -> None:
        """Add ``records`` to the people's stats (a chair dealt none of them gets no entry)."""
        for seat, counted in session_stats(records, self.settings.humans).items():
            if counted.hands:
                self.seat_stats[seat] = self.seat_stats.get(seat, SeatStats()) + counted

    def finish_hand(self) -> None:
        """Pay the hand as any session does, and add it to the people's stats."""
        super().finish_hand()
        hand = self.played[-1]
        try:
            self._count([HandRecord.from_hand(hand, self.reasons_of(hand))])
        except Exception:  # the stats are a bonus: never the table's end
            log.exception("hand %d could not be counted", hand.config.hand_number)

    def count_earlier_hands(self) -> None:
        """A resumed table: the people's stats over the hands its history already holds."""
        if not self.finished_before or self.history_path is None:
            return
        try:
            history, before = self.history_path, self.finished_before
            self._count(session_records([], lambda hand: {}, history, before)[0])
        except Exception:  # an unreadable history: the stats count this run's hands only
            log.exception("the earlier hands of %s could not be counted", self.history_path)

    def start_storage(self, save_file: SaveFile | None = None) -> None:
        """Keep the hosted session on disk in the host's own save file, written off the loop."""
        super().start_storage(save_file or BackgroundSaveFile(host_save_file().path))

    def score_data(self) -> dict[str, Any]:
        """The score plus what ``host --resume`` needs to open the same table again."""
        return {
            **super().score_data(),
            "join_code": self.join_code,
            "host_seat": self.host_seat,
            "seat_keys": self.seat_locks.saved(),
        }

    def stop_saving(self) -> None:
        """Wait for the autosave writer to put the last save on disk, and end it."""
        store = self.store
        if store is not None and isinstance(store.save_file, BackgroundSaveFile):
            try:
                store.save_file.stop()
            except OSError as exc:
                store.unusable = f"{exc.strerror or exc}"
