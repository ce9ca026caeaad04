"""The optional compiled kernel: the evaluator's and the Monte Carlo's loops, when installed.

``pip install "holdem-tui[fast]"`` adds numba; then batch evaluation, each Monte Carlo
chunk and the exact enumeration run as compiled loops (:mod:`holdem_tui.engine.kernel_numba`)
instead of numpy column operations, with the same results bit for bit: the same random
numbers in the same order (numpy's generator, and the Monte Carlo deal's counter-based
stream), and the sums added in numpy's order. Without numba the numpy path is used, unchanged.

The kernel is for bulk work and is switched on by the code that does it (:func:`enable`:
``simulate``, ``bench``): importing numba and loading its compiled code takes about a second,
and the first compile on a machine several, which a game's first bot decision must never
wait for (and at a table a decision's Monte Carlo takes milliseconds on numpy anyway).
:func:`disabled` turns it off for a while, so the tests and ``bench`` can run both paths in
one process and compare them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Final

__all__ = ["active", "disabled", "enable", "loaded"]

_MODULE: Final = "holdem_tui.engine.kernel_numba"
_state: dict[str, ModuleType | bool | None] = {"module": None, "enabled": False, "tried": False}


def enable() -> bool:
    """Use the compiled kernel from now on in this process, when numba is installed;
    returns whether it is in use (imports numba and loads or compiles the kernel now)."""
    _state["enabled"] = True
    return active()


def loaded() -> ModuleType | None:
    """The compiled kernel, imported on first use; ``None`` without numba, before
    :func:`enable` or while :func:`disabled`."""
    if not _state["enabled"]:
        return None
    module = _state["module"]
    if isinstance(module, ModuleType):
        return module
    if _state["tried"]:
        return None
    _state["tried"] = True
    module = importlib.import_module(_MODULE)
    if module.numba is None:  # numba is not installed (or cannot load here): numpy it is
        return None
    _state["module"] = module
    return module


def active() -> bool:
    """Whether batches go through the compiled kernel now."""
    return loaded() is not None


@contextmanager
def disabled() -> Iterator[None]:
    """Use the numpy path inside the ``with`` block (results are the same, only slower)."""
    before = _state["enabled"]
    _state["enabled"] = False
    try:
        yield
    finally:
        _state["enabled"] = before
