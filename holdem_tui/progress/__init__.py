"""Getting better over many evenings: lifetime statistics and drills, without a screen.

* :mod:`~holdem_tui.progress.lifetime` reads every history in the data folder (through a
  cache, :mod:`~holdem_tui.progress.cache`) and sums its rows
  (:mod:`~holdem_tui.progress.facts`) by position, game, table size, opponent level and
  format, for ``holdem-tui stats``, the stats screen and the bench.
"""
