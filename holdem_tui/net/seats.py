"""Seats that cannot be stolen (issue 27, item 5): a secret key per seated player.

Names are public (every lobby frame lists them), so a name cannot prove who a player is:
anyone with the join code could say a dropped player's name and take the chair, its chips
and its hole cards. Here each player gets a **reconnect key** when they sit down (32 random
bytes from :mod:`secrets`), sent to that connection alone in its ``welcome``. A chair
that has a key is given back only to a hello that presents it; a name alone is refused
``seat_locked``. The host keeps only a SHA-256 hash of each key, in memory and in the
host save, so ``host --resume`` lets each friend back in with the key their game kept and
nobody else (a key has 256 random bits: a fast hash is enough, there is nothing to guess).

Keys belong to names, not chair numbers: a chair follows its player's name into the next
game at a table kept open, so its key does too. A chair with a name and no key (one a
player left in the lobby, one the host handed over, or a save from before keys) goes to
the first player who asks for it by name, who gets a fresh key. The host's own chair is
the host's by the host process's token, key or not (a resumed host has a new process and
proves itself with that).

**Handing a chair over** is the host's deliberate act (a friend lost their key, or
someone else takes the chips): the chair's key is dropped, so the old key stops working,
and the next player who joins with the chair's name sits down with a fresh key. Only a
chair whose player is not connected can be handed over, and never the host's own.

The client side, :class:`SeatKeyring`, keeps this machine's keys where a player expects
their game's files: one small file per table (named by a hash of the join code, so the
folder does not list codes) in the data folder, readable by its owner only. ``join``
after a crash finds the key there and just works.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from holdem_tui.game_settings import GameSettings
from holdem_tui.net.protocol import Refusal
from holdem_tui.storage.atomic import atomic_write_text
from holdem_tui.storage.paths import data_dir

log = logging.getLogger("holdem_tui.net")

#: random bytes in a reconnect key (``token_urlsafe`` makes 43 characters of them)
KEY_BYTES: Final = 32
#: longest key a hello may carry (a longer one is no key of ours)
MAX_KEY: Final = 64
#: the refusal for a chair kept for its player (a key is needed, or a hand-over)
SEAT_LOCKED: Final = Refusal.SEAT_LOCKED
#: the folder (inside the data folder) of this machine's keys, one file per table
KEYRING_FOLDER: Final = "seat-keys"


def _is_hash(value: object) -> bool:
    return (
        isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
    )


def new_key() -> str:
    """A fresh reconnect key."""
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: str) -> str:
    """What the host keeps of a key: its SHA-256, in hex."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Admission:
    """A player let into their chair: ``key`` is theirs from now on (sent back to them);
    ``proved`` says they showed the chair's key (or are the host at the host's chair),
    so a stale connection still holding the chair may be replaced by this one."""

    key: str
    proved: bool


class SeatLocks:
    """The host's side: the hash of each seated name's key (see the module docstring)."""

    def __init__(
        self, hashes: Mapping[str, str] | None = None, revoked: Iterable[str] = ()
    ) -> None:
        self._hashes: dict[str, str] = dict(hashes or {})
        #: the hashes of keys the host voided by handing their chair over
        self._revoked: set[str] = set(revoked)

    @classmethod
    def from_saved(cls, data: object) -> SeatLocks:
        """The locks a host save kept (anything malformed is left out: that chair then
        goes to the first who asks for it by name, as at a table saved before keys)."""
        if not isinstance(data, Mapping):
            return cls()
        keys, revoked = data.get("keys"), data.get("revoked")
        kept = {
            name: digest
            for name, digest in (keys.items() if isinstance(keys, Mapping) else ())
            if isinstance(name, str) and _is_hash(digest)
        }
        void = [d for d in revoked if _is_hash(d)] if isinstance(revoked, list) else []
        return cls(kept, void)

    def saved(self) -> dict[str, Any]:
        """What the host save keeps: names and hashes, never a key."""
        return {"keys": dict(self._hashes), "revoked": sorted(self._revoked)}

    def locked(self, name: str) -> bool:
        """Whether ``name``'s chair needs its key to be taken."""
        return name in self._hashes

    def admit(self, name: str, key: str | None, *, host: bool = False) -> Admission | None:
        """Let ``name`` into their chair with ``key``, or ``None`` (refused: locked).

        ``host``: the connection proved it is the host's and this is the host's chair.
        The right key is kept (a reconnect); otherwise a fresh one is made and its hash
        replaces the old one.
        """
        if key is not None and key_hash(key) in self._revoked:
            return None  # handed over: this key opens nothing any more
        digest = self._hashes.get(name)
        if digest is not None and key is not None and hmac.compare_digest(key_hash(key), digest):
            return Admission(key, proved=True)
        if digest is not None and not host:
            return None
        return Admission(self.issue(name), proved=host)

    def issue(self, name: str) -> str:
        """A fresh key for ``name`` sitting down in an open chair (any old one is void)."""
        key = new_key()
        self._hashes[name] = key_hash(key)
        return key

    def forget(self, name: str) -> None:
        """``name`` has left: the chair's key goes with it."""
        self._hashes.pop(name, None)

    def revoke(self, name: str) -> None:
        """The host handed ``name``'s chair over: its key opens nothing any more, and the
        chair goes to the next player who asks for it by name."""
        digest = self._hashes.pop(name, None)
        if digest is not None:
            self._revoked.add(digest)


def hand_over_problem(
    settings: GameSettings, seat: int, *, host_seat: int | None, here: bool
) -> str | None:
    """Why the host cannot hand ``seat`` over now (``None``: it can).

    Only a person's named chair whose player is not connected: a chair in use would be
    taken from under its player, and the host's own is the host's by the host's token.
    """
    seats = settings.seats
    if not 0 <= seat < len(seats) or not seats[seat].is_human or not seats[seat].name:
        return "no_such_chair"
    if seat == host_seat:
        return "host_chair"
    if here:
        return "player_here"
    return None


class SeatKeyring:
    """This machine's reconnect keys for one table, kept in the data folder.

    A key the file cannot give (missing, unreadable, damaged) is simply not there: the
    player then needs the host to hand the chair over, which is why nothing here raises.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_table(cls, code: str, folder: Path | None = None) -> SeatKeyring:
        """The keyring of the table with join code ``code`` (in ``folder``, else the data
        folder's :data:`KEYRING_FOLDER`)."""
        table = hashlib.sha256(f"holdem-tui table {code}".encode()).hexdigest()[:24]
        return cls((folder or data_dir() / KEYRING_FOLDER) / f"{table}.json")

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def key(self, name: str) -> str | None:
        """The key this machine holds for ``name`` at this table."""
        key = self._read().get(name)
        return key if key is not None and len(key) <= MAX_KEY else None

    def keep(self, name: str, key: str) -> None:
        """Remember ``name``'s key (atomically, owner-only); a failure is logged, not
        raised: the game goes on, and a later reconnect needs a hand-over."""
        keys = self._read()
        if keys.get(name) == key:
            return
        keys[name] = key
        try:
            atomic_write_text(self.path, json.dumps(keys, ensure_ascii=False) + "\n")
        except OSError as exc:
            log.warning("the seat key for %s could not be kept: %s", name, exc)
