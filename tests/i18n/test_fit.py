"""The table's one-line texts fit one row of an 80-column terminal, in every language, always.

The room test (:mod:`tests.ui.test_screen_room`) reads real screens, but a real deal shows one
hand name at a time; here every name the evaluator can give is put into the status line with
4-digit amounts, and every coach line is filled with its widest numbers, so no hand, price or
language can make them wrap (issue 29: the draw prompt took 80-101 columns; "Jij bent aan de
beurt" with a full house and a 4-digit call took 85).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import evaluate
from holdem_tui.i18n import LANGUAGES, Translator, get_translator

#: the status line and the coach have one cell of padding each side at 80 columns
ROW = 78
#: the widest amount the issue asks for, and the widest percentages and cards a line can hold
AMOUNT = 9_999
PERCENT = 100
CARDS = "10♦ 10♣ 10♥"
SEP = " · "  # how the status line joins its parts (session/present.py)


def every_hand_name(tr: Translator) -> Iterator[str]:
    """Every name a made hand can have: one five-card hand per rank multiset, and a flush
    of each set of five ranks (a best five of seven is one of these)."""
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        # copies of a rank in different suits; five different ranks in four suits: no flush
        distinct = sorted(set(ranks))
        hand = [
            Card(rank * 4 + (ranks[:i].count(rank) + distinct.index(rank)) % 4)
            for i, rank in enumerate(ranks)
        ]
        found = evaluate(hand)
        yield tr.hand_name(found.name_key, found.name_ranks)
        if len(set(ranks)) == 5:
            flush = evaluate([Card(rank * 4) for rank in ranks])
            yield tr.hand_name(flush.name_key, flush.name_ranks)


def status_lines(tr: Translator) -> Iterator[str]:
    """The status line above the action bar in each state, with every hand name in it."""
    amount = tr.number(AMOUNT)
    for name in set(every_hand_name(tr)):
        hand = tr.t("table.your_hand", hand=name)
        yield SEP.join([tr.t("table.your_turn"), hand, tr.t("table.to_call_amount", amount=amount)])
        for count in (1, 2, 3):
            yield SEP.join([hand, tr.plural("draw.instructions", count)])
        yield SEP.join([hand, tr.t("draw.selected", cards=CARDS)])


def notices(tr: Translator) -> Iterator[str]:
    """What takes the status line's place when a key is refused."""
    for key in sorted(tr.keys()):
        if key.startswith("error.action.") or key == "draw.too_many":
            params = {"min": tr.number(AMOUNT), "max": tr.number(AMOUNT), "card": "10♦"}
            yield tr.plural(key, 3, **params) if tr.is_plural(key) else tr.t(key, **params)


def coach_lines(tr: Translator) -> Iterator[str]:
    """Every coach line with its widest numbers, cards and words."""
    goals = [tr.t(k) for k in sorted(tr.keys()) if k.startswith("coach.goal.")]
    goal = max(goals, key=cell_len)
    draws = [tr.t(f"coach.draw_name.{n}") for n in ("flush", "open_ended", "overcards")]
    numbers = {
        "equity": PERCENT,
        "need": PERCENT,
        "chance": PERCENT,
        "pot": tr.number(AMOUNT),
        "call": tr.number(AMOUNT),
        "amount": tr.number(AMOUNT),
        "cards": CARDS,
        "goal": goal,
    }
    for count in (1, 2, 8):
        yield tr.plural("coach.equity", count, equity=PERCENT)
    for count in (15, 21):  # all three draws at once: 15 to 21 outs, at most 70% by the river
        yield f"{' + '.join(draws)}: {tr.plural('coach.outs', count, chance=99)}"
    for key in sorted(tr.keys()):
        if key.startswith("coach.") and not tr.is_plural(key):
            text = tr.t(key, **numbers)
            yield "► " + text if key in ("coach.draw_option", "coach.stand_pat") else text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lines", [status_lines, notices, coach_lines])
def test_one_line_texts_fit_80_columns(lang: str, lines: object) -> None:
    tr = get_translator(lang)
    made = list(lines(tr))  # type: ignore[operator]
    assert made, "nothing was checked"
    too_wide = sorted({line for line in made if cell_len(line) > ROW}, key=cell_len)
    assert not too_wide, f"{len(too_wide)} wider than {ROW}, the widest:\n" + "\n".join(
        f"{cell_len(line)}: {line}" for line in too_wide[-5:]
    )


def test_every_hand_name_is_made() -> None:
    """The enumeration above reaches every category, so the widest names are among them."""
    names = set(every_hand_name(get_translator("en")))
    for word in ("high", "Pair of", "Two pair", "Three of a kind", "Straight,", "Flush,"):
        assert any(word in name for name in names), word
    for word in ("Full house", "Four of a kind", "Straight flush", "Royal flush"):
        assert any(word in name for name in names), word
    assert "Full house, deuces full of threes" in names
    assert "Two pair, threes and deuces" in names and "Two pair, deuces and threes" not in names
