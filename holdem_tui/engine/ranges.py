"""Weighted starting-hand ranges: what an opponent might hold, as combos with weights.

Bots narrow an opponent's range as the hand goes on ("they raised from early position: top
12%"), and :mod:`holdem_tui.engine.equity` samples from it. A range is a list of two-card
combos with a weight each, kept as numpy arrays so sampling is vectorised.

Text follows the usual notation: ``AA``, ``AKs``, ``AKo``, ``AK`` (both), ``TT+``,
``A2s+`` (A2s..AKs), ``22-55``, ``KTo-KQo``, exact combos like ``AsKs``, and a weight
suffix ``:0.5`` on any item; items are comma separated. :meth:`Range.top` takes the
strongest x% of all 1,326 combos by :data:`PREFLOP_ORDER`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from holdem_tui.engine.cards import RANK_CHARS, format_cards, parse_cards

__all__ = ["PREFLOP_ORDER", "Range", "hand_class", "parse_range"]

_ORDER_TEXT: Final = """
AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs AQo AJo KQs 66 A9s ATo KJs A8s KTs KQo A7s A9o KJo
55 QJs K9s A6s A5s A8o KTo QTs A4s A7o K8s A3s QJo K9o Q9s A6o A5o K7s JTs A2s QTo 44 A4o K6s
Q8s K8o A3o J9s K5s Q9o JTo K7o A2o K4s Q7s K6o T9s K3s J8s 33 Q8o Q6s J9o K5o K2s Q5s J7s T8s
K4o Q4s Q7o T9o J8o K3o Q3s Q6o 98s T7s J6s K2o 22 Q2s Q5o J5s T8o J7o 97s J4s Q4o T6s J3s Q3o
98o 87s T7o J6o 96s J2s Q2o T5s J5o T4s 97o 86s J4o T6o 95s T3s 76s J3o 87o T2s 85s 96o J2o T5o
94s 75s T4o 93s 86o 65s 84s 95o T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s 93o 65o 53s
63s 84o 92o 43s 74o 72s 54o 64o 52s 62s 83o 42s 82o 73o 53o 32s 63o 43o 72o 52o 62o 42o 32o
"""
#: The 169 starting-hand classes, strongest first, by all-in equity against one random hand
#: (:func:`holdem_tui.engine.equity.equity`, 1,000,000 simulations each, seed 0: AA 85.2%,
#: AKs 67.1%, 32o 32.3%). Equity against one hand is the simplest defensible yardstick for
#: "top x%"; it underrates suited connectors in multiway pots, which bots may correct for.
PREFLOP_ORDER: Final[tuple[str, ...]] = tuple(_ORDER_TEXT.split())


def hand_class(c1: int, c2: int) -> str:
    """The starting-hand class of two hole cards (``AKs``, ``T9o``, ``77``): the range unit."""
    r1, r2 = c1 >> 2, c2 >> 2
    if r1 < r2:
        r1, r2 = r2, r1
    if r1 == r2:
        return RANK_CHARS[r1] * 2
    return RANK_CHARS[r1] + RANK_CHARS[r2] + ("s" if c1 & 3 == c2 & 3 else "o")


def _class_combos(name: str) -> list[tuple[int, int]]:
    """All combos of a class such as ``AA``, ``AKs``, ``AKo`` or ``AK``."""
    r1 = RANK_CHARS.find(name[0].upper())
    r2 = RANK_CHARS.find(name[1].upper())
    kind = name[2:].lower()
    if r1 < 0 or r2 < 0 or kind not in ("", "s", "o") or (r1 == r2 and kind):
        raise ValueError(f"not a hand class: {name!r}")
    if r1 == r2:
        return [(r1 * 4 + a, r1 * 4 + b) for a, b in itertools.combinations(range(4), 2)]
    hi, lo = max(r1, r2), min(r1, r2)
    out = []
    for a in range(4):
        for b in range(4):
            if (kind == "s" and a != b) or (kind == "o" and a == b):
                continue
            out.append((hi * 4 + a, lo * 4 + b))
    return out


def _expand_item(item: str) -> list[str] | list[tuple[int, int]]:
    """One comma-separated item (without weight) to class names or explicit combos."""
    if "-" in item:
        first, last = (part.strip() for part in item.split("-", 1))
        if len(first) != len(last):
            raise ValueError(f"bad span: {item!r}")
        a1, a2 = RANK_CHARS.find(first[0].upper()), RANK_CHARS.find(first[1].upper())
        b1, b2 = RANK_CHARS.find(last[0].upper()), RANK_CHARS.find(last[1].upper())
        if min(a1, a2, b1, b2) < 0:
            raise ValueError(f"bad span: {item!r}")
        suffix = first[2:]
        if a1 == a2 and b1 == b2:  # 22-55
            lo, hi = sorted((a1, b1))
            return [RANK_CHARS[r] * 2 for r in range(lo, hi + 1)]
        if a1 == b1 and suffix == last[2:]:  # A2s-A5s
            lo, hi = sorted((a2, b2))
            if hi >= a1:
                raise ValueError(f"bad span: {item!r}")
            return [RANK_CHARS[a1] + RANK_CHARS[r] + suffix for r in range(lo, hi + 1)]
        raise ValueError(f"bad span: {item!r}")
    if item.endswith("+"):
        base = item[:-1]
        _class_combos(base)  # validates
        r1, r2 = RANK_CHARS.find(base[0].upper()), RANK_CHARS.find(base[1].upper())
        suffix = base[2:]
        if r1 == r2:  # TT+
            return [RANK_CHARS[r] * 2 for r in range(r1, 13)]
        hi, lo = max(r1, r2), min(r1, r2)  # K9s+ = K9s..KQs
        return [RANK_CHARS[hi] + RANK_CHARS[r] + suffix for r in range(lo, hi)]
    if len(item) == 4 and item[1].lower() in "cdhs":
        a, b = parse_cards(item, count=2)
        return [(int(a), int(b))]
    _class_combos(item)
    return [item]


@dataclass(frozen=True, slots=True, eq=False)
class Range:
    """Hole-card combos an opponent may hold, each with a relative weight.

    Immutable so a bot can keep narrowed copies per opponent per street; ``combos`` is an
    ``(M, 2)`` array of card codes (higher card first) and ``weights`` an ``(M,)`` array of
    non-negative floats, one per combo, in no particular scale.
    """

    combos: npt.NDArray[np.int8]
    weights: npt.NDArray[np.float64]

    @classmethod
    def from_combos(cls, pairs: Iterable[tuple[int, int, float] | tuple[int, int]]) -> Range:
        """Build from ``(card, card[, weight])``; a combo listed twice keeps its last weight."""
        merged: dict[tuple[int, int], float] = {}
        for entry in pairs:
            a, b = int(entry[0]), int(entry[1])
            weight = float(entry[2]) if len(entry) > 2 else 1.0
            if a == b or not (0 <= a < 52 and 0 <= b < 52):
                raise ValueError(f"not a hole-card combo: {entry!r}")
            if not weight >= 0.0:
                raise ValueError(f"weights must be non-negative: {entry!r}")
            merged[(max(a, b), min(a, b))] = weight
        kept = [(k, w) for k, w in merged.items() if w > 0.0]
        combos = np.array([k for k, _ in kept], dtype=np.int8).reshape(-1, 2)
        weights = np.array([w for _, w in kept], dtype=np.float64)
        return cls(combos, weights)

    @classmethod
    def parse(cls, text: str) -> Range:
        """Parse ``"AA,KK,AKs,T9s+:0.5,22-55"``; raises ``ValueError`` naming a bad item."""
        entries: list[tuple[int, int, float]] = []
        for raw in text.split(","):
            item = raw.strip()
            if not item:
                continue
            weight = 1.0
            if ":" in item:
                item, _, w = item.partition(":")
                try:
                    weight = float(w)
                except ValueError:
                    raise ValueError(f"bad weight in {raw.strip()!r}") from None
            try:
                expanded = _expand_item(item.strip())
            except ValueError as exc:
                raise ValueError(f"bad range item {raw.strip()!r}: {exc}") from None
            for part in expanded:
                pairs = _class_combos(part) if isinstance(part, str) else [part]
                entries.extend((a, b, weight) for a, b in pairs)
        if not entries:
            raise ValueError(f"empty range: {text!r}")
        return cls.from_combos(entries)

    @classmethod
    def top(cls, percent: float) -> Range:
        """The strongest ``percent`` of all 1,326 combos by :data:`PREFLOP_ORDER`.

        Whole classes are taken while they fit; the class straddling the cut is included with
        a fractional weight, so ``top(x)`` covers exactly x% of combos.
        """
        if not 0.0 < percent <= 100.0:
            raise ValueError(f"percent must be in (0, 100]: {percent!r}")
        budget = 1326 * percent / 100.0
        entries: list[tuple[int, int, float]] = []
        for name in PREFLOP_ORDER:
            combos = _class_combos(name)
            if budget <= 1e-9:
                break
            weight = min(1.0, budget / len(combos))
            entries.extend((a, b, weight) for a, b in combos)
            budget -= weight * len(combos)
        return cls.from_combos(entries)

    @classmethod
    def random(cls) -> Range:
        """Every combo equally likely: a player we know nothing about."""
        return cls.from_combos(itertools.combinations(range(52), 2))

    def __len__(self) -> int:
        return int(self.combos.shape[0])

    def without(self, cards: Iterable[int]) -> Range:
        """The range minus combos that use any of ``cards`` (known or dead cards); the range
        itself when none does (it is immutable: every equity question removes the known
        cards again from ranges the bots have usually cleaned already)."""
        gone = np.zeros(52, dtype=bool)
        gone[list(cards)] = True
        keep = ~(gone[self.combos[:, 0]] | gone[self.combos[:, 1]])
        if keep.all():
            return self
        return Range(self.combos[keep], self.weights[keep])

    def reweighted(self, factors: npt.ArrayLike) -> Range:
        """A copy with each weight multiplied by a per-combo factor (how bots narrow a range)."""
        f = np.broadcast_to(np.asarray(factors, dtype=np.float64), self.weights.shape)
        if np.any(f < 0):
            raise ValueError("factors must be non-negative")
        weights = self.weights * f
        keep = weights > 0
        return Range(self.combos[keep], weights[keep])

    def classes(self) -> dict[str, float]:
        """Total weight per starting-hand class, for display and debugging."""
        out: dict[str, float] = {}
        for (a, b), w in zip(self.combos.tolist(), self.weights.tolist(), strict=True):
            key = hand_class(a, b)
            out[key] = out.get(key, 0.0) + w
        return out

    def __repr__(self) -> str:
        head = zip(self.combos[:4].tolist(), self.weights[:4].tolist(), strict=True)
        shown = ", ".join(f"{format_cards(c)}:{w:g}" for c, w in head)
        more = f", … {len(self) - 4} more" if len(self) > 4 else ""
        return f"Range({shown}{more})"


def parse_range(text: str) -> Range:
    """Shorthand for :meth:`Range.parse`."""
    return Range.parse(text)
