"""The game in a web browser: ``holdem-tui serve`` (see :mod:`holdem_tui.web.server`)."""
