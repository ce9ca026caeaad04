"""The operating-system boundary around a plugin bot's process (Linux, no root needed).

Why: a plugin bot is code that wants to win by cheating. A process of its own keeps it out of
the game's memory, but a process can still open the autosave (which holds the hand's seed),
read ``/proc/<game>/cmdline`` and ``environ``, ``ptrace`` the game, connect out, leave
daemons behind, fill the disk or ``/dev/shm``, or talk to another plugin at the table. Each
layer below closes some of these; they overlap on purpose, so one missing layer (an old
kernel, a container that forbids namespaces) leaves the others standing:

* **namespaces** (:func:`enter_namespaces`): a new user namespace (no capability outside it),
  PID namespace (the game and every other process are invisible; when the plugin's first
  process dies, the kernel kills whatever it left behind), mount namespace (a fresh ``/proc``
  showing only the plugin), network namespace (no interface but a loopback that is down),
  IPC namespace (no System V shared memory with another plugin);
* **Landlock** (:func:`landlock`): the file system becomes read-only and only where it must
  be read: the Python installation and installed packages, the game's own package, the
  plugin's own module, the system's shared libraries; no write anywhere but ``/dev/null``;
  TCP bind/connect refused; no signal or abstract socket out of the plugin's domain;
* **seccomp** (:func:`seccomp`): no socket, no ``ptrace``/``process_vm_readv``, no new
  process or program (threads still work), no namespace, mount, keyring, BPF, io_uring or
  ``memfd``, no ``TIOCSTI`` keystrokes into a terminal;
* **resource limits** (:func:`limit_resources`): address space, file size, open files,
  processes (threads included) and no core dump.

Landlock is reached with ``ctypes`` (three system calls; the Python bindings on PyPI cover
only its file-system half, not the network and scope rules, and are pre-releases). Seccomp
goes through libseccomp (``pyseccomp``, a thin ``ctypes`` binding with the API of
libseccomp's own Python module): libseccomp knows each architecture's system call numbers
and the pitfalls of raw BPF (x32, multiplexed calls), which hand-written filters get wrong.

Every function returns a :class:`Layer` saying whether it held and, if not, why (in one
line): the worker reports them with its ``ready`` message, the game says at start what is
missing, and ``holdem-tui bench --only isolation`` lists them.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import signal
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

#: open files a plugin may hold (Python and numpy need a few dozen)
MAX_OPEN_FILES = 256
#: tasks (threads) a plugin's user may run inside its namespace: a thread bomb stops here
MAX_TASKS = 32
#: largest file a plugin may write (its only writable file is the log the game gives it)
MAX_FILE_BYTES = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Layer:
    """One layer of the boundary: ``held`` or not, and ``detail`` (why not, or what held)."""

    name: str
    held: bool
    detail: str = ""

    def to_data(self) -> list[object]:
        """Plain data for the worker's ``ready`` message."""
        return [self.name, self.held, self.detail]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _why(call: str) -> str:
    code = ctypes.get_errno()
    return f"{call}: {os.strerror(code)} ({errno.errorcode.get(code, code)})"


# ------------------------------------------------------------------ namespaces

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
_NAMESPACES = (
    CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
)
MS_REC = 0x4000
MS_PRIVATE = 1 << 18
MS_NOSUID, MS_NODEV, MS_NOEXEC = 2, 4, 8
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38


def enter_namespaces() -> Layer:
    """Move this process into new user, mount, network, IPC and UTS namespaces, and make its
    next child the first process of a new PID namespace (:func:`fork_into_pid_namespace`).

    Unprivileged: the user namespace maps this process's own user and group to root inside
    it and to nothing else, so whatever it may do inside, it may do nothing more outside.
    """
    if not sys.platform.startswith("linux"):
        return Layer("namespaces", False, f"not Linux ({sys.platform})")
    uid, gid = os.getuid(), os.getgid()
    libc = _libc()
    if libc.unshare(_NAMESPACES) != 0:
        return Layer("namespaces", False, _why("unshare") + " (user namespaces not allowed)")
    try:
        Path("/proc/self/setgroups").write_text("deny", encoding="ascii")
        Path("/proc/self/uid_map").write_text(f"0 {uid} 1", encoding="ascii")
        Path("/proc/self/gid_map").write_text(f"0 {gid} 1", encoding="ascii")
    except OSError as exc:
        return Layer("namespaces", False, f"user namespace map: {exc.strerror}")
    return Layer("namespaces", True, "user, pid, mount, network, ipc, uts")


def fork_into_pid_namespace() -> int:
    """Fork; the child is process 1 of the new PID namespace. Returns 0 in the child and the
    child's pid in the parent (as ``os.fork``)."""
    return os.fork()


def die_with_parent() -> None:
    """The kernel kills this process when its parent dies (a worker never outlives the game)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            _libc().prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def mount_fresh_proc() -> Layer:
    """In the new mount and PID namespaces, a ``/proc`` that shows this namespace only."""
    libc = _libc()
    if libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return Layer("fresh /proc", False, _why("mount --make-rprivate /"))
    flags = MS_NOSUID | MS_NODEV | MS_NOEXEC
    if libc.mount(b"proc", b"/proc", b"proc", flags, None) != 0:
        return Layer("fresh /proc", False, _why("mount proc"))
    return Layer("fresh /proc", True, "only the plugin's own processes")


def protect_game() -> bool:
    """Make the calling process (the game) undumpable: no ``ptrace`` attach, no
    ``/proc/<game>/mem`` or ``environ`` for a process without ``CAP_SYS_PTRACE`` over it, even
    one running as the same user on a kernel without Yama. Returns whether it held."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return bool(_libc().prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


# ------------------------------------------------------------------ resource limits


def limit_resources(memory_mb: int) -> Layer:
    """Address space, file size, open files, tasks and core dumps, each capped."""
    try:
        import resource
    except ImportError:
        return Layer("limits", False, "no resource module on this platform")
    memory = memory_mb * 1024 * 1024
    limits = [
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_FSIZE, MAX_FILE_BYTES),
        (resource.RLIMIT_NOFILE, MAX_OPEN_FILES),
        (resource.RLIMIT_CORE, 0),
    ]
    if hasattr(resource, "RLIMIT_NPROC"):
        limits.append((resource.RLIMIT_NPROC, MAX_TASKS))
    failed = []
    for which, value in limits:
        try:
            _soft, hard = resource.getrlimit(which)
            cap = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(which, (cap, cap))
        except (ValueError, OSError) as exc:
            failed.append(f"{which}: {exc}")
    # a write past the size limit fails with EFBIG instead of killing the process
    with contextlib.suppress(AttributeError, ValueError):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    if failed:
        return Layer("limits", False, "; ".join(failed))
    return Layer(
        "limits",
        True,
        f"memory {memory_mb} MiB, files {MAX_FILE_BYTES // 1024} KiB, {MAX_TASKS} tasks",
    )


# ------------------------------------------------------------------ Landlock

_SYS_LANDLOCK = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
# file-system rights, by the ABI version that introduced them
_FS_EXECUTE = 1 << 0
_FS_WRITE_FILE = 1 << 1
_FS_READ_FILE = 1 << 2
_FS_READ_DIR = 1 << 3
_FS_ABI1 = (1 << 13) - 1  # execute ... make_sym
_FS_REFER = 1 << 13  # ABI 2
_FS_TRUNCATE = 1 << 14  # ABI 3
_FS_IOCTL_DEV = 1 << 15  # ABI 5
_NET_BIND_TCP = 1 << 0  # ABI 4
_NET_CONNECT_TCP = 1 << 1
_SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
_SCOPE_SIGNAL = 1 << 1


class _RulesetAttr(ctypes.Structure):
    _fields_ = (
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    )


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


def _landlock_calls() -> tuple[int, int, int] | None:
    import platform

    return _SYS_LANDLOCK.get(platform.machine())


def landlock_abi() -> int:
    """The Landlock ABI version this kernel offers (0: none)."""
    calls = _landlock_calls()
    if calls is None or not sys.platform.startswith("linux"):
        return 0
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    version = libc.syscall(calls[0], None, ctypes.c_size_t(0), _LANDLOCK_CREATE_RULESET_VERSION)
    return max(0, int(version))


def landlock(read_only: Iterable[Path], writable_files: Iterable[Path] = ()) -> Layer:
    """Confine this process's file system to reading ``read_only`` (folders and files) and
    writing ``writable_files``; refuse TCP and signals or abstract sockets out of its domain."""
    abi = landlock_abi()
    calls = _landlock_calls()
    if abi < 1 or calls is None:
        return Layer("landlock", False, "the kernel offers no Landlock (Linux 5.13 or newer)")
    create, add_rule, restrict = calls
    fs = _FS_ABI1
    if abi >= 2:
        fs |= _FS_REFER
    if abi >= 3:
        fs |= _FS_TRUNCATE
    if abi >= 5:
        fs |= _FS_IOCTL_DEV
    net = _NET_BIND_TCP | _NET_CONNECT_TCP if abi >= 4 else 0
    scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(fs, net, scoped)
    # an older kernel takes the longer structure as long as the fields it lacks are zero
    size = ctypes.sizeof(_RulesetAttr) if abi >= 4 else 8
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    ruleset = libc.syscall(create, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if ruleset < 0:
        return Layer("landlock", False, _why("landlock_create_ruleset"))
    try:
        granted = []
        for path, rights in [(p, _FS_READ_FILE | _FS_READ_DIR) for p in read_only] + [
            (p, _FS_READ_FILE | _FS_WRITE_FILE) for p in writable_files
        ]:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # a path that does not exist grants nothing
            try:
                if not os.path.isdir(path):
                    rights &= _FS_READ_FILE | _FS_WRITE_FILE
                rule = _PathBeneathAttr(rights, fd)
                beneath = _LANDLOCK_RULE_PATH_BENEATH
                if libc.syscall(add_rule, ruleset, beneath, ctypes.byref(rule), 0):
                    return Layer("landlock", False, _why(f"landlock_add_rule {path}"))
                granted.append(str(path))
            finally:
                os.close(fd)
        if _libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return Layer("landlock", False, _why("no_new_privs"))
        if libc.syscall(restrict, ruleset, 0) != 0:
            return Layer("landlock", False, _why("landlock_restrict_self"))
    finally:
        os.close(ruleset)
    extras = [] if net else ["TCP not covered (ABI < 4)"]
    if not scoped:
        extras.append("signals and abstract sockets not scoped (ABI < 6)")
    detail = f"ABI {abi}, read-only {len(granted)} paths" + (
        f"; {', '.join(extras)}" if extras else ""
    )
    return Layer("landlock", True, detail)


# ------------------------------------------------------------------ seccomp

#: system calls refused with EPERM: reaching other processes, the network, new programs and
#: processes, kernel facilities that bypass or outlive the filter
DENIED_CALLS: tuple[str, ...] = (
    # other processes' memory and state
    "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "kcmp",
    "pidfd_open", "pidfd_getfd", "pidfd_send_signal",
    # the network, and local sockets (another plugin, a daemon)
    "socket", "socketpair",
    # new processes and programs (threads are still allowed, see below)
    "fork", "vfork", "execve", "execveat",
    # namespaces, mounts, the root, keyrings, BPF, perf, io_uring (its operations would
    # bypass this filter), userfaultfd, memory files (a /dev/shm in disguise)
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree",
    "fsopen", "fsmount", "fsconfig", "fspick", "mount_setattr",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open",
    "io_uring_setup", "io_uring_enter", "io_uring_register", "userfaultfd",
    "memfd_create", "memfd_secret",
    # leaving the process group the game kills, devices, the kernel's own knobs
    "setsid", "setpgid", "mknod", "mknodat", "syslog", "reboot", "kexec_load",
    "kexec_file_load", "init_module", "finit_module", "delete_module", "acct", "swapon",
    "swapoff", "quotactl", "personality", "name_to_handle_at", "open_by_handle_at",
)  # fmt: skip
_CLONE_THREAD = 0x00010000
_TIOCSTI = 0x5412
_TIOCLINUX = 0x541C


def preload_seccomp() -> None:
    """Import libseccomp's binding while the file system is still open: finding the library
    reads the loader's cache and may run ``ldconfig``, which Landlock and the filter forbid."""
    with contextlib.suppress(ImportError, OSError):
        import pyseccomp  # noqa: F401


def seccomp(denied: Sequence[str] = DENIED_CALLS) -> Layer:
    """Load a filter refusing :data:`DENIED_CALLS` (EPERM), ``clone`` without
    ``CLONE_THREAD`` (a new process), ``clone3`` (ENOSYS: its flags cannot be read, so the C
    library falls back to ``clone``) and the terminal ioctls that type or speak for the user."""
    if not sys.platform.startswith("linux"):
        return Layer("seccomp", False, f"not Linux ({sys.platform})")
    try:
        import pyseccomp as sc
    except (ImportError, OSError) as exc:
        return Layer("seccomp", False, f"libseccomp is not available ({exc})")
    try:
        rules = sc.SyscallFilter(sc.ALLOW)
        refused = sc.ERRNO(errno.EPERM)
        missing = []
        for name in denied:
            try:
                rules.add_rule(refused, name)
            except (ValueError, OSError):
                missing.append(name)  # not on this architecture or libseccomp version
        rules.add_rule(refused, "clone", sc.Arg(0, sc.MASKED_EQ, _CLONE_THREAD, 0))
        with contextlib.suppress(ValueError, OSError):
            rules.add_rule(sc.ERRNO(errno.ENOSYS), "clone3")
        for request in (_TIOCSTI, _TIOCLINUX):
            rules.add_rule(refused, "ioctl", sc.Arg(1, sc.MASKED_EQ, 0xFFFFFFFF, request))
        rules.load()  # sets no_new_privs itself when it must
    except (OSError, RuntimeError, ValueError) as exc:
        return Layer("seccomp", False, f"loading the filter failed: {exc}")
    return Layer("seccomp", True, f"{len(denied) - len(missing) + 4} calls refused")
