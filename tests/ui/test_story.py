"""What the table tells while a hand ends (issue 12, items 7, 10, 11 and 12), in plain Python.

The presenter and the narrator decide what a viewer reads; these tests play whole hands on a
:class:`~holdem_tui.session.controller.Session` and read the models the screen draws: no
winner and no payout before every hand is up, "Showdown" only when hands were compared, the
show key only after an uncontested win, the last hands with their boards and winners, and a
draw's thrown and received cards told to the drawer alone.
"""

from __future__ import annotations

from typing import Any

from holdem_tui.engine.actions import Action
from holdem_tui.engine.cards import parse_cards
from holdem_tui.engine.evaluator import evaluate
from holdem_tui.engine.events import BoardDealt, CardsDrawn, CardsShown, PotAwarded, Street
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.i18n import get_translator
from holdem_tui.session.controller import Session
from holdem_tui.session.labels import display_name
from holdem_tui.session.narrate import cards_text, narrate
from holdem_tui.session.present import Stage, UiState, build_table
from tests.support.ui import TABLE_KEYS, CallingStation

EN = get_translator("en")


class _Folder:
    """Folds whenever there is something to call, else checks: a pot nobody contests."""

    name = "folder"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(())
        return Action.fold() if legal.call_amount else Action.check()


def _session(factory: Any = None, **settings: Any) -> Session:
    game = GameSettings.build(seed=5, **settings)
    return Session(game, factory or (lambda seat, level: CallingStation(seat)))


def _play_out(session: Session, human: Action | None = None) -> None:
    """Bots act until the hand is over; the human (seat 0, if any) plays ``human`` or calls."""
    hand = session.hand
    assert hand is not None
    while not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        if seat in session.settings.humans:
            view = session.view_for(seat)
            session.act(seat, human or CallingStation().decide(view))
        else:
            session.act_for_bot(seat, CallingStation().decide(session.bot_view(seat)))


def _stacks(session: Session, stage: Stage, revealed: int | None = None) -> list[str]:
    model = build_table(
        session,
        session.snapshot(None),
        UiState(stage=stage, revealed=revealed),
        EN,
        keys=TABLE_KEYS,
    )
    return [seat.stack for seat in model.seats]


def test_while_hands_turn_up_nobody_has_won_and_nobody_is_paid() -> None:
    """Item 7: the log, the results and the stacks wait until every hand is up."""
    session = _session(humans=[], bots=["easy", "normal", "hard"])
    session.start_hand()
    _play_out(session)
    view = session.view_for(None)
    assert sum(isinstance(e, CardsShown) for e in view.history) == 3
    wins = [EN.t("log.wins_pot", name="", amount="").strip(), "from the main pot"]
    for revealed in (0, 1, 2):
        ui = UiState(stage=Stage.REVEAL, revealed=revealed)
        turning = build_table(session, session.snapshot(None), ui, EN, keys=TABLE_KEYS)
        assert turning.results == ()
        assert not [line for line in turning.log if any(w in line for w in wins)], turning.log
        assert turning.street == EN.t("table.street_showdown"), "hands were compared"
    done = build_table(
        session, session.snapshot(None), UiState(stage=Stage.HAND_OVER), EN, keys=TABLE_KEYS
    )
    assert done.results and any("wins" in line for line in done.log)
    assert _stacks(session, Stage.REVEAL, 0) != _stacks(session, Stage.HAND_OVER), (
        "the pot is paid only once the hands are up"
    )


def test_an_uncontested_pot_says_no_showdown_and_offers_show_to_its_winner() -> None:
    """Items 7 and 10: everyone folds to the human's bet: no "Showdown", and ``s`` is
    offered; after a showdown it is not."""
    session = _session(lambda seat, level: _Folder(seat), humans=[""], bots=["easy", "easy"])
    session.start_hand()
    hand = session.hand
    assert hand is not None
    while not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        if seat == 0:
            legal = session.view_for(0).legal
            assert legal is not None
            session.act(0, legal.bet_or_raise(legal.min_raise_to))
        else:
            session.act_for_bot(seat, _Folder().decide(session.bot_view(seat)))
    view = session.view_for(0)
    assert any(isinstance(e, PotAwarded) and e.uncontested for e in view.history)
    model = build_table(
        session, session.snapshot(0), UiState(stage=Stage.HAND_OVER, viewer=0), EN, keys=TABLE_KEYS
    )
    assert model.street == "", "no showdown: the centre does not say there was one"
    assert session.may_show(0)
    assert any(a.action == "screen.show" for a in model.actions)

    called = _session(humans=[""], bots=["easy", "easy"])
    called.start_hand()
    _play_out(called)
    assert not called.may_show(0), "after a showdown there is nothing to show"
    shown = build_table(
        called, called.snapshot(0), UiState(stage=Stage.HAND_OVER, viewer=0), EN, keys=TABLE_KEYS
    )
    assert not any(a.action == "screen.show" for a in shown.actions)


def test_the_last_hands_are_kept_with_their_boards_and_winners() -> None:
    """Item 11: each finished hand stays reachable, told as its viewer saw it."""
    session = _session(humans=[], bots=["easy", "normal"])
    for _ in range(3):
        session.start_hand()
        _play_out(session)
        session.finish_hand()
    assert [h.view(None).hand_number for h in session.past_hands] == [1, 2, 3]
    for hand in session.past_hands:
        view = hand.view(None)
        seats = hand.config.seats

        def name_of(p: int, seats: tuple[int, ...] = tuple(seats)) -> str:
            return display_name(session, seats[p], EN)

        told = narrate(view.history, name_of, EN)
        assert len(view.board) == 5
        assert any(cards_text(view.board[:3]) in line for line in told), told
        assert any(" wins " in line for line in told), told


def test_the_draw_tells_the_drawer_alone_what_was_thrown_and_received() -> None:
    """Item 12: "You throw 7♣ 2♦ and get K♠ 9♥" in the drawer's log, in nobody else's."""
    session = _session(variant="draw", humans=[""], bots=["easy", "easy"], draw_ante=5)
    session.start_hand()
    hand = session.hand
    assert hand is not None
    while not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        view = session.view_for(seat) if seat == 0 else session.bot_view(seat)
        legal = view.legal
        assert legal is not None
        if seat == 0 and legal.can_draw:
            session.act(0, Action.draw(legal.hand[:2]))
        elif seat == 0:
            session.act(0, CallingStation().decide(view))
        else:
            session.act_for_bot(seat, CallingStation().decide(view))
    mine = session.view_for(0)
    me = next(s.position for s in mine.seats if s.seat == 0)
    drew = next(e for e in mine.history if isinstance(e, CardsDrawn) and e.player == me)
    assert drew.discarded and drew.received and len(drew.received) == 2
    line = EN.t(
        "table_log.you_drew",
        thrown=cards_text(drew.discarded),
        received=cards_text(drew.received),
    )
    model = build_table(
        session, session.snapshot(0), UiState(stage=Stage.HAND_OVER, viewer=0), EN, keys=TABLE_KEYS
    )
    assert line in model.log
    others = build_table(
        session, session.snapshot(None), UiState(stage=Stage.HAND_OVER), EN, keys=TABLE_KEYS
    )
    assert not any(line.startswith("You throw") for line in others.log)
    assert all(
        not (isinstance(e, CardsDrawn) and e.received) for e in session.view_for(None).history
    ), "nobody else's view holds the cards"


def test_a_hand_shown_before_the_run_out_is_named_by_the_final_board() -> None:
    """An all-in's eights turned up before the flop read "Pair of eights" then; the board
    4 5 6 7 makes them a straight, and the log names the straight, never the pair."""
    eights = parse_cards("8s 8h")
    then = evaluate((*eights, *parse_cards("2c 3d Kh")))
    assert EN.hand_name(then.name_key, then.name_ranks) == "Pair of eights"
    shown = CardsShown(0, eights, then.value, then.name_key, then.name_ranks, eights)
    history = [
        shown,
        BoardDealt(Street.FLOP, parse_cards("4c 5d 6h")),
        BoardDealt(Street.TURN, parse_cards("7c")),
        BoardDealt(Street.RIVER, parse_cards("Kd")),
    ]
    lines = narrate(history, lambda seat: "Ana", EN)
    shows = [line for line in lines if line.startswith("Ana shows")]
    assert len(shows) == 1 and "traight" in shows[0], lines
    assert not any("Pair of eights" in line for line in lines), lines


def test_a_review_tells_each_drawer_by_name_and_the_viewer_as_you() -> None:
    """Issue 29: a bot's draw in a review reads "Otto throws … and gets …", never "You throw"."""
    drawn = CardsDrawn(1, 2, parse_cards("2d 3d"), parse_cards("3s 5s"))
    names = ["Ana", "Otto"].__getitem__
    assert narrate([drawn], names, EN) == [
        "Otto draws 2 cards",
        "Otto throws 2♦ 3♦ and gets 3♠ 5♠",
    ]
    assert narrate([drawn], names, EN, viewer=1)[1] == "You throw 2♦ 3♦ and get 3♠ 5♠"
    assert narrate([drawn], names, EN, viewer=0)[1].startswith("Otto throws")
    fi = get_translator("fi")
    assert narrate([drawn], names, fi)[1] == "Otto vaihtaa pois 2♦ 3♦ ja saa 3♠ 5♠"
