"""Tests for ``holdem-tui rules``: prints the rule screen in the chosen language."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from holdem_tui.cli import main
from holdem_tui.i18n import get_translator


@pytest.fixture(autouse=True)
def _english_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("HOLDEM_TUI_LOCALES", raising=False)
    get_translator.cache_clear()


def test_rules_draw_in_croatian() -> None:
    result = CliRunner().invoke(main, ["rules", "--game", "draw", "--lang", "hr"])
    assert result.exit_code == 0, result.output
    assert "Zatvoreni poker s pet karata" in result.output
    assert "Poredak ruku" in result.output
    assert "##" not in result.output  # rendered, not raw Markdown


@pytest.mark.parametrize("lang", ["en", "hr", "fi", "nl"])
@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_rules_every_game_and_language(game: str, lang: str) -> None:
    result = CliRunner().invoke(main, ["rules", "--game", game, "--lang", lang])
    assert result.exit_code == 0, result.output
    assert len(result.output) > 1000


def test_unknown_language_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["rules", "--lang", "xx"])
    assert result.exit_code == 2
    assert "Invalid value for '--lang'" in result.output
    assert "'xx' is not one of" in result.output


def test_default_language_comes_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0
    assert "Käsien arvojärjestys" in result.output


def test_default_is_english_holdem() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0
    assert "Texas Hold'em" in result.output and "Hand ranking" in result.output


def test_the_saved_language_beats_the_environment_and_lang_beats_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from holdem_tui.storage.preferences import Settings, save_settings

    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    save_settings(Settings(language="nl"))
    result = CliRunner().invoke(main, ["rules"])
    assert "Rangorde van de handen" in result.output
    assert "Käsien arvojärjestys" not in result.output
    result = CliRunner().invoke(main, ["rules", "--lang", "hr"])
    assert "Poredak ruku" in result.output


def test_holdem_tui_lang_beats_the_saved_language_for_one_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from holdem_tui.storage.preferences import Settings, load_settings, save_settings

    save_settings(Settings(language="nl"))
    monkeypatch.setenv("HOLDEM_TUI_LANG", "fi")
    result = CliRunner().invoke(main, ["rules"])
    assert "Käsien arvojärjestys" in result.output
    assert load_settings().settings.language == "nl"  # the next run without it: Dutch again
    result = CliRunner().invoke(main, ["rules", "--lang", "hr"])
    assert "Poredak ruku" in result.output


def test_a_holdem_tui_lang_typo_is_said_not_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOLDEM_TUI_LANG", "de")
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code != 0
    assert "HOLDEM_TUI_LANG" in result.output and "'de' is not one of" in result.output


@pytest.mark.parametrize(
    ("lang", "first"), [("hr", "1. 2 do 9 igrača"), ("en", "1. 2 to 9 players")]
)
def test_numbered_rules_keep_their_numbers_when_piped(lang: str, first: str) -> None:
    # CliRunner is not a terminal, exactly like `holdem-tui rules | less`
    result = CliRunner().invoke(main, ["rules", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert first in result.output
    assert " 2. " in result.output and "•" in result.output
