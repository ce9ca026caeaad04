"""A network seat: the same table app as a local game, with the host as its driver.

Only the driver differs. Locally :class:`~holdem_tui.ui.local.LocalDriver` asks the session
what happens next; here :class:`RemoteDriver` lets the host decide, and every ``state`` it
sends sets the stage (your turn, someone else's, the hand is over). The session is a
:class:`~holdem_tui.net.client.RemoteSession`, so the action bar, the raise editor, the draw
and the log run unchanged and a decision simply travels to the host. The shared
:class:`~holdem_tui.ui.driver.TableDriver` brings the rest (the one-by-one showdown, the pause
before the next hand), ready for the host's table to use. A dropped connection is retried
with the same code and name, which gives the seat back.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from holdem_tui.engine.actions import IllegalAction
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.net import protocol as p
from holdem_tui.net.client import Connection, RemoteSession
from holdem_tui.session.narrate import refusal_text
from holdem_tui.session.present import Stage
from holdem_tui.ui.app import HoldemApp
from holdem_tui.ui.base_app import Translated, translator
from holdem_tui.ui.driver import TableDriver
from holdem_tui.ui.screens.end import EndScreen

#: attempts to reach the host again after the connection drops, and the pause between them
RECONNECT_ATTEMPTS = 30
RECONNECT_PAUSE = 1.0


@dataclass(frozen=True, slots=True)
class JoinTarget:
    """Where the table is and who sits down (``watch``: look on without a seat).

    ``shown`` is the address to print for friends when it is not the one connected to (the
    host's own seat connects over loopback but tells its LAN address); ``token`` is the host
    process's secret, set only for the host's own table app.
    """

    host: str
    port: int
    code: str
    name: str = ""
    watch: bool = False
    shown: str = ""
    token: str | None = None


class LobbyScreen(Translated, Screen[None]):
    """Before the first hand: where the table is, its code, and who has sat down."""

    DEFAULT_CSS: ClassVar[str] = """
    LobbyScreen { align: center middle; background: $panel-darken-2; }
    #lobby-box { width: 70%; height: auto; border: heavy $accent; padding: 1 3;
                 background: $surface; }
    #lobby-text { width: 100%; text-align: center; }
    """

    def __init__(self, target: JoinTarget) -> None:
        super().__init__(id="lobby")
        self.target = target
        self.names: tuple[str | None, ...] = ()
        self.problem = ""

    def compose(self) -> ComposeResult:
        """One centred text box."""
        with Vertical(id="lobby-box"):
            yield Static(id="lobby-text")

    def show(self, names: tuple[str | None, ...] = (), problem: str = "") -> None:
        """Redraw with the seats so far, or what went wrong."""
        self.names = names or self.names
        self.problem = problem
        self.retranslate()

    def retranslate(self) -> None:
        """Redraw in the current language."""
        texts = self.query("#lobby-text").results(Static)
        text = next(texts, None)
        if text is None:  # not composed yet: on_mount draws it
            return
        tr = translator(self)
        target = self.target
        lines = [
            tr.t(
                "net.table_at",
                address=target.shown or f"{target.host}:{target.port}",
                code=target.code,
            )
        ]
        if self.problem:
            lines.append(self.problem)
        elif not self.names:
            lines.append(tr.t("net.connecting"))
        else:
            lines.append(tr.t("net.waiting"))
            for index, name in enumerate(self.names):
                lines.append(f"{index + 1}. {name if name is not None else tr.t('net.open_seat')}")
        lines.append(tr.t("net.quit_hint"))
        text.update("\n".join(lines))


class RemoteDriver(TableDriver):
    """A seat (or a spectator) at a table hosted elsewhere: the host's word sets the stage."""

    def __init__(self, target: JoinTarget, settings: GameSettings, *, reconnect: bool = True):
        super().__init__(settings)
        self.target = target
        self.reconnect = reconnect
        self.connection: Connection | None = None
        self.remote: RemoteSession | None = None
        self.lobby = LobbyScreen(target)

    # ------------------------------------------------------------------ connecting

    def start(self) -> None:
        """Show the lobby and connect (instead of dealing a local game)."""
        self.host.open_screen(self.lobby)
        self.host.in_background(self._connect_loop())

    async def _connect_loop(self) -> None:
        tr = self.host.tr
        failures = 0
        while True:
            try:
                connection = await Connection.open(
                    self.target.host,
                    self.target.port,
                    self.target.code,
                    self.target.name,
                    watch=self.target.watch,
                    token=self.target.token,
                )
            except OSError as exc:
                failures += 1
                if not self.reconnect or failures > RECONNECT_ATTEMPTS:
                    self._give_up(tr.t("net.unreachable", detail=str(exc)))
                    return
                self._tell(tr.t("net.reconnecting"))
                await asyncio.sleep(RECONNECT_PAUSE)
                continue
            failures = 0
            self.connection = connection
            finished = await self._serve(connection)
            await connection.close()
            if finished or not self.reconnect:
                if not finished:
                    self._give_up(tr.t("net.lost"))
                return
            self._tell(tr.t("net.reconnecting"))

    async def _serve(self, connection: Connection) -> bool:
        """Read messages until the connection ends; True when nothing is left to reconnect to."""
        while True:
            try:
                message = await connection.recv()
            except p.ProtocolError as exc:
                self._give_up(self.host.tr.t("net.bad_host", detail=exc.detail))
                return True
            if message is None:
                return self.remote is not None and self.remote.over
            if isinstance(message, p.Refused):
                self._give_up(self.host.tr.t("net.refused", detail=message.detail))
                return True
            if isinstance(message, p.Closed):
                if self.remote is None or not self.remote.over:
                    self._give_up(self.host.tr.t("net.host_closed"))
                return True
            if isinstance(message, p.State) and self.remote and not self.host.has_table():
                # the table is on screen, mounted, before the first picture is drawn on it
                await self.host.swap_in_table(
                    self.remote.seat_count, self.remote.settings.variant == "draw"
                )
            self.on_host_message(message)

    def _tell(self, text: str) -> None:
        if self.remote is None:
            self.lobby.show(problem=text)
        else:
            self.host.tell(text, warning=True)

    def _give_up(self, text: str) -> None:
        self.exit_reason = text
        self.host.leave(return_code=1)

    def _send(self, message: dict[str, Any]) -> None:
        if self.connection is not None:
            self.connection.send_nowait(message)

    # ------------------------------------------------------------------ the host's word

    def on_host_message(self, message: p.ServerMessage) -> None:
        """Apply one message from the host to the screen."""
        if isinstance(message, p.Welcome):
            self._welcomed(message)
        elif isinstance(message, p.Lobby):
            self.lobby.show(message.names)
        elif isinstance(message, p.State):
            self._state(message)
        elif isinstance(message, p.Error):
            self._refused_move(message)
        elif isinstance(message, p.Over):
            self._over(message)

    def _welcomed(self, message: p.Welcome) -> None:
        settings = replace(message.settings, lang=self.host.tr.lang, pace=self.settings.pace)
        remote = self.remote
        if (
            remote is None
            or remote.me != message.seat
            or remote.view is None
            or remote.game != message.game
        ):
            remote = RemoteSession(
                settings,
                message.seat,
                self._send,
                host=message.host,
                game=message.game,
                reveal_ms=message.reveal_ms,
            )
        else:  # back after a dropped connection: same chair, same picture until the next state
            remote.settings = settings
            remote.names = settings.seat_names()
        self.remote = remote
        self.settings = settings
        self.session = remote

    def _state(self, message: p.State) -> None:
        remote = self.remote
        if remote is None:
            return
        previous = remote.decision
        remote.update(message)
        view = message.view
        me = remote.me
        if view is None:
            self._set_ui(stage=Stage.DEALING, viewer=me, thinking=None)
        elif view.legal is not None and message.decision is not None:
            same = previous == message.decision
            self._set_ui(
                stage=Stage.HUMAN,
                viewer=me,
                thinking=None,
                discards=self.ui.discards if same else frozenset(),
                notice=self.ui.notice if same else "",
            )
        elif view.complete:
            # the host paces the showdown and the next hand: the result shows at once and
            # the table waits for the player's Enter (reveal_then_hand_over would pace it here)
            self._set_ui(stage=Stage.HAND_OVER, viewer=me, thinking=None, revealed=None)
        else:
            self._set_ui(
                stage=Stage.BOT, viewer=me, thinking=remote.actor_seat, discards=frozenset()
            )

    def _refused_move(self, message: p.Error) -> None:
        tr = self.host.tr
        if message.reason == "illegal":
            params = dict(message.params)
            key = str(params.pop("key", "not_now"))
            text = refusal_text(tr, IllegalAction(key, message.detail, **params))
        else:
            text = tr.t("net.error", detail=message.detail)
        remote = self.remote
        if remote is not None and remote.state is not None:
            remote.decision = remote.state.decision  # the open decision is still ours
            if remote.view is not None and remote.view.legal is not None and remote.decision:
                self._set_ui(stage=Stage.HUMAN, viewer=remote.me, notice=text)
                self.host.bell()
                return
        self.host.tell(text, warning=True)

    def _over(self, message: p.Over) -> None:
        remote = self.remote
        if remote is None:
            return
        remote.finish(message)
        self._set_ui(stage=Stage.SESSION_OVER, thinking=None)
        self.host.open_screen(EndScreen(remote), self.end_chosen)

    # ------------------------------------------------------------------ the table's questions

    def current_view(self) -> PlayerView | None:
        """The view the host last sent this client (there is no hand on this side)."""
        return None if self.remote is None else self.remote.view

    def default_viewer(self) -> int | None:
        """This client's own chair (a spectator: nobody's)."""
        return None if self.remote is None else self.remote.me

    def next_hand(self) -> None:
        """Tell the host this player has seen the result."""
        seated = self.remote is not None and self.remote.me is not None
        if seated and self.ui.stage in (Stage.HAND_OVER, Stage.REVEAL):
            self._send(p.ready())


def create_remote_app(
    target: JoinTarget, settings: GameSettings, *, reconnect: bool = True
) -> HoldemApp:
    """The table app with the host as its driver; the ``join`` and ``host`` commands and the
    tests come through here."""
    return HoldemApp(RemoteDriver(target, settings, reconnect=reconnect))
