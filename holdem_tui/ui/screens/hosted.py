"""The screens of a hosted table around its games: the lobby, and the end of a game there.

A network seat's table is the same table screen as a local game's; what differs is before
and after. Before a game the :class:`LobbyScreen` says where the table is, who has sat down
and who is at the table now, and what deals the first hand (every chair taken, or the host
starting without the open ones: only the host's lobby has that key). After a game the
:class:`HostedEndScreen` is the end screen with what "Play again" and "New game" mean at a
hosted table, which differs for the host and a friend, and the table's answer so far
("waiting for the host", "the host closed the table").

Both only draw what the driver hands them (:class:`LobbyView`, :meth:`HostedEndScreen.note`)
and post what the player chose; the driver decides what it means.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from holdem_tui.game_settings import GameSettings
from holdem_tui.net.secure import spaced_code
from holdem_tui.session.labels import Named, level_label, stakes_label
from holdem_tui.session.outcome import SessionResult
from holdem_tui.session.present import ActionModel
from holdem_tui.ui.base_app import Translated, key_names, language_key, translator
from holdem_tui.ui.keybars import KeyFooter
from holdem_tui.ui.screens.end import EndScreen
from holdem_tui.ui.widgets import DialogBox

#: the lobby's phases: reaching the table, and chairs filling before the first deal
CONNECTING: Final = "connecting"
FILLING: Final = "filling"

if TYPE_CHECKING:  # the counting is imported when a game ends
    from holdem_tui.review import SeatStats


@dataclass(frozen=True, slots=True)
class LobbyView:
    """What the lobby shows: the table's address and code, and the chairs so far.

    ``settings`` is the table as welcomed (its game, stakes, bot levels; ``None`` before
    the welcome), ``names`` and ``here`` the host's latest word on each chair (a name, or
    ``None`` while open; whether its player is at the table now). ``host`` marks the host's
    own lobby (it may start now), ``me`` this client's chair. ``problem`` is the last
    refusal, said plainly.
    """

    address: str
    code: str
    phase: str = CONNECTING
    settings: GameSettings | None = None
    host: bool = False
    me: int | None = None
    names: tuple[str | None, ...] = ()
    here: tuple[bool, ...] = field(default=())
    problem: str = ""


class LobbyScreen(Translated, Screen[None]):
    """Before a game: where the table is, its code, who has sat down, and what starts it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start_now", show=False, id="start_now"),
    ]

    DEFAULT_CSS: ClassVar[str] = """
    LobbyScreen { align: center middle; background: $panel-darken-2; }
    #lobby-box { width: 76; max-width: 100%; height: auto; max-height: 100%;
                 border: heavy $accent; padding: 0 2; background: $surface; }
    #lobby-title { width: 100%; text-align: center; text-style: bold; }
    #lobby-game { width: 100%; text-align: center; color: $text-muted; }
    #lobby-seats { width: 100%; margin: 1 0 0 0; }
    #lobby-note { width: 100%; margin: 1 0 0 0; }
    #lobby-problem { width: 100%; margin: 1 0 0 0; color: $warning; }
    #lobby-footer { dock: bottom; height: auto; background: $panel; padding: 0 1; }
    """

    @dataclass
    class StartNow(Message):
        """The host asks to deal now, without the chairs still open."""

    def __init__(self, view: LobbyView) -> None:
        super().__init__(classes="lobby-screen")
        self.view = view

    def compose(self) -> ComposeResult:
        """A centred box with the table, its chairs and what starts the game; keys below."""
        parts = ("title", "game", "seats", "note", "problem")
        yield DialogBox("lobby", *(Static(id=f"lobby-{part}") for part in parts))
        yield KeyFooter(id="lobby-footer")

    def show(self, view: LobbyView) -> None:
        """Draw ``view`` (the driver's latest word on the table)."""
        self.view = view
        self.retranslate()

    def retranslate(self) -> None:
        """Redraw in the current language."""
        title = next(self.query("#lobby-title").results(Static), None)
        if title is None:  # not composed yet (on_mount draws it), or closed for the table
            return
        tr = translator(self)
        view = self.view
        if view.code:
            title.update(tr.t("net.table_at", address=view.address, code=spaced_code(view.code)))
        else:  # a web page's table: the page is the address, and it types the code itself
            title.update(tr.t("net.table_page", address=view.address))
        settings = view.settings
        game = ""
        if settings is not None:
            game = f"{tr.t(f'game.{settings.variant}')} · {stakes_label(settings, tr)}"
        self.query_one("#lobby-game", Static).update(game)
        seats = self.query_one("#lobby-seats", Static)
        seats.display = view.phase == FILLING and bool(view.names)
        if seats.display:
            seats.update(self._seat_table())
        note = tr.t("net.connecting")
        if view.phase == FILLING:
            note = tr.t("net.lobby_host") if view.host else tr.t("net.lobby_friend")
            if view.host:  # the code is the table's key: the host hands it out
                note += "\n" + tr.t("net.lobby_code", code=spaced_code(view.code))
        self.query_one("#lobby-note", Static).update(note)
        problem = self.query_one("#lobby-problem", Static)
        problem.update(view.problem)
        problem.display = bool(view.problem)
        bound = key_names(self, LobbyScreen)
        keys = []
        if view.host and view.phase == FILLING:
            keys.append(ActionModel(bound["start_now"], tr.t("net.start_now"), "screen.start_now"))
            keys.append(ActionModel(bound["hand_over"], tr.t("hand_over.key"), "app.hand_over"))
        keys += [
            language_key(tr),
            ActionModel(bound.long("quit"), tr.t("net.leave"), "app.request_quit"),
        ]
        self.query_one("#lobby-footer", KeyFooter).show(keys)

    def _seat_table(self) -> RichTable:
        """One row per chair: its number, who sits there, and whether they are here."""
        tr = translator(self)
        view = self.view
        table = RichTable(box=None, show_header=False, padding=(0, 1), expand=False)
        table.add_column(justify="right")
        table.add_column(no_wrap=True, max_width=34, overflow="ellipsis")
        table.add_column()
        settings = view.settings
        for index, name in enumerate(view.names):
            here = index < len(view.here) and view.here[index]
            seat = (
                None if settings is None or index >= len(settings.seats) else settings.seats[index]
            )
            if name is None:
                who = Text(tr.t("net.open_seat"), style="dim")
                status = Text("")
            elif seat is not None and not seat.is_human:
                who = Text(tr.t("bot.level", name=name, level=level_label(seat.level, tr)))
                status = Text(tr.t("net.seat_here"), style="dim")
            else:
                label = tr.t("bot.level", name=name, level=tr.t("table.you"))
                who = Text(label if index == view.me else name)
                if here:
                    status = Text(tr.t("net.seat_here"), style="green")
                else:
                    status = Text(tr.t("net.seat_not_here"), style="yellow")
            table.add_row(f"{index + 1}.", who, status)
        return table

    def action_start_now(self) -> None:
        """``s`` (the host's lobby only): deal now with the players who are here."""
        if self.view.host and self.view.phase == FILLING:
            self.post_message(self.StartNow())


#: what the player asked of the end screen at a hosted table, and the table's answer so far
OPENING: Final = "opening"
WAITING: Final = "waiting"
LEAVING: Final = "leaving"
CLOSED: Final = "closed"
#: the host's next game had no chair for this player (the note says why)
REFUSED: Final = "refused"


class HostedEndScreen(EndScreen):
    """The end screen at a hosted table: the same results, and the table's own choices.

    For the host "Play again" opens the next game at this table with the same settings and
    "New game" with new ones (the setup screen first); for a friend "Play again" says they
    are in for the next game and waits for the host, and "New game" leaves the table. The
    screen stays while the table answers (:meth:`note`); a choice is posted as
    :class:`Chosen` for the driver, never dismissed from here.
    """

    DEFAULT_CSS: ClassVar[str] = """
    #end-hosted { margin: 1 0 0 0; }
    """

    @dataclass
    class Chosen(Message):
        """The player's choice: ``"again"``, ``"setup"`` or ``"quit"``."""

        choice: str

    def __init__(
        self,
        table: Named,
        result: SessionResult,
        *,
        host: bool,
        table_open: bool,
        code: str,
        stats: Mapping[int, SeatStats] | None = None,
    ) -> None:
        """``stats``: this player's play over the game, as the host counted it."""
        super().__init__(table, result, stats)
        self.host = host
        self.table_open = table_open
        self.code = code
        #: where the table is with the player's choice (``OPENING``, ``WAITING``, ...)
        self.status = ""
        #: a refusal or error to read, said plainly
        self.problem = ""

    def on_mount(self) -> None:
        """Add the table's line under the results, then fill in every text."""
        self.query_one(DialogBox).mount(Static(id="end-hosted"))
        super().on_mount()

    def note(self, status: str = "", problem: str = "", *, table_open: bool | None = None) -> None:
        """Say where the table is with the player's choice (and whether it stays open)."""
        self.status = status
        self.problem = problem
        if table_open is not None:
            self.table_open = table_open
        if self.is_mounted and self.query("#end-hosted"):  # on screen (not closed yet)
            self.retranslate()

    def allowed(self) -> frozenset[str]:
        """The choices that mean something now.

        At an open table: Play again and New game, until one of them is under way; a
        friend waiting for the host may still leave (New game). A table that closes takes
        no next game: a friend may still leave with the hint of how to host their own.
        """
        if self.status in (OPENING, LEAVING):
            return frozenset({"quit"})
        open_ = self.table_open and self.status not in (CLOSED, REFUSED)
        if self.host:
            return frozenset({"again", "setup", "quit"} if open_ else {"quit"})
        if open_ and self.status != WAITING:
            return frozenset({"again", "setup", "quit"})
        return frozenset({"setup", "quit"})

    def retranslate(self) -> None:
        """The results as at any table, then this table's line and keys."""
        super().retranslate()
        tr = translator(self)
        open_ = self.table_open and self.status not in (CLOSED, REFUSED)
        problem = self.problem
        if self.status == REFUSED:
            line, problem = problem, ""
        elif self.status == CLOSED:
            line = tr.t("net.end_closed")
        elif not open_:
            line = tr.t("net.end_no_next")
        elif self.status == OPENING:
            line = tr.t("net.end_opening")
        elif self.status == WAITING:
            line = tr.t("net.end_waiting")
        elif self.status == LEAVING:
            line = tr.t("net.end_leaving")
        elif self.host:
            line = tr.t("net.end_host", code=spaced_code(self.code))
        else:
            line = tr.t("net.end_friend")
        hosted = next(self.query("#end-hosted").results(Static), None)
        if hosted is not None:
            if problem:
                hosted.update(
                    Content.from_markup("$line\n[$warning]$problem[/]", line=line, problem=problem)
                )
            else:
                hosted.update(line)
        allowed = self.allowed()
        bound = key_names(self, type(self))
        keys = []
        if "again" in allowed:
            again = tr.t("end.play_again")
            keys.append(ActionModel(bound["play_again"], again, "screen.choose('again')"))
        if "setup" in allowed:
            keys.append(
                ActionModel(bound["new_game"], tr.t("setup.title"), "screen.choose('setup')")
            )
        quit_label = tr.t("net.close_table") if self.host else tr.t("end.quit")
        keys += [
            # the lifetime statistics and the drills, as on every end screen
            ActionModel(bound["stats"], tr.t("keys.stats"), "app.stats"),
            ActionModel(bound["end_train"], tr.t("keys.train"), "app.train"),
            ActionModel(bound["end_quit"], quit_label, "screen.choose('quit')"),
            language_key(tr),
        ]
        footer = next(self.query("#end-footer").results(KeyFooter), None)
        if footer is not None:
            footer.show(keys)

    def action_choose(self, choice: str) -> None:
        """Tell the driver what the player chose (a choice that means nothing now: a beep)."""
        if choice not in self.allowed():
            self.app.bell()
            return
        self.post_message(self.Chosen(choice))
