"""The browser tests' failure hook: a test's report is kept on its node, so the ``pages``
fixture knows after the test whether to save each tab's screen."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
