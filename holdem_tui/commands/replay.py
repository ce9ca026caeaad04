"""``holdem-tui replay``: check PHH files against the engine, or step through them on screen."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from holdem_tui.commands.output import quiet_when_the_reader_leaves
from holdem_tui.history.phh import PhhError, load_file
from holdem_tui.history.phh_replay import replay


def replay_json(paths: tuple[Path, ...]) -> int:
    """Replay each file strictly through the engine; one JSON line per hand on stdout.

    Broken files and illegal actions are reported on stderr with the file, the action and
    the reason; the other files still run, and the result is 1 if any failed.
    """
    failed = 0
    for path in paths:
        try:
            failed += _replay_file(path)
        except BrokenPipeError:
            raise  # the reader has gone (| head): not this file's fault
        except Exception as exc:  # the validation layer missed a case: still one line, exit 1
            click.echo(f"{path}: cannot be replayed: {type(exc).__name__}: {exc}", err=True)
            failed += 1
    return 1 if failed else 0


def _replay_file(path: Path) -> int:
    """Replay one file's hands; returns how many failed (0 for a sound file)."""
    failed = 0
    try:
        hands = load_file(path)
    except PhhError as exc:
        click.echo(f"{path}: {exc}", err=True)
        return 1
    for number, phh in enumerate(hands, start=1):
        where = f"{path}" if len(hands) == 1 else f"{path} [hand {number}]"
        try:
            result = replay(phh)
        except PhhError as exc:
            click.echo(f"{where}: {exc}", err=True)
            failed += 1
            continue
        line: dict[str, object] = {
            "file": str(path),
            "finishing_stacks": list(result.finishing_stacks),
            "decisions": [d.to_json() for d in result.decisions],
        }
        if len(hands) > 1:
            line["hand"] = number
        expected = phh.finishing_stacks
        if expected is not None and tuple(expected) != result.finishing_stacks:
            click.echo(
                f"{where}: finishing stacks {list(result.finishing_stacks)} differ from "
                f"the file's {list(expected)}",
                err=True,
            )
            failed += 1
        click.echo(json.dumps(line))
    return failed


@click.command(name="replay")
# no existence check here: a missing or odd file is reported by the reader, exit status 1
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON line per hand, no UI.")
@quiet_when_the_reader_leaves
def command(files: tuple[Path, ...], as_json: bool) -> None:
    """Replay PHH hand histories (No-Limit Hold'em, or this game's F5CD draw files)."""
    if as_json:
        sys.exit(replay_json(files))
    try:
        from holdem_tui.ui.replay import run_replay_viewer
    except ImportError as exc:  # pragma: no cover - the viewer ships with the UI
        raise click.ClickException("the replay viewer is not available in this build") from exc
    sys.exit(run_replay_viewer(files))
