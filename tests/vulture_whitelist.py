"""Names vulture finds unused in holdem_tui/ that are kept on purpose, each with its reason.

Read by vulture (``[tool.vulture]`` in pyproject.toml, run by ``tests/test_dead_code.py``) as
uses of these names; type-checked like every test, so mypy fails here when one of them goes
away and the list can never keep a name alive that no longer exists. Textual's, click's and
rich's reflective names are patterns in ``ignore_names`` instead.
"""

import sys

from holdem_tui.bots.preflop_equity import compute_equities
from holdem_tui.bots.pushfold import save_grid
from holdem_tui.bots.pushfold_solver import build_grid
from holdem_tui.bots.sandbox import ProcessBot
from holdem_tui.bots.stats import StyleCounts
from holdem_tui.engine.equity import EquityResult
from holdem_tui.engine.hand import Hand
from holdem_tui.measure.tournaments import run_tournaments
from holdem_tui.net.client import Connection, RemoteSession
from holdem_tui.net.protocol import Refusal
from holdem_tui.review.record import HandRecord
from holdem_tui.storage.lock import DataLock
from holdem_tui.ui.charts import BarsChart, LocalFormatter, _Canvas
from holdem_tui.web.process import TabProcess


def kept(
    hand: Hand,
    result: EquityResult,
    lock: DataLock,
    plugin: ProcessBot,
    connection: Connection,
    remote: RemoteSession,
    tab: TabProcess,
    counts: StyleCounts,
    formatter: LocalFormatter,
    chart: BarsChart,
) -> None:
    # the push-or-fold data's regeneration (scripts/pushfold_data.py, outside holdem_tui/)
    compute_equities
    build_grid
    save_grid
    # TEMPORARY, until issue 28's phase 2 lands on the one turn loop (session/turns.py):
    # `simulate --tournament` reads these; tests/commands and tests/engine use them now
    run_tournaments
    # pokerkit's trio: every verify_x has its can_x, part of the engine's API
    hand.can
    hand.can_check_or_call
    hand.can_raise_to
    hand.can_show_or_muck
    # the Monte Carlo's standard error is part of every equity result (the tests bound it)
    result.std_error
    # a data-folder lock is released by the process ending; tests release it explicitly
    lock.release
    # how often a plugin's process was started again (the hostile-bot tests read it)
    plugin.restarts
    # how many whole pictures a client had to ask for (the protocol tests read it)
    connection.resyncs
    # TEMPORARY, until the network seat's UI (issue 18) and the review screen (issue 17)
    # merge: the client calls they bind, and the record the table's review is built from
    HandRecord.from_hand
    # textual-serve's AppService calls these on the subclass that serves a tab's game
    tab._open_app_process
    tab._stdin
    tab.remote_write_bytes
    tab.remote_write_str
    # a tab's game points Python's own stdout at the screen's stream: Textual writes there
    sys.__stdout__
    # counted by the bots' counter, read by name by the lifetime statistics (progress/facts.py)
    counts.faced_open
    counts.threebets
    counts.faced_cbet
    counts.folded_to_cbet
    # textual-plot calls the formatter's labels and reads its plot's margins (reactives)
    formatter.get_labels_for_ticks
    chart.margin_top
    chart.margin_bottom
    chart.margin_left
    # the screen check reads what a chart's canvas wrote (tests/support/screen_room.py)
    _Canvas.drawn_text
    # the secure handshake refuses in its own word (net/secure.py, before the protocol is
    # imported); the client words every Refusal (ui/joining.py REFUSALS)
    Refusal.NOT_THE_TABLE
