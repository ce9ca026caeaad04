"""The process a plugin bot lives in: JSON lines in, JSON lines out, nothing else shared.

Started by :class:`~holdem_tui.bots.sandbox.ProcessBot` as ``python -m
holdem_tui.bots.plugin_worker``. Why a process: a plugin running inside the game could
reach the live hand (``gc.get_objects()``, ``sys._current_frames()``), change the engine's
objects, hold the GIL in a 2 GB allocation or spin forever. Here it only ever holds a
decoded copy of its own view, its memory is capped (``RLIMIT_AS``), and the game can kill
it. The protocol keeps its own copies of stdin/stdout so a plugin that prints or reads
cannot corrupt it.

Messages (one JSON object per line, each way):

* game → worker ``{"hello": {"spec", "seed", "path", "memory_mb"}}``; worker → game
  ``{"ready": {"name"}}`` or ``{"refused": "reason"}`` (and the worker exits);
* game → worker ``{"view": <wire view>}``; worker → game ``{"action": <wire action>}``
  (plus ``"reason": <wire reason>`` when the plugin's ``decide`` returned a ``Decision``
  with a reason, put in its own words here) or ``{"error": "what went wrong"}``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import IO, Any

#: longest bot name passed back to the game (it is shown on the table)
MAX_NAME = 24


def _limit_memory(megabytes: int) -> None:
    """Cap the address space: a huge allocation fails here with MemoryError, not in the game."""
    try:
        import resource
    except ImportError:  # not on this platform: the timeout still bounds a runaway bot
        return
    limit = megabytes * 1024 * 1024
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _die_with_parent() -> None:
    """Ask Linux to kill this process if the game dies (so a spinning bot never outlives it)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _private_channels() -> tuple[IO[str], IO[str]]:
    """The protocol's own copies of stdin/stdout; the plugin's stdin/stdout go nowhere."""
    proto_in = os.fdopen(os.dup(0), "r", encoding="utf-8")
    proto_out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(2, 1)  # print() from a plugin goes to stderr, which the game discards
    os.close(devnull)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    sys.stdout = sys.stderr
    return proto_in, proto_out


def load_bot_class(spec: str) -> type:
    """Import ``module:Class`` and check it is a class with a ``decide`` method.

    Raises ``ValueError`` saying what is wrong; ``os:system``, ``builtins:print`` or
    ``sys:exit`` are refused here because they are not classes.
    """
    from holdem_tui.bots.registry import load_plugin

    return load_plugin(spec)


def _build(cls: type, seed: int | None) -> Any:
    try:
        return cls(seed)
    except TypeError:
        return cls()


def _printable_name(value: object, fallback: str) -> str:
    from holdem_tui.names import clean_name

    return clean_name(value if isinstance(value, str) else "", MAX_NAME) or clean_name(
        fallback, MAX_NAME
    )


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 200 else text[:197] + "..."


def _answer(answer: object) -> dict[str, Any]:
    """The reply to one view: the action, and the plugin's reason in its own words if any."""
    from holdem_tui.bots.explain import foreign_reason
    from holdem_tui.engine.actions import Action
    from holdem_tui.engine.decision import Decision
    from holdem_tui.wire import codec

    reason = None
    action = answer
    if isinstance(answer, Decision):
        action = answer.action
        try:
            reason = foreign_reason(answer.reason)
        except Exception:  # a reason that breaks on reading costs the reason, not the action
            reason = None
    if not isinstance(action, Action):
        raise TypeError(f"decide returned {type(action).__name__}, not an Action or Decision")
    reply: dict[str, Any] = {"action": codec.encode_action(action)}
    if reason is not None:
        reply["reason"] = codec.encode_reason(reason)
    return reply


def main() -> None:
    """Serve one plugin bot until the game closes the pipe."""
    _die_with_parent()
    proto_in, proto_out = _private_channels()
    from holdem_tui.wire import codec

    def send(message: dict[str, Any]) -> None:
        proto_out.write(codec.to_json(message) + "\n")
        proto_out.flush()

    line = proto_in.readline()
    try:
        hello = codec.from_json(line)
        assert isinstance(hello, dict) and isinstance(hello.get("hello"), dict)
        setup = hello["hello"]
        spec = str(setup["spec"])
        seed = setup["seed"] if type(setup["seed"]) is int else None
        sys.path[:] = [str(p) for p in setup["path"]]
        _limit_memory(int(setup["memory_mb"]))
    except Exception as exc:
        send({"refused": f"bad hello: {_describe(exc)}"})
        return
    try:
        cls = load_bot_class(spec)
        bot = _build(cls, seed)
        name = _printable_name(getattr(bot, "name", None), spec)
    except ValueError as exc:
        send({"refused": str(exc)})
        return
    except BaseException as exc:  # a hostile import or constructor (sys.exit included)
        send({"refused": f"custom bot {spec!r}: building it failed: {_describe(exc)}"})
        return
    send({"ready": {"name": name}})
    for line in proto_in:
        reply: dict[str, Any]
        try:
            message = codec.from_json(line)
            if not isinstance(message, dict) or "view" not in message:
                raise ValueError("expected a view")
            view = codec.decode_view(message["view"])
        except Exception as exc:
            send({"error": f"bad request: {_describe(exc)}"})
            continue
        try:
            reply = _answer(bot.decide(view))
        except BaseException as exc:  # SystemExit, MemoryError...: the bot's fault, not ours
            reply = {"error": _describe(exc)}
        try:
            send(reply)
        except BaseException as exc:  # e.g. an unencodable amount
            send({"error": _describe(exc)})


if __name__ == "__main__":
    main()
