"""Seeded hostile inputs shared by the fuzz tests: mutated hand histories, saves, settings.

Each generator yields ``(label, content)`` pairs from a seed, so a failure names a case that
can be rebuilt exactly; the tests run a short sweep by default and a long one under
``slow``. The mutations are the ones the issue's fuzzing found: wrong field types, negative
or huge numbers, cards dealt twice, actions after the end, deep nesting, long dotted keys,
truncation and stray bytes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from holdem_tui.engine.table import Table, TableConfig
from holdem_tui.engine.variants import Variant
from holdem_tui.history.phh_write import dumps, dumps_section
from tests.support.storage import play_one, random_agent

#: TOML values that are the wrong type, out of range, or odd
HOSTILE_TOML = [
    '"abc"',
    "[1]",
    "nan",
    "inf",
    "-inf",
    "1979-05-27",
    "1979-05-27T07:32:00Z",
    "1.5",
    "true",
    "-1000000",
    "[0, 0, -1000000]",
    "5",
    '"four"',
    "{ a = 1 }",
    "1" + "0" * 30,
    "[[1, 2], [3]]",
    "[]",
    '["p1", 2]',
    "0",
]


def base_histories(seed: int, count: int = 12) -> list[str]:
    """Sound PHH texts of both variants (single hands and a few ``.phhs`` sessions)."""
    rng = random.Random(seed)
    texts: list[str] = []
    for index in range(count):
        variant = "draw" if index % 2 else "holdem"
        players = rng.randint(2, 6)
        table = Table(
            TableConfig(
                variant=Variant(variant),
                names=tuple(f"P{i + 1}" for i in range(players)),
                starting_stack=rng.choice([40, 200, 1000]),
                small_blind=5,
                big_blind=10,
                ante=rng.choice([1, 5] if variant == "draw" else [0, 1, 5]),
                small_bet=10,
                big_bet=20,
                seed=rng.getrandbits(32),
            )
        )
        agent = random_agent(rng)
        if index % 4 == 3:
            sections = []
            for number in range(1, 4):
                if table.is_over():
                    break
                hand = table.start_hand()
                play_one(hand, agent)
                table.finish_hand(hand)
                sections.append(dumps_section(hand, number))
            texts.append("".join(sections))
        else:
            hand = table.start_hand()
            play_one(hand, agent)
            texts.append(dumps(hand))
    return texts


_CARD = re.compile(r"\b([2-9TJQKA][cdhs])")


def mutate_history(text: str, rng: random.Random) -> tuple[str, str]:
    """One hostile change to a sound history; returns (what was done, new text)."""
    lines = text.splitlines()
    fields = [i for i, line in enumerate(lines) if re.match(r"^[a-z_]+ = ", line)]
    actions = [i for i, line in enumerate(lines) if line.startswith('  "')]
    roll = rng.randrange(14)
    if roll == 0 and fields:
        i = rng.choice(fields)
        key = lines[i].split(" = ")[0]
        value = rng.choice(HOSTILE_TOML)
        lines[i] = f"{key} = {value}"
        return f"field {key} = {value}", "\n".join(lines)
    if roll == 1 and fields:
        i = rng.choice(fields)
        key = lines[i].split(" = ")[0]
        del lines[i]
        return f"field {key} deleted", "\n".join(lines)
    if roll == 2:
        cards = _CARD.findall(text)
        if len(cards) >= 2:
            a, b = rng.sample(sorted(set(cards)), 2)
            return f"card {a} dealt as {b} too", text.replace(a, b, 1)
    if roll == 3 and actions:
        last = actions[-1]
        extra = rng.choice(['"p1 cc"', '"p2 f"', '"p1 cbr 50"', '"d db 2c"', '"p1 sd"'])
        lines.insert(last + 1, f"  {extra},")
        return f"action {extra} after the end", "\n".join(lines)
    if roll == 4 and actions:
        i = rng.choice(actions)
        del lines[i]
        return "an action deleted", "\n".join(lines)
    if roll == 5 and len(actions) > 1:
        i, j = rng.sample(actions, 2)
        lines[i], lines[j] = lines[j], lines[i]
        return "two actions swapped", "\n".join(lines)
    if roll == 6 and actions:
        i = rng.choice(actions)
        amount = rng.choice(["-5", "0", "1" + "0" * 20, "abc", "1.5", "9" * 5000, "１０"])
        lines[i] = f'  "p1 cbr {amount}",'
        return f"cbr {amount[:12]}", "\n".join(lines)
    if roll == 7 and actions:
        i = rng.choice(actions)
        odd = rng.choice(["p1 zz", "p9 cc", "x", "", "d dh p1 AsAs", "p1 sm ZzZz", "p1 sd 2c2c"])
        lines[i] = f'  "{odd}",'
        return f"action {odd!r}", "\n".join(lines)
    if roll == 8:
        cut = rng.randrange(len(text))
        return f"truncated at {cut}", text[:cut]
    if roll == 9:
        at = rng.randrange(len(text))
        junk = rng.choice(["\x00", "\ufffd", "]", "[", "=", '"', "\n[x]\n", "#"])
        return f"{junk!r} inserted at {at}", text[:at] + junk + text[at:]
    if roll == 10:
        depth = rng.choice([20, 500, 5000])
        return f"array nested {depth} deep", text + f"\nextra = {'[' * depth}{']' * depth}\n"
    if roll == 11:
        depth = rng.choice([20, 500])
        return (
            f"table nested {depth} deep",
            text + "\nextra = " + "{a = " * depth + "1" + "}" * depth,
        )
    if roll == 12:
        size = rng.choice([2_000, 20_000, 80_000])
        return f"dotted key of {size} chars", text + "\n" + ".".join(["a"] * (size // 2)) + " = 1\n"
    negative = rng.choice(["antes", "blinds_or_straddles", "starting_stacks"])
    pattern = re.compile(rf"^{negative} = \[(.*)\]$", re.M)
    match = pattern.search(text)
    if match:
        values = match.group(1).split(", ")
        values[rng.randrange(len(values))] = rng.choice(["-1000000", "-1", "0", "10" + "0" * 30])
        return f"{negative} = [{', '.join(values)}]", pattern.sub(
            f"{negative} = [{', '.join(values)}]", text, count=1
        )
    return "unchanged", text


def history_cases(seed: int, count: int) -> Iterator[tuple[str, str]]:
    """``count`` mutated histories (1 to 3 mutations each) from seed ``seed``."""
    rng = random.Random(seed)
    bases = base_histories(seed)
    for _ in range(count):
        text = rng.choice(bases)
        labels = []
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            label, text = mutate_history(text, rng)
            labels.append(label)
        yield "; ".join(labels), text
