"""A fingerprint of every bot decision over about a thousand seeded hands.

Run it before and after a change that must not change how the bots play (a refactor, a
faster evaluator, a new view type): the digests must be identical. A change that is meant to
change play (a stronger bot, new seeds) changes them on purpose, and the commit says so.

    python scripts/decision_trace.py            # one digest per table, then the total
    python scripts/decision_trace.py --verbose  # also every decision, for a diff

Each decision is written as the hand number, the actor's position, the action and the
bot's reason (key and parameters); each hand ends with the final stacks. Only public
package API is used: the table deals, ``safe_decide`` asks the bot (no timeout, in this
thread, as the simulator does), and the hand applies the answer.
"""

from __future__ import annotations

import argparse
import hashlib
from dataclasses import dataclass

from holdem_tui.bots.registry import make_bot
from holdem_tui.bots.safety import safe_decide
from holdem_tui.bots.seeds import bot_seed
from holdem_tui.engine.draw import default_ante as default_draw_ante
from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant


@dataclass(frozen=True)
class Setup:
    """One seeded session of bots."""

    name: str
    variant: Variant
    levels: tuple[str, ...]
    hands: int
    seed: int
    reset_stacks: bool = True


SETUPS = (
    Setup("holdem-6max-mixed", Variant.HOLDEM, ("hard", "normal", "easy") * 2, 300, 11),
    Setup("holdem-6max-busting", Variant.HOLDEM, ("hard", "normal", "easy") * 2, 150, 12, False),
    Setup("holdem-hu-hard-normal", Variant.HOLDEM, ("hard", "normal"), 250, 13),
    Setup("holdem-9max-hard", Variant.HOLDEM, ("hard",) * 9, 100, 14),
    Setup("draw-5-mixed", Variant.DRAW, ("hard", "normal", "easy", "hard", "normal"), 200, 15),
    Setup("draw-hu-hard-easy", Variant.DRAW, ("hard", "easy"), 100, 16),
)


def trace(setup: Setup, verbose: bool) -> tuple[str, int]:
    """The digest of one session's decisions and stacks, and how many hands it played."""
    names = tuple(f"b{i}" for i in range(len(setup.levels)))
    config = TableConfig(
        setup.variant,
        names,
        seed=setup.seed,
        hand_limit=setup.hands,
        ante=default_draw_ante(10) if setup.variant is Variant.DRAW else 0,
    )
    table = Table(config)
    # each chair's bot seeded as a session seeds it (an HMAC of the session seed)
    bots = [make_bot(level, bot_seed(setup.seed, i)) for i, level in enumerate(setup.levels)]
    digest = hashlib.sha256()
    played = 0

    def write(line: str) -> None:
        digest.update(line.encode())
        digest.update(b"\n")
        if verbose:
            print(f"{setup.name}: {line}")

    while not table.is_over():
        hand = table.start_hand()
        played += 1
        while not hand.is_complete:
            actor = hand.actor
            assert actor is not None
            seat = hand.config.seats[actor]
            decision, fault = safe_decide(bots[seat], hand.view(actor), None)
            action = decision.action
            reason = decision.reason
            said = "-" if reason is None else f"{reason.key}{list(reason.params)}"
            write(
                f"{hand.config.hand_number} p{actor} s{seat} {action.kind.value} "
                f"{action.amount} {sorted(action.discards)} {said} fault={fault is not None}"
            )
            hand.act(action, actor)
        table.finish_hand(hand)
        write(f"{hand.config.hand_number} stacks {[s.stack for s in table.seats]}")
        if setup.reset_stacks:  # every hand from full stacks: a bust does not end the run
            for chair in table.seats:
                chair.stack, chair.busted_in_hand = config.starting_stack, None
    return digest.hexdigest(), played


def main() -> None:
    """Print one digest per setup and the digest of them all."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true", help="print every decision")
    args = parser.parse_args()
    total = hashlib.sha256()
    hands = 0
    for setup in SETUPS:
        digest, played = trace(setup, args.verbose)
        hands += played
        total.update(digest.encode())
        print(f"{setup.name:24} {played:4} hands  {digest[:16]}")
    print(f"{'all':24} {hands:4} hands  {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
