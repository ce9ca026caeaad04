"""``holdem-tui play``: sit down at a table with every setting given as a flag.

With no flags it is the game ``holdem-tui`` starts: you against five bots of mixed levels at
No-Limit Hold'em. Flags are checked before the screen opens, so a typo in ``--blinds`` or a
plugin that cannot be imported is reported on the command line, not mid-game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Final

import click

from holdem_tui.commands.options import (
    chosen_before,
    comma_list,
    game_option,
    lang_option,
    pace_option,
    parse_pair,
    tournament_option,
    whole_option,
)
from holdem_tui.engine.draw import default_ante as default_draw_ante
from holdem_tui.engine.variants import Variant
from holdem_tui.game_settings import (
    DEFAULT_BOTS,
    DEFAULT_STACK,
    MAX_CHIPS,
    MAX_HANDS,
    MAX_MINUTES,
    GameSettings,
    Pace,
)
from holdem_tui.i18n import Translator, get_translator, resolve_language

if TYPE_CHECKING:
    from holdem_tui.ui.app import HoldemApp


def _pair(value: str | None, flag: str) -> tuple[int, int] | None:
    """``"5/10"`` -> ``(5, 10)``; ``None`` when the flag was not given."""
    if value is None:
        return None
    return parse_pair(value, click.Option([flag]))


def _names(value: str | None) -> list[str] | None:
    return None if value is None else comma_list(value)


@dataclass(frozen=True, slots=True)
class GameFlags:
    """The flags that describe the game and its stakes (:func:`game_options`), as typed.

    ``play`` and ``host`` both take them; one object instead of twelve parameters keeps the
    two commands, and :func:`build_settings`, from listing them again. ``None`` is "not
    given": the game's own default (or, for ``lang`` and ``pace``, the player's last choice).
    """

    game: str = Variant.HOLDEM.value
    bots: str | None = None
    plugins: tuple[str, ...] = ()
    stack: int = DEFAULT_STACK
    blinds: str | None = None
    ante: int | None = None
    limits: str | None = None
    hands: int | None = None
    minutes: int | None = None
    lang: str | None = None
    pace: str | None = None
    seed: int | None = None
    tournament: str | None = None


def _tournament(flags: GameFlags) -> dict[str, Any]:
    """``--tournament``'s settings: a preset by name, or a file read and checked now (its
    data travels with the settings: a save or a hosted table never reads the file again)."""
    choice = flags.tournament
    if choice is None:
        return {}
    if flags.hands is not None or flags.minutes is not None:
        raise click.UsageError("--tournament: a tournament ends when one player has every chip")
    from holdem_tui.engine.variants import parse_variant
    from holdem_tui.storage.tournament_file import TournamentFileError, load_tournament

    try:
        spec = load_tournament(choice, parse_variant(flags.game), flags.stack)
    except TournamentFileError as exc:
        raise click.UsageError(f"--tournament: {exc}") from None
    if choice == spec.name and spec.schedule.stack is None:
        return {"tournament": choice}
    stack = spec.schedule.stack or flags.stack
    return {"tournament": spec.name, "tournament_data": spec.to_data(), "stack": stack}


def build_settings(
    flags: GameFlags = GameFlags(),
    *,
    humans: str | None = None,
    watch: bool = False,
    human_seats: list[str] | None = None,
    training: bool = False,
) -> GameSettings:
    """Turn the flags into settings; raises ``click.UsageError`` naming what is wrong.

    ``human_seats`` seats exactly these names (``""``: a chair left open), as ``host`` does.
    """
    game = flags.game
    human_names = [] if watch else (_names(humans) or [""])
    if human_seats is not None:
        human_names = human_seats
    bot_levels = _names(flags.bots)
    if bot_levels is None:
        bot_levels = [] if flags.plugins else list(DEFAULT_BOTS)
    bot_levels += list(flags.plugins)
    sb_bb = _pair(flags.blinds, "--blinds") or (5, 10)
    bets = _pair(flags.limits, "--limits") or (10, 20)
    # --ante sets the ante of the game chosen; without it each game keeps its default
    if flags.ante is not None:
        antes = {"draw_ante" if game == Variant.DRAW else "ante": flags.ante}
    else:  # the draw ante follows the limits chosen (5 at the default 10/20)
        antes = {"draw_ante": default_draw_ante(bets[0])} if game == Variant.DRAW else {}
    tournament = _tournament(flags)
    settings = GameSettings.build(
        variant=game,
        humans=human_names,
        bots=bot_levels,
        stack=tournament.pop("stack", flags.stack),
        small_blind=sb_bb[0],
        big_blind=sb_bb[1],
        **antes,
        small_bet=bets[0],
        big_bet=bets[1],
        hand_limit=flags.hands,
        minute_limit=flags.minutes,
        lang=resolve_language(flags.lang, None),
        pace=flags.pace or Pace.NORMAL.value,
        seed=flags.seed,
        training=training,
        **tournament,
    )
    tr = get_translator(settings.lang)
    problems = [tr.t(key, **params) for key, params in settings.validate()]
    for seat in settings.seats:
        if seat.is_plugin:
            from holdem_tui.bots.registry import check_spec

            try:
                check_spec(seat.level)
            except ValueError as exc:
                problems.append(str(exc))
    if problems:
        raise click.UsageError("; ".join(problems))
    if any(seat.is_plugin for seat in settings.seats):
        say_isolation()
    return settings


def say_isolation() -> None:
    """With a plugin seated: one line on the terminal if its boundary is not complete here."""
    from holdem_tui.bots.sandbox import isolation_line, last_layers

    line = isolation_line(last_layers)
    if line:
        click.echo(line, err=True)


def game_options(
    bots_help: str,
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The flags that set the game and its stakes, shared by ``play`` and ``host``: the
    command receives them as one :class:`GameFlags` first argument."""
    options = [
        game_option("Texas Hold'em (no limit) or Five-Card Draw (fixed limit)."),
        click.option("--bots", metavar="LEVELS", default=None, help=bots_help),
        click.option(
            "--bot",
            "plugins",
            metavar="MODULE:CLASS",
            multiple=True,
            help="Seat a plugin bot; repeat for more.",
        ),
        whole_option(
            "--stack",
            low=1,
            high=MAX_CHIPS,
            default=DEFAULT_STACK,
            help="Starting chips per player.",
        ),
        click.option(
            "--blinds", metavar="SB/BB", default=None, help="Hold'em blinds [default: 5/10]."
        ),
        whole_option(
            "--ante",
            low=0,
            high=MAX_CHIPS,
            help="Ante per player [default: none in Hold'em, half the small bet in draw; "
            "draw needs at least 1].",
        ),
        click.option(
            "--limits",
            metavar="SMALL/BIG",
            default=None,
            help="Draw bet sizes: small bet / big bet [default: 10/20].",
        ),
        whole_option(
            "--hands",
            low=1,
            high=MAX_HANDS,
            help="End after N hands [default: no limit in Hold'em, 30 in draw].",
        ),
        whole_option("--minutes", low=1, high=MAX_MINUTES, help="End after M minutes."),
        lang_option("as last chosen"),
        pace_option(),
        click.option("--seed", type=int, default=None, help="Seed for a reproducible session."),
        tournament_option(
            "A sit-and-go: rising blinds, places and prizes (a preset, or a TOML "
            "schedule file; see docs/tournaments.md).",
        ),
    ]

    names = tuple(f.name for f in fields(GameFlags))

    def apply(function: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(function)
        def with_flags(**given: Any) -> None:
            flags = GameFlags(**{name: given.pop(name) for name in names})
            function(flags, **given)

        for option in reversed(options):
            with_flags = option(with_flags)
        return with_flags

    return apply


#: ``--bots`` of a game of one's own (``play``, and each tab of ``serve``)
BOTS_HELP: Final = "Comma-separated bot levels: easy, normal, hard (default: five mixed)."


@click.command(name="play")
@game_options(BOTS_HELP)
@click.option(
    "--humans",
    metavar="NAMES",
    default=None,
    help="Comma-separated names of the people at the keyboard (hot-seat if two or more).",
)
@click.option("--watch", is_flag=True, help="No human seat: watch the bots play.")
@click.option(
    "--setup",
    "setup_first",
    is_flag=True,
    help="Open the setup screen first, filled in from the other flags.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Continue the last session where it stopped (the other flags are ignored).",
)
@click.option(
    "--training/--no-training",
    default=None,
    help="A training table: the hand review shows every bot's cards and reasons "
    "(default: as last chosen).",
)
def command(
    flags: GameFlags,
    humans: str | None,
    watch: bool,
    setup_first: bool,
    resume: bool,
    training: bool | None,
) -> None:
    """Start a game at the table with every setting as a flag."""
    from holdem_tui.storage.preferences import load_settings

    stored = load_settings()
    lang, pace = chosen_before(flags.lang, flags.pace, stored.settings)
    flags = replace(flags, lang=lang, pace=pace)
    if training is None:
        training = stored.settings.training
    notices: list[str] = []
    persist, watch, resume, setup_first = _take_data_folder(
        lang, notices, watch, resume, setup_first
    )
    if stored.message_key is not None:
        tr = get_translator(resolve_language(lang, None))
        notices.append(tr.t(stored.message_key, path=str(stored.kept_aside)))
    if resume:
        problem = _resume(lang, notices)
        if problem is None:
            return
        notices.append(problem)
        setup_first = True  # the new game the player is offered instead
    elif persist and not setup_first and _game_described(click.get_current_context()):
        # flags describe the game to play: it starts at the table, and an unfinished
        # session is kept aside with one line on how to get it back
        from holdem_tui.storage.offer import set_previous_aside

        kept = set_previous_aside()
        if kept is not None:
            tr = get_translator(resolve_language(lang, None))
            notices.append(tr.t("saves.kept_for_later", command=RESUME_COMMAND))
    elif persist:
        from holdem_tui.storage.autosave import SaveFile

        # bare `holdem-tui`: an unfinished session is never skipped silently, the setup
        # screen checks it and offers "Continue"
        setup_first = setup_first or SaveFile().exists()
    settings = build_settings(flags, humans=humans, watch=watch, training=training)
    from holdem_tui.ui.app import create_app

    app = create_app(settings, setup_first=setup_first, persist=persist)
    run_app(app, notices)


#: Flags that only say how to show the game, not which game to play.
_PRESENTATION_FLAGS: frozenset[str] = frozenset(
    {"lang", "pace", "setup_first", "resume", "training"}
)


def _game_described(ctx: click.Context) -> bool:
    """Whether the command line names the game to play (any flag beyond language and pace)."""
    from click.core import ParameterSource

    return any(
        ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE
        for param in ctx.command.params
        if param.name is not None and param.name not in _PRESENTATION_FLAGS
    )


def run_app(app: HoldemApp, notices: list[str]) -> None:
    """Run the game full screen, then say what the player needs to know in the shell.

    Notices are repeated after the screen closes (they stay readable). A crash leaves the
    terminal clean: the details go to a log file, one line says where, the autosave is
    kept, and the exit status is non-zero. A session left unfinished says how to come back.
    """
    from holdem_tui.storage.autosave import SaveFile
    from holdem_tui.storage.crashlog import write_crash_log

    for notice in notices:
        app.notify(notice, severity="warning", timeout=20)
    log = None
    try:
        app.run()
        code = app.return_code or 0
        log = app.crash_log
    except Exception as exc:  # outside Textual's own handling: start-up or shut-down
        code = 1
        log = write_crash_log(exc)
    tr = app.tr
    for notice in notices:  # still readable after the full-screen app has closed
        click.echo(notice, err=True)
    _say_unsaved(app)
    saved = SaveFile().exists()
    if code:
        line = tr.t("crash.stopped", path=str(log or ""))
        if saved:
            line += " " + tr.t("crash.saved", command=RESUME_COMMAND)
        click.echo(line, err=True)
        raise SystemExit(code)
    if saved:
        click.echo(tr.t("saves.come_back", command=RESUME_COMMAND))


def _say_unsaved(app: HoldemApp) -> None:
    """After a session whose saving stopped (a full disk): which hands were not saved, and
    where the older save went (never offered as the current one)."""
    from holdem_tui.storage.autosave import SaveFile

    session = getattr(getattr(app, "driver", None), "session", None)
    store = getattr(session, "store", None)
    if store is None or store.unusable is None:
        return
    tr = app.tr
    if store.first_unsaved is None:
        return  # every hand was saved; only the finished session's end mark was not
    click.echo(tr.t("saves.not_saved", number=store.first_unsaved, detail=store.unusable))
    if store.stale_save is not None:
        line = tr.t(
            "saves.stale_kept",
            number=store.first_unsaved,
            path=str(store.stale_save),
            name=SaveFile().path.name,
        )
        click.echo(line)


#: What a player types to continue the saved session.
RESUME_COMMAND: Final = "holdem-tui play --resume"


def _take_data_folder(
    lang: str | None, notices: list[str], watch: bool, resume: bool, setup_first: bool
) -> tuple[bool, bool, bool, bool]:
    """Lock the data folder for this game: ``(persist, watch, resume, setup_first)``.

    A second game on the same folder says who holds it and offers to watch a new game
    without saving (or stops, exit 1); a folder that cannot be written means playing on
    without saving, said in one line.
    """
    import sys

    from holdem_tui.storage.lock import FolderInUse, acquire
    from holdem_tui.storage.paths import data_dir

    tr = get_translator(resolve_language(lang, None))
    folder = data_dir()
    try:
        acquire(folder)  # held until the process ends
    except FolderInUse as exc:
        holder = exc.holder
        click.echo(tr.t("storage.locked", pid=holder.pid, since=holder.since, path=str(folder)))
        if not (sys.stdin.isatty() and click.confirm(tr.t("storage.watch_instead"), default=True)):
            raise SystemExit(1) from None
        return False, True, False, False
    except OSError as exc:
        notices.append(
            tr.t("storage.folder_unusable", path=str(folder), detail=exc.strerror or str(exc))
        )
        return False, watch, False, setup_first
    return True, watch, resume, setup_first


def _resume(lang: str | None, notices: list[str]) -> str | None:
    """Continue the autosaved session; ``None`` once played, else why a new game starts.

    With no current save, the sessions a new game set aside are listed and the one chosen
    is continued. A broken or incompatible save has already been kept aside by the loader;
    the message says in plain words where it went, and the setup screen then offers a new
    game.
    """
    from holdem_tui.game_settings import GameSettings
    from holdem_tui.storage.autosave import LoadStatus, SaveFile
    from holdem_tui.ui.app import create_app

    tr = get_translator(resolve_language(lang, None))
    loaded = SaveFile().load()
    if loaded.status is LoadStatus.MISSING and _bring_back_a_kept_session(tr):
        loaded = SaveFile().load()
    if loaded.session is None:
        return loaded.message(tr) or tr.t("storage.no_save")
    try:
        settings = GameSettings.from_dict(loaded.session.settings)
    except ValueError:
        return tr.t("storage.no_save")
    if lang is not None:  # --lang, else the language last chosen, beats the session's own
        settings = replace(settings, lang=lang)
    app = create_app(settings, persist=True, saved=loaded)
    run_app(app, notices)
    return None


def _bring_back_a_kept_session(tr: Translator) -> bool:
    """List the sessions set aside by new games (game, players, hand, when), newest first,
    and make the one the player chooses the current save; ``False``: none kept. Typing
    ``q`` chooses none and ends the command."""
    from holdem_tui.storage.offer import bring_back, kept_sessions

    kept = kept_sessions()
    if not kept:
        return False

    def name_of(chair: int, name: str) -> str:
        return name or tr.t("setup.default_name", n=chair + 1)

    click.echo(tr.t("resume.title"))
    for number, session in enumerate(kept, start=1):
        click.echo(f"  {number}. {session.summary.describe(tr, name_of)}")
    while True:
        answer = click.prompt(tr.t("resume.choose"), default="1", show_default=False).strip()
        if answer.lower() == "q":
            raise SystemExit(0)
        if answer.isdigit() and 1 <= int(answer) <= len(kept):
            bring_back(kept[int(answer) - 1])
            return True
        click.echo(tr.t("resume.not_listed", answer=answer))
