"""Where the server's stronger bots think: a worker process, never the event loop.

A greedy move costs a look-ahead over every legal command and a search move costs its whole
time budget; either would stall every connection of the process if run on the loop (a
thread would too, holding the GIL). So both run in a small process pool, one worker by
default, and the loop only awaits the answer. The random level is cheap and stays inline.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from domain.core import registry
from domain.core.bots import LEVELS, Level, choose
from domain.core.registry import AnyGame

_pool: ProcessPoolExecutor | None = None


def _start_worker(extra_games: tuple[str, ...]) -> None:
    from .app import register_extra_games  # the worker knows the same test games as its server

    register_extra_games(extra_games)


def pool(extra_games: tuple[str, ...] = ()) -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        workers = int(os.environ.get("PLAZA_BOT_WORKERS", "1"))
        # Spawned, not forked: the server's threads (SQLite's, the writer's) must not be
        # copied mid-flight into the worker.
        _pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                                    initargs=(extra_games,),
                                    mp_context=multiprocessing.get_context("spawn"))
    return _pool


def think(kind: str, state: Any, seat: int, rng: Random, level: str, budget: float) -> Any:
    """In the worker: the command of a bot of `level` for `seat`, within `budget` seconds."""
    deadline = time.monotonic() + budget
    return choose(_game(kind), state, seat, rng, _level(level),
                  should_stop=lambda: time.monotonic() >= deadline)


def _level(level: str) -> Level:
    return next((known for known in LEVELS if known == level), "random")


def _game(kind: str) -> AnyGame:
    game = registry.get(kind)
    if game is None:
        raise LookupError(f"no game {kind!r} in this process")
    return game


async def move(kind: str, state: Any, seat: int, rng: Random, level: str, budget: float,
               extra_games: tuple[str, ...] = ()) -> Any:
    if level == "random":
        return choose(_game(kind), state, seat, rng, "random")
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool(extra_games), think, kind, state, seat, rng, level, budget)


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
