"""The keepalive wheel (server/keepalive.py): one timer acts for every connection filed,
each about its delay later (a tick, TICK seconds, late at most)."""

from __future__ import annotations

import asyncio
import time

from server.keepalive import MIN_ROOM, TICK, Wheel


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


async def test_a_connection_filed_while_the_hand_waits_acts_its_delay_later() -> None:
    """The hand stopped when the wheel was idle; the first connection armed the timer a
    delay away, and connections filed meanwhile were filed from where the hand stood: all of
    them into one slot (7,992 pings in one callback at 1,000 games)."""
    loop = asyncio.get_running_loop()
    wheel = Wheel(loop, horizon=1)
    first, second = Conn(loop), Conn(loop)
    start = loop.time()
    wheel.file(first, 1)
    await asyncio.sleep(0.6)
    wheel.file(second, 1)
    await asyncio.sleep(1.3)
    assert 0.95 <= first.acted[0] - start <= 1.3
    assert 1.55 <= second.acted[0] - start <= 1.9


async def test_connections_that_came_together_are_spread_over_the_next_slots() -> None:
    loop = asyncio.get_running_loop()
    wheel = Wheel(loop, horizon=1)
    conns = [Conn(loop) for _ in range(200)]
    start = loop.time()
    for conn in conns:
        wheel.file(conn, 0.5)
    assert max(len(slot) for slot in wheel.slots) == MIN_ROOM
    await asyncio.sleep(0.5 + 200 / MIN_ROOM * TICK + 0.3)
    times = sorted(conn.acted[0] - start for conn in conns if len(conn.acted) == 1)
    assert len(times) == 200
    assert times[0] >= 0.45 and times[-1] <= 0.5 + (200 // MIN_ROOM + 1) * TICK + 0.2


async def test_a_connection_filing_itself_again_as_it_acts_loses_nobody_else_due() -> None:
    """A connection files itself again while the wheel turns (a ping sent, its pong awaited);
    with the hand behind the clock (a busy loop), that must not move the hand past the
    slots still to act."""
    loop = asyncio.get_running_loop()
    wheel = Wheel(loop, horizon=1)

    class Again(Conn):
        def keepalive_act(self) -> None:
            super().keepalive_act()
            wheel.file(self, 1)

    first, later = Again(loop), Conn(loop)
    wheel.file(first, 0.05)
    wheel.file(later, 0.2)
    time.sleep(0.4)  # noqa: ASYNC251 - the loop held on purpose: both slots are due at the next turn
    await asyncio.sleep(0.2)
    assert len(first.acted) == 1 and len(later.acted) == 1
