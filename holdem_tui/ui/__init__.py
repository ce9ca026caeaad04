"""The Textual user interface: the table app, the replay viewer, their screens and widgets.

This is the only package that imports Textual (an import contract checks it). The game
itself, without a screen, is :mod:`holdem_tui.session`; the table app only wires its screens
to a turn driver (:mod:`holdem_tui.ui.driver`). Start the local game through
:func:`holdem_tui.ui.app.create_app`, so the command line, the tests and the screenshot script
all build the very same app.
"""
