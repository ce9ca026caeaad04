"""Measuring the game: how well the bots play and how fast the code runs.

:mod:`~holdem_tui.measure.simulator` plays bot-only sessions (``holdem-tui simulate``) and
reports bb/100 with intervals; :mod:`~holdem_tui.measure.benchmarks` holds the timed loops of
``holdem-tui bench``. Both sit above the game they measure and below the commands that run
them; nothing in the game imports them.
"""
