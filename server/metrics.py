"""Prometheus metrics of one server process (`GET /metrics`)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry()

CONNECTIONS = Gauge("plaza_connections", "Open WebSocket connections", registry=REGISTRY)
COMMANDS = Counter("plaza_commands_total", "Commands answered", ["kind", "answer"],
                   registry=REGISTRY)
REJECTIONS = Counter("plaza_rejections_total", "Commands and frames refused, by code", ["code"],
                     registry=REGISTRY)
APPEND_SECONDS = Histogram(
    "plaza_append_seconds", "Time to commit one command's events to SQLite",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0), registry=REGISTRY)
FANOUT_SECONDS = Histogram(
    "plaza_fanout_seconds", "Time to redact, encode and send one batch of envelopes to local viewers",
    buckets=(0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.05), registry=REGISTRY)
BOT_MOVES = Counter("plaza_bot_moves_total", "Commands sent by this process's bots (another "
                    "process may have sent the same one first)", ["kind"], registry=REGISTRY)
GAMES_LOADED = Gauge("plaza_games_loaded", "Games held in memory", registry=REGISTRY)
GC_SECONDS = Histogram(
    "plaza_gc_seconds", "Pauses of the cyclic garbage collector, by generation", ["generation"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5), registry=REGISTRY)
LOOP_LAG = Histogram(
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
