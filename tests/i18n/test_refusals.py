"""Every reason the engine can give for refusing a move reads in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import holdem_tui.engine as engine_package
from holdem_tui.engine.actions import IllegalAction
from holdem_tui.i18n import LANGUAGES, Translator
from holdem_tui.session.narrate import refusal_text
from tests.support.scripted import holdem

SOURCES = sorted(Path(engine_package.__path__[0]).glob("*.py"))
REASONS = sorted(
    {m for path in SOURCES for m in re.findall(r'IllegalAction\(\s*"(\w+)"', path.read_text())}
)


def test_the_engine_has_reasons_to_check() -> None:
    assert {"below_min", "not_reopened", "too_many_discards", "raise_cap"} <= set(REASONS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", REASONS)
def test_every_reason_has_a_message(lang: str, reason: str) -> None:
    tr = Translator(lang)
    exc = IllegalAction(reason, "x", min=1500, max=3000, card="As", amount=5, count=3)
    text = refusal_text(tr, exc)
    assert text and "error.action" not in text and "{" not in text


def test_a_refused_raise_names_the_minimum_in_the_players_language() -> None:
    hand = holdem([5000, 5000, 5000], ["2c3d", "4c5d", "6c7d"], blinds=(500, 1000))
    with pytest.raises(IllegalAction) as refused:
        hand.raise_to(1200)
    assert refusal_text(Translator("en"), refused.value) == "Below the minimum of 2,000"
    assert refusal_text(Translator("hr"), refused.value) == "Ispod najmanjeg iznosa od 2.000"


def test_the_discard_limit_is_counted_in_each_language() -> None:
    exc = IllegalAction("too_many_discards", "x", count=3)
    assert refusal_text(Translator("hr"), exc) == "Možete zamijeniti najviše 3 karte"
    assert refusal_text(Translator("fi"), exc) == "Voit vaihtaa enintään 3 korttia"
    one = IllegalAction("too_many_discards", "x", count=1)
    assert refusal_text(Translator("hr"), one) == "Možete zamijeniti najviše 1 kartu"
