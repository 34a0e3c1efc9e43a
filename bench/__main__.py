"""`python -m bench` (or `plaza bench`): measure one server process and print the figures.

The server runs pinned to CPU 0 and the load generator to CPU 1 (taskset and
sched_setaffinity), as PERFORMANCE.md advises; every figure comes from one run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console

from bench import idle, load, rebuild
from bench.serverproc import BenchServer, raise_fd_limit
from domain.core import registry

console = Console()
TEST_GAMES = "tests.support.tinygame"
PARTS = ("load", "rebuild", "idle")


def extra_games(kind: str) -> str:
    """The test-only game is benchmarked as the platform's ceiling, when the tests are present."""
    if kind == "tinydraw":
        import importlib

        module = importlib.import_module(TEST_GAMES)
        registry.register(module.GAME)
        return TEST_GAMES
    return ""


def pin_self(cpu: int | None) -> None:
    if cpu is not None and hasattr(os, "sched_setaffinity") and os.cpu_count() and os.cpu_count() > 1:  # type: ignore[operator]
        os.sched_setaffinity(0, {cpu})


def bench_load(args: argparse.Namespace, options: dict[str, Any], workdir: Path) -> None:
    server = BenchServer(workdir, args.server_cpu, extra_games(args.kind), args.deflate).start()
    load.COMPRESSION[0] = "deflate" if args.deflate else None
    try:
        cpu0, own0 = server.cpu_seconds(), time.process_time()
        tally, elapsed = asyncio.run(load.run(server.url, server.ws_url, args.kind, options,
                                              args.games, args.seconds, None))
        cpu, own = server.cpu_seconds() - cpu0, time.process_time() - own0
        rate = tally.commands / args.seconds
        console.print(f"[bold]closed loop[/] {args.kind}: {args.games} games x 8 connections, "
                      f"{args.seconds:.0f} s: [bold]{rate:,.0f} commands/s[/] "
                      f"({rate * 8:,.0f} frames/s out), {tally.rejected} rejected, "
                      f"{tally.games} games played; CPU: server {cpu / elapsed:.0%}, "
                      f"load generator {own / elapsed:.0%}")
        console.print(f"  send -> last of 8 viewers: {load.summary(tally.latencies)}")
        tally, _ = asyncio.run(load.run(server.url, server.ws_url, args.kind, options, args.games,
                                        args.seconds, args.rate))
        console.print(f"[bold]open loop[/] {args.kind}: offered {args.rate:,.0f} commands/s over "
                      f"{args.games} games: done {tally.commands / args.seconds:,.0f}/s, "
                      f"{tally.late} sent late")
        console.print(f"  send -> last of 8 viewers: [bold]{load.summary(tally.latencies)}[/]")
    finally:
        server.stop()


def bench_rebuild(args: argparse.Namespace, options: dict[str, Any], workdir: Path) -> None:
    extra_games(args.kind)
    events, folded, stored = rebuild.run(args.kind, args.rebuild_seats,
                                         json.loads(args.rebuild_options), workdir)
    console.print(f"[bold]rebuild[/] {args.kind}: {events:,} events; from memory (decode + evolve) "
                  f"[bold]{folded:,.0f} events/s[/]; from SQLite through the store "
                  f"[bold]{stored:,.0f} events/s[/]")


def bench_idle(args: argparse.Namespace, workdir: Path) -> None:
    raise_fd_limit()
    server = BenchServer(workdir, args.server_cpu, extra_games(args.kind)).start()
    try:
        before, after = asyncio.run(idle.hold(server.url, server.ws_url, args.kind,
                                              args.connections, server.rss_kib))
        per = (after - before) / args.connections
        console.print(f"[bold]idle[/] {args.connections:,} spectator connections: server RSS "
                      f"{before / 1024:.0f} -> {after / 1024:.0f} MiB, "
                      f"[bold]{per:.1f} KiB per connection[/]")
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="plaza bench", description=__doc__)
    parser.add_argument("what", nargs="*", choices=[[], *PARTS], metavar="{load,rebuild,idle}",
                        help="which benchmarks (default: all)")
    parser.add_argument("--kind", default="villa", help="game kind (tinydraw: the platform ceiling)")
    parser.add_argument("--options", default="{}", help="game options, JSON")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=500.0, help="open-loop offered commands/s")
    parser.add_argument("--connections", type=int, default=5000)
    parser.add_argument("--rebuild-seats", type=int, default=4)
    parser.add_argument("--rebuild-options", default="{}",
                        help="options of the recorded games rebuilt (JSON)")
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate on the server")
    parser.add_argument("--no-pin", action="store_true", help="do not pin server and generator")
    args = parser.parse_args(argv)
    args.what = args.what or list(PARTS)
    args.server_cpu = None if args.no_pin else 0
    pin_self(None if args.no_pin else 1)
    options = json.loads(args.options)
    console.print(f"[dim]server pinned to CPU {args.server_cpu}, generator to CPU 1; "
                  f"{os.cpu_count()} CPUs[/]" if not args.no_pin else "[dim]unpinned[/]")
    with tempfile.TemporaryDirectory(prefix="plaza-bench-") as tmp:
        workdir = Path(tmp)
        if "load" in args.what:
            bench_load(args, options, workdir)
        if "rebuild" in args.what:
            bench_rebuild(args, options, workdir)
        if "idle" in args.what:
            bench_idle(args, workdir)


if __name__ == "__main__":
    main()
