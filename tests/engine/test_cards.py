"""Cards: parsing, formatting, seeded decks, and clear errors naming the bad card."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.engine.cards import Card, Deck, format_cards, parse_card, parse_cards


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("As", 12, 3), ("Td", 8, 1), ("2c", 0, 0), ("10d", 8, 1), ("qh", 10, 2), ("K♠", 11, 3)],
)
def test_parse(text: str, rank: int, suit: int) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card(text) == card and Card(int(card)) == card


def test_format_plain_unicode_and_ascii() -> None:
    cards = parse_cards("As Td 2c")
    assert format_cards(cards) == "AsTd2c"
    assert format_cards(cards, pretty=True) == "A♠ 10♦ 2♣"
    assert format_cards(cards, pretty=True, ascii_only=True) == "As Td 2c"
    assert str(parse_card("10h")) == "Th" and repr(parse_card("Ah")) == "Card('Ah')"


def test_parse_many_ways() -> None:
    expected = parse_cards(["As", "Kd", "Th"])
    assert parse_cards("AsKd10h") == expected
    assert parse_cards("As, Kd Th") == expected
    assert parse_cards("AsKdTh", count=3) == expected


@pytest.mark.parametrize(
    ("text", "count", "named"),
    [
        ("Zx", None, "Zx"),
        ("As Ax", None, "Ax"),
        ("AsKsAs", None, "As"),
        ("AsKs", 3, "expected 3 cards, got 2: As Ks"),
        ("1s", None, "1s"),
    ],
)
def test_bad_input_names_the_card(text: str, count: int | None, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        parse_cards(text, count=count)


def test_card_index_out_of_range() -> None:
    with pytest.raises(ValueError):
        Card(52)


def test_seeded_deck_deals_the_same_cards() -> None:
    first, second, other = Deck(7), Deck(7), Deck(8)
    dealt = first.deal(10)
    assert dealt == second.deal(10)
    assert dealt != other.deal(10)
    assert len(set(dealt) | set(first.deal(42))) == 52
    assert first.remaining == 0
    with pytest.raises(ValueError):
        first.deal(1)


def test_deck_without_known_cards() -> None:
    known = parse_cards("AsKs")
    deck = Deck(1, exclude=known)
    rest = deck.deal(50)
    assert not set(rest) & set(known)


def test_help_lists_the_subcommands() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in ("play", "bench", "replay", "rules", "simulate", "history"):
        assert name in result.output


def test_python_dash_m_runs_the_same_cli() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "holdem_tui", "--help"], capture_output=True, text=True, check=True
    )
    assert "replay" in out.stdout


def test_unknown_flag_gets_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["play", "--colour", "red"])
    assert result.exit_code == 2
    assert "No such option" in result.output
