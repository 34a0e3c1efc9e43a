"""`plaza bench scale`: is latency flat as the table grows?

One server, a fixed open-loop rate (300 commands/s in all), first over 10 games, then over
1,000 (each with its 4 seats and 4 spectators connected: 8,000 connections); the p99 of the
large table over the p99 of the small one should stay within 1.5. Before the large table is
measured its games are played part of a game each (`Load.age`), as the small table's are
by the time it is measured (theirs end and are replaced); `--fresh` measures them from
their openings.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from rich.table import Table

from bench.cpu import Meter
from bench.load import Load, Result
from bench.report import console, latency, pair, print_details, validity
from bench.runs import Plan, describe_pauses, extra_games, gc_pauses, options_for, run_async
from bench.serverproc import BenchServer, raise_fd_limit

SMALL, LARGE, RATE = 10, 1000, 300.0
TARGET = 1.5


@dataclass
class ScaleRow:
    kind: str
    small: Result = field(default_factory=Result)
    large: Result = field(default_factory=Result)
    pauses: list[str] = field(default_factory=list)  # the collector's, small then large
    aged: str = ""  # how far the large table's games were played before it was measured

    @property
    def ratio(self) -> float:
        return self.large.p(0.99) / self.small.p(0.99)

    def problems(self) -> list[str]:
        return ([f"small: {p}" for p in self.small.problems()]
                + [f"large: {p}" for p in self.large.problems()])


async def drive(urls: list[tuple[str, str]], meter: Meter, kind: str, plan: Plan,
                small: int, large: int, aged: bool) -> ScaleRow:
    row = ScaleRow(kind)
    load = Load(urls, kind, options_for(kind, plan), meter, plan.deflate)
    try:
        url = urls[0][0]
        await load.grow(small, plan.spares or 4)
        before = await gc_pauses(url)
        row.small = await load.measure(plan.seconds, plan.rate, plan.window, plan.warmup)
        row.pauses = [describe_pauses(before, await gc_pauses(url))]
        await load.grow(large, plan.spares or 4)
        if aged:
            lengths = list(load.lengths)
            before = await gc_pauses(url)
            played = await load.age(random.Random(large))
            row.aged = (f"played {played:,} commands first ({played / large:.0f} a game), "
                        f"each game a part of the length of one of the {len(lengths)} that "
                        f"ended (mean {statistics.fmean(lengths or [0]):.0f} commands); "
                        f"meanwhile {describe_pauses(before, await gc_pauses(url))}")
        before = await gc_pauses(url)
        row.large = await load.measure(plan.seconds, plan.rate, plan.window, plan.warmup)
        row.pauses.append(describe_pauses(before, await gc_pauses(url)))
    finally:
        load.close()
    return row


def run_scale(kind: str, plan: Plan, workdir: Path, server_cpu: int | None,
              small: int = SMALL, large: int = LARGE, aged: bool = True) -> ScaleRow:
    raise_fd_limit()
    kind_dir = Path(tempfile.mkdtemp(prefix=f"scale-{kind}-", dir=workdir))  # a fresh database
    server = BenchServer(kind_dir, server_cpu, extra_games(kind), plan.deflate).start()
    try:
        meter = Meter([server.pid], [os.getpid()])
        return run_async(drive([(server.url, server.ws_url)], meter, kind, plan, small, large,
                               aged))
    finally:
        server.stop()


def print_scale(rows: list[ScaleRow], plan: Plan, small: int, large: int, title: str) -> None:
    table = Table(title=title, title_justify="left")
    heads = ("kind", f"{small} games: done/s, p50 / p99 ms", f"{large} games: done/s, p50 / p99 ms",
             f"p99 {large} / p99 {small} (target <= {TARGET:g})", "server CPU (small / large)",
             "generator CPU", "other CPU", f"server RSS MiB at {large}", "validity")
    for head in heads:
        table.add_column(head, justify="left" if head in ("kind", "validity") else "right")
    for row in rows:
        s, g = row.small, row.large
        table.add_row(row.kind, f"{s.rate:,.0f}: {latency(s)}", f"{g.rate:,.0f}: {latency(g)}",
                      f"{row.ratio:.2f}", pair(s.usage.server_cores, g.usage.server_cores),
                      pair(s.usage.generator_cores, g.usage.generator_cores),
                      pair(s.usage.other_cores, g.usage.other_cores), f"{g.usage.rss / 1024:,.0f}",
                      validity(row.problems(), sum(r.skipped for r in (s, g) if r.saturated())),
                      style=None if not row.problems() else "red")
    console.print(table)
    for row in rows:
        print_details(f"{row.kind} {small} games", row.small)
        print_details(f"{row.kind} {large} games", row.large)
        console.print(f"[dim]  {row.kind} {large} games: "
                      f"{row.aged or 'measured from their openings (not aged)'}[/]")
        for games, pauses in zip((small, large), row.pauses, strict=False):
            console.print(f"[dim]  {row.kind} {games} games: the server's garbage-collector "
                          f"pauses, its loop's lateness: {pauses}[/]")
