"""The table of one held game: its clocks' timers, leavers and takeovers, around the pure
`domain.core.table.Tableside` fold.

Clocks run on server time (`now_ms`), never a client's. Every process that holds a game
arms the timer of its next expiry; when it fires, the process appends the table's events
with compare-and-set on the next seq, so a second process's attempt is a harmless
`Conflict`. A restart folds the log again (time spent while the server was down is spent,
as on a chess clock) and arms the timer anew. Time spent is never given back: the fold
takes every envelope in log order, rewound ones included.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from domain.core import (
    Envelope,
    GameOver,
    Illegal,
    Outcome,
    Proposal,
    Stale,
    Timeline,
    propose_table,
)
from domain.core.bots import LEVELS
from domain.core.table import (
    PRESETS,
    TABLE_TYPES,
    GameAbandoned,
    SeatReclaimed,
    SeatTakenOver,
    TableEvent,
    TableOptions,
    Tableside,
    TableView,
    abandoned_outcome,
    bot_moves,
    table_outcome,
    with_bot_moves,
)

from . import faults
from .store import Conflict, now_ms

if TYPE_CHECKING:
    from .runtime import GameRuntime

log = logging.getLogger("plaza.table")
ABANDONED = GameAbandoned.__struct_config__.tag


def table_options(raw: bytes | None) -> TableOptions:
    return TableOptions() if not raw else msgspec.json.decode(raw, type=TableOptions)


class TableKeeper:
    def __init__(self, runtime: GameRuntime, options: TableOptions) -> None:
        self.rt = runtime
        self.options = options
        self.side = Tableside(options, runtime.seats)
        self._expiry: asyncio.TimerHandle | None = None
        self._away: dict[int, asyncio.TimerHandle] = {}  # seat -> its takeover timer

    @property
    def timed(self) -> bool:
        return self.options.clock is not None

    @property
    def waiting(self) -> bool:
        """Whether a timer of this table is set (such a game must stay held)."""
        return self._expiry is not None or bool(self._away)

    # -- folding -------------------------------------------------------------------------

    async def load(self, envelopes: list[Envelope] | None) -> None:
        """Fold the log: `envelopes`, every one of the game (a clocked game, whose clocks
        need the seats the game waited for after each), or None: only the table's events."""
        if envelopes is None:
            for env in await self.rt.store.table_events(self.rt.game_id):
                self.side.observe(env.at, self.rt.codec.decode(env), ())
            return
        timeline = Timeline(self.rt.game, self.rt.codec, keep=self.rt.settings.keep_steps)
        for env in envelopes:
            event = self.rt.codec.decode(env)
            timeline.apply(env, event)
            self.observe_one(env, event, timeline.state)
        self.rt.timeline = timeline

    def observe_one(self, env: Envelope, event: Any, state: Any) -> None:
        table_event = event if env.type in TABLE_TYPES else None
        active = self.rt.game.active(state) if state is not None and self.timed else ()
        self.side.observe(env.at, table_event, active)

    def observe(self, steps: Iterable[tuple[Envelope, Any, Any]]) -> None:
        """(envelope, event, state after it) of what was just applied, in order."""
        for env, event, state in steps:
            self.observe_one(env, event, state)
        self.arm()

    # -- what the table shows -----------------------------------------------------------

    def view(self) -> TableView:
        return self.side.view()

    def any_bots(self) -> bool:
        """Whether `bot_levels` names any seat."""
        return bool(self.side.taken or self.side.dropped)

    def bot_levels(self) -> dict[int, str]:
        levels = {c.seat: c.level for c in self.side.taken.values()}
        levels.update({seat: self.options.bot_level for seat in self.side.dropped})
        return levels

    def outcome(self, outcome: Any) -> Any:
        return table_outcome(self.side, outcome)

    def ending(self, proposal: Proposal) -> Outcome | None:
        """The outcome when the proposal ends the game, by its rules or by the table (an
        abandonment), dropped seats ranked last; None while the game goes on."""
        outcome = proposal.outcome
        if outcome is not None:
            outcome = self.outcome(outcome)
        for env in proposal.envelopes:
            if env.type == ABANDONED:
                outcome = self.abandoned(self.rt.codec.decode(env))
        return outcome

    async def final_status(self, proposal: Proposal, outcome: Outcome) -> tuple[str, bytes]:
        """("finished", the result) of a game the proposal ends, with how many moves bots
        made for each seat they played (`bot_moves` in the breakdown), so the result says so."""
        if self.rt.bots.seated or self.side.replaced:  # else no bot moved: no need to look
            logged = await self.rt.store.events(self.rt.game_id)
            outcome = with_bot_moves(outcome, bot_moves([*logged, *proposal.envelopes]))
        return "finished", msgspec.json.encode(outcome)

    def check_seat(self, seat: int, by_bot: bool) -> bool:
        """Check who plays `seat`; True when it is a player back at the table, who takes the
        seat back from its bot first (`reclaim`). Not a coroutine: asked before every
        command, and almost never followed by a write."""
        side = self.side
        if side.over:
            raise GameOver("The game was abandoned; no more moves can be made.")
        if seat in side.dropped and not by_bot:
            raise Illegal(f"Seat {seat} was dropped from this game; a bot makes its moves.")
        if by_bot and seat not in self.rt.bots.levels:
            raise Stale(f"Seat {seat}'s player is back at the table.")
        return not by_bot and seat in side.taken

    async def reclaim(self, seat: int) -> None:
        await self.append([SeatReclaimed(seat)], seat)

    def abandoned(self, event: GameAbandoned) -> Outcome:
        return abandoned_outcome(self.side.seats, event, self.side.dropped)

    # -- clocks ---------------------------------------------------------------------------

    def arm(self) -> None:
        if self._expiry is not None:
            self._expiry.cancel()
            self._expiry = None
        expiry = self.side.expiry()
        if expiry is None or self.rt.status != "active":
            return
        seat, at = expiry
        delay = max(0.0, (at - now_ms()) / 1000)
        self._expiry = asyncio.get_running_loop().call_later(
            delay, lambda: self._spawn(self._expire(seat)))

    async def _expire(self, seat: int) -> None:
        async with self.rt.lock:
            self._expiry = None
            expiry = self.side.expiry()
            if expiry is None or expiry[0] != seat or expiry[1] > now_ms():
                self.arm()  # the clocks moved meanwhile
                return
            await self.append(self.side.consequence(seat), actor=None)

    # -- leavers ---------------------------------------------------------------------------

    def seen(self, seat: int | None) -> None:
        """A connection of `seat` attached: a takeover for its absence is called off."""
        if seat is None:
            return
        timer = self._away.pop(seat, None)
        if timer is not None:
            timer.cancel()
        taken = self.side.taken.get(seat)
        if taken is not None and taken.reason == "disconnected":
            self._spawn(self._locked_append([SeatReclaimed(seat)], seat))

    def gone(self, seat: int | None, still_here: bool) -> None:
        """A connection of `seat` detached; with none left, a bot takes over after a while."""
        after = self.options.leave_after_s
        if seat is None or still_here or after is None or seat in self._away:
            return
        loop = asyncio.get_running_loop()
        self._away[seat] = loop.call_later(after, lambda: self._spawn(self._take_over(seat)))

    def away_from_start(self, seats: Iterable[int]) -> None:
        """After a load, every seat without a connection here gets its while to come back."""
        for seat in seats:
            self.gone(seat, still_here=False)

    async def _take_over(self, seat: int) -> None:
        self._away.pop(seat, None)
        if self.rt.status != "active" or self.side.played_by_bot(seat) or self.rt.has_viewer(seat):
            return
        await self._locked_append([SeatTakenOver(seat, "disconnected", self.options.bot_level)], None)

    async def _locked_append(self, events: list[TableEvent], actor: int | None) -> None:
        async with self.rt.lock:
            await self.append(events, actor)

    async def append(self, events: list[TableEvent], actor: int | None,
                     after_the_end: bool = False) -> bool:
        """Commit the table's events (under the game's lock); False when another process
        got there first (the caller's view is then caught up). Only a rematch's offer
        comes `after_the_end`."""
        if self.rt.status != ("finished" if after_the_end else "active"):
            return False
        proposal = propose_table(self.rt.timeline, self.rt.table, events, actor, now_ms())
        try:
            await self.rt.commit_table(proposal)
        except Conflict:
            await self.rt.catch_up_locked()
            return False
        return True

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        task.add_done_callback(_report)

    def close(self) -> None:
        if self._expiry is not None:
            self._expiry.cancel()
        for timer in self._away.values():
            timer.cancel()
        self._away.clear()


def _report(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        faults.report(task.exception(), "a table timer")  # type: ignore[arg-type]


def parse_table(raw: dict[str, Any]) -> TableOptions:
    """The table's options from a request body (a clock may be a preset's name); ValueError
    with the field and the rule when they are not options a table can have."""
    clock = raw.get("clock")
    if isinstance(clock, str):
        if clock not in PRESETS:
            raise ValueError(f"table.clock: {clock!r} is none of the presets {', '.join(PRESETS)}")
        raw = {**raw, "clock": msgspec.to_builtins(PRESETS[clock])}
    try:
        options = msgspec.convert(raw, TableOptions)
    except msgspec.ValidationError as exc:
        raise ValueError(f"table: {exc}") from None
    if options.bot_level not in LEVELS:
        raise ValueError(f"table.bot_level: {options.bot_level!r} is none of {', '.join(LEVELS)}")
    if problems := options.problems():
        raise ValueError("table." + "; ".join(problems))
    return options
