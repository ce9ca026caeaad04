"""Tests for holdem_tui.i18n: key parity across languages, plurals, numbers and fallback."""

from __future__ import annotations

import logging
import os
import string
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from babel.core import Locale

from holdem_tui import i18n
from holdem_tui.i18n import (
    GAMES,
    LANGUAGES,
    Translator,
    flatten,
    language_name,
    resolve_language,
)

REPO = Path(__file__).resolve().parents[2]
LOCALES = REPO / "locales"
SECTIONS = (
    "objective",
    "setup",
    "order_of_play",
    "actions",
    "hand_ranking",
    "end",
    "special_cases",
    "bots",
    "keys",
)


def placeholders(template: str) -> set[str]:
    """The named fields of a ``str.format`` template, without ``[form]`` or ``.attr`` parts."""
    names: set[str] = set()
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return {"<unparseable>"}
    for _, field, _, _ in parsed:
        if field is not None:
            names.add(field.split("[", 1)[0].split(".", 1)[0])
    return names


def _messages(lang: str) -> dict[str, object]:
    with (LOCALES / lang / "ui.toml").open("rb") as handle:
        return dict(flatten(tomllib.load(handle)))


@pytest.fixture(autouse=True)
def _real_locales(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(i18n.LOCALES_ENV, str(LOCALES))


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_same_keys_as_english(lang: str) -> None:
    en, other = _messages("en"), _messages(lang)
    assert sorted(set(en) - set(other)) == [], "keys missing"
    assert sorted(set(other) - set(en)) == [], "keys English lacks"


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_same_placeholders_as_english(lang: str) -> None:
    en, other = _messages("en"), _messages(lang)
    for key, en_msg in en.items():
        en_templates = en_msg.values() if isinstance(en_msg, dict) else [en_msg]
        en_names = set().union(*(placeholders(str(t)) for t in en_templates))
        msg = other[key]
        templates = msg.values() if isinstance(msg, dict) else [msg]
        for template in templates:
            assert isinstance(template, str)
            assert placeholders(template) == en_names, f"{lang}:{key} {template!r}"
        assert isinstance(msg, dict) == isinstance(en_msg, dict), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_tables_have_exactly_the_cldr_categories(lang: str) -> None:
    needed = set(Locale.parse(lang).plural_form.tags) | {"other"}
    plural_keys = [k for k, v in _messages(lang).items() if isinstance(v, dict)]
    assert "unit.chips" in plural_keys
    for key in plural_keys:
        table = _messages(lang)[key]
        assert isinstance(table, dict) and set(table) == needed, f"{lang}:{key}"


def test_units_exist() -> None:
    for unit in ("chips", "hands", "minutes", "cards", "players"):
        assert isinstance(_messages("en")[f"unit.{unit}"], dict)


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (1, "1 žeton"),
        (3, "3 žetona"),
        (5, "5 žetona"),
        (11, "11 žetona"),
        (21, "21 žeton"),
        (22, "22 žetona"),
        (25, "25 žetona"),
    ],
)
def test_croatian_chip_plurals(count: int, text: str) -> None:
    assert Translator("hr").chips(count) == text


def test_croatian_three_forms_differ() -> None:
    tr = Translator("hr")
    assert tr.plural("unit.cards", 1) == "1 karta"
    assert tr.plural("unit.cards", 3) == "3 karte"
    assert tr.plural("unit.cards", 5) == "5 karata"


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "1,500"), ("nl", "1.500"), ("hr", "1.500"), ("fi", "1\u00a0500")],
)
def test_number_grouping(lang: str, text: str) -> None:
    tr = Translator(lang)
    assert tr.number(1500) == text
    assert tr.chips(1500).startswith(text)


def test_chips_examples() -> None:
    assert Translator("en").chips(1500) == "1,500 chips"
    assert Translator("en").chips(1) == "1 chip"
    assert Translator("hr").chips(1500) == "1.500 žetona"
    assert Translator("fi").chips(1) == "1 pelimerkki"
    assert Translator("nl").chips(2) == "2 fiches"


def test_english_hand_names() -> None:
    tr = Translator("en")
    assert tr.hand_name("two_pair", (11, 3)) == "Two pair, kings and fives"
    assert tr.hand_name("full_house", (12, 8)) == "Full house, aces full of tens"
    assert tr.hand_name("straight", (3,)) == "Straight, five high"
    assert tr.hand_name("pair", (9,)) == "Pair of jacks"
    assert tr.hand_name("royal_flush", ()) == "Royal flush"
    assert tr.t("rank.a.sg") == "ace" and tr.t("rank.2.pl") == "deuces"


def test_other_hand_names() -> None:
    assert Translator("hr").hand_name("pair", (11,)) == "Par kraljeva"
    assert Translator("hr").hand_name("straight", (3,)) == "Skala do petice"
    assert Translator("fi").hand_name("two_pair", (11, 3)) == "Kaksi paria, kuninkaat ja vitoset"
    assert Translator("nl").hand_name("full_house", (12, 8)) == "Full house, azen over tienen"


def test_croatian_sets_and_quads_take_the_genitive_plural() -> None:
    tr = Translator("hr")
    assert tr.hand_name("three_of_a_kind", (6,)) == "Tris osmica"
    assert tr.hand_name("four_of_a_kind", (12,)) == "Poker asova"
    assert tr.hand_name("pair", (12,)) == "Par asova"


def test_finnish_hand_names_put_the_rank_first() -> None:
    # a cut name must keep the rank: "Ässähai", not "Korkein kortti äs…"
    tr = Translator("fi")
    assert tr.hand_name("high_card", (12,)) == "Ässähai"
    assert tr.hand_name("pair", (0,)) == "Kakkospari"
    assert tr.hand_name("straight", (3,)) == "Vitossuora"
    assert tr.hand_name("flush", (12,)) == "Ässäväri"
    assert tr.hand_name("straight_flush", (11,)) == "Kuningaskärkinen värisuora"
    assert tr.hand_name("royal_flush", ()) == "Kuningasvärisuora"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hand_renders_without_fallback(lang: str, caplog: pytest.LogCaptureFixture) -> None:
    tr = Translator(lang)
    with caplog.at_level(logging.WARNING):
        for category, slots in i18n._HAND_SLOTS.items():
            for rank in range(13):
                text = tr.hand_name(category, (rank, (rank + 1) % 13)[: len(slots)])
                assert "{" not in text and "hand." not in text
    assert caplog.records == []


def test_language_names() -> None:
    assert [language_name(code) for code in LANGUAGES] == [
        "English",
        "Hrvatski",
        "Suomi",
        "Nederlands",
    ]


def test_logs_are_formatted() -> None:
    tr = Translator("hr")
    assert tr.t("log.raises_to", name="Ana", amount=tr.number(1500)) == "Ana povisuje na 1.500"
    assert tr.t("log.draws", name="Ana", count=2) == "Ana mijenja 2 karte"
    assert tr.plural("session.hands_left", 5) == "Preostalo je 5 ruku"


# ── fallback ─────────────────────────────────────────────────────────────────────────


def _write_locales(tmp_path: Path, hr_text: str | None) -> Path:
    base = tmp_path / "locales"
    (base / "en").mkdir(parents=True)
    (base / "en" / "ui.toml").write_text(
        '[action]\nfold = "Fold"\ncall = "Call {amount}"\n'
        '[unit.chips]\none = "{count} chip"\nother = "{count} chips"\n',
        encoding="utf-8",
    )
    (base / "en" / "rules_holdem.md").write_text("# English rules\n", encoding="utf-8")
    (base / "hr").mkdir()
    if hr_text is not None:
        (base / "hr" / "ui.toml").write_text(hr_text, encoding="utf-8")
    return base


@pytest.mark.parametrize(
    "hr_text",
    [
        None,  # missing file
        "[action\nfold = ",  # broken TOML
        '[action]\ncall = "Prati {amount}"\n',  # missing key
        '[action]\nfold = "Odustani {who}"\ncall = "Prati {amount}"\n',  # bad placeholder
    ],
    ids=["missing-file", "broken-toml", "missing-key", "bad-placeholder"],
)
def test_fallback_to_english_with_warning(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    hr_text: str | None,
) -> None:
    monkeypatch.setenv(i18n.LOCALES_ENV, str(_write_locales(tmp_path, hr_text)))
    with caplog.at_level(logging.WARNING, logger="holdem_tui.i18n"):
        tr = Translator("hr")
        assert tr.t("action.fold") == "Fold"
        assert tr.t("action.fold") == "Fold"
        assert tr.rules_markdown("holdem") == "# English rules\n"
    assert caplog.records, "a warning must be logged"
    fold_warnings = [r for r in caplog.records if "action.fold" in r.getMessage()]
    assert len(fold_warnings) <= 1, "warn once per key"


def test_missing_plural_form_falls_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    base = _write_locales(tmp_path, '[unit.chips]\none = "{count} žeton"\nother = "{count} x"\n')
    monkeypatch.setenv(i18n.LOCALES_ENV, str(base))
    with caplog.at_level(logging.WARNING):
        tr = Translator("hr")
        assert tr.chips(1) == "1 žeton"
        assert tr.chips(3) == "3 chips"  # 'few' missing -> English, number still Croatian
    assert any("few" in r.getMessage() for r in caplog.records)


def test_missing_everywhere_gives_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(i18n.LOCALES_ENV, str(tmp_path / "nowhere"))
    tr = Translator("fi")
    assert tr.t("action.fold") == "action.fold"
    assert tr.t("action.call") == "action.call"
    assert tr.chips(2) == "unit.chips"
    assert tr.hand_name("pair", (3,)) == "hand.pair"
    assert tr.rules_markdown("draw").startswith("#")


def test_missing_param_falls_back_to_key() -> None:
    assert Translator("nl").t("action.call") == "action.call"
    assert Translator("nl").t("action.call", amount="5") == "Callen 5"


def test_unknown_language_is_english() -> None:
    assert Translator("xx").lang == "en"


def test_get_translator_is_cached() -> None:
    i18n.get_translator.cache_clear()
    assert i18n.get_translator("fi") is i18n.get_translator("fi")


# ── language choice ──────────────────────────────────────────────────────────────────


def test_resolve_language_precedence() -> None:
    env = {"LC_ALL": "fi_FI.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8", "LANG": "hr_HR.UTF-8"}
    assert resolve_language("nl", "hr", env) == "nl"
    assert resolve_language(None, "hr", env) == "hr"
    assert resolve_language(None, None, env) == "fi"
    assert resolve_language(None, None, {"LC_MESSAGES": "nl_BE", "LANG": "hr"}) == "nl"
    assert resolve_language(None, None, {"LANG": "hr_HR.UTF-8"}) == "hr"
    assert resolve_language(None, None, {}) == "en"


def test_holdem_tui_lang_beats_the_saved_setting_but_not_the_flag() -> None:
    env = {"HOLDEM_TUI_LANG": "nl", "LANG": "fi_FI.UTF-8"}
    assert resolve_language(None, "hr", env) == "nl"
    assert resolve_language("hr", "fi", env) == "hr"
    assert resolve_language(None, "hr", {"HOLDEM_TUI_LANG": "", "LANG": "fi"}) == "hr"


def test_resolve_language_skips_unknown() -> None:
    env = {"LC_ALL": "C.UTF-8", "LANG": "hr_HR.UTF-8@euro"}
    assert resolve_language("xx", "de", env) == "hr"
    assert resolve_language(None, None, {"LANG": "POSIX"}) == "en"
    assert resolve_language("FI", None, {}) == "fi"


# ── rule screens ─────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_have_every_section(lang: str, game: str) -> None:
    path = LOCALES / lang / f"rules_{game}.md"
    text = path.read_text(encoding="utf-8")
    assert text.strip()
    tr = Translator(lang)
    headings = {line[3:].strip() for line in text.splitlines() if line.startswith("## ")}
    for section in SECTIONS:
        assert tr.t(f"rules.{section}") in headings, f"{path}: {section}"
    assert tr.rules_markdown(game) == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_mention_key_facts(lang: str) -> None:
    holdem = (LOCALES / lang / "rules_holdem.md").read_text(encoding="utf-8")
    draw = (LOCALES / lang / "rules_draw.md").read_text(encoding="utf-8")
    for text in (holdem, draw):
        assert "A-2-3-4-5" in text
        assert "ctrl+q" in text and "`F1`" in text
        assert "Monte" in text
    assert "2 – 9" in holdem.replace("2 do 9", "2 – 9").replace("2–9", "2 – 9").replace(
        "2 to 9", "2 – 9"
    ).replace("2 tot 9", "2 – 9")
    assert "`s`" in draw and "`1`–`5`" in draw


def test_unknown_game_raises() -> None:
    with pytest.raises(ValueError):
        Translator("en").rules_markdown("stud")


# ── where the locale folder is ───────────────────────────────────────────────────────


def _lookup_from(path_entry: Path, lang: str, cwd: Path) -> tuple[Path, str]:
    """In a fresh interpreter with only ``path_entry`` added to ``sys.path``: where the
    locale folder is found, and "fold" in ``lang``."""
    env = {k: v for k, v in os.environ.items() if k != i18n.LOCALES_ENV}
    env["PYTHONPATH"] = str(path_entry)
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "from holdem_tui import i18n; print(i18n.locales_dir()); "
            f"print(i18n.Translator({lang!r}).t('action.fold'))",
        ],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
    ).stdout.splitlines()
    return Path(out[0]).resolve(), out[1]


def test_editable_lookup_finds_repo_locales(tmp_path: Path) -> None:
    # an editable install puts the checkout itself on sys.path: do exactly that, from
    # elsewhere, whatever way the package under test was installed
    found, fold = _lookup_from(REPO, "hr", tmp_path)
    assert found == LOCALES.resolve()
    assert fold == "Odustani"


@pytest.mark.slow
def test_wheel_ships_locales_and_finds_them(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(REPO),
        ],
        check=True,
    )
    (wheel,) = dist.glob("holdem_tui-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in LANGUAGES:
        for name in ("ui.toml", "rules_holdem.md", "rules_draw.md"):
            assert f"holdem_tui/locales/{lang}/{name}" in names
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    found, fold = _lookup_from(target, "nl", tmp_path)
    assert found == (target / "holdem_tui" / "locales").resolve()
    assert fold == "Folden"


def test_names_from_the_evaluator() -> None:
    from holdem_tui.engine.cards import Card
    from holdem_tui.engine.evaluator import evaluate

    tr = Translator("en")
    hands = {
        "Ks Kd 5c 5h 2s": "Two pair, kings and fives",
        "As Ad Ah Td Tc": "Full house, aces full of tens",
        "Ac 2d 3h 4s 5c": "Straight, five high",
        "Js Jd 9c 7h 2s": "Pair of jacks",
        "Ah Kh Qh Jh Th": "Royal flush",
    }
    for text, name in hands.items():
        rank = evaluate([Card(c) for c in text.split()])
        assert tr.hand_name(rank.name_key, rank.name_ranks) == name
