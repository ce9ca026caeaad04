"""How deep brackets nest in a text, found before a parser that recurses ever sees it.

Why here: the JSON of the wire (:func:`holdem_tui.wire.codec.from_json`) and the TOML of a
hand history (:func:`holdem_tui.history.phh.check_bounds`) both come from outside, and both
parsers recurse per level of ``[`` or ``{``; one linear scan refuses the hostile nesting
first. The formats differ only in what the scan must skip: their quote characters (a
backslash escapes the next character inside a quote), a comment character (to the end of
the line), and whether a stray closing bracket may take the depth below zero.
"""

from __future__ import annotations


def nests_deeper(text: str, limit: int, *, quotes: str, comment: str = "", clamp: bool) -> bool:
    """Whether ``[`` and ``{`` outside quotes and comments nest more than ``limit`` deep.

    ``quotes`` are the characters that open (and the same one closes) a quoted string;
    ``comment`` (``""``: none) starts a comment that runs to the end of the line; ``clamp``
    keeps a closing bracket at depth 0 from counting below zero.
    """
    depth = 0
    quote = ""
    escaped = False
    in_comment = False
    for char in text:
        if in_comment:
            in_comment = char != "\n"
        elif quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in quotes:
            quote = char
        elif char == comment:
            in_comment = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth = max(0, depth - 1) if clamp else depth - 1
    return False
