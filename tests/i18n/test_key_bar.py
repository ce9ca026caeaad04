"""Every language's key bar at the table names the same keys (issue 29: at 80 columns the
Dutch and Finnish bars dropped "o Coach" that English and Croatian showed; at 120 they dropped
the deck key)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from holdem_tui.i18n import LANGUAGES
from holdem_tui.ui.keybars import KeyFooter
from tests.support.ui import make_app, settle


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_key_bar_names_every_key_english_does(lang: str) -> None:
    for size, named in (((80, 24), "o"), ((120, 36), "oek")):
        app = make_app(bots=("easy", "normal"), lang=lang)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            footer = app.screen.query_one(KeyFooter)
            keys = [item.key for item in footer.items]
            assert keys == ["?", "F1", "h", "l", "^q", *named], (lang, size, keys)
            assert len(footer.rows) == 1 and footer.region.height == 1
            text = "   ".join(f"{item.key} {item.label}" for item in footer.items)
            assert cell_len(text) <= footer.content_region.width
