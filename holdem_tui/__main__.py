"""Allow ``python -m holdem_tui`` to behave exactly like the ``holdem-tui`` script."""

from holdem_tui.cli import main

if __name__ == "__main__":
    main()
