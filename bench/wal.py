"""`plaza bench wal`: SQLite's write-ahead log under steady writes, through the store's own
group-commit writer and checkpoints (server/store/writer.py, checkpoints.py).

Writes shaped like a command's (one event row, which carries its ref's answer) go to `--games`
games in turn, `--at-once` of them waiting at a time, with no pause, for `--writes` writes;
every `--every` writes it prints the log file's size, the CPU and wall time a write, and
the slowest 1% and the slowest write. The log must stop growing after the first
checkpoints: before the log restarted (2026-12-04) it grew by about 10 KB a write, for ever.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from bench.report import console
from server.store.schema import INSERT_EVENT, Statement
from server.store.sqlite import SqliteEventLog


def _rows(game: str, seq: int) -> list[Statement]:
    """One command's write: its event (hashes and data of a small real event, and its ref)."""
    ref = f"r-{seq:06d}"
    event = (game, seq, "Drew", 1, 0, ref, 1_765_000_000_000, 0, "a" * 64, "b" * 64,
             b'{"type":"Drew","seat":0,"card":17,"pile":"draw"}' * 3, b'{"type":"Draw"}')
    return [(INSERT_EVENT, [event])]


async def steady(path: str, writes: int, games: int, at_once: int, every: int) -> None:
    store = SqliteEventLog(path)
    await store.open()
    seqs = dict.fromkeys(range(games), 0)
    waits: list[float] = []

    async def one(game: int) -> None:
        seqs[game] += 1
        started = time.perf_counter()
        await store.writer.write(_rows(f"game-{game:04d}", seqs[game]))
        waits.append(time.perf_counter() - started)

    done, turn = 0, 0
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        while done < writes:
            batch = [one((turn + i) % games) for i in range(at_once)]
            turn += at_once
            await asyncio.gather(*batch)
            done += at_once
            if done % every < at_once:
                _report(path, done, waits, cpu, wall, every)
                waits.clear()
                cpu, wall = time.process_time(), time.perf_counter()
    finally:
        console.print(f"  log restarts: {store.writer.checkpoints.restarts}")
        await store.close()


def _report(path: str, done: int, waits: list[float], cpu: float, wall: float, every: int) -> None:
    log = Path(path + "-wal").stat().st_size
    waits.sort()
    console.print(f"  {done:7,} writes: log {log / 1e6:6.1f} MB; a write "
                  f"{1e6 * (time.process_time() - cpu) / every:5.1f} µs CPU, "
                  f"{1e6 * (time.perf_counter() - wall) / every:5.1f} µs wall; waits p99 "
                  f"{1e3 * waits[int(len(waits) * 0.99)]:.2f} ms, max {1e3 * waits[-1]:.1f} ms")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="plaza bench wal", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writes", type=int, default=28_000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--at-once", type=int, nargs="+", default=[20, 1],
                        help="writes waiting at a time (one run each)")
    parser.add_argument("--every", type=int, default=4_000, help="writes between two lines")
    args = parser.parse_args(argv)
    for at_once in args.at_once:
        console.print(f"[bold]wal[/]: {args.writes:,} writes to {args.games} games, "
                      f"{at_once} at a time")
        with tempfile.TemporaryDirectory(prefix="plaza-wal-") as tmp:
            asyncio.run(steady(os.path.join(tmp, "wal.db"), args.writes, args.games, at_once,
                               args.every))
