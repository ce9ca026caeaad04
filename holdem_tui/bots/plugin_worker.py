"""The process a plugin bot lives in: JSON lines in, JSON lines out, nothing else shared.

Started by :class:`~holdem_tui.bots.sandbox.ProcessBot` as ``python -m
holdem_tui.bots.plugin_worker``. Why a process: a plugin running inside the game could
reach the live hand (``gc.get_objects()``, ``sys._current_frames()``), change the engine's
objects, hold the GIL in a 2 GB allocation or spin forever. Here it only ever holds a
decoded copy of its own view, and the game can kill it. Before the plugin's module is even
imported, the worker puts itself behind the operating system's boundary
(:mod:`holdem_tui.bots.confine`: namespaces, Landlock, seccomp, resource limits), so not one
line of the plugin runs with more than that. The protocol keeps its own copies of
stdin/stdout so a plugin that prints or reads cannot corrupt it.

Messages (one JSON object per line, each way):

* game → worker ``{"hello": {"spec", "seed", "path", "memory_mb", "private", "without"}}``;
  worker → game ``{"ready": {"name", "layers"}}`` (``layers``: each layer of the boundary,
  whether it held and why not) or ``{"refused": "reason"}`` (and the worker exits);
* game → worker ``{"view": <wire view>}``; worker → game ``{"action": <wire action>}``
  (plus ``"reason": <wire reason>`` when the plugin's ``decide`` returned a ``Decision``
  with a reason: sent as the plugin gave it, the game alone puts it in its own words) or
  ``{"error": "what went wrong"}``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import os
import site
import sys
import sysconfig
from pathlib import Path
from typing import IO, Any

from holdem_tui.bots import confine

#: longest bot name passed back to the game (it is shown on the table)
MAX_NAME = 24
#: the system's shared libraries and the loader's cache: public, and numpy's extensions
#: load from them
SYSTEM_LIBRARIES = (
    "/usr/lib",
    "/usr/lib64",
    "/lib",
    "/lib64",
    "/usr/local/lib",
    "/etc/ld.so.cache",
)
#: devices a plugin may open (random bits; /dev/null, also writable)
DEVICES = ("/dev/urandom", "/dev/random")


def _installations() -> set[Path]:
    """Where Python and the installed packages live (read-only for the plugin)."""
    found = {Path(p) for p in sysconfig.get_paths().values() if p}
    found.update(Path(p) for p in site.getsitepackages())
    user = site.getusersitepackages()
    if isinstance(user, str):
        found.add(Path(user))
    prefixes = {Path(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix) if p}
    for entry in sys.path:
        path = Path(entry or ".").absolute()
        if any(path == prefix or prefix in path.parents for prefix in prefixes):
            found.add(path)
    return found


def plugin_files(spec: str) -> list[Path]:
    """The plugin's own files: its module file, or its top-level package's folders.

    Found without importing anything of the plugin: only the top-level name is looked up,
    which runs no code of a plain module or package.
    """
    top = spec.partition(":")[0].split(".")[0]
    try:
        found = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return []
    if found is None:
        return []
    if found.submodule_search_locations:
        return [Path(p) for p in found.submodule_search_locations]
    return [Path(found.origin)] if found.origin and os.path.isabs(found.origin) else []


def readable_paths(spec: str, private: list[Path]) -> list[Path]:
    """Everything the plugin may read: Python, installed packages, the game's package, the
    plugin's own files, the system's libraries; never a folder that holds a private one
    (the player's home, the game's data and settings)."""
    import holdem_tui

    wanted = _installations() | set(plugin_files(spec))
    wanted.add(Path(holdem_tui.__file__).parent)
    wanted.update(Path(p) for p in (*SYSTEM_LIBRARIES, *DEVICES))

    def holds_private(path: Path) -> bool:
        resolved = path.resolve()
        return any(resolved == p or resolved in p.parents for p in private)

    return sorted(p for p in wanted if p.exists() and not holds_private(p))


def build_boundary(
    spec: str, memory_mb: int, private: list[Path], without: frozenset[str] = frozenset()
) -> list[confine.Layer]:
    """Put this process behind every layer the system offers; returns what held.

    With namespaces, this forks: the parent stays outside the new PID namespace and only
    waits (exiting with its child's status); the child, process 1 inside it, returns here.
    ``without`` leaves layers out (the tests and ``bench --only isolation`` use it to show
    what each layer stops on its own; the game never does).
    """

    def off(name: str) -> confine.Layer:
        return confine.Layer(name, False, "left out by the game")

    layers = [off("namespaces") if "namespaces" in without else confine.enter_namespaces()]
    if layers[0].held:
        child = confine.fork_into_pid_namespace()
        if child:
            _wait_and_exit(child)
        confine.die_with_parent()
        layers.append(confine.mount_fresh_proc())
    confine.preload_seccomp()
    layers.append(off("limits") if "limits" in without else confine.limit_resources(memory_mb))
    if "landlock" in without:
        layers.append(off("landlock"))
    else:
        layers.append(confine.landlock(readable_paths(spec, private), [Path(os.devnull)]))
    layers.append(off("seccomp") if "seccomp" in without else confine.seccomp())
    return layers


def _wait_and_exit(child: int) -> None:
    """The parent outside the PID namespace: hold nothing of the protocol, wait, leave."""
    for fd in range(3, 256):
        with contextlib.suppress(OSError):
            os.close(fd)
    _, status = os.waitpid(child, 0)
    os._exit(os.waitstatus_to_exitcode(status) & 0xFF)


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


#: bounds on the reason sent on (the game cuts it much shorter; these only bound the line)
MAX_REASON_TEXT = 2000
MAX_REASON_PARAMS = 16


def raw_reason(reason: object) -> object:
    """The plugin's reason as plain data, not yet in anybody's words: text, or a key with
    its parameters (each bounded). ``None`` when there is none or it cannot be read."""
    from holdem_tui.engine.decision import Reason

    if isinstance(reason, str):
        return reason[:MAX_REASON_TEXT]
    if not isinstance(reason, Reason):
        return None
    try:
        params = []
        for name, value in tuple(reason.params)[:MAX_REASON_PARAMS]:
            plain = isinstance(value, int | float) and math.isfinite(value) and abs(value) < 1e15
            params.append([str(name)[:100], value if plain else str(value)[:MAX_REASON_TEXT]])
        return {"key": str(reason.key)[:MAX_REASON_TEXT], "params": params}
    except Exception:  # a reason that breaks on reading costs the reason, not the action
        return None


def _answer(answer: object) -> dict[str, Any]:
    """The reply to one view: the action, and the plugin's reason as it gave it, if any.

    The reason is not put in words here: the game does that once, on its side of the
    boundary (:func:`holdem_tui.bots.safety.checked_reason`), since nothing this process
    says can be trusted anyway.
    """
    from holdem_tui.engine.actions import Action
    from holdem_tui.engine.decision import Decision
    from holdem_tui.wire import codec

    reason: object = None
    action = answer
    if isinstance(answer, Decision):
        action, reason = answer.action, raw_reason(answer.reason)
    if not isinstance(action, Action):
        raise TypeError(f"decide returned {type(action).__name__}, not an Action or Decision")
    reply: dict[str, Any] = {"action": codec.encode_action(action)}
    if reason is not None:
        reply["reason"] = reason
    return reply


def _hello(line: str) -> tuple[str, int | None, int, list[Path], frozenset[str]]:
    """The game's hello: the plugin's spec, its seed, the memory cap and the private folders;
    also takes the game's import path, so the plugin is found where the game would find it."""
    from holdem_tui.wire import codec

    hello = codec.from_json(line)
    if not isinstance(hello, dict) or not isinstance(hello.get("hello"), dict):
        raise ValueError("expected a hello")
    setup = hello["hello"]
    seed = setup["seed"] if type(setup["seed"]) is int else None
    sys.path[:] = [str(p) for p in setup["path"]]
    private = [Path(str(p)).resolve() for p in setup.get("private", [])]
    without = frozenset(str(name) for name in setup.get("without", []))
    return str(setup["spec"]), seed, int(setup["memory_mb"]), private, without


def main() -> None:
    """Serve one plugin bot until the game closes the pipe."""
    confine.die_with_parent()
    proto_in, proto_out = _private_channels()
    from holdem_tui.wire import codec

    def send(message: dict[str, Any]) -> None:
        proto_out.write(codec.to_json(message) + "\n")
        proto_out.flush()

    try:
        spec, seed, memory_mb, private, without = _hello(proto_in.readline())
    except Exception as exc:
        send({"refused": f"bad hello: {_describe(exc)}"})
        return
    layers = build_boundary(spec, memory_mb, private, without)
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
    send({"ready": {"name": name, "layers": [layer.to_data() for layer in layers]}})
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
