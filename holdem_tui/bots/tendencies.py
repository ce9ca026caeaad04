"""How one opponent plays each kind of spot, counted from public events, with priors.

A regular keeps mental notes like "folds to 3-bets a lot", "bets the turn whenever I
check", "folds the turn to a pot-sized bet after checking". :class:`Tendencies` keeps
those notes as counts of (spot, chances, times it did the thing), one per opponent, and
turns them into frequencies by Bayesian shrinkage: every spot's estimate is pulled towards
the estimate of the broader spot it belongs to (the turn towards all streets, a large bet
towards all sizes) by a few pseudo-observations, and the broadest towards a prior. Early
in a session every estimate is therefore the prior, which is sane; after a few hundred
hands the notes are this opponent's own, and the older notes fade (:data:`MEMORY`), so
an opponent who changes its game is read as it plays now.

Spots, by the key's first word (the later words narrow it):

* ``open`` (position group): first in, raises. ``limp``: first in, calls.
* ``fold_open`` / ``3bet_open`` (position group): faces a single raise, nobody else in.
* ``fold_3bet`` / ``4bet_3bet``: opened and faces a re-raise.
* ``fold_4bet``: re-raised and faces another raise.
* ``bet`` (role, street, checked to): may bet first on a street after the first round;
  the role is ``agg`` for the previous round's last aggressor, ``pas`` otherwise.
* ``fold`` (checked, street, size): faces the first bet of a later round; ``checked``
  says whether it checked earlier on that street, ``size`` is ``small`` (under half the
  pot), ``medium`` or ``large`` (a pot or more). ``raise`` (street): raises that bet.
* ``fold_raise`` (street): bet, then faces a raise.
* ``pat``: stands pat at the draw (of the draws it makes).

Nothing here sees a card: the walker reads :class:`PlayerActed` and the chips posted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.events import (
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsDrawn,
    Event,
    PlayerActed,
    Street,
    StreetStarted,
)

#: betting rounds after the first (the draw itself is not one)
LATER_ROUNDS = (Street.FLOP, Street.TURN, Street.RIVER, Street.POSTDRAW)

#: (prior mean, prior strength in pseudo-observations) of the broadest spot of each kind
PRIORS: dict[str, tuple[float, float]] = {
    "open": (0.35, 10.0),
    "limp": (0.05, 10.0),
    "fold_open": (0.45, 12.0),
    "3bet_open": (0.08, 14.0),
    "fold_3bet": (0.5, 14.0),
    "4bet_3bet": (0.08, 14.0),
    "fold_4bet": (0.5, 10.0),
    "bet": (0.45, 8.0),
    "fold": (0.45, 8.0),
    "raise": (0.08, 10.0),
    "fold_raise": (0.4, 8.0),
    "pat": (0.03, 20.0),
}
#: pseudo-observations that tie a narrower spot to the broader one
SHRINK = 5.0
#: about how many chances of a spot the estimates remember: each new one weighs a little
#: more than the one before, so a player who changes how it plays (an opponent adapting
#: to this bot) is read anew within a few hundred hands, not averaged with its past
MEMORY = 150.0
FADE = 1.0 - 1.0 / MEMORY
#: how a bet's size moves the fold rate before there is evidence for that size: logit
#: offsets from the estimate over all sizes (bigger bets get more folds)
SIZE_OFFSET = {"small": -0.45, "medium": 0.0, "large": 0.45}


def size_bucket(call: int, pot: int) -> str:
    """``small``, ``medium`` or ``large``: the bet to call against the pot before it."""
    ratio = call / max(1, pot - call)
    if ratio < 0.5:
        return "small"
    return "medium" if ratio < 1.0 else "large"


def _logit(p: float) -> float:
    p = min(0.995, max(0.005, p))
    return math.log(p / (1.0 - p))


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(slots=True)
class Tendencies:
    """One opponent's counts per spot; every prefix of a key is counted too (pooling)."""

    counts: dict[tuple[str, ...], list[int]] = field(default_factory=dict)
    #: the same counts with the older ones fading (see :data:`MEMORY`): the evidence
    recent: dict[tuple[str, ...], list[float]] = field(default_factory=dict)

    def add(self, key: tuple[str, ...], hit: bool) -> None:
        """Count one chance at the spot ``key`` (and at each broader spot containing it)."""
        for depth in range(1, len(key) + 1):
            cell = self.counts.setdefault(key[:depth], [0, 0])
            cell[0] += hit
            cell[1] += 1
            fading = self.recent.setdefault(key[:depth], [0.0, 0.0])
            fading[0] = fading[0] * FADE + hit
            fading[1] = fading[1] * FADE + 1.0

    def _evidence(self, key: tuple[str, ...]) -> tuple[float, float]:
        """(times, chances) at ``key``, the older ones fading."""
        hits, n = self.recent.get(key, (0.0, 0.0))
        return hits, n

    def seen(self, key: tuple[str, ...]) -> int:
        """How many chances at ``key`` were counted."""
        return self.counts.get(key, (0, 0))[1]

    def _prior(self, key: tuple[str, ...]) -> tuple[float, float]:
        """(mean, strength) the counts at ``key`` are shrunk towards: the broader spot's
        estimate from its other evidence (its counts less this spot's own), so one
        observation counts once, not once per level."""
        if len(key) == 1:
            return PRIORS[key[0]]
        hits, n = self._evidence(key)
        parent = self._rate_without(key[:-1], hits, n)
        if key[0] == "fold" and len(key) == 4:
            parent = _sigmoid(_logit(parent) + SIZE_OFFSET.get(key[3], 0.0))
        return parent, SHRINK

    def _rate_without(self, key: tuple[str, ...], hits_out: float, n_out: float) -> float:
        """The estimate of ``key`` with ``hits_out`` of ``n_out`` of its counts left out."""
        mean, strength = self._prior(key)
        hits, n = self._evidence(key)
        return max(0.0, hits - hits_out + strength * mean) / max(1e-9, n - n_out + strength)

    def rate(self, key: tuple[str, ...]) -> float:
        """The shrunk frequency of the spot ``key`` (the posterior mean)."""
        mean, strength = self._prior(key)
        hits, n = self._evidence(key)
        return (hits + strength * mean) / (n + strength)

    def sample(self, key: tuple[str, ...], rng: random.Random) -> float:
        """A draw from the spot's posterior (a Beta), for exploring while exploiting.

        Choosing by a draw rather than the mean (Thompson sampling) tries a size or a
        bluff whose estimate is still uncertain often enough to learn it, and stops
        once the counts say it does not work.
        """
        mean, strength = self._prior(key)
        hits, n = self._evidence(key)
        a = hits + strength * mean
        b = n - hits + strength * (1.0 - mean)
        return rng.betavariate(max(a, 1e-3), max(b, 1e-3))


@dataclass(slots=True)
class _Round:
    """The state of the current betting round while a hand's events are replayed."""

    street: Street = Street.PREFLOP
    bets: int = 0  # bets and raises so far this round
    to: int = 0  # the street total to match
    bettor: int | None = None
    first_bettor: int | None = None
    checked: set[int] = field(default_factory=set)
    put_in: dict[int, int] = field(default_factory=dict)  # chips this round per player


def count_hand(
    events: Sequence[Event],
    seen: int,
    me: int | None,
    groups: Sequence[str],
    notes_of: Callable[[int], Tendencies],
) -> None:
    """Replay one hand's public events and count, for every player but ``me``, the spots
    met by events at index ``seen`` or later (the earlier ones are counted already).

    ``groups`` names each position's opening group (``early`` … ``bb``);
    ``notes_of(player)`` gives that player's :class:`Tendencies`.
    """
    pot = 0
    rnd = _Round()
    first_round = True
    previous_aggressor: int | None = None
    entered = False  # someone put chips in voluntarily in the first round
    opener: int | None = None
    three_bettor: int | None = None
    callers = 0  # callers of the open, before any re-raise
    drawn: dict[int, str] = {}  # the cards each player took, as a key word
    for index, event in enumerate(events):
        if isinstance(event, CardsDrawn):
            drawn[event.player] = f"d{event.count}"
            if index >= seen and event.player != me:
                notes_of(event.player).add(("pat",), event.count == 0)
            continue
        if isinstance(event, AntePosted | BlindPosted):
            pot += event.amount
            if isinstance(event, BlindPosted):
                rnd.put_in[event.player] = rnd.put_in.get(event.player, 0) + event.amount
                rnd.to = max(rnd.to, rnd.put_in[event.player])
            continue
        if isinstance(event, BetReturned):
            pot -= event.amount
            continue
        if isinstance(event, StreetStarted):
            if event.street in LATER_ROUNDS:
                previous_aggressor = rnd.bettor
                first_round = False
                rnd = _Round(street=event.street)
            continue
        if not isinstance(event, PlayerActed):
            continue
        player = event.player
        kind = event.kind
        aggressive = kind in (ActionKind.BET, ActionKind.RAISE)
        mine = rnd.put_in.get(player, 0)
        need = max(0, rnd.to - mine)
        if index >= seen and player != me:
            notes = notes_of(player)
            if first_round:
                _count_first_round(
                    notes,
                    kind,
                    groups[player] if player < len(groups) else "bb",
                    entered=entered,
                    bets=rnd.bets,
                    callers=callers,
                    is_opener=player == opener,
                    is_three_bettor=player == three_bettor,
                )
            else:
                street = rnd.street.value
                took = (drawn[player],) if player in drawn else ()
                if rnd.bets == 0 and kind in (ActionKind.CHECK, ActionKind.BET):
                    role = "agg" if player == previous_aggressor else "pas"
                    checked_to = "x" if rnd.checked else "-"
                    notes.add(("bet", role, street, checked_to, *took), aggressive)
                elif rnd.bets == 1 and kind in (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE):
                    checked = "x" if player in rnd.checked else "-"
                    size = size_bucket(need, pot)
                    notes.add(("fold", checked, street, size, *took), kind is ActionKind.FOLD)
                    notes.add(("raise", street), kind is ActionKind.RAISE)
                elif (
                    rnd.bets == 2
                    and kind in (ActionKind.FOLD, ActionKind.CALL, ActionKind.RAISE)
                    and (player == rnd.first_bettor)
                ):
                    notes.add(("fold_raise", street), kind is ActionKind.FOLD)
        # the state moves on for everybody, me included
        pot += event.amount
        rnd.put_in[player] = mine + event.amount
        if kind is ActionKind.CHECK:
            rnd.checked.add(player)
        if aggressive:
            rnd.bets += 1
            rnd.to = max(rnd.to, event.to)
            rnd.bettor = player
            if rnd.first_bettor is None:
                rnd.first_bettor = player
            if first_round:
                if opener is None:
                    opener = player
                elif three_bettor is None:
                    three_bettor = player
        if first_round and kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
            entered = True
            if kind is ActionKind.CALL and opener is not None and three_bettor is None:
                callers += 1


def _count_first_round(
    notes: Tendencies,
    kind: ActionKind,
    group: str,
    *,
    entered: bool,
    bets: int,
    callers: int,
    is_opener: bool,
    is_three_bettor: bool,
) -> None:
    """The preflop (or before-the-draw) spots: open, defend, meet a 3-bet or a 4-bet."""
    aggressive = kind in (ActionKind.BET, ActionKind.RAISE)
    if bets == 0 and not entered:
        notes.add(("open", group), aggressive)
        notes.add(("limp", group), kind is ActionKind.CALL)
    elif bets == 1 and callers == 0 and not is_opener:
        notes.add(("fold_open", group), kind is ActionKind.FOLD)
        notes.add(("3bet_open", group), aggressive)
    elif bets == 2 and is_opener:
        notes.add(("fold_3bet",), kind is ActionKind.FOLD)
        notes.add(("4bet_3bet",), aggressive)
    elif bets == 3 and is_three_bettor:
        notes.add(("fold_4bet",), kind is ActionKind.FOLD)
