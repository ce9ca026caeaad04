"""A finished hand as the review and the session stats read it: every card, and the reasons.

The same record comes from the table (a :class:`~holdem_tui.engine.hand.Hand` the session
just played, with the reasons it kept) or from a saved history, ours or anyone's (replayed
strictly through the engine, reasons from ``_reasons``). Everything after this module works
on records, so the review of the hand just played and of a file a year old are the same
code, and so are the end screen's stats and ``holdem-tui history``'s.

Who may read what afterwards is decided here once (:func:`may_see`): a viewer sees their
own cards and the cards turned up at the table; a training table shows every hand. A bot's
reason says what it held, so it is shown exactly when its cards are (:func:`visible_reasons`).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import FULL_DECK, Card
from holdem_tui.engine.decision import Reason
from holdem_tui.engine.events import (
    BoardDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    Event,
    HandStarted,
    HoleCardsDealt,
    PlayerActed,
)
from holdem_tui.engine.hand import Hand, HandConfig
from holdem_tui.engine.table import new_hand
from holdem_tui.engine.view import PlayerView
from holdem_tui.history.phh import PhhError, PhhHand, loads, read_file
from holdem_tui.history.phh_replay import ReplayDealer, known_positions, replay

__all__ = [
    "HandRecord",
    "load_records",
    "may_see",
    "redeal",
    "seat_records",
    "session_humans",
    "session_records",
    "visible_reasons",
]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand with all its cards, the bots' reasons and who sat where.

    ``reasons`` maps a decision index (into ``hand.actions_taken()``) to the reason the
    deciding bot gave. ``known`` are the positions whose hole cards are real: a file may
    hide some (``????``), which the replay fills at random, and those are never shown,
    compared or counted. ``seats`` gives the chair (0-based) of each position, so a
    player is followed across hands as the button moves. ``problem`` says what of the
    record's source was set aside (a malformed ``_reasons``), for the screen to mention.
    """

    hand: Hand
    reasons: Mapping[int, Reason] = field(default_factory=dict)
    known: frozenset[int] = frozenset()
    seats: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    problem: str | None = None

    @classmethod
    def from_hand(cls, hand: Hand, reasons: Mapping[int, Reason] | None = None) -> HandRecord:
        """A hand the game itself played (every card known); ``reasons`` from the session."""
        if not hand.is_complete:
            raise ValueError("only a finished hand can be reviewed")
        n = hand.n
        seats = tuple(hand.config.seats) if len(hand.config.seats) == n else tuple(range(n))
        names = tuple(hand.config.names) if len(hand.config.names) == n else ()
        decisions = len(hand.actions_taken())
        kept = {i: r for i, r in (reasons or {}).items() if 0 <= i < decisions}
        return cls(hand, kept, frozenset(range(n)), seats, _names(names, n))

    @classmethod
    def from_phh(cls, phh: PhhHand) -> HandRecord:
        """A hand from a history file, replayed strictly; raises :class:`PhhError`."""
        played = replay(phh).hand
        n = played.n
        decisions = len(played.actions_taken())
        reasons = {i: r for i, r in phh.reasons if i < decisions}
        return cls(
            played,
            reasons,
            known_positions(phh),
            _phh_seats(phh, n),
            _names(phh.players, n),
            phh.reasons_problem,
        )

    @classmethod
    def from_view(cls, view: PlayerView, seed: int = 0) -> HandRecord:
        """A finished hand as one seat knew it: its final ``view`` (a network seat's).

        The seat's own cards, the board and every hand turned up are the real ones; the
        others' cards are filled in at random, only so the engine can play the hand again,
        and are never shown, compared or counted (they are not :attr:`known`). Raises
        ``ValueError`` when the view does not play out to its own result.
        """
        if not view.complete:
            raise ValueError("only a finished hand can be reviewed")
        hand = _replayed(view, seed)
        shown = {e.player for e in view.history if isinstance(e, CardsShown)}
        known = frozenset(shown | ({view.me} if view.me is not None else set()))
        started = next(e for e in view.history if isinstance(e, HandStarted))
        return cls(hand, {}, known, tuple(started.seats), tuple(started.names))

    @property
    def decisions(self) -> list[tuple[int, Action]]:
        """Every seat decision, in order: ``(position, action)``; the reasons' index."""
        return self.hand.actions_taken()

    @property
    def shown(self) -> frozenset[int]:
        """Positions that turned their cards up at the table (showdown, all-in or by choice)."""
        return frozenset(e.player for e in self.hand.events if isinstance(e, CardsShown))

    def position_of(self, seat: int) -> int | None:
        """The position the chair ``seat`` played in this hand (``None``: not dealt in)."""
        return self.seats.index(seat) if seat in self.seats else None


def _names(names: Sequence[str], n: int) -> tuple[str, ...]:
    if len(names) == n:
        return tuple(names)
    return tuple(f"p{i + 1}" for i in range(n))


def _phh_seats(phh: PhhHand, n: int) -> tuple[int, ...]:
    """The chairs of a history's positions: our ``seats`` field (1-based), else in order."""
    raw = phh.fields.get("seats")
    if (
        isinstance(raw, list)
        and len(raw) == n
        and all(type(s) is int and 1 <= s <= 64 for s in raw)
        and len(set(raw)) == n
    ):
        return tuple(s - 1 for s in raw)
    return tuple(range(n))


def may_see(record: HandRecord, viewer: int | None, *, training: bool = False) -> frozenset[int]:
    """Positions whose hole cards ``viewer`` may see once the hand is over.

    Their own, and every hand turned up at the table; a training table (``training``)
    shows them all. Cards a file does not name are never shown either way.
    """
    if training:
        return record.known
    own = frozenset() if viewer is None else frozenset({viewer})
    return (own | record.shown) & record.known


def visible_reasons(
    record: HandRecord, viewer: int | None, *, training: bool = False
) -> dict[int, Reason]:
    """The reasons ``viewer`` may read after the hand, by decision index.

    A reason tells what its bot held, so it is shown exactly when the bot's cards are:
    those turned up at the table, or every one at a training table. Never call this for
    a hand in play: reasons are for after the hand.
    """
    if not record.hand.is_complete:
        raise ValueError("reasons are shown only after the hand")
    visible = may_see(record, viewer, training=training)
    actors = [position for position, _ in record.decisions]
    return {
        index: reason
        for index, reason in record.reasons.items()
        if index < len(actors) and actors[index] in visible and actors[index] != viewer
    }


def _replayed(view: PlayerView, seed: int) -> Hand:
    """The hand of ``view`` played again: its deals as :func:`_deals_of` gives them, then
    every move of its history, the showdown's shows and mucks, the shows by choice."""
    started = next(e for e in view.history if isinstance(e, HandStarted))
    config = HandConfig(
        starting_stacks=started.stacks,
        antes=started.antes,
        blinds=started.blinds,
        min_bet=view.min_bet,
        structure=view.structure,
        small_bet=view.small_bet,
        big_bet=view.big_bet,
        max_raises=view.max_raises,
        ante_trimming=started.ante_trimming,
        names=started.names,
        seats=started.seats,
        hand_number=view.hand_number,
    )
    holes, discards, boards = _deals_of(view, seed)
    assigned = {c for deals in holes.values() for cards in deals for c in cards or ()}
    assigned.update(c for cards in boards for c in cards)
    dealer = ReplayDealer(holes, boards, assigned, seed)
    hand = new_hand(view.variant, config, dealer, showdown_policy=None)
    for event in view.history:
        if isinstance(event, PlayerActed):
            amount = event.to if event.aggressive else None
            hand.act(Action(event.kind, amount), event.player)
        elif isinstance(event, CardsDrawn):
            hand.act(Action.draw(discards[event.player].popleft()), event.player)
        elif isinstance(event, CardsShown) and event.player not in hand.shown:
            if event.voluntary:
                hand.show_voluntarily(event.player)
            else:
                hand.show_or_muck(event.player, True)
        elif isinstance(event, CardsMucked):
            hand.show_or_muck(event.player, False)
    if not hand.is_complete or tuple(hand.stacks) != tuple(s.stack for s in view.seats):
        raise ValueError("the hand does not play out to the result it had")
    return hand


def _deals_of(
    view: PlayerView, seed: int
) -> tuple[
    dict[int, deque[tuple[Card, ...] | None]],
    dict[int, deque[tuple[Card, ...]]],
    deque[tuple[Card, ...]],
]:
    """Every deal of ``view``'s hand (hole cards, a draw's replacements, the board), and
    what each draw threw, with the cards the seat may not know filled in at random: a hand
    turned up is dealt so that it ends as it was shown."""
    n = len(view.seats)
    shown = {e.player: e.cards for e in view.history if isinstance(e, CardsShown)}
    boards: deque[tuple[Card, ...]] = deque(
        e.cards for e in view.history if isinstance(e, BoardDealt)
    )
    used: set[Card] = {c for cards in boards for c in cards}
    used.update(c for cards in shown.values() for c in cards)
    dealt: dict[int, list[tuple[int, tuple[Card, ...] | None]]] = {i: [] for i in range(n)}
    for event in view.history:
        if isinstance(event, HoleCardsDealt):
            dealt[event.player].append((event.count, event.cards))
            used.update(event.cards or ())
        elif isinstance(event, CardsDrawn):
            dealt[event.player].append((event.count, event.received))
            used.update(event.received or ())
            used.update(event.discarded or ())
    rest = [c for c in FULL_DECK if c not in used]
    random.Random(seed).shuffle(rest)
    holes: dict[int, deque[tuple[Card, ...] | None]] = {i: deque() for i in range(n)}
    discards: dict[int, deque[tuple[Card, ...]]] = {i: deque() for i in range(n)}
    draws = {e.player: e for e in view.history if isinstance(e, CardsDrawn)}
    for player, deals in dealt.items():
        if not deals:
            continue
        (count, first), *replacements = deals
        final = shown.get(player)
        drawn = draws.get(player)
        if first is not None:  # the seat's own cards
            holes[player].append(first)
            if drawn is not None:
                discards[player].append(drawn.discarded or ())
                holes[player].extend(r for _, r in replacements if r)
            continue
        thrown = drawn.count if drawn is not None else 0
        if final is not None:  # turned up: kept cards, then the replacements, as shown
            kept, received = final[: count - thrown], final[count - thrown :]
            filler = tuple(rest.pop() for _ in range(thrown))
            holes[player].append(kept + filler)
        else:
            filler = tuple(rest.pop() for _ in range(count))
            holes[player].append(filler)
            received = tuple(rest.pop() for _ in range(thrown))
        if drawn is not None:
            discards[player].append(filler[-thrown:] if thrown else ())
            if thrown:
                holes[player].append(received)
    return holes, discards, boards


def _dealer_for(events: Sequence[Event]) -> ReplayDealer:
    """A dealer that deals exactly the cards ``events`` show, in the same order."""
    holes: dict[int, deque[tuple[Card, ...] | None]] = {}
    boards: deque[tuple[Card, ...]] = deque()
    known: set[int] = set()
    for event in events:
        if isinstance(event, HoleCardsDealt) and event.cards is not None:
            holes.setdefault(event.player, deque()).append(event.cards)
            known.update(event.cards)
        elif isinstance(event, CardsDrawn) and event.received:
            holes.setdefault(event.player, deque()).append(event.received)
            known.update(event.received)
        elif isinstance(event, BoardDealt):
            boards.append(event.cards)
            known.update(event.cards)
    return ReplayDealer(holes, boards, known)


def redeal(hand: Hand) -> Hand:
    """The same hand at its start again: same table, same cards, same showdown rules.

    Play ``hand.actions_taken()`` into it (and its show-or-muck choices, see
    :func:`showdown_choices`) to stand at any moment of the hand with the engine's own
    figures; the review does exactly that.
    """
    return type(hand)(
        hand.config,
        _dealer_for(hand.events),
        hand.showdown_policy,
        reveal_all_in=hand.reveal_all_in,
    )


def showdown_choices(hand: Hand) -> tuple[frozenset[int], tuple[int, ...]]:
    """Who showed at the showdown (not by choice), and who turned cards up by choice after."""
    shown = frozenset(
        e.player for e in hand.events if isinstance(e, CardsShown) and not e.voluntary
    )
    voluntary = tuple(e.player for e in hand.events if isinstance(e, CardsShown) and e.voluntary)
    return shown, voluntary


def load_records(paths: Iterable[Path]) -> tuple[list[HandRecord], list[str]]:
    """Every readable hand of the given history files, and one line per problem.

    A file that cannot be read at all, a torn section of ours, a hand that does not replay
    or a dropped ``_reasons`` each cost one line naming the file; the other hands are kept.
    """
    from holdem_tui.storage.histories import read_history

    records: list[HandRecord] = []
    problems: list[str] = []
    for path in paths:
        try:
            text = read_file(Path(path))
        except PhhError as exc:
            problems.append(f"{path}: {exc}")
            continue
        try:
            found = [(str(i), phh) for i, phh in enumerate(loads(text), start=1)]
        except PhhError:
            read = read_history(text)  # one of ours torn by a crash: hand by hand
            found = list(read.hands)
            problems.extend(f"{_where(path, key)}: {reason}" for key, reason in read.broken)
            if not found and not read.broken:
                problems.append(f"{path}: no hand found")
        for key, phh in found:
            try:
                record = HandRecord.from_phh(phh)
            except PhhError as exc:
                problems.append(f"{_where(path, key)}: {exc}")
                continue
            if record.problem is not None:
                problems.append(f"{_where(path, key)}: {record.problem}")
            records.append(record)
    return records, problems


def _where(path: Path, key: str) -> str:
    """The file, and the hand within it when it has several (a single hand has no key)."""
    return f"{path} [{key}]" if key else str(path)


def session_humans(path: Path) -> tuple[int, ...]:
    """The human chairs of one of our session histories (its summary beside it says), or
    ``()`` for a file that is not one of ours: the review then asks whose hands to follow."""
    import json

    from holdem_tui.storage.histories import HISTORY_SUFFIX, META_SUFFIX, SessionInfo

    path = Path(path)
    if path.suffix != HISTORY_SUFFIX:
        return ()
    meta = path.with_suffix(META_SUFFIX)
    try:
        info = SessionInfo.from_dict(json.loads(meta.read_text(encoding="utf-8")), path.parent)
    except (OSError, UnicodeDecodeError, ValueError, TypeError):
        return ()
    return tuple(h for h in info.humans if 0 <= h < len(info.players))


def session_records(
    played: Iterable[Hand],
    reasons_of: Callable[[Hand], Mapping[int, Reason]],
    history: Path | None = None,
    before: int = 0,
) -> tuple[list[HandRecord], list[str]]:
    """Every finished hand of one session, oldest first, and one line per problem.

    ``played`` are the hands finished in this run, with their bots' reasons from
    ``reasons_of``; a session continued from its save finished ``before`` hands earlier,
    which only its ``history`` file still has: those are read from it (the hands numbered
    up to ``before``), so the review and the end screen's stats cover the whole session.
    """
    records: list[HandRecord] = []
    problems: list[str] = []
    if before > 0 and history is not None:
        earlier, problems = load_records([history])
        records = [r for r in earlier if r.hand.config.hand_number <= before]
    records += [HandRecord.from_hand(hand, reasons_of(hand)) for hand in played]
    return records, problems


def seat_records(views: Iterable[PlayerView]) -> tuple[list[HandRecord], list[str]]:
    """One seat's finished hands from its own final views (a network seat's review), and
    one line per hand that would not play out again."""
    records: list[HandRecord] = []
    problems: list[str] = []
    for view in views:
        try:
            records.append(HandRecord.from_view(view, seed=view.hand_number))
        except (ValueError, StopIteration) as exc:
            problems.append(f"hand {view.hand_number}: {exc}")
    return records, problems
