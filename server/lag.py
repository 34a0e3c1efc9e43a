"""How late the event loop runs: a timer due every `EVERY` seconds notes how late it came.

A command's latency includes whatever held the loop when it arrived: another command's
work, a collector pause (plaza_gc_seconds says which), or the process not running at all
(a busy or throttled machine). plaza_loop_lag_seconds counts them all, so an operator, and
`plaza bench`, can tell a slow command from a stalled loop.
"""

from __future__ import annotations

import asyncio
import time

from . import metrics

# Seconds between two looks: a stall shorter than this is seen only if a look falls in it
# (a 5 ms stall, half the time); a hundred looks a second cost the loop about 0.1 ms.
EVERY = 0.01


class LoopLag:
    """A timer on `loop` that re-arms itself and observes its own lateness."""

    def __init__(self, loop: asyncio.AbstractEventLoop, every: float = EVERY) -> None:
        self.loop = loop
        self.every = every
        self.due = 0.0  # time.monotonic() at which the next look is due
        self.handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self.due = time.monotonic() + self.every
        self.handle = self.loop.call_later(self.every, self._look)

    def _look(self) -> None:
        # time.monotonic, not loop.time: uvloop's clock is read once per turn of the loop,
        # in whole milliseconds.
        now = time.monotonic()
        metrics.LOOP_LAG.observe(max(0.0, now - self.due))
        self.due = now + self.every
        self.handle = self.loop.call_later(self.every, self._look)

    def stop(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
