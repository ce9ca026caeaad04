"""The lifetime statistics' figures for ``holdem-tui bench``: a thousand generated sessions
(:mod:`holdem_tui.measure.generated`) read the first time (every hand replayed, its rows
counted, the cache written) and again through the cache, and a whole report summed; the
memory a cached read takes at its peak, the rows it holds, and the cache file's size.

The first read is what a player waits once, the day the statistics first meet their
histories; the cached read is every look after it (the issue asks well under a second for a
few thousand sessions). All in a temporary folder, removed afterwards.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from holdem_tui.measure.generated import write_sessions
from holdem_tui.progress.facts import COLUMNS
from holdem_tui.progress.lifetime import DIMENSIONS, Filters, load_lifetime

__all__ = ["measure"]

#: sessions generated, and the hands each plays (a range)
SESSIONS = 1000
QUICK_SESSIONS = 100
HANDS = (3, 15)


def measure(quick: bool) -> dict[str, float]:
    """Generate, read first, read cached (median of five), and sum a report."""
    root = Path(tempfile.mkdtemp(prefix="holdem-bench-stats-"))
    try:
        count = QUICK_SESSIONS if quick else SESSIONS
        start = time.perf_counter()
        made = write_sessions(root / "histories", count, seed=32, hands=HANDS)
        generated = time.perf_counter() - start
        start = time.perf_counter()
        lifetime = load_lifetime(root / "histories", root / "cache.npz", workers=0)
        first = time.perf_counter() - start
        cached = []
        for _ in range(5):
            start = time.perf_counter()
            lifetime = load_lifetime(root / "histories", root / "cache.npz")
            cached.append((time.perf_counter() - start) * 1000.0)
        # the memory a look takes: traced apart from the timings (tracing slows Python down)
        tracemalloc.start()
        try:
            lifetime = load_lifetime(root / "histories", root / "cache.npz")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        reports = []
        for _ in range(5):
            start = time.perf_counter()
            mask = lifetime.select(Filters())
            lifetime.line(mask)
            lifetime.curve(mask)
            for dimension in DIMENSIONS:
                lifetime.groups(mask, dimension)
            reports.append((time.perf_counter() - start) * 1000.0)
        rows = len(lifetime.ints)
        return {
            "stats_sessions": float(len(lifetime.sessions)),
            "stats_hands": float(sum(session.info.hands for session in made)),
            "stats_rows": float(rows),
            "stats_all_in_rows": float(lifetime.ints[:, COLUMNS["all_in"]].sum()) if rows else 0.0,
            "stats_generate_s": generated,
            "stats_first_read_s": first,
            "stats_cached_read_ms": statistics.median(cached),
            "stats_report_ms": statistics.median(reports),
            "stats_cached_read_peak_mib": peak / 2**20,
            "stats_rows_mib": (lifetime.ints.nbytes + lifetime.worth.nbytes) / 2**20,
            "stats_cache_file_mib": (root / "cache.npz").stat().st_size / 2**20,
        }
    finally:
        shutil.rmtree(root, ignore_errors=True)
