"""Bots that explain: a reason on every easy, normal and hard decision, in four languages, kept
with the hand and in its history, and a plugin's reason read as hostile input."""

from __future__ import annotations

import logging
import math
import random
import textwrap
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory

from holdem_tui.bots import SafeBot, make_bot, safe_decide
from holdem_tui.bots.explain import (
    BB,
    COUNT,
    NUM,
    PCT,
    REASONS,
    TOP,
    WORDS,
    because,
    catalogue_problem,
    foreign_reason,
)
from holdem_tui.bots.faults import FaultKind
from holdem_tui.bots.safety import checked_reason
from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import (
    MAX_TEXT,
    OWN_WORDS,
    Decision,
    Reason,
    as_decision,
    reason_from_data,
    reason_problem,
    reasons_from_data,
    reasons_to_data,
)
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.history.phh import decision_lines, loads
from holdem_tui.history.phh_replay import replay
from holdem_tui.history.phh_write import dumps
from holdem_tui.i18n import LANGUAGES, get_translator
from holdem_tui.review.text import reason_text
from holdem_tui.session.controller import Session
from holdem_tui.session.turns import decide, play_bot
from holdem_tui.storage.autosave import SaveFile
from holdem_tui.storage.histories import list_sessions, read_history
from holdem_tui.storage.session import SessionStore
from holdem_tui.wire import WireError, decode_reason, encode_action, encode_reason
from tests.support.hang import HANG_GUARD
from tests.support.pokerkit_oracle import pokerkit_difference
from tests.support.random_hands import DEEP, random_hand


def _sample(kind: str) -> object:
    return {PCT: 0.37, TOP: 0.004, NUM: 1500, COUNT: 2, BB: -1.25}.get(kind, "top_pair")


# ---------------------------------------------------------------- built-in reasons


#: the quick tier plays the two fast levels; the hard level's Monte Carlo makes its case slow
LEVEL_CASES = [
    pytest.param(("easy", "normal"), 160, id="easy-normal"),
    pytest.param(("easy", "normal", "hard"), 60, id="with-hard", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("levels", "hands"), LEVEL_CASES)
@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_every_easy_normal_and_hard_decision_has_a_reason_in_four_languages(
    game: str, levels: tuple[str, ...], hands: int, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(f"reasons-{game}-{len(levels)}")
    translators = [get_translator(lang) for lang in LANGUAGES]
    keys: set[str] = set()
    decisions = 0
    with caplog.at_level(logging.WARNING):
        for number in range(1, hands + 1):
            hand = random_hand(game, rng, number, DEEP)
            bots = [make_bot(rng.choice(levels), rng.randrange(10**6)) for _ in range(hand.n)]
            while not hand.is_complete:
                actor = hand.actor
                assert actor is not None
                decision = bots[actor].decide(hand.view(actor))
                assert isinstance(decision, Decision) and decision.reason is not None
                assert catalogue_problem(decision.reason) is None, decision
                keys.add(decision.reason.key)
                for tr in translators:
                    text = reason_text(decision.reason, tr)
                    assert text and "{" not in text and not text.startswith("reason."), text
                hand.act(decision.action, actor)
                decisions += 1
    assert not [r for r in caplog.records if r.name.startswith("holdem_tui")], caplog.text
    assert decisions > 6 * hands
    assert len(keys) >= 12, keys  # the hands reach most of the reasons, not one catch-all


def test_reasons_leave_the_decisions_unchanged() -> None:
    """A reason is built from the numbers the strategy used, after using them: the same seed
    still plays the same actions (no random number drawn for a reason)."""
    for level in ("easy", "normal", "hard"):
        for game in ("holdem", "draw"):
            rng = random.Random(7)
            hand = random_hand(game, rng, 1, DEEP)
            bot = make_bot(level, 11)
            twin = make_bot(level, 11)
            while not hand.is_complete:
                actor = hand.actor
                assert actor is not None
                view = hand.view(actor)
                first, second = bot.decide(view), twin.decide(view)
                assert first == second
                hand.act(as_decision(first).action, actor)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_and_word_reads_in_every_language(
    lang: str, caplog: pytest.LogCaptureFixture
) -> None:
    tr = get_translator(lang)
    with caplog.at_level(logging.WARNING):
        for key, spec in REASONS.items():
            for count in (1, 2, 5, 21):
                params = {
                    name: (count if kind == COUNT else _sample(kind)) for name, kind in spec.items()
                }
                reason = Reason.of(key, **params)  # type: ignore[arg-type]
                assert catalogue_problem(reason) is None
                text = reason_text(reason, tr)
                assert "{" not in text and text != f"reason.{key}", (lang, key, text)
        for word in WORDS:
            assert tr.t(f"reason.word.{word}") != f"reason.word.{word}"
    assert not caplog.records, caplog.text


def test_numbers_are_formatted_as_the_language_writes_them() -> None:
    reason = because(Action.call(), "made_price_ok", made="top_pair", call=1500, pot=12000).reason
    assert reason is not None
    assert (
        reason_text(reason, get_translator("en"))
        == "top pair: 1,500 to call into 12,000 is a fair price"
    )
    assert "1.500" in reason_text(reason, get_translator("hr"))
    assert "1\xa0500" in reason_text(reason, get_translator("fi"))
    share = because(Action.fold(), "est_fold", equity=0.314, need=0.25, count=2).reason
    assert share is not None
    assert reason_text(share, get_translator("en")) == (
        "about 31% against 2 players, short of the 25% the price needs"
    )
    assert "31 %" in reason_text(share, get_translator("fi"))
    best = because(Action.raise_to(30), "chart_raise", top=0.0045, range=0.12).reason
    assert best is not None
    assert reason_text(best, get_translator("en")).startswith("top 1% hand")  # never "top 0%"


def test_the_hard_bots_reasons_state_its_expected_values_signed_in_each_language() -> None:
    """The hard level's reasons name the numbers it weighed: equity against the range it
    read, the price, the fold rate a bet counted on and the expected value in big blinds,
    always signed and to one decimal, as each language writes decimals."""
    bet = because(Action.bet(40), "ev_bet", equity=0.41, fold=0.55, ev=1.44).reason
    assert bet is not None
    assert reason_text(bet, get_translator("en")) == (
        "expected value +1.4 BB: the opponent folds 55% of the time, and this hand has 41%"
        " against its range"
    )
    assert "+1,4 BB" in reason_text(bet, get_translator("hr"))
    assert "+1,4 BB" in reason_text(bet, get_translator("nl"))
    fold = because(Action.fold(), "ev_fold", equity=0.22, ev=-0.34).reason
    assert fold is not None and "-0.3 BB" in reason_text(fold, get_translator("en"))
    assert "-0,3 BB" in reason_text(fold, get_translator("fi"))
    example = because(Action.raise_to(60), "range_equity", equity=0.62, count=2, need=0.25)
    assert example.reason is not None
    assert reason_text(example.reason, get_translator("en")) == "62% vs 2 ranges, pot odds 25%"
    huge = Reason.of("ev_call", equity=0.5, need=0.2, ev=1e9)
    assert catalogue_problem(huge) is not None  # beyond any stack: not ours


def test_the_hard_bot_gives_the_expected_value_reasons_heads_up() -> None:
    """Heads-up the hard bot decides by expected value, and its reasons say so."""
    keys: set[str] = set()
    for number in range(1, 41):
        hand = HoldemHand(holdem_config([1000, 1000], 5, 10, hand_number=number), Dealer(number))
        bots = [make_bot("hard", 1), make_bot("hard", 2)]
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            decision = as_decision(bots[actor].decide(hand.view(actor)))
            assert decision.reason is not None and catalogue_problem(decision.reason) is None
            keys.add(decision.reason.key)
            hand.act(decision.action, actor)
    assert {"ev_bet", "ev_fold", "ev_call"} <= keys, keys


def test_a_malformed_reason_of_ours_is_dropped_not_the_action(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Sloppy:
        name = "sloppy"

        def decide(self, view: object) -> Decision:
            return Decision(Action.fold(), Reason.of("est_call", equity=2.5))

    view = HoldemHand(holdem_config([100, 100], 1, 2), Dealer(1)).view(1)
    with caplog.at_level(logging.WARNING, logger="holdem_tui.bots"):
        decision, fault = safe_decide(Sloppy(), view, timeout=None)
    assert fault is None and decision == Decision(Action.fold(), None)
    assert "malformed reason" in caplog.text


# ---------------------------------------------------------------- hostile reasons


def test_a_plugin_reason_is_its_own_words_never_our_message() -> None:
    ours = Reason.of("chart_raise", top=0.01, range=0.5)
    words = checked_reason(ours, plugin=True)
    assert words is not None and words.key == OWN_WORDS
    text = reason_text(words, get_translator("en"))
    assert "top 1% hand" not in text and text.startswith("chart_raise")
    # text: control characters gone, one line, cut with an ellipsis
    hostile = checked_reason("\x1b[2J\x1b[31mALL IN\x1b[0m\n" + "x" * 5000, plugin=True)
    assert hostile is not None and hostile.text is not None
    assert "\x1b" not in hostile.text and "\n" not in hostile.text
    assert len(hostile.text) == MAX_TEXT and hostile.text.endswith("…")
    # what is not a reason is no reason
    for junk in (object(), 42, b"bytes", ["a"], "", "\x00\x01", Reason(key=3, params="x")):  # type: ignore[arg-type]
        assert checked_reason(junk, plugin=True) is None, junk
    assert foreign_reason(object()) is None and foreign_reason("   ") is None


def test_a_reason_that_breaks_when_read_costs_only_the_reason() -> None:
    class Nasty:
        def __str__(self) -> str:
            raise RuntimeError("no")

    class Bot:
        name = "nasty"

        def decide(self, view: object) -> Decision:
            return Decision(Action.fold(), Reason("x", (("p", Nasty()),)))  # type: ignore[arg-type]

    view = HoldemHand(holdem_config([100, 100], 1, 2), Dealer(1)).view(1)
    decision, fault = safe_decide(Bot(), view, timeout=None)
    assert fault is None and decision == Decision(Action.fold())


def test_an_in_process_reason_that_is_not_ours_is_shown_in_its_own_words() -> None:
    assert checked_reason(Reason.of("my_idea", edge=0.2), plugin=False) == Reason.own_words(
        "my_idea (edge=0.2)"
    )
    assert checked_reason("plain words", plugin=False) == Reason.own_words("plain words")
    ours = Reason.of("bluff", chance=0.04)
    assert checked_reason(ours, plugin=False) == ours


PLUGIN = '''
from holdem_tui.engine.decision import Decision, Reason


class Spoofer:
    """Claims one of the game's own messages, with made-up numbers."""

    def decide(self, view):
        return Decision(view.legal.passive_action(), Reason.of("chart_raise", top=0.01, range=1.0))


class Shouter:
    def decide(self, view):
        return Decision(view.legal.passive_action(), "\\x1b[31m" + "WIN " * 500)


class Junk:
    def decide(self, view):
        return Decision(view.legal.passive_action(), object())


class Plain:
    def decide(self, view):
        return view.legal.passive_action()


class Nasty:
    def __str__(self):
        raise RuntimeError("no")


class Breaker:
    def decide(self, view):
        return Decision(view.legal.passive_action(), Reason("x", (("p", Nasty()),)))
'''


@pytest.fixture
def plugin_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "reasoning_plugins.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "reasoning_plugins"


@pytest.mark.slow
def test_a_plugin_process_carries_its_reason_only_as_its_own_words(plugin_module: str) -> None:
    view = HoldemHand(holdem_config([100, 100], 1, 2), Dealer(1)).view(1)
    results = {}
    for name in ("Spoofer", "Shouter", "Junk", "Plain", "Breaker"):
        bot = make_bot(f"{plugin_module}:{name}", 1)
        try:
            decision, fault = safe_decide(bot, view, timeout=HANG_GUARD)
        finally:
            SafeBot(bot).close()
        assert fault is None and decision.action == Action.fold(), (name, fault)
        results[name] = decision.reason
    spoof = results["Spoofer"]
    assert spoof is not None and spoof.key == OWN_WORDS and spoof.text is not None
    assert spoof.text.startswith("chart_raise")
    shout = results["Shouter"]
    assert shout is not None and shout.text is not None
    assert "\x1b" not in shout.text and len(shout.text) <= MAX_TEXT
    assert results["Junk"] is None and results["Plain"] is None and results["Breaker"] is None


# ---------------------------------------------------------------- the wire


def test_the_wire_carries_a_reason_and_refuses_a_bad_one() -> None:
    reason = Reason.of("est_call", count=2, equity=0.34, need=0.25)
    assert decode_reason(encode_reason(reason)) == reason
    words = Reason.own_words("my own words")
    assert decode_reason(encode_reason(words)) == words
    # actions are encoded exactly as before: a reader of version 1 never meets a reason
    assert set(encode_action(Action.call())) == {"v", "kind", "amount", "discards"}
    bad: list[object] = [
        None,
        [],
        {"key": "est_call", "params": {}},  # no version
        {"v": 2, "key": "est_call", "params": {}},
        {"v": 1, "key": "Est Call", "params": {}},
        {"v": 1, "key": "x" * 500, "params": {}},
        {"v": 1, "key": "a", "params": {f"p{i}": 1 for i in range(20)}},
        {"v": 1, "key": "a", "params": {"p": {"deep": 1}}},
        {"v": 1, "key": "a", "params": {"p": True}},
        {"v": 1, "key": "a", "params": {"p": 10**30}},
        {"v": 1, "key": "a", "params": {"p": math.inf}},
        {"v": 1, "key": "a", "params": {"p": "y" * 500}},
        {"v": 1, "key": "a", "params": {"p": "\x1b[2J"}},
        {"v": 1, "key": "a", "params": {"text": "not own words"}},
        {"v": 1, "key": OWN_WORDS, "params": {"text": 5}},
        {"v": 1, "key": "a", "params": {}, "extra": 1},
    ]
    for data in bad:
        with pytest.raises(WireError):
            decode_reason(data)


def test_reason_shape_checks() -> None:
    assert reason_problem(Reason.of("made_value", made="top_pair")) is None
    assert reason_problem(Reason("made_value", (("z", 1), ("a", 2)))) is not None  # unsorted
    assert reason_problem(Reason("made_value", (("a", 1), ("a", 2)))) is not None  # repeated
    assert reason_problem("made_value") is not None
    assert reason_from_data({"key": "bluff", "params": {"chance": 0.04}}) == Reason.of(
        "bluff", chance=0.04
    )
    table = {3: Reason.of("bluff", chance=0.04), 0: Reason.own_words("hi")}
    assert reasons_from_data(reasons_to_data(table)) == table
    for bad in (
        [[0, {}], [0, {"key": "a"}]],
        [[-1, {"key": "a"}]],
        "x",
        [[1]],
        [[True, {"key": "a"}]],
    ):
        with pytest.raises(ValueError):
            reasons_from_data(bad)


# ---------------------------------------------------------------- the hand history


def _explained_hand(game: str = "holdem", seed: int = 4) -> tuple[Hand, dict[int, Reason]]:
    rng = random.Random(seed)
    hand = random_hand(game, rng, 3, DEEP)
    bots = [make_bot("normal" if i % 2 else "easy", i) for i in range(hand.n)]
    reasons: dict[int, Reason] = {}
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        decision = as_decision(bots[actor].decide(hand.view(actor)))
        assert decision.reason is not None
        reasons[len(hand.actions_taken())] = decision.reason
        hand.act(decision.action, actor)
    return hand, reasons


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_reasons_round_trip_through_the_history(game: str) -> None:
    hand, reasons = _explained_hand(game)
    text = dumps(hand, reasons=reasons)
    assert "_reasons = [" in text
    [phh] = loads(text)
    assert phh.reasons_problem is None
    assert dict(phh.reasons) == reasons
    assert replay(phh).finishing_stacks == tuple(hand.stacks)
    # each entry points at the line of the decision it explains
    lines = [a for a in phh.actions if a.split()[0] != "d" and a.split()[1] != "sm"]
    assert len(lines) == len(hand.actions_taken())


def test_pokerkit_still_loads_a_history_with_reasons() -> None:
    same = 0
    for seed in range(12):
        hand, reasons = _explained_hand("holdem", seed)
        text = dumps(hand, reasons=reasons)
        assert "_reasons" in text
        # the same verdict as without reasons: pokerkit reads them as a user field
        assert pokerkit_difference(text, hand) == pokerkit_difference(dumps(hand), hand)
        same += pokerkit_difference(text, hand) == ""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = HandHistory.loads(text)
        assert history.user_defined_fields["_reasons"][0]["key"] in REASONS
    assert same >= 10


def _with_reasons(text: str, field: str) -> str:
    head, _, _ = text.partition("_reasons = [")
    return head + field + "\n"


_ONE = '{action = AT, key = "bluff", params = {chance = 0.04}}'
_HUGE = '{action = AT, key = "own_words", params = {text = "' + "x" * 9000 + '"}}'


@pytest.mark.parametrize(
    ("field", "words"),
    [
        ('_reasons = "because"', "list of tables"),
        ("_reasons = [1, 2]", "not a table"),
        ('_reasons = [{action = 0, key = "bluff", params = {chance = 0.04}}]', "player's action"),
        ('_reasons = [{action = 999, key = "bluff", params = {chance = 0.04}}]', "player's"),
        ('_reasons = [{action = AT, key = "bluff", params = {chance = inf}}]', "entry 1"),
        ('_reasons = [{action = AT, key = "bluff", params = {chance = {deep = 1}}}]', "entry 1"),
        ('_reasons = [{action = AT, key = "BLUFF!", params = {}}]', "entry 1"),
        ('_reasons = [{action = AT, key = "bluff", params = {}, evil = 1}]', "not a table"),
        (f"_reasons = [{_ONE}, {_ONE}]", "second time"),
        ("_reasons = [" + ", ".join([_ONE] * 2001) + "]", "at most"),
        (f"_reasons = [{_HUGE}]", "entry 1"),
    ],
)
def test_a_hostile_reasons_field_is_set_aside_and_the_hand_still_reads(
    field: str, words: str
) -> None:
    hand, reasons = _explained_hand("holdem", 4)
    text = dumps(hand, reasons=reasons)
    first = decision_lines(loads(text)[0].actions)[0]
    [phh] = loads(_with_reasons(text, field.replace("AT", str(first))))
    assert phh.reasons == ()
    assert phh.reasons_problem is not None and words in phh.reasons_problem
    assert "\n" not in phh.reasons_problem and len(phh.reasons_problem) < 200
    assert replay(phh).finishing_stacks == tuple(hand.stacks)


# ---------------------------------------------------------------- the session


def test_the_session_keeps_reasons_with_the_hand_and_in_its_history() -> None:
    settings = GameSettings.build(
        variant="holdem", humans=[], bots=["easy", "normal", "easy"], seed=8
    )
    session = Session(settings)
    session.start_storage()
    explained = 0
    for _ in range(4):
        hand = session.start_hand()
        while not hand.is_complete:
            seat = session.actor_seat
            assert seat is not None
            decision, _fault = safe_decide(session.bots[seat], session.bot_view(seat), None)
            index = len(hand.actions_taken())
            session.act_for_bot(seat, decision)
            assert session.reasons_of(hand)[index] == decision.reason
            explained += 1
        kept = session.reasons_of(hand)
        assert len(kept) == len(hand.actions_taken())
        session.finish_hand()
    [info] = list_sessions()
    read = read_history(info.history_path.read_text(encoding="utf-8"))
    assert not read.broken and len(read.hands) == 4
    stored = sum(len(phh.reasons) for _, phh in read.hands)
    assert stored == explained
    last = read.hands[-1][1]
    assert dict(last.reasons) == dict(session.reasons_of(session.past_hands[-1]))


def test_a_substituted_action_keeps_no_reason() -> None:
    settings = GameSettings.build(variant="holdem", humans=[], bots=["easy", "easy"], seed=3)
    session = Session(settings)
    hand = session.start_hand()
    seat = session.actor_seat
    assert seat is not None

    class Overbets:
        name = "overbets"

        def decide(self, view: PlayerView) -> Decision:
            return Decision(Action.raise_to(10**9), Reason.of("bluff", chance=0.04))

    move = decide(Overbets(), session.bot_view(seat), seat, None)
    assert move.fault is not None and move.fault.kind is FaultKind.ILLEGAL
    play_bot(session, move)
    assert session.reasons_of(hand) == {}


def test_a_resumed_hand_keeps_its_reasons() -> None:
    settings = GameSettings.build(variant="holdem", humans=[""], bots=["easy", "normal"], seed=21)
    session = Session(settings)
    session.start_storage()
    while True:
        hand = session.start_hand()
        while not hand.is_complete and not session.is_human(session.actor_seat or 0):
            seat = session.actor_seat
            assert seat is not None
            decision, _ = safe_decide(session.bots[seat], session.bot_view(seat), None)
            session.act_for_bot(seat, decision)
        if not hand.is_complete and session.reasons_of(hand):
            break
        while not hand.is_complete:  # a hand where the human acts first: play it out
            seat = session.actor_seat
            assert seat is not None
            legal = session.view_for(seat).legal
            assert legal is not None
            if session.is_human(seat):
                session.act(seat, legal.passive_action())
            else:
                session.act_for_bot(
                    seat, safe_decide(session.bots[seat], session.bot_view(seat), None)[0]
                )
        session.finish_hand()
    session.save()
    loaded = SaveFile().load()
    assert loaded.ok, loaded.detail
    store, resumed = SessionStore.resume(loaded)
    again = Session.resume(resumed, store)
    assert again.hand is not None
    assert again.reasons_of(again.hand) == session.reasons_of(hand)
