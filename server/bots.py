"""The server's bots: seats that the server plays itself, at a level of its own each.

A seat is played by a bot when one was seated there (`seated`: seat -> level, from the
store) or when the table gave it to one (a player left, stayed away, or ran out of time;
the runtime's `Tableside` says so). Levels (domain/core/bots.py): `random` (the game's
`bot_move`), `greedy` and `search`; the last two think in a worker process (thinking.py).

A bot moves through `GameRuntime.command` like any player, after a short pause so that
people at the table can follow. Every process that holds a game drives its bots, and
they agree without talking: the move made at seq N is chosen from a source keyed by
the game's secret seed, N and the seat, and sent with ref `bot-N` and `after` N. So
the same command is sent under the same ref by everyone; the store lets one of them
apply and the others get its answer (or `stale`), never a second move.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import msgspec

from domain.core import rng_for

from . import faults, metrics, thinking
from .protocol import Accepted, Rejected

if TYPE_CHECKING:
    from .runtime import GameRuntime

log = logging.getLogger("plaza.bots")
_frame = msgspec.json.Decoder(Accepted | Rejected)
RETRYABLE = frozenset({"busy", "internal", "unavailable"})  # about the server, not the move
MAX_PAUSE = 5.0  # seconds between tries of a bot whose writes keep failing


class Bots:
    def __init__(self, runtime: GameRuntime, seated: dict[int, str], delay: float,
                 budget: float = 1.0) -> None:
        self.runtime = runtime
        self.seated = seated
        self.delay = delay
        self.budget = budget  # seconds a search bot thinks per move
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def add(self, seat: int, level: str) -> None:
        self.seated = {**self.seated, seat: level}

    @property
    def levels(self) -> dict[int, str]:
        """Every seat a bot plays now, and at which level."""
        return {**self.seated, **self.runtime.tableside.bot_levels()}

    def poke(self) -> None:
        """Start playing if a bot is to move and nobody is playing for it yet."""
        if not self.busy and self._to_move() is not None:
            self._task = asyncio.create_task(self._play(), name=f"bots-{self.runtime.game_id}")
            self._task.add_done_callback(_log_failure)

    def _to_move(self) -> int | None:
        rt = self.runtime
        if rt.state is None or rt.status != "active":
            return None
        if not self.seated and not rt.tableside.any_bots():
            return None  # most games: asked after every commit, so no dicts made for nothing
        levels = self.levels
        return next((seat for seat in rt.game.active(rt.state) if seat in levels), None)

    async def _play(self) -> None:
        rt = self.runtime
        pause = self.delay
        while (seat := self._to_move()) is not None:
            seq = rt.seq
            await asyncio.sleep(pause)
            if rt.seq != seq or self._to_move() != seat:
                pause = self.delay
                continue  # somebody moved meanwhile (an undo, another process's bot)
            command = await self._think(seat, seq)
            if command is None:
                return
            if rt.seq != seq:
                pause = self.delay
                continue  # the game moved on while the bot thought
            metrics.BOT_MOVES.labels(rt.kind).inc()
            code = await self._send(seat, seq, command)
            if rt.seq != seq:
                pause = self.delay
            elif code in RETRYABLE:  # the write failed, not the move: try it again, slower
                pause = min(max(2 * pause, 0.05), MAX_PAUSE)
            else:  # refused, and nobody else moved: a bug in bot_move
                log.error("game %s: the bot of seat %d was refused %r", rt.game_id, seat, command)
                return

    async def _think(self, seat: int, seq: int) -> Any:
        rt = self.runtime
        rng = rng_for(rt.seed, seq, purpose=f"bot:{seat}")
        level = self.levels.get(seat, "random")
        try:
            return await thinking.move(rt.kind, rt.state, seat, rng, level, self.budget,
                                       rt.settings.extra_games)
        except Exception as exc:  # a worker that failed: play at the cheapest level instead
            faults.report(exc, f"game {rt.game_id}: the {level} bot of seat {seat}")
            return await thinking.move(rt.kind, rt.state, seat, rng, "random", self.budget)

    async def _send(self, seat: int, seq: int, command: object) -> str | None:
        """Send the move under ref `bot-N`; the refusal's code, None when accepted."""
        try:
            answer = await self.runtime.command(seat, f"bot-{seq}", seq, msgspec.to_builtins(command),
                                                by_bot=True)
        except Exception as exc:  # a bot must outlive any one failed write
            faults.report(exc, f"game {self.runtime.game_id}: the bot of seat {seat}")
            return "internal"
        frame = _frame.decode(answer)
        return frame.code if isinstance(frame, Rejected) else None

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a bot stopped playing: %r", task.exception())
