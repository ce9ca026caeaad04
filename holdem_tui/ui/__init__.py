"""The Textual user interface: the table, its screens and widgets.

This is the only package that imports Textual; start it through
:func:`holdem_tui.ui.app.create_app` so the command line, the tests and the screenshot script
all build the very same app.
"""
