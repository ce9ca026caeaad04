"""Translations, plurals and number formatting for the four languages of the game.

Every piece of text a player reads goes through :class:`Translator`, so the engine, the bots,
the CLI and the Textual UI all speak the same words. The module deliberately has no Textual
import: ``holdem-tui rules`` and the bots must stay usable without a UI.

Messages live in ``locales/<lang>/ui.toml`` (plain text translators can edit, no compile step,
read by the stdlib ``tomllib``); rule screens in ``locales/<lang>/rules_<game>.md``. English is
the fallback key by key: a missing or broken file, key, plural form or placeholder logs one
warning and shows English, and if even English cannot help the key itself is shown. Nothing in
here raises for bad translations, because a typo in a Finnish file must never end a session.
"""

from __future__ import annotations

import functools
import logging
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from babel.core import Locale, UnknownLocaleError
from babel.numbers import format_decimal

import holdem_tui
from holdem_tui.engine.variants import VARIANTS

logger = logging.getLogger(__name__)

#: The languages the game ships, English first because it is the fallback.
LANGUAGES: Final = ("en", "hr", "fi", "nl")
FALLBACK: Final = "en"
#: Games that have a rule screen: every game the engine plays.
GAMES: Final = tuple(v.value for v in VARIANTS)
#: CLDR plural categories; a TOML table whose keys are all among these is a plural message.
PLURAL_CATEGORIES: Final = frozenset({"zero", "one", "two", "few", "many", "other"})
#: Grammatical forms every language gives for each rank name (see ``[rank.*]`` in ui.toml).
RANK_FORMS: Final = ("sg", "pl", "gen", "gen_pl", "cmp")
#: Rank index 0..12 (deuce..ace) -> the key used under ``rank.`` in the locale files.
RANK_KEYS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "t", "j", "q", "k", "a")
#: Environment variable that points the game at another locale folder (tests, translators).
LOCALES_ENV: Final = "HOLDEM_TUI_LOCALES"
#: Environment variable that picks the language for one run, as ``--lang`` does (the saved
#: choice stays as it was for the next run without it).
LANG_ENV: Final = "HOLDEM_TUI_LANG"

_ENDONYMS: Final = {"en": "English", "hr": "Hrvatski", "fi": "Suomi", "nl": "Nederlands"}
#: Which evaluator ``name_ranks`` position feeds which template placeholder.
_HAND_SLOTS: Final[dict[str, tuple[str, ...]]] = {
    "high_card": ("rank",),
    "pair": ("rank",),
    "two_pair": ("high", "low"),
    "three_of_a_kind": ("rank",),
    "straight": ("rank",),
    "flush": ("rank",),
    "full_house": ("high", "low"),
    "four_of_a_kind": ("rank",),
    "straight_flush": ("rank",),
    "royal_flush": (),
}
_FORMAT_ERRORS: Final = (KeyError, IndexError, ValueError, AttributeError, TypeError)

#: A message is either a plain template or a plural table (CLDR category -> template).
Message = str | dict[str, str]


def language_name(code: str) -> str:
    """The language's own name, so a player can find their language in a menu they can't read."""
    return _ENDONYMS.get(code, code)


def locales_dir() -> Path:
    """Where the locale folders are, for every way the game can be installed.

    Order: ``$HOLDEM_TUI_LOCALES`` (tests and translators trying a change), then
    ``holdem_tui/locales`` inside the package (the wheel force-includes it there), then the
    repository's top-level ``locales/`` (an editable install runs straight from the checkout).
    """
    override = os.environ.get(LOCALES_ENV)
    if override:
        return Path(override)
    package_dir = Path(holdem_tui.__file__).resolve().parent
    bundled = package_dir / "locales"
    if bundled.is_dir():
        return bundled
    return package_dir.parent / "locales"


def is_plural_table(value: object) -> bool:
    """Tell a plural message from a key namespace: only CLDR categories, ``other`` included."""
    return (
        isinstance(value, dict)
        and "other" in value
        and all(isinstance(k, str) and k in PLURAL_CATEGORIES for k in value)
        and all(isinstance(v, str) for v in value.values())
    )


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, Message]:
    """Turn nested TOML tables into ``dotted.key -> message``, keeping plural tables whole.

    Non-text leaves (numbers, arrays) are dropped with a warning: the game only shows text.
    """
    out: dict[str, Message] = {}
    for name, value in tree.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            out[key] = value
        elif is_plural_table(value):
            out[key] = dict(value)
        elif isinstance(value, dict):
            out.update(flatten(value, key + "."))
        else:
            logger.warning("locale key %s is not text; ignored", key)
    return out


def load_messages(lang: str, base: Path | None = None) -> dict[str, Message]:
    """Read one language's ``ui.toml``; a missing or broken file gives ``{}`` and a warning."""
    path = (base or locales_dir()) / lang / "ui.toml"
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        logger.warning("locale file %s is missing; using %s", path, FALLBACK)
        return {}
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        logger.warning("locale file %s cannot be read (%s); using %s", path, exc, FALLBACK)
        return {}
    return flatten(data)


def _normalise(code: str | None) -> str | None:
    """``hr_HR.UTF-8@euro`` -> ``hr`` if we ship it, else ``None`` (so the next source decides)."""
    if not code:
        return None
    base = code.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    base = base.lower()
    return base if base in LANGUAGES else None


def resolve_language(
    cli_lang: str | None,
    saved: str | None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """Pick the language: ``--lang``, then ``$HOLDEM_TUI_LANG``, then the saved setting, then
    the locale variables, then en.

    ``$HOLDEM_TUI_LANG`` beats the saved setting because it is said for this run (a player
    trying the game in Dutch once), while the saved setting is only the last choice. The
    variables are read in POSIX priority order (``LC_ALL``, ``LC_MESSAGES``, ``LANG``); a
    value we don't ship (``C``, ``de_DE``) is skipped rather than forcing English, so a player
    with ``LC_ALL=C.UTF-8`` and ``LANG=fi_FI.UTF-8`` still gets Finnish.
    """
    env = os.environ if environ is None else environ
    sources = [cli_lang, env.get(LANG_ENV), saved]
    sources += [env.get("LC_ALL"), env.get("LC_MESSAGES"), env.get("LANG")]
    for source in sources:
        lang = _normalise(source)
        if lang is not None:
            return lang
    return FALLBACK


class Translator:
    """All text for one language, falling back to English key by key.

    Build it once per language (see :func:`get_translator`) and ask it for every string; it
    formats numbers and plurals by the language's CLDR rules so "5 žetona" and "1 500 pelimerkkiä"
    come out right without the caller knowing anything about Croatian or Finnish.
    """

    def __init__(self, lang: str) -> None:
        """Load ``lang`` and English from the locale folder; unknown languages become English."""
        if lang not in LANGUAGES:
            logger.warning("unknown language %r; using %s", lang, FALLBACK)
            lang = FALLBACK
        self.lang: str = lang
        self.locales_dir: Path = locales_dir()
        self._fallback: dict[str, Message] = load_messages(FALLBACK, self.locales_dir)
        self._messages: dict[str, Message] = (
            self._fallback if lang == FALLBACK else load_messages(lang, self.locales_dir)
        )
        self._locale = self._babel_locale(lang)
        self._warned: set[tuple[str, str]] = set()

    @staticmethod
    def _babel_locale(lang: str) -> Locale:
        try:
            return Locale.parse(lang)
        except (UnknownLocaleError, ValueError):  # pragma: no cover - Babel ships all four
            return Locale.parse(FALLBACK)

    def _warn(self, key: str, reason: str) -> None:
        if (key, reason) not in self._warned:
            self._warned.add((key, reason))
            logger.warning("[%s] %s: %s; showing %s", self.lang, key, reason, FALLBACK)

    def is_plural(self, key: str) -> bool:
        """Whether ``key`` is a plural table here (or in English): it then wants a count."""
        message = self._messages.get(key, self._fallback.get(key))
        return isinstance(message, dict)

    def keys(self) -> set[str]:
        """Every key this language defines (for tests and for translators' tooling)."""
        return set(self._messages)

    def _render(self, template: str, params: Mapping[str, Any]) -> str | None:
        try:
            return template.format(**params)
        except _FORMAT_ERRORS:
            return None

    def _lookup(self, key: str, params: Mapping[str, Any], category: str | None) -> str:
        """Try this language, then English, then give the key: the one fallback path for all."""
        for source, messages in (("lang", self._messages), ("en", self._fallback)):
            if source == "en" and messages is self._messages:
                break
            message = messages.get(key)
            if message is None:
                if source == "lang":
                    self._warn(key, "missing key")
                continue
            if isinstance(message, dict):
                cat = category if source == "lang" else self._english_category(params)
                template = message.get(cat or "other")
                if template is None:
                    if source == "lang":
                        self._warn(key, f"missing plural form {cat!r}")
                    continue
            else:
                template = message
            text = self._render(template, params)
            if text is not None:
                return text
            if source == "lang":
                self._warn(key, "bad or missing placeholder")
        logger.warning("[%s] %s: no usable text, even in %s", self.lang, key, FALLBACK)
        return key

    def _english_category(self, params: Mapping[str, Any]) -> str:
        count = params.get("_count")
        if isinstance(count, int):
            return str(Locale.parse(FALLBACK).plural_form(abs(count)))
        return "other"

    def t(self, key: str, **params: Any) -> str:
        """The message ``key`` with ``{name}`` placeholders filled in; never raises.

        Integer parameters are *not* reformatted here (a hand number is not an amount); pass
        ``tr.number(n)`` or ``tr.chips(n)`` where grouping matters. If the key is a plural
        table and ``count`` is given, this behaves like :meth:`plural`.
        """
        count = params.get("count")
        message = self._messages.get(key, self._fallback.get(key))
        if isinstance(count, int) and isinstance(message, dict):
            rest = {k: v for k, v in params.items() if k != "count"}
            return self.plural(key, count, **rest)
        return self._lookup(key, params, None)

    def plural(self, key: str, count: int, **params: Any) -> str:
        """The plural message ``key`` in the form CLDR picks for ``count`` in this language.

        ``{count}`` is filled with the count grouped as the language writes numbers, so
        Croatian gets "1 žeton", "3 žetona", "5 žetona", "21 žeton".
        """
        category = str(self._locale.plural_form(abs(count)))
        values = {**params, "count": self.number(count), "_count": count}
        return self._lookup(key, values, category)

    def number(self, n: int) -> str:
        """``n`` grouped as the language writes it: 1,500 (en), 1.500 (hr, nl), 1\u00a0500 (fi)."""
        return str(format_decimal(n, locale=self._locale))

    def decimal(self, value: float) -> str:
        """``value`` to one decimal as the language writes it: 12.5 (en), 12,5 (hr, fi, nl)."""
        return str(format_decimal(round(value, 1), format="#,##0.0", locale=self._locale))

    def chips(self, n: int) -> str:
        """A chip amount with its unit and the right plural: "1,500 chips", "1.500 žetona"."""
        return self.plural("unit.chips", n)

    def duration(self, seconds: float) -> str:
        """A length of time as the language says it, to the minute: "38 minutes", "1 sat"."""
        from datetime import timedelta

        from babel.dates import format_timedelta

        whole = timedelta(seconds=max(60.0, seconds))
        return str(format_timedelta(whole, granularity="minute", locale=self._locale))

    def ago(self, seconds: float) -> str:
        """How long ago, as the language says it: "38 minutes ago", "prije 38 minuta"."""
        from datetime import timedelta

        from babel.dates import format_timedelta

        delta = -timedelta(seconds=max(60.0, seconds))
        return str(
            format_timedelta(delta, granularity="minute", add_direction=True, locale=self._locale)
        )

    def _rank_form(self, rank: int, form: str) -> str:
        if not 0 <= rank < len(RANK_KEYS):
            logger.warning("rank %r out of range", rank)
            return str(rank)
        return self.t(f"rank.{RANK_KEYS[rank]}.{form}")

    def _rank_forms(self, rank: int) -> dict[str, str]:
        return {form: self._rank_form(rank, form) for form in RANK_FORMS}

    def hand_name(self, category: str, ranks: tuple[int, ...]) -> str:
        """A made hand in words, e.g. "Two pair, kings and fives" or "Dva para, kraljevi i petice".

        ``category`` and ``ranks`` are the evaluator's ``name_key`` and ``name_ranks``. Each
        language's template picks the grammatical form it needs, as in ``{rank[gen]}``.
        """
        slots = _HAND_SLOTS.get(category)
        if slots is None:
            logger.warning("unknown hand category %r", category)
            return category
        params: dict[str, Any] = {}
        for slot, rank in zip(slots, ranks, strict=False):
            params[slot] = self._rank_forms(rank)
        key = f"hand.{category}"
        text = self.t(key, **params)
        return text if text == key else text[:1].upper() + text[1:]

    def rules_markdown(self, game: str) -> str:
        """The rule screen for ``game`` ("holdem" or "draw") as Markdown, English if missing."""
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
        for lang in dict.fromkeys((self.lang, FALLBACK)):
            path = self.locales_dir / lang / f"rules_{game}.md"
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                logger.warning("rule screen %s cannot be read (%s)", path, exc)
                continue
            if text.strip():
                return text
            logger.warning("rule screen %s is empty", path)
        return f"# {game}\n\n(rules not available)\n"


@functools.cache
def get_translator(lang: str) -> Translator:
    """The shared :class:`Translator` for ``lang``, loaded once per process."""
    return Translator(lang)
