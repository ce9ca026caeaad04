"""The optional compiled kernel: the evaluator's and the Monte Carlo's loops, when installed.

``pip install "holdem-tui[fast]"`` adds numba; then batch evaluation and each Monte Carlo
chunk run as compiled loops (:mod:`holdem_tui.engine.kernel_numba`) instead of numpy column
operations, several times faster and with the same results bit for bit: the random numbers
are still drawn by numpy, and numpy still reduces the per-deal results. Without numba the
numpy path is used, unchanged. Numba is imported, and its cached code loaded, on the first
batch that asks (never at a game's start).

:func:`disabled` turns the kernel off for a while, so the tests and ``holdem-tui bench``
can run both paths in one process and compare them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Final

__all__ = ["active", "disabled", "loaded"]

_MODULE: Final = "holdem_tui.engine.kernel_numba"
_state: dict[str, ModuleType | bool | None] = {"module": None, "enabled": True, "tried": False}


def loaded() -> ModuleType | None:
    """The compiled kernel, imported on first use; ``None`` without numba or while
    :func:`disabled`."""
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
