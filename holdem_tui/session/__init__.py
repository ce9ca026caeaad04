"""The game session without a screen: who plays, whose turn it is, and what the table shows.

:mod:`~holdem_tui.session.controller` holds the session (the table, the hand in play, the
bots, the score), :mod:`~holdem_tui.session.present` turns it into the plain, translated
model the screen draws, and :mod:`~holdem_tui.session.narrate` words the hand log. No Textual
here (an import contract checks it), so every rule of who may see what is tested in plain
Python, and the network seat, the table app and the tests share one session layer.
"""
