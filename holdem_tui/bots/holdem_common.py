"""Hold'em knowledge shared by the three levels: starting-hand chart, made hands, draws, board.

Each level uses a different slice of it (easy: the chart tier and the made hand; normal:
all of it with position and pot odds; hard: the chart to seed ranges), so the poker facts
live once here and the level modules hold only their decision policies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from holdem_tui.engine.evaluator import Category, category_of, hand_value
from holdem_tui.engine.ranges import PREFLOP_ORDER, hand_class


def _class_size(name: str) -> int:
    return 6 if len(name) == 2 else (4 if name.endswith("s") else 12)


def _build_percentiles() -> dict[str, float]:
    out: dict[str, float] = {}
    covered = 0
    for name in PREFLOP_ORDER:
        covered += _class_size(name)
        out[name] = 100.0 * covered / 1326
    return out


#: starting-hand class -> the smallest "top x%" of all combos that contains it
PERCENTILE: dict[str, float] = _build_percentiles()


def preflop_percentile(cards: Sequence[int]) -> float:
    """How strong two hole cards are before the flop: 0.5 for aces, 100 for 32 offsuit."""
    return PERCENTILE[hand_class(cards[0], cards[1])]


def preflop_tier(cards: Sequence[int]) -> int:
    """A coarse 1..5 tier (1 premium, 5 trash): what a casual player "knows" about a hand."""
    pct = preflop_percentile(cards)
    for tier, limit in enumerate((4.0, 12.0, 30.0, 55.0), start=1):
        if pct <= limit:
            return tier
    return 5


@dataclass(frozen=True, slots=True)
class BoardTexture:
    """How coordinated the board is, which decides how much a made hand is worth."""

    paired: bool
    max_suit: int  # most cards of one suit
    connected: int  # most board ranks inside one five-rank window
    high_card: int

    @property
    def wet(self) -> bool:
        """Flush or straight possible or one card away: medium hands lose value, bet bigger."""
        return self.max_suit >= 3 or self.connected >= 3

    @property
    def wetness(self) -> float:
        """0 (dry rainbow, disconnected) .. 1 (monotone and connected) for sizing."""
        suit = {0: 0.0, 1: 0.0, 2: 0.35, 3: 0.8}.get(self.max_suit, 1.0)
        conn = {0: 0.0, 1: 0.0, 2: 0.3, 3: 0.75}.get(self.connected, 1.0)
        return min(1.0, 0.6 * suit + 0.5 * conn)


def board_texture(board: Sequence[int]) -> BoardTexture:
    """Read a board's texture (an empty board is dry)."""
    if not board:
        return BoardTexture(False, 0, 0, 0)
    ranks = [c >> 2 for c in board]
    suits = [c & 3 for c in board]
    distinct = set(ranks)
    if 12 in distinct:
        distinct.add(-1)  # the ace plays low in the wheel
    connected = max(sum(1 for r in distinct if low <= r < low + 5) for low in range(-1, 9))
    return BoardTexture(
        paired=len(set(ranks)) < len(ranks),
        max_suit=max(suits.count(s) for s in range(4)),
        connected=connected,
        high_card=max(ranks),
    )


@dataclass(frozen=True, slots=True)
class MadeHand:
    """What the hole cards make with the board, in the words players use.

    ``level`` orders them: 0 nothing, 1 weak pair (board pair or under-pair / bottom pair),
    2 middle pair, 3 top pair, 4 overpair or top pair top kicker, 5 two pair or set made
    with the hole cards, 6 straight or better that uses a hole card.
    """

    category: Category
    level: int
    value: int


def made_hand(hole: Sequence[int], board: Sequence[int]) -> MadeHand:
    """Classify the hand; on an empty board only pocket pairs count as "made"."""
    if len(board) < 3:
        pair = hole[0] >> 2 == hole[1] >> 2
        level = 4 if pair and hole[0] >> 2 >= 8 else (2 if pair else 0)
        return MadeHand(Category.PAIR if pair else Category.HIGH_CARD, level, 0)
    value = hand_value((*hole, *board))
    category = category_of(value)
    board_value = hand_value(board) if len(board) >= 5 else 0
    board_category = category_of(board_value) if board_value else Category.HIGH_CARD
    ranks = sorted((c >> 2 for c in board), reverse=True)
    h1, h2 = sorted((c >> 2 for c in hole), reverse=True)
    if category >= Category.STRAIGHT:
        # a board straight/flush that the hole cards do not improve is only "middle" strength
        level = 6 if value > board_value else 1
    elif category >= Category.TWO_PAIR:
        board_pairs = len(ranks) - len(set(ranks))
        if category == Category.TWO_PAIR and board_pairs >= 1:
            # one pair is the board's: it plays like a single pair of ours
            level = 3 if max(h1, h2) >= ranks[0] or (h1 in ranks and h1 == ranks[0]) else 2
        elif category == Category.THREE_OF_A_KIND and board_pairs >= 1 and h1 != h2:
            level = 5 if (h1 in ranks or h2 in ranks) else 1
        elif category >= Category.FULL_HOUSE and board_category >= Category.FULL_HOUSE:
            level = 5 if value > board_value else 1
        else:
            level = 5
    elif category == Category.PAIR:
        if h1 == h2:
            level = 4 if h1 > ranks[0] else (2 if h1 > ranks[-1] else 1)
        elif h1 == ranks[0] or h2 == ranks[0]:
            kicker = h2 if h1 == ranks[0] else h1
            level = 4 if kicker >= 10 else 3
        elif h1 in ranks or h2 in ranks:
            paired = h1 if h1 in ranks else h2
            level = 2 if paired > ranks[-1] else 1
        else:
            level = 1  # the pair is on the board
    else:
        level = 0
    return MadeHand(category, level, value)


@dataclass(frozen=True, slots=True)
class Draws:
    """Unmade potential: flush draw, open-ended straight draw, gutshot, overcards."""

    flush: bool
    open_ended: bool
    gutshot: bool
    overcards: int

    @property
    def outs(self) -> int:
        """Clean-ish outs, the number the rule of 2 and 4 multiplies."""
        outs = 9 if self.flush else 0
        if self.open_ended:
            outs += 8 if not self.flush else 6
        elif self.gutshot:
            outs += 4 if not self.flush else 3
        return outs + (3 * self.overcards if outs < 8 else 0)


def draws(hole: Sequence[int], board: Sequence[int]) -> Draws:
    """Find the draws the hole cards have on a flop or turn (none on the river)."""
    if not 3 <= len(board) <= 4:
        return Draws(False, False, False, 0)
    cards = (*hole, *board)
    flush = False
    for suit in range(4):
        in_suit = [c for c in cards if c & 3 == suit]
        if len(in_suit) == 4 and any(c & 3 == suit for c in hole):
            flush = True
    ranks = {c >> 2 for c in cards}
    if 12 in ranks:
        ranks.add(-1)
    hole_ranks = {c >> 2 for c in hole} | ({-1} if any(c >> 2 == 12 for c in hole) else set())
    open_ended = gutshot = False
    for low in range(-1, 9):
        window = {r for r in ranks if low <= r < low + 5}
        if len(window) == 4 and window & hole_ranks:
            missing = ({low + k for k in range(5)} - window).pop()
            if missing in (low, low + 4) and low + 4 <= 12 and low >= 0:
                open_ended = True
            else:
                gutshot = True
        if len(window) == 5:
            return Draws(flush, False, False, 0)  # already a straight
    top_board = max(c >> 2 for c in board)
    overcards = sum(1 for c in hole if c >> 2 > top_board)
    return Draws(flush, open_ended, gutshot, overcards)


def playability(cards: Sequence[int]) -> float:
    """How much of its equity a hand tends to realise after the flop (1.0 = all).

    Pairs, suited and connected hands make strong hands or draws and keep theirs;
    disconnected offsuit hands with a low card mostly make weak pairs and lose theirs.
    """
    r1, r2 = sorted((cards[0] >> 2, cards[1] >> 2), reverse=True)
    if r1 == r2:
        return 1.0
    score = 1.0
    if cards[0] & 3 == cards[1] & 3:
        score += 0.04
    gap = r1 - r2
    if gap >= 4:
        score -= 0.05
    if r2 < 6 and gap >= 3:
        score -= 0.07
    return score


def pot_odds(call: int, pot: int) -> float:
    """The share of the final pot a call pays for: the equity a call needs to break even."""
    return call / (pot + call) if call > 0 else 0.0


def position_group(position: int, players: int) -> str:
    """``early``, ``middle``, ``late``, ``sb`` or ``bb`` for opening ranges.

    Position 0 is the small blind (1 the big blind) with three or more players; heads-up,
    position 1 is the button and small blind, position 0 the big blind.
    """
    if players == 2:
        return "late" if position == 1 else "bb"
    if position == 0:
        return "sb"
    if position == 1:
        return "bb"
    from_button = players - 1 - position  # 0 = button, 1 = cutoff ...
    if from_button <= 1:
        return "late"
    if from_button <= 3 and players > 5:
        return "middle"
    return "middle" if from_button <= 2 else "early"
