"""Lifetime statistics equal a brute-force recount of the histories (issue 32).

Sessions of both games are generated as the game writes them (hot-seat humans with names,
a lone unnamed human, bots only, rebuys), then every figure ``holdem-tui stats`` reports is
counted again here the plain way: each hand replayed from its history, each rule walked
over the hand's actions with a loop of its own, nothing shared with the statistics' code but
the engine and the review's exact all-in worth. The cache is checked too: a second look reads
nothing, a grown history is read again alone, a damaged cache costs a rebuild and one line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

import numpy as np
import pytest

from holdem_tui.engine.actions import ActionKind
from holdem_tui.engine.events import HandEnded, PlayerActed, PotAwarded, Street, StreetStarted
from holdem_tui.engine.positions import position_label
from holdem_tui.engine.variants import RULES, Variant
from holdem_tui.measure.generated import GeneratedSession, write_sessions
from holdem_tui.progress import lifetime as lifetime_module
from holdem_tui.progress.cache import CACHE_VERSION, read_cache
from holdem_tui.progress.lifetime import Filters, Lifetime, load_lifetime
from holdem_tui.review.record import HandRecord, load_records
from holdem_tui.review.stats import all_in, history_stats
from holdem_tui.storage.histories import SessionInfo

SECOND_ROUND = (Street.FLOP, Street.POSTDRAW)


@dataclass
class Tally:
    """The brute force's own counts for one player (or group)."""

    hands: int = 0
    net: float = 0.0
    adjusted: float = 0.0
    vpip: int = 0
    pfr: int = 0
    faced_open: int = 0
    threebets: int = 0
    cbet_chances: int = 0
    cbets: int = 0
    faced_cbet: int = 0
    folded_to_cbet: int = 0
    aggressive: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdown: int = 0
    showdown_won: int = 0
    all_ins: int = 0
    extra: dict[str, int] = field(default_factory=dict)


def rounds(record: HandRecord) -> list[list[PlayerActed]]:
    """The hand's betting actions, one list per betting round (the first round first)."""
    out: list[list[PlayerActed]] = []
    for event in record.hand.events:
        if isinstance(event, StreetStarted) and event.street not in (Street.DRAW, Street.SHOWDOWN):
            out.append([])
        elif isinstance(event, PlayerActed):
            out[-1].append(event)
    return out


def unit_of(record: HandRecord) -> int:
    config = record.hand.config
    return max(1, RULES[record.hand.variant].unit(max(config.blinds, default=0), config.big_bet))


def brute(record: HandRecord, p: int, tally: Tally) -> None:
    """Count one hand for position ``p`` with plain loops."""
    hand = record.hand
    unit = unit_of(record)
    ended = next(e for e in hand.events if isinstance(e, HandEnded))
    tally.hands += 1
    tally.net += ended.net[p] / unit
    spot = all_in(record, p)
    tally.adjusted += (ended.net[p] + ((spot.worth - spot.won) if spot else 0)) / unit
    tally.all_ins += spot is not None
    played = rounds(record)
    first = played[0]
    mine = [a for a in first if a.player == p]
    tally.vpip += any(a.kind in (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE) for a in mine)
    tally.pfr += any(a.kind in (ActionKind.BET, ActionKind.RAISE) for a in mine)
    raises = 0
    opener = None
    for a in first:
        if raises == 1 and a.player == p and a.player != opener:
            tally.faced_open += 1
            tally.threebets += a.kind in (ActionKind.BET, ActionKind.RAISE)
        if a.kind in (ActionKind.BET, ActionKind.RAISE):
            raises += 1
            opener = a.player if opener is None else opener
    last_raiser = next(
        (a.player for a in reversed(first) if a.kind in (ActionKind.BET, ActionKind.RAISE)), None
    )
    if len(played) > 1 and last_raiser is not None:
        cbet_made = False
        bets = 0
        for a in played[1]:
            aggressive = a.kind in (ActionKind.BET, ActionKind.RAISE)
            if a.player == last_raiser and bets == 0:
                if p == last_raiser:
                    tally.cbet_chances += 1
                    tally.cbets += aggressive
                cbet_made = aggressive
            elif cbet_made and bets == 1 and a.player == p:
                tally.faced_cbet += 1
                tally.folded_to_cbet += a.kind is ActionKind.FOLD
            bets += aggressive
    for actions in played:
        for a in actions:
            if a.player == p:
                tally.aggressive += a.kind in (ActionKind.BET, ActionKind.RAISE)
                tally.calls += a.kind is ActionKind.CALL
    folded_before_second = any(
        isinstance(e, PlayerActed) and e.player == p and e.kind is ActionKind.FOLD
        for e in hand.events[: next_street_index(record)]
    )
    second = next_street_index(record) < len(hand.events)
    tally.saw_flop += second and not folded_before_second
    went = hand.live[p] and sum(hand.live) > 1
    tally.showdown += went
    won = any(
        winner == p and amount
        for e in hand.events
        if isinstance(e, PotAwarded)
        for winner, amount in e.shares
    )
    tally.showdown_won += went and won


def next_street_index(record: HandRecord) -> int:
    """Where the round after the first starts in the events (the end if it never does)."""
    for index, event in enumerate(record.hand.events):
        if isinstance(event, StreetStarted) and event.street in SECOND_ROUND:
            return index
        if isinstance(event, StreetStarted) and event.street is Street.TURN:
            return index
    return len(record.hand.events)


def summaries(sessions: list[GeneratedSession]) -> list[SessionInfo]:
    return [s.info for s in sessions]


def recount(infos: list[SessionInfo]) -> Iterator[tuple[SessionInfo, int, int, HandRecord]]:
    """Every (session, chair, position, hand) of the players asked for, oldest first."""
    for info in sorted(infos, key=lambda i: i.started):
        records, problems = load_records([info.history_path])
        assert not problems
        for record in records:
            for p, chair in enumerate(record.seats):
                yield info, chair, p, record


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[SessionInfo]]:
    folder = tmp_path_factory.mktemp("lifetime") / "histories"
    sessions = write_sessions(folder, 14, seed=9, hands=(4, 14))
    return folder, summaries(sessions)


def expect(infos: list[SessionInfo], keep: object) -> Tally:
    """The brute force over every row ``keep(info, chair, p, record)`` accepts."""
    tally = Tally()
    for info, chair, p, record in recount(infos):
        if keep(info, chair, p, record):  # type: ignore[operator]
            brute(record, p, tally)
    return tally


def same(line: lifetime_module.Line, tally: Tally) -> None:
    counts = line.counts
    assert line.hands == tally.hands
    assert line.net == pytest.approx(tally.net)
    assert line.adjusted == pytest.approx(tally.adjusted)
    for name in (
        "faced_open",
        "threebets",
        "cbet_chances",
        "cbets",
        "faced_cbet",
        "folded_to_cbet",
        "aggressive",
        "calls",
        "saw_flop",
        "showdown",
        "showdown_won",
    ):
        assert counts[name] == getattr(tally, name), name
    assert counts["voluntary"] == tally.vpip
    assert counts["raised_first_round"] == tally.pfr
    assert counts["all_in"] == tally.all_ins


def test_the_generated_sessions_cover_what_the_issue_names(
    made: tuple[Path, list[SessionInfo]],
) -> None:
    _, infos = made
    games = {info.game for info in infos}
    assert games == {"holdem", "draw"}
    assert any(len(info.humans) >= 2 for info in infos), "hot-seat"
    assert any(len(info.humans) == 1 for info in infos), "one human"
    assert any(not info.humans for info in infos), "bots only"
    assert any(any(info.rebuys) for info in infos), "rebuys"
    assert any(
        info.tournament and any(info.places[h] is not None for h in info.humans) for info in infos
    ), "a sit-and-go a human finished"
    assert sum(info.hands for info in infos) > 80


def test_every_figure_equals_the_brute_force_recount(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")
    assert not lifetime.problems and lifetime.cache_note is None
    # the humans (every human seat), a named hot-seat player, a bot by name
    same(lifetime.line(lifetime.select(Filters())), expect(infos, lambda i, c, p, r: c in i.humans))
    for name in ("Ana", "Mila"):
        wanted = name.casefold()
        same(
            lifetime.line(lifetime.select(Filters(player=name.lower()))),
            expect(infos, lambda i, c, p, r, w=wanted: i.players[c].casefold() == w),
        )
    # each game, and a date range
    for game in ("holdem", "draw"):
        same(
            lifetime.line(lifetime.select(Filters(game=game))),
            expect(infos, lambda i, c, p, r, g=game: c in i.humans and i.game == g),
        )
    days = sorted({datetime.fromisoformat(i.started).date() for i in infos})
    since, until = days[2], days[-3]

    def in_days(info: SessionInfo) -> bool:
        return since <= datetime.fromisoformat(info.started).date() <= until

    same(
        lifetime.line(lifetime.select(Filters(since=since, until=until))),
        expect(infos, lambda i, c, p, r: c in i.humans and in_days(i)),
    )


def test_the_groups_add_up_and_each_equals_its_recount(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")
    mask = lifetime.select(Filters())
    total = lifetime.line(mask)
    for dimension in ("position", "game", "players", "opponents", "format"):
        groups = lifetime.groups(mask, dimension)
        assert sum(line.hands for _, line in groups) == total.hands
        assert sum(line.net for _, line in groups) == pytest.approx(total.net)
    for label, line in lifetime.groups(mask, "position"):
        same(
            line,
            expect(
                infos,
                lambda i, c, p, r, want=label: (
                    c in i.humans and position_label(Variant(i.game), p, r.hand.n) == want
                ),
            ),
        )
    for players, line in lifetime.groups(mask, "players"):
        same(
            line, expect(infos, lambda i, c, p, r, n=int(players): c in i.humans and r.hand.n == n)
        )


def test_opponent_levels_come_from_the_summary(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")

    def level(info: SessionInfo, chair: int, record: HandRecord) -> str:
        kinds = set()
        for other in record.seats:
            if other != chair:
                found = info.levels[other]
                kinds.add("people" if found == "human" else found)
        return kinds.pop() if len(kinds) == 1 else "mixed"

    mask = lifetime.select(Filters())
    for name, line in lifetime.groups(mask, "opponents"):
        same(
            line,
            expect(infos, lambda i, c, p, r, n=name: c in i.humans and level(i, c, r) == n),
        )


def test_results_with_rebuys_are_what_the_table_won_and_lost(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    """Summed hand by hand, each chair's result is the summary's: the chips at the end less
    every buy-in, the first and each rebuy; and the rebuys are counted from the summaries."""
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")
    for info in infos:
        for chair in range(len(info.players)):
            records, _ = load_records([info.history_path])
            chips = sum(
                next(e for e in r.hand.events if isinstance(e, HandEnded)).net[r.seats.index(chair)]
                for r in records
                if chair in r.seats
            )
            assert chips == info.net(chair), (info.session_id, chair)
    assert lifetime.rebuys(Filters()) == sum(
        info.rebuys_of(chair) for info in infos for chair in info.humans
    )
    assert lifetime.rebuys(Filters()) > 0


def test_sit_and_goes_add_their_places_and_prizes(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    """A tournament's finish counts from its summary (place, field, buy-in, prize); its hands
    count in the play and, apart from the cash games, in the format breakdown."""
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")
    finishes = [
        (info.places[chair], len(info.players), info.buy_in, info.prizes[chair])
        for info in infos
        if info.tournament is not None
        for chair in info.humans
        if info.places[chair] is not None
    ]
    tournaments = lifetime.tournaments(Filters())
    assert tournaments.entered == len(finishes) > 0
    assert sorted(tournaments.places) == sorted((place, field) for place, field, _, _ in finishes)
    assert tournaments.buy_ins == sum(buy_in for _, _, buy_in, _ in finishes)
    assert tournaments.prizes == sum(prize for _, _, _, prize in finishes)
    assert tournaments.paid == sum(1 for *_, prize in finishes if prize > 0)
    groups = dict(lifetime.groups(lifetime.select(Filters()), "format"))
    same(
        groups["tournament"],
        expect(infos, lambda i, c, p, r: c in i.humans and i.tournament is not None),
    )
    same(groups["cash"], expect(infos, lambda i, c, p, r: c in i.humans and i.tournament is None))


def test_the_session_counts_agree_with_the_history_listing(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    """One counter: a session's VPIP, PFR, aggression and showdowns here are what
    ``holdem-tui history`` and the end screen count for it."""
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")
    lines = {meta.session_id: line for meta, line in lifetime.session_lines(Filters())}
    for info in infos:
        if len(info.humans) != 1:
            continue
        seen, _ = history_stats(info.history_path, info.humans, cache=False)
        counted = seen[info.humans[0]]
        line = lines[info.session_id]
        assert (line.hands, line.counts["voluntary"], line.counts["raised_first_round"]) == (
            counted.hands,
            counted.vpip,
            counted.pfr,
        )
        assert (line.counts["aggressive"], line.counts["calls"]) == (
            counted.aggressive,
            counted.calls,
        )
        assert (line.counts["showdown"], line.counts["showdown_won"]) == (
            counted.showdowns,
            counted.showdowns_won,
        )
        assert line.counts["all_in"] == counted.all_ins


def test_the_curve_ends_at_the_result_in_the_order_played(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    folder, infos = made
    lifetime = load_lifetime(folder, tmp_path / "cache.npz")
    mask = lifetime.select(Filters(player="ana"))
    curve = lifetime.curve(mask)
    line = lifetime.line(mask)
    assert len(curve.net) == line.hands
    assert curve.net[-1] == pytest.approx(line.net)
    assert curve.adjusted[-1] == pytest.approx(line.adjusted)
    steps = np.diff(np.concatenate([[0.0], curve.net]))
    expected = [
        next(e for e in r.hand.events if isinstance(e, HandEnded)).net[p] / unit_of(r)
        for info, chair, p, r in recount(infos)
        if info.players[chair] == "Ana"
    ]
    assert steps == pytest.approx(expected)


# ── the cache ──────────────────────────────────────────────────────────────────────


def test_a_second_look_reads_nothing_and_a_grown_history_alone_is_read_again(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, infos = made
    cache = tmp_path / "cache.npz"
    first = load_lifetime(folder, cache)
    reads: list[str] = []
    original = lifetime_module.read_session

    def counting(info: SessionInfo, key: tuple[int, int]) -> object:
        reads.append(info.session_id)
        return original(info, key)

    monkeypatch.setattr(lifetime_module, "read_session", counting)
    again = load_lifetime(folder, cache)
    assert reads == []
    assert np.array_equal(first.ints, again.ints) and np.array_equal(first.worth, again.worth)
    grown = infos[3].history_path
    stamp = grown.stat().st_mtime_ns
    os.utime(grown, ns=(stamp + 10**9, stamp + 10**9))
    load_lifetime(folder, cache)
    assert reads == [infos[3].session_id]


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "garbage": lambda data: b"not a zip at all",
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
}


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_a_damaged_cache_costs_a_rebuild_said_in_one_line(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path, how: str
) -> None:
    folder, _ = made
    cache = tmp_path / "cache.npz"
    good = load_lifetime(folder, cache)
    cache.write_bytes(DAMAGE[how](cache.read_bytes()))
    rebuilt = load_lifetime(folder, cache)
    assert rebuilt.cache_note is not None and "\n" not in rebuilt.cache_note
    assert cache.name in rebuilt.cache_note
    assert np.array_equal(good.ints, rebuilt.ints)
    assert load_lifetime(folder, cache).cache_note is None  # written anew


def _rewrite(cache: Path, **parts: object) -> None:
    with np.load(cache, allow_pickle=False) as loaded:
        arrays = {name: loaded[name] for name in loaded.files}
    arrays.update(parts)
    with cache.open("wb") as handle:
        np.savez(handle, **arrays)


def test_a_cache_with_wrong_contents_is_refused_part_by_part(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    folder, _ = made
    cache = tmp_path / "cache.npz"
    load_lifetime(folder, cache)
    with np.load(cache, allow_pickle=False) as loaded:
        ints, index = loaded["ints"], str(loaded["index"])
    listed = json.loads(index)
    bad_label = ints.copy()
    bad_label[0, 2] = 99
    wrong = {
        "a position out of range": {"ints": bad_label},
        "floats for counts": {"ints": ints.astype(np.float64)},
        "a negative all-in worth": {"worth": -np.ones(len(ints))},
        "an index that is not JSON": {"index": np.str_("{")},
        "an index short of rows": {"index": np.str_(json.dumps(listed[:-1]))},
        "a session id with a slash": {
            "index": np.str_(json.dumps([{**listed[0], "id": "a/b"}, *listed[1:]]))
        },
    }
    for what, parts in wrong.items():
        load_lifetime(folder, cache)
        _rewrite(cache, **parts)
        found, note = read_cache(cache)
        assert found == {} and note is not None, what
    load_lifetime(folder, cache)
    _rewrite(cache, version=np.int64(CACHE_VERSION + 1))
    assert read_cache(cache) == ({}, None)  # another version: read again without a word


def test_a_fifo_in_place_of_the_cache_is_refused_without_waiting(tmp_path: Path) -> None:
    cache = tmp_path / "cache.npz"
    os.mkfifo(cache)
    found, note = read_cache(cache)
    assert found == {} and note is not None and "regular" in note


def test_no_histories_is_an_empty_report(tmp_path: Path) -> None:
    lifetime = load_lifetime(tmp_path / "none", tmp_path / "cache.npz")
    assert isinstance(lifetime, Lifetime)
    line = lifetime.line(lifetime.select(Filters()))
    assert line.hands == 0 and line.bb_per_100 is None and line.rates()["vpip"] is None
    assert lifetime.curve(lifetime.select(Filters())).net.size == 0
    assert lifetime.groups(lifetime.select(Filters()), "position") == []


def test_filters_take_days_inclusively() -> None:
    from holdem_tui.progress.sessions import SessionMeta

    meta = SessionMeta(
        "s",
        datetime(2026, 3, 1, 23, 59),
        "holdem",
        ("",),
        frozenset({0}),
        (),
        (0,),
        1000,
    )
    assert Filters(since=date(2026, 3, 1), until=date(2026, 3, 1)).takes(meta)
    assert not Filters(since=date(2026, 3, 2)).takes(meta)
    assert not Filters(game="draw").takes(meta)


def test_the_bench_measures_a_first_and_a_cached_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench --only stats`` (its figures; the sessions made fewer for the test)."""
    from holdem_tui.measure import stats_bench

    monkeypatch.setattr(stats_bench, "QUICK_SESSIONS", 4)
    monkeypatch.setattr(stats_bench, "HANDS", (2, 4))
    figures = stats_bench.measure(quick=True)
    assert figures["stats_sessions"] == 4
    assert figures["stats_rows"] >= figures["stats_hands"] * 2
    assert figures["stats_first_read_s"] > 0 and figures["stats_cached_read_ms"] > 0
    assert 0 < figures["stats_rows_mib"] < figures["stats_cached_read_peak_mib"]
    assert figures["stats_cache_file_mib"] > 0


def test_worker_processes_read_the_same_rows(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    """A first look at many histories reads them in processes: the same rows, in order."""
    folder, _ = made
    here = load_lifetime(folder, tmp_path / "here.npz")
    seen: list[tuple[int, int]] = []
    there = load_lifetime(
        folder, tmp_path / "there.npz", workers=2, progress=lambda *p: seen.append(p)
    )
    assert np.array_equal(here.ints, there.ints) and np.array_equal(here.worth, there.worth)
    assert seen[-1] == (len(here.sessions), len(here.sessions))


def test_a_cached_look_allocates_what_it_reads_not_the_cache_limit(
    made: tuple[Path, list[SessionInfo]], tmp_path: Path
) -> None:
    """The cache may be up to a gigabyte; reading a small one must not ask for one (a
    machine that does not overcommit would fail the look). Bounded reads read what is
    there, and a file past its limit is still refused."""
    import tracemalloc

    from holdem_tui.history.phh import PhhError, read_regular

    folder, _ = made
    cache = tmp_path / "cache.npz"
    load_lifetime(folder, cache)
    tracemalloc.start()
    try:
        load_lifetime(folder, cache)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024 * 1024
    small = tmp_path / "small"
    small.write_bytes(b"x" * 10)
    assert read_regular(small, 10) == b"x" * 10
    with pytest.raises(PhhError, match="more than 9"):
        read_regular(small, 9)


def test_a_sit_and_go_left_before_anybody_busted_is_still_a_tournament() -> None:
    """Its hands are tournament chips, not cash winnings, though no place is known yet."""
    from holdem_tui.progress.sessions import SessionMeta

    info = SessionInfo(
        session_id="s",
        started="2026-12-05T08:00:00",
        game="holdem",
        players=["Ana", "bot"],
        starting_stack=1500,
        stacks=[1400, 1600],
        humans=[0],
        tournament="turbo",
        places=[None, None],
        prizes=[0, 0],
        buy_in=100,
    )
    meta = SessionMeta.from_info(info)
    assert meta.is_tournament()
    assert meta.tournament == (None, None)  # no finish to count among the places yet
    cash = SessionInfo(
        session_id="c", started="", game="holdem", players=["Ana"], starting_stack=1, stacks=[1]
    )
    assert not SessionMeta.from_info(cash).is_tournament()
