"""The rules of the games and nothing else: no Textual, no I/O.

The engine is the "server" of the rule cards: it deals, enforces the rules and hands each
seat a frozen :class:`~holdem_tui.engine.view.PlayerView` with only what that seat may know.
"""
