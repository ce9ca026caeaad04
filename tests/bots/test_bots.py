"""Bots: always legal, reproducible from a seed, fenced by the safety wrapper, pluggable."""

from __future__ import annotations

import logging
import pickle
import random
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from holdem_tui.bots import LEVELS, SafeBot, make_bot, safe_decide
from holdem_tui.bots.base import BaseBot
from holdem_tui.bots.draw_common import best_discards, describe, keep_made
from holdem_tui.bots.holdem_common import board_texture, draws, made_hand, preflop_percentile
from holdem_tui.bots.registry import check_spec, load_plugin
from holdem_tui.bots.safety import illegal_reason
from holdem_tui.bots.sandbox import ProcessBot
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.decision import Decision, as_decision
from holdem_tui.engine.draw import DrawHand, draw_config
from holdem_tui.engine.evaluator import Category
from holdem_tui.engine.hand import Dealer, Hand
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from tests.support.hang import HANG_GUARD
from tests.support.random_hands import random_hand


def _play_checked(hand: Hand, bots: list[BaseBot]) -> list[Action]:
    """Play a hand asking each seat's bot directly; fail on any illegal answer."""
    actions = []
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        assert view.legal is not None
        action = as_decision(bots[actor].decide(view)).action
        reason = illegal_reason(action, view.legal)
        assert reason is None, f"{bots[actor]!r} answered {action}: {reason}"
        hand.act(action, actor)
        actions.append(action)
    return actions


@pytest.mark.slow
@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_no_bot_ever_acts_illegally(game: str) -> None:
    rng = random.Random(f"legal-{game}")
    hands = 700 if game == "holdem" else 500
    for _ in range(hands):
        hand = random_hand(game, rng)
        bots = [make_bot(rng.choice(LEVELS), rng.randrange(10**6)) for _ in range(hand.n)]
        _play_checked(hand, bots)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "level"),
    [
        # the hard bot's Monte Carlo makes its sessions the long ones
        pytest.param(g, lv, id=f"{g}-{lv}", marks=[pytest.mark.slow] if lv == "hard" else [])
        for lv in LEVELS
        for g in ("holdem", "draw")
    ],
)
def test_same_seed_same_decisions(level: str, game: str) -> None:
    def session(seed: int) -> list[Action]:
        rng = random.Random(99)
        out: list[Action] = []
        bots = [make_bot(level, seed + i) for i in range(9)]
        for _ in range(25):
            hand = random_hand(game, rng)
            out.extend(_play_checked(hand, bots[: hand.n]))  # type: ignore[arg-type]
        return out

    assert session(5) == session(5)
    assert session(5) != session(6)


def test_bot_needs_nothing_but_the_view() -> None:
    """A view survives pickling (no engine references inside) and decides the same."""
    rng = random.Random(3)
    for level in LEVELS:
        for game in ("holdem", "draw"):
            hand = random_hand(game, rng)
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            copy = pickle.loads(pickle.dumps(view))
            del hand
            assert isinstance(copy, PlayerView)
            assert make_bot(level, 1).decide(copy) == make_bot(level, 1).decide(view)


def test_views_hide_other_hands() -> None:
    hand = random_hand("holdem", random.Random(4))
    actor = hand.actor
    assert actor is not None
    view = hand.view(actor)
    for seat in view.seats:
        if seat.position != actor:
            assert seat.cards is None


@pytest.mark.slow
def test_bots_package_never_imports_textual() -> None:
    code = textwrap.dedent(
        """
        import sys
        import holdem_tui.bots, holdem_tui.measure.simulator
        from holdem_tui.bots import make_bot
        for level in ("easy", "normal", "hard"):
            make_bot(level, 1)
        bad = [m for m in sys.modules if m == "textual" or m.startswith("textual.")]
        assert not bad, bad
        """
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------- safety wrapper


class _Raises(BaseBot):
    def decide(self, view: PlayerView) -> Action:
        raise RuntimeError("boom")


class _Slow(BaseBot):
    """Answers only once released, after its test: it can never answer in time, however
    busy the machine is."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.release = threading.Event()

    def decide(self, view: PlayerView) -> Action:
        self.release.wait()
        return Action.fold()


class _OverBets(BaseBot):
    def decide(self, view: PlayerView) -> Action:
        assert view.legal is not None
        return Action.raise_to(view.legal.stack * 10 + 10**6)


class _BadDiscard(BaseBot):
    def decide(self, view: PlayerView) -> Action:
        assert view.legal is not None
        if view.legal.can_draw:
            return Action.draw(tuple(view.my_cards))  # five cards: too many
        return Action.check() if view.legal.can_check else Action.call()


def _first_view(game: str = "holdem") -> PlayerView:
    stacks = [1000] * 3
    hand: Hand
    if game == "holdem":
        hand = HoldemHand(holdem_config(stacks, 5, 10), Dealer(1))
    else:
        hand = DrawHand(draw_config(stacks, 1, 10, 20), Dealer(1))
    actor = hand.actor
    assert actor is not None
    return hand.view(actor)


@pytest.mark.parametrize(
    ("bot", "kind", "timeout"),
    # only the slow bot runs out of time, and it cannot help it (it waits for an event set
    # after the test); the others get a limit no busy machine reaches (a hang guard)
    [
        (_Raises(), "exception", HANG_GUARD),
        (_Slow(), "timeout", 0.3),
        (_OverBets(), "illegal", HANG_GUARD),
    ],
)
def test_faulty_bot_checks_or_folds_and_is_logged(
    bot: BaseBot, kind: str, timeout: float, caplog: pytest.LogCaptureFixture
) -> None:
    view = _first_view()  # preflop, facing the big blind: the fallback is a fold
    try:
        with caplog.at_level(logging.WARNING, logger="holdem_tui.bots"):
            decision, fault = safe_decide(bot, view, timeout=timeout)
    finally:
        if isinstance(bot, _Slow):
            bot.release.set()  # let its thread end
    assert decision == Decision(Action.fold())
    assert fault is not None and fault.kind == kind
    assert kind in caplog.text


def test_bad_draw_stands_pat_and_safe_bot_records_the_fault() -> None:
    hand = DrawHand(draw_config([1000] * 2, 1, 10, 20), Dealer(2))
    safe = SafeBot(_BadDiscard(1), timeout=None)
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.act(safe.decide(hand.view(actor)).action, actor)
    assert [f.kind for f in safe.faults] == ["illegal", "illegal"]
    assert all(f.substitute == Action.draw(()) for f in safe.faults)


def test_a_good_answer_passes_through() -> None:
    view = _first_view()
    decision, fault = safe_decide(make_bot("normal", 1), view, timeout=HANG_GUARD)
    assert fault is None
    assert view.legal is not None and illegal_reason(decision.action, view.legal) is None


# ---------------------------------------------------------------- registry and plugins


def test_unknown_level_is_named() -> None:
    with pytest.raises(ValueError, match="'expert'"):
        make_bot("expert")


@pytest.mark.slow
def test_plugin_loads_and_bad_plugins_say_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "my_bots.py").write_text(
        textwrap.dedent(
            """
            from holdem_tui.engine.actions import Action

            class Folder:
                def __init__(self, seed=None):
                    self.name = "folder"
                def decide(self, view):
                    return view.legal.passive_action()

            class NoSeed:
                def decide(self, view):
                    return view.legal.passive_action()

            NOT_A_BOT = 3

            class Mute:
                pass
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    check_spec("my_bots:Folder")  # started once, and that process becomes the seat
    bot = make_bot("my_bots:Folder", 7)
    assert bot.name == "folder"
    unnamed = make_bot("my_bots:NoSeed", 7)
    assert isinstance(unnamed, ProcessBot)
    unnamed.ready()
    assert unnamed.name == "my_bots:NoSeed"
    assert callable(load_plugin("my_bots:Folder"))
    for spec, words in [
        ("nowhere_module:Bot", "cannot import module 'nowhere_module'"),
        ("my_bots:Missing", "no attribute 'Missing'"),
        ("my_bots:NOT_A_BOT", "not a class"),
        ("my_bots:Mute", "no decide"),
        ("my_bots", "unknown bot level"),
        (":Bot", "expected module:Class"),
    ]:
        with pytest.raises(ValueError, match=words):
            check_spec(spec)


# ---------------------------------------------------------------- shared poker facts


def test_shared_helpers_read_hands_like_a_player() -> None:
    assert preflop_percentile(parse_cards("AsAd")) < 1.0
    assert preflop_percentile(parse_cards("7c2d")) > 95.0
    assert made_hand(parse_cards("AsKd"), parse_cards("Ah7c2d")).level == 4  # top pair, king
    assert made_hand(parse_cards("7s7d"), parse_cards("7h8c2d")).level == 5  # a set
    assert made_hand(parse_cards("3s4d"), parse_cards("AhAcKd")).level == 1  # board pair
    assert draws(parse_cards("9h8h"), parse_cards("7h6c2h")).flush
    assert draws(parse_cards("9h8d"), parse_cards("7s6c2h")).open_ended
    texture = board_texture(parse_cards("9h8h7h"))
    assert texture.wet and texture.max_suit == 3 and texture.connected == 3
    flush_draw = parse_cards("2h5h9hKhAs")
    assert best_discards(flush_draw) == parse_cards("As")
    assert keep_made(flush_draw) == parse_cards("2h5h9h")  # easy keeps the two high cards
    assert best_discards(parse_cards("QhQs2c5d9h")) == parse_cards("2c5d9h")
    assert best_discards(parse_cards("2h3h4h5h6h")) == ()
    assert describe(parse_cards("QhQsQc5d9h")).category == Category.THREE_OF_A_KIND


def test_all_in_and_raise_words_stay_legal() -> None:
    view = _first_view()
    legal = view.legal
    assert legal is not None
    assert illegal_reason(Action.all_in(), legal) is None
    assert illegal_reason(Action.check(), legal) == "check: there is a bet to call"
    assert illegal_reason(Action(ActionKind.RAISE, None), legal) is not None
    assert illegal_reason("fold", legal) is not None


class _AlwaysFolds(BaseBot):
    def decide(self, view: PlayerView) -> Action:
        return Action.fold()


def test_a_bot_never_folds_when_checking_is_free() -> None:
    # the engine accepts a free fold (a human is asked first); a bot's is played as a check
    hand = DrawHand(draw_config([1000] * 3, 1, 10, 20), Dealer(1))
    assert hand.actor is not None
    view = hand.view(hand.actor)
    assert view.legal is not None and view.legal.can_check and view.legal.can_fold
    decision, fault = safe_decide(_AlwaysFolds(), view, timeout=None)
    assert decision.action == Action.check()
    assert fault is not None and fault.detail == "fold when checking is free"
    facing = _first_view()
    assert safe_decide(_AlwaysFolds(), facing, timeout=None) == (Decision(Action.fold()), None)


@pytest.mark.parametrize(
    ("game", "level"),
    [
        pytest.param(
            g, lv, id=f"{g}-{lv}", marks=[pytest.mark.slow] if (g, lv) == ("draw", "hard") else []
        )
        for lv in ("easy", "normal", "hard")
        for g in ("holdem", "draw")
    ],
)
def test_built_in_bots_never_fold_when_checking_is_free(level: str, game: str) -> None:
    rng = random.Random(5)
    for seed in range(15):
        bots = [make_bot(level, seed=seed * 10 + i) for i in range(4)]
        stacks = [rng.randint(20, 600) for _ in range(4)]
        hand: Hand = (
            HoldemHand(holdem_config(stacks, 5, 10), Dealer(seed))
            if game == "holdem"
            else DrawHand(draw_config(stacks, 5, 10, 20), Dealer(seed))
        )
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            view = hand.view(actor)
            action = as_decision(bots[actor].decide(view)).action
            assert view.legal is not None
            assert not (action.kind is ActionKind.FOLD and view.legal.can_check), (level, view)
            hand.act(action, actor)
