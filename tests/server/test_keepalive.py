"""The keepalive wheel (server/keepalive.py): one timer acts for every connection filed,
each about its delay later (a tick, TICK seconds, late at most)."""

from __future__ import annotations

import asyncio

from server.keepalive import Wheel


class Conn:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.keepalive_due: int | None = None
        self.acted: list[float] = []

    def keepalive_act(self) -> None:
        self.acted.append(self.loop.time())


async def test_each_connection_acts_once_about_its_delay_later_and_refiling_moves_it() -> None:
    loop = asyncio.get_running_loop()
    wheel = Wheel(loop, horizon=3)
    early, late, moved, dropped = (Conn(loop) for _ in range(4))
    start = loop.time()
    wheel.file(early, 1)
    wheel.file(late, 2)
    wheel.file(moved, 1)
    wheel.file(moved, 2)  # filed again: only the later entry counts
    wheel.file(dropped, 1)
    wheel.unfile(dropped)  # as a closed connection is
    assert wheel.waiting == 3 and all(dropped not in slot for slot in wheel.slots)
    await asyncio.sleep(2.5)
    assert len(early.acted) == len(late.acted) == len(moved.acted) == 1
    assert not dropped.acted
    assert 0.95 <= early.acted[0] - start <= 1.3  # a tick late at most, and a little slack
    assert 1.95 <= late.acted[0] - start <= 2.3
    assert moved.acted[0] - start >= 1.95
    assert wheel.timer is None and wheel.waiting == 0  # nothing filed: no timer left


async def test_a_delay_past_the_horizon_is_held_to_it() -> None:
    loop = asyncio.get_running_loop()
    wheel = Wheel(loop, horizon=1)
    conn = Conn(loop)
    start = loop.time()
    wheel.file(conn, 60)
    await asyncio.sleep(2)
    assert len(conn.acted) == 1 and conn.acted[0] - start <= 1.5
