"""Who may look at the screen now: the one rule of hot-seat privacy.

At a hot-seat table several people share one screen. At every moment that screen is either
*public* (anyone may look) or *private to X*. A private span begins only when X presses Enter
on a curtain naming X (:meth:`Privacy.lifted`), and it ends before anything public is drawn
(:meth:`Privacy.public`): a hand's showdown and result, the next deal, a busted player's
question, the end screen, a dialog somebody else answers. A person's hidden cards are drawn
only inside their own private span, and only while the screen serves that person (their
decision, their choice to show): while the others act it draws public cards only, so nobody
passing by learns anything either.

Everything that decides what a frame may show asks this object (the driver, through
:meth:`Privacy.viewer`); the screens draw the view they are handed. Alone at the table
(one person, or a network seat) the screen is always that person's; watching bots it is
nobody's. The privacy of the hand review behind its own curtain follows the same rule (see
:mod:`holdem_tui.ui.hand_review`), and ``tests/monkey.py`` checks the rule from outside on
every frame of hot-seat runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Moment(StrEnum):
    """Something public about to be drawn; each ends any private span first."""

    DEAL = "deal"
    RESULT = "result"
    BUST = "bust"
    END = "end"


@dataclass
class Privacy:
    """Whose eyes the screen is for: nobody's in particular, or the one person ``owner``.

    ``humans`` are the chairs played at this keyboard; with more than one the screen is
    shared (hot seat) and the rule above applies.
    """

    humans: tuple[int, ...]
    #: the person whose private span it is (``None``: the screen is public)
    owner: int | None = None

    @property
    def shared(self) -> bool:
        """Several people take turns at this keyboard (hot seat)."""
        return len(self.humans) > 1

    def curtain_for(self, seat: int) -> bool:
        """Whether ``seat`` must lift a curtain naming them before the screen serves them."""
        return self.shared and self.owner != seat

    def lifted(self, seat: int) -> None:
        """``seat`` pressed Enter on a curtain naming them: the screen is theirs from now."""
        self.owner = seat

    def public(self, moment: Moment) -> None:
        """Something everyone may see is about to be drawn: no private span survives it."""
        if self.shared:
            self.owner = None

    def viewer(self, focus: int | None = None) -> int | None:
        """Whose cards a frame may show, when the screen serves ``focus`` (a decision or a
        choice of that chair; ``None``: nobody's, e.g. a bot thinks or a hand is over).

        Alone at the keyboard: always that person's. Hot seat: the owner's, and only while
        the screen serves the owner. Nobody at the keyboard: nobody's.
        """
        if not self.humans:
            return None
        if not self.shared:
            return self.humans[0]
        return self.owner if focus is not None and focus == self.owner else None
