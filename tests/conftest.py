"""Shared test setup: no test ever touches the real home folder or depends on its locale."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem_tui.storage import paths


@pytest.fixture(autouse=True)
def _isolated_dirs_and_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Own config and data folders per test, and an English locale unless a test says so."""
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("HOLDEM_TUI_LANG", raising=False)


@pytest.fixture(autouse=True)
def _no_wall_clock_for_plugin_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin bot's process gets a hang guard, not 20 s, to start, and as much on its
    session clock: on a loaded machine a slow start must not turn into a counted fault and
    change what a test sees (the clock's own tests give it a budget and a fake clock)."""
    from holdem_tui.bots import sandbox
    from tests.support.hang import HANG_GUARD

    monkeypatch.setattr(sandbox, "START_TIMEOUT", HANG_GUARD)
    monkeypatch.setattr(sandbox, "SESSION_BUDGET", HANG_GUARD)


def pytest_configure(config: pytest.Config) -> None:
    """A tier run (``-m "not slow"``) compares only some of the SVG snapshots: the others
    are not taken for orphans (the full run still fails on a snapshot nobody uses)."""
    if config.getoption("markexpr"):
        config.option.warn_unused_snapshots = True
