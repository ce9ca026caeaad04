"""From game state to what the table shows: plain data, already in the player's language.

The widgets only draw what this module computes, so every privacy rule of the screen lives in
one testable place without Textual: whose cards are face up, which shown hands are turned up
yet during the showdown, which cards are marked as the winning five. The input is always a
:class:`PlayerView` for the one viewer the screen belongs to at that moment (or a spectator),
so no function here can leak a card the viewer may not know.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from holdem_tui.engine.actions import Action, ActionKind, LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import HandRank, evaluate
from holdem_tui.engine.events import (
    BlindKind,
    CardsMucked,
    CardsShown,
    HandEnded,
    PotAwarded,
    Street,
)
from holdem_tui.engine.schedule import Level
from holdem_tui.engine.variants import BettingStructure, Variant, parse_variant, rules_of
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import BOT_LEVELS
from holdem_tui.i18n import Translator
from holdem_tui.session.controller import Session
from holdem_tui.session.narrate import (
    cards_text,
    hand_name,
    narrate,
    pot_line,
    pot_results,
    pot_winners,
    rank_text,
)

#: the info line's width at 80 columns, which a tournament's extra part never pushes past
INFO_ROOM = 78


class Stage(StrEnum):
    """What the table is waiting for; decides which keys do something."""

    DEALING = "dealing"
    HUMAN = "human"
    BOT = "bot"
    CURTAIN = "curtain"
    SHOW = "show"
    REVEAL = "reveal"
    HAND_OVER = "hand_over"
    SESSION_OVER = "session_over"


@dataclass(frozen=True, slots=True)
class UiState:
    """The screen's own state, beside the game's: who looks, who thinks, what is selected."""

    stage: Stage = Stage.DEALING
    viewer: int | None = None
    thinking: int | None = None
    revealed: int | None = None
    discards: frozenset[int] = frozenset()
    reveal_all: bool = False
    notice: str = ""
    #: stacks and bets shown in big blinds (or big bets) instead of chips (the ``b`` key)
    in_big_blinds: bool = False


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card as drawn: ``card`` is ``None`` for a face-down card."""

    card: Card | None
    marked: bool = False
    selected: bool = False
    index: int | None = None


@dataclass(frozen=True, slots=True)
class SeatModel:
    """Everything one seat shows: strings to print and flags that pick the styles."""

    seat: int
    title: str
    stack: str
    bet: str
    badges: tuple[str, ...]
    status: str
    cards: tuple[CardFace, ...]
    to_act: bool = False
    thinking: bool = False
    folded: bool = False
    out: bool = False
    all_in: bool = False
    winner: bool = False
    viewer: bool = False
    #: the title's parts, and a shorter status ("Two pair, A & 9"), for a narrow frame
    name: str = ""
    level: str = ""
    status_short: str = ""


@dataclass(frozen=True, slots=True)
class ActionModel:
    """One entry of the action bar: a key, its label, the action it runs, and if it is live."""

    key: str
    label: str
    action: str
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class Decision:
    """The player's own open decision, as the table's keys need it.

    The screen turns keys into moves from this alone (check or call, the fixed-limit amount,
    the raise editor's range); whether a move is still wanted when it arrives is checked
    again by the driver.
    """

    legal: LegalActions
    total_pot: int
    min_bet: int
    fixed_limit: bool

    def raise_action(self, amount: int) -> Action:
        """A bet or a raise to ``amount`` (this street's total), whichever this decision is."""
        return Action.bet(amount) if self.legal.is_bet else Action.raise_to(amount)


def decision_of(view: PlayerView | None, ui: UiState) -> Decision | None:
    """The viewer's open decision, while the table waits for this viewer's keys."""
    if view is None or view.legal is None or ui.stage is not Stage.HUMAN:
        return None
    fixed = view.structure is BettingStructure.FIXED_LIMIT
    return Decision(view.legal, view.total_pot, view.min_bet, fixed)


@dataclass(frozen=True, slots=True)
class TableModel:
    """The whole table as the current viewer may see it, in the current language."""

    header: str
    limit: str
    last_hand: bool
    seats: tuple[SeatModel, ...]
    board: tuple[CardFace | None, ...]
    street: str
    pot: str
    pots: tuple[str, ...]
    results: tuple[str, ...]
    log: tuple[str, ...]
    info: str
    actions: tuple[ActionModel, ...]
    variant: Variant = Variant.HOLDEM
    hand_over: bool = False
    extra: dict[str, str] = field(default_factory=dict)
    #: the header without the game's name, for a bar too narrow for both it and the limit
    header_short: str = ""
    #: the viewer's own open decision (``None`` unless the table waits for the viewer's keys)
    decision: Decision | None = None
    #: shorter limits, in order, for a bar still too narrow (a tournament's prizes go first,
    #: then its players left)
    limit_fallbacks: tuple[str, ...] = ()


def display_name(session: Session, seat: int, tr: Translator) -> str:
    """The name used for a chair in the log and in messages: its own, or "Player N".

    An unnamed human gets the translated "Player N" rather than "You", because "You raises
    to 60" is wrong in every language; their seat title adds "(You)" instead.
    """
    name = session.names[seat]
    return name or tr.t("setup.default_name", n=seat + 1)


def level_label(level: str, tr: Translator) -> str:
    """The bot level in words ("Hard"), or "Plugin" for a ``module:Class`` bot."""
    return tr.t(f"bot.{level}") if level in BOT_LEVELS else tr.t("bot.plugin")


def seat_title(session: Session, seat: int, tr: Translator) -> str:
    """ "Mila (Hard)" for a bot, "Player 1 (You)" for the one human, else the name."""
    name, level = seat_title_parts(session, seat, tr)
    return tr.t("bot.level", name=name, level=level) if level else name


def seat_title_parts(session: Session, seat: int, tr: Translator) -> tuple[str, str]:
    """The seat's name and what goes in brackets after it ("Hard", "You"; "" for none)."""
    name = display_name(session, seat, tr)
    settings = session.settings.seats[seat]
    if settings.is_human:
        return name, tr.t("table.you") if session.local_seats == (seat,) else ""
    return name, level_label(settings.level, tr)


def street_label(street: Street, variant: str, tr: Translator) -> str:
    """The phase of the hand in players' words (draw has rounds, not flops)."""
    keys = {
        Street.PREFLOP: "table.street_preflop",
        Street.FLOP: "table.street_flop",
        Street.TURN: "table.street_turn",
        Street.RIVER: "table.street_river",
        Street.PREDRAW: "table.street_first_round",
        Street.DRAW: "table.street_draw",
        Street.POSTDRAW: "table.street_second_round",
        Street.SHOWDOWN: "table.street_showdown",
    }
    return tr.t(keys[street])


def stakes_label(session: Session, tr: Translator, level: Level | None = None) -> str:
    """ "Blinds 5/10 · Ante 1" or "Limits 10/20 · Ante 5" (the hand's level in a tournament,
    or ``level``)."""
    stakes = level or session.table.stakes
    small, big = tr.number(stakes.small), tr.number(stakes.big)
    if rules_of(session.settings.variant).structure is BettingStructure.NO_LIMIT:
        text = tr.t("table.blinds", small=small, big=big)
    else:
        text = tr.t("table.limits", small=small, big=big)
    if stakes.ante:
        text += " · " + tr.t("table.ante", amount=tr.number(stakes.ante))
    return text


def tournament_label(session: Session, tr: Translator) -> tuple[list[str], bool]:
    """A tournament's line beside the stakes, in parts a narrow bar drops from the end: the
    next level and when (or, when the next hand starts it, "Next hand: Blinds 50/100 ·
    Ante 10", and ``True``), the players left, the prizes."""
    status = session.table.tournament_status()
    parts = []
    if status.starts_next_hand:
        stakes = stakes_label(session, tr, session.next_stakes())
        parts.append(tr.t("tournament.next_hand", stakes=stakes))
    elif status.next_stakes is not None:
        nxt = f"{tr.number(status.next_stakes.small)}/{tr.number(status.next_stakes.big)}"
        if status.hands_left is not None:
            parts.append(tr.plural("tournament.next_in_hands", status.hands_left, stakes=nxt))
        elif status.seconds_left is not None:
            minutes = max(1, math.ceil(status.seconds_left / 60))
            parts.append(tr.plural("tournament.next_in_minutes", minutes, stakes=nxt))
    parts.append(tr.t("tournament.left", left=status.players_left, total=status.entrants))
    prizes = "/".join(tr.number(p) for p in status.prizes)
    parts.append(tr.t("tournament.prizes", prizes=prizes))
    return parts, status.starts_next_hand


def tournament_info(session: Session, tr: Translator) -> str:
    """The players left and the prizes, for the info line under the table."""
    status = session.table.tournament_status()
    prizes = "/".join(tr.number(p) for p in status.prizes)
    left = tr.t("tournament.left", left=status.players_left, total=status.entrants)
    return f"{left} · {tr.t('tournament.prizes', prizes=prizes)}"


def limit_label(session: Session, tr: Translator) -> tuple[str, bool]:
    """What is left of the session limit, and whether this is the last hand."""
    if session.hand is not None and not session.hand.is_complete and session.is_last_hand():
        return tr.t("log.last_hand"), True
    if session.hand is not None and session.hand.is_complete and session.is_over():
        return tr.t("log.last_hand"), True
    hands = session.hands_left()
    if hands is not None:
        if hands == 0:
            return tr.t("log.last_hand"), True
        return tr.plural("session.hands_left", hands), False
    minutes = session.minutes_left()
    if minutes is not None:
        return tr.plural("session.minutes_left", minutes), False
    return "", False


def shown_ranks(view: PlayerView) -> dict[int, HandRank]:
    """The made hand of every shown seat, judged with the board as it is *now*.

    A hand turned up during an all-in is shown before the run-out, so the engine's
    ``CardsShown`` carries no hand yet; judging hole cards plus the final board here gives
    the name and the winning five the showdown really had.
    """
    ranks: dict[int, HandRank] = {}
    for event in view.history:
        if isinstance(event, CardsShown):
            cards = (*event.cards, *view.board)
            if len(cards) >= 5:
                ranks[event.player] = evaluate(cards)
    return ranks


def _winning_cards(view: PlayerView) -> dict[int, set[Card]]:
    """Per position, the five cards that won it a pot at a real showdown (none if uncontested)."""
    best = {player: rank.cards for player, rank in shown_ranks(view).items()}
    marked: dict[int, set[Card]] = {}
    for event in view.history:
        if isinstance(event, PotAwarded) and not event.uncontested:
            for position, amount in event.shares:
                if amount > 0 and position in best:
                    marked.setdefault(position, set()).update(best[position])
    return marked


def _shown_order(view: PlayerView) -> list[int]:
    """Positions in the order their hands were turned up."""
    order: list[int] = []
    for event in view.history:
        if isinstance(event, CardsShown) and event.player not in order:
            order.append(event.player)
    return order


def build_table(
    session: Session, view: PlayerView | None, ui: UiState, tr: Translator
) -> TableModel:
    """Compute the table model for ``view`` (the viewer's own, or a spectator's)."""
    settings = session.settings
    variant = parse_variant(settings.variant)  # a session's settings were validated
    game = tr.t(f"game.{variant}")
    header_parts = [game, stakes_label(session, tr)]
    limit_fallbacks: tuple[str, ...] = ()
    if session.tournament:
        # the level instead of the hand number: the row is short, the log says the hand
        level = tr.t("tournament.level", level=session.table.level + 1)
        header_parts.insert(1, level)
        parts, last_hand = tournament_label(session, tr)
        limit = " · ".join(parts)
        limit_fallbacks = tuple(" · ".join(parts[:n]) for n in range(len(parts) - 1, 0, -1))
    else:
        if view is not None:
            header_parts.append(tr.t("log.hand_start", number=view.hand_number))
        limit, last_hand = limit_label(session, tr)

    if view is None:
        seats = tuple(_idle_seat(session, seat, tr) for seat in range(session.seat_count))
        return TableModel(
            header=" · ".join(header_parts),
            header_short=" · ".join(header_parts[1:]),
            limit=limit,
            limit_fallbacks=limit_fallbacks,
            last_hand=last_hand,
            seats=seats,
            board=(None,) * rules_of(variant).board_cards,
            street="",
            pot="",
            pots=(),
            results=(),
            log=(),
            info="",
            actions=(),
            variant=variant,
        )

    hand_over = view.complete
    shown_order = _shown_order(view)
    revealed_count = len(shown_order) if ui.revealed is None else ui.revealed
    revealed = set(shown_order[:revealed_count])
    reveal_done = revealed_count >= len(shown_order)
    # while hands are still being turned up, nothing may tell who won: no award lines,
    # no hand not yet turned up, stacks as they were before the pots were paid
    revealing = hand_over and not reveal_done
    history = view.history
    paid: dict[int, int] = {}
    if revealing:
        history = tuple(
            e
            for e in view.history
            if not isinstance(e, PotAwarded | HandEnded)
            and not (isinstance(e, CardsShown) and e.player not in revealed)
        )
        for event in view.history:
            if isinstance(event, PotAwarded):
                for position, amount in event.shares:
                    paid[position] = paid.get(position, 0) + amount
    winners_cards = _winning_cards(view) if hand_over and reveal_done else {}
    winning_positions = set(winners_cards)
    if hand_over and reveal_done:
        for event in view.history:
            if isinstance(event, PotAwarded):
                winning_positions.update(p for p, amount in event.shares if amount > 0)
    marked_board: set[Card] = set().union(*winners_cards.values()) if winners_cards else set()
    shown = shown_ranks(view)
    shown_names = {
        player: tr.hand_name(rank.name_key, rank.name_ranks) for player, rank in shown.items()
    }
    mucked = {e.player for e in view.history if isinstance(e, CardsMucked)}

    def name_of(position: int) -> str:
        return display_name(session, view.seats[position].seat, tr)

    seat_models: list[SeatModel] = []
    by_seat = {s.seat: s for s in view.seats}
    drawing = ui.stage is Stage.HUMAN and view.legal is not None and view.legal.can_draw
    for seat in range(session.seat_count):
        sv = by_seat.get(seat)
        if sv is None:
            seat_models.append(_idle_seat(session, seat, tr))
            continue
        position = sv.position
        own = view.me == position
        known = sv.cards is not None and (own or position in revealed or not sv.shown)
        faces: list[CardFace] = []
        if not sv.folded and (position not in mucked or own):
            if known and sv.cards is not None:
                mark = winners_cards.get(position, set())
                for index, c in enumerate(sv.cards):
                    faces.append(
                        CardFace(
                            c,
                            marked=c in mark,
                            selected=drawing and own and index in ui.discards,
                            index=index if drawing and own else None,
                        )
                    )
            else:
                faces = [CardFace(None)] * sv.card_count
        badges: list[str] = []
        if sv.is_button:
            badges.append(tr.t("table.dealer_short"))
        if sv.blind is BlindKind.SMALL:
            badges.append(tr.t("table.small_blind"))
        elif sv.blind is not None:
            badges.append(tr.t("table.big_blind"))
        thinking = ui.thinking == seat and not hand_over
        status = status_short = ""
        if sv.folded:
            status = tr.t("table.folded")
        elif session.is_away(seat):
            status = tr.t("table.away")
        elif thinking:
            status = tr.t("table.thinking")
        elif sv.shown and position in revealed and position in shown_names:
            status = shown_names[position]
            status_short = short_hand_name(shown[position], tr)
        elif sv.all_in:
            status = tr.t("table.all_in")
        elif sv.drawn is not None and variant is Variant.DRAW:
            status = tr.t("draw.stand_pat") if sv.drawn == 0 else tr.plural("table.drew", sv.drawn)
        title_parts = seat_title_parts(session, seat, tr)
        seat_models.append(
            SeatModel(
                seat=seat,
                title=seat_title(session, seat, tr),
                stack=chips_text(sv.stack - paid.get(position, 0), view.big_blind, ui, tr),
                bet=chips_text(sv.bet, view.big_blind, ui, tr) if sv.bet else "",
                badges=tuple(badges),
                status=status,
                cards=tuple(faces),
                to_act=view.to_act == position and not hand_over,
                thinking=thinking,
                folded=sv.folded,
                all_in=sv.all_in and not hand_over,
                winner=position in winning_positions,
                viewer=own,
                name=title_parts[0],
                level=title_parts[1],
                status_short=status_short,
            )
        )

    board: tuple[CardFace | None, ...] = ()
    board_size = rules_of(variant).board_cards
    if board_size:
        slots: list[CardFace | None] = [CardFace(c, marked=c in marked_board) for c in view.board]
        slots.extend([None] * (board_size - len(slots)))
        board = tuple(slots)

    pots: tuple[str, ...] = ()
    if len(view.pots) > 1 and not (hand_over and reveal_done):
        live = [s.position for s in view.seats if not s.folded]
        pots = tuple(pot_line(i, view.pots, name_of, tr, live) for i in range(len(view.pots)))
    results: tuple[str, ...] = ()
    if hand_over and reveal_done:
        awards = [e for e in view.history if isinstance(e, PotAwarded)]
        if len(awards) > 1:
            results = tuple(pot_winners(view.history, name_of, tr))
        else:
            results = tuple(pot_results(view.history, name_of, tr))

    def log_name(position: int) -> str:
        # a no-break space inside names: a narrow log wraps between words, never mid-name
        return name_of(position).replace(" ", "\u00a0")

    slips = {} if session.hand is None else session.slips_of(session.hand)
    log = narrate(history, log_name, tr, slips, viewer=view.me)
    if last_hand and log and not session.tournament:
        log.insert(1, tr.t("log.last_hand"))
    if view.tournament is not None and log and _first_of_level(session, view):
        stakes = stakes_label(session, tr)
        log.insert(1, tr.t("tournament.level_log", level=view.tournament.level, stakes=stakes))
        if view.hand_number == 1:  # the prizes, once, at the start
            log.insert(2, tournament_info(session, tr))

    info = _info(session, view, ui, tr)
    if session.tournament and not ui.notice:
        # the players left and the prizes, where the line has room at 80 columns
        extra = tournament_info(session, tr)
        joined = f"{info} · {extra}" if info else extra
        if len(joined) <= INFO_ROOM:
            info = joined
    actions = _actions(session, view, ui, tr)
    return TableModel(
        header=" · ".join(header_parts),
        header_short=" · ".join(header_parts[1:]),
        limit=limit,
        limit_fallbacks=limit_fallbacks,
        last_hand=last_hand,
        seats=tuple(seat_models),
        board=board,
        street=street_text(view, tr),
        pot=tr.t("table.pot_amount", amount=tr.number(view.total_pot)),
        pots=pots,
        results=results,
        log=tuple(log),
        info=info,
        actions=actions,
        variant=variant,
        hand_over=hand_over,
        decision=decision_of(view, ui),
    )


def out_line(session: Session, seat: int, tr: Translator) -> str:
    """ "You are out in place 4 of 6 after 37 hands." (or the player's name in hot-seat);
    in a tournament the place, TDA's, and the prize: "You finish in place 2 of 6: 210"."""
    hands = session.table.hand_number
    one = len(session.settings.humans) == 1
    if session.tournament:
        prize = session.prize_of(seat)
        key = ("tournament.you_finish" if one else "tournament.finishes") + (
            "_paid" if prize else ""
        )
        return tr.t(
            key,
            place=session.place_of(seat),
            total=session.seat_count,
            prize=tr.number(prize),
            name=display_name(session, seat, tr),
        )
    key = "bust.you_are_out" if one else "bust.is_out"
    return tr.t(
        key,
        place=session.place_of(seat),
        total=session.seat_count,
        hands=tr.plural("unit.hands", hands),
        name=display_name(session, seat, tr),
    )


def short_hand_name(rank: HandRank, tr: Translator) -> str:
    """A hand name cut short by design, with card ranks as printed: "Two pair, A & 9"."""
    from holdem_tui.engine.cards import Card

    symbols = [rank_text(Card(r << 2)) for r in rank.name_ranks]
    slots = {"high_card": ("rank",), "pair": ("rank",), "two_pair": ("high", "low")}
    slots |= {"three_of_a_kind": ("rank",), "straight": ("rank",), "flush": ("rank",)}
    slots |= {"full_house": ("high", "low"), "four_of_a_kind": ("rank",)}
    slots |= {"straight_flush": ("rank",), "royal_flush": ()}
    names = slots.get(rank.name_key, ())
    return tr.t(f"hand_short.{rank.name_key}", **dict(zip(names, symbols, strict=False)))


def street_text(view: PlayerView, tr: Translator) -> str:
    """Where the hand is: the street, and "Showdown" only when hands were really compared
    (a finished hand is on the engine's showdown street however it ended: won uncontested,
    it says nothing). The table's centre, the hand review and the replay all say it so."""
    if view.complete:
        contested = any(isinstance(e, PotAwarded) and not e.uncontested for e in view.history)
        return street_label(Street.SHOWDOWN, view.variant, tr) if contested else ""
    return street_label(view.street, view.variant, tr)


def chips_text(chips: int, unit: int, ui: UiState, tr: Translator) -> str:
    """A stack or a bet as chips, or in big blinds (big bets in draw) when the player asked
    for them with ``b``: "12.5 bb"."""
    if not ui.in_big_blinds or unit <= 0:
        return tr.number(chips)
    return tr.t("table.in_big_blinds", amount=tr.decimal(chips / unit))


def _first_of_level(session: Session, view: PlayerView) -> bool:
    """Whether this hand is the first at its level (the log then names the level)."""
    assert view.tournament is not None
    before = [h for h in session.past_hands if h.config.hand_number < view.hand_number]
    if not before:
        return True
    last = before[-1].config.tournament
    return last is None or last.level != view.tournament.level


def _idle_seat(session: Session, seat: int, tr: Translator) -> SeatModel:
    """A chair not dealt into the hand: busted, or the table between hands."""
    out = session.is_out(seat)
    name, level = seat_title_parts(session, seat, tr)
    return SeatModel(
        seat=seat,
        title=seat_title(session, seat, tr),
        name=name,
        level=level,
        stack=tr.number(session.stack(seat)),
        bet="",
        badges=(),
        status=tr.t("table.out") if out else "",
        cards=(),
        out=out,
    )


def _my_cards(view: PlayerView) -> tuple[Card, ...]:
    seat = view.my_seat
    if seat is None or seat.folded or seat.cards is None:
        return ()
    return seat.cards


def _info(session: Session, view: PlayerView, ui: UiState, tr: Translator) -> str:
    """The line under the table: your hand's name, what to call, or whom we wait for."""
    parts: list[str] = []
    if ui.notice:
        return ui.notice
    mine = _my_cards(view)
    if mine:
        parts.append(tr.t("table.your_hand", hand=hand_name((*mine, *view.board), tr)))
    legal = view.legal
    if view.complete:
        pass
    elif ui.stage is Stage.HUMAN and legal is not None:
        if legal.can_draw:
            if ui.discards:
                chosen = [mine[i] for i in sorted(ui.discards) if i < len(mine)]
                parts.append(tr.t("draw.selected", cards=cards_text(chosen)))
            else:
                parts.append(tr.plural("draw.instructions", legal.max_discards))
        else:
            parts.insert(0, tr.t("table.your_turn"))
            if legal.call_amount:
                parts.append(tr.t("table.to_call_amount", amount=tr.number(legal.call_amount)))
    elif view.to_act is not None:
        seat = view.seats[view.to_act].seat
        parts.append(tr.t("table.waiting", name=display_name(session, seat, tr)))
    return " · ".join(parts)


def raise_label(legal: LegalActions, fixed: bool, tr: Translator) -> str:
    """The bet/raise key's label: "Raise…" opens the editor, "Raise to 20" in fixed limit."""
    if not legal.can_raise:
        return tr.t("action.bet" if legal.is_bet else "action.raise")
    if fixed:
        key = "action.bet_amount" if legal.is_bet else "action.raise_to"
        return tr.t(key, amount=tr.number(legal.min_raise_to))
    return tr.t("action.bet" if legal.is_bet else "action.raise") + "…"


def all_in_possible(legal: LegalActions) -> bool:
    """Whether pushing every chip is a legal move now (in fixed limit it rarely is)."""
    action = legal.all_in_action()
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        return True
    return action.kind is ActionKind.CALL and legal.call_amount >= legal.stack


def _actions(
    session: Session, view: PlayerView, ui: UiState, tr: Translator
) -> tuple[ActionModel, ...]:
    """The action bar for the current stage, only legal moves enabled."""
    legal = view.legal
    if ui.stage is Stage.HUMAN and legal is not None:
        if legal.can_draw:
            count = len(ui.discards)
            draw_label = tr.plural("draw.button", count) if count else tr.t("action.stand_pat")
            return (
                ActionModel(f"1–{len(legal.hand)}", tr.t("keys.toggle_card"), "", True),
                ActionModel("Enter", draw_label, "screen.draw", True),
                ActionModel("s", tr.t("action.stand_pat"), "screen.stand_pat", True),
            )
        fixed = view.structure is BettingStructure.FIXED_LIMIT
        if legal.can_check:
            call = ActionModel("c", tr.t("action.check"), "screen.check_call", True)
        else:
            call = ActionModel(
                "c",
                tr.t("action.call", amount=tr.number(legal.call_amount)),
                "screen.check_call",
                True,
            )
        moves = (
            ActionModel("f", tr.t("action.fold"), "screen.fold", legal.can_fold),
            call,
            ActionModel("r", raise_label(legal, fixed, tr), "screen.bet_raise", legal.can_raise),
        )
        possible = all_in_possible(legal)
        if fixed and not possible:
            return moves  # fixed limit: no all-in key where it cannot be used
        # the key shows the street total the all-in puts the player at, as the log does
        total = legal.current_bet + legal.stack
        return (
            *moves,
            ActionModel(
                "a", tr.t("action.all_in", amount=tr.number(total)), "screen.all_in", possible
            ),
        )
    if ui.stage in (Stage.REVEAL, Stage.HAND_OVER):
        over = ui.stage is Stage.HAND_OVER and session.is_over()
        label = tr.t("keys.results") if over else tr.t("keys.next_hand")
        items = [ActionModel("Enter", label, "screen.next_hand", True)]
        for seat in session.settings.humans:
            if session.may_show(seat):
                name = display_name(session, seat, tr)
                text = tr.t("action.show")
                if len(session.local_seats) > 1:
                    text = f"{text} ({name})"
                items.append(ActionModel("s", text, "screen.show", True))
                break
        if ui.stage is Stage.HAND_OVER and session.played and not session.settings.watch_only:
            # the moment to look back: the hand review opens on the hand just played
            items.append(ActionModel("e", tr.t("review.this_hand"), "screen.review", True))
        return tuple(items)
    if session.settings.watch_only and ui.stage is Stage.BOT:
        label = tr.t("keys.hide_cards") if ui.reveal_all else tr.t("keys.show_cards")
        return (ActionModel("v", label, "screen.toggle_reveal", True),)
    return ()
