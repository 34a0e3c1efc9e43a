"""The server's bots: seats that the server plays itself, with the game's `bot_move`.

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
from typing import TYPE_CHECKING

import msgspec

from domain.core import rng_for

from . import faults, metrics
from .protocol import Accepted, Rejected

if TYPE_CHECKING:
    from .runtime import GameRuntime

log = logging.getLogger("plaza.bots")
_frame = msgspec.json.Decoder(Accepted | Rejected)
RETRYABLE = frozenset({"busy", "internal", "unavailable"})  # about the server, not the move
MAX_PAUSE = 5.0  # seconds between tries of a bot whose writes keep failing


class Bots:
    def __init__(self, runtime: GameRuntime, seats: frozenset[int], delay: float) -> None:
        self.runtime = runtime
        self.seats = seats
        self.delay = delay
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None and not self._task.done()

    def add(self, seat: int) -> None:
        self.seats = self.seats | {seat}

    def poke(self) -> None:
        """Start playing if a bot is to move and nobody is playing for it yet."""
        if self.seats and not self.busy and self._to_move() is not None:
            self._task = asyncio.create_task(self._play(), name=f"bots-{self.runtime.game_id}")
            self._task.add_done_callback(_log_failure)

    def _to_move(self) -> int | None:
        rt = self.runtime
        if rt.state is None or rt.status != "active":
            return None
        return next((seat for seat in rt.game.active(rt.state) if seat in self.seats), None)

    async def _play(self) -> None:
        rt = self.runtime
        pause = self.delay
        while (seat := self._to_move()) is not None:
            seq = rt.seq
            await asyncio.sleep(pause)
            if rt.seq != seq or self._to_move() != seat:
                pause = self.delay
                continue  # somebody moved meanwhile (an undo, another process's bot)
            rng = rng_for(rt.seed, seq, purpose=f"bot:{seat}")
            command = rt.game.bot_move(rt.state, seat, rng)
            if command is None:
                return
            metrics.BOT_MOVES.labels(rt.kind).inc()
            code = await self._send(seat, seq, command)
            if rt.seq != seq:
                pause = self.delay
            elif code in RETRYABLE:  # the write failed, not the move: try it again, slower
                pause = min(max(2 * pause, 0.05), MAX_PAUSE)
            else:  # refused, and nobody else moved: a bug in bot_move
                log.error("game %s: the bot of seat %d was refused %r", rt.game_id, seat, command)
                return

    async def _send(self, seat: int, seq: int, command: object) -> str | None:
        """Send the move under ref `bot-N`; the refusal's code, None when accepted."""
        try:
            answer = await self.runtime.command(seat, f"bot-{seq}", seq, msgspec.to_builtins(command))
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
