"""From the read model to what the table shows: plain data, already in the player's language.

The widgets only draw what this module computes, so every privacy rule of the screen lives in
one testable place without Textual: whose cards are face up, which shown hands are turned up
yet during the showdown, which cards are marked as the winning five. The input is always a
:class:`~holdem_tui.session.snapshot.Snapshot` for the one viewer the screen belongs to at
that moment (or a spectator), so no function here can leak a card the viewer may not know,
and a local table and a network seat are drawn by the same code from the same thing. Which
hands a showdown turns up, in what order, is the turn loop's one rule
(:func:`~holdem_tui.session.turns.reveal_plan`); the hands' final names come with the
engine's :class:`~holdem_tui.engine.events.HandEnded`; the log is a
:class:`~holdem_tui.session.narrate.HandLog` told once per event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from holdem_tui.engine.actions import ActionKind, LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import (
    BlindKind,
    CardsMucked,
    CardsShown,
    HandEnded,
    PotAwarded,
    Street,
)
from holdem_tui.engine.variants import BettingStructure, Variant, parse_variant, rules_of
from holdem_tui.engine.view import PlayerView
from holdem_tui.i18n import Translator
from holdem_tui.session.labels import (
    Named,
    display_name,
    limit_label,
    raise_label,
    seat_title,
    seat_title_parts,
    short_hand_name,
    stakes_label,
    street_label,
    tournament_info,
    tournament_label,
)
from holdem_tui.session.narrate import (
    HandLog,
    cards_text,
    hand_name,
    pot_line,
    pot_results,
    pot_winners,
)
from holdem_tui.session.showdown import final_ranks, paid, paid_positions, winning_cards
from holdem_tui.session.snapshot import Snapshot
from holdem_tui.session.turns import reveal_plan

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
    #: the finished hands may be looked back at here (the hand review's key is offered)
    review: bool = False
    #: Enter after a hand moves the table on from here (a spectator at a network table only
    #: looks on: the seated players move it on, so the key is not offered)
    moves_on: bool = True
    #: seconds until the Away chair the hand waits for is played for (a network table)
    countdown: int | None = None
    #: every player here folded: ``w`` follows such hands at the chosen pace (``True``) or
    #: skips to their result (``False``); ``None``: not offered now
    watch_folded: bool | None = None
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
    #: the header without the game's name, for a bar too narrow for both it and the limit
    header_short: str = ""
    #: the viewer's own open decision (``None`` unless the table waits for the viewer's keys)
    decision: Decision | None = None
    #: shorter limits, in order, for a bar still too narrow (a tournament's prizes go first,
    #: then its players left)
    limit_fallbacks: tuple[str, ...] = ()


def build_table(
    table: Named,
    snap: Snapshot | None,
    ui: UiState,
    tr: Translator,
    log: HandLog | None = None,
    *,
    keys: Mapping[str, str],
) -> TableModel:
    """Compute the table model from ``snap`` (the viewer's own snapshot, or a spectator's).

    ``log`` keeps the log of the hand on show between redraws (each event told once); a
    one-off model tells the hand afresh. ``keys`` names the key of each binding id as the
    action bar writes it (the UI reads them from its bindings: no key letter is written here).
    """
    settings = table.settings
    variant = parse_variant(settings.variant)  # a session's settings were validated
    game = tr.t(f"game.{variant}")
    view = None if snap is None else snap.view
    header_parts = [game, stakes_label(settings, tr)]
    limit_fallbacks: tuple[str, ...] = ()
    tournament = None if snap is None else snap.table.tournament
    if tournament is not None:
        # the level instead of the hand number: the row is short, the log says the hand
        header_parts[1] = stakes_label(settings, tr, tournament.status.stakes)
        header_parts.insert(1, tr.t("tournament.level", level=tournament.status.level))
        parts, last_hand = tournament_label(settings, tournament, tr)
        limit = " · ".join(parts)
        limit_fallbacks = tuple(" · ".join(parts[:n]) for n in range(len(parts) - 1, 0, -1))
    else:
        if view is not None:
            header_parts.append(tr.t("log.hand_start", number=view.hand_number))
        limit, last_hand = ("", False) if snap is None else limit_label(snap.table, tr)

    if view is None or snap is None:
        seats = tuple(_idle_seat(table, snap, seat, tr) for seat in range(len(settings.seats)))
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
    plan = reveal_plan(view.history)
    revealed_count = len(plan.order) if ui.revealed is None else ui.revealed
    revealed = set(plan.order[:revealed_count])
    reveal_done = revealed_count >= len(plan.order)
    # while hands are still being turned up, nothing may tell who won: no award lines,
    # no hand not yet turned up, stacks as they were before the pots were paid
    revealing = hand_over and not reveal_done
    history = view.history
    paid_out = paid(history) if revealing else {}
    winners_cards = winning_cards(view) if hand_over and reveal_done else {}
    winning_positions = paid_positions(history) if hand_over and reveal_done else set()
    marked_board: set[Card] = set().union(*winners_cards.values()) if winners_cards else set()
    ranks = final_ranks(view)
    mucked = {e.player for e in history if isinstance(e, CardsMucked)}

    def name_of(position: int) -> str:
        return display_name(table, view.seats[position].seat, tr)

    seat_models: list[SeatModel] = []
    by_seat = {s.seat: s for s in view.seats}
    drawing = ui.stage is Stage.HUMAN and view.legal is not None and view.legal.can_draw
    for seat in range(len(settings.seats)):
        sv = by_seat.get(seat)
        if sv is None:
            seat_models.append(_idle_seat(table, snap, seat, tr))
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
        elif snap.is_away(seat):
            counting = ui.countdown is not None and view.to_act == position and not hand_over
            status = (
                tr.t("table.away_left", seconds=ui.countdown) if counting else tr.t("table.away")
            )
        elif thinking:
            status = tr.t("table.thinking")
        elif sv.shown and position in revealed and position in ranks:
            rank = ranks[position]
            status = tr.hand_name(rank.name_key, rank.name_ranks)
            status_short = short_hand_name(rank, tr)
        elif sv.all_in:
            status = tr.t("table.all_in")
        elif sv.drawn is not None and variant is Variant.DRAW:
            status = tr.t("draw.stand_pat") if sv.drawn == 0 else tr.plural("table.drew", sv.drawn)
        title_parts = seat_title_parts(table, seat, tr)
        seat_models.append(
            SeatModel(
                seat=seat,
                title=seat_title(table, seat, tr),
                stack=chips_text(sv.stack - paid_out.get(position, 0), view.big_blind, ui, tr),
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
        awards = [e for e in history if isinstance(e, PotAwarded)]
        if len(awards) > 1:
            results = tuple(pot_winners(history, name_of, tr))
        else:
            results = tuple(pot_results(history, name_of, tr))

    def log_name(position: int) -> str:
        # a no-break space inside names: a narrow log wraps between words, never mid-name
        return name_of(position).replace(" ", "\u00a0")

    def hidden(index: int) -> bool:
        event = history[index]
        if isinstance(event, PotAwarded | HandEnded):
            return True
        return isinstance(event, CardsShown) and event.player not in revealed

    key = (view.hand_number, view.me, tr.lang, ui.reveal_all)
    lines = (log or HandLog()).lines(
        key, history, log_name, tr, dict(snap.slips), hidden if revealing else None, view.me
    )
    if last_hand and lines and tournament is None:
        lines.insert(1, tr.t("log.last_hand"))
    if view.tournament is not None and tournament is not None and tournament.first_of_level:
        stakes = stakes_label(settings, tr, tournament.status.stakes)
        if lines:
            lines.insert(
                1, tr.t("tournament.level_log", level=view.tournament.level, stakes=stakes)
            )
            if view.hand_number == 1:  # the prizes, once, at the start
                lines.insert(2, tournament_info(tournament, tr))

    info = _info(table, view, ui, tr)
    if tournament is not None and not ui.notice:
        # the players left and the prizes, where the line has room at 80 columns
        extra = tournament_info(tournament, tr)
        joined = f"{info} · {extra}" if info else extra
        if len(joined) <= INFO_ROOM:
            info = joined

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
        log=tuple(lines),
        info=info,
        actions=_actions(table, snap, ui, tr, keys),
        variant=variant,
        hand_over=hand_over,
        decision=decision_of(view, ui),
    )


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


def _idle_seat(table: Named, snap: Snapshot | None, seat: int, tr: Translator) -> SeatModel:
    """A chair not dealt into the hand: busted, or the table between hands."""
    out = snap is not None and snap.is_out(seat)
    stack = table.settings.stack if snap is None else snap.stack(seat)
    name, level = seat_title_parts(table, seat, tr)
    return SeatModel(
        seat=seat,
        title=seat_title(table, seat, tr),
        name=name,
        level=level,
        stack=tr.number(stack),
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


def _info(table: Named, view: PlayerView, ui: UiState, tr: Translator) -> str:
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
        parts.append(tr.t("table.waiting", name=display_name(table, seat, tr)))
    return " · ".join(parts)


def _watch_key(watching: bool, tr: Translator, keys: Mapping[str, str]) -> ActionModel:
    """``w``: what it does now (skip the hands folded out of, or watch them at the pace)."""
    label = tr.t("keys.skip_folded") if watching else tr.t("keys.watch_folded")
    return ActionModel(keys["watch_folded"], label, "screen.toggle_watch", True)


def all_in_possible(legal: LegalActions) -> bool:
    """Whether pushing every chip is a legal move now (in fixed limit it rarely is)."""
    action = legal.all_in_action()
    if action.kind in (ActionKind.BET, ActionKind.RAISE):
        return True
    return action.kind is ActionKind.CALL and legal.call_amount >= legal.stack


def _actions(
    table: Named, snap: Snapshot, ui: UiState, tr: Translator, keys: Mapping[str, str]
) -> tuple[ActionModel, ...]:
    """The action bar for the current stage, only legal moves enabled; ``keys``: binding id
    → key."""
    view = snap.view
    assert view is not None
    legal = view.legal
    if ui.stage is Stage.HUMAN and legal is not None:
        if legal.can_draw:
            count = len(ui.discards)
            draw_label = tr.plural("draw.button", count) if count else tr.t("action.stand_pat")
            cards = f"{keys['toggle_card_1']}–{keys[f'toggle_card_{len(legal.hand)}']}"
            return (
                ActionModel(cards, tr.t("keys.toggle_card"), "", True),
                ActionModel(keys["confirm"], draw_label, "screen.draw", True),
                ActionModel(
                    keys["stand_pat_or_show"], tr.t("action.stand_pat"), "screen.stand_pat", True
                ),
            )
        fixed = view.structure is BettingStructure.FIXED_LIMIT
        if legal.can_check:
            call_label = tr.t("action.check")
        else:
            call_label = tr.t("action.call", amount=tr.number(legal.call_amount))
        moves = (
            ActionModel(keys["fold"], tr.t("action.fold"), "screen.fold", legal.can_fold),
            ActionModel(keys["check_call"], call_label, "screen.check_call", True),
            ActionModel(
                keys["bet_raise"],
                raise_label(legal, fixed, tr),
                "screen.bet_raise",
                legal.can_raise,
            ),
        )
        possible = all_in_possible(legal)
        if fixed and not possible:
            return moves  # fixed limit: no all-in key where it cannot be used
        # the key shows the street total the all-in puts the player at, as the log does
        total = legal.current_bet + legal.stack
        label = tr.t("action.all_in", amount=tr.number(total))
        return (*moves, ActionModel(keys["all_in"], label, "screen.all_in", possible))
    if ui.stage in (Stage.REVEAL, Stage.HAND_OVER):
        over = ui.stage is Stage.HAND_OVER and snap.over
        label = tr.t("keys.results") if over else tr.t("keys.next_hand")
        moving_on = ui.stage is Stage.REVEAL or ui.moves_on
        items = [ActionModel(keys["confirm"], label, "screen.next_hand")] if moving_on else []
        if snap.may_show:
            text = tr.t("action.show")
            if len(table.local_seats) > 1:
                text = f"{text} ({display_name(table, snap.may_show[0], tr)})"
            items.append(ActionModel(keys["stand_pat_or_show"], text, "screen.show", True))
        if ui.stage is Stage.HAND_OVER and ui.review and not table.settings.watch_only:
            # the moment to look back: the hand review opens on the hand just played
            items.append(ActionModel(keys["review"], tr.t("review.this_hand"), "screen.review"))
        if ui.watch_folded is not None:
            items.append(_watch_key(ui.watch_folded, tr, keys))
        return tuple(items)
    if ui.stage is Stage.BOT and ui.watch_folded is not None:
        return (_watch_key(ui.watch_folded, tr, keys),)
    if table.settings.watch_only and ui.stage is Stage.BOT:
        label = tr.t("keys.hide_cards") if ui.reveal_all else tr.t("keys.show_cards")
        return (ActionModel(keys["reveal"], label, "screen.toggle_reveal", True),)
    return ()
