"""Keepalive pings for every WebSocket connection of an event loop, from one timer.

uvicorn arms a timer per connection for its next ping and another for the pong's deadline.
With 1,000 games x 8 connections that is 400 timers a second, each alive for the whole
interval: four objects apiece (handle, timer, context, bound method) that outlive the young
collections and were, with the frames' buffers, most of what the collector's middle passes
walked once the server held that many games (bench scale: those passes are what made p99
grow with the table). A wheel of slots TICK seconds wide does the same work with no object
per ping. The slots are narrow so that the pings stay spread as the connections came: with
one-second slots, 400 pings went out in one callback, a pause of several milliseconds every
second. A ping or a deadline may come a tick late, which keepalive does not mind.

Connections that come together would ping together for ever (each files itself again when
its pong comes), and a slot's pings leave in one callback and their pongs come back in one
burst. So a full slot passes a connection on to the next one with room, up to SPREAD ticks
later. And the wheel's hand stops while nothing is filed: filing from where it stopped put
every connection that came in the next interval into one slot (bench scale: 7,992 pings in
one callback, a 200 ms stall every 20 s at 1,000 games), so an idle wheel's hand is moved to
the clock first.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import weakref
from typing import Protocol

TICK = 0.05  # seconds a slot of the wheel spans
SPREAD = 40  # ticks (2 s) a full slot may put a connection off
MIN_ROOM = 16  # connections any slot takes before it passes one on
LAG = 20  # ticks (1 s) the hand may trail the clock on a busy loop and still file by the clock


class Pinged(Protocol):
    keepalive_due: int | None  # the wheel's tick at which the connection acts next; None: never

    def keepalive_act(self) -> None:
        """Its tick has come: send a ping, or give up on the pong it waits for."""


class Wheel:
    """Connections filed by the second at which their keepalive acts next."""

    def __init__(self, loop: asyncio.AbstractEventLoop, horizon: float) -> None:
        self.loop = loop
        self.reach = math.ceil(horizon / TICK) + 1  # ticks ahead of the clock a delay may go
        self.slots: list[list[Pinged]] = [[] for _ in range(slots_for(horizon))]
        self.tick = self._now()  # the last tick whose slot has been acted on
        self.waiting = 0  # connections filed
        self.timer: asyncio.TimerHandle | None = None

    def file(self, conn: Pinged, delay: float) -> None:
        """Have `conn` act in about `delay` seconds (at most the horizon; later by up to
        SPREAD ticks if its slot is full), and only then."""
        self.unfile(conn)
        now = self._now()
        if self.timer is None:  # idle: the hand stopped where the last connection left it
            self.tick = now
        due = max(self.tick + 1, min(int((self.loop.time() + delay) / TICK), now + self.reach))
        due = min(self._room(due), self.tick + len(self.slots) - 1)
        conn.keepalive_due = due
        self.slots[due % len(self.slots)].append(conn)
        self.waiting += 1
        if self.timer is None:
            self.timer = self.loop.call_at((self.tick + 1) * TICK, self._turn)

    def _room(self, due: int) -> int:
        """The first slot from `due` on with room: twice the mean, or MIN_ROOM."""
        room = max(MIN_ROOM, 2 * self.waiting // len(self.slots) + 1)
        for tick in range(due, min(due + SPREAD, self.tick + len(self.slots) - 1) + 1):
            if len(self.slots[tick % len(self.slots)]) < room:
                return tick
        return due

    def unfile(self, conn: Pinged) -> None:
        """Forget `conn` (closed, or filed anew): its slot must not keep a closed connection
        alive until the slot comes up. A slot holds a few dozen connections at most."""
        due, conn.keepalive_due = conn.keepalive_due, None
        if due is not None:
            with contextlib.suppress(ValueError):
                self.slots[due % len(self.slots)].remove(conn)
                self.waiting -= 1

    def _now(self) -> int:
        # A timer set for tick t may find time / TICK a hair under t: not a tick too few.
        return int(self.loop.time() / TICK + 1e-6)

    def _turn(self) -> None:
        # `timer` stays set while the wheel turns: a connection that files itself again as
        # it acts must not take the wheel for idle and move the hand past slots still due.
        now = self._now()
        while self.tick < now:
            self.tick += 1
            slot = self.slots[self.tick % len(self.slots)]
            self.waiting -= len(slot)
            for conn in slot:  # whoever acts files itself again in another slot
                if conn.keepalive_due == self.tick:  # else filed in another wheel since
                    conn.keepalive_due = None
                    conn.keepalive_act()
            slot.clear()
        self.timer = self.loop.call_at((self.tick + 1) * TICK, self._turn) if self.waiting else None


def slots_for(horizon: float) -> int:
    """Enough that a connection filed a horizon ahead, by a hand LAG behind the clock and
    passed on SPREAD slots, never wraps round to a slot the hand reaches sooner."""
    return math.ceil(horizon / TICK) + 2 + LAG + SPREAD


_wheels: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Wheel] = weakref.WeakKeyDictionary()


def wheel(loop: asyncio.AbstractEventLoop, horizon: float) -> Wheel:
    """The loop's wheel (one per loop: the tests run servers on loops of their own)."""
    found = _wheels.get(loop)
    if found is None or len(found.slots) < slots_for(horizon):
        found = _wheels[loop] = Wheel(loop, horizon)
    return found
