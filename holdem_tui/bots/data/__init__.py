"""Data shipped with the bots: the push-or-fold tables (:mod:`holdem_tui.bots.preflop_equity`)."""
