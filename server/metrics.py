"""Prometheus metrics of one server process (`GET /metrics`)."""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Iterator, Sequence

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.metrics_core import HistogramMetricFamily, Metric
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString

REGISTRY = CollectorRegistry()


class QuickHistogram(Collector):
    """A histogram without labels for what every command observes: a bucket's count found by
    bisection under one lock, and the cumulative counts made only when scraped: 0.31 µs an
    observation against the library's 0.77 (a lock per bucket and per sum, exemplar checks),
    whose two observations a command py-spy put at 1.5% of tinydraw's closed loop. The same
    text on /metrics, without the `_created` sample."""

    def __init__(self, name: str, documentation: str, buckets: Sequence[float],
                 registry: CollectorRegistry) -> None:
        self.name, self.documentation = name, documentation
        self.bounds = tuple(buckets)
        self.counts = [0] * (len(self.bounds) + 1)  # the last: above every bound (+Inf)
        self.sum = 0.0
        self._lock = threading.Lock()  # a process's loops, and tests, may observe from threads
        registry.register(self)

    def observe(self, value: float) -> None:
        i = bisect_left(self.bounds, value)  # a bucket holds values up to its bound, inclusive
        with self._lock:
            self.counts[i] += 1
            self.sum += value

    def collect(self) -> Iterator[Metric]:
        with self._lock:
            counts, total = list(self.counts), self.sum
        cumulative, running = [], 0
        for bound, count in zip((*map(floatToGoString, self.bounds), "+Inf"), counts, strict=True):
            running += count
            cumulative.append((bound, float(running)))
        yield HistogramMetricFamily(self.name, self.documentation, buckets=cumulative,
                                    sum_value=total)


CONNECTIONS = Gauge("plaza_connections", "Open WebSocket connections", registry=REGISTRY)
COMMANDS = Counter("plaza_commands_total", "Commands answered", ["kind", "answer"],
                   registry=REGISTRY)
REJECTIONS = Counter("plaza_rejections_total", "Commands and frames refused, by code", ["code"],
                     registry=REGISTRY)
APPEND_SECONDS = QuickHistogram(
    # The name is older than what it times: it has long included the decision and the fan-out.
    "plaza_append_seconds", "A command's time in its handler: waiting for the game's lock, deciding "
    "it, committing its events to the store and sending them to this process's viewers",
    buckets=(0.00025, 0.0005, 0.00075, 0.001, 0.0015, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0),
    registry=REGISTRY)
COMMIT_SECONDS = QuickHistogram(
    "plaza_commit_seconds", "Time from handing a command's events to the store to their commit "
    "(on SQLite: the wait for the group writer's batch and the batch's own commit)",
    buckets=(0.0001, 0.0002, 0.0003, 0.0005, 0.00075, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5,
             1.0), registry=REGISTRY)
FANOUT_SECONDS = QuickHistogram(
    "plaza_fanout_seconds", "Time to redact, encode and send one batch of envelopes to local viewers",
    buckets=(0.0001, 0.0002, 0.0003, 0.0005, 0.00075, 0.001, 0.002, 0.005, 0.01, 0.05),
    registry=REGISTRY)
BOT_MOVES = Counter("plaza_bot_moves_total", "Commands sent by this process's bots (another "
                    "process may have sent the same one first)", ["kind"], registry=REGISTRY)
GAMES_LOADED = Gauge("plaza_games_loaded", "Games held in memory", registry=REGISTRY)
GC_SECONDS = Histogram(
    "plaza_gc_seconds", "Pauses of the cyclic garbage collector, by generation", ["generation"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0), registry=REGISTRY)
GC_COLLECTED = Counter(
    "plaza_gc_collected_total", "Objects the cyclic garbage collector freed, by generation: "
    "garbage in reference cycles, which the server's own objects should not make",
    ["generation"], registry=REGISTRY)
GC_BETWEEN_COMMANDS = Counter(
    "plaza_gc_between_commands_total", "Collector passes run when no command was in flight "
    "(the others came from CPython's own threshold, inside some command)", registry=REGISTRY)
LOOP_LAG = QuickHistogram(
    "plaza_loop_lag_seconds", "How late the event loop ran a timer due every 10 ms: other work, "
    "the collector's pauses, or the process not running", buckets=(
        0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0), registry=REGISTRY)
SQLITE_LOG_BYTES = Gauge(
    "plaza_sqlite_log_bytes", "Size of SQLite's write-ahead log file, read after each checkpoint: "
    "it should level off (server/store/checkpoints.py)", registry=REGISTRY)
SQLITE_LOG_RESTARTS = Counter(
    "plaza_sqlite_log_restarts_total", "Checkpoints after which the next write starts SQLite's "
    "log over", registry=REGISTRY)
FAULTS = Counter("plaza_faults_total", "Unexpected exceptions caught at the edge, by type", ["type"],
                 registry=REGISTRY)


def render() -> bytes:
    return generate_latest(REGISTRY)
