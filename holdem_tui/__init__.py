"""holdem-tui: No-Limit Texas Hold'em and Five-Card Draw in the terminal."""

__version__ = "0.1.0"
