"""The table app's screens, and the cover over them while the window is too small.

The table is laid out for 80×24 at least. In a smaller window a cover
(:class:`~holdem_tui.ui.screens.modals.TooSmallScreen`) hides everything, and it must stay on
top whatever opens meanwhile, or something would be drawn into a window too small for it: so
every screen the table app opens, replaces or empties goes through here, under the cover.
Only the quit question goes over it, so Ctrl+Q always works.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from textual import events, on
from textual.screen import Screen

from holdem_tui.ui.base_app import BaseApp
from holdem_tui.ui.screens.modals import QuitScreen, TooSmallScreen
from holdem_tui.ui.screens.table import TableScreen

if TYPE_CHECKING:  # imported when the review is first opened
    from holdem_tui.ui.hand_review import ReviewScreen

#: The smallest terminal the table is laid out for.
MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24


class CoveredApp(BaseApp[None]):
    """An app whose screens stay under a cover while the window is smaller than 80×24."""

    def __init__(self, lang: str, *, four_colour: bool = False) -> None:
        super().__init__(lang, four_colour=four_colour)
        self._cover: TooSmallScreen | None = None

    def on_resize(self, event: events.Resize) -> None:
        """Cover the table while the window is too small; carry on when it grows."""
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._cover is None:
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._cover)
        elif not small and self._cover is not None:
            cover, self._cover = self._cover, None
            if self.screen is cover:
                self.pop_screen()
            # else the quit question is open over it: the cover goes when it is uncovered
            self.window_fits()

    @on(TooSmallScreen.Uncovered)
    def _uncovered(self, message: TooSmallScreen.Uncovered) -> None:
        """A dialog over a cover closed: drop the cover if the window grew meanwhile."""
        if message.cover is not self._cover and self.screen is message.cover:
            self.pop_screen()

    def table_for(self, seat_count: int, draw_game: bool) -> TableScreen:
        """A new table screen for the game about to be played (whose chair is at the bottom
        is the app's to say)."""
        raise NotImplementedError

    def window_fits(self) -> None:
        """The window has grown big enough again: whatever waited for it carries on."""

    # ------------------------------------------------------------------ screens for the driver

    def open_screen(self, screen: Screen[Any], done: Callable[[Any], None] | None = None) -> None:
        """Open ``screen`` over the game; while the window is too small, under the cover.

        The cover must stay on top so nothing is drawn into a window too small for it; only
        the quit question goes over it, so Ctrl+Q always works.
        """
        cover = self._cover
        if cover is None or self.screen is not cover or isinstance(screen, QuitScreen):
            self.push_screen(screen, done)
            return
        self.pop_screen()
        self.push_screen(screen, done)
        self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
        self.push_screen(self._cover)

    def is_open(self, kind: type[Screen[Any]]) -> bool:
        """Whether a screen of this kind is open anywhere in the stack."""
        return any(isinstance(screen, kind) for screen in self.screen_stack)

    def open_reviews(self) -> list[ReviewScreen]:
        """The hand review screens on the stack, bottom first. The review is imported when
        first opened (not before the first frame), so until then there is none."""
        module = sys.modules.get("holdem_tui.ui.hand_review")
        if module is None:
            return []
        return [s for s in self.screen_stack if isinstance(s, module.ReviewScreen)]

    def new_table(self, seat_count: int, draw_game: bool) -> None:
        """Put a fresh table on an emptied screen stack.

        Whatever was open (the end screen, a setup form, an old table) goes, so a second
        session never stacks a second table on the first; the size cover stays on top.
        """
        self.show_alone(self.table_for(seat_count, draw_game))

    def show_alone(self, screen: Screen[Any]) -> None:
        """Put ``screen`` on an emptied stack, as :meth:`new_table` does with a table (a
        hosted table's next game opens its lobby). The size cover stays on top, and a quit
        question is asked again over it: Ctrl+Q typed while the new game is put up (just
        after "Play again") would otherwise go with the screens it opened over."""
        covered = self._cover is not None
        asking = self.is_open(QuitScreen)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)
        if covered:
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            self.push_screen(self._cover)
        if asking:
            self.action_request_quit()

    def has_table(self) -> bool:
        """Whether a table screen is open."""
        return self.table_screen() is not None

    async def swap_in_table(self, seat_count: int, draw_game: bool) -> None:
        """Replace the lobby with a table, mounted when this returns (under the size cover
        if it is up, which stays on top)."""
        asking = isinstance(self.screen, QuitScreen)
        if asking:  # asked again over the table (the lobby is what it would have left)
            await self.pop_screen()
        cover = self._cover
        if cover is not None and self.screen is cover:
            await self.pop_screen()
            await self.switch_screen(self.table_for(seat_count, draw_game))
            self._cover = TooSmallScreen(MIN_WIDTH, MIN_HEIGHT)
            await self.push_screen(self._cover)
        else:
            await self.switch_screen(self.table_for(seat_count, draw_game))
        if asking:
            self.action_request_quit()

    def table_screen(self) -> TableScreen | None:
        """The table screen, wherever it is in the stack."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None
