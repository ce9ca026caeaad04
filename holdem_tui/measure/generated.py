"""Sessions made up for measuring and testing the lifetime statistics, written as the game
writes them: a ``.phhs`` history of real engine hands and the summary beside it.

Each session picks a game, a table size, who sits where (one human, hot-seat humans with
names, or bots only; bot levels recorded in the summary), cash game or sit-and-go (a
``hyper`` preset, its places and prizes in the summary as the game writes them), plays a
seeded number of hands with a cheap scripted player (it folds, calls, bets and raises, and
now and then goes all-in, so showdowns, side pots and all-ins with cards to come all occur)
and, at a cash table, buys a busted human back in (a rebuy, counted in the summary). The
files are written in one go, without the game's per-hand sync: a thousand sessions take
seconds, not minutes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.tournament import preset_tournament
from holdem_tui.engine.variants import RULES, Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import BOT_LEVELS, BOT_NAMES, HUMAN
from holdem_tui.history.phh_write import dumps_section
from holdem_tui.storage.histories import HISTORY_SUFFIX, META_SUFFIX, SessionInfo

__all__ = ["GeneratedSession", "scripted_player", "write_sessions"]

#: the first session's start; each next one starts some hours later
EPOCH = datetime(2026, 1, 5, 19, 30)


@dataclass(frozen=True, slots=True)
class GeneratedSession:
    """What was written: the summary (its folder holds the history too)."""

    info: SessionInfo


def scripted_player(rng: random.Random) -> Callable[[PlayerView], Action]:
    """A seeded player that folds, calls, bets and raises in about a player's proportions,
    going all-in about one decision in three hundred and calling a big bet (half its stack
    or more) one time in four, so about one hand in thirty has an all-in with cards to
    come, as at a real table; in the draw it throws 0 to 3 cards at random."""

    def decide(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            count = rng.choice((0, 1, 2, 3))
            return Action.draw(tuple(rng.sample(list(legal.hand), min(count, legal.max_discards))))
        roll = rng.random()
        if roll < 0.003:
            return legal.all_in_action()
        if legal.call_amount * 2 >= legal.stack and rng.random() < 0.75:
            return Action.fold()
        if legal.can_raise and roll < 0.25:
            low, high = legal.min_raise_to, legal.max_raise_to
            amount = min(high, max(low, low + rng.randint(0, 3) * max(1, low // 2)))
            kind = ActionKind.BET if legal.is_bet else ActionKind.RAISE
            return Action(kind, amount)
        if legal.call_amount and roll < 0.6:
            return Action.fold()
        return Action.call() if legal.call_amount else Action.check()

    return decide


def _seating(rng: random.Random, seats: int) -> tuple[list[str], list[str], list[int]]:
    """Names, levels and human chairs: a lone unnamed human, named hot-seat humans, or bots."""
    roll = rng.random()
    humans_at = 0 if roll < 0.1 else (1 if roll < 0.75 else min(seats, rng.choice((2, 3))))
    humans = sorted(rng.sample(range(seats), humans_at))
    pool = iter(BOT_NAMES)
    names, levels = [], []
    for chair in range(seats):
        if chair in humans:
            names.append("" if humans_at == 1 else ("Ana", "Ben", "Cleo")[humans.index(chair)])
            levels.append(HUMAN)
        else:
            names.append(next(pool))
            levels.append(rng.choice(BOT_LEVELS))
    return names, levels, humans


def write_session(folder: Path, number: int, rng: random.Random, hands: int) -> GeneratedSession:
    """One session of up to ``hands`` hands into ``folder`` (a sit-and-go plays to its end,
    or up to ten times as many); returns its summary."""
    variant = rng.choice((Variant.HOLDEM, Variant.HOLDEM, Variant.DRAW))
    seats = rng.randint(2, RULES[variant].max_seats)
    names, levels, humans = _seating(rng, seats)
    big = rng.choice((10, 20, 50))
    stack = big * rng.choice((20, 50, 100))
    tournament = preset_tournament("hyper", variant, stack) if rng.random() < 0.2 else None
    table = Table(
        TableConfig(
            variant=variant,
            names=tuple(name or f"Player {i + 1}" for i, name in enumerate(names)),
            starting_stack=stack,
            small_blind=big // 2,
            big_blind=big,
            ante=rng.choice((0, 0, big // 10)) if variant is Variant.HOLDEM else big // 4,
            small_bet=big,
            big_bet=big * 2,
            seed=rng.getrandbits(32),
            tournament=tournament,
        )
    )
    if tournament is not None:
        hands *= 10
    started = EPOCH + timedelta(hours=7 * number + rng.randint(0, 5))
    session_id = f"{started:%Y%m%d-%H%M%S}-{number:06x}"
    player = scripted_player(random.Random(rng.getrandbits(32)))
    rebuys = [0] * seats
    sections = []
    played = 0
    while played < hands and not table.is_over():
        hand = table.start_hand()
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            hand.act(player(hand.view(actor)), actor)
        table.finish_hand(hand)
        played += 1
        sections.append(dumps_section(hand, played, extra={"_session_id": session_id}))
        for chair in humans if tournament is None else ():
            seat = table.seats[chair]
            if seat.out and rng.random() < 0.8:  # a busted human buys back in, mostly
                seat.stack, seat.busted_in_hand = stack, None
                rebuys[chair] += 1
    info = SessionInfo(
        session_id=session_id,
        started=started.astimezone().isoformat(timespec="seconds"),
        updated=started.astimezone().isoformat(timespec="seconds"),
        game=variant.value,
        players=names,
        starting_stack=stack,
        stacks=[seat.stack for seat in table.seats],
        humans=humans,
        rebuys=rebuys,
        levels=levels,
        hands=played,
        finished=True,
        folder=folder,
    )
    if tournament is not None:  # as the game's summary keeps them (SessionHistory.note_table)
        finishes = table.finishes
        info.tournament = tournament.name
        info.buy_in = tournament.payouts.buy_in
        info.places = [finishes[s].place if s in finishes else None for s in range(seats)]
        info.prizes = [finishes[s].prize if s in finishes else 0 for s in range(seats)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{session_id}{HISTORY_SUFFIX}").write_text("".join(sections), encoding="utf-8")
    (folder / f"{session_id}{META_SUFFIX}").write_text(
        json.dumps(info.to_dict(), ensure_ascii=False), encoding="utf-8"
    )
    return GeneratedSession(info)


def write_sessions(
    folder: Path, count: int, *, seed: int = 1, hands: tuple[int, int] = (5, 40)
) -> list[GeneratedSession]:
    """``count`` sessions of ``hands`` (a range) hands each, all from one seed."""
    rng = random.Random(seed)
    return [write_session(folder, n, rng, rng.randint(*hands)) for n in range(count)]
