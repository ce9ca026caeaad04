"""Turn ``easy``, ``normal``, ``hard`` or ``module:Class`` into a bot.

One entry point for the UI, ``simulate`` and the tests, so a level name or a plugin path
means the same thing everywhere and a mistake is reported the same way: a ``ValueError``
naming what was wrong, raised before any hand is dealt.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
from collections.abc import Callable

from holdem_tui.bots.base import Bot

#: the built-in levels, weakest first
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def _level_class(level: str) -> Callable[[int | None], Bot]:
    """The class for a built-in level (imported lazily: the hard bot pulls in numpy work)."""
    from holdem_tui.bots.levels import EasyBot, HardBot, NormalBot

    classes: dict[str, Callable[[int | None], Bot]] = {
        "easy": EasyBot,
        "normal": NormalBot,
        "hard": HardBot,
    }
    return classes[level]


def load_plugin(spec: str) -> Callable[[int | None], Bot]:
    """Import ``module:Class`` and return the class (or factory) that builds the bot.

    Raises ``ValueError`` with the reason (bad syntax, module missing, attribute missing,
    not callable, its instances lack ``decide``) so the command line can stop before play.
    """
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"custom bot {spec!r}: expected module:Class, e.g. mybots:Shark")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:
        raise ValueError(
            f"custom bot {spec!r}: cannot import module {module_name!r}: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    target: object = module
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ValueError(
                f"custom bot {spec!r}: module {module_name!r} has no attribute {attr!r}"
            ) from None
    if not callable(target):
        raise ValueError(f"custom bot {spec!r}: {attr!r} is not a class or factory")
    if inspect.isclass(target) and not callable(getattr(target, "decide", None)):
        raise ValueError(f"custom bot {spec!r}: {attr!r} has no decide(view) method")
    factory: Callable[[int | None], Bot] = target
    return factory


def check_spec(spec: str) -> None:
    """Raise ``ValueError`` if ``spec`` names no level and no importable plugin."""
    resolve(spec)


def resolve(spec: str) -> Callable[[int | None], Bot]:
    """The factory for a level name or ``module:Class`` spec."""
    text = spec.strip()
    if ":" in text:
        return load_plugin(text)
    level = text.lower()
    if level not in LEVELS:
        raise ValueError(
            f"unknown bot level {spec!r}: choose one of {', '.join(LEVELS)} or module:Class"
        )
    return _level_class(level)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build the bot a spec names, seeded; a plugin is called with ``seed`` when it takes one.

    The bot's ``name`` is set to the spec when the object does not provide one, so reports
    and fault logs always say which bot it was.
    """
    factory = resolve(spec)
    bot: Bot
    try:
        bot = factory(seed)
    except TypeError:
        if ":" not in spec:
            raise
        bot = factory()  # type: ignore[call-arg]
    except Exception as exc:
        raise ValueError(f"custom bot {spec!r}: building it failed: {exc}") from exc
    if not callable(getattr(bot, "decide", None)):
        raise ValueError(f"custom bot {spec!r}: the object it built has no decide(view)")
    if not isinstance(getattr(bot, "name", None), str):
        with contextlib.suppress(AttributeError):
            bot.name = spec.strip()
    return bot
