"""The table's words for who and what: names, seat titles, streets, stakes, limits, hands.

Shared by everything that names a chair or a phase of the hand in the player's language: the
table (:mod:`holdem_tui.session.present`), the end and bust screens, the lobby, the review
and the replay. Each takes the :class:`Named` facts it needs (a session, or a screen's
:class:`~holdem_tui.session.snapshot.Seating`), never a whole table.
"""

from __future__ import annotations

import math
from typing import Protocol

from holdem_tui.engine.actions import LegalActions
from holdem_tui.engine.cards import Card
from holdem_tui.engine.events import Street
from holdem_tui.engine.schedule import Level
from holdem_tui.engine.variants import BettingStructure, rules_of
from holdem_tui.game_settings import BOT_LEVELS, GameSettings
from holdem_tui.i18n import Translator
from holdem_tui.session.narrate import rank_text
from holdem_tui.session.outcome import SessionResult
from holdem_tui.session.snapshot import TableState, TournamentTable


class Named(Protocol):
    """What naming a chair needs: the settings, each chair's name and the chairs played here."""

    @property
    def settings(self) -> GameSettings:
        """The game's settings (seats, stakes, limits)."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every chair's name ("" for a person who gave none)."""

    @property
    def local_seats(self) -> tuple[int, ...]:
        """The chairs played at this screen."""


class Judged(Protocol):
    """A hand as judged: its name's key and ranks (a :class:`HandRank`, a shown hand)."""

    @property
    def name_key(self) -> str:
        """The hand category's key ("two_pair")."""

    @property
    def name_ranks(self) -> tuple[int, ...]:
        """The ranks that name it (the two pairs' ranks)."""


def display_name(table: Named, seat: int, tr: Translator) -> str:
    """The name used for a chair in the log and in messages: its own, or "Player N".

    An unnamed human gets the translated "Player N" rather than "You", because "You raises
    to 60" is wrong in every language; their seat title adds "(You)" instead.
    """
    name = table.names[seat]
    return name or tr.t("setup.default_name", n=seat + 1)


def level_label(level: str, tr: Translator) -> str:
    """The bot level in words ("Hard"), or "Plugin" for a ``module:Class`` bot."""
    return tr.t(f"bot.{level}") if level in BOT_LEVELS else tr.t("bot.plugin")


def seat_title(table: Named, seat: int, tr: Translator) -> str:
    """ "Mila (Hard)" for a bot, "Player 1 (You)" for the one human, else the name."""
    name, level = seat_title_parts(table, seat, tr)
    return tr.t("bot.level", name=name, level=level) if level else name


def seat_title_parts(table: Named, seat: int, tr: Translator) -> tuple[str, str]:
    """The seat's name and what goes in brackets after it ("Hard", "You"; "" for none)."""
    name = display_name(table, seat, tr)
    settings = table.settings.seats[seat]
    if settings.is_human:
        return name, tr.t("table.you") if table.local_seats == (seat,) else ""
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


def stakes_label(settings: GameSettings, tr: Translator, level: Level | None = None) -> str:
    """ "Blinds 5/10 · Ante 1" or "Limits 10/20 · Ante 5" (a tournament's ``level``, else
    the settings' stakes)."""
    s = settings
    if level is None:
        fixed = rules_of(s.variant).structure is not BettingStructure.NO_LIMIT
        small, big = (s.small_bet, s.big_bet) if fixed else (s.small_blind, s.big_blind)
        level = Level(small, big, s.game_ante)
    small_text, big_text = tr.number(level.small), tr.number(level.big)
    if rules_of(s.variant).structure is BettingStructure.NO_LIMIT:
        text = tr.t("table.blinds", small=small_text, big=big_text)
    else:
        text = tr.t("table.limits", small=small_text, big=big_text)
    if level.ante:
        text += " · " + tr.t("table.ante", amount=tr.number(level.ante))
    return text


def tournament_label(
    settings: GameSettings, tournament: TournamentTable, tr: Translator
) -> tuple[list[str], bool]:
    """A tournament's line beside the stakes, in parts a narrow bar drops from the end: the
    next level and when (or, when the next hand starts it, "Next hand: Blinds 50/100 ·
    Ante 10", and ``True``), the players left, the prizes."""
    status = tournament.status
    parts = []
    if status.starts_next_hand:
        stakes = stakes_label(settings, tr, tournament.next_hand)
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


def tournament_info(tournament: TournamentTable, tr: Translator) -> str:
    """The players left and the prizes, for the info line under the table."""
    status = tournament.status
    prizes = "/".join(tr.number(p) for p in status.prizes)
    left = tr.t("tournament.left", left=status.players_left, total=status.entrants)
    return f"{left} · {tr.t('tournament.prizes', prizes=prizes)}"


def limit_label(table: TableState, tr: Translator) -> tuple[str, bool]:
    """What is left of the session limit, and whether this is the last hand."""
    if table.last_hand:
        return tr.t("log.last_hand"), True
    hands = table.hands_left
    if hands is not None:
        if hands == 0:
            return tr.t("log.last_hand"), True
        return tr.plural("session.hands_left", hands), False
    minutes = table.minutes_left
    if minutes is not None:
        return tr.plural("session.minutes_left", minutes), False
    return "", False


def out_line(table: Named, result: SessionResult, seat: int, tr: Translator) -> str:
    """ "You are out in place 4 of 6 after 37 hands." (or the player's name in hot-seat);
    in a tournament the place, TDA's, and the prize: "You finish in place 2 of 6: 210"."""
    one = len(table.settings.humans) == 1
    if result.tournament:
        prize = result.prize_of(seat)
        key = ("tournament.you_finish" if one else "tournament.finishes") + (
            "_paid" if prize else ""
        )
        return tr.t(
            key,
            place=result.place_of(seat),
            total=len(result.stacks),
            prize=tr.number(prize),
            name=display_name(table, seat, tr),
        )
    key = "bust.you_are_out" if one else "bust.is_out"
    return tr.t(
        key,
        place=result.place_of(seat),
        total=len(result.stacks),
        hands=tr.plural("unit.hands", result.hands),
        name=display_name(table, seat, tr),
    )


def short_hand_name(rank: Judged, tr: Translator) -> str:
    """A hand name cut short by design, with card ranks as printed: "Two pair, A & 9"."""
    symbols = [rank_text(Card(r << 2)) for r in rank.name_ranks]
    slots = {"high_card": ("rank",), "pair": ("rank",), "two_pair": ("high", "low")}
    slots |= {"three_of_a_kind": ("rank",), "straight": ("rank",), "flush": ("rank",)}
    slots |= {"full_house": ("high", "low"), "four_of_a_kind": ("rank",)}
    slots |= {"straight_flush": ("rank",), "royal_flush": ()}
    names = slots.get(rank.name_key, ())
    return tr.t(f"hand_short.{rank.name_key}", **dict(zip(names, symbols, strict=False)))


def bet_or_raise_key(legal: LegalActions) -> str:
    """The word for putting in more: "Bet" when nobody has bet this round, else "Raise"
    (the action bar, the fixed-limit label and the trainer all ask here)."""
    return "action.bet" if legal.is_bet else "action.raise"


def raise_label(legal: LegalActions, fixed: bool, tr: Translator) -> str:
    """The bet/raise key's label: "Raise…" opens the editor, "Raise to 20" in fixed limit."""
    if not legal.can_raise:
        return tr.t(bet_or_raise_key(legal))
    if fixed:
        key = "action.bet_amount" if legal.is_bet else "action.raise_to"
        return tr.t(key, amount=tr.number(legal.min_raise_to))
    return tr.t(bet_or_raise_key(legal)) + "…"
