"""``holdem-tui review FILE...``: the hand review on saved hand histories (ours or anyone's)."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command(name="review")
# no existence check here: a missing or odd file is reported by the reader, exit status 1
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--training",
    is_flag=True,
    help="Show every hand and every bot's reasons, as at a training table.",
)
def command(files: tuple[Path, ...], training: bool) -> None:
    """Step through saved hands with the coach (PHH Hold'em, this game's F5CD draw files)."""
    try:
        from holdem_tui.ui.review_app import run_review
    except ImportError as exc:  # pragma: no cover - the review ships with the UI
        raise click.ClickException("the hand review is not available in this build") from exc
    sys.exit(run_review(files, training=training))
