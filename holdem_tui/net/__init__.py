"""Playing over the network: a host runs the table, friends join from their own terminals.

:mod:`~holdem_tui.net.protocol` is the one message schema (JSON lines over TCP) that the
server (:mod:`~holdem_tui.net.server`) and every client (:mod:`~holdem_tui.net.client`, the
table app in :mod:`~holdem_tui.ui.remote`, the bot client) share.
"""
