"""Cards as small integers, so that hands hash fast and feed numpy lookup tables directly.

A card is ``rank * 4 + suit`` with ranks 0..12 standing for 2..A and suits 0..3 for
clubs, diamonds, hearts, spades. :class:`Card` subclasses ``int`` so every table and
array in the evaluator can use it without conversion, while ``str(card)`` still reads ``As``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"


class Card(int):
    """One playing card; an ``int`` in 0..51 that prints as ``As``."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        """Build a card from its index or from text such as ``As``, ``td`` or ``10d``."""
        if isinstance(value, str):
            return parse_card(value)
        if not 0 <= value < 52:
            raise ValueError(f"card index out of range: {value!r}")
        return int.__new__(cls, value)

    @property
    def rank(self) -> int:
        """Rank 0..12, where 0 is a deuce and 12 an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """Suit 0..3: clubs, diamonds, hearts, spades."""
        return int(self) & 3

    @property
    def rank_char(self) -> str:
        """The rank as one character, ``T`` for ten."""
        return RANK_CHARS[self.rank]

    @property
    def rank_label(self) -> str:
        """The rank as printed on a card: ``10`` for ten (the engine's ``T``), else its letter."""
        return "10" if self.rank == 8 else self.rank_char

    def pretty(self, *, ascii_only: bool = False) -> str:
        """Text for display, as the card is printed: ``10♦`` (or ``Td`` when the terminal
        cannot draw suit symbols)."""
        if ascii_only:
            return str(self)
        return self.rank_label + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
FULL_DECK: tuple[Card, ...] = _CARDS


def card(index: int) -> Card:
    """The interned card for an index, without re-validating it (hot paths use this)."""
    return _CARDS[index]


def parse_card(text: str) -> Card:
    """Parse one card such as ``As``, ``Td``, ``10d`` or ``qh``; raise ``ValueError`` naming it."""
    raw = text.strip()
    body = raw
    if len(body) == 3 and body[:2] == "10":
        body = "T" + body[2]
    if len(body) != 2:
        raise ValueError(f"not a card: {text!r}")
    rank = RANK_CHARS.find(body[0].upper())
    suit = SUIT_CHARS.find(body[1].lower())
    if rank < 0 or suit < 0:
        symbol = SUIT_SYMBOLS.find(body[1])
        if rank < 0 or symbol < 0:
            raise ValueError(f"not a card: {text!r}")
        suit = symbol
    return _CARDS[rank * 4 + suit]


def parse_cards(text: str | Iterable[str], count: int | None = None) -> tuple[Card, ...]:
    """Parse cards written together (``AsKd``), spaced (``As Kd``) or as a list.

    Raises ``ValueError`` naming the offending card for a bad card, a duplicate, or when
    ``count`` is given and the number of cards differs.
    """
    tokens: list[str]
    if isinstance(text, str):
        tokens = []
        for chunk in text.replace(",", " ").split():
            tokens.extend(_split_run(chunk))
    else:
        tokens = list(text)
    cards = tuple(parse_card(token) for token in tokens)
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"duplicate card: {c}")
        seen.add(c)
    if count is not None and len(cards) != count:
        raise ValueError(f"expected {count} cards, got {len(cards)}: {' '.join(map(str, cards))}")
    return cards


def _split_run(chunk: str) -> list[str]:
    """Split ``AsKd10h`` into ``['As', 'Kd', '10h']``."""
    out: list[str] = []
    i = 0
    while i < len(chunk):
        if chunk.startswith("10", i):
            out.append(chunk[i : i + 3])
            i += 3
        else:
            out.append(chunk[i : i + 2])
            i += 2
    return out


def format_cards(cards: Sequence[int], *, pretty: bool = False, ascii_only: bool = False) -> str:
    """Join cards for text (``AsKd``) or display (``A♠ K♦``)."""
    if pretty:
        return " ".join(card(c).pretty(ascii_only=ascii_only) for c in cards)
    return "".join(str(card(c)) for c in cards)


class Deck:
    """A shuffled deck driven by ``random.Random(seed)``: the same seed deals the same cards.

    The engine owns the deck; seats never see it. ``remaining`` is what can still be dealt.
    """

    __slots__ = ("_cards", "_rng")

    def __init__(self, rng: random.Random | int | None = None, exclude: Iterable[int] = ()) -> None:
        self._rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        excluded = set(exclude)
        cards = [c for c in _CARDS if c not in excluded]
        self._rng.shuffle(cards)
        self._cards = cards

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards)

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards off the top; raises ``ValueError`` if the deck runs out."""
        if count > len(self._cards):
            raise ValueError(f"the deck has {len(self._cards)} cards, cannot deal {count}")
        dealt = self._cards[-count:] if count else []
        del self._cards[len(self._cards) - count :]
        return tuple(reversed(dealt))

    def remove(self, cards: Iterable[int]) -> None:
        """Take specific cards out (cards fixed by a replayed history)."""
        gone = set(cards)
        self._cards = [c for c in self._cards if c not in gone]
