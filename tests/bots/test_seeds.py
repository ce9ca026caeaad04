"""Deck secrecy by construction (issue 27.2): no bot's seed tells anything about the deck.

The attack of the issue, played by a plugin: seat *i*'s seed used to be the *i*-th
``getrandbits(31)`` of ``Random(session_seed)`` with session seeds below 2³¹, so a plugin
could search session seeds for the one giving its own seed, then deal every hand. The
plugin below runs that search (over a small range, to stay quick) in its constructor and
names itself by what it found.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from holdem_tui.bots.sandbox import ProcessBot
from holdem_tui.bots.seeds import SESSION_SEED_BITS, bot_seed, new_session_seed
from holdem_tui.game_settings import GameSettings
from holdem_tui.session.controller import Session
from tests.support.hang import HANG_GUARD

SEARCHER = """
import random

SEARCHED = {searched}


class SeedSearcher:
    '''Searches the session seeds that would give its own seed in its chair, the old way.'''

    def __init__(self, seed=None):
        found = []
        for chair in range(4):
            for candidate in range(SEARCHED):
                stream = random.Random(candidate)
                seeds = [stream.getrandbits(31) for _ in range(chair + 1)]
                if seeds[chair] == seed:
                    found.append(candidate)
        self.name = "found-" + str(found[0]) if found else "nothing"

    def decide(self, view):
        return view.legal.passive_action()
"""
SEARCHED = 4096


@pytest.fixture(autouse=True)
def searcher(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "plugins"
    home.mkdir()
    source = textwrap.dedent(SEARCHER.format(searched=SEARCHED))
    (home / "searcher.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(home))


def _old_bot_seed(session_seed: int, chair: int) -> int:
    stream = random.Random(session_seed)
    return [stream.getrandbits(31) for _ in range(chair + 1)][chair]


def _named(bot: ProcessBot) -> str:
    bot.ready(HANG_GUARD)
    name = bot.name
    bot.close()
    return name


def test_the_search_finds_the_old_seeds() -> None:
    """The attack works: handed a seed made the old way, the plugin finds the session seed."""
    assert _named(ProcessBot("searcher:SeedSearcher", _old_bot_seed(1234, 1))) == "found-1234"


def test_a_seated_plugin_finds_nothing_now() -> None:
    """Seated by a real session: a 128-bit deck seed, and a bot seed that is an HMAC of it."""
    settings = GameSettings.build(humans=[""], bots=["easy", "searcher:SeedSearcher"])
    session = Session(settings.with_seed())
    plugin = session.bots[2]
    assert isinstance(plugin, ProcessBot)
    assert plugin.seed == bot_seed(session.settings.seed, 2)
    assert _named(plugin) == "nothing"


def test_deck_seeds_are_128_bits_and_bot_seeds_are_not_the_deck_stream() -> None:
    seeds = [new_session_seed() for _ in range(8)]
    assert len(set(seeds)) == 8
    assert max(seed.bit_length() for seed in seeds) > 120
    assert all(seed < 2**SESSION_SEED_BITS for seed in seeds)
    seed = GameSettings().with_seed().seed
    assert seed is not None and seed.bit_length() > 64  # fails once in 2**64 runs
    stream = random.Random(seed)
    deck_stream = {stream.getrandbits(63) for _ in range(200)}
    stream = random.Random(seed)
    deck_stream |= {stream.getrandbits(31) for _ in range(200)}
    chairs = [bot_seed(seed, chair) for chair in range(9)]
    assert len(set(chairs)) == 9 and not deck_stream & set(chairs)


def test_the_same_seed_replays_the_same_bots() -> None:
    """A seeded session still replays every decision: same session seed, same bot seeds."""
    assert [bot_seed(7, chair) for chair in range(3)] == [bot_seed(7, chair) for chair in range(3)]
    assert bot_seed(7, 0) != bot_seed(8, 0)
    assert bot_seed(None, 0) is None


def test_no_tournament_bot_is_seeded_with_a_deck_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tournament simulator seeded seat k of run 0 with the very seed that dealt run k."""
    from holdem_tui.engine.tournament import preset_tournament
    from holdem_tui.engine.variants import Variant
    from holdem_tui.measure import tournaments

    config = tournaments.TournamentSimConfig(
        Variant.HOLDEM, ("easy",) * 6, preset_tournament("hyper", Variant.HOLDEM, 1000), 8
    )
    from holdem_tui.bots.registry import make_bot as real

    bot_seeds: list[int | None] = []

    def seeded(spec: str, seed: int | None = None) -> object:
        bot_seeds.append(seed)
        return real(spec, seed)

    monkeypatch.setattr(tournaments, "make_bot", seeded)
    for run in range(8):
        tournaments.play_tournament(config, run)
    decks = {config.table_config(run).seed for run in range(200)}
    assert len(bot_seeds) == 48 and not decks & set(bot_seeds)
