"""One module per ``holdem-tui`` subcommand, each exposing a click ``command``."""
