"""Click option types shared by the commands, so ``5/10`` means the same everywhere."""

from __future__ import annotations

import click


def parse_pair(
    text: str, param: click.Parameter | None = None, ctx: click.Context | None = None
) -> tuple[int, int]:
    """``"5/10"`` -> ``(5, 10)``: two whole numbers, the first positive and not the larger.

    Raises click's ``BadParameter``, so a typo reads as a clear message naming the flag.
    """
    parts = text.split("/")
    try:
        low, high = (int(p) for p in parts)
    except ValueError:
        raise click.BadParameter(
            f"{text!r} is not two whole numbers like 5/10", ctx, param
        ) from None
    if not 0 < low <= high:
        raise click.BadParameter(f"{text!r}: need 0 < first <= second", ctx, param)
    return low, high


class PairType(click.ParamType):  # type: ignore[type-arg]
    """``SMALL/BIG`` chip amounts, e.g. ``5/10`` (blinds) or ``10/20`` (limits)."""

    name = "SMALL/BIG"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[int, int]:
        """Parse and check ``value``."""
        if isinstance(value, tuple):
            return value
        return parse_pair(str(value), param, ctx)
