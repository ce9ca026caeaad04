"""A sitting of drills: which spot comes next, what an answer does, and the progress kept.

The trainer holds the drills' store (:mod:`holdem_tui.progress.drill_store`) and writes it
after every answer, so a sitting cut short keeps every answer given. Preflop spots are dealt
fresh each time; pot-odds spots are drawn from those found in the histories and the real
hands (the player's own first); the player's own flagged spots come in the order of their
schedule (:mod:`holdem_tui.progress.spaced`). The clock (``now``) and the dealer (``rng``) are
the caller's: the tests turn both by hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from holdem_tui.engine.positions import POSITION_LABELS
from holdem_tui.progress.drill_store import Attempt, DrillStore, SpotRef, save_store
from holdem_tui.progress.drills import (
    OddsVerdict,
    OwnVerdict,
    PreflopSpot,
    grade_odds,
    grade_own,
    random_preflop_spot,
)
from holdem_tui.progress.scan import ODDS, REAL_HANDS, LoadedSpot, load_spot
from holdem_tui.progress.spaced import Card, answered, due_order, next_due

__all__ = ["RECENT", "PositionAccuracy", "Trainer"]

#: the answers the "lately" column of the progress counts, per position
RECENT: Final = 20
#: a pot-odds spot is not asked again within this many spots
ODDS_MEMORY: Final = 6


@dataclass(frozen=True, slots=True)
class PositionAccuracy:
    """One position's answers to a drill: how many, the share right over all of them, and
    over the last :data:`RECENT` (how the player does now)."""

    position: str
    tries: int
    right: float
    recent: float


class Trainer:
    """Drills over one store; see the module's note."""

    def __init__(
        self,
        store: DrillStore,
        *,
        path: Path | None = None,
        folder: Path | None = None,
        now: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        """``path``: where the store is written (``None``: the data folder's); ``folder``:
        the histories folder the spots are read from."""
        self.store = store
        self.path = path
        self.folder = folder
        self.now = now
        self.rng = rng or random.Random()
        self._recent_odds: list[str] = []

    def _save(self) -> None:
        save_store(self.store, self.path)

    def _record(self, kind: str, position: str, right: bool) -> None:
        self.store.record(Attempt(kind, self.now(), position, right))
        self._save()

    # ------------------------------------------------------------------ preflop

    def next_preflop(self) -> PreflopSpot:
        """A fresh preflop spot."""
        return random_preflop_spot(self.rng)

    def answer_preflop(self, spot: PreflopSpot, choice: str) -> bool:
        """Grade and keep an answer to a preflop spot (right: the hard bot's answer)."""
        right = choice == spot.answer
        self._record("preflop", spot.position, right)
        return right

    # ------------------------------------------------------------------ pot odds

    def odds_spots(self) -> list[SpotRef]:
        """Every pot-odds spot known: the player's own first, then the real hands'."""
        odds = [s for s in self.store.spots if s.flag == ODDS]
        return [s for s in odds if s.source != REAL_HANDS] + [
            s for s in odds if s.source == REAL_HANDS
        ]

    def next_odds(self) -> LoadedSpot | None:
        """A pot-odds spot not asked lately (the player's own twice as often)."""
        spots = self.odds_spots()
        fresh = [s for s in spots if s.key not in self._recent_odds] or spots
        while fresh:
            own = [s for s in fresh if s.source != REAL_HANDS]
            pool = own if own and (self.rng.random() < 2 / 3 or len(own) == len(fresh)) else fresh
            ref = self.rng.choice(pool)
            loaded = load_spot(ref, self.folder)
            if loaded is not None:
                self._recent_odds = [*self._recent_odds, ref.key][-ODDS_MEMORY:]
                return loaded
            fresh.remove(ref)
        return None

    def answer_odds(
        self, spot: LoadedSpot, price: int | None, outs: int | None, call: bool
    ) -> OddsVerdict:
        """Grade and keep the three answers of a pot-odds spot."""
        verdict = grade_odds(spot.advice, price, outs, call)
        self._record("odds", spot.ref.position, verdict.right)
        return verdict

    # ------------------------------------------------------------------ own spots

    def own_order(self) -> list[str]:
        """The keys of the player's own spots in the order they are asked now."""
        flagged = [s.key for s in self.store.spots if s.flag != ODDS]
        return due_order(self.store.cards, self.now(), flagged)

    def next_own(self) -> LoadedSpot | None:
        """The next of the player's own spots that is due (``None``: none is, now)."""
        refs = {s.key: s for s in self.store.spots if s.flag != ODDS}
        for key in self.own_order():
            ref = refs.get(key)
            if ref is None:
                continue
            loaded = load_spot(ref, self.folder)
            if loaded is not None and loaded.flags:
                return loaded
        return None

    def answer_own(self, spot: LoadedSpot, choice: str) -> OwnVerdict:
        """Grade an answer to an own spot, keep it, and schedule the spot again."""
        verdict = grade_own(spot.view, spot.advice, spot.flags[0], choice)
        key = spot.ref.key
        card = self.store.cards.get(key, Card(self.now()))
        self.store.cards[key] = answered(card, verdict.right, self.now())
        self._record("own", spot.ref.position, verdict.right)
        return verdict

    def own_due(self) -> int:
        """How many own spots are due now (new ones included)."""
        return len(self.own_order())

    def own_next_due(self) -> float | None:
        """When the next own spot already asked comes back (seconds since the epoch)."""
        return next_due(self.store.cards)

    # ------------------------------------------------------------------ progress

    def accuracy(self, kind: str) -> list[PositionAccuracy]:
        """Each position's answers to drill ``kind``, in the positions' order."""
        by: dict[str, list[bool]] = {}
        for attempt in self.store.attempts:
            if attempt.kind == kind:
                by.setdefault(attempt.position, []).append(attempt.right)
        out = []
        for position in POSITION_LABELS:
            answers = by.get(position)
            if answers:
                recent = answers[-RECENT:]
                out.append(
                    PositionAccuracy(
                        position,
                        len(answers),
                        sum(answers) / len(answers),
                        sum(recent) / len(recent),
                    )
                )
        return out
