"""The operating-system boundary around a plugin bot: each channel a cheat would use, tried.

Each hostile plugin below attempts one channel of docs/security.md's threat list and prints
what happened (its output goes to a log file the game opens for it). Each test says which
mechanism stopped the attempt, and shows it by the error the kernel gave: as root (these
tests run as root in CI) file permissions stop nothing, so ``EACCES`` on a file is Landlock;
``EPERM`` on a system call is the seccomp filter; a process that does not exist is the PID
namespace. Where a layer did not hold on this kernel, its test is skipped with the reason.
Some tests leave one layer out (``without``) to show that the next one still holds.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import select
import socket
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from holdem_tui.bots import safe_decide
from holdem_tui.bots.sandbox import ProcessBot, isolation_line
from holdem_tui.engine.hand import Dealer
from holdem_tui.engine.holdem import HoldemHand, holdem_config
from holdem_tui.engine.view import PlayerView
from tests.support.hang import HANG_GUARD

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

ATTACKS = '''
import ctypes, errno, json, os, socket, sys, threading

GAME_PID = {game_pid}
DATA = {data!r}
PORT = {port}
libc = ctypes.CDLL(None, use_errno=True)


def outcome(attempt):
    try:
        value = attempt()
    except OSError as exc:
        return {{"errno": errno.errorcode.get(exc.errno, exc.errno)}}
    except BaseException as exc:
        return {{"error": type(exc).__name__, "text": str(exc)[:80]}}
    return {{"ok": repr(value)[:200]}}


def call(result):
    """A libc call's outcome: its result, or the errno it set."""
    if result == -1:
        return {{"errno": errno.errorcode.get(ctypes.get_errno(), ctypes.get_errno())}}
    return {{"ok": result}}


class Attack:
    """Runs the attack named by its class on the first decision and prints the outcome
    (an attack that fills its log says it in its reason instead)."""

    def decide(self, view):
        found = self.attack()
        print(json.dumps(found), file=sys.stderr, flush=True)
        return view.legal.passive_action()


class ReadSaves(Attack):
    def attack(self):
        return {{
            "autosave": outcome(lambda: open(os.path.join(DATA, "autosave.json")).read()),
            "histories": outcome(lambda: os.listdir(os.path.join(DATA, "histories"))),
            "write": outcome(lambda: open(os.path.join(DATA, "planted"), "w").write("x")),
            "home": outcome(lambda: os.listdir(os.path.expanduser("~"))),
            "etc": outcome(lambda: open("/etc/passwd").read()),
            "env": dict(os.environ),
        }}


class ReadGameProc(Attack):
    def attack(self):
        return {{
            "cmdline": outcome(lambda: open(f"/proc/{{GAME_PID}}/cmdline", "rb").read()),
            "environ": outcome(lambda: open(f"/proc/{{GAME_PID}}/environ", "rb").read()),
            "mem": outcome(lambda: open(f"/proc/{{GAME_PID}}/mem", "rb").read(1)),
            "exists": os.path.exists(f"/proc/{{GAME_PID}}"),
            "processes": outcome(lambda: sorted(p for p in os.listdir("/proc") if p.isdigit())),
        }}


class Trace(Attack):
    def attack(self):
        local = (ctypes.c_char * 8)()
        iov_local = (ctypes.c_void_p * 2)(ctypes.cast(local, ctypes.c_void_p), 8)
        iov_remote = (ctypes.c_void_p * 2)(0x400000, 8)
        libc.process_vm_readv.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_ulong,
                                          ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        return {{
            "ptrace": call(libc.ptrace(16, GAME_PID, None, None)),  # PTRACE_ATTACH
            "vm_readv": call(libc.process_vm_readv(GAME_PID, iov_local, 1, iov_remote, 1, 0)),
        }}


class Connect(Attack):
    def attack(self):
        def dial():
            with socket.create_connection(("127.0.0.1", PORT), timeout=5) as link:
                link.sendall(b"the cards")
        return {{"connect": outcome(dial)}}


class Spawn(Attack):
    def attack(self):
        import subprocess
        return {{
            "fork": outcome(os.fork),
            "popen": outcome(lambda: subprocess.Popen(["/bin/true"]).pid),
            "setsid": outcome(os.setsid),
        }}


class Daemon(Attack):
    """Leaves a child behind that would outlive the game (needs fork: seccomp left out)."""

    def attack(self):
        pid = os.fork()
        if pid == 0:
            os.setsid()
            threading.Event().wait()  # forever, holding the log open
        return {{"child": pid}}


class DiskBomb:
    """Fills its log (the one file it may write), then says in its reason what stopped it."""

    def decide(self, view):
        from holdem_tui.engine.decision import Decision
        block = b"x" * (1024 * 1024)
        stopped = None
        try:
            for _ in range(300):
                os.write(2, block)
        except OSError as exc:
            stopped = errno.errorcode.get(exc.errno, exc.errno)
        found = {{"stopped": stopped,
                 "tmp": outcome(lambda: open("/tmp/bomb", "wb").write(block)),
                 "shm": outcome(lambda: open("/dev/shm/bomb", "wb").write(block))}}
        return Decision(view.legal.passive_action(), json.dumps(found))


class ThreadBomb(Attack):
    def attack(self):
        stop = threading.Event()
        started = 0
        failure = None
        try:
            for _ in range(150):
                threading.Thread(target=stop.wait, daemon=True).start()
                started += 1
        except Exception as exc:
            failure = type(exc).__name__
        stop.set()
        return {{"started": started, "failure": failure}}


class MemoryBomb(Attack):
    def attack(self):
        libc.memfd_create.argtypes = [ctypes.c_char_p, ctypes.c_uint]
        return {{
            "heap": outcome(lambda: len(bytearray(1536 * 1024 * 1024))),
            "memfd": call(libc.memfd_create(b"bomb", 0)),
        }}


class SharedMemory(Attack):
    """System V shared memory: a channel between two plugins at one table."""

    def attack(self):
        waiting = libc.shmget(0x484F4C44, 0, 0o666)  # a colluder's segment, left for us?
        made = libc.shmget(0x484F4C44, 4096, 0o1000 | 0o666)  # IPC_CREAT: leave one
        return {{"found": waiting >= 0, "made": made >= 0}}


class Keystrokes(Attack):
    def attack(self):
        char = ctypes.c_char(b"x")
        return {{
            "tiocsti": call(libc.ioctl(0, 0x5412, ctypes.byref(char))),
            "tty": outcome(lambda: open("/dev/tty", "w").write("typed")),
        }}
'''


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A loopback listener standing for anything the plugin would talk to."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.setblocking(False)
    yield server
    server.close()


@pytest.fixture
def attacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, listener: socket.socket) -> Path:
    """The attacks as module ``attacks``, aimed at this game's pid, data folder and port."""
    data = Path(os.environ["HOLDEM_TUI_DATA_DIR"])
    (data / "histories").mkdir(parents=True)
    (data / "autosave.json").write_text('{"hand_seed": 12345}', encoding="utf-8")
    home = tmp_path / "plugins"
    home.mkdir()
    source = ATTACKS.format(game_pid=os.getpid(), data=str(data), port=listener.getsockname()[1])
    (home / "attacks.py").write_text(textwrap.dedent(source), encoding="utf-8")
    monkeypatch.syspath_prepend(str(home))
    return tmp_path / "plugin.log"


def _view() -> PlayerView:
    hand = HoldemHand(holdem_config([1000, 1000, 1000], 5, 10), Dealer(1))
    assert hand.actor is not None
    return hand.view(hand.actor)


def _run(
    name: str, log: Path, *, without: frozenset[str] = frozenset(), needs: tuple[str, ...] = ()
) -> dict[str, object]:
    """Seat the attack, let it decide once, and read what it found (skipped where a layer
    it relies on did not hold on this kernel)."""
    bot = ProcessBot(f"attacks:{name}", 1, log_file=log, without=without, memory_mb=1024)
    try:
        bot.ready()
        held = {layer.name: layer for layer in bot.layers}
        for layer in needs:
            if not held[layer].held:
                pytest.skip(f"{layer} did not hold on this kernel: {held[layer].detail}")
        decision, fault = safe_decide(bot, _view(), timeout=HANG_GUARD)
        assert fault is None, fault
    finally:
        bot.close()
    if decision.reason is not None and decision.reason.text is not None:
        found = json.loads(decision.reason.text)
    else:
        text = log.read_text(encoding="utf-8")
        found = json.loads([line for line in text.splitlines() if line.startswith("{")][-1])
    assert isinstance(found, dict)
    return found


def test_the_data_folder_home_and_system_files_are_out_of_reach(attacks: Path) -> None:
    """Issue 27.1: the autosave deals the hand. Landlock: EACCES, though we run as root."""
    found = _run("ReadSaves", attacks, needs=("landlock",))
    assert found["autosave"] == {"errno": "EACCES"}  # Landlock
    assert found["histories"] == {"errno": "EACCES"}  # Landlock
    assert found["write"] == {"errno": "EACCES"}  # Landlock: no write anywhere
    assert found["home"] == {"errno": "EACCES"}  # Landlock
    assert found["etc"] == {"errno": "EACCES"}  # Landlock
    env = found["env"]
    assert isinstance(env, dict)
    assert not any(name.startswith("HOLDEM_TUI") for name in env)  # a minimal environment
    assert "HOME" not in env and "USER" not in env


def test_the_game_is_invisible_in_proc(attacks: Path) -> None:
    """Issue 27.3: /proc/<game>/cmdline (with --seed), environ and mem. The plugin's own PID
    namespace and fresh /proc have no such process; Landlock refuses /proc itself."""
    found = _run("ReadGameProc", attacks, needs=("fresh /proc", "landlock"))
    assert found["exists"] is False  # PID namespace
    for name in ("cmdline", "environ", "mem"):
        assert found[name] == {"errno": "ENOENT"}, name  # PID namespace, fresh /proc
    assert found["processes"] == {"errno": "EACCES"}  # Landlock


def test_without_namespaces_landlock_still_refuses_proc(attacks: Path) -> None:
    """The next layer down: the game is in the same PID namespace now, and Landlock alone
    refuses its /proc files (EACCES, though the plugin runs as the same user, root)."""
    found = _run("ReadGameProc", attacks, without=frozenset({"namespaces"}), needs=("landlock",))
    assert found["exists"] is True  # the game is there to see...
    for name in ("cmdline", "environ", "mem", "processes"):
        assert found[name] == {"errno": "EACCES"}, name  # ...and Landlock refuses it


def test_without_landlock_the_pid_namespace_still_hides_the_game(attacks: Path) -> None:
    """The other way round: a fresh /proc in a new PID namespace shows the plugin only."""
    found = _run("ReadGameProc", attacks, without=frozenset({"landlock"}), needs=("fresh /proc",))
    assert found["exists"] is False  # PID namespace
    assert found["processes"] == {"ok": "['1']"}  # only the plugin itself, as process 1
    assert found["cmdline"] == {"errno": "ENOENT"}


def test_ptrace_and_process_vm_readv_are_refused(attacks: Path) -> None:
    """Issue 27.3: memory outside the address space. seccomp: EPERM before any check."""
    found = _run("Trace", attacks, needs=("seccomp",))
    assert found["ptrace"] == {"errno": "EPERM"}  # seccomp
    assert found["vm_readv"] == {"errno": "EPERM"}  # seccomp


def test_without_seccomp_the_game_is_still_out_of_reach(attacks: Path) -> None:
    """The next layers down: the game's pid names no process in the plugin's PID namespace."""
    found = _run("Trace", attacks, without=frozenset({"seccomp"}), needs=("namespaces",))
    assert found["ptrace"] == {"errno": "ESRCH"}  # PID namespace
    assert found["vm_readv"] == {"errno": "ESRCH"}  # PID namespace


def test_the_game_itself_is_undumpable(attacks: Path) -> None:
    """PR_SET_DUMPABLE=0 in the game once a plugin is seated: no ptrace or /proc/<game>/mem
    for a same-user process without CAP_SYS_PTRACE, even on a kernel without Yama."""
    _run("Spawn", attacks)
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.prctl(3, 0, 0, 0, 0) == 0  # PR_GET_DUMPABLE


def test_no_connection_leaves_the_plugin(attacks: Path, listener: socket.socket) -> None:
    """Issue 27.3: TCP connections out. seccomp refuses the socket itself."""
    found = _run("Connect", attacks, needs=("seccomp",))
    assert found["connect"] == {"errno": "EPERM"}  # seccomp
    with pytest.raises(BlockingIOError):
        listener.accept()


def test_without_seccomp_the_network_namespace_has_no_route(
    attacks: Path, listener: socket.socket
) -> None:
    """The next layers down: Landlock refuses the TCP connect (ABI 4), and the plugin's own
    network namespace has no interface up, not even the game's loopback."""
    found = _run("Connect", attacks, without=frozenset({"seccomp"}), needs=("namespaces",))
    assert found["connect"] in ({"errno": "EACCES"}, {"errno": "ENETUNREACH"})
    found = _run(
        "Connect", attacks, without=frozenset({"seccomp", "landlock"}), needs=("namespaces",)
    )
    assert found["connect"] == {"errno": "ENETUNREACH"}  # network namespace
    with pytest.raises(BlockingIOError):
        listener.accept()


def test_no_new_process_no_new_session(attacks: Path) -> None:
    """Issue 27.3: children and daemons. seccomp: no fork, no exec, no setsid."""
    found = _run("Spawn", attacks, needs=("seccomp",))
    assert found["fork"] == {"errno": "EPERM"}  # seccomp
    assert found["popen"] == {"errno": "EPERM"}  # seccomp
    assert found["setsid"] == {"errno": "EPERM"}  # seccomp


def _holders(log: Path) -> list[int]:
    """Processes of this machine holding the plugin's log open."""
    holders = []
    for pid in filter(str.isdigit, os.listdir("/proc/")):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == str(log):
                    holders.append(int(pid))
                    break
            except OSError:
                continue
    return holders


def test_without_seccomp_a_daemon_dies_with_the_plugin(attacks: Path) -> None:
    """The next layer down: a child that leaves the process group is still in the PID
    namespace, and the kernel ends it with the namespace's first process."""
    found = _run("Daemon", attacks, without=frozenset({"seccomp"}), needs=("namespaces",))
    assert isinstance(found["child"], int) and found["child"] > 1  # it did fork
    for pid in _holders(attacks):  # the kernel reaps the namespace as its init exits
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            gone, _, _ = select.select([handle], [], [], HANG_GUARD)
            assert gone, f"process {pid} of the plugin outlived it"
        finally:
            os.close(handle)


def test_disk_bomb_stops_at_the_file_size_limit(attacks: Path) -> None:
    """Issue 27.3: 300 MiB written. RLIMIT_FSIZE caps its one writable file (its log);
    Landlock refuses every other file, /dev/shm included."""
    found = _run("DiskBomb", attacks, needs=("limits", "landlock"))
    assert found["stopped"] == "EFBIG"  # RLIMIT_FSIZE
    assert attacks.stat().st_size <= 1024 * 1024 + 4096
    assert found["tmp"] == {"errno": "EACCES"}  # Landlock
    assert found["shm"] == {"errno": "EACCES"}  # Landlock


def test_thread_bomb_stops_at_the_task_limit(attacks: Path) -> None:
    """Issue 27.3: 150 processes. No process at all (seccomp); threads stop at RLIMIT_NPROC."""
    found = _run("ThreadBomb", attacks, needs=("limits", "namespaces"))
    started = found["started"]
    assert isinstance(started, int) and started < 32  # RLIMIT_NPROC
    assert found["failure"] == "RuntimeError"


def test_memory_bombs_are_capped(attacks: Path) -> None:
    """Issue 27.3: 1.5 GiB on the heap (RLIMIT_AS) or in a memory file (seccomp)."""
    found = _run("MemoryBomb", attacks, needs=("limits", "seccomp"))
    assert found["heap"] == {"error": "MemoryError", "text": ""}  # RLIMIT_AS
    assert found["memfd"] == {"errno": "EPERM"}  # seccomp


def test_two_plugins_share_no_system_v_memory(attacks: Path, tmp_path: Path) -> None:
    """Collusion: one plugin's segment is not there for the next (an IPC namespace each)."""
    first = _run("SharedMemory", attacks, needs=("namespaces",))
    second = _run("SharedMemory", tmp_path / "second.log", needs=("namespaces",))
    assert first["made"] is True and second["made"] is True  # System V memory works...
    assert first["found"] is False and second["found"] is False  # ...but nobody else's
    libc = ctypes.CDLL(None, use_errno=True)
    assert libc.shmget(0x484F4C44, 0, 0o666) == -1  # not in the game's namespace either
    assert ctypes.get_errno() == errno.ENOENT


def test_no_keystrokes_into_the_player_terminal(attacks: Path) -> None:
    """TIOCSTI would type into the player's terminal: seccomp refuses it (EPERM, not the
    ENOTTY a pipe gives); the plugin has no terminal to open (its own session; Landlock)."""
    found = _run("Keystrokes", attacks, needs=("seccomp", "landlock"))
    assert found["tiocsti"] == {"errno": "EPERM"}  # seccomp
    assert found["tty"] in ({"errno": "EACCES"}, {"errno": "ENXIO"})


def test_a_missing_layer_is_said_in_one_line(
    attacks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At start and in ``bench --only isolation``: what did not hold, and why."""
    bot = ProcessBot("attacks:Spawn", 1, without=frozenset({"seccomp"}))
    bot.ready()
    layers = bot.layers
    bot.close()
    line = isolation_line(layers)
    assert line is not None and "\n" not in line
    assert "no seccomp (left out by the game)" in line and "landlock" not in line
    assert isolation_line(tuple(layer for layer in layers if layer.held)) is None
    monkeypatch.setattr(sys, "platform", "darwin")
    other = isolation_line(())
    assert other is not None and "can read your files" in other
