"""Where every seed of a session comes from, so that no bot's seed tells anything about the deck.

Why this module exists: seat *i*'s bot seed used to be the *i*-th ``getrandbits(31)`` of
``Random(session_seed)``, the very stream that deals the cards, with session seeds below
2³¹. A plugin bot is handed its seed, so it could search the 2³¹ session seeds for the one
that gives its own, and then deal every hand of the session with the game's own code. Two
rules close that channel by construction:

* the deck's seed is 128 random bits (:func:`new_session_seed`) unless the player chose one
  with ``--seed``: nobody searches 2¹²⁸ seeds;
* a bot's seed never comes from the deck's stream: it is an HMAC-SHA256 of the session seed
  and the chair (:func:`bot_seed`), which tells nothing about the seed it was made from, so a
  seeded session still replays every decision, a plugin's included.

The limit, said plainly in ``docs/security.md``: a seed the player chooses is only as secret
as it is hard to guess. With ``--seed 7`` a plugin needs no bot seed at all: it can try small
seeds until one deals the cards it holds. Leave ``--seed`` out when a plugin you do not trust
is at the table.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: bits of a session seed drawn when the player gives none (a search of 2**128 is hopeless)
SESSION_SEED_BITS = 128
#: bits of a bot's seed (what ``random.Random`` and numpy take without complaint)
BOT_SEED_BITS = 63


def new_session_seed() -> int:
    """A fresh deck seed of :data:`SESSION_SEED_BITS` random bits (never 0, for readability)."""
    return secrets.randbits(SESSION_SEED_BITS) or 1


def bot_seed(session_seed: int | None, seat: int) -> int | None:
    """The seed of the bot in chair ``seat`` (``None`` without a session seed): the same
    session seed gives the same bot seeds, and no two chairs share one."""
    if session_seed is None:
        return None
    key = session_seed.to_bytes((session_seed.bit_length() + 8) // 8 + 1, "big", signed=True)
    label = f"holdem-tui bot seat {seat}".encode("ascii")
    digest = hmac.new(key, label, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - BOT_SEED_BITS)
