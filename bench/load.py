"""The load generator: N games of 4 seats and 4 spectators, measured in windows.

All games are created, joined and connected before anything is measured. The run is cut
into windows of a few seconds; only what happens inside a window counts (commands sent in
it, their latency, the CPU the machine spent). A game that ends inside a window is
replaced at once by a spare game that was set up beforehand, so the number of games in
play stays N; between windows, with nothing in flight, the ended games are closed and the
spares topped up, outside the measurement.

Closed loop: each game sends its next command as soon as the last one has reached all 8
of its connections. Open loop: one schedule sends commands at a fixed total rate, each to
the next game in turn that has nothing in flight, so latency is not queueing. Latency runs
from sending a command to the last of the game's 8 connections receiving its update.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from bench.cpu import Meter, Usage
from bench.table import NO_LIMIT, Table, open_table

LATE = 0.005  # seconds behind the open loop's schedule that count as a late send
LOOK = 0.005  # seconds between two looks at the generator's own loop
STALL = 0.002  # a look this late is a stall of the generator (uvloop's timers round to 1 ms)
SETUP_AT_ONCE = 25  # games set up concurrently


def setup_client() -> httpx.AsyncClient:
    """The generator's HTTP client for setting games up. It lets a pooled connection go after
    1 s idle: uvicorn closes one after 5 s, httpx's own default, and a request sent on one
    as the server closes it fails with ReadError (the likely cause of the one run lost so,
    growing a table to 1,000 games; it did not happen again in 5 runs)."""
    return httpx.AsyncClient(timeout=60, limits=httpx.Limits(keepalive_expiry=1.0))


@dataclass
class Result:
    commands: int = 0
    rejected: int = 0
    latencies: list[float] = field(default_factory=list)
    ended: int = 0  # games that ended inside windows (each replaced by a spare)
    cut: int = 0  # windows ended early because a game ended with no spare left
    late: int = 0  # open loop: sends more than LATE behind the schedule
    skipped: int = 0  # open loop: sends with every game busy
    stalls: int = 0  # the generator's loop over STALL late while measuring
    stalls_off_cpu: int = 0  # of those, the generator not running (its thread's CPU time says)
    usage: Usage = field(default_factory=Usage)

    @property
    def rate(self) -> float:
        return self.commands / self.usage.wall if self.usage.wall else 0.0

    def p(self, q: float) -> float:
        """The q-quantile of latency, in milliseconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def problems(self) -> list[str]:
        """Why these figures cannot be trusted; empty when they can."""
        out = self.usage.problems()
        if self.late > 0.01 * max(1, self.commands):
            out.append(f"{self.late} sends late")
        return out

    def saturated(self) -> bool:
        """The open loop could not offer its rate: every game had a command in flight (the
        server was behind, so latency here includes queueing)."""
        return self.skipped > 0.01 * max(1, self.commands)

    def summary(self) -> str:
        if not self.latencies:
            return "no samples"
        return (f"p50 {self.p(0.5):.2f} ms, p90 {self.p(0.9):.2f} ms, p99 {self.p(0.99):.2f} ms, "
                f"max {1000 * max(self.latencies):.2f} ms, mean "
                f"{1000 * statistics.fmean(self.latencies):.2f} ms (n={len(self.latencies)})")


class LoopWatch:
    """The generator's own event loop, looked at every LOOK seconds while it measures.

    A stall of the generator delays its sends and the receipts it times, so part of a tail
    of latency may be the generator's, not the server's. Its thread's CPU time over the
    interval tells a busy generator from one that was not running at all (the machine gave
    its CPU to something else: the hypervisor, the kernel)."""

    def __init__(self, result: Result) -> None:
        self.result = result
        self.due = self.cpu = 0.0
        self.handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self.due, self.cpu = time.perf_counter() + LOOK, time.thread_time()
        self.handle = asyncio.get_running_loop().call_later(LOOK, self._look)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None

    def _look(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        late = now - self.due
        if late > STALL:
            self.result.stalls += 1
            self.result.stalls_off_cpu += cpu - self.cpu < (LOOK + late) / 2
        self.due, self.cpu = now + LOOK, cpu
        self.handle = asyncio.get_running_loop().call_later(LOOK, self._look)


class Load:
    """The games in play (`slots`), the spares, and what the current window measured."""

    def __init__(self, urls: list[tuple[str, str]], kind: str, options: dict[str, Any],
                 meter: Meter, deflate: bool = False) -> None:
        self.urls, self.kind, self.options = urls, kind, options
        self.meter, self.deflate = meter, deflate
        self.slots: list[Table] = []
        self.spares: list[Table] = []
        self.ended: list[Table] = []
        self.made = 0
        self.sending = False
        self.closed_loop = True
        self.result = Result()
        self.measuring = False
        self.spare_target = 0
        self.flying = 0  # commands sent and not yet answered
        self.landed = asyncio.Event()  # set when `flying` falls to 0
        self.cut = asyncio.Event()  # set when a game ended with no spare: the window ends there
        self.max_spares = 4
        self.lengths: list[int] = []  # the commands of each game that ended

    # -- setting up, outside the windows ---------------------------------------------------

    async def _open(self, http: httpx.AsyncClient, count: int) -> list[Table]:
        out: list[Table] = []
        for start in range(0, count, SETUP_AT_ONCE):
            batch = range(self.made + start, self.made + min(count, start + SETUP_AT_ONCE))
            out += await asyncio.gather(*(open_table(http, self.urls, self.kind, self.options, n,
                                                     self.on_done, self.deflate) for n in batch))
        self.made += count
        return out

    async def grow(self, games: int, spares: int) -> None:
        """Bring the games in play up to `games` and the spares up to `spares`."""
        async with setup_client() as http:
            new = await self._open(http, max(0, games - len(self.slots)))
            for table in new:
                table.slot = len(self.slots)
                self.slots.append(table)
            self.spare_target = max(self.spare_target, spares)
            self.max_spares = max(self.max_spares, spares, games // 2)
            await self._top_up(http)

    async def _top_up(self, http: httpx.AsyncClient) -> None:
        for table in self.ended:
            table.close()
        self.ended.clear()
        for index, table in enumerate(self.slots):
            if table.over:
                self.ended.append(table)
                self.slots[index] = self._spare(index) or table
        self.spares += await self._open(http, max(0, self.spare_target - len(self.spares)))
        for index, table in enumerate(self.slots):
            if table.over:
                self.slots[index] = self._spare(index) or table

    def _spare(self, index: int) -> Table | None:
        if not self.spares:
            return None
        table = self.spares.pop()
        table.slot = index
        return table

    def close(self) -> None:
        for table in [*self.slots, *self.spares, *self.ended]:
            table.close()

    # -- in a window -----------------------------------------------------------------------------

    def on_done(self, table: Table, latency: float | None) -> None:
        self.flying -= 1
        if table.counted:
            if latency is None:
                self.result.rejected += 1
            else:
                self.result.commands += 1
                self.result.latencies.append(latency)
        if self.sending and self.closed_loop and table.sent < table.until:
            self.advance(table)
        if not self.flying:
            self.landed.set()

    def advance(self, table: Table) -> None:
        """Send the next command of the game in this table's slot, or of a spare if it ended."""
        while not table.send_next(self.measuring):
            if table.slot < 0 or self.slots[table.slot] is not table:
                return
            self.ended.append(table)
            self.lengths.append(table.sent)
            if self.measuring:
                self.result.ended += 1
            spare = self._spare(table.slot)
            if spare is None:
                self.cut.set()
                return
            self.slots[table.slot] = table = spare
        self.flying += 1

    async def _ticker(self, rate: float, until: float) -> None:
        interval, due, turn = 1.0 / rate, time.perf_counter(), 0
        while not self.cut.is_set():
            now = time.perf_counter()
            while due <= now and due < until:
                self.result.late += self.measuring and now - due > LATE
                for step in range(len(self.slots)):
                    table = self.slots[(turn + step) % len(self.slots)]
                    if not table.busy and not table.over:
                        turn += step + 1
                        self.advance(table)
                        break
                else:
                    self.result.skipped += self.measuring
                due += interval
            if due >= until:
                return
            await asyncio.sleep(max(0.0, due - time.perf_counter()))

    async def window(self, seconds: float, rate: float | None, measure: bool,
                     drained: Callable[[], None] | None = None) -> float:
        """One window: send for `seconds` (less if a game ends with no spare left), then drain
        what is in flight (then call `drained`) and top up the spares. Returns the seconds it
        measured."""
        self.closed_loop, self.measuring, self.sending = rate is None, measure, True
        self.cut.clear()
        ended_before = len(self.ended)
        start = time.perf_counter()
        before = self.meter.sample(start)
        watch = LoopWatch(self.result)
        if measure:
            watch.start()
        if rate is None:
            for table in list(self.slots):
                if not table.busy:
                    self.advance(table)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.cut.wait(), seconds)
        else:
            await self._ticker(rate, start + seconds)
        watch.stop()
        after = self.meter.sample(time.perf_counter())
        self.sending = self.measuring = False
        if measure:
            self.result.usage.add(before, after)
            self.result.cut += self.cut.is_set()
        await self.drain()
        if drained is not None:
            drained()
        # Enough spares for a whole window at the rate games ended in this one.
        ended = (len(self.ended) - ended_before) * seconds / max(0.05, after.wall - start)
        self.spare_target = min(self.max_spares,
                                max(self.spare_target, math.ceil(1.5 * ended) + 1))
        async with setup_client() as http:
            await self._top_up(http)
        return after.wall - start

    async def age(self, rng: random.Random, timeout: float = 600.0) -> int:
        """Play each game in play a part of a game (closed loop, outside the measurement):
        as many of its commands as a number drawn below the length of a game that ended,
        drawn among `lengths`. A small table's games end and are replaced while it is
        measured, so they are at every point of a game; a large table's, set up at once,
        would all be in their openings, and a command there costs what an opening's does
        (Bella Vista's server CPU at 1,000 fresh games: 27% of a core against 22% at 10).
        Returns the commands played; none when no game has ended yet."""
        if not self.lengths:
            return 0
        for table in self.spares:
            table.until = table.sent  # a spare that takes an ended game's place plays once
        for table in self.slots:
            table.until = table.sent + rng.randrange(max(1, rng.choice(self.lengths)))
        before = sum(t.sent for t in [*self.slots, *self.spares, *self.ended])
        self.closed_loop, self.measuring, self.sending = True, False, True
        self.landed.clear()
        for table in list(self.slots):
            if not table.busy and table.sent < table.until:
                self.advance(table)
        if self.flying:
            await asyncio.wait_for(self.landed.wait(), timeout)
        self.sending = False
        played = sum(t.sent for t in [*self.slots, *self.spares, *self.ended]) - before
        for table in [*self.slots, *self.spares]:
            table.until = NO_LIMIT
        async with setup_client() as http:
            await self._top_up(http)
        return played

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait for every command in flight to be answered (and seen by all 8)."""
        if not self.flying:
            return
        self.landed.clear()
        try:
            await asyncio.wait_for(self.landed.wait(), timeout)
        except TimeoutError:
            for table in self.slots:
                if table.busy:  # lost: no answer in time; counted as refused, the game retired
                    table.busy, table.over, table.target = False, True, 0
                    self.result.rejected += 1
            self.flying = 0

    async def measure(self, seconds: float, rate: float | None, window: float,
                      warmup: float) -> Result:
        """A warm-up window, then measured windows for `seconds` in all."""
        gc.collect()
        gc.disable()  # the generator's collections would pause every connection at once
        try:
            if warmup > 0:
                await self.window(warmup, rate, measure=False)
            self.result = Result()
            left = seconds
            while left > 0.01:
                left -= await self.window(min(window, left), rate, measure=True)
            return self.result
        finally:
            gc.enable()
