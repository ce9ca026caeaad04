"""One hand of poker as a state machine shared by both variants.

The betting, pot and showdown rules live here once; :mod:`holdem` and :mod:`draw` only say
which streets a variant has and what is dealt on each, and :mod:`variants` what else differs
(seats, the draw limit, the structure). The engine mirrors pokerkit's rules (the
peer-reviewed reference the differential tests compare against) except where pokerkit departs
from the standard casino rules (docs/rules.md: incomplete
all-ins, a short big blind, the showdown when nobody bet, folding when a check is free).

Where to look:

* how much a seat must call, and how far it may bet or raise: "the betting rules" below,
  :meth:`Hand.owed`, :meth:`Hand.full_raise_to` (the minimum raise), :meth:`Hand.min_raise_to`,
  :meth:`Hand.max_raise_to`, :meth:`Hand.raise_refusal` (the cap, TDA 47A/47B);
* whether an action is legal: :meth:`LegalActions.refusal
  <holdem_tui.engine.actions.LegalActions.refusal>`, the one authority :meth:`Hand.verify` asks;
* who gets the odd chips of a split pot: :func:`~holdem_tui.engine.pots.split`;
* what a seat may see: :func:`~holdem_tui.engine.view.view_of`.

Every move follows pokerkit's ``verify_x / can_x / x()`` pattern: ``verify_*`` raises
:class:`IllegalAction`, ``can_*`` answers whether ``verify_*`` passes, and the move itself
returns the frozen events it caused.

Hand positions: 0 is the first seat left of the button and ``n - 1`` the button, as in PHH
(heads-up, 0 is the big blind and 1 the button, who posts the small blind).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from holdem_tui.engine.actions import Action, ActionKind, IllegalAction, LegalActions
from holdem_tui.engine.cards import Card, Deck
from holdem_tui.engine.evaluator import evaluate, hand_value
from holdem_tui.engine.events import (
    AntePosted,
    BetReturned,
    BetsCollected,
    BlindKind,
    BlindPosted,
    BoardDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    Event,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PlayerActed,
    PotAwarded,
    ShownHand,
    Street,
    StreetStarted,
)
from holdem_tui.engine.pots import Pot, build_pots, split
from holdem_tui.engine.tournament import TournamentInfo
from holdem_tui.engine.variants import BettingStructure, Variant, VariantRules
from holdem_tui.engine.view import PlayerView, own_copy, view_of


class Phase(StrEnum):
    """What the hand waits for."""

    BETTING = "betting"
    DRAWING = "drawing"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class StreetSpec:
    """One street: its name, cards dealt, whether a draw opens it, and its bet size."""

    street: Street
    hole_cards: int
    board_cards: int
    draw: bool
    min_bet: int


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything fixed before the first card: stacks, forced bets, structure.

    ``antes`` and ``blinds`` are per hand position in PHH order (``blinds_or_straddles``;
    heads-up PHH writes ``[SB, BB]`` and the engine, like pokerkit, posts them swapped so the
    button posts the small blind). ``max_raises`` caps bets plus raises per round (fixed
    limit; ``None`` = no cap). ``ante_trimming`` treats antes as live contributions instead of
    dead money in the main pot.
    """

    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    min_bet: int = 0
    structure: BettingStructure = BettingStructure.NO_LIMIT
    small_bet: int = 0
    big_bet: int = 0
    max_raises: int | None = None
    ante_trimming: bool = False
    names: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    hand_number: int = 1
    #: a tournament hand: the level, the field and the prizes still to win (every seat sees it)
    tournament: TournamentInfo | None = None

    @property
    def player_count(self) -> int:
        """Seats dealt into the hand."""
        return len(self.starting_stacks)

    def ante_of(self, player: int) -> int:
        """The ante a position owes (heads-up, PHH lists antes in [SB, BB] order too)."""
        index = 1 - player if self.player_count == 2 else player
        return self.antes[index] if index < len(self.antes) else 0

    def phh_antes(self) -> tuple[int, ...]:
        """Antes in PHH order, one per player."""
        return tuple(self.antes[i] if i < len(self.antes) else 0 for i in range(self.player_count))

    def posted_blinds(self) -> tuple[int, ...]:
        """Blinds as actually posted per position (heads-up swap applied)."""
        n = self.player_count
        blinds = tuple(self.blinds[i] if i < len(self.blinds) else 0 for i in range(n))
        if n == 2:
            blinds = blinds[::-1]
        return blinds


def partial_antes(stacks: Sequence[int], ante: int) -> bool:
    """Whether someone can post only part of a uniform ante, so antes must be live chips.

    Casino rule: a player all-in for part of the ante is eligible only for that much of
    every other ante (an equal amount of each in the main pot, the rest in a side pot).
    That is exactly pokerkit's ante trimming, so such hands are played, and written to PHH,
    with ``ante_trimming_status = true``; with full antes the two ways pay the same.
    """
    return ante > 0 and min(stacks) < ante


class Dealer:
    """Where cards come from: a shuffled deck normally, known cards when replaying."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self._deck = Deck(rng)

    def hole(self, player: int, count: int) -> tuple[Card, ...]:
        """Cards for one seat's hand."""
        return self._deck.deal(count)

    def board(self, count: int) -> tuple[Card, ...]:
        """Community cards."""
        return self._deck.deal(count)

    def replacement(self, player: int, count: int) -> tuple[Card, ...]:
        """Fresh cards for a draw; discards never go back into this deck."""
        return self._deck.deal(count)

    @property
    def remaining(self) -> int:
        """Cards still undealt."""
        return self._deck.remaining


#: decides at showdown whether a seat shows (True) or mucks; gets the hand and the position
ShowdownPolicy = Callable[["Hand", int], bool]


def best_hand_policy(hand: Hand, player: int) -> bool:
    """Show when the hand could still win or tie any pot the seat is in; otherwise muck."""
    return hand.could_win(player)


class Hand:
    """A hand in progress. Subclasses give the streets; everything else is shared."""

    #: the game this class plays: its seat range, draw limit and betting structure
    rules: ClassVar[VariantRules]

    def __init__(
        self,
        config: HandConfig,
        dealer: Dealer | None = None,
        showdown_policy: ShowdownPolicy | None = best_hand_policy,
        *,
        reveal_all_in: bool = True,
    ) -> None:
        n = config.player_count
        refusal = self.rules.seats_refusal(n)
        if refusal is not None:
            raise ValueError(refusal)
        self.streets = self.build_streets(config)
        if any(s <= 0 for s in config.starting_stacks):
            raise ValueError("every player dealt in needs chips")
        self.config = config
        self.dealer = dealer or Dealer()
        self.showdown_policy = showdown_policy
        self.reveal_all_in = reveal_all_in
        self.n = n
        self.stacks = list(config.starting_stacks)
        self.bets = [0] * n
        self.contributed = [0] * n  # live contributions collected into pots (excl. dead antes)
        self.dead = 0
        self.live = [True] * n
        self.hole: list[list[Card]] = [[] for _ in range(n)]
        self.board: list[Card] = []
        self.discarded: list[Card] = []
        self.drawn_counts: list[int | None] = [None] * n
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.events: list[Event] = []
        #: each viewer's redacted history so far (events only grow, and an event's redaction
        #: for a viewer never changes): a view costs its new events, not the whole hand
        self._seen: dict[int | None, list[Event]] = {}
        #: the same, unredacted, for a spectator of bots only (``reveal_all``)
        self._seen_all: list[Event] = []
        #: the blinds as set for this hand (every view reads them)
        self.blinds: tuple[int, ...] = config.posted_blinds()
        #: what each position's blind is (a tournament hand's lone blind is the big one)
        self.blind_kinds = BlindKind.of_blinds(self.blinds)
        self.phase = Phase.BETTING
        self.street_index = -1
        self.pots: list[Pot] = []
        # betting-round state (casino rules: TDA 47A/47B, see _begin_betting)
        self.actors: deque[int] = deque()
        #: the bet each seat matched or set when it last acted this round
        self.faced: dict[int, int] = {}
        #: the bet to match before the flop even when the big blind is all-in for less
        self.floor = 0
        #: the last full bet or raise of this round: its size (what a raise must add at
        #: least, TDA 47A) and the street total it made (TDA 47B); see :meth:`full_raise_to`
        self.last_full_raise = 0
        self.last_full_raise_to = 0
        self.raise_count = 0
        self.last_aggressor: int | None = None
        self.all_in_runout = False
        self.draw_queue: deque[int] = deque()
        self.showdown_queue: deque[int] = deque()
        self._start()

    def build_streets(self, config: HandConfig) -> tuple[StreetSpec, ...]:
        """The variant's streets: what each deals and its bet size."""
        raise NotImplementedError

    # ----------------------------------------------------------------- properties

    @property
    def variant(self) -> Variant:
        """The game this hand is a hand of."""
        return self.rules.variant

    @property
    def street(self) -> Street:
        """The current street (``SHOWDOWN`` once betting is over)."""
        if self.phase in (Phase.SHOWDOWN, Phase.COMPLETE) or self.street_index < 0:
            return Street.SHOWDOWN if self.street_index >= 0 else self.streets[0].street
        if self.phase is Phase.DRAWING:
            return Street.DRAW
        return self.streets[self.street_index].street

    @property
    def spec(self) -> StreetSpec:
        """The rules of the current street."""
        return self.streets[max(self.street_index, 0)]

    @property
    def actor(self) -> int | None:
        """The position whose decision the hand waits for, if any."""
        if self.phase is Phase.BETTING and self.actors:
            return self.actors[0]
        if self.phase is Phase.DRAWING and self.draw_queue:
            return self.draw_queue[0]
        if self.phase is Phase.SHOWDOWN and self.showdown_queue:
            return self.showdown_queue[0]
        return None

    @property
    def is_complete(self) -> bool:
        """Whether the pot has been paid out."""
        return self.phase is Phase.COMPLETE

    @property
    def total_pot(self) -> int:
        """All chips in the middle, bets in front of the players included."""
        return sum(self.contributed) + self.dead + sum(self.bets)

    def live_count(self) -> int:
        """Players who have not folded."""
        return sum(self.live)

    @property
    def fixed_limit(self) -> bool:
        """Whether every bet and raise is the street's one size."""
        return self.config.structure is BettingStructure.FIXED_LIMIT

    # ----------------------------------------------------------------- start

    def _start(self) -> None:
        config = self.config
        self._emit(
            HandStarted(
                hand_number=config.hand_number,
                variant=self.variant,
                names=config.names or tuple(f"p{i + 1}" for i in range(self.n)),
                seats=config.seats or tuple(range(self.n)),
                stacks=tuple(self.stacks),
                antes=config.phh_antes(),
                blinds=tuple(config.blinds),
                ante_trimming=config.ante_trimming,
            )
        )
        posted = [min(config.ante_of(i), self.stacks[i]) for i in range(self.n)]
        for i, ante in enumerate(posted):
            if ante:
                self.stacks[i] -= ante
                self._emit(AntePosted(i, ante))
        if config.ante_trimming:
            # trimmed antes are live chips, collected like a round of bets: what nobody
            # else matched goes back (pokerkit's ante trimming)
            cutoff = sorted(posted)[-2]
            for i, ante in enumerate(posted):
                if ante > cutoff:
                    self.stacks[i] += ante - cutoff
                    self._emit(BetReturned(i, ante - cutoff))
                self.contributed[i] += min(ante, cutoff)
        else:
            self.dead += sum(posted)
        for i, blind in enumerate(self.blinds):
            amount = min(blind, self.stacks[i])
            if amount:
                self.stacks[i] -= amount
                self.bets[i] = amount
                kind = self.blind_kinds[i]
                assert kind is not None
                self._emit(BlindPosted(i, amount, kind))
        self._begin_street()

    # ----------------------------------------------------------------- streets

    def _begin_street(self) -> None:
        self.street_index += 1
        spec = self.spec
        self._emit(StreetStarted(Street.DRAW if spec.draw else spec.street))
        if spec.hole_cards:
            for i in range(self.n):
                if self.live[i]:
                    cards = self.dealer.hole(i, spec.hole_cards)
                    self.hole[i].extend(cards)
                    self._emit(HoleCardsDealt(i, len(cards), cards))
        if spec.board_cards:
            cards = self.dealer.board(spec.board_cards)
            self.board.extend(cards)
            self._emit(BoardDealt(spec.street, cards))
        if spec.draw:
            self.phase = Phase.DRAWING
            self.draw_queue = deque(i for i in range(self.n) if self.live[i])
            if self.draw_queue:
                return
        self._begin_betting()

    def _begin_betting(self) -> None:
        spec = self.spec
        if spec.draw:
            self._emit(StreetStarted(spec.street))
        self.phase = Phase.BETTING
        preflop = self.street_index == 0
        blinds = self.blinds if preflop else (0,) * self.n
        # action starts left of the biggest blind as set, even if its poster is short;
        # after the flop (and in draw) left of the button
        max_index = max(range(self.n), key=lambda i: (blinds[i], i))
        order = deque(range(self.n))
        order.rotate(-(max_index + 1))
        # a seat with nothing left to lose (pokerkit's zero effective stack) does not act
        totals = sorted(self.bets[i] + self.stacks[i] for i in range(self.n) if self.live[i])
        second = totals[-2] if len(totals) > 1 else 0
        self.actors = deque(
            i for i in order if self.live[i] and self.stacks[i] and second > self.bets[i]
        )
        # before the flop the big blind is the opening bet, short or not (TDA 47A)
        self.floor = max(blinds, default=0)
        self.last_full_raise = spec.min_bet
        self.last_full_raise_to = self.floor
        self.raise_count = 0
        self.last_aggressor = None
        self.faced = {}
        if len(self.actors) == 1 and not self.owed(self.actors[0]):
            self.actors.clear()
        self._after_betting_action()

    def _after_betting_action(self) -> None:
        if len(self.actors) == 1 and self._sole_claimant(self.actors[0]):
            self.actors.clear()
        if self.actors and self.live_count() > 1:
            return
        self._end_betting()

    def _sole_claimant(self, player: int) -> bool:
        """Whether ``player`` has nothing to decide: it alone still has chips, owes nothing,
        and is the only one left in a pot that folded players paid into (reachable only
        after a fold when a check was free). Its fold would throw away a pot already its
        own, so the betting ends instead."""
        if self.owed(player) or any(
            self.live[j] and self.stacks[j] for j in range(self.n) if j != player
        ):
            return False
        invested = [self.contributed[j] + self.bets[j] for j in range(self.n)]
        others = max(
            (invested[j] for j in range(self.n) if j != player and self.live[j]), default=0
        )
        mine = invested[player]
        # a folder who had matched everything folded when a check was free
        return any(
            not self.live[j] and invested[j] > others and invested[j] >= mine for j in range(self.n)
        )

    def _end_betting(self) -> None:
        self.actors.clear()
        draws_left = any(s.draw for s in self.streets[self.street_index + 1 :])
        last = self.street_index == len(self.streets) - 1
        if self.live_count() > 1 and not draws_left:
            with_chips = sum(1 for i in range(self.n) if self.live[i] and self.stacks[i])
            if with_chips <= 1:
                self.all_in_runout = True
        if not all(self.stacks) and last:
            self.all_in_runout = True
        self._collect_bets()
        if self.live_count() == 1:
            self._award()
        elif last or self.all_in_runout:
            self._run_out()
        else:
            self._begin_street()

    def _collect_bets(self) -> None:
        if not any(self.bets):
            return
        bets = self.bets
        # only the part of the top bet that nobody matched goes back (folded players'
        # bets count as matching): the rest is in the pot, even when everyone folded
        cutoff = sorted(bets)[-2]
        for i in range(self.n):
            if bets[i] > cutoff:
                over = bets[i] - cutoff
                self.stacks[i] += over
                bets[i] = cutoff
                self._emit(BetReturned(i, over))
        for i in range(self.n):
            self.contributed[i] += bets[i]
            bets[i] = 0
        self.pots = build_pots(self.contributed, self.live, self.dead)
        self._emit(BetsCollected(tuple(self.pots)))

    def _run_out(self) -> None:
        """No more betting: turn the hands up if it was an all-in, deal the rest, show down."""
        if self.all_in_runout:
            for i in self._showdown_order() if self.reveal_all_in else ():
                if i not in self.shown:
                    self._show(i, voluntary=False)
            while self.street_index < len(self.streets) - 1:
                self.street_index += 1
                self.last_aggressor = None
                spec = self.spec
                if spec.board_cards:
                    cards = self.dealer.board(spec.board_cards)
                    self.board.extend(cards)
                    self._emit(StreetStarted(spec.street))
                    self._emit(BoardDealt(spec.street, cards))
        self._begin_showdown()

    # ----------------------------------------------------------------- showdown

    def _showdown_order(self) -> list[int]:
        start = self.last_aggressor if self.last_aggressor is not None else 0
        order = [(start + k) % self.n for k in range(self.n)]
        return [i for i in order if self.live[i]]

    def _begin_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        # antes alone make a pot too: without it nobody "could win" and everyone mucked
        self.pots = build_pots(self.contributed, self.live, self.dead)
        self._emit(StreetStarted(Street.SHOWDOWN))
        self.showdown_queue = deque(i for i in self._showdown_order() if i not in self.shown)
        self._advance_showdown()

    def _advance_showdown(self) -> None:
        while self.showdown_queue:
            player = self.showdown_queue[0]
            if self.must_show(player):
                self.showdown_queue.popleft()
                self._show(player, voluntary=False)
                continue
            if self.showdown_policy is None:
                return
            self.showdown_queue.popleft()
            if self.showdown_policy(self, player):
                self._show(player, voluntary=False)
            else:
                self.mucked.add(player)
                self._emit(CardsMucked(player))
        self._award()

    def must_show(self, player: int) -> bool:
        """A seat must show when mucking would leave a pot it is in with nobody to win it."""
        for pot in self.pots:
            if player not in pot.eligible:
                continue
            others = [
                i for i in pot.eligible if i != player and i not in self.mucked and self.live[i]
            ]
            if not others:
                return True
        return False

    def could_win(self, player: int) -> bool:
        """Whether this hand beats or ties every hand shown so far in some pot it is in."""
        value = self._value(player)
        for pot in self.pots:
            if player not in pot.eligible:
                continue
            best = max((self._value(i) for i in pot.eligible if i in self.shown), default=0)
            if value >= best:
                return True
        return False

    def _value(self, player: int) -> int:
        return hand_value((*self.hole[player], *self.board))

    def _show(self, player: int, *, voluntary: bool) -> None:
        cards = tuple(self.hole[player])
        self.shown[player] = cards
        everything = (*cards, *self.board)
        if len(everything) >= 5:
            rank = evaluate(everything)
            event = CardsShown(
                player,
                cards,
                rank.value,
                rank.name_key,
                rank.name_ranks,
                rank.cards,
                voluntary,
            )
        else:
            event = CardsShown(player, cards, 0, "", (), (), voluntary)
        self._emit(event)

    def verify_show_or_muck(self, player: int, show: bool) -> None:
        """Raise unless ``player`` is the seat to show or muck now (and may muck, if mucking)."""
        if self.phase is not Phase.SHOWDOWN or self.actor != player:
            raise IllegalAction("not_your_turn", f"p{player + 1} is not to show now")
        if not show and self.must_show(player):
            raise IllegalAction("must_show", f"p{player + 1} must show to win the pot")

    def can_show_or_muck(self, player: int, show: bool) -> bool:
        """Whether :meth:`show_or_muck` would be accepted."""
        return self._can(self.verify_show_or_muck, player, show)

    def show_or_muck(self, player: int, show: bool) -> tuple[Event, ...]:
        """Turn the cards up or throw them away, when the showdown is left to the seats."""
        self.verify_show_or_muck(player, show)
        mark = len(self.events)
        self.showdown_queue.popleft()
        if show:
            self._show(player, voluntary=False)
        else:
            self.mucked.add(player)
            self._emit(CardsMucked(player))
        self._advance_showdown()
        return tuple(self.events[mark:])

    def verify_show_voluntarily(self, player: int) -> None:
        """Raise unless ``player`` may turn its cards up now. A player may always choose to
        show once the hand is over: the winner of an uncontested pot, or a hand that was
        mucked at the showdown."""
        if self.phase is not Phase.COMPLETE or not self.live[player] or player in self.shown:
            raise IllegalAction("cannot_show", f"p{player + 1} cannot show now")

    def can_show_voluntarily(self, player: int) -> bool:
        """Whether :meth:`show_voluntarily` would be accepted."""
        return self._can(self.verify_show_voluntarily, player)

    def show_voluntarily(self, player: int) -> tuple[Event, ...]:
        """Show cards nobody had to see (nothing changes hands)."""
        self.verify_show_voluntarily(player)
        mark = len(self.events)
        self._show(player, voluntary=True)
        return tuple(self.events[mark:])

    def _award(self) -> None:
        self.phase = Phase.COMPLETE
        self.showdown_queue.clear()
        if not self.pots:
            self.pots = build_pots(self.contributed, self.live, self.dead)
        if self.live_count() == 1:
            winner = self.live.index(True)
            for index, pot in enumerate(self.pots):
                self.stacks[winner] += pot.amount
                self._emit(
                    PotAwarded(index, pot.amount, pot.eligible, ((winner, pot.amount),), True)
                )
        else:
            values = {i: self._value(i) for i in self.shown}
            for index, pot in enumerate(self.pots):
                contenders = [i for i in pot.eligible if i in values]
                if not contenders:
                    contenders = [i for i in pot.eligible if self.live[i]]
                    for i in contenders:
                        values.setdefault(i, self._value(i))
                best = max(values[i] for i in contenders)
                # each pot is split on its own, odd chips from left of the button (split)
                shares = split(pot.amount, [i for i in contenders if values[i] == best])
                for player, amount in shares:
                    self.stacks[player] += amount
                self._emit(PotAwarded(index, pot.amount, pot.eligible, tuple(shares), False))
        net = tuple(self.stacks[i] - self.config.starting_stacks[i] for i in range(self.n))
        self._emit(HandEnded(tuple(self.stacks), net, self._judged()))

    def _judged(self) -> tuple[ShownHand, ...]:
        """Every hand shown so far, judged once with the final board (for the screens)."""
        judged = []
        for player, cards in self.shown.items():
            everything = (*cards, *self.board)
            if len(everything) >= 5:
                rank = evaluate(everything)
                judged.append(
                    ShownHand(player, rank.value, rank.name_key, rank.name_ranks, rank.cards)
                )
        return tuple(judged)

    # ----------------------------------------------------------------- the betting rules
    #
    # How much a seat must put in and how much it may bet or raise, in the casino's terms
    # (TDA 2019 rules 47A and 47B; docs/rules.md). Every
    # bound a seat is offered comes from these members, and only from them.

    @property
    def top(self) -> int:
        """The bet to match on this street: the highest bet, and before the flop never less
        than the full big blind, even when the big blind is all-in for less (casino rule)."""
        return max(max(self.bets), self.floor)

    def owed(self, player: int) -> int:
        """Chips ``player`` must add to stay in: the bet to match, capped at the stack and at
        what any opponent could still put in (a short big blind alone is called for its
        amount, since the rest would only come back)."""
        reach = max(
            (self.bets[j] + self.stacks[j] for j in range(self.n) if j != player and self.live[j]),
            default=0,
        )
        return max(0, min(self.stacks[player], min(self.top, reach) - self.bets[player]))

    def all_in_to(self, player: int) -> int:
        """The street total ``player`` reaches by putting in every chip."""
        return self.stacks[player] + self.bets[player]

    def full_raise_to(self) -> int:
        """The smallest *full* bet or raise now, the minimum-raise rule.

        No limit (TDA 47A): the bet to match plus the size of the last full bet or raise
        this round (:attr:`last_full_raise`; the big blind before any): blinds 5/10, a raise
        to 30 makes the next minimum 50. An all-in for less than that is not a full raise and
        does not change it, so several short all-ins never shrink the minimum.

        Fixed limit (TDA 47B): one bet above the last full bet or raise
        (:attr:`last_full_raise_to`), so an all-in below half a bet is only completed.
        """
        if self.fixed_limit:
            return self.last_full_raise_to + self.spec.min_bet
        return self.top + self.last_full_raise

    def min_raise_to(self, player: int) -> int:
        """The least ``player`` may bet or raise to: a full raise, or all-in when it has less
        (an all-in for less is always allowed, it just may not reopen the betting)."""
        return min(self.all_in_to(player), self.full_raise_to())

    def max_raise_to(self, player: int) -> int:
        """The most ``player`` may bet or raise to: all-in in no limit; in fixed limit the one
        size there is (the minimum)."""
        return self.min_raise_to(player) if self.fixed_limit else self.all_in_to(player)

    def reopened(self, player: int) -> bool:
        """Whether ``player`` may raise again: always before it has acted this round; after,
        only when facing a full raise since (no limit: incomplete all-ins count together,
        TDA 47A; fixed limit: an all-in of half a bet or more is a full raise, TDA 47B)."""
        faced = self.faced.get(player)
        if faced is None:
            return True
        if self.fixed_limit:
            return self.last_full_raise_to > faced
        return self.top - faced >= self.last_full_raise

    def raise_refusal(self, player: int) -> IllegalAction | None:
        """Why ``player`` may not bet or raise at all now, or ``None`` when it may: the cap on
        raises (fixed limit), an incomplete all-in that does not reopen the betting
        (:meth:`reopened`), too few chips to do more than call, or nobody left who could
        call a raise."""
        top = self.top
        if self.config.max_raises is not None and self.raise_count >= self.config.max_raises:
            return IllegalAction("raise_cap", "the betting is capped")
        if not self.reopened(player):
            return IllegalAction(
                "not_reopened", "an incomplete all-in raise does not reopen the betting"
            )
        if self.stacks[player] <= top - self.bets[player]:
            return IllegalAction("covered", "you can only call all-in")
        if not any(
            i != player and self.live[i] and self.stacks[i] + self.bets[i] > top
            for i in range(self.n)
        ):
            return IllegalAction("nobody_to_raise", "every opponent is all-in")
        return None

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> LegalActions | None:
        """What the seat to act may do, or ``None`` when no seat is to act."""
        player = self.actor
        if player is None:
            return None
        if self.phase is Phase.DRAWING:
            return LegalActions(
                player=player,
                can_draw=True,
                max_discards=min(self.rules.max_discards, len(self.hole[player])),
                stack=self.stacks[player],
                hand=tuple(self.hole[player]),
            )
        if self.phase is not Phase.BETTING:
            return None
        call = self.owed(player)
        can_raise = self.raise_refusal(player) is None
        return LegalActions(
            player=player,
            can_fold=True,
            can_check=call == 0,
            call_amount=call,
            can_raise=can_raise,
            is_bet=self.top == 0,
            min_raise_to=self.min_raise_to(player) if can_raise else 0,
            full_min_raise_to=self.full_raise_to(),
            max_raise_to=self.max_raise_to(player) if can_raise else 0,
            stack=self.stacks[player],
            current_bet=self.bets[player],
            hand=tuple(self.hole[player]),
        )

    # ----------------------------------------------------------------- deciding
    #
    # pokerkit's trio for every move: ``verify_x`` raises IllegalAction (nothing changes),
    # ``can_x`` asks whether ``verify_x`` would pass, ``x`` verifies and applies. All of them
    # go through :meth:`verify`, which asks the seat's LegalActions, the one authority.

    def verify(self, action: Action, player: int | None = None) -> Action:
        """Check ``action`` against the rules; return it with ``ALL_IN`` made concrete.

        ``player``, when given, must be the seat to act.
        """
        legal = self.legal_actions()
        if legal is None:
            raise IllegalAction("not_now", "no decision is pending")
        if player is not None and player != legal.player:
            raise IllegalAction("not_your_turn", f"it is p{legal.player + 1}'s turn")
        closed = None if legal.can_raise or legal.can_draw else self.raise_refusal(legal.player)
        refusal = legal.refusal(action, raise_refusal=closed)
        if refusal is not None:
            raise refusal
        return legal.all_in_action() if action.kind is ActionKind.ALL_IN else action

    def can(self, action: Action, player: int | None = None) -> bool:
        """Whether :meth:`act` would accept ``action``."""
        return self._can(self.verify, action, player)

    def act(self, action: Action, player: int | None = None) -> tuple[Event, ...]:
        """Apply a seat's decision; returns the events it caused, automatic ones included."""
        action = self.verify(action, player)
        actor = self.actor
        assert actor is not None
        mark = len(self.events)
        kind = action.kind
        if kind is ActionKind.DRAW:
            self._draw(actor, action.discards)
        elif kind is ActionKind.FOLD:
            self._fold(actor)
        elif kind in (ActionKind.CHECK, ActionKind.CALL):
            self._check_or_call(actor, self.owed(actor))
        else:
            assert action.amount is not None
            self._raise_to(actor, action.amount)
        return tuple(self.events[mark:])

    def verify_fold(self, player: int | None = None) -> Action:
        """Raise unless the seat to act may fold. Folding is always allowed in a betting
        round, even when checking is free (the rule cards list fold on every turn); the
        table asks a human to confirm such a fold and bots never make it."""
        return self.verify(Action.fold(), player)

    def can_fold(self, player: int | None = None) -> bool:
        """Whether :meth:`fold` would be accepted."""
        return self._can(self.verify_fold, player)

    def fold(self, player: int | None = None) -> tuple[Event, ...]:
        """Give up the hand."""
        return self.act(Action.fold(), player)

    def verify_check_or_call(self, player: int | None = None) -> Action:
        """Raise unless the seat to act may check or call; returns which of the two it is."""
        return self.verify(self._check_or_call_action(), player)

    def can_check_or_call(self, player: int | None = None) -> bool:
        """Whether :meth:`check_or_call` would be accepted."""
        return self._can(self.verify_check_or_call, player)

    def check_or_call(self, player: int | None = None) -> tuple[Event, ...]:
        """Check when nothing is owed, else call (all-in for less if short)."""
        return self.act(self._check_or_call_action(), player)

    def _check_or_call_action(self) -> Action:
        legal = self.legal_actions()
        return Action.call() if legal is not None and legal.call_amount else Action.check()

    def verify_raise_to(self, amount: int, player: int | None = None) -> Action:
        """Raise unless a bet or raise to ``amount`` (street total) is legal now."""
        return self.verify(self._bet_or_raise_action(amount), player)

    def can_raise_to(self, amount: int, player: int | None = None) -> bool:
        """Whether :meth:`raise_to` would be accepted."""
        return self._can(self.verify_raise_to, amount, player)

    def raise_to(self, amount: int, player: int | None = None) -> tuple[Event, ...]:
        """Bet or raise so that this seat has ``amount`` in front of it on this street."""
        return self.act(self._bet_or_raise_action(amount), player)

    def _bet_or_raise_action(self, amount: int) -> Action:
        legal = self.legal_actions()
        return legal.bet_or_raise(amount) if legal is not None else Action.raise_to(amount)

    def verify_draw(self, discards: Sequence[Card], player: int | None = None) -> Action:
        """Raise unless the seat may throw exactly these cards (0 to the game's maximum)."""
        return self.verify(Action.draw(tuple(discards)), player)

    def can_draw(self, discards: Sequence[Card], player: int | None = None) -> bool:
        """Whether :meth:`draw` would be accepted."""
        return self._can(self.verify_draw, discards, player)

    def draw(self, discards: Sequence[Card], player: int | None = None) -> tuple[Event, ...]:
        """Throw ``discards`` and take as many new cards; an empty list stands pat."""
        return self.act(Action.draw(tuple(discards)), player)

    @staticmethod
    def _can(verify: Callable[..., object], *args: Any) -> bool:
        """pokerkit's ``can_x``: whether ``verify_x`` passes."""
        try:
            verify(*args)
        except IllegalAction:
            return False
        return True

    # ----------------------------------------------------------------- applying

    def _fold(self, actor: int) -> None:
        self._pop_actor()
        self.live[actor] = False
        self._emit(PlayerActed(actor, ActionKind.FOLD, 0, self.bets[actor], False))
        self._after_betting_action()

    def _check_or_call(self, actor: int, amount: int) -> None:
        self._pop_actor()
        self.bets[actor] += amount
        self.stacks[actor] -= amount
        self.faced[actor] = self.top
        kind = ActionKind.CALL if amount else ActionKind.CHECK
        self._emit(PlayerActed(actor, kind, amount, self.bets[actor], self.stacks[actor] == 0))
        self._after_betting_action()

    def _raise_to(self, actor: int, amount: int) -> None:
        top = self.top
        self._pop_actor()
        delta = amount - self.bets[actor]
        self.bets[actor] = amount
        self.stacks[actor] -= delta
        order = deque(range(self.n))
        order.rotate(-actor)
        order.popleft()
        self.actors = deque(i for i in order if self.live[i] and self.stacks[i])
        self.last_aggressor = actor
        self.faced[actor] = amount
        if self.fixed_limit:
            # an all-in of at least half a bet counts as a full raise (TDA 47B)
            if 2 * (amount - self.last_full_raise_to) >= self.spec.min_bet:
                self.last_full_raise_to = amount
                self.raise_count += 1
        else:
            # a raise by less than the last full one is an incomplete all-in (TDA 47A)
            if amount - top >= self.last_full_raise:
                self.last_full_raise = amount - top
                self.last_full_raise_to = amount
            self.raise_count += 1
        kind = ActionKind.BET if top == 0 else ActionKind.RAISE
        self._emit(PlayerActed(actor, kind, delta, amount, self.stacks[actor] == 0))
        self._after_betting_action()

    def _draw(self, actor: int, discards: Sequence[Card]) -> None:
        self.draw_queue.popleft()
        kept = [c for c in self.hole[actor] if c not in discards]
        received = self.dealer.replacement(actor, len(discards)) if discards else ()
        self.discarded.extend(discards)
        self.hole[actor] = kept + list(received)
        self.drawn_counts[actor] = len(discards)
        self._emit(CardsDrawn(actor, len(discards), tuple(discards), tuple(received)))
        if not self.draw_queue:
            self._begin_betting()

    def actions_taken(self) -> list[tuple[int, Action]]:
        """Every seat decision so far, in order: enough to rebuild this hand exactly from
        its seed (``Table.restart_hand`` then :meth:`act` each one), as autosave does."""
        taken: list[tuple[int, Action]] = []
        for event in self.events:
            if isinstance(event, PlayerActed):
                amount = event.to if event.aggressive else None
                taken.append((event.player, Action(event.kind, amount)))
            elif isinstance(event, CardsDrawn):
                taken.append((event.player, Action.draw(event.discarded or ())))
        return taken

    # ----------------------------------------------------------------- views

    def history_for(self, viewer: int | None, *, reveal_all: bool = False) -> tuple[Event, ...]:
        """The history as ``viewer`` may see it (others' secret cards removed).

        Kept per viewer as the hand grows (events are only appended, and an event's
        redaction for a viewer never changes), so a view costs its new events only. Each
        viewer's events are its own copies, never the engine's: a view shares nothing that
        can be changed (even with ``object.__setattr__``) with the hand it was made from.
        ``reveal_all`` keeps every card (a spectator watching bots only, never a seat).
        """
        if reveal_all:
            seen = self._seen_all
            if len(seen) < len(self.events):
                seen.extend(own_copy(e) for e in self.events[len(seen) :])
            return tuple(seen)
        seen = self._seen.setdefault(viewer, [])
        if len(seen) < len(self.events):
            seen.extend(own_copy(e.seen_by(viewer)) for e in self.events[len(seen) :])
        return tuple(seen)

    def view(self, viewer: int | None, *, reveal_all: bool = False) -> PlayerView:
        """Everything ``viewer`` may know now, frozen (:func:`~holdem_tui.engine.view.view_of`);
        ``reveal_all`` is for a spectator watching bots only, never for a seat."""
        return view_of(self, viewer, reveal_all=reveal_all)

    # ----------------------------------------------------------------- bookkeeping

    def _pop_actor(self) -> int:
        return self.actors.popleft()

    def _emit(self, event: Event) -> None:
        self.events.append(event)
