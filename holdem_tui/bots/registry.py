"""Turn ``easy``, ``normal``, ``hard`` or ``module:Class`` into a bot.

One entry point for the UI, ``simulate`` and the tests, so a level name or a plugin path
means the same thing everywhere and a mistake is reported the same way: a ``ValueError``
naming what was wrong, raised before any hand is dealt.
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Callable
from functools import partial

from holdem_tui.bots.base import Bot
from holdem_tui.bots.levels import Level

#: the built-in levels, weakest first
LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
#: the reference opponents the hard level is measured by (``simulate`` and the tests)
REFERENCES: tuple[str, ...] = ("balanced", "adaptive")
#: every name a seat may be given without a plugin
BUILT_IN: tuple[str, ...] = LEVELS + REFERENCES


def _level_class(level: str) -> Callable[[int | None], Bot]:
    """The class for a built-in level or reference opponent (imported lazily: the hard bot
    pulls in numpy work)."""
    from holdem_tui.bots.levels import EasyBot, HardBot, NormalBot

    if level in REFERENCES:
        from holdem_tui.bots.reference import REFERENCE_BOTS

        return REFERENCE_BOTS[level]

    classes: dict[str, Callable[[int | None], Bot]] = {
        Level.EASY: EasyBot,
        Level.NORMAL: NormalBot,
        Level.HARD: HardBot,
    }
    return classes[level]


def load_plugin(spec: str) -> type:
    """Import ``module:Class`` and return the class that builds the bot.

    Only the plugin's own process calls this (see :mod:`holdem_tui.bots.sandbox`): the
    game never imports a plugin. Raises ``ValueError`` with the reason (bad syntax, module
    missing, attribute missing, not a class, no ``decide``); ``os:system``,
    ``builtins:print`` and ``sys:exit`` are refused because they are not classes.
    """
    _plugin_syntax(spec)
    module_name, _, attr = spec.partition(":")
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
    if not inspect.isclass(target):
        raise ValueError(f"custom bot {spec!r}: {attr!r} is not a class")
    if not callable(getattr(target, "decide", None)):
        raise ValueError(f"custom bot {spec!r}: {attr!r} has no decide(view) method")
    return target


#: plugin bots started by :func:`check_spec`, waiting for the seat that follows (by spec)
_checked: dict[str, list[Bot]] = {}


def discard_checked() -> None:
    """End the checked plugins nobody seated (before forking workers that build their own)."""
    for bots in _checked.values():
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()
    _checked.clear()


if hasattr(os, "register_at_fork"):  # a forked child's copies are its parent's processes
    os.register_at_fork(after_in_child=_checked.clear)


def check_spec(spec: str) -> None:
    """Raise ``ValueError`` if ``spec`` names no level and no plugin class with ``decide``.

    A plugin is checked in its own process, never imported into the game's: the process
    that checked it is kept and becomes the plugin's seat (:func:`make_bot` takes it), so
    checking costs no extra start.
    """
    text = spec.strip()
    if ":" not in text:
        resolve(text)
        return
    from holdem_tui.bots.sandbox import PluginFault, ProcessBot

    if _checked.get(text):
        return  # checked already, and its process still waits for its seat
    bot = make_bot(text)
    if isinstance(bot, ProcessBot):
        try:
            bot.ready()
        except (ValueError, PluginFault) as exc:
            bot.close()
            if isinstance(exc, ValueError):
                raise
            raise ValueError(f"custom bot {text!r}: {exc.detail}") from None
    _checked.setdefault(text, []).append(bot)


def _plugin_syntax(spec: str) -> None:
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"custom bot {spec!r}: expected module:Class, e.g. mybots:Shark")


def resolve(spec: str) -> Callable[[int | None], Bot]:
    """The factory for a level name or ``module:Class`` spec (a plugin: its process)."""
    text = spec.strip()
    if ":" in text:
        _plugin_syntax(text)
        from holdem_tui.bots.sandbox import ProcessBot

        return partial(ProcessBot, text)
    level = text.lower()
    if level not in BUILT_IN:
        raise ValueError(
            f"unknown bot level {spec!r}: choose one of {', '.join(BUILT_IN)} or module:Class"
        )
    return _level_class(level)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """Build the bot a spec names, seeded.

    A plugin becomes a :class:`~holdem_tui.bots.sandbox.ProcessBot`: its class is built in
    its own confined process (with ``seed`` when it takes one), started in the background; a
    spec with bad syntax raises ``ValueError`` here, a class that is missing or no bot is
    found by :func:`check_spec` (or, unchecked, costs the plugin its decisions). Its name
    is the plugin's own ``name`` when printable, else the spec, so reports and fault logs
    always say which bot it was.
    """
    checked = _checked.get(spec.strip())
    if checked:
        return checked.pop()  # a plugin's seed is fresh random bits either way
    return resolve(spec)(seed)
