"""The coach: numbers against exact enumeration and hand-made spots, from the view only."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from holdem_tui.bots import make_bot
from holdem_tui.bots.holdem_hard import HoldemHard
from holdem_tui.bots.reads import opponents_in_hand
from holdem_tui.coach import advise
from holdem_tui.coach.advice import COACH_SEED, range_equity, read_ranges
from holdem_tui.coach.draw_odds import draw_options, improve_chance
from holdem_tui.coach.outs import chance_by_river
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.decision import as_decision
from holdem_tui.engine.equity import equity, exact_outcomes
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.ranges import Range
from holdem_tui.engine.view import PlayerView
from tests.support import scripted


def _to_flop(hand: Hand) -> PlayerView:
    """Everyone calls or checks until a board is out and position 0 is to act."""
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        if view.board and actor == 0:
            return view
        legal = view.legal
        assert legal is not None
        hand.act(Action.call() if legal.call_amount else Action.check(), actor)
    raise AssertionError("the hand ended before the flop")


def test_flush_draw_on_the_flop_has_nine_outs() -> None:
    hand = scripted.holdem([200, 200, 200], ["Ah9h", "QsQd", "8c8d"], ["Kh7h2c", "3s", "4d"])
    advice = advise(_to_flop(hand))
    assert advice.outs is not None
    assert advice.outs.names == ("flush",)
    assert advice.outs.outs == 9
    assert advice.outs.chance == pytest.approx(1 - (38 * 37) / (47 * 46))
    assert round(100 * advice.outs.chance) == 35


def test_flush_and_open_ended_count_each_card_once() -> None:
    hand = scripted.holdem([200, 200], ["9h8h", "AsAd"], ["Th7h2c", "3s", "4d"])
    advice = advise(_to_flop(hand))
    assert advice.outs is not None
    assert advice.outs.names == ("flush", "open_ended")
    assert advice.outs.outs == 15


def test_chance_by_river_on_the_turn_is_outs_over_unseen() -> None:
    assert chance_by_river(9, 46, 1) == pytest.approx(9 / 46)
    assert chance_by_river(0, 47, 2) == 0.0


def test_top_pair_against_a_set_on_the_river_is_zero_or_one() -> None:
    board = parse_cards("Kc7h2s9d3c")
    set_of_sevens = Range.parse("7c7d")
    assert range_equity(parse_cards("AsKd"), [set_of_sevens], board) == 0.0
    top_pair = Range.parse("AsKd")
    assert range_equity(parse_cards("7c7d"), [top_pair], board) == 1.0


def test_pot_odds_and_break_even() -> None:
    hand = scripted.holdem([200, 200], ["Ah9h", "QsQd"], ["Kh7h2c", "3s", "4d"])
    view = _to_flop(hand)
    hand.act(Action.bet(6), 0)
    view = hand.view(1)
    advice = advise(view)
    assert advice.call == 6
    assert advice.pot == view.total_pot
    assert advice.break_even == pytest.approx(6 / (view.total_pot + 6))


def _spots(street_cards: tuple[int, ...], count: int) -> list[PlayerView]:
    """Real decisions of hard bots with a board of one of the given sizes."""
    bots = [make_bot("hard", seat) for seat in range(6)]
    found: list[PlayerView] = []
    for number in range(60):
        hand = HoldemHand(holdem_config([1000] * 6, 5, 10, hand_number=number + 1), Dealer(number))
        while not hand.is_complete and len(found) < count:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            if len(view.board) in street_cards and opponents_in_hand(view):
                found.append(view)
            hand.act(as_decision(bots[actor].decide(view)).action, actor)
        if len(found) >= count:
            break
    return found


@pytest.mark.slow
@pytest.mark.parametrize("board_size", [4, 5])
def test_equity_within_a_point_of_exact_enumeration(board_size: int) -> None:
    checked = 0
    for view in _spots((board_size,), 12):
        ranges = read_ranges(view, opponents_in_hand(view))
        known = (*view.my_cards, *view.board)
        if exact_outcomes(view.my_cards, [r.without(known) for r in ranges], view.board, ()) > 3e6:
            continue
        exact = equity(view.my_cards, ranges, view.board, exact=True).equity
        assert abs(advise(view).equity - exact) <= 0.01
        checked += 1
    assert checked >= 5


def test_monte_carlo_multiway_within_a_point_of_exact() -> None:
    hero, board = parse_cards("Qh Jh"), parse_cards("Th 9c 2h 5s 8d")
    ranges = [Range.top(8), Range.top(10)]
    exact = equity(hero, ranges, board, exact=True).equity
    coach = range_equity(hero, ranges, board)
    assert abs(coach - exact) <= 0.01


def test_coach_reads_the_view_only() -> None:
    """Two deals that differ only in cards the human cannot see: identical advice."""
    runs = []
    for villains in (("QsQd", "8c8d"), ("2s3d", "AdKs")):
        hand = scripted.holdem([200, 200, 200], ["Ah9h", *villains], ["Kh7h2c", "5s", "4d"])
        view = _to_flop(hand)
        advise.cache_clear()
        runs.append((view, advise(view)))
    (view_a, advice_a), (view_b, advice_b) = runs
    assert view_a == view_b
    assert advice_a == advice_b


def test_coach_reads_heads_up_ranges_as_the_hard_bot_tracks_them() -> None:
    """Heads-up after the flop the coach's range is the hard bot's tracked one (read by
    ``HoldemHard.ranges`` from the same view), and the cards the human cannot see do not
    change it."""
    readings = []
    for villain in ("QsQd", "2s3d"):
        hand = scripted.holdem([200, 200], ["Ah9h", villain], ["Kh7h2c", "5s", "4d"])
        view = _to_flop(hand)
        opponents = opponents_in_hand(view)
        coach = read_ranges(view, opponents)
        bot = HoldemHard(random.Random(COACH_SEED)).ranges(view, opponents)
        assert len(coach) == len(bot) == 1
        assert np.array_equal(coach[0].combos, bot[0].combos)
        assert np.array_equal(coach[0].weights, bot[0].weights)
        readings.append(coach[0])
    assert np.array_equal(readings[0].combos, readings[1].combos)
    assert np.array_equal(readings[0].weights, readings[1].weights)


def test_same_view_same_advice() -> None:
    view = _spots((3,), 1)[0]
    first = advise.__wrapped__(view)
    assert advise.__wrapped__(view) == first


def test_hard_bot_line_is_legal() -> None:
    for view in _spots((0, 3, 4, 5), 20):
        line = advise(view).hard_bot
        legal = view.legal
        assert legal is not None
        if line.kind is ActionKind.FOLD:
            assert legal.call_amount > 0
        if line.amount is not None:
            assert legal.min_raise_to <= line.amount <= legal.max_raise_to


@pytest.mark.parametrize(
    ("cards", "discards", "goal", "chance"),
    [
        ("9s9hKd7c2h", "Kd7c2h", Category.TWO_PAIR, 0.2871),
        ("Kh9h6h2h8c", "8c", Category.FLUSH, 9 / 47),
        ("8c9dTsJh2c", "2c", Category.STRAIGHT, 8 / 47),
        ("QsQdJcJh3s", "3s", Category.FULL_HOUSE, 4 / 47),
        ("7s7d7c2h4d", "2h4d", Category.FULL_HOUSE, 0.1036),
    ],
)
def test_draw_chances_match_the_known_odds(
    cards: str, discards: str, goal: Category, chance: float
) -> None:
    hand, thrown = parse_cards(cards), parse_cards(discards)
    assert improve_chance(hand, thrown, goal) == pytest.approx(chance, abs=5e-4)
    options = draw_options(hand)
    best = options[0]
    assert best.coach and set(best.discards) == set(thrown)
    assert best.goal == goal


def test_draw_chance_is_exact_enumeration() -> None:
    hand = parse_cards("9s9hKd7c2h")
    hits = sum(
        1
        for extra in __import__("itertools").combinations(
            [c for c in range(52) if c not in hand], 3
        )
        if len({c >> 2 for c in (*hand[:2], *extra)}) <= 3
    )
    assert improve_chance(hand, hand[2:], Category.TWO_PAIR) == pytest.approx(
        hits / math.comb(47, 3)
    )


def test_draw_advice_names_the_throw() -> None:
    view = _draw_decision()
    advice = advise(view)
    assert advice.throw == parse_cards("8c")
    assert advice.draw_options[0].goal == Category.FLUSH
    assert advice.hard_bot.kind is ActionKind.DRAW
    assert 0.0 <= advice.equity <= 1.0


def test_no_decision_no_advice() -> None:
    hand = scripted.holdem([200, 200], ["Ah9h", "QsQd"])
    other = 1 - (hand.actor or 0)
    with pytest.raises(ValueError):
        advise(hand.view(other))


@pytest.mark.parametrize("lang", ["en", "hr", "fi", "nl"])
def test_coach_lines_in_every_language(lang: str) -> None:
    from holdem_tui.coach.text import coach_lines
    from holdem_tui.i18n import get_translator

    tr = get_translator(lang)
    hand = scripted.holdem([200, 200, 200], ["Ah9h", "QsQd", "8c8d"], ["Kh7h2c", "3s", "4d"])
    _to_flop(hand)
    hand.act(Action.bet(6), 0)
    hand.act(Action.raise_to(20), 1)
    lines = coach_lines(advise(hand.view(2)), tr)
    joined = "\n".join(lines)
    assert "coach." not in joined  # every key found
    assert str(_pct_of(advise(hand.view(2)).equity)) in lines[0]
    assert len(lines) >= 3
    draw_view = _draw_decision()
    draw_lines = coach_lines(advise(draw_view), tr)
    assert any("8♣" in line and "19" in line for line in draw_lines)
    if lang == "en":
        assert lines[0].startswith("Equity") and "vs 2 players' ranges" in lines[0]
        assert "a call needs" in lines[1]
        assert draw_lines[-1].startswith("Hard bot throws 8♣ — ")


def _pct_of(share: float) -> int:
    return round(100 * share)


def _draw_decision() -> PlayerView:
    hand = scripted.draw([100, 100], ["Kh9h6h2h8c", "AsAdKcQdJd"])
    while True:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        legal = view.legal
        assert legal is not None
        if actor == 0 and legal.can_draw:
            return view
        hand.act(Action.call() if legal.call_amount else Action.check(), actor)


def test_outs_line_reads_like_a_coach() -> None:
    from holdem_tui.coach.text import coach_lines
    from holdem_tui.i18n import get_translator

    hand = scripted.holdem([200, 200, 200], ["Ah9h", "QsQd", "8c8d"], ["Kh7h2c", "3s", "4d"])
    lines = coach_lines(advise(_to_flop(hand)), get_translator("en"))
    assert "Flush draw: 9 outs, about 35% by the river" in lines


# ------------------------------------------------- issue 25 item 8: the bot's own words


def _mixed_table_spot(number: int, seat: int, equity: int, need: int) -> PlayerView:
    """The decision of ``seat`` in seeded hand ``number`` of a six-seat table of hard,
    normal and easy bots where the coach's numbers read ``equity``% against ``need``%."""
    levels = ("hard", "normal", "easy") * 2
    bots = [make_bot(levels[s], s) for s in range(6)]
    hand = HoldemHand(holdem_config([1000] * 6, 5, 10, hand_number=number + 1), Dealer(number))
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        if actor == seat and view.legal is not None and view.legal.call_amount:
            advice = advise(view)
            if (_pct_of(advice.equity), _pct_of(advice.break_even or 0.0)) == (equity, need):
                return view
        hand.act(as_decision(bots[actor].decide(view)).action, actor)
    raise AssertionError(f"no {equity}%/{need}% spot for seat {seat} in hand {number}")


@pytest.mark.parametrize(
    ("number", "seat", "equity", "need", "kind"),
    [
        # "Hard bot folds — 33% is short of the 33% a call needs" (a spot of hand 0 until
        # the Monte Carlo's deal changed, issue 30; now "23% ... 23%" in hand 21)
        (21, 2, 23, 23, ActionKind.FOLD),
        # "Hard bot folds — 26% is short of the 24% a call needs" (as "27% … 23%")
        (2, 2, 26, 24, ActionKind.FOLD),
        # "Hard bot calls — 19% vs ranges, a call needs 29%"
        (5, 5, 19, 29, ActionKind.CALL),
    ],
)
def test_bot_line_says_the_bots_decision_with_its_own_reason(
    number: int, seat: int, equity: int, need: int, kind: ActionKind
) -> None:
    """The quoted contradictions: the coach's numbers say one thing, the hard bot does the
    other. The line gives the bot's decision and the reason the bot gave for it, whose own
    numbers agree with what it does."""
    from holdem_tui.coach.reasons import reason_text
    from holdem_tui.coach.text import coach_lines
    from holdem_tui.i18n import get_translator

    tr = get_translator("en")
    view = _mixed_table_spot(number, seat, equity, need)
    bot = advise(view).hard_bot
    assert bot.kind is kind
    decided = as_decision(make_bot("hard", COACH_SEED).decide(view))
    assert decided.action.kind is kind and bot.reason == decided.reason
    assert bot.reason is not None
    line = coach_lines(advise(view), tr)[-1]
    verb = "folds" if kind is ActionKind.FOLD else "calls"
    assert line == f"Hard bot {verb} — {reason_text(bot.reason, tr)}"
    # the bot's numbers, not the coach's, and they agree with the bot's move
    assert f"{equity}% is short" not in line and f"needs {need}%" not in line
    own = bot.reason.values
    mine, bar = _pct_of(float(own["equity"])), _pct_of(float(own["need"]))
    assert mine <= bar if kind is ActionKind.FOLD else mine >= bar


def _hard_decisions(variant: str, hands: int) -> list[tuple[ActionKind, dict[str, object]]]:
    """Every decision of six (draw: five) hard bots over ``hands`` seeded hands."""
    from holdem_tui.engine.draw import DrawHand, draw_config

    seats = 6 if variant == "holdem" else 5
    found: list[tuple[ActionKind, dict[str, object]]] = []
    for number in range(hands):
        bots = [make_bot("hard", s) for s in range(seats)]
        if variant == "holdem":
            config = holdem_config([1000] * seats, 5, 10, hand_number=number + 1)
            hand: Hand = HoldemHand(config, Dealer(number))
        else:
            hand = DrawHand(
                draw_config([1000] * seats, 5, 10, hand_number=number + 1), Dealer(number)
            )
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            decision = as_decision(bots[actor].decide(hand.view(actor)))
            if decision.reason is not None:
                found.append((decision.action.kind, dict(decision.reason.values)))
            hand.act(decision.action, actor)
    return found


@pytest.mark.parametrize(("variant", "hands"), [("holdem", 40), ("draw", 60)])
def test_hard_bots_reasons_agree_with_what_they_do(variant: str, hands: int) -> None:
    """A reason that names the equity and what a call needs never folds with more than it
    needs, nor calls with less (as shown: whole percents). Before, the preflop fold after
    equity realisation and the draw's fold below its own bar said e.g. "55% vs 1 range, pot
    odds 33%" and folded."""
    checked = 0
    for kind, values in _hard_decisions(variant, hands):
        if "equity" not in values or "need" not in values:
            continue
        mine, bar = _pct_of(float(values["equity"])), _pct_of(float(values["need"]))  # type: ignore[arg-type]
        if kind is ActionKind.FOLD:
            assert mine <= bar, values
            checked += 1
        elif kind is ActionKind.CALL:
            assert mine >= bar, values
            checked += 1
    assert checked >= 20


def test_coach_writes_cards_as_the_table_does() -> None:
    from holdem_tui.coach.text import coach_lines
    from holdem_tui.i18n import get_translator

    hand = scripted.draw([100, 100], ["Kh9h6h2hTc", "AsAdKcQdJd"])
    while True:
        actor = hand.actor
        assert actor is not None
        legal = hand.view(actor).legal
        assert legal is not None
        if actor == 0 and legal.can_draw:
            break
        hand.act(Action.call() if legal.call_amount else Action.check(), actor)
    lines = coach_lines(advise(hand.view(0)), get_translator("en"))
    assert any("Throw 10♣" in line for line in lines), lines
    assert "Hard bot throws 10♣ — " in lines[-1]
    assert not any("T♣" in line for line in lines)


@pytest.mark.parametrize(
    ("hole", "board", "line"),
    [
        ("Ad4c", "Jc7d2h", "One overcard: 3 outs"),
        ("AdKc", "Jc7d2h", "Two overcards: 6 outs"),
    ],
)
def test_overcards_count_three_outs_each(hole: str, board: str, line: str) -> None:
    from holdem_tui.coach.text import coach_lines
    from holdem_tui.i18n import get_translator

    hand = scripted.holdem([200, 200, 200], [hole, "QsQd", "8c8d"], [board, "3s", "4d"])
    lines = coach_lines(advise(_to_flop(hand)), get_translator("en"))
    assert any(text.startswith(line) for text in lines), lines
