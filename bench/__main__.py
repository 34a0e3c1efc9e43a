"""`python -m bench` (or `plaza bench`): measure the server and print the figures.

  table    (default) one row per game kind: closed loop, open loop, CPU, memory, validity
  scale    latency at a fixed rate over 10 games, then over 1,000
  cluster  several server processes with Redis, the load generator measuring the sum
  rebuild  rebuilding games from their logs, from memory and from SQLite
  idle     memory per idle spectator connection
  resim    how fast a finished game's replay is proven (bench/resim.py, its own flags)
  bots     how strong the greedy and search bots are, and the search's time per move
           (bench/bots.py, its own flags)
  wal      SQLite's log under steady writes: its size, the cost of a write
           (bench/wal.py, its own flags)
  instructions
           the server's instructions per command under valgrind, repeatable where timings
           are not (bench/instructions.py, its own flags)

The server runs pinned to CPU 0 and the load generator to CPU 1 (taskset and
sched_setaffinity), as PERFORMANCE.md advises (not for `cluster`); every figure comes from
one run. Each game has 4 seats and 4 spectators connected, every command is committed to
SQLite before it is accepted and fanned out to all 8.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import idle, rebuild, report
from bench.cluster import run_cluster
from bench.cpu import wait_quiet
from bench.profile import print_top
from bench.report import console
from bench.runs import KINDS, Plan, Row, extra_games, register_extra, run_kind
from bench.scale import LARGE, RATE, SMALL, print_scale, run_scale
from bench.serverproc import BenchServer, raise_fd_limit

WHAT = ("table", "scale", "cluster", "rebuild", "idle")


def pin_self(cpu: int | None) -> None:
    if cpu is not None and hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {cpu})


def quiet(args: argparse.Namespace) -> None:
    if args.wait_quiet > 0:
        wait_quiet(args.wait_quiet, lambda text: console.print(f"[dim]{text}[/]"))


def attempts(args: argparse.Namespace, run: Callable[[], Row]) -> Row:
    """Run one kind, again (up to --retries times) while its figures are not valid."""
    for attempt in range(args.retries + 1):
        quiet(args)
        row = run()
        report.print_row_details(row)
        if not row.problems():
            break
        if attempt < args.retries:
            console.print(f"[dim]  {row.kind}: not valid ({'; '.join(row.problems())}), again[/]")
    return row


def plan_of(args: argparse.Namespace, rate: float, seconds: float = 4.0) -> Plan:
    return Plan(games=args.games, seconds=args.seconds or seconds, window=args.window,
                warmup=args.warmup,
                rate=args.rate or rate, deflate=args.deflate,
                options=json.loads(args.options) if args.options else None,
                profile=args.profile, db=args.db)


def bench_table(args: argparse.Namespace, workdir: Path) -> None:
    plan = plan_of(args, 500.0)
    title = (f"plaza bench: {plan.games} games x (4 seats + 4 spectators), {plan.seconds:g} s "
             f"measured per loop in {plan.window:g} s windows; {report.machine()}")
    rows = [attempts(args, functools.partial(run_kind, kind, plan, workdir, args.server_cpu))
            for kind in args.kinds]
    report.print_rows(rows, plan.rate, title, args.markdown)
    for row in rows if plan.profile else []:
        print_top(row.kind, Path(plan.profile) / f"{row.kind}.txt")
    console.print(f"[dim]{report.FOOTNOTE} Server pinned to CPU {args.server_cpu}, generator to "
                  f"CPU 1. Options: {({r.kind: r.options for r in rows if r.options})}; spare "
                  f"games at the end: {({r.kind: r.spares for r in rows})}.[/]")


def bench_scale(args: argparse.Namespace, workdir: Path) -> None:
    plan = plan_of(args, RATE, 30.0)  # p99 of 9,000 samples: over 3,000 it moved with a handful
    title = (f"plaza bench scale: open loop at {plan.rate:g} commands/s over {args.small} then "
             f"{args.large} games; {report.machine()}")
    rows = []
    for kind in args.kinds:
        quiet(args)
        rows.append(run_scale(kind, plan, workdir, args.server_cpu, args.small, args.large,
                              aged=not args.fresh))
    print_scale(rows, plan, args.small, args.large, title)


def bench_cluster(args: argparse.Namespace, workdir: Path) -> None:
    plan = plan_of(args, 500.0)
    redis = "REDIS_URL" if os.environ.get("REDIS_URL") else "a private redis-server"
    store = "one PostgreSQL schema" if args.db else "one SQLite file"
    pins = (f"servers on CPU {args.cluster_cpus}, generator apart" if args.cluster_cpus
            else "nothing pinned")
    title = (f"plaza bench cluster: {args.processes} server processes, {store}, {redis}, "
             f"{pins}; {plan.games} games x 8 connections spread over the processes; "
             f"{report.machine()}")
    rows = [attempts(args, functools.partial(run_cluster, kind, plan, workdir, args.processes,
                                             args.cluster_cpus))
            for kind in args.kinds]
    report.print_rows(rows, plan.rate, title, args.markdown)
    console.print(f"[dim]{report.FOOTNOTE} Server CPU and RSS: all server processes (CPU with "
                  f"Redis when it runs here).[/]")


def bench_rebuild(args: argparse.Namespace, workdir: Path) -> None:
    for kind in args.kinds:
        register_extra(kind)
        events, folded, (stored, read) = rebuild.run(kind, args.rebuild_seats,
                                                     json.loads(args.rebuild_options), workdir,
                                                     args.db)
        store = "PostgreSQL" if args.db else "SQLite"
        console.print(f"[bold]rebuild[/] {kind}: {events:,} events; from memory (decode + evolve) "
                      f"[bold]{folded:,.0f} events/s[/]; from {store} through the store "
                      f"[bold]{stored:,.0f} events/s[/] (reading alone {read:,.0f} events/s)")


def bench_idle(args: argparse.Namespace, workdir: Path) -> None:
    raise_fd_limit()
    kind = args.kinds[0]
    server = BenchServer(workdir, args.server_cpu, extra_games(kind)).start()
    try:
        before, after = asyncio.run(idle.hold(server.url, server.ws_url, kind,
                                              args.connections, server.rss_kib))
        per = (after - before) / args.connections
        console.print(f"[bold]idle[/] {args.connections:,} spectator connections: server RSS "
                      f"{before / 1024:.0f} -> {after / 1024:.0f} MiB, "
                      f"[bold]{per:.1f} KiB per connection[/]")
    finally:
        server.stop()


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="plaza bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="?", default="table", choices=[*WHAT, "load"],
                        help="which benchmark (default: table; `load` is the table)")
    parser.add_argument("--kinds", "--kind", default=None,
                        help=f"comma-separated game kinds (default: {','.join(KINDS)}; "
                             f"scale: villa; idle: tinydraw)")
    parser.add_argument("--seconds", type=float, default=0.0,
                        help="measured seconds per loop (default 4; scale: 30)")
    parser.add_argument("--window", type=float, default=2.0,
                        help="seconds per measured window (games are replaced between them)")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds before measuring")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rate", type=float, default=0.0,
                        help="open-loop commands/s in all (default 500; scale: 300)")
    parser.add_argument("--options", default="", help="game options, JSON (default: per kind)")
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate on the server")
    parser.add_argument("--wait-quiet", type=float, default=0.0, metavar="SECONDS",
                        help="before each kind, wait up to this long for other load to fall "
                             "under 15%% of a core")
    parser.add_argument("--retries", type=int, default=0,
                        help="table, cluster: run a kind again, up to this many times, while "
                             "not valid")
    parser.add_argument("--profile", default="", metavar="DIR",
                        help="table: py-spy records the server in the closed loop, into DIR")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--no-pin", action="store_true", help="do not pin server and generator")
    parser.add_argument("--small", type=int, default=SMALL, help="scale: games of the small table")
    parser.add_argument("--large", type=int, default=LARGE, help="scale: games of the large table")
    parser.add_argument("--fresh", action="store_true",
                        help="scale: measure the large table's games from their openings, "
                             "not played part of a game first")
    parser.add_argument("--processes", type=int, default=2, help="cluster: server processes")
    parser.add_argument("--pin-apart", action="store_true",
                        help="cluster: the generator alone on the last CPU, the servers on the rest")
    parser.add_argument("--db", default="", metavar="URL",
                        help="table, cluster, rebuild: a postgresql:// URL (a fresh schema per "
                             "run, dropped afterwards) instead of a fresh SQLite file")
    parser.add_argument("--connections", type=int, default=5000, help="idle: spectators")
    parser.add_argument("--rebuild-seats", type=int, default=4)
    parser.add_argument("--rebuild-options", default="{}",
                        help="options of the recorded games rebuilt (JSON)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["resim"]:  # its own flags: bench/resim.py
        from bench import resim

        resim.main(argv[1:])
        return
    if argv[:1] == ["bots"]:  # its own flags: bench/bots.py
        from bench import bots

        bots.main(argv[1:])
        return
    if argv[:1] == ["wal"]:  # its own flags: bench/wal.py
        from bench import wal

        wal.main(argv[1:])
        return
    if argv[:1] == ["instructions"]:  # its own flags: bench/instructions.py
        from bench import instructions

        instructions.main(argv[1:])
        return
    args = parse(argv)
    what = "table" if args.what == "load" else args.what
    default: dict[str, Any] = {"scale": "villa", "idle": "tinydraw"}
    args.kinds = (args.kinds or default.get(what) or ",".join(KINDS)).split(",")
    cpus = os.cpu_count() or 1
    apart = what == "cluster" and args.pin_apart and not args.no_pin and cpus > 1
    pinned = not args.no_pin and what != "cluster" and cpus > 1
    args.server_cpu = 0 if pinned else None
    args.cluster_cpus = (f"0-{cpus - 2}" if cpus > 2 else "0") if apart else None
    pin_self(cpus - 1 if apart else 1 if pinned else None)
    with tempfile.TemporaryDirectory(prefix="plaza-bench-") as tmp:
        {"table": bench_table, "scale": bench_scale, "cluster": bench_cluster,
         "rebuild": bench_rebuild, "idle": bench_idle}[what](args, Path(tmp))


if __name__ == "__main__":
    main()
