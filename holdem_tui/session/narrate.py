"""Words for what happened: the hand log, hand names and pot labels, in the current language.

Free of Textual on purpose: the log is rebuilt from the hand's events every time it is drawn,
so switching the language mid-hand re-tells the whole hand in the new language, and tests can
check the wording without a screen. Everything here reads a :class:`PlayerView` (never the
hand), so the log can only ever contain what that viewer may know.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum

from holdem_tui.engine.actions import ActionKind, IllegalAction
from holdem_tui.engine.cards import Card
from holdem_tui.engine.evaluator import evaluate
from holdem_tui.engine.events import (
    AntePosted,
    BetReturned,
    BlindKind,
    BlindPosted,
    BoardDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    Event,
    HandEnded,
    HandStarted,
    PlayerActed,
    PotAwarded,
    ShownHand,
    Street,
)
from holdem_tui.engine.pots import Pot
from holdem_tui.i18n import Translator

#: position in the hand -> the name the table shows for it
NameOf = Callable[[int], str]


class Slip(StrEnum):
    """How a bot failed a decision and was replaced, as the log tells it in one line
    (``log.bot_fault.*``: "Robo took too long: it checks")."""

    TIMEOUT = "timeout"
    ILLEGAL = "illegal"
    FAILED = "failed"


def rank_text(card: Card) -> str:
    """The rank as printed on a card: "10" rather than the engine's "T"."""
    return card.rank_label


def card_text(card: Card) -> str:
    """A card for running text, e.g. ``10♥`` (:meth:`Card.pretty`: the coach writes it so too)."""
    return card.pretty()


def cards_text(cards: Sequence[Card]) -> str:
    """Cards for running text, space separated."""
    return " ".join(card_text(c) for c in cards)


def hand_name(cards: Sequence[Card], tr: Translator) -> str:
    """The made hand these cards form, in words ("Two pair, kings and fives").

    With fewer than five cards (Hold'em before the flop) only a pair or a high card can be
    named, which is exactly what a player would say about two hole cards.
    """
    if not cards:
        return ""
    if len(cards) >= 5:
        rank = evaluate(cards)
        return tr.hand_name(rank.name_key, rank.name_ranks)
    ranks = sorted((c.rank for c in cards), reverse=True)
    if len(ranks) >= 2 and ranks[0] == ranks[1]:
        return tr.hand_name("pair", (ranks[0],))
    return tr.hand_name("high_card", (ranks[0],))


def pot_label(index: int, pot_count: int, tr: Translator) -> str:
    """ "Pot", "Main pot" or "Side pot 2": the name players use for pot ``index``."""
    if pot_count <= 1:
        return tr.t("table.pot")
    if index == 0:
        return tr.t("table.main_pot")
    return tr.t("table.side_pot", n=index)


def pots_summary(pots: Sequence[Pot], tr: Translator) -> str:
    """ "Main pot 120 · Side pot 1 40": every pot by name, or "" while there is only one
    (the total says it all); the replay and the review print it under the board."""
    if len(pots) <= 1:
        return ""
    return " · ".join(
        f"{pot_label(index, len(pots), tr)} {tr.number(pot.amount)}"
        for index, pot in enumerate(pots)
    )


def pot_line(
    index: int,
    pots: Sequence[Pot],
    name_of: NameOf,
    tr: Translator,
    live: Sequence[int] = (),
) -> str:
    """One pot as the table shows it: its name, its chips and who can still win it.

    When every player still in the hand can win it, it says "everyone" rather than a list
    that would not fit a small terminal.
    """
    pot = pots[index]
    if live and set(pot.eligible) >= set(live):
        names = tr.t("table.everyone")
    else:
        names = ", ".join(name_of(p) for p in pot.eligible)
    return tr.t(
        "table.pot_line",
        pot=pot_label(index, len(pots), tr),
        amount=tr.number(pot.amount),
        names=names,
    )


def pot_winners(history: Sequence[Event], name_of: NameOf, tr: Translator) -> list[str]:
    """Per pot of a finished hand with side pots: "Main pot: 3,960 → Mila"."""
    awards = [e for e in history if isinstance(e, PotAwarded)]
    lines = []
    for event in awards:
        winners = ", ".join(name_of(p) for p, amount in event.shares if amount > 0)
        lines.append(
            tr.t(
                "table.pot_won",
                pot=pot_label(event.pot_index, len(awards), tr),
                amount=tr.number(event.amount),
                names=winners,
            )
        )
    return lines


def narrate(
    history: Sequence[Event],
    name_of: NameOf,
    tr: Translator,
    slips: Mapping[int, Slip] | None = None,
    viewer: int | None = None,
) -> list[str]:
    """The hand's log lines, oldest first, from the events a viewer may see.

    ``slips`` are the decisions (by index, counting every action and draw) a bot failed and
    was replaced at: each is told as one line saying both ("Robo took too long: it checks").
    ``viewer`` is the position whose own draw is told as "You throw …"; everyone else's
    cards, where the history has them (a review, a replay), go under their name.
    """
    return [line for _, line in _Teller(name_of, tr, slips or {}, viewer).tell(history, 0)]


class HandLog:
    """One screen's log of the hand on show: each event told once, as it arrives.

    A redraw costs the events that came since the last one, not the whole hand. The log
    is one viewer's (a hot seat's players each see their own draws, a spectator nobody's),
    and a new hand, another viewer or another language tells it afresh (the whole hand in
    the new language). ``hidden`` lines are left out for now without being told again
    later: while a showdown is being turned up, the hands not up yet and the awards.
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._told: list[tuple[int, str]] = []
        self._count = 0
        self._teller: _Teller | None = None

    def lines(
        self,
        key: tuple[object, ...],
        history: Sequence[Event],
        name_of: NameOf,
        tr: Translator,
        slips: Mapping[int, Slip],
        hidden: Callable[[int], bool] | None = None,
        viewer: int | None = None,
    ) -> list[str]:
        """The log of ``history`` for the viewer and hand ``key`` names, as it stands now
        (``viewer``: the position whose own draws are told as "You throw …")."""
        if key != self._key or self._teller is None or len(history) < self._count:
            self._key = key
            self._told = []
            self._count = 0
            self._teller = _Teller(name_of, tr, slips, viewer)
        self._teller.slips = slips
        if len(history) > self._count:
            self._told += self._teller.tell(history, self._count)
            self._count = len(history)
        return [line for index, line in self._told if hidden is None or not hidden(index)]


class _Teller:
    """Tells a hand's events in order, keeping what a line depends on from earlier ones."""

    def __init__(
        self, name_of: NameOf, tr: Translator, slips: Mapping[int, Slip], viewer: int | None
    ) -> None:
        self.name_of = name_of
        self.tr = tr
        self.slips = slips
        self.viewer = viewer
        self.decision = -1
        self.shown_before_board = False
        self.announced_run_out = False

    def tell(self, history: Sequence[Event], start: int) -> list[tuple[int, str]]:
        """The lines of ``history[start:]``, each with the index of its event.

        A line may look ahead in ``history``: how many pots were paid (one or named pots),
        and the final rank of a hand turned up before the run-out (the engine's
        :class:`~holdem_tui.engine.events.HandEnded` carries it; the events of one move
        always arrive together, so it is known by then).
        """
        pot_count = sum(1 for e in history if isinstance(e, PotAwarded))
        judged: dict[int, ShownHand] = {}
        for event in history:
            if isinstance(event, HandEnded):
                judged = {hand.player: hand for hand in event.shown}
        # a history cut short (a step of the review) names a hand by its board so far
        board = [card for e in history if isinstance(e, BoardDealt) for card in e.cards]
        told: list[tuple[int, str]] = []
        for index in range(start, len(history)):
            told += (
                (index, line) for line in self._event(history[index], pot_count, judged, board)
            )
        return told

    def _event(
        self,
        event: Event,
        pot_count: int,
        judged: Mapping[int, ShownHand],
        board: Sequence[Card],
    ) -> list[str]:
        tr, name_of, slips = self.tr, self.name_of, self.slips
        lines: list[str] = []
        text: str | None = None
        if isinstance(event, HandStarted):
            text = tr.t("log.hand_start", number=event.hand_number)
        elif isinstance(event, AntePosted):
            text = tr.t(
                "log.posts_ante", name=name_of(event.player), amount=tr.number(event.amount)
            )
        elif isinstance(event, BlindPosted):
            key = (
                "log.posts_small_blind" if event.kind is BlindKind.SMALL else "log.posts_big_blind"
            )
            text = tr.t(key, name=name_of(event.player), amount=tr.number(event.amount))
        elif isinstance(event, BoardDealt):
            if self.shown_before_board and not self.announced_run_out:
                lines.append(tr.t("log.run_out"))
                self.announced_run_out = True
            key = {Street.FLOP: "log.flop", Street.TURN: "log.turn"}.get(event.street, "log.river")
            text = tr.t(key, cards=cards_text(event.cards))
        elif isinstance(event, PlayerActed | CardsDrawn) and (self.decision + 1) in slips:
            self.decision += 1
            text = _slipped(event, slips[self.decision], name_of, tr)
        elif isinstance(event, PlayerActed):
            self.decision += 1
            text = _acted(event, name_of, tr)
        elif isinstance(event, CardsDrawn):
            self.decision += 1
            name = name_of(event.player)
            if event.count == 0:
                text = tr.t("log.stands_pat", name=name)
            else:
                text = tr.plural("log.draws", event.count, name=name)
                if event.discarded and event.received:  # the drawer's view, or a review's
                    lines.append(text)
                    own = self.viewer is not None and event.player == self.viewer
                    text = tr.t(
                        "table_log.you_drew" if own else "table_log.drew_cards",
                        name=name,
                        thrown=cards_text(event.discarded),
                        received=cards_text(event.received),
                    )
        elif isinstance(event, BetReturned):
            text = tr.t(
                "log.uncalled_returned", name=name_of(event.player), amount=tr.number(event.amount)
            )
        elif isinstance(event, CardsShown):
            self.shown_before_board = True
            text = _shown(event, judged.get(event.player), board, name_of, tr)
        elif isinstance(event, CardsMucked):
            text = tr.t("log.mucks", name=name_of(event.player))
        elif isinstance(event, PotAwarded):
            lines.extend(_awarded(event, pot_count, name_of, tr))
        elif isinstance(event, HandEnded):
            lines.extend(
                tr.t("log.busted", name=name_of(p)) for p, s in enumerate(event.stacks) if s == 0
            )
        if text:
            lines.append(text)
        return lines


def _shown(
    event: CardsShown,
    final: ShownHand | None,
    board: Sequence[Card],
    name_of: NameOf,
    tr: Translator,
) -> str:
    """ "Ana shows A♠ K♠ (Flush, ace high)": named as the hand ended (``final``), else as the
    cards shown make it with the board so far."""
    name = name_of(event.player)
    label = tr.hand_name(event.name_key, event.name_ranks) if event.name_key else ""
    if final is not None and final.name_key:
        label = tr.hand_name(final.name_key, final.name_ranks)
    elif len(event.cards) + len(board) >= 5:
        now = evaluate((*event.cards, *board))
        label = tr.hand_name(now.name_key, now.name_ranks)
    if label:
        return tr.t("log.shows", name=name, cards=cards_text(event.cards), hand=label)
    return tr.t("log.shows_cards", name=name, cards=cards_text(event.cards))


def _slipped(event: PlayerActed | CardsDrawn, slip: Slip, name_of: NameOf, tr: Translator) -> str:
    """A bot's failed decision and the move played in its place, in one line."""
    if isinstance(event, CardsDrawn):
        move = "stand_pat"
    else:
        move = "fold" if event.kind is ActionKind.FOLD else "check"
    return tr.t(
        f"log.bot_fault.{slip}", name=name_of(event.player), move=tr.t(f"log.bot_move.{move}")
    )


def _acted(event: PlayerActed, name_of: NameOf, tr: Translator) -> str:
    name = name_of(event.player)
    if event.all_in and event.kind is not ActionKind.FOLD:
        # one form everywhere: the street total it puts the player at, as on the all-in key
        if event.amount != event.to:
            return tr.t(
                "table_log.all_in_adds",
                name=name,
                amount=tr.number(event.to),
                added=tr.number(event.amount),
            )
        return tr.t("log.all_in", name=name, amount=tr.number(event.to))
    if event.kind is ActionKind.FOLD:
        return tr.t("log.folds", name=name)
    if event.kind is ActionKind.CHECK:
        return tr.t("log.checks", name=name)
    if event.kind is ActionKind.CALL:
        return tr.t("log.calls", name=name, amount=tr.number(event.amount))
    if event.kind is ActionKind.BET:
        return tr.t("log.bets", name=name, amount=tr.number(event.to))
    return tr.t("log.raises_to", name=name, amount=tr.number(event.to))


def _awarded(event: PotAwarded, pot_count: int, name_of: NameOf, tr: Translator) -> list[str]:
    winners = [p for p, amount in event.shares if amount > 0]
    if len(winners) > 1:
        names = ", ".join(name_of(p) for p in winners)
        if pot_count <= 1:
            return [
                tr.t("log.splits", names=names, amount=tr.number(event.amount)),
                *_odd_chips(event, name_of, tr),
            ]
        label = pot_label(event.pot_index, pot_count, tr)
        return [
            tr.t("log.splits_pot", names=names, amount=tr.number(event.amount), pot=label),
            *_odd_chips(event, name_of, tr),
        ]
    if not winners:
        return []
    return [award_text(event.pot_index, pot_count, winners[0], event.amount, name_of, tr)]


def _odd_chips(event: PotAwarded, name_of: NameOf, tr: Translator) -> list[str]:
    """Who got the chip a split pot could not divide: the winners paid more than the least.

    The engine already hands odd chips out (first winner left of the button first); the log
    says so, because a player who sees 1,001 and 1,000 wants to know why.
    """
    paid = [amount for _, amount in event.shares if amount > 0]
    least = min(paid)
    return [tr.t("log.odd_chip", name=name_of(p)) for p, amount in event.shares if amount > least]


def award_text(
    pot_index: int,
    pot_count: int,
    winner: int,
    amount: int,
    name_of: NameOf,
    tr: Translator,
) -> str:
    """ "Ana wins 600 from the main pot": pot ``pot_index`` going to one winner.

    ``pot_count`` decides between "wins 600" (a single pot) and naming the pot.
    """
    name = name_of(winner)
    if pot_count <= 1:
        return tr.t("log.wins_pot", name=name, amount=tr.number(amount))
    if pot_index == 0:
        return tr.t("log.wins_main_pot", name=name, amount=tr.number(amount))
    return tr.t("log.wins_side_pot", name=name, amount=tr.number(amount), n=pot_index)


def pot_results(history: Sequence[Event], name_of: NameOf, tr: Translator) -> list[str]:
    """One announcement per pot of a finished hand, each naming its winner and amount."""
    awards = [e for e in history if isinstance(e, PotAwarded)]
    lines: list[str] = []
    for event in awards:
        lines.extend(_awarded(event, len(awards), name_of, tr))
    return lines


def refusal_text(tr: Translator, exc: IllegalAction) -> str:
    """Why the engine refused a move, in the player's words (``error.action.<reason>``).

    Amounts are formatted the player's way; a reason whose message is a plural table ("at
    most 3 cards") takes the ``count`` parameter, so every language picks its own form.
    A reason without a message of its own falls back to the general "not allowed now".
    """
    key = f"error.action.{exc.reason}"
    params: dict[str, object] = {}
    for name, value in exc.params.items():
        if name != "count":
            params[name] = tr.number(value) if isinstance(value, int) else value
    count = exc.params.get("count")
    if tr.is_plural(key) and isinstance(count, int):
        text = tr.plural(key, count, **params)
    else:
        text = tr.t(key, **params)
    return tr.t("error.illegal_action") if text == key else text
