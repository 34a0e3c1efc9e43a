"""The server process's garbage collector: thresholds, the start-up heap frozen and then what
each full pass leaves, passes run between commands where the server has a quiet moment
(`Pacer`), each pause timed (plaza_gc_seconds)."""

from __future__ import annotations

import asyncio
import gc
import time

from . import metrics

THRESHOLDS = (300, 2, 1_000)  # young objects; young passes per middle; middle per full
RECHECK_LEAST, RECHECK_MOST = 16, 256  # full passes between two walks of the frozen heap
QUIET_RECHECK = 1_000  # objects: a re-check freeing fewer finds no leak to look for sooner
QUIET_DUE = 120  # young objects: a pass is run when the last command in flight ends


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
    CPU in all. What survives a middle pass is frozen out of the later ones (`Freezer`), and
    where the server has a quiet moment the passes run there (`Pacer`).

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
    if FREEZER not in gc.callbacks:
        gc.callbacks.append(FREEZER)


class Freezer:
    """The collector's callback that freezes what each middle and full pass leaves, so that no
    pass walks the long-lived heap again but the periodic re-check.

    A full pass walks every tracked object: at 1,000 games and 8,000 connections, 0.8-1
    million of them, 500-750 ms with every game stopped (bench/README.md, "Aged tables").
    Frozen after each full pass only, the later ones still walked what middle passes had
    moved up since, 45-500 ms, and one came every 1,000 middle passes: every few minutes at
    300 commands/s over 1,000 games. Frozen after middle passes too, a full pass walks what
    the last middle pass left, next to nothing. What survives a middle pass is the server's
    working set (connections, games, caches), and it dies, if it dies, by reference
    counting: a closed connection and an ended game leave no cycle (tests/server/test_cycles.py,
    tests/core/test_cycles.py). Whatever does die in a cycle while frozen is found at the
    re-check: after `every` full passes the heap is unfrozen and the next full pass walks all
    of it. While re-checks find (almost) nothing the next one comes twice as late, up to
    `most` full passes; one that frees QUIET_RECHECK objects or more brings them back to
    `least`. plaza_gc_collected_total{generation="2"} shows what they find. (On asyncio's
    own loop rather than uvloop, which uvicorn[standard] brings, Python 3.11's socket
    transport is a cycle of itself: a closed connection's transport and socket wait for a
    re-check.)
    """

    def __init__(self, least: int = RECHECK_LEAST, most: int = RECHECK_MOST) -> None:
        self.least = self.every = least
        self.most = most
        self.full_passes = 0  # since the last re-check
        self.rechecking = False

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase != "stop" or info["generation"] == 0:
            return
        if info["generation"] == 2:
            if self.rechecking:
                self._rechecked(info["collected"])
            else:
                self.full_passes += 1
                if self.full_passes >= self.every:
                    self.rechecking = True  # nothing frozen until the next full pass walked it all
                    gc.unfreeze()
        if not self.rechecking:
            gc.freeze()  # O(1); gc.get_freeze_count() would walk all it froze (~100 ms at 1,000 games)

    def _rechecked(self, collected: int) -> None:
        self.rechecking = False
        self.full_passes = 0
        self.every = min(2 * self.every, self.most) if collected < QUIET_RECHECK else self.least


FREEZER = Freezer()


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


class Pacer:
    """The collector's passes run between commands, where it can, rather than inside one.

    CPython starts a pass from whichever allocation crosses the young threshold: nearly
    always in the middle of a command, whose players then wait for the pass, and at 1,000
    games a middle pass walks what a thousand games keep (0.5 ms on average, now and then
    over 5). So the runtime counts the commands in flight (`started`, `ended`); when the last
    one ends with more than `due` young objects made, the collector makes its own choice
    of pass then (`collect_due`), before the next command would have crossed the threshold
    itself. Under a closed loop, with a command always in flight, CPython's thresholds go
    on as before. Carrara's scale at 1,000 aged games, two pairs alternated: p99 3.52 and
    2.97 ms without, 2.89 and 2.34 with; at 100 games the p99 showed no gain through the
    noise, and the server's CPU perhaps a few points more (bench/README.md).
    """

    def __init__(self, due: int = QUIET_DUE) -> None:
        self.in_flight = 0
        self.due = due

    def started(self) -> None:
        self.in_flight += 1

    def ended(self) -> None:
        self.in_flight -= 1
        if self.in_flight == 0 and gc.get_count()[0] > self.due:
            # After the callbacks already due: the ended command's own answer is written first.
            asyncio.get_running_loop().call_soon(self._collect_if_quiet)

    def _collect_if_quiet(self) -> None:
        if self.in_flight == 0 and gc.isenabled() and gc.get_count()[0] > self.due:
            collect_due()
            metrics.GC_BETWEEN_COMMANDS.inc()


def collect_due() -> None:
    """Run the pass CPython would run at its young threshold, now: the gc module can only
    force a given generation, which would leave out its rule for when a full pass is worth
    it (the old generation grown by a quarter), so the threshold is lowered for the making
    of one container. A set, since lists, dicts and tuples may come from free lists, which
    do not count as made. (tests/server/test_collector.py holds this Python to it.)"""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(1, middle, old)
    try:
        _ = set()  # the one container made, and with it the pass
    finally:
        gc.set_threshold(young, middle, old)


PACER = Pacer()  # one per process, as the collector is
