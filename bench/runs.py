"""One row of `plaza bench`: a fresh server for one game kind, a closed loop, then an open loop."""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import os
import tempfile
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx

from bench.cpu import Meter
from bench.load import Load, Result
from bench.pgdb import fresh_db, is_postgres, local_postgres_pids
from bench.profile import Profiler
from bench.serverproc import BenchServer, raise_fd_limit
from domain.core import registry

TEST_GAMES = "tests.support.tinygame"
KINDS = ("tinydraw", "villa", "carrara", "barcelona", "bellavista")
# Options that make a game last longer, so that fewer games end inside the windows: Tiny
# Draw's 3 rounds are over in about 20 commands; at 100 rounds, once the deck is out, its
# turns are a lone EndTurn, which keeps it the platform's ceiling.
LONG_GAMES: dict[str, dict[str, Any]] = {"tinydraw": {"rounds": 100}}
T = TypeVar("T")


@dataclass(frozen=True)
class Plan:
    """What to measure: the load's shape and the windows' lengths."""

    games: int = 100
    seconds: float = 4.0  # measured, per loop
    window: float = 2.0
    warmup: float = 1.0
    rate: float = 500.0  # open loop, commands/s in all
    deflate: bool = False
    options: dict[str, Any] | None = None  # None: LONG_GAMES or the kind's defaults
    spares: int = 0  # spare games set up at first (0: a fifth of `games`)
    profile: str = ""  # a directory: py-spy records the server during the closed loop
    db: str = ""  # a postgresql:// URL (a fresh schema per run), else a fresh SQLite file


@dataclass
class Row:
    kind: str
    options: dict[str, Any]
    closed: Result = field(default_factory=Result)
    open: Result = field(default_factory=Result)
    spares: int = 0
    pauses: str = ""  # the server's garbage-collector pauses during the open loop


    def problems(self) -> list[str]:
        return ([f"closed: {p}" for p in self.closed.problems()]
                + [f"open: {p}" for p in self.open.problems()])


def extra_games(kind: str) -> str:
    """The module the server must load for `kind`: the test-only game is benchmarked as the
    platform's ceiling, when the tests are present. The generator itself needs no game."""
    return TEST_GAMES if kind == "tinydraw" and importlib.util.find_spec(TEST_GAMES) else ""


def register_extra(kind: str) -> None:
    """Register the test-only game in this process (to rebuild its logs here)."""
    if extra_games(kind) and registry.get(kind) is None:
        registry.register(importlib.import_module(TEST_GAMES).GAME)


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run on uvloop when it is there: the generator's own cost per frame is then lower."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def options_for(kind: str, plan: Plan) -> dict[str, Any]:
    return plan.options if plan.options is not None else LONG_GAMES.get(kind, {})


async def drive(urls: list[tuple[str, str]], meter: Meter, kind: str, plan: Plan) -> Row:
    row = Row(kind, options_for(kind, plan))
    load = Load(urls, kind, row.options, meter, plan.deflate)
    try:
        await load.grow(plan.games, plan.spares or max(2, plan.games // 5))
        profiler = Profiler(meter.servers[0], Path(plan.profile) / f"{kind}.txt") \
            if plan.profile else None
        try:
            row.closed = await load.measure(plan.seconds, None, plan.window, plan.warmup)
        finally:
            if profiler is not None:
                profiler.stop()
        before = await gc_pauses(urls[0][0])
        row.open = await load.measure(plan.seconds, plan.rate, plan.window, plan.warmup)
        row.pauses = describe_pauses(before, await gc_pauses(urls[0][0]))
        row.spares = load.spare_target
    finally:
        load.close()
    return row


LOOP = "loop"  # the key of plaza_loop_lag_seconds among the collector's generations
SERVED = "served"  # the key of plaza_append_seconds: a command's time in its handler
COMMITTED = "committed"  # the key of plaza_commit_seconds: its events' commit, within that
FANNED = "fanned"  # the key of plaza_fanout_seconds: its fan-out to the viewers, within that
_HISTOGRAMS = {"plaza_gc_seconds_bucket{": None, "plaza_loop_lag_seconds_bucket{": LOOP,
               "plaza_append_seconds_bucket{": SERVED, "plaza_commit_seconds_bucket{": COMMITTED,
               "plaza_fanout_seconds_bucket{": FANNED}


async def gc_pauses(url: str) -> dict[tuple[str, str], float]:
    """The server's plaza_gc_seconds histogram, (generation, bucket bound) -> collections,
    its plaza_loop_lag_seconds, (LOOP, bucket bound) -> looks at the loop, its
    plaza_append_seconds, (SERVED, bucket bound) -> commands, its plaza_commit_seconds,
    (COMMITTED, bucket bound) -> commits, and its plaza_fanout_seconds, (FANNED, bucket
    bound) -> fan-outs."""
    async with httpx.AsyncClient(timeout=10) as http:
        text = (await http.get(f"{url}/metrics")).text
    counts = {}
    for line in text.splitlines():
        for name, key in _HISTOGRAMS.items():
            if line.startswith(name):
                labels, value = line[len(name):].split("} ")
                fields = dict(part.split("=") for part in labels.split(","))
                generation = key or fields["generation"].strip('"')
                counts[(generation, fields["le"].strip('"'))] = float(value)
    return counts


def describe_pauses(before: dict[tuple[str, str], float], after: dict[tuple[str, str], float]) -> str:
    """Per generation: collections during the loop, and how many took over 5 and 10 ms; then
    how often the server's event loop ran over 5 and 10 ms late, whatever held it; then how
    many commands spent over each bound from 0.2 to 5 ms in their handler, how many commits
    and fan-outs took that long (the rest of a command's time is the wait for
    the loop, the frames' parsing and the network)."""
    parts = []
    for gen in ("0", "1", "2", LOOP):
        def count(bound: str, gen: str = gen) -> int:
            return count_of(before, after, gen, bound)
        total = count("+Inf")
        if total:
            bounds = sorted({float(b) for g, b in after if g == gen and b != "+Inf"})
            longest = next((f"under {bound * 1000:g} ms" for bound in bounds
                            if count(repr(bound)) == total),
                           f"over {bounds[-1] * 1000:g} ms" if bounds else "not known")
            over = f"{total - count('0.005')} over 5 ms, {total - count('0.01')} over 10 ms"
            if gen == LOOP:
                parts.append(f"the event loop, looked at {total} times: late {over}, the latest "
                             f"{longest}")
            else:
                parts.append(f"gen {gen}: {total} ({over}, the longest {longest})")
    for key, what in ((SERVED, "commands in their handler (decide, commit, fan-out)"),
                      (COMMITTED, "commits"), (FANNED, "fan-outs")):
        parts.extend(_times(before, after, key, what))
    return "; ".join(parts) or "none"


def _times(before: dict[tuple[str, str], float], after: dict[tuple[str, str], float],
           key: str, what: str) -> list[str]:
    """How many of a histogram's observations fell over each of its bounds from 0.2 to 5 ms."""
    total = count_of(before, after, key, "+Inf")
    if not total:
        return []
    edges = sorted((b for k, b in after if k == key and b != "+Inf" and 0.0002 <= float(b) <= 0.005),
                   key=float)
    counts = " / ".join(str(total - count_of(before, after, key, edge)) for edge in edges)
    limits = " / ".join(f"{float(edge) * 1000:g}" for edge in edges)
    return [f"{what}: {total}, over {limits} ms: {counts}"]


def count_of(before: dict[tuple[str, str], float], after: dict[tuple[str, str], float],
             key: str, bound: str) -> int:
    return int(after.get((key, bound), 0) - before.get((key, bound), 0))


def postgres_pids(plan: Plan) -> Callable[[], list[int]] | None:
    """On PostgreSQL, its local processes' CPU counts with the server's."""
    return local_postgres_pids if is_postgres(plan.db) else None


def run_kind(kind: str, plan: Plan, workdir: Path, server_cpu: int | None) -> Row:
    raise_fd_limit()
    kind_dir = Path(tempfile.mkdtemp(prefix=f"{kind}-", dir=workdir))  # a fresh database
    with fresh_db(plan.db, kind_dir) as db:
        server = BenchServer(kind_dir, server_cpu, extra_games(kind), plan.deflate,
                             db=db).start()
        try:
            meter = Meter([server.pid], [os.getpid()], more=postgres_pids(plan))
            return run_async(drive([(server.url, server.ws_url)], meter, kind, plan))
        finally:
            server.stop()
