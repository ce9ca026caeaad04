"""Names a player or a plugin chose, made safe to put on the screen.

A name typed on the command line (``--humans``), stored in a save or reported by a plugin
bot could hold escape codes that rewrite the terminal, or be long enough to break the
table's layout. Every name passes through :func:`clean_name` before it is stored or shown,
so the rule lives in one place.
"""

from __future__ import annotations

import unicodedata

#: longest name the table shows in full
MAX_NAME_LENGTH = 24


def clean_name(text: str, limit: int = MAX_NAME_LENGTH) -> str:
    """``text`` with control and format characters removed, spaces collapsed, cut to ``limit``.

    Only printable characters remain (letters of every script, digits, punctuation,
    symbols, single spaces), so an escape sequence shows as its harmless letters at worst.
    """
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category.startswith("Z") or char.isspace():
            kept.append(" ")
        elif category[0] != "C":  # Cc control, Cf format, Cs surrogate, Co private, Cn unassigned
            kept.append(char)
    collapsed = " ".join("".join(kept).split())
    return collapsed[:limit].rstrip()
