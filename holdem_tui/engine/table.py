"""The table across hands: seats, the moving button, blinds, busting and session limits.

A :class:`Table` knows nothing of screens or clocks: whoever drives it (the UI, the
simulator, a test) tells it how much time has passed. Its whole state is plain data
(:meth:`Table.to_dict`), so a session can be saved after every hand and resumed exactly,
including the random generator, so a resumed hand deals the same cards.

Button and blinds: the button moves one seat to the left each hand, skipping seats that are
out; the small and big blind are the next two seats with chips after it ("moving button").
When only two players remain, heads-up rules apply from the next hand: the button posts
the small blind and acts first before the flop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.draw import DEFAULT_CAP, MIN_ANTE, DrawHand, draw_config
from holdem_tui.engine.hand import Dealer, Hand, HandConfig, ShowdownPolicy, best_hand_policy
from holdem_tui.engine.holdem import HoldemHand, holdem_config
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

    def __post_init__(self) -> None:
        # a name read from a save or a flag becomes the enum here, or is refused
        object.__setattr__(self, "variant", parse_variant(self.variant))
        refusal = self.rules.seats_refusal(len(self.names))
        if refusal is not None:
            raise ValueError(refusal)
        if self.starting_stack <= 0:
            raise ValueError("the starting stack must be positive")
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

    @property
    def rules(self) -> VariantRules:
        """The rules of the game this table plays."""
        return RULES[self.variant]

    @property
    def unit(self) -> int:
        """The chip unit results are reported in: the big blind, or the big bet in draw."""
        return self.rules.unit(self.big_blind, self.big_bet)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a save file."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        """Rebuild from :meth:`to_dict` output."""
        data = dict(data)
        data["names"] = tuple(data["names"])
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
        order = self.order_for_next_hand()
        self.button = order[-1]
        self.hand_number += 1
        rng = random.Random()
        rng.setstate(self.rng_state)
        self.hand_seed = rng.getrandbits(63)
        self.rng_state = rng.getstate()
        return self.deal(order, showdown_policy)

    def deal(self, order: Sequence[int], showdown_policy: ShowdownPolicy | None) -> Hand:
        """Build the hand for seats in ``order`` with the stored hand seed."""
        return deal_hand(
            self.config,
            order,
            [self.seats[i].stack for i in order],
            [self.seats[i].name for i in order],
            self.hand_number,
            Dealer(random.Random(self.hand_seed)),
            showdown_policy,
        )

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

    # --------------------------------------------------------------- persistence

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to resume: plain JSON-able data."""
        version, internal, gauss = self.rng_state
        return {
            "config": self.config.to_dict(),
            "seats": [[s.name, s.stack, s.busted_in_hand] for s in self.seats],
            "button": self.button,
            "hand_number": self.hand_number,
            "elapsed": self.elapsed,
            "rng_state": [version, list(internal), gauss],
            "hand_seed": self.hand_seed,
            "history": [list(h) for h in self.history],
        }

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
        return table


def deal_hand(
    config: TableConfig,
    order: Sequence[int],
    stacks: Sequence[int],
    names: Sequence[str],
    hand_number: int,
    dealer: Dealer,
    showdown_policy: ShowdownPolicy | None = best_hand_policy,
) -> Hand:
    """A hand of the table's game for the seats in ``order`` (left of the button first),
    with the table's stakes: the one place a table's settings become a hand."""
    if config.variant is Variant.HOLDEM:
        hand_config = holdem_config(
            stacks,
            config.small_blind,
            config.big_blind,
            ante=config.ante,
            big_blind_ante=config.big_blind_ante,
            names=names,
            seats=order,
            hand_number=hand_number,
        )
    else:
        hand_config = draw_config(
            stacks,
            config.ante,
            config.small_bet,
            config.big_bet,
            cap=config.cap,
            names=names,
            seats=order,
            hand_number=hand_number,
        )
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
