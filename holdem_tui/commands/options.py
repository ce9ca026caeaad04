"""Click options and types shared by the commands, so ``5/10``, ``--game`` and ``--lang``
mean the same everywhere: the choices come from the engine's games and the locale files."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from holdem_tui.engine.variants import VARIANTS
from holdem_tui.game_settings import MAX_CHIPS, PACES, Pace
from holdem_tui.i18n import LANG_ENV, LANGUAGES

if TYPE_CHECKING:
    from holdem_tui.storage.preferences import Settings

F = TypeVar("F", bound=Callable[..., Any])

#: what ``--lang`` falls back to, said the same way by every command
LANG_FALLBACK = "LC_ALL / LC_MESSAGES / LANG, else English"


def game_option(help_text: str) -> Callable[[F], F]:
    """``--game``: one of the games the engine plays, the first by default."""
    return click.option(
        "--game",
        type=click.Choice([v.value for v in VARIANTS]),
        default=VARIANTS[0].value,
        show_default=True,
        help=help_text,
    )


def lang_option(default_from: str = "") -> Callable[[F], F]:
    """``--lang``: a language of the locale files, or ``$HOLDEM_TUI_LANG`` (for this run, like
    the flag: a typo is an error, not a silent English); unset, ``default_from`` (a saved
    setting) and then the system's locale decide."""
    first = f"{default_from}, then " if default_from else "from "
    return click.option(
        "--lang",
        type=click.Choice(LANGUAGES, case_sensitive=False),
        default=None,
        envvar=LANG_ENV,
        show_envvar=True,
        help=f"Language (default: {first}{LANG_FALLBACK}).",
    )


def chosen_before(lang: str | None, pace: str | None, saved: Settings) -> tuple[str | None, str]:
    """The language and pace to play in: the flags, else the player's last choice (the saved
    settings, which a hand edit may have spoilt), else the system's language and normal."""
    if lang is None and saved.language in LANGUAGES:
        lang = saved.language
    if pace is None:
        pace = saved.pace if saved.pace in PACES else Pace.NORMAL.value
    return lang, pace


def pace_option() -> Callable[[F], F]:
    """``--pace``: how fast bots act and hands move on; unset, as the player chose last."""
    return click.option(
        "--pace",
        type=click.Choice(PACES),
        default=None,
        help="How fast bots act and hands move on [default: as last time, else normal].",
    )


def whole_option(
    *names: str, low: int, high: int | None = None, default: int | None = None, **more: Any
) -> Callable[[F], F]:
    """A whole-number option from ``low`` to ``high`` (click refuses the rest, naming the
    flag); ``--help`` shows the default when there is one. ``more``: click's other words."""
    return click.option(
        *names,
        type=click.IntRange(min=low, max=high),
        default=default,
        show_default=default is not None,
        **more,
    )


def address_option(flag: str, default: str, other: str) -> Callable[[F], F]:
    """The address a table listens on (``host --bind``, ``serve --host``); ``other``: what
    the address that is not the default does."""
    return click.option(
        flag, default=default, show_default=True, help=f"Address to listen on ({other})."
    )


def port_option(default: int) -> Callable[[F], F]:
    """``--port``: the TCP port a table listens on (``host``, ``serve``)."""
    return whole_option(
        "--port",
        low=0,
        high=65535,
        default=default,
        help="TCP port to listen on (0: any free port).",
    )


def tournament_option(help_text: str) -> Callable[[F], F]:
    """``--tournament``: a sit-and-go preset by name, or a TOML schedule file."""
    return click.option(
        "--tournament", metavar="regular|turbo|hyper|FILE", default=None, help=help_text
    )


def comma_list(value: str) -> list[str]:
    """``"a, b,,c"`` -> ``["a", "b", "c"]``: the names or levels a flag lists."""
    return [part.strip() for part in value.split(",") if part.strip()]


def parse_pair(
    text: str, param: click.Parameter | None = None, ctx: click.Context | None = None
) -> tuple[int, int]:
    """``"5/10"`` -> ``(5, 10)``: two whole numbers, the first positive and not the larger.

    Raises click's ``BadParameter``, so a typo reads as a clear message naming the flag.
    """
    parts = text.split("/")
    try:
        low, high = (int(p) for p in parts)
    except ValueError:
        raise click.BadParameter(
            f"{text!r} is not two whole numbers like 5/10", ctx, param
        ) from None
    if not 0 < low <= high:
        raise click.BadParameter(f"{text!r}: need 0 < first <= second", ctx, param)
    if high > MAX_CHIPS:
        raise click.BadParameter(f"{text!r}: at most {MAX_CHIPS:,} chips", ctx, param)
    return low, high


class PairType(click.ParamType):  # type: ignore[type-arg]
    """``SMALL/BIG`` chip amounts, e.g. ``5/10`` (blinds) or ``10/20`` (limits)."""

    name = "SMALL/BIG"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[int, int]:
        """Parse and check ``value``."""
        if isinstance(value, tuple):
            return value
        return parse_pair(str(value), param, ctx)
