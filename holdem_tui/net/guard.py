"""Who may try the join code, and when: the table's answer to guessing and to floods.

Issue 27, items 6 and 7. The review found the old limit (20 wrong codes per address,
checked before the hello was read) let 2,745 of 3,000 sockets opened at once guess, let
rotating loopback sources guess 230,000 times a minute, and locked an address out forever
(friends behind one router, the host's own app). Here:

* **a guess is counted when it is let in, not when it fails** (:meth:`CodeGuard.try_guess`
  takes it from every budget at once, on the event loop, before the key exchange runs;
  :meth:`CodeGuard.settle` gives it back when the code was right), so a thousand
  connections opened together get exactly the guesses the budgets hold, no more. A guess
  beyond an address's free ones while its earlier guesses are still under way is told to
  :data:`WAIT` for them, not refused: nine friends behind one router who join together
  are let in as the first ones prove the code, and a flood's extra guesses meet the
  back-off its first ones earned;
* **a table-wide budget**: a bucket of :data:`TABLE_BURST` guesses refilled at
  :data:`TABLE_RATE` a second, whatever the source address: rotating sources share it.
  An address that has proved the code before (a friend, the host's app) is not held back
  by it, so a flood of guesses does not keep the table's own players out;
* **back-off per address**: after :data:`FREE_FAILURES` wrong codes each further one
  doubles the wait before the next guess (to :data:`MAX_BACKOFF`), and
  :data:`LOCKOUT_FAILURES` lock the address out for :data:`LOCKOUT` seconds, then it
  starts afresh (a lockout expires);
* **connections before the proof are capped** per address (:data:`PENDING_PER_ADDRESS`)
  and overall (:attr:`CodeGuard.pending_cap`, set from the descriptors the process may
  open, minus a reserve for saves, histories and players), and refused at once above it.

The arithmetic (docs/security.md): a code is 10 characters of 31, 31**10 = 8.2e14 codes;
the table-wide budget lets at most TABLE_BURST + 86,400 * TABLE_RATE = 86,430 guesses a
day through, whatever the number of addresses, so a day of guessing finds the code with a
chance of 1.1e-10 (a year: 3.9e-8). A guess is a SPAKE2 run (:mod:`.secure`): there is
nothing to guess offline.

The clock is injected: the tests drive it by hand.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from holdem_tui.net.protocol.fields import Refusal

#: guesses the whole table lets through at once, and per second after that
TABLE_BURST: Final = 30
TABLE_RATE: Final = 1.0
#: wrong codes an address may give without waiting (a typo or two)
FREE_FAILURES: Final = 3
#: the longest wait between two guesses from one address, in seconds
MAX_BACKOFF: Final = 60.0
#: wrong codes that lock an address out, and for how long (seconds)
LOCKOUT_FAILURES: Final = 20
LOCKOUT: Final = 600.0
#: connections that have not proved the code yet, from one address and in all: a whole
#: table of nine behind one router, with watchers, may arrive at once (the benchmark's nine
#: players on loopback were refused at 8)
PENDING_PER_ADDRESS: Final = 16
PENDING_TOTAL: Final = 256
#: addresses remembered (a rotating flood must not grow the table's memory without end)
MAX_TRACKED: Final = 4096

#: the refusals the guard gives (told in the player's words, ``net.refusal.*``)
LOCKED: Final = Refusal.TOO_MANY_ATTEMPTS
BUSY: Final = Refusal.BUSY
#: not a refusal: earlier guesses from the address are under way, ask again once one settles
WAIT: Final = "wait"


@dataclass
class _Address:
    failures: int = 0
    next_guess: float = 0.0
    locked_until: float = 0.0
    pending: int = 0
    #: guesses let in whose proof has not settled yet (each counted in ``failures``)
    in_flight: int = 0
    trusted: bool = False


@dataclass
class CodeGuard:
    """The budgets of one table (see the module docstring); every call is on the loop."""

    clock: Callable[[], float] = time.monotonic
    pending_cap: int = PENDING_TOTAL
    _addresses: dict[str, _Address] = field(default_factory=dict)
    _tokens: float = TABLE_BURST
    _refilled: float | None = None
    _pending: int = 0
    #: guesses let in and refused so far (the benchmark and the tests read them)
    guesses: int = 0
    refused: int = 0

    def _entry(self, address: str) -> _Address:
        entry = self._addresses.get(address)
        if entry is None:
            if len(self._addresses) >= MAX_TRACKED:
                self._forget()
            entry = self._addresses[address] = _Address()
        return entry

    def _forget(self) -> None:
        """Drop the addresses that hold nothing now (no lockout running, nothing pending)."""
        now = self.clock()
        for address, entry in list(self._addresses.items()):
            idle = (
                not entry.pending
                and not entry.in_flight
                and entry.locked_until <= now
                and entry.next_guess <= now
            )
            if idle and not entry.trusted:
                del self._addresses[address]

    # ------------------------------------------------------------------ connections

    def connect(self, address: str) -> bool:
        """A new connection: False when there is no room for another unproved one."""
        entry = self._entry(address)
        if self._pending >= self.pending_cap or entry.pending >= PENDING_PER_ADDRESS:
            self.refused += 1
            return False
        entry.pending += 1
        self._pending += 1
        return True

    def proved_or_gone(self, address: str) -> None:
        """A connection counted by :meth:`connect` proved the code, or went away."""
        entry = self._addresses.get(address)
        if entry is not None and entry.pending:
            entry.pending -= 1
            self._pending -= 1

    @property
    def pending(self) -> int:
        """Connections that have not proved the code yet."""
        return self._pending

    # ------------------------------------------------------------------ guesses

    def try_guess(self, address: str) -> str | None:
        """Take one guess for ``address`` from every budget now; ``None``: go ahead, else
        the refusal key (:data:`LOCKED`, :data:`BUSY`). A guess let in counts as wrong
        until :meth:`settle` says it was right."""
        now = self.clock()
        entry = self._entry(address)
        if entry.locked_until > now:
            self.refused += 1
            return LOCKED
        if entry.locked_until:  # a lockout that has run out: a fresh start
            entry.failures, entry.locked_until, entry.next_guess = 0, 0.0, 0.0
            entry.in_flight = 0
        if entry.next_guess > now:
            self.refused += 1
            return BUSY
        if entry.in_flight and entry.failures > FREE_FAILURES:
            return WAIT  # the earlier guesses decide: right ones make room, wrong ones wait
        if not entry.trusted:
            self._refill(now)
            if self._tokens < 1:
                self.refused += 1
                return BUSY
            self._tokens -= 1
        self.guesses += 1
        entry.in_flight += 1
        entry.failures += 1
        if entry.failures >= LOCKOUT_FAILURES:
            entry.locked_until = now + LOCKOUT
        return None

    def settle(self, address: str, right: bool) -> None:
        """The guess :meth:`try_guess` let in was right (its failure is taken back, and the
        address is trusted from now on) or wrong (it stays counted, and the back-off
        starts); a proof that never finished settles as wrong."""
        entry = self._addresses.get(address)
        if entry is None or not entry.in_flight:
            return
        entry.in_flight -= 1
        if right:
            entry.failures = max(0, entry.failures - 1)
            entry.next_guess = 0.0
            entry.trusted = True
        elif not entry.locked_until:
            self._back_off(entry, self.clock())

    def count_failure(self, address: str) -> None:
        """A wrong secret found later (a host token that is not the host's, a chair's
        key that is not that chair's): one more failure for the address, with its
        back-off and lockout."""
        self._fail(self._entry(address), self.clock())

    def failed(self) -> dict[str, int]:
        """Wrong codes counted per address (a guess under way counts as one)."""
        return {a: e.failures for a, e in self._addresses.items() if e.failures}

    def _fail(self, entry: _Address, now: float) -> None:
        entry.failures += 1
        if entry.failures >= LOCKOUT_FAILURES:
            entry.locked_until = now + LOCKOUT
        else:
            self._back_off(entry, now)

    @staticmethod
    def _back_off(entry: _Address, now: float) -> None:
        if entry.failures > FREE_FAILURES:
            entry.next_guess = now + min(MAX_BACKOFF, 2.0 ** (entry.failures - FREE_FAILURES))

    def _refill(self, now: float) -> None:
        if self._refilled is not None:
            self._tokens = min(TABLE_BURST, self._tokens + (now - self._refilled) * TABLE_RATE)
        self._refilled = now
