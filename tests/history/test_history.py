"""Hand histories: every hand of every session, complete, readable by pokerkit and by us.

The big test writes thousands of random hands (2 to 9 players, antes, all-ins, side pots)
through the session writer, then loads every one in pokerkit and replays it to the end:
the stacks must be the recorded ones, except in hands where a pot split unevenly, where our
odd-chip rule (each pot on its own, odd chips one at a time from the left of the button)
may differ from pokerkit's (whole remainder to the first winner). Those are counted and must
stay rare; so are the hands where a casino rule pokerkit does not follow was played (a short
big blind, an incomplete all-in: see ``pokerkit_oracle``). Our own replay must reproduce
every hand exactly, draw hands included.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import CardsDrawn, CardsShown, HoleCardsDealt
from holdem_tui.engine.hand import Hand
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant
from holdem_tui.history.phh import loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.i18n import Translator
from holdem_tui.session.narrate import card_text, narrate
from holdem_tui.storage import paths
from holdem_tui.storage.histories import (
    SessionHistory,
    list_sessions,
    read_history,
    split_sections,
)
from holdem_tui.storage.session import SessionStore
from tests.support.pokerkit_oracle import ODD_CHIP, pokerkit_difference
from tests.support.storage import play_one, play_session, random_agent, random_table

HOLDEM_HANDS = 2000
DRAW_HANDS = 400


def _write_sessions(
    variant: str, total: int, seed: int
) -> tuple[list[SessionHistory], dict[tuple[str, str], Hand]]:
    """Random sessions until ``total`` hands are written; returns writers and hands by key."""
    rng = random.Random(seed)
    agent = random_agent(rng)
    writers: list[SessionHistory] = []
    hands: dict[tuple[str, str], Hand] = {}
    written = 0
    while written < total:
        table = random_table(rng, variant)
        history = SessionHistory.create(
            game=variant, players=table.config.names, starting_stack=table.config.starting_stack
        )
        writers.append(history)
        for hand in play_session(table, agent, min(60, total - written)):
            history.append(hand)
            hands[(history.info.session_id, str(hand.config.hand_number))] = hand
            written += 1
    return writers, hands


@pytest.mark.slow
def test_thousands_of_holdem_hands_load_in_pokerkit_with_the_recorded_stacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    # This test is about the format; durability (fsync) is proven by test_storage_kill.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    writers, hands = _write_sessions("holdem", HOLDEM_HANDS, 20261130)
    odd_chip_differences = 0
    casino_rule_differences = 0
    checked = 0
    for history in writers:
        text = history.path.read_text()
        ours = loads(text)  # the whole file parses strictly too
        assert len(ours) == history.info.hands
        for key, body in split_sections(text):
            hand = hands[(history.info.session_id, key)]
            recorded = list(hand.stacks)
            difference = pokerkit_difference(body, hand)
            odd_chip_differences += difference == ODD_CHIP
            casino_rule_differences += difference not in ("", ODD_CHIP)
            phh = loads(body)[0]
            assert phh.finishing_stacks == tuple(recorded)
            assert replay(phh).finishing_stacks == tuple(recorded)
            checked += 1
    assert checked == HOLDEM_HANDS
    assert odd_chip_differences < HOLDEM_HANDS * 0.01, odd_chip_differences
    assert casino_rule_differences < HOLDEM_HANDS * 0.05, casino_rule_differences


@pytest.mark.slow
def test_draw_histories_replay_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    writers, hands = _write_sessions("draw", DRAW_HANDS, 5052)
    count = 0
    for history in writers:
        read = read_history(history.path.read_text())
        assert read.broken == []
        for key, phh in read.hands:
            assert phh.variant == "F5CD"
            hand = hands[(history.info.session_id, key)]
            assert replay(phh).finishing_stacks == tuple(hand.stacks)
            count += 1
    assert count == DRAW_HANDS


def test_history_has_every_card_but_views_hide_what_a_seat_never_saw() -> None:
    """The file is complete; the log a seat reads is built from its view, which is not."""
    rng = random.Random(77)
    agent = random_agent(rng)
    for variant in ("holdem", "draw"):
        table = random_table(rng, variant)
        history = SessionHistory.create(
            game=variant, players=table.config.names, starting_stack=table.config.starting_stack
        )
        for hand in play_session(table, agent, 40):
            history.append(hand)
            text = history.path.read_text()
            for event in hand.events:  # every card dealt, folded hands too, is in the file
                if isinstance(event, HoleCardsDealt) and event.cards:
                    assert "".join(str(c) for c in event.cards) in text
                elif isinstance(event, CardsDrawn) and event.received:
                    assert "".join(str(c) for c in event.received) in text
            for seat in range(hand.n):
                _assert_private(hand, seat)


def _assert_private(hand: Hand, seat: int) -> None:
    """Every card in ``seat``'s history is its own, on the board, or shown at the table."""
    allowed = _allowed(hand, seat)
    for event in hand.view(seat).history:
        for name in ("cards", "discarded", "received", "best_five"):
            value = getattr(event, name, None) or ()
            assert set(value) <= allowed, (seat, event)


def _allowed(hand: Hand, seat: int) -> set[Card]:
    """The cards ``seat`` saw at the table: its own, the board, and hands turned up."""
    allowed: set[Card] = set(hand.board)
    for event in hand.events:
        if isinstance(event, HoleCardsDealt) and event.player == seat and event.cards:
            allowed.update(event.cards)
        elif isinstance(event, CardsDrawn) and event.player == seat:
            allowed.update(event.discarded or ())
            allowed.update(event.received or ())
        elif isinstance(event, CardsShown):
            allowed.update(event.cards)
    return allowed


def test_narrated_log_never_names_unseen_cards() -> None:
    """The game's log text for a seat (the UI's narrator) names no card it never saw."""
    tr = Translator("en")
    rng = random.Random(78)
    agent = random_agent(rng)
    deck = [Card(i) for i in range(52)]
    checked = 0
    for variant in ("holdem", "draw"):
        table = random_table(rng, variant)
        for hand in play_session(table, agent, 40):
            for seat in range(hand.n):
                view = hand.view(seat)
                names = [seat.name for seat in view.seats]
                lines = narrate(view.history, names.__getitem__, tr)
                text = "\n".join(lines)
                allowed = _allowed(hand, seat)
                for card in deck:
                    if card not in allowed:
                        assert card_text(card) not in text, (seat, card, text)
                checked += 1
    assert checked > 50


def _long_table(seed: int) -> Table:
    """Stacks reset every hand: the session never ends early by busting."""
    config = TableConfig(Variant.HOLDEM, ("A", "B", "C", "D"), seed=seed, reset_stacks=True)
    return Table(config)


@pytest.mark.slow
def test_torn_last_section_keeps_earlier_hands_readable() -> None:
    rng = random.Random(3)
    table = _long_table(3)
    history = SessionHistory.create(
        game="holdem", players=table.config.names, starting_stack=table.config.starting_stack
    )
    sizes = [0]
    for hand in play_session(table, random_agent(rng), 12):
        sizes.append(history.append(hand))
    data = history.path.read_bytes()
    for cut in sorted(set(rng.randrange(1, len(data)) for _ in range(60))):
        whole = sum(1 for size in sizes[1:] if size <= cut)
        read = read_history(data[:cut].decode("utf-8", errors="replace"))
        assert len(read.hands) >= whole
        for _, phh in read.hands[:whole]:
            assert replay(phh).finishing_stacks == phh.finishing_stacks
    # and a torn file can be appended to without losing the hands before the tear
    torn = sizes[5] + (sizes[6] - sizes[5]) // 2
    history.path.write_bytes(data[:torn])
    writer = SessionHistory(history.info)
    table2 = _long_table(4)
    for hand in play_session(table2, random_agent(rng), 2):
        writer.append(hand)
    read = read_history(history.path.read_text())
    assert len(read.hands) == 5 + 2
    assert len(read.broken) <= 1


def test_reopen_moves_unsaved_hands_aside(tmp_path: Path) -> None:
    rng = random.Random(9)
    table = random_table(rng)
    history = SessionHistory.create(
        game="holdem", players=table.config.names, starting_stack=table.config.starting_stack
    )
    hands = play_session(table, random_agent(rng), 4)
    for hand in hands[:3]:
        history.append(hand)
    keep = history.size
    history.append(hands[3])
    reopened = SessionHistory.reopen(history.path, expected_size=keep)
    assert reopened.size == keep and reopened.info.hands == 3
    asides = list(history.path.parent.glob("*.unsaved-*.phhs"))
    assert len(asides) == 1 and "[" in asides[0].read_text()
    reopened.append(hands[3])  # played again: the same key, no duplicate table
    assert len(loads(history.path.read_text())) == 4


def test_duplicate_hand_numbers_stay_valid_toml() -> None:
    rng = random.Random(4)
    table = random_table(rng)
    history = SessionHistory.create(
        game="holdem", players=table.config.names, starting_stack=table.config.starting_stack
    )
    hand = play_session(table, random_agent(rng), 1)[0]
    history.append(hand)
    history.append(hand)
    assert [k for k, _ in split_sections(history.path.read_text())] == ["1", "1_2"]
    assert len(loads(history.path.read_text())) == 2


def test_store_lists_sessions_and_results() -> None:
    rng = random.Random(12)
    table = random_table(rng)
    players = ["", *table.config.names[1:]]
    store = SessionStore.start(table, settings={}, players=players, humans=[0])
    play_session(table, random_agent(rng), 5, store)
    [info] = list_sessions()
    assert info.hands == 5 and not info.finished
    assert info.stacks == [seat.stack for seat in table.seats]
    assert info.players[0] == ""
    store.session_over()
    [info] = list_sessions()
    assert info.finished
    assert not store.save_file.exists()


def test_history_command_lists_sessions(tmp_path: Path) -> None:
    runner = CliRunner()
    empty = runner.invoke(main, ["history"])
    assert empty.exit_code == 0 and "No sessions recorded yet." in empty.output
    assert str(paths.histories_dir()) in empty.output.replace("\n", "")

    rng = random.Random(5)
    table = random_table(rng)
    players = ["", *table.config.names[1:]]
    store = SessionStore.start(table, settings={}, players=players, humans=[0])
    play_session(table, random_agent(rng), 3, store)
    result = runner.invoke(main, ["history"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for text in ("Date", "Game", "Players", "Hands", "Result", "Texas Hold'em", "Player 1", "3"):
        assert text in result.output
    assert "unfinished" in result.output

    finnish = runner.invoke(main, ["history", "--lang", "fi"], env={"COLUMNS": "200"})
    assert "Pelaajat" in finnish.output and "kesken" in finnish.output

    as_json = runner.invoke(main, ["history", "--json"])
    data = json.loads(as_json.output)
    [session] = data["sessions"]
    assert session["hands"] == 3 and Path(session["history_path"]).is_file()
    assert sum(session["net"]) == 0
    assert data["folder"] == str(paths.histories_dir())


def test_unreadable_summary_is_skipped(tmp_path: Path) -> None:
    folder = paths.histories_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text("{not json")
    (folder / "list.json").write_text("[]")
    assert list_sessions() == []


def test_store_without_history() -> None:
    rng = random.Random(6)
    table = random_table(rng)
    store = SessionStore.start(table, settings={}, record_history=False)
    hand = table.start_hand()
    play_one(hand, random_agent(rng))
    table.finish_hand(hand)
    store.hand_finished(table, hand)
    assert list_sessions() == []
    assert store.save_file.load().ok
