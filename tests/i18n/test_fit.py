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
from string import Formatter

import pytest
from rich.cells import cell_len

from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import evaluate
from holdem_tui.i18n import LANGUAGES, Translator, get_translator, load_messages

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


def _widest(tr: Translator, prefix: str) -> str:
    """The widest of the texts whose keys start with ``prefix`` (the coach's seat phrases)."""
    keys = sorted(key for key in tr.keys() if key.startswith(prefix))  # noqa: SIM118
    return max((tr.t(key) for key in keys), key=cell_len, default="")


def coach_lines(tr: Translator) -> Iterator[str]:
    """Every coach line with its widest numbers, cards and words: each placeholder of each
    template gets the widest value it can take (an amount where nothing narrower is known),
    so a line added later is measured too."""
    # overcards are named only without another draw (coach/outs.py): two draws at most
    draws = [tr.t(f"coach.draw_name.{n}") for n in ("flush", "open_ended")]
    overcards = max((tr.t(f"coach.draw_name.{n}") for n in ("overcard", "overcards")), key=cell_len)
    widest: dict[str, object] = {
        "equity": PERCENT,
        "need": PERCENT,
        "chance": PERCENT,
        "icm": 99,  # an all-in call's price, by the prizes and by the chips: under 100%
        "chips": 99,
        "range": PERCENT,
        "cards": CARDS,
        "hand": "AKo",  # a starting hand in a push-or-fold chart
        "count": 20,  # big blinds where the tournament coach speaks
        "goal": _widest(tr, "coach.goal."),
        "seat": _widest(tr, "coach.seat."),
    }
    templates = load_messages(tr.lang)
    for key in sorted(tr.keys()):
        if not key.startswith("coach.") or key.startswith(("coach.goal.", "coach.seat.")):
            continue
        message = templates.get(key, load_messages("en").get(key, ""))
        sample = next(iter(message.values())) if isinstance(message, dict) else message
        names = {name for _, name, _, _ in Formatter().parse(sample) if name}
        params = {n: widest.get(n, tr.number(AMOUNT)) for n in names if n != "count"}
        if key == "coach.outs":  # a flush and a straight draw at once: 15 outs, 54% by the river
            for count in (15, 21):
                yield f"{' + '.join(draws)}: {tr.plural(key, count, chance=99)}"
            for count in (3, 6):
                yield f"{overcards}: {tr.plural(key, count, chance=99)}"
        elif tr.is_plural(key):
            for count in (1, 2, 8):
                yield tr.plural(key, count, **params)
        else:
            text = tr.t(key, count=widest["count"], **params)
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
