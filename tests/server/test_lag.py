"""plaza_loop_lag_seconds: how late the event loop ran its look (server/lag.py)."""

from __future__ import annotations

import asyncio
import time

from server import metrics
from server.lag import LoopLag


def _looks(over: float) -> tuple[float, float]:
    """(looks in all, looks later than `over` seconds) so far."""
    count = metrics.REGISTRY.get_sample_value("plaza_loop_lag_seconds_count") or 0.0
    within = metrics.REGISTRY.get_sample_value("plaza_loop_lag_seconds_bucket", {"le": str(over)})
    return count, count - (within or 0.0)


async def test_a_loop_held_by_other_work_is_seen_late() -> None:
    lag = LoopLag(asyncio.get_running_loop(), every=0.01)
    lag.start()
    try:
        before, _ = _looks(0.02)
        await asyncio.sleep(0.1)  # a free loop: about ten looks
        free, late_free = _looks(0.02)
        assert free - before >= 4
        time.sleep(0.06)  # noqa: ASYNC251 - work that holds the loop: the next look is 50 ms late
        await asyncio.sleep(0.03)
        _, late_after = _looks(0.02)
        assert late_after >= late_free + 1
    finally:
        lag.stop()
    stopped, _ = _looks(0.02)
    await asyncio.sleep(0.05)
    assert _looks(0.02)[0] == stopped  # stopped: no more looks
