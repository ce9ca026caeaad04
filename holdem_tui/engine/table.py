"""The table across hands: seats, the moving button, blinds, busting and session limits.

A :class:`Table` knows nothing of screens or clocks: whoever drives it (the UI, the
simulator, a test) tells it how much time has passed. Its whole state is plain data
(:meth:`Table.to_dict`), so a session can be saved after every hand and resumed exactly,
including the random generator, so a resumed hand deals the same cards.

Button and blinds: the button moves one seat to the left each hand, skipping seats that are
out; the small and big blind are the next two seats with chips after it ("moving button").
When only two players remain, heads-up rules apply from the next hand: the button posts
the small blind and acts first before the flop.

A tournament table (``TableConfig.tournament``) follows the TDA instead:

* the stakes of each hand are the schedule's level when the hand is dealt, so a level
  changes only between hands;
* the *dead button*: the big blind moves one player forward every hand, the player who had
  it posts the small blind and the one who had the small blind takes the button. When those
  players busted, the small blind is dead (nobody posts it) or the button stays on an empty
  seat, so nobody skips the big blind;
* heads-up, the big blind again moves forward, so nobody posts it twice in a row when the
  table goes from three players to two;
* each bust is placed at once (:func:`~holdem_tui.engine.payouts.place_busts`); no rebuy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.draw import DEFAULT_CAP, MIN_ANTE, DrawHand, draw_config
from holdem_tui.engine.hand import Dealer, Hand, HandConfig, ShowdownPolicy, best_hand_policy
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.payouts import Finish, place_busts
from holdem_tui.engine.schedule import Level
from holdem_tui.engine.tournament import TournamentInfo, TournamentSpec, tournament_from_data
from holdem_tui.engine.variants import RULES, Variant, VariantRules, parse_variant
from holdem_tui.engine.view import PlayerView

#: the state machine that plays each game: the one place a hand class is chosen
HAND_CLASSES: Mapping[Variant, type[Hand]] = MappingProxyType(
    {Variant.HOLDEM: HoldemHand, Variant.DRAW: DrawHand}
)
assert set(HAND_CLASSES) == set(RULES)
assert all(cls.rules is RULES[v] for v, cls in HAND_CLASSES.items())


@dataclass(frozen=True, slots=True)
class TableConfig:
    """The settings of a session; stakes fields not used by a variant are ignored."""

    variant: Variant
    names: tuple[str, ...]
    starting_stack: int = 1000
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    big_blind_ante: bool = False
    small_bet: int = 10
    big_bet: int = 20
    cap: int = DEFAULT_CAP
    hand_limit: int | None = None
    minute_limit: float | None = None
    seed: int | None = None
    reset_stacks: bool = False
    #: a sit-and-go: the stakes come from its levels, not the fields above
    tournament: TournamentSpec | None = None

    def __post_init__(self) -> None:
        # a name read from a save or a flag becomes the enum here, or is refused
        object.__setattr__(self, "variant", parse_variant(self.variant))
        refusal = self.rules.seats_refusal(len(self.names))
        if refusal is not None:
            raise ValueError(refusal)
        if self.starting_stack <= 0:
            raise ValueError("the starting stack must be positive")
        if self.tournament is not None:
            self._check_tournament(self.tournament)
            return
        holdem = self.variant is Variant.HOLDEM
        if holdem and not 0 < self.small_blind <= self.big_blind:
            raise ValueError("blinds must satisfy 0 < small blind <= big blind")
        if not holdem and not 0 < self.small_bet <= self.big_bet:
            raise ValueError("limits must satisfy 0 < small bet <= big bet")
        if self.ante < 0:
            raise ValueError("the ante cannot be negative")
        if self.variant is Variant.DRAW and self.ante < MIN_ANTE:
            raise ValueError(
                f"{self.rules.title} is played with an ante (every player antes): "
                f"the ante must be at least {MIN_ANTE}"
            )

    def _check_tournament(self, tournament: TournamentSpec) -> None:
        """A tournament's stakes are its levels' (the stakes fields are not used)."""
        if tournament.schedule.variant is not self.variant:
            raise ValueError("the tournament's schedule is for another game")
        if self.hand_limit is not None or self.minute_limit is not None:
            raise ValueError("a tournament ends when one player has every chip")
        if self.reset_stacks:
            raise ValueError("a tournament has no rebuy")

    @property
    def rules(self) -> VariantRules:
        """The rules of the game this table plays."""
        return RULES[self.variant]

    @property
    def unit(self) -> int:
        """The chip unit results are reported in: the big blind, or the big bet in draw."""
        return self.rules.unit(self.big_blind, self.big_bet)

    @property
    def stakes(self) -> Level:
        """The stakes of a hand outside a tournament: blinds, or the two bets, and the ante."""
        if self.variant is Variant.HOLDEM:
            return Level(self.small_blind, self.big_blind, self.ante)
        return Level(self.small_bet, self.big_bet, self.ante)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a save file (a tournament as the data of a tournament file)."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data["tournament"] = None if self.tournament is None else self.tournament.to_data()
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        """Rebuild from :meth:`to_dict` output (a tournament's data is checked in full)."""
        data = dict(data)
        data["names"] = tuple(data["names"])
        if data.get("tournament") is not None:
            variant = parse_variant(data.get("variant"))
            data["tournament"] = tournament_from_data(data["tournament"], variant)
        return cls(**data)


@dataclass(slots=True)
class Seat:
    """A chair at the table and the chips in front of it."""

    name: str
    stack: int
    busted_in_hand: int | None = None

    @property
    def out(self) -> bool:
        """No chips left: the seat is skipped for the rest of the session."""
        return self.stack <= 0


@dataclass(frozen=True, slots=True)
class TournamentStatus:
    """A tournament table between or during hands, as the screen shows it.

    ``next_stakes`` is ``None`` at the last level; ``starts_next_hand`` says the next hand
    is dealt at the next level (the announcement "Next hand: blinds 50/100, ante 10");
    ``hands_left`` (a level counted in hands) or ``seconds_left`` (in minutes) say how long
    the level still lasts.
    """

    level: int
    stakes: Level
    next_stakes: Level | None
    starts_next_hand: bool
    hands_left: int | None
    seconds_left: float | None
    players_left: int
    entrants: int
    prizes: tuple[int, ...]


@dataclass
class Table:
    """A session of hands at one table."""

    config: TableConfig
    seats: list[Seat] = field(default_factory=list)
    button: int = -1
    hand_number: int = 0
    elapsed: float = 0.0
    rng_state: Any = None
    hand_seed: int | None = None
    history: list[tuple[int, ...]] = field(default_factory=list)
    #: a tournament: the level of the hand in play (0-based), the seats that had the small
    #: and the big blind in it (the dead button moves on from them), and each bust's place
    level: int = 0
    blind_seats: tuple[int, int] | None = None
    finishes: dict[int, Finish] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat(name, self.config.starting_stack) for name in self.config.names]
        if self.rng_state is None:
            self.rng_state = random.Random(self.config.seed).getstate()
        if not self.history:
            self.history = [tuple(s.stack for s in self.seats)]

    # --------------------------------------------------------------- who plays

    def active_seats(self) -> list[int]:
        """Seats that still have chips, in seat order."""
        return [i for i, seat in enumerate(self.seats) if not seat.out]

    def next_active(self, seat: int) -> int:
        """The first seat with chips strictly left of ``seat``."""
        count = len(self.seats)
        for step in range(1, count + 1):
            candidate = (seat + step) % count
            if not self.seats[candidate].out:
                return candidate
        raise ValueError("no seat has chips")

    def order_for_next_hand(self) -> list[int]:
        """Seat indices in hand-position order for the next hand: left of the button first."""
        return self.order_for_button(self.next_active(self.button))

    def order_for_button(self, button: int) -> list[int]:
        """Hand-position order when ``button`` holds the button: left of it first, it last."""
        order = []
        seat = button
        for _ in self.active_seats():
            seat = self.next_active(seat)
            order.append(seat)
        return order

    # --------------------------------------------------------------- session end

    def limit_reached(self) -> bool:
        """The hand or time limit is used up (the hand in play, if any, is finished first)."""
        config = self.config
        if config.hand_limit is not None and self.hand_number >= config.hand_limit:
            return True
        return config.minute_limit is not None and self.elapsed >= config.minute_limit * 60

    def is_over(self) -> bool:
        """One player has every chip, or a limit is reached."""
        return len(self.active_seats()) < 2 or self.limit_reached()

    def is_last_hand(self) -> bool:
        """The hand now being played is the last one by the hand limit."""
        limit = self.config.hand_limit
        return limit is not None and self.hand_number >= limit

    def hands_left(self) -> int | None:
        """Hands still to play by the hand limit (``None`` without one)."""
        limit = self.config.hand_limit
        return None if limit is None else max(0, limit - self.hand_number)

    def minutes_left(self) -> float | None:
        """Minutes still to play by the time limit (``None`` without one)."""
        limit = self.config.minute_limit
        return None if limit is None else max(0.0, limit - self.elapsed / 60)

    # --------------------------------------------------------------- hands

    def start_hand(self, showdown_policy: ShowdownPolicy | None = best_hand_policy) -> Hand:
        """Move the button, post nothing yet, and deal the next hand.

        Raises ``RuntimeError`` if the session is already over.
        """
        if self.is_over():
            raise RuntimeError("the session is over")
        if self.config.reset_stacks:
            for seat in self.seats:
                seat.stack = self.config.starting_stack
        if self.config.tournament is None:
            order = self.order_for_next_hand()
            self.button = order[-1]
        else:
            self.level = self.next_level()
            order = self._move_blinds()
        self.hand_number += 1
        rng = random.Random()
        rng.setstate(self.rng_state)
        self.hand_seed = rng.getrandbits(63)
        self.rng_state = rng.getstate()
        return self.deal(order, showdown_policy)

    def deal(self, order: Sequence[int], showdown_policy: ShowdownPolicy | None) -> Hand:
        """Build the hand for seats in ``order`` with the stored hand seed."""
        tournament = self.config.tournament
        stakes, dead_small_blind, info = self.config.stakes, False, None
        if tournament is not None:
            stakes = tournament.schedule.level(self.level)
            small = self.blind_seats[0] if self.blind_seats is not None else order[0]
            dead_small_blind = len(order) > 2 and self.seats[small].out
            info = TournamentInfo(self.level + 1, len(self.seats), self.prizes[: len(order)])
        return deal_hand(
            self.config,
            order,
            [self.seats[i].stack for i in order],
            [self.seats[i].name for i in order],
            self.hand_number,
            self.dealer_for(order),
            showdown_policy,
            stakes=stakes,
            dead_small_blind=dead_small_blind,
            tournament=info,
        )

    def dealer_for(self, order: Sequence[int]) -> Dealer:
        """Where the cards of the hand about to be dealt come from: the stored hand seed
        (a test stacks the deck by giving each seat in ``order`` chosen cards instead)."""
        return Dealer(random.Random(self.hand_seed))

    # --------------------------------------------------------------- tournament

    def next_level(self) -> int:
        """The level the next hand will be dealt at (0-based; a tournament table only)."""
        assert self.config.tournament is not None
        return self.config.tournament.schedule.level_index(self.hand_number, self.elapsed)

    @property
    def stakes(self) -> Level:
        """The stakes of the hand in play (or the last one): the level's in a tournament."""
        tournament = self.config.tournament
        if tournament is None:
            return self.config.stakes
        return tournament.schedule.level(self.level)

    @property
    def prizes(self) -> tuple[int, ...]:
        """Each paid place's prize, first place first (a tournament table only)."""
        assert self.config.tournament is not None
        return self.config.tournament.payouts.prizes(len(self.seats))

    def tournament_status(self) -> TournamentStatus:
        """What the screen shows of the tournament: the level, its stakes and the next, how
        long until it, the players left and the prizes (a tournament table only)."""
        tournament = self.config.tournament
        assert tournament is not None
        schedule = tournament.schedule
        coming = self.next_level()
        last = schedule.is_last(self.level)
        return TournamentStatus(
            level=self.level + 1,
            stakes=self.stakes,
            next_stakes=None if last else schedule.level(self.level + 1),
            starts_next_hand=coming != self.level and self.hand_number > 0,
            hands_left=schedule.hands_left(self.level, self.hand_number),
            seconds_left=schedule.seconds_left(self.level, self.elapsed),
            players_left=len(self.active_seats()),
            entrants=len(self.seats),
            prizes=self.prizes,
        )

    def _move_blinds(self) -> list[int]:
        """TDA's dead button: the big blind moves to the next player, the last big blind
        posts the small blind (none if they busted), the last small blind has the button
        (an empty seat if they busted). Heads-up the button posts the small blind, and the
        big blind still moves on, so nobody posts it twice in a row. Returns the hand's
        seat order, left of the button first."""
        if self.blind_seats is None:
            order = self.order_for_next_hand()
            self.button = order[-1]
            self.blind_seats = (order[1], order[0]) if len(order) == 2 else (order[0], order[1])
            return order
        small, big = self.blind_seats
        next_big = self.next_active(big)
        active = self.active_seats()
        if len(active) == 2:
            other = active[0] if active[1] == next_big else active[1]
            self.button = other
            self.blind_seats = (other, next_big)
        else:
            self.button = small
            self.blind_seats = (big, next_big)
        return self.order_for_button(self.button)

    def _place_busts(self, hand: Hand) -> None:
        """Give every player who busted in ``hand`` a place and a prize, and the winner
        theirs when one player is left (TDA: more chips at the start of the hand, the
        better place; equal stacks share)."""
        seats = hand.config.seats
        busted = [
            (seat, hand.config.starting_stacks[position])
            for position, seat in enumerate(seats)
            if self.seats[seat].out and seat not in self.finishes
        ]
        prizes = self.prizes
        for finish in place_busts(len(seats), busted, prizes):
            self.finishes[finish.seat] = finish
        left = self.active_seats()
        if len(left) == 1:
            (winner,) = place_busts(1, [(left[0], self.seats[left[0]].stack)], prizes)
            self.finishes[winner.seat] = winner

    def restart_hand(self, showdown_policy: ShowdownPolicy | None = best_hand_policy) -> Hand:
        """Deal the current hand again from its start, same cards (resume after a crash)."""
        if self.hand_seed is None:
            raise RuntimeError("no hand in progress")
        return self.deal(self.order_for_button(self.button), showdown_policy)

    def finish_hand(self, hand: Hand) -> None:
        """Take the final stacks of a complete hand back to the seats; mark who busted."""
        if not hand.is_complete:
            raise RuntimeError("the hand is not finished")
        seats = hand.config.seats
        for position, seat_index in enumerate(seats):
            seat = self.seats[seat_index]
            seat.stack = hand.stacks[position]
            if seat.out and seat.busted_in_hand is None:
                seat.busted_in_hand = self.hand_number
        self.hand_seed = None
        self.history.append(tuple(s.stack for s in self.seats))
        if self.config.tournament is not None:
            self._place_busts(hand)

    # --------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to resume: plain JSON-able data."""
        version, internal, gauss = self.rng_state
        data = {
            "config": self.config.to_dict(),
            "seats": [[s.name, s.stack, s.busted_in_hand] for s in self.seats],
            "button": self.button,
            "hand_number": self.hand_number,
            "elapsed": self.elapsed,
            "rng_state": [version, list(internal), gauss],
            "hand_seed": self.hand_seed,
            "history": [list(h) for h in self.history],
        }
        if self.config.tournament is not None:
            data["tournament"] = {
                "level": self.level,
                "blind_seats": None if self.blind_seats is None else list(self.blind_seats),
                "finishes": [[f.seat, f.place, f.prize] for f in self.finishes.values()],
            }
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        """Rebuild a table saved by :meth:`to_dict`; raises ``ValueError`` on bad data."""
        try:
            version, internal, gauss = data["rng_state"]
            table = cls(
                config=TableConfig.from_dict(data["config"]),
                seats=[Seat(str(n), int(s), b) for n, s, b in data["seats"]],
                button=int(data["button"]),
                hand_number=int(data["hand_number"]),
                elapsed=float(data["elapsed"]),
                rng_state=(version, tuple(internal), gauss),
                hand_seed=data["hand_seed"],
                history=[tuple(h) for h in data["history"]],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a saved table: {exc}") from exc
        if len(table.seats) != len(table.config.names):
            raise ValueError("not a saved table: seat count does not match")
        if table.config.tournament is not None:
            state = tournament_state(data.get("tournament"), len(table.seats))
            table.level, table.blind_seats, table.finishes = state
        return table


def tournament_state(
    data: object, seat_count: int
) -> tuple[int, tuple[int, int] | None, dict[int, Finish]]:
    """A saved tournament table's level, blind seats and places, every field checked.

    Raises ``ValueError`` naming the field (a save is hostile data like any file).
    """
    if not isinstance(data, dict):
        raise ValueError("table.tournament: expected an object")
    level = data.get("level")
    if type(level) is not int or not 0 <= level < 10_000:
        raise ValueError("table.tournament.level: expected a level number")
    blinds = data.get("blind_seats")
    seats_ok = (
        isinstance(blinds, list)
        and len(blinds) == 2
        and all(type(b) is int and 0 <= b < seat_count for b in blinds)
    )
    if blinds is not None and not seats_ok:
        raise ValueError("table.tournament.blind_seats: expected two seats")
    finishes = data.get("finishes")
    if not isinstance(finishes, list) or len(finishes) > seat_count:
        raise ValueError("table.tournament.finishes: expected one entry per player out")
    places: dict[int, Finish] = {}
    for entry in finishes:
        fine = (
            isinstance(entry, list)
            and len(entry) == 3
            and all(type(v) is int for v in entry)
            and 0 <= entry[0] < seat_count
            and 1 <= entry[1] <= seat_count
            and 0 <= entry[2] <= 10**15
            and entry[0] not in places
        )
        if not fine:
            raise ValueError("table.tournament.finishes: expected [seat, place, prize]")
        places[entry[0]] = Finish(*entry)
    pair = (blinds[0], blinds[1]) if seats_ok and isinstance(blinds, list) else None
    return level, pair, places


def deal_hand(
    config: TableConfig,
    order: Sequence[int],
    stacks: Sequence[int],
    names: Sequence[str],
    hand_number: int,
    dealer: Dealer,
    showdown_policy: ShowdownPolicy | None = best_hand_policy,
    *,
    stakes: Level | None = None,
    dead_small_blind: bool = False,
    tournament: TournamentInfo | None = None,
) -> Hand:
    """A hand of the table's game for the seats in ``order`` (left of the button first),
    with the table's stakes: the one place a table's settings become a hand.

    A tournament passes its level's ``stakes``, whether the small blind is dead (its player
    busted: only the big blind is posted) and the :class:`TournamentInfo` every seat sees.
    """
    level = stakes if stakes is not None else config.stakes
    if config.variant is Variant.HOLDEM:
        bb_ante = config.big_blind_ante
        if config.tournament is not None:
            bb_ante = config.tournament.schedule.big_blind_ante
        hand_config = holdem_config(
            stacks,
            level.small,
            level.big,
            ante=level.ante,
            big_blind_ante=bb_ante,
            names=names,
            seats=order,
            hand_number=hand_number,
            dead_small_blind=dead_small_blind,
        )
    else:
        hand_config = draw_config(
            stacks,
            level.ante,
            level.small,
            level.big,
            cap=config.cap,
            names=names,
            seats=order,
            hand_number=hand_number,
        )
    if tournament is not None:
        hand_config = replace(hand_config, tournament=tournament)
    return new_hand(config.variant, hand_config, dealer, showdown_policy)


def new_hand(
    variant: Variant,
    config: HandConfig,
    dealer: Dealer | None = None,
    showdown_policy: ShowdownPolicy | None = best_hand_policy,
    *,
    reveal_all_in: bool = True,
) -> Hand:
    """A hand of ``variant`` from a finished hand config (a table's deal, a hand history)."""
    return HAND_CLASSES[variant](config, dealer, showdown_policy, reveal_all_in=reveal_all_in)


#: a seat's brain for :func:`play_hand`: gets its view, answers an action
Agent = Callable[[PlayerView], Action | Decision]


def play_hand(hand: Hand, agents: Sequence[Agent]) -> Hand:
    """Run a hand to the end, asking ``agents[position]`` for each decision.

    An agent answers with an action or a decision (a bot's action with its reason); used by
    the simulator, the benchmarks and the tests. An agent's illegal answer raises.
    """
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.act(as_decision(agents[actor](hand.view(actor))).action, actor)
    return hand
