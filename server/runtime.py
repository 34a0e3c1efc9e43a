"""The game runtime: one writer per game per process, state cached in memory.

A command is decided against the cached state, its events are committed to the
store (group commit), and only then applied, published and answered. A lost
race with another process shows up as a store `Conflict`: the runtime catches
up from the store and decides again. Envelopes that arrive through the broker
are applied in seq order; a gap is filled from the store, never guessed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

import msgspec

from domain.core import (
    Envelope,
    EventCodec,
    Illegal,
    Proposal,
    Rejection,
    RewoundData,
    Stale,
    Table,
    Timeline,
    TrimmedHistory,
    propose_command,
    propose_rewind,
    propose_start,
    propose_table,
    tagged,
    undo_target,
)
from domain.core.registry import AnyGame
from domain.core.table import SeatReclaimed, SeatTakenOver, TableEvent

from . import faults, metrics
from .answers import Answers
from .audience import Audiences
from .bots import Bots
from .broker import Broker
from .collector import PACER
from .locks import GameLock
from .protocol import Accepted, Rejected
from .refusals import DOWN, UNREMEMBERED, BadCommand, Busy, Internal, StoreDown
from .store import Conflict, GameRow, Store, Unavailable, now_ms
from .tableside import TableKeeper, table_options
from .timelines import encode_state, load_timeline

log = logging.getLogger("plaza.runtime")

# What a move proposes, made under the game's lock: at once, or after awaiting a read or a
# write (an undo reaching below the steps kept, a seat taken back from its bot).
Propose = Callable[[], Proposal | Awaitable[Proposal]]
_envelopes = msgspec.json.Decoder(list[Envelope])
_encoder = msgspec.json.Encoder()
MAX_RETRIES = 8


class Viewer(Protocol):
    @property
    def seat(self) -> int | None: ...

    def send(self, data: bytes | str) -> None:
        """Put one frame (text, or UTF-8 bytes of it) on its way to this viewer; never waits."""


@dataclass
class Settings:
    snapshot_every: int = 200
    keep_steps: int = 64  # effective steps kept per game for undo (older: rebuilt from the store)
    max_loaded: int = 2000  # games held in memory before idle ones are let go
    idle_seconds: float = 60.0  # how long a game must be unused before it may be let go
    bot_delay: float = 0.8  # seconds a bot waits before it moves, so people can follow
    bot_budget: float = 1.0  # seconds a search bot thinks per move
    extra_games: tuple[str, ...] = ()  # modules of test games, for the bots' worker process


class GameRuntime:
    def __init__(self, row: GameRow, game: AnyGame, store: Store, broker: Broker,
                 settings: Settings) -> None:
        self.game_id = row.game_id
        self.kind = row.kind
        self.game = game
        self.seats = row.seats
        self.seed = row.seed
        self.table = Table(row.game_id, row.seats, row.seed)
        self.status = row.status
        # The result as stored (the table's say included: drops, bots' moves), once over.
        self.result: msgspec.Raw | None = msgspec.Raw(row.outcome) if row.outcome else None
        self.options = msgspec.json.decode(row.options, type=game.options_type)
        self.commands = tagged(game.command_type)
        # Per answer, this kind's counter: `labels()` looks it up under a lock, 3 µs a command.
        self.answered = {answer: metrics.COMMANDS.labels(row.kind, answer)
                         for answer in ("accepted", "undone", "rejected")}
        self.store = store
        self.broker = broker
        self.settings = settings
        self.codec = EventCodec(game)
        self.timeline = Timeline(game, self.codec)
        self.answers = Answers()
        self.lock = GameLock()
        self.audiences = Audiences(self)
        self.tableside = TableKeeper(self, table_options(row.table))
        self.bots = Bots(self, {}, settings.bot_delay, settings.bot_budget)
        self._since_snapshot = 0
        self.last_used = time.monotonic()

    # -- loading and catching up -------------------------------------------------------

    async def load(self, follow: bool = True) -> None:
        """Rebuild from the store; `follow`: also follow the broker and drive the bots."""
        if self.tableside.timed:  # its clocks need the whole log, state by state
            await self.tableside.load(await self.store.events(self.game_id))
        else:
            self.timeline = await load_timeline(self.store, self.codec, self.game_id,
                                                keep=self.settings.keep_steps)
            await self.tableside.load(None)
        if self.tableside.side.over:
            self.status = "finished"
        if not follow:
            return
        self.answers.known = await self.store.answers(self.game_id)
        self.bots.seated = await self.store.bots(self.game_id)
        await self.broker.subscribe(self.game_id, self.on_broker)
        self.tableside.arm()
        if self.status == "active":
            self.tableside.away_from_start(s for s in range(self.seats) if s not in self.bots.levels)
        self.bots.poke()

    def has_viewer(self, seat: int) -> bool:
        return bool(self.audiences.viewers.get(seat))

    @property
    def seq(self) -> int:
        return self.timeline.seq

    @property
    def state(self) -> Any:
        return self.timeline.state

    async def on_broker(self, payload: bytes) -> None:
        envelopes = _envelopes.decode(payload)
        if not envelopes or envelopes[-1].seq <= self.timeline.seq:
            return  # ours, or already caught up
        async with self.lock:
            await self._catch_up_locked(envelopes)

    async def catch_up(self) -> None:
        async with self.lock:
            await self._catch_up_locked([])

    async def catch_up_locked(self) -> None:
        await self._catch_up_locked([], lost_race=True)

    async def _catch_up_locked(self, arrived: list[Envelope], lost_race: bool = False) -> None:
        """Apply what other processes appended; after a lost race, also their answers to refs."""
        if lost_race:
            self.answers.known.update(await self.store.answers(self.game_id))
        fresh = [env for env in arrived if env.seq > self.timeline.seq]
        if not fresh or fresh[0].seq != self.timeline.seq + 1:
            fresh = await self.store.events(self.game_id, after=self.timeline.seq)
        if not fresh:
            return
        if self.status == "waiting":  # its seats were taken elsewhere, bots perhaps among them
            self.bots.seated = await self.store.bots(self.game_id)
        self.answers.recorded(fresh)  # another process's: known before we append after them
        pairs = []
        for env in fresh:
            event = self.codec.decode(env)
            try:
                self.timeline.apply(env, event)
            except TrimmedHistory:  # a rewind below what we hold: rebuild from the store
                self.timeline = await load_timeline(self.store, self.codec, self.game_id, env.seq,
                                                    keep=self.settings.keep_steps)
            pairs.append((env, event))
            self.tableside.observe_one(env, event, self.state)
        if self.state is not None:
            over = self.game.outcome(self.state) is not None or self.tableside.side.over
            self.status = "finished" if over else "active"
            if over and self.result is None:  # another process ended it: its stored result
                row = await self.store.game(self.game_id)
                self.result = msgspec.Raw(row.outcome) if row is not None and row.outcome else None
        self.tableside.arm()
        self.audiences.fan_out(pairs)
        self.bots.poke()

    # -- starting -----------------------------------------------------------------------

    async def start(self) -> None:
        """Set the game up once every seat is taken (forks already have their history)."""
        async with self.lock:
            self.status = "active"
            if self.timeline.seq > 0 or await self.store.last_seq(self.game_id) > 0:
                await self._catch_up_locked([])
                # A fork starts with its history in place: tell its viewers it is live now.
                self.audiences.fan_out([], force=True)
                self.bots.poke()
                return
            proposal = propose_start(self.timeline, self.table, self.options, now_ms())
            try:
                await self._commit(proposal)
            except Conflict:
                await self._catch_up_locked([])

    # -- commands -------------------------------------------------------------------------

    async def command(self, seat: int, ref: str, after: int | None, payload: dict[str, Any],
                      by_bot: bool = False) -> bytes:
        """Decide, commit, publish; the encoded `accepted` or `rejected` frame. A player's
        command for a seat a bot plays takes the seat back first."""
        started = time.perf_counter()
        # A partial, not closures: two nested functions made 7 cells, 2 closure tuples and 2
        # functions a command, alive through its commit, so every middle pass of the collector
        # walked them (a fifth of what one walked at 1,000 games: bench/README.md).
        propose = partial(self._propose_command, seat, ref, after, payload, by_bot)
        answer = await self._attempt(seat, ref, "command", propose, after)
        metrics.APPEND_SECONDS.observe(time.perf_counter() - started)
        return answer

    def _propose_command(self, seat: int, ref: str, after: int | None, payload: dict[str, Any],
                         by_bot: bool) -> Proposal | Awaitable[Proposal]:
        if self.tableside.check_seat(seat, by_bot):  # a player back: a write first
            return self._reclaimed_then_decided(seat, ref, after, payload)
        return self._decide(seat, ref, after, payload)  # no coroutine for most commands

    async def _reclaimed_then_decided(self, seat: int, ref: str, after: int | None,
                                      payload: dict[str, Any]) -> Proposal:
        await self.tableside.reclaim(seat)
        return self._decide(seat, ref, after, payload)

    def _decide(self, seat: int, ref: str, after: int | None, payload: dict[str, Any]) -> Proposal:
        try:
            command = self.commands.convert(payload)
        except msgspec.ValidationError as exc:
            raise BadCommand(f"command: {exc}") from None
        if after is not None and after != self.timeline.seq:
            raise Stale(f"The game has moved on since seq {after}: it is now at seq {self.timeline.seq}.")
        return propose_command(self.timeline, self.table, seat, command, ref, now_ms())

    async def table_move(self, seat: int, ref: str, event: TableEvent) -> bytes:
        """A seat leaves (a bot plays for it) or reclaims its seat."""
        async def propose() -> Proposal:
            side = self.tableside.side
            if self.status != "active" or side.over:
                raise Illegal("Only a game in play can be left or reclaimed.")
            if isinstance(event, SeatTakenOver) and side.played_by_bot(seat):
                raise Illegal(f"A bot already plays seat {seat}.")
            if isinstance(event, SeatReclaimed) and seat not in side.taken:
                raise Illegal(f"Seat {seat} is yours already: no bot plays it.")
            return propose_table(self.timeline, self.table, [event], seat, now_ms(), ref)

        return await self._attempt(seat, ref, "table move", propose)

    async def undo(self, seat: int, ref: str) -> bytes:
        async def propose() -> Proposal:
            to_seq, count = undo_target(self.game, self.timeline, seat)
            if not self.timeline.holds(count):  # trimmed away: rebuild all of it
                self.timeline = await load_timeline(self.store, self.codec, self.game_id,
                                                    use_snapshots=False, keep=self.settings.keep_steps)
            return propose_rewind(self.timeline, self.table, seat, ref, to_seq, now_ms())

        return await self._attempt(seat, ref, "undo", propose)

    async def _attempt(self, seat: int, ref: str, what: str, propose: Propose,
                       after: int | None = None) -> bytes:
        """Under the game's lock, propose and commit until it sticks; a fault of ours or of the
        store is refused with its own code and changes nothing (the state moves only after a
        commit). Counted in flight, so the collector's passes wait for a quiet moment."""
        PACER.started()
        try:
            async with self.lock:
                try:
                    return await self._until_committed(seat, ref, what, propose, after)
                except (BadCommand, asyncio.CancelledError):
                    raise
                except Exception as exc:
                    applied = self.answers.first(seat, ref)  # the fault came after the commit
                    if applied is not None:
                        return applied
                    if isinstance(exc, Unavailable):
                        return await self._reject(seat, ref, StoreDown(DOWN))
                    faults.report(exc, f"game {self.game_id}: {what} of seat {seat}")
                    return await self._reject(seat, ref, Internal(
                        f"The server failed to handle this {what}; nothing was applied. Try again."))
        finally:
            PACER.ended()

    async def _until_committed(self, seat: int, ref: str, what: str,
                               propose: Propose, after: int | None) -> bytes:
        for _ in range(MAX_RETRIES):
            known = self.answers.first(seat, ref)
            if known is not None:
                return known
            try:
                proposal = propose()
                if not isinstance(proposal, Proposal):
                    proposal = await proposal
            except Rejection as rejection:
                # A command stale because the game has passed `after` stays stale for good:
                # answering it again needs no memory, so it costs the store nothing.
                passed = after is not None and after < self.timeline.seq
                return await self._reject(seat, ref, rejection, remember=not passed)
            answer = _encoder.encode(Accepted(ref, proposal.seq))
            try:
                await self._commit(proposal)
            except Conflict:
                await self._catch_up_locked([], lost_race=True)
                continue
            self.answered["accepted" if what == "command" else "undone"].inc()
            return answer
        return await self._reject(seat, ref, Busy("The game is too busy; send it again."))

    async def _reject(self, seat: int, ref: str, rejection: Rejection, remember: bool = True) -> bytes:
        """The `rejected` frame, remembered under its ref unless a retry may succeed."""
        answer = _encoder.encode(Rejected(ref, rejection.code, rejection.message))
        metrics.REJECTIONS.labels(rejection.code).inc()
        self.answered["rejected"].inc()
        if not remember or rejection.code in UNREMEMBERED:
            return answer
        try:
            await self.store.record_rejection(self.game_id, seat, ref, answer, self.timeline.seq)
        except Conflict:  # another process accepted this ref first: that answer stands
            await self._catch_up_locked([], lost_race=True)
            return self.answers.first(seat, ref) or answer
        except Exception as exc:  # not remembered: a retry is decided afresh
            faults.report(exc, f"game {self.game_id}: recording a refusal")
            return answer
        self.answers.refused(seat, ref, answer)
        return answer

    # -- committing ------------------------------------------------------------------

    async def _commit(self, proposal: Proposal) -> None:
        """Make the proposal durable, then apply, publish and show it (in that order: nothing
        is applied or seen before it is committed)."""
        ending = self.tableside.ending(proposal)
        status = None if ending is None else await self.tableside.final_status(proposal, ending)
        submitted = time.perf_counter()
        await self.store.append(self.game_id, proposal.envelopes, status)
        metrics.COMMIT_SECONDS.observe(time.perf_counter() - submitted)
        self.answers.recorded(proposal.envelopes)
        self.timeline.accept(proposal)
        if proposal.rewind_to is not None:
            pairs = [(proposal.envelopes[0], RewoundData(proposal.rewind_to))]
        elif proposal.steps:
            pairs = [(step.env, step.event) for step in proposal.steps]
        else:  # the table's own events
            pairs = [(env, self.codec.decode(env)) for env in proposal.envelopes]
        states = [step.state for step in proposal.steps] or [self.state] * len(pairs)
        self.tableside.observe((env, event, state)
                               for (env, event), state in zip(pairs, states, strict=True))
        if status is not None:
            self.status, self.result = status[0], msgspec.Raw(status[1])
        if self.broker.shared:
            await self.broker.publish(self.game_id, _encoder.encode(proposal.envelopes))
        self.audiences.fan_out(pairs)
        self._after_commit(len(proposal.envelopes))
        self.bots.poke()

    async def commit_table(self, proposal: Proposal) -> None:
        await self._commit(proposal)

    def _after_commit(self, count: int) -> None:
        self._since_snapshot += count
        top = self.timeline.top
        if self._since_snapshot >= self.settings.snapshot_every and top is not None:
            self._since_snapshot = 0
            task = asyncio.create_task(self.store.save_snapshot(
                self.game_id, self.timeline.seq, top.env.seq, encode_state(top.state)))
            task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("snapshot failed: %s", task.exception())
