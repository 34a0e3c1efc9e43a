"""The server process's garbage collector: thresholds, the start-up heap frozen and then what
each full pass leaves, each pause timed (plaza_gc_seconds)."""

from __future__ import annotations

import gc
import time

from . import metrics

THRESHOLDS = (300, 2, 1_000)  # young objects; young passes per middle; middle per full
RECHECK_EVERY = 16  # full passes; the pass after every 16th walks the frozen heap again


def tune_gc(timed: bool = True) -> None:
    """Collections small enough to be short, and the start-up heap frozen out of them.

    A pass costs about 0.5-1 us per object it visits, and stops every connection meanwhile.
    At a generation-0 threshold of 50,000 each young pass took 20-50 ms (plaza_gc_seconds),
    which alone set Bella Vista's open-loop p99 (30-58 ms). At 5,000, with 50 young passes
    per middle one, Barcelona's open loop at 500 commands/s (bench, 2026-12-04) still had 9
    of its 12 young passes over 5 ms and 7 over 10 ms, and a middle pass, over what 50
    young ones kept (cached legal lists, views, coroutines), took 10-25 ms. With young passes
    at 1,000 objects, a middle pass after every 5 of them still took 10-20 ms now and then
    (Villa: 6 of 32 over 10 ms in 8 s, p99 8.1 ms); after every 2, 2 to 5 of 23-29 over
    three runs (p99 6.3-10.3 ms; Barcelona none over 10 ms, p99 6.4-7.9), for about the same
    CPU in all. The old generation is left for rare full passes.

    The young threshold counts objects made less objects freed, untracked ones too: once the
    games' kept views were tuples (untracked) and each game kept its last views, freeing a
    game's old views paid for most of what a command made, so a young pass came after
    hundreds of commands instead of dozens, and walked all they left (Barcelona at 1,000
    games: 47 young and 16 middle passes in 30 s instead of 534 and 178, 6-12 middle passes
    over 5 ms). At 300 the passes are as frequent as before that, short (none over 5 ms at
    1,000 games, Barcelona and Villa), for 1.2% more instructions a command (bench
    instructions, Barcelona and Villa).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    if timed and _time_collections not in gc.callbacks:
        gc.callbacks.append(_time_collections)
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)


_full_passes = [0]


def _freeze_survivors(phase: str, info: dict[str, int]) -> None:
    """After a full pass, freeze what it left: the next ones walk only what has grown old since.

    A full pass walks every tracked object: at 1,000 games and 8,000 connections, 0.8-1
    million of them, 500-750 ms with every game stopped (bench/README.md, "Aged tables"); the
    passes after one that froze its survivors, 45-120 ms over 40,000-200,000. What survives
    one is the server's working set (connections, games, caches), and it dies, if it dies,
    by reference counting: a closed connection and an ended game leave no cycle
    (tests/server/test_cycles.py, tests/core/test_cycles.py). Whatever does die in a cycle
    while frozen is found at the re-check: the pass after every RECHECK_EVERY-th walks the
    whole heap again, so a leak is bounded, and plaza_gc_collected_total{generation="2"}
    shows whether the re-checks find any. (On asyncio's own loop rather than uvloop, which
    uvicorn[standard] brings, Python 3.11's socket transport is a cycle of itself: a closed
    connection's transport and socket wait for a re-check.)
    """
    if phase != "stop" or info["generation"] != 2:
        return
    _full_passes[0] += 1
    if _full_passes[0] % RECHECK_EVERY == 0:
        gc.unfreeze()
    else:
        gc.freeze()  # O(1); gc.get_freeze_count() would walk all it froze (~100 ms at 1,000 games)


_started: list[float] = [0.0]


def _time_collections(phase: str, info: dict[str, int]) -> None:
    """Every pause of the collector as a metric (plaza_gc_seconds), since one long one sets
    the latency of every command in flight."""
    if phase == "start":
        _started[0] = time.perf_counter()
    else:
        generation = str(info["generation"])
        metrics.GC_SECONDS.labels(generation).observe(time.perf_counter() - _started[0])
        metrics.GC_COLLECTED.labels(generation).inc(info["collected"])
