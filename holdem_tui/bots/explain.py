"""What the built-in bots say about their decisions, and how any reason is put into words.

Each strategy returns ``because(action, "est_call", equity=0.34, need=0.25, count=2)``: a
:class:`~holdem_tui.engine.decision.Decision` whose reason names a message of
:data:`REASONS` and the numbers the strategy used. :data:`REASONS` is the one list of the
reasons our bots give and of what each parameter is, so the tests check every reason
against it and every language's text (``[reason]`` in ``locales/*/ui.toml``), and
:func:`reason_text` formats the numbers the way the rest of the game does.

A reason whose key is not ours (a plugin's, after :func:`foreign_reason`; an odd one in a
history file) is never looked up as a message: it is shown in its own words, cleaned of
control characters and cut to :data:`~holdem_tui.engine.decision.MAX_TEXT` characters.
The screen escapes markup as it does for names.
"""

from __future__ import annotations

from typing import Final

from holdem_tui.engine.actions import Action
from holdem_tui.engine.decision import (
    MAX_TEXT,
    Decision,
    ParamValue,
    Reason,
    reason_problem,
)
from holdem_tui.engine.evaluator import HAND_NAME_KEYS
from holdem_tui.names import clean_name

__all__ = [
    "BB",
    "REASONS",
    "WORDS",
    "because",
    "catalogue_problem",
    "cut_text",
    "foreign_reason",
]

#: a share (0.62) shown as a whole percent ("62")
PCT: Final = "pct"
#: a "top x%" share of starting hands, shown rounded up so the best hands read "top 1%"
TOP: Final = "top"
#: a whole number (chips, big blinds) grouped as the language writes numbers
NUM: Final = "num"
#: the whole number that picks the plural form of the message (``{count}``)
COUNT: Final = "count"
#: a word of :data:`WORDS`, translated under ``reason.word.``
WORD: Final = "word"
#: an expected value in big blinds, signed, shown to one decimal with its sign ("+1.4")
BB: Final = "bb"
#: the largest expected value a reason may state, in big blinds either way
MAX_BB: Final = 100_000

#: every reason a built-in bot gives: key -> parameter name -> kind
REASONS: Final[dict[str, dict[str, str]]] = {
    # before the flop (Hold'em), by starting-hand chart
    "chart_raise": {"top": TOP, "range": TOP},
    "chart_call": {"top": TOP, "range": TOP},
    "chart_fold": {"top": TOP, "range": TOP},
    "price_call": {"top": TOP, "call": NUM, "limit": NUM},
    "price_fold": {"top": TOP, "call": NUM, "limit": NUM},
    "push_fold": {"count": COUNT, "top": TOP, "range": TOP},
    "limp_behind": {"count": COUNT, "top": TOP},
    # the hand made, as an easy player sees it (both games)
    "made_value": {"made": WORD},
    "made_mixed": {"made": WORD, "chance": PCT},
    "made_check": {"made": WORD},
    "made_price_ok": {"made": WORD, "call": NUM, "pot": NUM},
    "made_price_bad": {"made": WORD, "call": NUM, "pot": NUM},
    "made_capped": {"made": WORD, "count": COUNT},
    "curious_call": {"chance": PCT},
    "bluff": {"chance": PCT},
    # a rough equity estimate against the price (normal)
    "est_value": {"equity": PCT, "count": COUNT},
    "est_commit": {"equity": PCT, "count": COUNT},
    "est_call": {"equity": PCT, "need": PCT, "count": COUNT},
    "est_fold": {"equity": PCT, "need": PCT, "count": COUNT},
    "est_check": {"equity": PCT, "count": COUNT},
    "draw_call": {"count": COUNT, "equity": PCT, "need": PCT},
    "semi_bluff": {"count": COUNT, "chance": PCT},
    "position_stab": {"chance": PCT},
    # Five-Card Draw
    "pat": {"made": WORD},
    "keep_made": {"made": WORD, "count": COUNT},
    "draw_odds": {"draw": WORD, "count": COUNT, "chance": PCT},
    "pair_open": {"count": COUNT},
    "pair_strong": {"count": COUNT},
    "pair_call": {"count": COUNT},
    "pair_weak": {"count": COUNT},
    "late_steal": {"chance": PCT},
    "draw_price_ok": {"draw": WORD, "chance": PCT, "implied": PCT, "need": PCT},
    "draw_price_bad": {"draw": WORD, "chance": PCT, "implied": PCT, "need": PCT},
    "weak_field_bluff": {"chance": PCT},
    # equity against ranges read from the public actions (the hard level's terms)
    "range_equity": {"equity": PCT, "count": COUNT, "need": PCT},
    "range_value": {"equity": PCT, "count": COUNT},
    # the equity it asks for is more (or less) than the pot odds: position, what it can
    # realise of its equity, the betting still to come
    "range_threshold": {"equity": PCT, "count": COUNT, "need": PCT, "odds": PCT},
    # the small blind facing a raise with the big blind still behind: 3-bet or fold
    "small_blind_no_flat": {},
    "bluff_budget": {"budget": PCT},
    # the hard level's expected-value pieces (heads-up, and steals at bigger tables)
    "ev_bet": {"equity": PCT, "fold": PCT, "ev": BB},
    "ev_value": {"equity": PCT, "ev": BB},
    "ev_call": {"equity": PCT, "need": PCT, "ev": BB},
    "ev_check": {"equity": PCT, "ev": BB},
    "ev_fold": {"equity": PCT, "ev": BB},
    # the hard level's rules where several players are in
    "light_3bet": {"fold": PCT},
    "protection": {"equity": PCT},
    "initiative": {"equity": PCT, "fold": PCT},
    "draw_raise": {"equity": PCT, "fold": PCT},
    "bluff_fold": {"fold": PCT},
    "snow": {"fold": PCT},
    # a tournament's short stack: the push-or-fold chart, and the prizes near the money
    # (bots/tournament_play.py); {push} {call} {fold}: the prize equity after each choice
    "chart_push": {"count": COUNT, "range": TOP},
    "chart_push_fold": {"count": COUNT, "range": TOP},
    "chart_call_jam": {"count": COUNT, "range": TOP},
    "chart_fold_jam": {"count": COUNT, "range": TOP},
    "icm_push": {"push": PCT, "fold": PCT},
    "icm_fold": {"push": PCT, "fold": PCT},
    "icm_call": {"call": PCT, "fold": PCT},
    "icm_pass": {"call": PCT, "fold": PCT},
    "icm_risk": {"risk": PCT, "keep": PCT},
}

#: Hold'em made-hand level (0..6, see holdem_common.MadeHand) -> its word, weakest first
LEVEL_WORDS: Final = (
    "nothing",
    "weak_pair",
    "middle_pair",
    "top_pair",
    "strong_pair",
    "two_pair_or_set",
    "straight_or_better",
)

#: the words a reason may name (``reason.word.<word>`` in every language): the Hold'em
#: made-hand levels, the five-card hands (the evaluator's names) and what a draw aims at
#: (draw_common.draw_kind)
WORDS: Final = frozenset({*LEVEL_WORDS, *HAND_NAME_KEYS, "four_flush", "open_straight", "gutshot"})


def because(action: Action, key: str, **params: ParamValue) -> Decision:
    """``action`` with the reason ``key`` (one of :data:`REASONS`) and its numbers.

    Shares are kept to four decimals: a reason is read as whole percents, and the history
    file stays short.
    """
    rounded = {k: round(v, 4) if isinstance(v, float) else v for k, v in params.items()}
    return Decision(action, Reason.of(key, **rounded))


def catalogue_problem(reason: Reason) -> str | None:
    """Why ``reason`` is not one of ours as :data:`REASONS` describes it (``None``: it is)."""
    shape = reason_problem(reason)
    if shape is not None:
        return shape
    spec = REASONS.get(reason.key)
    if spec is None:
        return f"unknown reason key {reason.key!r}"
    values = reason.values
    if set(values) != set(spec):
        return f"{reason.key}: parameters {sorted(values)}, expected {sorted(spec)}"
    for name, kind in spec.items():
        value = values[name]
        if kind in (PCT, TOP):
            if not isinstance(value, float | int) or not 0.0 <= value <= 1.0:
                return f"{reason.key}: {name} is not a share between 0 and 1"
        elif kind in (NUM, COUNT):
            if not isinstance(value, int) or value < 0:
                return f"{reason.key}: {name} is not a whole number"
        elif kind == BB:
            if not isinstance(value, float | int) or not -MAX_BB <= value <= MAX_BB:
                return f"{reason.key}: {name} is not a number of big blinds"
        elif value not in WORDS:
            return f"{reason.key}: {name} is not one of the reason words"
    return None


def foreign_reason(value: object) -> Reason | None:
    """Someone else's reason (a plugin's) as one to show in its own words, or ``None``.

    Accepts a :class:`Reason` (its words if it has them, else its key and parameters
    written out) or plain text; anything else, or nothing printable, gives ``None``. The
    result never carries a key of ours: a plugin cannot make the game say its words.
    """
    if isinstance(value, Reason):
        own = value.text
        if own is None and isinstance(value.key, str) and isinstance(value.params, tuple):
            parts = [
                f"{p[0]}={p[1]}" for p in value.params[:8] if isinstance(p, tuple) and len(p) == 2
            ]
            own = f"{value.key[:60]} ({', '.join(parts)})" if parts else value.key[:60]
        value = own
    if not isinstance(value, str):
        return None
    text = cut_text(value[: 4 * MAX_TEXT])
    return Reason.own_words(text) if text else None


def cut_text(text: str) -> str:
    """Printable, one line, at most :data:`MAX_TEXT` characters (an ellipsis if cut)."""
    cleaned = clean_name(text, MAX_TEXT + 1)
    if len(cleaned) <= MAX_TEXT:
        return cleaned
    return cleaned[: MAX_TEXT - 1].rstrip() + "…"
