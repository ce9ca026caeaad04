"""Which threads a piece of the game starts: a bot's decision should cross as few as it can."""

from __future__ import annotations

import threading

import pytest


def count_thread_starts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on (until ``monkeypatch`` is undone), the name of every thread started."""
    started: list[str] = []
    real_start = threading.Thread.start

    def counted(thread: threading.Thread) -> None:
        started.append(thread.name)
        real_start(thread)

    monkeypatch.setattr(threading.Thread, "start", counted)
    return started
