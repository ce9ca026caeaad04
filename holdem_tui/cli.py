"""The ``holdem-tui`` command line.

Subcommands live in ``holdem_tui.commands.<name>`` and are imported only when used, so
``holdem-tui rules`` never pays for Textual and ``holdem-tui --help`` stays instant.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

#: subcommand name (its module under holdem_tui.commands) -> one-line help
SUBCOMMANDS: dict[str, str] = {
    "play": "Start a game at the table with every setting as a flag.",
    "host": "Host a table for friends on their own terminals.",
    "join": "Join a table someone hosts (or watch it, or seat a bot).",
    "serve": "Play in a web browser: a game per tab, or one table for all.",
    "bench": "Measure evaluator, equity, engine and bot speed.",
    "replay": "Replay PHH hand histories (viewer, or --json for a check).",
    "review": "Step through saved hands with the coach (the hand review).",
    "rules": "Print the rules of a game in your language.",
    "simulate": "Play a bots-only session and report results per seat.",
    "history": "List past sessions and where their hand histories are.",
    "stats": "Lifetime statistics and charts from every hand history.",
    "train": "Drills: preflop, pot odds and outs, and your own flagged spots.",
}


class LazyGroup(click.Group):
    """A click group that imports each subcommand's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The subcommands whose module is installed, without importing them."""
        return sorted(name for name in SUBCOMMANDS if _available(name))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """Import a subcommand's module only when that subcommand is used."""
        if cmd_name not in SUBCOMMANDS or not _available(cmd_name):
            return None
        module = importlib.import_module(f"holdem_tui.commands.{cmd_name}")
        command: click.Command = module.command
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the subcommands with their one-line help, still without importing them."""
        rows = [(name, SUBCOMMANDS[name]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _available(module: str) -> bool:
    return importlib.util.find_spec(f"holdem_tui.commands.{module}") is not None


@click.group(cls=LazyGroup, invoke_without_command=True)
@click.version_option(package_name="holdem-tui")
@click.pass_context
def main(ctx: click.Context, /) -> None:
    """Texas Hold'em and Five-Card Draw in your terminal.

    With no command, starts a game at once: you against five bots of mixed levels.
    """
    if ctx.invoked_subcommand is None:
        play = main.get_command(ctx, "play")
        if play is None:
            raise click.UsageError("the game is not installed in this build")
        ctx.invoke(play)
