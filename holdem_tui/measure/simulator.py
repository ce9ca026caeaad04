"""Bots-only sessions that measure play: who wins, by how much, and how sure we are.

Stacks are reset before every hand, so a result measures decisions rather than who busted
whom early. Seats rotate through the positions (every bot spends as many hands on the
button as in the blinds); with ``duplicate`` each deal is replayed once per rotation, so
every bot plays every set of cards from every position and the luck of the deal cancels.

The work is split into chunks played in worker processes (all cores); each chunk builds
its own bots from seeds derived from the session seed and the chunk number, so a session
is reproducible whatever the number of workers. Statistics come from the engine's events
plus, for bluff share, the simulator's full knowledge of every hand (which no bot has).

This module has no click and no Textual: ``holdem-tui simulate`` and the tests drive it.
"""

from __future__ import annotations

import itertools
import math
import os
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holdem_tui.bots.base import Bot
from holdem_tui.bots.registry import BUILT_IN, check_spec, discard_checked, make_bot
from holdem_tui.bots.safety import DEFAULT_TIMEOUT, SafeBot
from holdem_tui.bots.sandbox import ProcessBot
from holdem_tui.bots.stats import HandCounter, StyleCounts, betting_spots
from holdem_tui.engine import kernel
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.draw import DEFAULT_CAP
from holdem_tui.engine.draw import default_ante as default_draw_ante
from holdem_tui.engine.equity import equity
from holdem_tui.engine.evaluator import hand_value
from holdem_tui.engine.events import CardsShown, PotAwarded
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.positions import position_label
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.table import Agent, TableConfig, deal_hand, play_hand
from holdem_tui.engine.variants import RULES, BettingStructure, Variant, parse_variant
from holdem_tui.engine.view import PlayerView

#: a bet or raise counts as a bluff when the bettor's equity against the hands actually
#: still in (known to the simulator) is below this fraction of a fair share (1 / players)
BLUFF_FAIR_SHARE = 0.5
#: the longest session ``simulate`` plays: chunks are built lazily, but the report keeps
#: one result per deal group for its intervals (about 300 bytes each)
MAX_SIM_HANDS = 10**6
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class SimConfig:
    """One session's settings; ``bots`` holds one spec per seat (level or module:Class)."""

    game: Variant
    bots: tuple[str, ...]
    hands: int
    seed: int = 0
    stack: int | None = None
    small_blind: int = 5
    big_blind: int = 10
    ante: int | None = None
    small_bet: int = 10
    big_bet: int = 20
    cap: int = DEFAULT_CAP
    duplicate: bool = False
    workers: int | None = None
    history_dir: str | None = None
    plugin_timeout: float = DEFAULT_TIMEOUT
    #: measure each bet's equity against the cards actually out (bluff share); off, the
    #: session skips that work (about a tenth of a Hold'em session) and reports no share
    bluffs: bool = True

    def __post_init__(self) -> None:
        # a name from the command line becomes the enum here, or is refused
        object.__setattr__(self, "game", parse_variant(self.game))
        if self.hands < 1:
            raise ValueError("play at least one hand")
        _ = self.table_config  # the table's own checks: game, seats, stakes, ante, stack

    @property
    def unit(self) -> int:
        """Results are in big blinds (Hold'em) or big bets (draw)."""
        return RULES[self.game].unit(self.big_blind, self.big_bet)

    @property
    def starting_stack(self) -> int:
        """100 big blinds (or big bets) unless set."""
        return self.stack if self.stack is not None else 100 * self.unit

    @property
    def table_ante(self) -> int:
        """The ante: none in Hold'em and half a small bet in draw unless set."""
        if self.ante is not None:
            return self.ante
        return 0 if self.game is Variant.HOLDEM else default_draw_ante(self.small_bet)

    @property
    def table_config(self) -> TableConfig:
        """These settings as the engine's table (stacks reset every hand); raises
        ``ValueError`` naming what is wrong."""
        return TableConfig(
            variant=self.game,
            names=self.bots,
            starting_stack=self.starting_stack,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.table_ante,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            cap=self.cap,
            seed=self.seed,
            reset_stacks=True,
        )

    @property
    def seats(self) -> int:
        """Number of bots at the table."""
        return len(self.bots)

    @property
    def groups(self) -> int:
        """Deal groups: one hand each, or one deal replayed per rotation with duplicate."""
        return math.ceil(self.hands / self.seats) if self.duplicate else self.hands


def preflop_rates(style: StyleCounts) -> dict[str, float]:
    """The re-raising war's rates: 3-bets of the lone opens faced, 4-bets and folds of
    the 3-bets faced as the opener (``--json``, per seat and per position)."""
    return {
        "threebet": round(style.threebets / max(1, style.faced_open), 4),
        "fourbet": round(style.fourbets / max(1, style.faced_3bet), 4),
        "fold_to_3bet": round(style.folded_to_3bet / max(1, style.faced_3bet), 4),
    }


@dataclass(slots=True)
class PositionTally:
    """One seat's record in one position: where a bot wins and loses, and how it plays."""

    net: int = 0
    #: the same counts the bots keep of their opponents (``hands`` included)
    style: StyleCounts = field(default_factory=StyleCounts)

    def add(self, other: PositionTally) -> None:
        """Accumulate another tally into this one."""
        self.net += other.net
        self.style.add(other.style)

    def to_json(self, unit: int) -> dict[str, Any]:
        """Rates per position, for ``--json``."""
        style = self.style
        hands = max(1, style.hands)
        return {
            "hands": style.hands,
            "bb_per_100": round(100.0 * self.net / (unit * hands), 2),
            "vpip": round(style.voluntary / hands, 4),
            "pfr": round(style.raised_first_round / hands, 4),
            "fold_to_bet": round(style.folded_later_bet / max(1, style.faced_later_bet), 4),
            "cbet": round(style.cbets / max(1, style.cbet_chances), 4),
            **preflop_rates(style),
        }


@dataclass(slots=True)
class SeatTally:
    """Counts for one seat, summable across chunks."""

    net: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    measured_bets: int = 0  # bets and raises whose equity the simulator measured
    bluffs: int = 0
    faults: int = 0
    #: VPIP, PFR, aggression...: the counter the bots' reads use
    style: StyleCounts = field(default_factory=StyleCounts)
    positions: dict[str, PositionTally] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        """Hands this seat was dealt."""
        return self.style.hands

    def add(self, other: SeatTally) -> None:
        """Accumulate another tally into this one."""
        self.net += other.net
        self.showdowns += other.showdowns
        self.showdowns_won += other.showdowns_won
        self.measured_bets += other.measured_bets
        self.bluffs += other.bluffs
        self.faults += other.faults
        self.style.add(other.style)
        for label, tally in other.positions.items():
            self.position(label).add(tally)

    def position(self, label: str) -> PositionTally:
        """The tally of one position (created empty the first time)."""
        found = self.positions.get(label)
        if found is None:
            found = self.positions[label] = PositionTally()
        return found


@dataclass(slots=True)
class ChunkResult:
    """What a worker sends back: tallies per seat and net per seat per deal group."""

    tallies: list[SeatTally]
    group_nets: list[list[int]]  # per group, per seat: chips won


@dataclass(frozen=True, slots=True)
class SeatReport:
    """The report line of one seat."""

    seat: int
    bot: str
    hands: int
    net: int
    bb_per_100: float
    bb_per_100_ci95: tuple[float, float]
    vpip: float
    pfr: float
    aggression: float
    showdown_win_rate: float
    bluff_share: float | None  # None: the session did not measure bluffs
    faults: int
    positions: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: 3-bet, 4-bet and fold-to-3-bet rates (:func:`preflop_rates`)
    preflop: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The seat as JSON-able data (rounded for reading)."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "hands": self.hands,
            "net": self.net,
            "bb_per_100": round(self.bb_per_100, 2),
            "bb_per_100_ci95": [round(x, 2) for x in self.bb_per_100_ci95],
            "vpip": round(self.vpip, 4),
            "pfr": round(self.pfr, 4),
            "aggression": round(self.aggression, 3),
            "showdown_win_rate": round(self.showdown_win_rate, 4),
            "bluff_share": None if self.bluff_share is None else round(self.bluff_share, 4),
            "faults": self.faults,
            **self.preflop,
            "positions": self.positions,
        }


@dataclass(frozen=True, slots=True)
class SimReport:
    """A whole session's result: per seat, and per bot (seats with the same spec pooled)."""

    config: SimConfig
    hands: int
    seats: tuple[SeatReport, ...]
    by_bot: tuple[dict[str, Any], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "game": self.config.game,
            "hands": self.hands,
            "seed": self.config.seed,
            "duplicate": self.config.duplicate,
            "unit": "big_bet"
            if RULES[self.config.game].structure is BettingStructure.FIXED_LIMIT
            else "big_blind",
            "seats": [s.to_json() for s in self.seats],
            "by_bot": list(self.by_bot),
        }


def check_bots(specs: Sequence[str]) -> None:
    """Raise ``ValueError`` naming the first spec that is no level and no plugin bot class."""
    for spec in dict.fromkeys(specs):
        check_spec(spec)


def _deal_seed(seed: int, group: int) -> int:
    return random.Random(f"deal:{seed}:{group}").getrandbits(63)


def _bot_seed(seed: int, seat: int, chunk: int) -> int:
    return random.Random(f"bot:{seed}:{seat}:{chunk}").getrandbits(63)


def _new_hand(config: SimConfig, order: Sequence[int], deal_seed: int, number: int) -> Hand:
    names = [f"s{seat + 1}-{config.bots[seat]}" for seat in order]
    stacks = [config.starting_stack] * len(order)
    dealer = Dealer(random.Random(deal_seed))
    return deal_hand(config.table_config, order, stacks, names, number, dealer)


def _true_equity(hand: Hand, player: int, rng: random.Random) -> float | None:
    """The bettor's pot share against the live opponents' actual cards (simulator only).

    Hold'em: exact or Monte Carlo over the board still to come. Draw: only after the draw,
    when hands are final; ``None`` before it (the draw makes equity a matter of strategy).
    """
    opponents = [i for i in range(hand.n) if hand.live[i] and i != player]
    if not opponents:
        return None
    if hand.variant is Variant.DRAW:
        if hand.street_index < 1:
            return None
        mine = hand_value(hand.hole[player])
        best = max(hand_value(hand.hole[i]) for i in opponents)
        if mine != best:
            return 1.0 if mine > best else 0.0
        ties = sum(1 for i in opponents if hand_value(hand.hole[i]) == mine)
        return 1.0 / (1 + ties)
    ranges = [Range.from_combos([tuple(hand.hole[i])]) for i in opponents]  # type: ignore[list-item]
    result = equity(hand.hole[player], ranges, hand.board, sims=400, seed=rng.getrandbits(32))
    return result.equity


def play_chunk(config: SimConfig, chunk: int, groups: Iterable[int]) -> ChunkResult:
    """Play the deal groups of one chunk with freshly built, chunk-seeded bots."""
    kernel.enable()  # bulk work: the compiled kernel where installed (same results)
    n = config.seats
    bots: list[SafeBot] = []
    for seat, spec in enumerate(config.bots):
        builtin = spec.strip().lower() in BUILT_IN
        made: Bot = make_bot(spec, _bot_seed(config.seed, seat, chunk))
        if isinstance(made, ProcessBot):
            made.ready()  # no table waits here: its start is no decision's time
        bots.append(SafeBot(made, timeout=None if builtin else config.plugin_timeout))
    tallies = [SeatTally() for _ in range(n)]
    group_nets: list[list[int]] = []
    measure_rng = random.Random(f"measure:{config.seed}:{chunk}")
    history: list[str] = []
    for group in groups:
        deal_seed = _deal_seed(config.seed, group)
        rotations = range(n) if config.duplicate else (group % n,)
        nets = [0] * n
        for rotation in rotations:
            number = group * n + rotation + 1 if config.duplicate else group + 1
            if config.duplicate and number > config.hands:
                break
            order = [(p + rotation) % n for p in range(n)]
            hand = _new_hand(config, order, deal_seed, number)
            measure = measure_rng if config.bluffs else None
            play_hand(hand, _agents(hand, order, bots, tallies, measure))
            _count(hand, order, tallies, config.game)
            for position, seat in enumerate(order):
                nets[seat] += hand.stacks[position] - hand.config.starting_stacks[position]
            if config.history_dir is not None:
                from holdem_tui.history.phh_write import dumps_section

                history.append(dumps_section(hand, number))
        group_nets.append(nets)
    for seat, bot in enumerate(bots):
        tallies[seat].faults += len(bot.faults)
        bot.close()
    if config.history_dir is not None and history:
        path = Path(config.history_dir) / f"{config.game}-{config.seed}-{chunk:05d}.phhs"
        path.write_text("".join(history), encoding="utf-8")
    return ChunkResult(tallies, group_nets)


def _agents(
    hand: Hand,
    order: Sequence[int],
    bots: Sequence[SafeBot],
    tallies: Sequence[SeatTally],
    measure_rng: random.Random | None,
) -> list[Agent]:
    """Each position's bot for :func:`play_hand`, measuring every bet and raise on the way
    against the cards actually out (bluff share: only the simulator can know it), unless
    ``measure_rng`` is ``None``."""

    def agent(position: int) -> Agent:
        seat = order[position]

        def decide(view: PlayerView) -> Action:
            action = bots[seat].decide(view).action
            legal = view.legal
            assert legal is not None
            if action.kind is ActionKind.ALL_IN:
                action = legal.all_in_action()
            if measure_rng is not None and action.kind in (ActionKind.BET, ActionKind.RAISE):
                eq = _true_equity(hand, position, measure_rng)
                if eq is not None:
                    tallies[seat].measured_bets += 1
                    if eq < BLUFF_FAIR_SHARE / sum(hand.live):
                        tallies[seat].bluffs += 1
            return action

        return decide

    return [agent(position) for position in range(hand.n)]


def _count(hand: Hand, order: Sequence[int], tallies: Sequence[SeatTally], game: Variant) -> None:
    """Add a finished hand to each seat's tallies and to those of the position it sat in."""
    spots = [
        tallies[seat].position(position_label(game, position, len(order)))
        for position, seat in enumerate(order)
    ]
    for position, seat in enumerate(order):
        delta = hand.stacks[position] - hand.config.starting_stacks[position]
        for tally in (tallies[seat], spots[position]):
            tally.net += delta
            tally.style.hands += 1
    counter = HandCounter()
    for spot in betting_spots(hand.events):
        counter.count(spot, tallies[order[spot.player]].style, spots[spot.player].style)
    shown = {e.player for e in hand.events if isinstance(e, CardsShown) and not e.voluntary}
    winners = {
        p for e in hand.events if isinstance(e, PotAwarded) for p, amount in e.shares if amount
    }
    for position, seat in enumerate(order):
        if position in shown and len(shown) > 1:
            tallies[seat].showdowns += 1
            tallies[seat].showdowns_won += position in winners


def _chunks(config: SimConfig) -> Iterator[range]:
    """The deal groups of each chunk, made one at a time (10**8 hands never sit in memory).

    Big chunks: bots remember opponents only within a chunk (as a player at one table),
    and the split must not depend on the number of workers (reproducibility).
    """
    groups = config.groups
    per_group = config.seats if config.duplicate else 1
    chunk_hands = max(400, min(2000, config.hands // 8))
    per_chunk = max(1, chunk_hands // per_group)
    return (range(g, min(g + per_chunk, groups)) for g in range(0, groups, per_chunk))


def run(config: SimConfig, progress: Callable[[int], None] | None = None) -> SimReport:
    """Play the session (in parallel when more than one worker) and build the report.

    ``progress`` is called with the number of hands each finished chunk played.
    """
    check_bots(config.bots)
    if config.history_dir is not None:
        Path(config.history_dir).mkdir(parents=True, exist_ok=True)
    chunks = enumerate(_chunks(config))
    # never more processes than cores, nor than chunks
    workers = min(config.workers or os.cpu_count() or 1, os.cpu_count() or 1)
    results: dict[int, ChunkResult] = {}

    def hands_in(result: ChunkResult) -> int:
        return result.tallies[0].hands

    if workers <= 1 or config.hands <= 400:
        for index, groups in chunks:
            results[index] = play_chunk(config, index, groups)
            if progress:
                progress(hands_in(results[index]))
    else:
        discard_checked()  # each worker starts the plugins it seats
        with ProcessPoolExecutor(max_workers=workers) as pool:
            # at most two chunks per worker in flight: the rest are not even built yet
            pending: dict[Future[ChunkResult], int] = {}
            for index, groups in itertools.islice(chunks, 2 * workers):
                pending[pool.submit(play_chunk, config, index, groups)] = index
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    index = pending.pop(future)
                    results[index] = future.result()
                    if progress:
                        progress(hands_in(results[index]))
                    for more, groups in itertools.islice(chunks, 1):
                        pending[pool.submit(play_chunk, config, more, groups)] = more
    ordered = [results[i] for i in range(len(results))]
    return build_report(config, ordered)


def _interval(samples: Sequence[float], per: float) -> tuple[float, float, float]:
    """Mean per hand x 100 and its 95% normal interval, from per-group results."""
    k = len(samples)
    mean = sum(samples) / k
    if k < 2:
        return mean * per, -math.inf, math.inf
    var = sum((x - mean) ** 2 for x in samples) / (k - 1)
    half = Z95 * math.sqrt(var / k)
    return mean * per, (mean - half) * per, (mean + half) * per


def build_report(config: SimConfig, results: Sequence[ChunkResult]) -> SimReport:
    """Sum the chunks and turn them into per-seat and per-bot figures."""
    n = config.seats
    totals = [SeatTally() for _ in range(n)]
    group_nets: list[list[int]] = []
    for result in results:
        for seat in range(n):
            totals[seat].add(result.tallies[seat])
        group_nets.extend(result.group_nets)
    hands = totals[0].hands
    hands_per_group = hands / max(1, len(group_nets))
    per = 100.0 / (config.unit * hands_per_group)
    seats = []
    for seat, t in enumerate(totals):
        samples: list[float] = [float(g[seat]) for g in group_nets]
        _mean, low, high = _interval(samples, per)
        seats.append(
            SeatReport(
                seat=seat + 1,
                bot=config.bots[seat],
                hands=t.hands,
                net=t.net,
                bb_per_100=100.0 * t.net / (config.unit * max(1, t.hands)),
                bb_per_100_ci95=(low, high),
                vpip=t.style.voluntary / max(1, t.hands),
                pfr=t.style.raised_first_round / max(1, t.hands),
                aggression=t.style.aggressive / max(1, t.style.calls),
                showdown_win_rate=t.showdowns_won / max(1, t.showdowns),
                bluff_share=t.bluffs / max(1, t.measured_bets) if config.bluffs else None,
                faults=t.faults,
                preflop=preflop_rates(t.style),
                positions={
                    label: spot.to_json(config.unit) for label, spot in sorted(t.positions.items())
                },
            )
        )
    by_bot: list[dict[str, Any]] = []
    for spec in dict.fromkeys(config.bots):
        members = [s for s in range(n) if config.bots[s] == spec]
        samples = [sum(g[s] for s in members) / len(members) for g in group_nets]
        mean, low, high = _interval(samples, per)
        pooled = SeatTally()
        for s in members:
            pooled.add(totals[s])
        by_bot.append(
            {
                "bot": spec,
                "seats": [s + 1 for s in members],
                "bb_per_100": round(mean, 2),
                "bb_per_100_ci95": [round(low, 2), round(high, 2)],
                "bluff_share": round(pooled.bluffs / max(1, pooled.measured_bets), 4)
                if config.bluffs
                else None,
            }
        )
    return SimReport(config, hands, tuple(seats), tuple(by_bot))
