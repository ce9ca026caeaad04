"""A PHH hand played strictly through this project's engine (not pokerkit).

:func:`replay` deals the file's known cards (:class:`ReplayDealer`: the rest at random from
what is left, seeded), applies every action line through the engine's own legality checks and
records, before every player action, the bounds the engine offered (:class:`Decision`); an
action the engine refuses is a :class:`~holdem_tui.history.phh.PhhError` naming its line.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from holdem_tui.engine.actions import IllegalAction
from holdem_tui.engine.cards import FULL_DECK, Card, parse_cards
from holdem_tui.engine.hand import Dealer, Hand, Phase
from holdem_tui.engine.table import new_hand
from holdem_tui.history.phh import (
    UNKNOWN,
    PhhError,
    PhhHand,
    action_words,
    cards_field,
)


@dataclass(frozen=True, slots=True)
class Decision:
    """The bounds the engine offered before one player action (``None`` where no raise)."""

    actor: str
    action: str
    street: str
    stack: int
    to_call: int
    can_raise: bool
    min_raise_to: int | None
    full_min_raise_to: int
    max_raise_to: int | None

    def to_json(self) -> dict[str, Any]:
        """The fields ``holdem-tui replay --json`` prints per decision."""
        return {
            "actor": self.actor,
            "to_call": self.to_call,
            "can_raise": self.can_raise,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
        }


@dataclass
class Replay:
    """A replayed hand: the engine's hand object, the decisions, and the positions of each
    action in the event list (so a viewer can step through it)."""

    phh: PhhHand
    hand: Hand
    decisions: list[Decision]
    #: for each PHH action, how many engine events existed after it was applied
    marks: list[int]

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Stacks after the hand."""
        return tuple(self.hand.stacks)


class ReplayDealer(Dealer):
    """Deals exactly the cards a history names; unknown cards (``????``) come from the rest
    of the deck, seeded, so a replay is repeatable."""

    def __init__(
        self,
        holes: dict[int, deque[tuple[Card, ...] | None]],
        boards: deque[tuple[Card, ...]],
        known: AbstractSet[int],
        seed: int = 0,
    ) -> None:
        self._holes = holes
        self._boards = boards
        rest = [c for c in FULL_DECK if c not in known]
        random.Random(seed).shuffle(rest)
        self._rest = rest
        self._dealt: set[int] = set()

    def _fill(self, count: int) -> tuple[Card, ...]:
        if count > len(self._rest):
            raise PhhError("the history deals more cards than the deck holds")
        cards = tuple(self._rest[-count:])
        del self._rest[-count:]
        return self._deal(cards)

    def _deal(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Record ``cards`` as dealt; one physical deck never deals a card twice."""
        for c in cards:
            if c in self._dealt:
                raise PhhError(f"the card {c} is dealt twice")
            self._dealt.add(c)
        return cards

    def hole(self, player: int, count: int) -> tuple[Card, ...]:
        """The next ``d dh`` cards of this player (random where unknown)."""
        queue = self._holes.get(player)
        cards = queue.popleft() if queue else None
        if cards is None:
            return self._fill(count)
        if len(cards) != count:
            raise PhhError(f"p{player + 1} is dealt {len(cards)} cards, the game deals {count}")
        return self._deal(cards)

    def replacement(self, player: int, count: int) -> tuple[Card, ...]:
        """Replacement cards after a discard come from the next ``d dh`` line too."""
        return self.hole(player, count)

    def board(self, count: int) -> tuple[Card, ...]:
        """The next ``d db`` cards (random if the history stops dealing)."""
        if not self._boards:
            return self._fill(count)
        cards = self._boards.popleft()
        if len(cards) != count:
            raise PhhError(f"the board deals {len(cards)} cards here, the game deals {count}")
        return self._deal(cards)

    @property
    def remaining(self) -> int:
        """Cards left for unknown hands."""
        return len(self._rest)


def _player(word: str, n: int) -> int:
    if not (word.startswith("p") and word[1:].isdigit()):
        raise PhhError(f"not a player: {word!r}")
    index = int(word[1:]) - 1
    if not 0 <= index < n:
        raise PhhError(f"no player {word} in a {n}-player hand")
    return index


def _cards(text: str) -> tuple[Card, ...] | None:
    if UNKNOWN in text:
        return None
    return parse_cards(text)


def known_positions(phh: PhhHand) -> frozenset[int]:
    """Seats whose every dealt card the file names, or who showed their hand."""
    unknown: set[int] = set()
    dealt: set[int] = set()
    shown: set[int] = set()
    for action in phh.actions:
        words = action.split("#", 1)[0].split()
        if words[:2] == ["d", "dh"] and len(words) == 4 and words[2][1:].isdigit():
            player = int(words[2][1:]) - 1
            dealt.add(player)
            if UNKNOWN in words[3]:
                unknown.add(player)
        elif (
            len(words) == 3
            and words[1] == "sm"
            and words[0][1:].isdigit()
            and UNKNOWN not in words[2]
            and words[2] != "-"
        ):
            shown.add(int(words[0][1:]) - 1)
    return frozenset((dealt - unknown) | shown)


def replay(phh: PhhHand, *, seed: int = 0) -> Replay:
    """Play ``phh`` through the engine, strictly; raises :class:`PhhError` on the first
    illegal or unreadable action, naming it."""
    n = len(phh.starting_stacks)
    holes: dict[int, deque[tuple[Card, ...] | None]] = {i: deque() for i in range(n)}
    boards: deque[tuple[Card, ...]] = deque()
    shows: dict[int, tuple[Card, ...] | None] = {}
    known: set[int] = set()
    for index, action in enumerate(phh.actions):
        words = action_words(action)
        try:
            if words[:2] == ["d", "dh"] and len(words) == 4:
                cards = _cards(words[3])
                holes[_player(words[2], n)].append(cards)
                known.update(cards or ())
            elif words[:2] == ["d", "db"] and len(words) == 3:
                board = parse_cards(words[2])
                boards.append(board)
                known.update(board)
            elif len(words) >= 2 and words[1] == "sm":
                player = _player(words[0], n)
                shown = _cards(words[2]) if len(words) == 3 and words[2] != "-" else None
                shows[player] = shown
                known.update(shown or ())
        except ValueError as exc:
            raise PhhError(str(exc), action_index=index, action=action) from exc
    # cards shown later make unknown hole cards known (Hold'em: one deal per player)
    for player, shown in shows.items():
        queue = holes[player]
        if shown is not None and len(queue) == 1 and queue[0] is None:
            queue[0] = shown
    unknown = {p for p, queue in holes.items() if any(cards is None for cards in queue)}
    dealer = ReplayDealer(holes, boards, known, seed)
    try:
        hand = new_hand(phh.game, phh.config(), dealer, showdown_policy=None, reveal_all_in=False)
    except ValueError as exc:
        raise PhhError(str(exc)) from exc
    decisions: list[Decision] = []
    marks: list[int] = []
    for index, action in enumerate(phh.actions):
        words = action_words(action)
        try:
            _apply(hand, words, n, decisions, action)
        except (IllegalAction, PhhError, ValueError) as exc:
            raise PhhError(
                f"action {index + 1} '{action}': {exc}", action_index=index, action=action
            ) from exc
        marks.append(len(hand.events))
    # showdown decisions left to make: show known cards, muck unknown ones
    while hand.phase is Phase.SHOWDOWN and hand.actor is not None:
        player = hand.actor
        shown = shows.get(player)
        if shown is not None and set(shown) != set(hand.hole[player]):
            held = cards_field(hand.hole[player])
            raise PhhError(f"p{player + 1} shows {cards_field(shown)} but holds {held}")
        show = shown is not None if player in shows else player not in unknown
        if not show and hand.must_show(player):
            show = True
        try:
            hand.show_or_muck(player, show)
        except ValueError as exc:
            raise PhhError(f"at the showdown: {exc}") from exc
    if not hand.is_complete:
        raise PhhError("the history ends before the hand is over")
    return Replay(phh, hand, decisions, marks)


def _apply(hand: Hand, words: list[str], n: int, decisions: list[Decision], action: str) -> None:
    if not words or words[0] == "d":
        return
    player = _player(words[0], n)
    verb = words[1] if len(words) > 1 else ""
    if verb == "sm":
        return
    if hand.actor != player:
        who = "nobody" if hand.actor is None else f"p{hand.actor + 1}"
        raise PhhError(f"it is {who}'s turn, not {words[0]}'s")
    if verb == "sd":
        discards = parse_cards(words[2]) if len(words) > 2 else ()
        hand.draw(discards, player)
        return
    legal = hand.legal_actions()
    if legal is None:
        raise PhhError("no betting decision is open here")
    decisions.append(
        Decision(
            actor=words[0],
            action=action,
            street=hand.street.value,
            stack=legal.stack,
            to_call=legal.call_amount,
            can_raise=legal.can_raise,
            min_raise_to=legal.min_raise_to if legal.can_raise else None,
            full_min_raise_to=legal.full_min_raise_to,
            max_raise_to=legal.max_raise_to if legal.can_raise else None,
        )
    )
    if verb == "f":
        hand.fold(player)
    elif verb == "cc":
        hand.check_or_call(player)
    elif verb == "cbr" and len(words) == 3:
        text = words[2]
        if not text.isascii() or not text.isdigit() or len(text) > 13:
            raise PhhError(f"not a whole number of chips: {text[:20]!r}")
        hand.raise_to(int(text), player)
    else:
        raise PhhError(f"unknown action {action!r}")
