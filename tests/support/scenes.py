"""Named screen states ("scenes"): how to build the app and drive it to a given moment.

The snapshot tests and ``scripts/screenshots.py`` both use these, so the pictures in the README
are exactly the states the tests check, made by the same app factory as the real game. A scene
is plain settings plus an async driver that presses keys through a Textual ``Pilot``, waiting
for the bots' thread workers in between, never sleeping for a fixed time.
"""

from __future__ import annotations

import asyncio
import functools
import tempfile
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.pilot import Pilot

from holdem_tui.bots.draw_common import keep_made
from holdem_tui.engine.actions import Action, ActionKind
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant
from holdem_tui.engine.view import PlayerView
from holdem_tui.game_settings import GameSettings
from holdem_tui.history.phh_write import dumps
from holdem_tui.i18n import get_translator
from holdem_tui.net.protocol import LOOPBACK
from holdem_tui.review import HandRecord, ReviewStep, Spot, visible_reasons
from holdem_tui.session.controller import BotFactory, Session
from holdem_tui.session.narrate import hand_name
from holdem_tui.session.present import Stage
from holdem_tui.ui.app import HoldemApp, create_app
from holdem_tui.ui.hand_review import ReviewScreen
from tests.support.hang import QUIET_LIMIT, Progress

#: states in which the table waits for a key rather than for a bot or a timer
STABLE = (Stage.HUMAN, Stage.CURTAIN, Stage.HAND_OVER, Stage.SESSION_OVER)

Driver = Callable[[Pilot[Any]], Awaitable[None]]


class CallingStation:
    """A scripted opponent that calls or checks everything and never draws.

    Scenes that need a known shape of hand (everyone in, side pots at the showdown) seat it
    instead of the real bots, whose judgement would not reliably build side pots.
    """

    #: whether it draws to its made cards (a reference opponent) or stands pat (a scene)
    keeps_made = False

    def __init__(self, seed: int | None = None) -> None:
        self.name = "station"

    def decide(self, view: PlayerView) -> Action:
        """Call when there is a bet, else check; in the draw stand pat, or keep what is made."""
        legal = view.legal
        assert legal is not None
        if legal.can_draw:
            return Action.draw(keep_made(view.my_cards) if self.keeps_made else ())
        return Action.call() if legal.call_amount else Action.check()


def stations(spec: str, seed: int | None) -> CallingStation:
    """A bot factory seating calling stations whatever level the settings ask for."""
    return CallingStation(seed)


class Bettor(CallingStation):
    """A scripted opponent that bets or raises the least it may whenever it can, else calls:
    the player always has a price to call, and at big stakes a 4-digit one."""

    def decide(self, view: PlayerView) -> Action:
        """The smallest bet or raise open to it; in the draw it stands pat."""
        legal = view.legal
        assert legal is not None
        if legal.can_raise and not legal.can_draw:
            return legal.bet_or_raise(legal.min_raise_to)
        return super().decide(view)


def bettors(spec: str, seed: int | None) -> Bettor:
    """A bot factory seating bettors whatever level the settings ask for."""
    return Bettor(seed)


def progress_mark(app: App[Any]) -> tuple[object, ...]:
    """Everything whose change shows the app is getting on: the session and its hand's
    events, the table's stage, the screens, the workers still running."""
    marks: list[object] = [
        tuple(id(screen) for screen in app.screen_stack),
        sum(1 for worker in app.workers if not worker.is_finished),
    ]
    if isinstance(app, HoldemApp):
        session = app.session
        hand = getattr(session, "hand", None)
        marks += [
            id(session),
            app.ui,
            None if hand is None else (id(hand), len(hand.events)),
            # a network seat: each picture the host sends is a new state
            id(getattr(getattr(app.driver, "remote", None), "state", None)),
        ]
    return tuple(marks)


def progress_guard(app: App[Any], quiet: float = QUIET_LIMIT) -> Progress:
    """A hang guard on ``app``: it stalls only when nothing in it has moved for ``quiet`` s."""
    return Progress(lambda: progress_mark(app), quiet)


async def settle(
    pilot: Pilot[Any], stages: Iterable[Stage] = STABLE, quiet: float = QUIET_LIMIT
) -> None:
    """Wait until the table waits for a person (or reaches one of ``stages``)."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    wanted = tuple(stages)
    guard = progress_guard(app, quiet)
    while True:
        await pilot.pause()
        # a network seat has no session of its own: its table is the last snapshot it got
        if app.ui.stage in wanted and (app.session or app.driver.snapshot()) is not None:
            await pilot.pause()
            return
        if guard.stalled():
            raise AssertionError(
                f"the table stood still for {quiet:.0f} s; stage is {app.ui.stage}"
            )
        await asyncio.sleep(0.005)


async def wait_for(
    pilot: Pilot[Any], condition: Callable[[], bool], quiet: float = QUIET_LIMIT
) -> None:
    """Let the app run (bots think in threads) until ``condition()`` holds.

    Fails only if the app stands still for ``quiet`` seconds without the condition coming
    true (a hang); nothing is timed by it.
    """
    guard = progress_guard(pilot.app, quiet)
    while not condition():
        if guard.stalled():
            raise AssertionError(f"the condition never came true; nothing moved for {quiet} s")
        await pilot.pause()
        await asyncio.sleep(0.002)
    await pilot.pause()


async def act_until(
    pilot: Pilot[Any], predicate: Callable[[HoldemApp], bool], key: str = "c", limit: int = 80
) -> None:
    """Press ``key`` (check/call by default) at each decision until ``predicate(app)`` holds.

    Draws are answered by standing pat, finished hands and curtains by Enter.
    """
    app = pilot.app
    assert isinstance(app, HoldemApp)
    for _ in range(limit):
        await settle(pilot)
        if predicate(app):
            return
        if app.ui.stage in (Stage.HAND_OVER, Stage.CURTAIN):
            await pilot.press("enter")
        elif drawing(app):
            await pilot.press("s")
        else:
            await pilot.press(key)
    raise AssertionError("the wanted state never came")


def my_view(app: HoldemApp) -> PlayerView:
    """What the player at the keyboard sees now."""
    assert app.session is not None
    return app.session.view_for(app.ui.viewer)


def can_raise(app: HoldemApp) -> bool:
    """The player is to act and may bet or raise."""
    legal = my_view(app).legal
    return app.ui.stage is Stage.HUMAN and legal is not None and legal.can_raise


def drawing(app: HoldemApp) -> bool:
    """The player at the keyboard is to draw: ``1``–``5`` mark discards now (at a local
    table or a network seat alike: the driver's open decision)."""
    found = app.driver.decision()
    return found is not None and found[1].legal is not None and found[1].legal.can_draw


# --------------------------------------------------------------------------- drivers


async def _settled(pilot: Pilot[Any]) -> None:
    await settle(pilot)


async def _setup(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


async def _raise_editor(pilot: Pilot[Any]) -> None:
    await act_until(pilot, can_raise)
    await pilot.press("r", "p")


async def _raise_refused(pilot: Pilot[Any]) -> None:
    """The editor with an amount above the maximum refused, and the reason beside it."""
    await act_until(pilot, can_raise)
    legal = my_view(pilot.app).legal  # type: ignore[arg-type]
    assert legal is not None
    await pilot.press("r", *str(legal.max_raise_to + 1), "enter")


async def _draw_selection(pilot: Pilot[Any]) -> None:
    await act_until(pilot, drawing)
    await pilot.press("2", "4")


async def _side_pots(pilot: Pilot[Any]) -> None:
    """Fold hand 1 (the stacks drift apart), then push all-in into three calling stations."""
    await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER, key="f")
    await pilot.press("enter")
    await act_until(pilot, can_raise)
    await pilot.press("a")
    await settle(pilot)


async def _end(pilot: Pilot[Any]) -> None:
    from holdem_tui.ui.screens.end import EndScreen

    await act_until(pilot, lambda a: isinstance(a.screen, EndScreen), key="c")
    screen = pilot.app.screen
    assert isinstance(screen, EndScreen)
    await wait_for(pilot, lambda: screen.stats is not None)  # counted in a worker


async def _tournament_table(pilot: Pilot[Any]) -> None:
    """A turbo sit-and-go in its second level: checking or folding keeps the player in."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    for _ in range(300):
        await settle(pilot)
        session = app.session
        if session is not None and session.table.hand_number >= 12 and app.ui.stage is Stage.HUMAN:
            return
        if app.ui.stage is Stage.HUMAN:
            legal = my_view(app).legal
            await pilot.press("f" if legal is not None and legal.call_amount else "c")
        else:
            await pilot.press("enter")
    raise AssertionError("the second level never came")


async def _tournament_end(pilot: Pilot[Any]) -> None:
    """A hyper sit-and-go to its end screen: all in every hand, watching once busted."""
    from holdem_tui.ui.screens.end import EndScreen
    from holdem_tui.ui.screens.modals import BustScreen

    app = pilot.app
    assert isinstance(app, HoldemApp)
    for _ in range(400):
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, BustScreen | EndScreen) or app.ui.stage in STABLE,
        )
        if isinstance(app.screen, EndScreen):
            break
        if isinstance(app.screen, BustScreen):
            await pilot.press("w" if app.screen.can_watch else "e")
        elif app.ui.stage is Stage.HUMAN:
            await pilot.press("a", "c")
        else:
            await pilot.press("enter")
    screen = app.screen
    assert isinstance(screen, EndScreen)
    await wait_for(pilot, lambda: screen.stats is not None)


async def wait_for_review(pilot: Pilot[Any]) -> ReviewScreen:
    """Wait until the hand review is on top with its hand and every coach's number in."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.ready)
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


#: the moves whose reasons make a good picture (a bet, a raise or a call, not a check)
TELLING = (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)


def telling(step: ReviewStep) -> bool:
    """A step where a bot's reason is shown beside a bet, a raise or a call."""
    return step.reason is not None and step.action is not None and step.action.kind in TELLING


def reason_shown(app: HoldemApp) -> bool:
    """The hand just finished ended with a bot's reason for a bet, raise or call that the
    player may read afterwards (that bot's cards were turned up)."""
    session = app.session
    if session is None or app.ui.stage is not Stage.HAND_OVER or not session.played:
        return False
    hand = session.played[-1]
    record = HandRecord.from_hand(hand, session.reasons_of(hand))
    shown = visible_reasons(record, record.position_of(0))
    return any(record.decisions[i][1].kind in TELLING for i in shown)


async def step_until(
    pilot: Pilot[Any], screen: ReviewScreen, wanted: Callable[[ReviewStep], bool], key: str
) -> None:
    """Press ``key`` in the review until the step on screen is ``wanted``."""
    for _ in range(80):
        review = screen.review
        if review is not None and wanted(review.steps[screen.index]):
            await pilot.pause()
            return
        await pilot.press(key)
    raise AssertionError("the review never reached the wanted step")


async def _review_reason(pilot: Pilot[Any]) -> None:
    """Call down until a hand ends with a bot's cards (and so its reasons) turned up, then
    open the review at that bot's reason."""
    await act_until(pilot, reason_shown)
    await pilot.press("e")
    screen = await wait_for_review(pilot)
    await step_until(pilot, screen, telling, "right")


async def _review_flag(pilot: Pilot[Any]) -> None:
    """Check and call along to the second hand's end, then open the review at the first
    decision with a "worth a look" mark."""

    def second_over(app: HoldemApp) -> bool:
        return (
            app.ui.stage is Stage.HAND_OVER
            and app.session is not None
            and len(app.session.played) == 2
        )

    await act_until(pilot, second_over)
    await pilot.press("e")
    screen = await wait_for_review(pilot)

    def flagged(step: ReviewStep) -> bool:
        spot = screen.spot_of(step)
        return isinstance(spot, Spot) and bool(spot.flags)

    await step_until(pilot, screen, flagged, "n")


def _review_asks(opens: str, *keys: str) -> Driver:
    """Hot seat: finish a hand, press ``e`` (whose review?), then ``keys``; done once the
    screen named ``opens`` is up (a condition, not a pause)."""

    async def drive(pilot: Pilot[Any]) -> None:
        await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)
        await pilot.press("e", *keys)
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == opens)

    return drive


async def _end_luck(pilot: Pilot[Any]) -> None:
    """All-in before the flop (aces against kings), then the end screen with the luck line."""
    from holdem_tui.ui.screens.end import EndScreen

    await act_until(pilot, can_raise)
    await pilot.press("a")
    await act_until(pilot, lambda a: isinstance(a.screen, EndScreen))
    screen = pilot.app.screen
    assert isinstance(screen, EndScreen)
    await wait_for(pilot, lambda: screen.stats is not None)


async def wait_for_coach(pilot: Pilot[Any]) -> None:
    """Wait until the coach's worker has put its numbers on screen (a condition, no clock:
    however long its thread takes on a busy machine, as long as the app is not hung)."""
    app = pilot.app
    assert isinstance(app, HoldemApp)
    await wait_for(pilot, app.coach_ready)


async def _coach(pilot: Pilot[Any]) -> None:
    """The coach on, at the first decision with a flop out."""
    await settle(pilot)
    await pilot.press("o")
    await act_until(pilot, lambda a: bool(my_view(a).board) and a.ui.stage is Stage.HUMAN)
    await wait_for_coach(pilot)


def rules_shown(app: App[Any], game: str) -> bool:
    """The rules screen shows ``game``'s rules whole: the document parsed (in a thread) and
    mounted, and its contents listed where there is room for them."""
    from textual.widgets import MarkdownViewer, Tree

    from holdem_tui.ui.base_app import translator
    from holdem_tui.ui.screens.rules import RulesScreen

    screen = app.screen
    if not isinstance(screen, RulesScreen) or screen.game != game:
        return False
    viewer = screen.query_one(MarkdownViewer)
    document = viewer.document
    if document.source != translator(screen).rules_markdown(game) or document.lock.is_locked:
        return False
    if not document.query("MarkdownBlock"):
        return False
    if viewer.show_table_of_contents:
        tree = viewer.table_of_contents.query_one(Tree)
        return bool(tree.root.children)
    return True


async def _rules(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("f1")
    await wait_for(pilot, lambda: rules_shown(pilot.app, "holdem"))


async def _rules_draw(pilot: Pilot[Any]) -> None:
    await _rules(pilot)
    await pilot.press("g")
    await wait_for(pilot, lambda: rules_shown(pilot.app, "draw"))


def _board(cards: int) -> Driver:
    """Call along until the player acts with ``cards`` board cards out."""

    async def drive(pilot: Pilot[Any]) -> None:
        def there(app: HoldemApp) -> bool:
            return app.ui.stage is Stage.HUMAN and len(my_view(app).board) == cards

        await act_until(pilot, there)

    return drive


async def _showdown(pilot: Pilot[Any]) -> None:
    """Call down the first hand and stop on its result."""
    await act_until(pilot, lambda a: a.ui.stage is Stage.HAND_OVER)


async def _draw_instructions(pilot: Pilot[Any]) -> None:
    await act_until(pilot, drawing)


async def _draw_coach(pilot: Pilot[Any]) -> None:
    """Five-Card Draw with the coach on, at the draw (the coach weighs each discard)."""
    await settle(pilot)
    await pilot.press("o")
    await act_until(pilot, drawing)
    await wait_for_coach(pilot)


async def _draw_second_round(pilot: Pilot[Any]) -> None:
    await act_until(pilot, drawing)
    await pilot.press("s")
    await act_until(pilot, lambda a: a.ui.stage is Stage.HUMAN and not drawing(a))


async def _fold_when_free(pilot: Pilot[Any]) -> None:
    """Press f when checking costs nothing: the table asks first."""

    def free(app: HoldemApp) -> bool:
        legal = my_view(app).legal
        return app.ui.stage is Stage.HUMAN and legal is not None and legal.can_check

    await act_until(pilot, free)
    await pilot.press("f")
    await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "FoldConfirmScreen")


def _then_press(*keys: str, opens: str) -> Driver:
    """Wait for the table, then press ``keys`` and wait for the screen ``opens`` (a modal:
    help, quit) to be up and drawn."""

    async def drive(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == opens)

    return drive


async def _replay_end(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.press("end")
    await pilot.pause()


def replay_app(lang: str) -> App[int]:
    """The replay viewer on one hand the game itself played and wrote (calling stations).

    The hand is written to a fresh temporary folder, as ``holdem-tui replay`` would read a
    saved history; five players, so both rows of seats and the log are full.
    """
    from holdem_tui.ui.replay import ReplayApp
    from holdem_tui.ui.replay_model import load_entries

    names = ("Ana", "Ben", "Mila", "Otto", "Sami")
    table = Table(TableConfig(variant=Variant.HOLDEM, names=names, seed=7))
    hand = table.start_hand()
    station = CallingStation()
    while not hand.is_complete:
        actor = hand.actor
        assert actor is not None
        hand.act(station.decide(hand.view(actor)), actor)
    path = Path(tempfile.mkdtemp(prefix="holdem-scene-")) / "hand.phh"
    path.write_text(dumps(hand), encoding="utf-8")
    return ReplayApp(load_entries([path]), get_translator(lang))


# --------------------------------------------------------------------------- stats and drills

#: the drills' clock in the scenes: a fixed moment, so "comes back in 10 minutes" never moves
SCENE_NOW = 1_800_000_000.0


def stats_app(lang: str) -> App[Any]:
    """The stats screen over the scene folder's generated sessions (tests/support/drills.py)."""
    from holdem_tui.progress.lifetime import load_lifetime
    from holdem_tui.ui.stats_app import StatsApp
    from tests.support.drills import scene_folder

    root = scene_folder()
    load = functools.partial(load_lifetime, root / "histories", root / "stats-cache.npz")
    return StatsApp(lang, load=load)


def _stats_page(*keys: str) -> Driver:
    async def drive(pilot: Pilot[Any]) -> None:
        from holdem_tui.ui.screens.stats import StatsScreen

        app = pilot.app
        await wait_for(
            pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.lifetime is not None
        )
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    return drive


def train_app(lang: str, *, answers: int = 0) -> App[Any]:
    """The drills over the scene folder: its store copied (answers leave the scene's copy),
    a fixed clock and dealer, no scan (the folder's spots are found already); ``answers``
    plants that many past answers for the progress page."""
    import random
    import shutil

    from holdem_tui.engine.positions import POSITION_LABELS
    from holdem_tui.progress.drill_store import Attempt, load_store, save_store
    from holdem_tui.ui.train_app import TrainApp
    from tests.support.drills import scene_folder

    root = scene_folder()
    path = Path(tempfile.mkdtemp(prefix="holdem-scene-drills-")) / "drills.json"
    shutil.copy(root / "drills.json", path)
    if answers:
        store, _ = load_store(path)
        rng = random.Random(11)
        for n in range(answers):
            kind = ("preflop", "preflop", "odds", "own")[n % 4]
            position = rng.choice(("utg", "hj", "co", "btn", "sb", "bb"))
            store.record(Attempt(kind, SCENE_NOW - 86_400 * (answers - n), position, n % 3 != 0))
        assert all(a.position in POSITION_LABELS for a in store.attempts)
        save_store(store, path)
    return TrainApp(
        lang,
        path=path,
        folder=root / "histories",
        now=lambda: SCENE_NOW,
        rng=random.Random(21),
        scan=False,
    )


def _drill(*keys: str, answer: bool = True) -> Driver:
    """Open the drills, press ``keys`` (a drill, typed numbers), then answer the spot as the
    grader would (the right answer: the verdict then shows every number it was graded by)."""

    async def drive(pilot: Pilot[Any]) -> None:
        from holdem_tui.ui.screens.train import TrainScreen

        app = pilot.app

        async def idle() -> TrainScreen:
            def done() -> bool:
                busy = [w for w in app.workers if not w.is_finished]
                screen = app.screen
                return isinstance(screen, TrainScreen) and screen.trainer is not None and not busy

            await wait_for(pilot, done)
            assert isinstance(app.screen, TrainScreen)
            return app.screen

        screen = await idle()
        for key in keys:
            await pilot.press(key)
            screen = await idle()
        current = screen.round
        if answer and current is not None:
            if current.preflop is not None:
                key = {"fold": "f", "raise": "r"}.get(current.preflop.answer, "c")
                await pilot.press(key)
            elif current.loaded is not None and current.kind == "odds":
                advice = current.loaded.advice
                assert advice.break_even is not None and advice.outs is not None
                await pilot.press(*str(round(100 * advice.break_even)), "enter")
                await pilot.press(*str(advice.outs.outs), "enter")
                await pilot.press("c" if advice.equity >= advice.break_even else "f")
            elif current.loaded is not None:
                await pilot.press("c")
        await pilot.pause()

    return drive


# --------------------------------------------------------------------------- hosted tables

#: what the lobby scenes print as the table's address (the real port changes every run)
SHOWN_ADDRESS = "192.168.1.20:7477"
#: the join code of the lobby scenes
SCENE_CODE = "K7PQ2M8XRT"


class HostedScene:
    """A real table server on 127.0.0.1 for a scene, in an event loop of its own thread.

    The scene's app (the host's own, or a friend's) joins it like any player; ``others``
    sit down first as bare connections that only listen (the names a lobby shows), and
    ``play`` ones as calling stations. One table at a time: a new scene's table closes the
    last one's, so a test session never piles up servers.
    """

    _loop: ClassVar[asyncio.AbstractEventLoop | None] = None
    _open: ClassVar[list[Any]] = []
    #: the background players' tasks (held here: the loop keeps only weak references)
    _tasks: ClassVar[set[asyncio.Task[Any]]] = set()

    def __init__(
        self,
        humans: tuple[str, ...],
        bots: tuple[str, ...] = (),
        *,
        hands: int | None = None,
        keep_table: bool = False,
    ) -> None:
        self.humans = humans
        self.bots = bots
        self.hands = hands
        self.keep_table = keep_table

    @classmethod
    def loop(cls) -> asyncio.AbstractEventLoop:
        """The tables' event loop, started once, in a daemon thread."""
        if cls._loop is None:
            import threading

            cls._loop = asyncio.new_event_loop()
            threading.Thread(target=cls._loop.run_forever, name="scene-tables", daemon=True).start()
        return cls._loop

    def _run(self, job: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(job, self.loop()).result(30)

    def app(
        self,
        lang: str,
        me: str,
        *,
        host: bool,
        others: tuple[str, ...] = (),
        play: tuple[str, ...] = (),
    ) -> HoldemApp:
        """The table app of ``me`` (``host``: the host's own) at a fresh table."""
        from holdem_tui.net.host_session import HostOptions
        from holdem_tui.net.server import TableServer
        from holdem_tui.ui.joining import JoinTarget
        from holdem_tui.ui.remote import create_remote_app

        for server in HostedScene._open:
            self._run(server.close())
        HostedScene._open.clear()
        HostedScene._tasks = {task for task in HostedScene._tasks if not task.done()}
        settings = GameSettings.build(
            humans=list(self.humans), bots=self.bots, seed=7, pace="instant", hand_limit=self.hands
        )
        options = HostOptions(
            settings,
            code=SCENE_CODE,
            host_seat=0,  # the first chair is the host's
            hand_pause=0.0,
            bot_timeout=None,
            keep_table=self.keep_table,
        )
        server = TableServer(options, bot_factory=stations)
        port = self._run(server.start(LOOPBACK, 0))
        HostedScene._open.append(server)
        token = options.host_token
        for name in others:
            self._run(self._listen(port, name, token if name == self.humans[0] else None))
        for name in play:
            self._run(self._station(port, name))
        target = JoinTarget(
            LOOPBACK, port, SCENE_CODE, me, shown=SHOWN_ADDRESS, token=token if host else None
        )
        return create_remote_app(target, GameSettings(lang=lang, pace="instant"))

    @staticmethod
    async def _listen(port: int, name: str, token: str | None) -> None:
        """Sit ``name`` down and read whatever the table says, until it closes."""
        from holdem_tui.net.client import Connection

        connection = await Connection.open(LOOPBACK, port, SCENE_CODE, name, token=token)

        async def read() -> None:
            while await connection.recv() is not None:
                pass

        HostedScene._tasks.add(asyncio.get_running_loop().create_task(read()))

    @staticmethod
    async def _station(port: int, name: str) -> None:
        """Sit a calling station down as ``name``, playing in the background."""
        from holdem_tui.net.bot_client import play_bot

        task = play_bot(LOOPBACK, port, SCENE_CODE, name, CallingStation())
        HostedScene._tasks.add(asyncio.get_running_loop().create_task(task))


def _lobby_shows(here: int) -> Driver:
    """Wait until the lobby lists the chairs with ``here`` people at the table."""

    async def drive(pilot: Pilot[Any]) -> None:
        from holdem_tui.ui.remote import RemoteDriver

        app = pilot.app
        assert isinstance(app, HoldemApp) and isinstance(app.driver, RemoteDriver)
        driver = app.driver

        def shown() -> bool:
            view = driver.lobby.view
            people = sum(
                1
                for name, present, seat in zip(
                    view.names, view.here, app.driver.settings.seats, strict=False
                )
                if present and name and seat.is_human
            )
            return view.settings is not None and people == here

        await wait_for(pilot, shown)
        await pilot.pause()

    return drive


async def _hosted_end(pilot: Pilot[Any]) -> None:
    """Play the hosted game through (checking or calling) to its end screen."""
    from holdem_tui.ui.screens.hosted import HostedEndScreen

    app = pilot.app
    assert isinstance(app, HoldemApp)
    # a network seat has no session of its own: its table is the last snapshot it was sent
    await wait_for(pilot, lambda: app.driver.snapshot() is not None and app.ui.stage in STABLE)
    await act_until(pilot, lambda a: isinstance(a.screen, HostedEndScreen), key="c", limit=200)
    await pilot.pause()


@dataclass(frozen=True)
class Scene:
    """One screen state: its settings, its bots, and how to get there."""

    name: str
    settings: GameSettings
    drive: Driver
    bot_factory: BotFactory | None = None
    setup_first: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    #: builds a different app (the replay viewer); ``None`` is the game from the one factory
    factory: Callable[[], App[Any]] | None = None

    def app(self) -> App[Any]:
        """A fresh app for this scene, from the one factory (or the scene's own)."""
        if self.factory is not None:
            return self.factory()
        return create_app(
            self.settings,
            bot_factory=self.bot_factory,
            setup_first=self.setup_first,
            bot_timeout=None,  # a bot's answer never depends on how busy the machine is
        )


#: heads-up, this seed deals the player two aces and the bot two kings in the first hand
LUCK_SEED = 157642


def _solo(**kw: Any) -> GameSettings:
    kw.setdefault("pace", "instant")
    kw.setdefault("seed", 7)
    return GameSettings.build(**kw)


def scenes(lang: str = "en") -> dict[str, Scene]:
    """Every scene, in one language."""
    return {
        scene.name: scene
        for scene in (
            Scene("setup", _solo(lang=lang), _setup, setup_first=True),
            Scene("table_preflop", _solo(lang=lang), _settled),
            Scene(
                "showdown_side_pots",
                _solo(lang=lang, seed=3, bots=("easy", "normal", "hard")),
                _side_pots,
                bot_factory=stations,
            ),
            Scene("raise_editor", _solo(lang=lang), _raise_editor),
            Scene(
                "draw_selection",
                _solo(lang=lang, variant="draw", bots=("easy", "normal", "hard"), draw_ante=5),
                _draw_selection,
            ),
            Scene(
                "hot_seat_curtain",
                _solo(lang=lang, humans=("Ana", "Ben"), bots=("normal",)),
                _settled,
            ),
            Scene(
                "end_screen",
                # a seed where calling everything down survives the three hands (the hard
                # bot busts the player in the first hand of seed 7, and asks for a rebuy)
                _solo(lang=lang, seed=8, hand_limit=3, bots=("easy", "normal", "hard")),
                _end,
            ),
            Scene("rules", _solo(lang=lang), _rules),
            Scene("coach", _solo(lang=lang, bots=("normal", "hard")), _coach),
            Scene(
                "lobby_host",
                _solo(lang=lang),
                _lobby_shows(2),
                factory=lambda: HostedScene(("Host", "Ana", "", ""), ("normal",)).app(
                    lang, "Host", host=True, others=("Ana",)
                ),
            ),
            Scene(
                "lobby_friend",
                _solo(lang=lang),
                _lobby_shows(2),
                factory=lambda: HostedScene(("Host", "Bo", "", ""), ("hard",)).app(
                    lang, "Ana", host=False, others=("Host",)
                ),
            ),
            Scene("review_reason", _solo(lang=lang, bots=("easy", "normal")), _review_reason),
            Scene(
                "end_luck",
                _solo(lang=lang, bots=("easy",), seed=LUCK_SEED, hand_limit=1),
                _end_luck,
                bot_factory=stations,
            ),
            Scene(
                "stats_results", _solo(lang=lang), _stats_page(), factory=lambda: stats_app(lang)
            ),
            Scene("drill_own", _solo(lang=lang), _drill("3"), factory=lambda: train_app(lang)),
            Scene("tournament_table", _solo(lang=lang, tournament="turbo"), _tournament_table),
            Scene(
                "tournament_end",
                _solo(lang=lang, tournament="hyper", bots=("easy", "normal", "hard")),
                _tournament_end,
            ),
        )
    }


def room_scenes(lang: str = "en") -> dict[str, Scene]:
    """Every screen a player meets, in one language: the snapshots' scenes and more.

    The 80×24 room test walks all of them, so a screen added here is checked for cut and
    folded words in every language at once.
    """
    draw = {"variant": "draw", "bots": ("easy", "normal", "hard"), "draw_ante": 5}
    nine = ("easy", "normal", "hard", "normal", "easy", "hard", "easy", "normal")
    more = (
        Scene("table_flop", _solo(lang=lang), _board(3), bot_factory=stations),
        Scene("table_turn", _solo(lang=lang), _board(4), bot_factory=stations),
        Scene("table_river", _solo(lang=lang), _board(5), bot_factory=stations),
        Scene("showdown", _solo(lang=lang), _showdown, bot_factory=stations),
        Scene("nine_players", _solo(lang=lang, bots=nine), _settled),
        Scene("hand_limit", _solo(lang=lang, hand_limit=125, **draw), _settled),
        Scene("minute_limit", _solo(lang=lang, minute_limit=45, ante=2), _settled),
        Scene("draw_first_round", _solo(lang=lang, **draw), _settled),
        Scene("draw_instructions", _solo(lang=lang, **draw), _draw_instructions),
        Scene("draw_coach", _solo(lang=lang, **draw), _draw_coach),
        *long_name_scenes(lang),
        Scene(
            "draw_second_round",
            _solo(lang=lang, **draw),
            _draw_second_round,
            bot_factory=stations,
        ),
        Scene("draw_showdown", _solo(lang=lang, **draw), _showdown, bot_factory=stations),
        Scene("help", _solo(lang=lang), _then_press("question_mark", opens="HelpScreen")),
        Scene("quit", _solo(lang=lang), _then_press("ctrl+q", opens="QuitScreen")),
        Scene("fold_confirm", _solo(lang=lang), _fold_when_free, bot_factory=stations),
        Scene("raise_refused", _solo(lang=lang), _raise_refused),
        Scene("rules_draw", _solo(lang=lang), _rules_draw),
        Scene("replay", _solo(lang=lang), _replay_end, factory=lambda: replay_app(lang)),
        Scene(
            "hosted_end_host",
            _solo(lang=lang),
            _hosted_end,
            factory=lambda: HostedScene(("Host", "Ana"), ("normal",), hands=1, keep_table=True).app(
                lang, "Host", host=True, play=("Ana",)
            ),
        ),
        Scene(
            "hosted_end_friend",
            _solo(lang=lang),
            _hosted_end,
            factory=lambda: HostedScene(("Host", "", ""), ("easy",), hands=1, keep_table=True).app(
                lang, "Ana", host=False, play=("Host", "Bo")
            ),
        ),
        Scene(
            "end_hot_seat",
            _solo(lang=lang, humans=("Ana", "Ben", "Cleo"), bots=nine[:6], hand_limit=2),
            _end,
            bot_factory=stations,
        ),
        Scene(
            "review_whose",
            _solo(lang=lang, humans=("Ana", "Ben"), bots=("normal",)),
            _review_asks("ChoiceScreen"),
            bot_factory=stations,
        ),
        Scene(
            "review_curtain",
            _solo(lang=lang, humans=("Ana", "Ben"), bots=("normal",)),
            _review_asks("ReviewCurtain", "down", "enter"),
            bot_factory=stations,
        ),
        Scene(
            "review_flag",
            _solo(lang=lang, bots=("easy", "normal", "hard", "easy")),
            _review_flag,
            bot_factory=stations,
        ),
        Scene(
            "stats_positions", _solo(lang=lang), _stats_page("2"), factory=lambda: stats_app(lang)
        ),
        Scene("stats_more", _solo(lang=lang), _stats_page("3"), factory=lambda: stats_app(lang)),
        Scene(
            "drill_menu",
            _solo(lang=lang),
            _drill(answer=False),
            factory=lambda: train_app(lang),
        ),
        Scene("drill_odds", _solo(lang=lang), _drill("2"), factory=lambda: train_app(lang)),
        Scene("drill_preflop", _solo(lang=lang), _drill("1"), factory=lambda: train_app(lang)),
        Scene(
            "drill_progress",
            _solo(lang=lang),
            _drill("4", answer=False),
            factory=lambda: train_app(lang, answers=60),
        ),
    )
    return {**scenes(lang), **{scene.name: scene for scene in more}}


# --------------------------------------------------------------------------- longest words

#: big stakes: every price on the keys and in the status line is a 4-digit amount
BIG_HOLDEM: dict[str, Any] = {"stack": 50_000, "small_blind": 500, "big_blind": 1_000}
BIG_DRAW: dict[str, Any] = {
    "variant": "draw",
    "stack": 50_000,
    "small_bet": 1_000,
    "big_bet": 2_000,
    "draw_ante": 250,
}
#: how many seeds a long-name scene deals (with the engine alone) to find its hand
SEED_TRIES = 400

Stop = Callable[[PlayerView], bool]


def at_river_price(view: PlayerView) -> bool:
    """The player decides on the river, facing a bet."""
    legal = view.legal
    return legal is not None and len(view.board) == 5 and legal.call_amount > 0


def at_draw(view: PlayerView) -> bool:
    """The player chooses discards."""
    return view.legal is not None and view.legal.can_draw


def after_draw_price(view: PlayerView) -> bool:
    """The player decides in the second betting round of the draw, facing a bet."""
    legal = view.legal
    done = any(s.drawn is not None for s in view.seats if s.position == view.me)
    return legal is not None and not legal.can_draw and done and legal.call_amount > 0


def name_at(settings: GameSettings, stop: Stop) -> str | None:
    """The player's hand name where ``stop`` first holds in the first hand, played as the
    scene plays it (the player checks, calls and stands pat; bettors bet), or ``None``."""
    session = Session(settings, bettors)
    session.start_hand()
    hand = session.hand
    assert hand is not None
    tr = get_translator(settings.lang)
    while not hand.is_complete:
        seat = session.actor_seat
        assert seat is not None
        if seat != 0:
            session.act_for_bot(seat, Bettor().decide(session.bot_view(seat)))
            continue
        view = session.view_for(0)
        if stop(view):
            return hand_name((*view.my_cards, *view.board), tr)
        session.act(0, CallingStation().decide(view))
    return None


@functools.cache
def longest_name_seed(settings: GameSettings, stop: Stop) -> tuple[int, str]:
    """Of the first :data:`SEED_TRIES` seeds, the one whose first hand shows the player the
    longest hand name (in the settings' language) where ``stop`` holds; and that name.

    Found by dealing, not written down, so it keeps working whatever the seeds deal.
    """
    best = (0, "")
    for seed in range(1, SEED_TRIES + 1):
        name = name_at(replace(settings, seed=seed), stop)
        if name is not None and len(name) > len(best[1]):
            best = (seed, name)
    assert best[1], "no seed reached the scene's moment"
    return best


def long_name_scene(name: str, settings: GameSettings, stop: Stop) -> Scene:
    """The coach on, bettors around, the first hand at ``stop`` with the longest hand name
    the seeds give: the status line and the coach at their widest, on a real deal. The seeds
    are dealt when the scene is first played, not when the scenes are listed."""

    def app() -> App[Any]:
        seed, _ = longest_name_seed(settings, stop)
        return create_app(replace(settings, seed=seed), bot_factory=bettors, bot_timeout=None)

    async def drive(pilot: Pilot[Any]) -> None:
        _, expected = longest_name_seed(settings, stop)
        await settle(pilot)
        await pilot.press("o")
        await act_until(pilot, lambda a: a.ui.stage is Stage.HUMAN and stop(my_view(a)))
        await wait_for_coach(pilot)
        app = pilot.app
        assert isinstance(app, HoldemApp)
        model = app.screen.model  # type: ignore[attr-defined]
        assert expected in model.info, f"the deal changed: {expected!r} not in {model.info!r}"

    return Scene(name, settings, drive, bot_factory=bettors, factory=app)


def long_name_scenes(lang: str) -> list[Scene]:
    """The longest hand names with 4-digit prices: Hold'em's river, draw's draw and its
    second betting round (the player stands pat, so the name is the dealt hand's)."""
    holdem = _solo(lang=lang, bots=("normal",), **BIG_HOLDEM)
    draw = _solo(lang=lang, bots=("normal", "hard"), **BIG_DRAW)
    return [
        long_name_scene("long_name_river", holdem, at_river_price),
        long_name_scene("long_name_draw", draw, at_draw),
        long_name_scene("long_name_draw_call", draw, after_draw_price),
    ]
