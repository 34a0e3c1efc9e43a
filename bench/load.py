"""The load generator: games of 4 seats and 4 spectators over raw `websockets` clients.

Closed loop: each game sends its next command as soon as the previous one is
accepted. Open loop: each game sends on a fixed schedule, so the offered rate is
fixed and latency is not queueing. Latency is from sending a command to the last
of the game's 8 connections receiving the update that carries its events.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import msgspec
import websockets

_refs = itertools.count()
COMPRESSION: list[str | None] = [None]  # "deflate" to ask for permessage-deflate, as browsers do


class Frame(msgspec.Struct):
    op: str
    seq: int = 0
    ref: str | None = None
    legal: list[Any] | None = None
    active: list[int] | None = None
    outcome: Any = None
    code: str | None = None


_decode = msgspec.json.Decoder(Frame).decode


class Conn:
    """One connection; its reader records when each seq arrived."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.seq = 0
        self.legal: list[Any] = []
        self.active: list[int] = []
        self.over = False
        self.arrivals: dict[int, float] = {}
        self.answers: dict[str, asyncio.Future[Frame]] = {}
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                frame = _decode(raw)
                if frame.op in ("update", "welcome"):
                    self.arrivals[frame.seq] = time.perf_counter()
                    self.seq = frame.seq
                    self.legal = frame.legal or []
                    self.active = frame.active or []
                    self.over = frame.outcome is not None
                    self.changed.set()
                elif frame.ref is not None and frame.ref in self.answers:
                    self.answers.pop(frame.ref).set_result(frame)
        except websockets.ConnectionClosed:
            pass

    async def wait_seq(self, seq: int) -> None:
        while self.seq < seq:
            self.changed.clear()
            await self.changed.wait()

    async def command(self, command: Any) -> Frame:
        ref = f"b{next(_refs)}"
        future: asyncio.Future[Frame] = asyncio.get_running_loop().create_future()
        self.answers[ref] = future
        await self.ws.send(msgspec.json.encode({"op": "command", "ref": ref, "command": command}))
        return await future


@dataclass
class Tally:
    commands: int = 0
    rejected: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    late: int = 0


async def open_game(http: httpx.AsyncClient, ws_url: str, kind: str, options: dict[str, Any],
                    seats: int, spectators: int) -> list[Conn]:
    answer = await http.post("/api/games", json={"kind": kind, "seats": seats, "options": options})
    answer.raise_for_status()
    game = answer.json()["game_id"]
    tokens = []
    for seat in range(seats):
        joined = await http.post(f"/api/games/{game}/join", json={"name": f"b{seat}", "seat": seat})
        tokens.append(joined.json()["token"])
    conns = []
    for who in [*range(seats), *([None] * spectators)]:
        ws = await websockets.connect(ws_url, max_size=None, compression=COMPRESSION[0],
                                      ping_interval=None)
        hello: dict[str, Any] = {"op": "hello", "game": game}
        if who is not None:
            hello["token"] = tokens[who]
        await ws.send(msgspec.json.encode(hello))
        conn = Conn(ws, who)
        conn.task = asyncio.create_task(conn.read())
        conns.append(conn)
    for conn in conns:
        await conn.wait_seq(1)
    return conns


async def close_game(conns: list[Conn]) -> None:
    for conn in conns:
        await conn.ws.close()


async def play_one(conns: list[Conn], rng: random.Random, tally: Tally, measure: bool) -> bool:
    """One command by the seat to move; False when the game is over."""
    seats = [c for c in conns if c.seat is not None]
    mover = next((c for c in seats if c.legal and c.seat in c.active), None)
    if mover is None:
        return False
    sent = time.perf_counter()
    answer = await mover.command(rng.choice(mover.legal))
    if answer.op != "accepted":
        tally.rejected += 1
        return True
    for conn in conns:
        await conn.wait_seq(answer.seq)
    if measure:
        tally.commands += 1
        tally.latencies.append(max(c.arrivals[answer.seq] for c in conns) - sent)
    return True


async def game_slot(http: httpx.AsyncClient, ws_url: str, kind: str, options: dict[str, Any],
                    deadline: float, tally: Tally, seed: int, interval: float | None,
                    warmup_until: float) -> None:
    rng = random.Random(seed)
    while time.perf_counter() < deadline:
        conns = await open_game(http, ws_url, kind, options, 4, 4)
        tally.games += 1
        next_send = time.perf_counter() + rng.random() * (interval or 0)
        while time.perf_counter() < deadline:
            if interval is not None:
                delay = next_send - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                elif delay < -interval:
                    tally.late += 1
                next_send += interval
            if not await play_one(conns, rng, tally, time.perf_counter() > warmup_until):
                break
        await close_game(conns)


async def run(url: str, ws_url: str, kind: str, options: dict[str, Any], games: int,
              seconds: float, rate: float | None, warmup: float = 1.0) -> tuple[Tally, float]:
    tally = Tally()
    # The generator's own garbage collections would pause every connection at once and
    # show up as the server's latency; it runs for seconds, so it can do without.
    gc.collect()
    gc.disable()
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        start = time.perf_counter()
        deadline = start + seconds + warmup
        interval = games / rate if rate else None
        await asyncio.gather(*(game_slot(http, ws_url, kind, options, deadline, tally, n,
                                         interval, start + warmup) for n in range(games)))
    gc.enable()
    return tally, time.perf_counter() - start


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    if not ms:
        return "no samples"
    return (f"p50 {statistics.median(ms):.2f} ms, p90 {percentile(ms, 0.9):.2f} ms, "
            f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms (n={len(ms)})")
