"""Everything the game keeps on disk: settings, the autosave, and the hand histories.

No Textual in here: the command line (``holdem-tui history``), the tests and the game's
controller all use the same files the same way, and a crash-safety rule proven in a plain
test holds for the running game too.
"""
