"""Key names read from the bindings: the one place a key letter is written is its ``Binding``.

The action bar, the footers and the help name a key by its binding's ``id``; the key shown is
whatever that binding is bound to now: the ``BINDINGS`` of the class (a subclass's own win
over its parents') with the app's keymap (:meth:`textual.app.App.set_keymap`) applied. So a
key moved in one place moves everywhere it is named, and a key named anywhere exists.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

from textual.binding import Binding

#: how a key is written for the player, where its Textual name is not already that
KEY_NAMES: Final = {
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "tab": "Tab",
    "question_mark": "?",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}


def key_text(key: str, *, short: bool = False) -> str:
    """One key as the player reads it: ``enter`` → ``Enter``, ``f1`` → ``F1``,
    ``question_mark`` → ``?``, ``ctrl+q`` → ``Ctrl+Q`` (``^q`` when ``short``: a key bar)."""
    *modifiers, name = key.strip().split("+")
    text = KEY_NAMES.get(name, name.upper() if re.fullmatch(r"f\d+", name) else name)
    if modifiers == ["ctrl"] and short:
        return f"^{text}"
    if modifiers:
        return "+".join([*(m.capitalize() for m in modifiers), text.upper()])
    return text


def bound_keys(
    owners: Iterable[type], keymap: Mapping[str, str] | None = None
) -> dict[str, tuple[str, ...]]:
    """Binding id → the keys bound to it, over the ``BINDINGS`` of ``owners`` and their parent
    classes (later owners and subclasses win), then ``keymap`` (id → ``"key,key"``)."""
    keys: dict[str, tuple[str, ...]] = {}
    for owner in owners:
        for cls in reversed(owner.__mro__):
            for binding in cls.__dict__.get("BINDINGS", ()):
                if isinstance(binding, Binding) and binding.id:
                    keys[binding.id] = tuple(k.strip() for k in binding.key.split(","))
    for binding_id, bound in (keymap or {}).items():
        if binding_id in keys:
            keys[binding_id] = tuple(k.strip() for k in bound.split(","))
    return keys


class KeyNames:
    """The keys of some bindings as the player reads them, by binding id."""

    def __init__(self, keys: Mapping[str, tuple[str, ...]]) -> None:
        self.keys = dict(keys)

    def __getitem__(self, binding_id: str) -> str:
        """The first key of ``binding_id``, as a key bar writes it (``^q``)."""
        return key_text(self.keys[binding_id][0], short=True)

    def long(self, binding_id: str) -> str:
        """The first key of ``binding_id``, as the help writes it (``Ctrl+Q``)."""
        return key_text(self.keys[binding_id][0])

    def every(self, *binding_ids: str) -> str:
        """Every key of ``binding_ids`` as the help lists them, a space apart (``Esc q``)."""
        return " ".join(key_text(k) for i in binding_ids for k in self.keys[i])

    def span(self, first: str, last: str) -> str:
        """A run of keys, the first and the last of it: ``1–5``."""
        return f"{self[first]}–{self[last]}"

    def short(self) -> dict[str, str]:
        """Every binding's first key as a key bar writes it: plain data for the presenter."""
        return {binding_id: self[binding_id] for binding_id in self.keys}
