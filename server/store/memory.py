"""A store that keeps everything in this process's memory, and nothing after it stops.

It honours the whole contract (one test suite runs against it and SQLite), so tests of the
protocol and the runtime can run without files, and `--db memory:` runs a throwaway server.
Each write checks every key it needs before it changes anything, which makes it atomic.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from domain.core import Envelope, EventRow
from domain.core.table import TABLE_TYPES

from .base import KEEP_REJECTIONS, Answer, Conflict, GameRow, SeatRow, Snapshot, Status, acceptances


class MemoryStore:
    def __init__(self) -> None:
        self._games: dict[str, GameRow] = {}
        self._events: dict[str, list[Envelope]] = defaultdict(list)
        self._accepted: dict[str, dict[tuple[int, str], int]] = defaultdict(dict)  # by game
        self._refused: dict[tuple[str, int], dict[str, bytes]] = defaultdict(dict)  # oldest first
        self._snapshots: dict[str, dict[int, Snapshot]] = defaultdict(dict)
        self._seats: dict[str, dict[int, tuple[str, str | None]]] = defaultdict(dict)
        self._bots: dict[str, dict[int, str]] = defaultdict(dict)

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    # -- the event log ----------------------------------------------------------------------

    def _check_append(self, game_id: str, envelopes: Sequence[Envelope]) -> None:
        log = self._events[game_id]
        for offset, env in enumerate(envelopes):
            if env.seq != len(log) + 1 + offset:
                raise Conflict(f"UNIQUE constraint failed: events seq {env.seq} of {game_id}")
            seat, ref = env.actor, env.ref
            if ref is not None and seat is not None and ref in self._refused[(game_id, seat)]:
                raise Conflict(f"UNIQUE constraint failed: ref {ref!r} of seat {seat} was refused")

    async def append(self, game_id: str, envelopes: list[Envelope],
                     status: Status | None = None) -> None:
        await asyncio.sleep(0)  # a write is a suspension point, as with a real store
        self._check_append(game_id, envelopes)
        self._events[game_id].extend(envelopes)
        self._accepted[game_id].update(acceptances(envelopes))
        if status is not None and game_id in self._games:
            self._games[game_id] = replace(self._games[game_id], status=status[0], outcome=status[1])

    async def events(self, game_id: str, after: int = 0, upto: int | None = None,
                     limit: int | None = None) -> list[Envelope]:
        log = self._events.get(game_id, [])
        chosen = log[max(0, after):upto if upto is None else max(0, upto)]
        return chosen[:limit] if limit is not None else chosen

    async def event_rows(self, game_id: str, after: int = 0, upto: int | None = None) -> list[EventRow]:
        return [(e.seq, e.type, e.v, bytes(e.data)) for e in await self.events(game_id, after, upto)]

    async def event(self, game_id: str, seq: int) -> Envelope | None:
        log = self._events.get(game_id, [])
        return log[seq - 1] if 1 <= seq <= len(log) else None

    async def last_seq(self, game_id: str) -> int:
        return len(self._events.get(game_id, []))

    async def table_events(self, game_id: str) -> list[Envelope]:
        return [env for env in self._events.get(game_id, []) if env.type in TABLE_TYPES]

    async def rewinds(self, game_id: str, upto: int) -> list[tuple[int, bytes]]:
        return [(env.seq, bytes(env.data)) for env in await self.events(game_id, upto=upto)
                if env.type == "Rewound"]

    async def snapshots(self, game_id: str, upto: int) -> list[Snapshot]:
        kept = sorted((s for s in self._snapshots[game_id].values() if s.seq <= upto),
                      key=lambda s: s.seq, reverse=True)
        return kept[:8]

    async def save_snapshot(self, game_id: str, seq: int, top_seq: int, state: bytes) -> None:
        self._snapshots[game_id][seq] = Snapshot(seq, top_seq, state)

    async def answers(self, game_id: str) -> dict[tuple[int, str], Answer]:
        out: dict[tuple[int, str], Answer] = {
            (seat, ref): answer for (game, seat), refused in self._refused.items() if game == game_id
            for ref, answer in refused.items()}
        out.update(self._accepted.get(game_id, {}))
        return out

    async def record_rejection(self, game_id: str, seat: int, ref: str, answer: bytes,
                               seq: int) -> None:
        if (seat, ref) in self._accepted.get(game_id, {}):
            raise Conflict(f"UNIQUE constraint failed: ref {ref!r} of seat {seat} was accepted")
        refused = self._refused[(game_id, seat)]
        refused[ref] = answer
        while len(refused) > KEEP_REJECTIONS:
            del refused[next(iter(refused))]

    async def rejection_count(self, game_id: str) -> int:
        return sum(len(refused) for (game, _), refused in self._refused.items() if game == game_id)

    # -- the catalogue ----------------------------------------------------------------------

    async def create_game(self, row: GameRow, envelopes: Sequence[Envelope] = (),
                          seats: Sequence[SeatRow] = ()) -> None:
        if row.game_id in self._games:
            raise Conflict(f"UNIQUE constraint failed: games.game_id {row.game_id}")
        self._check_append(row.game_id, envelopes)
        self._games[row.game_id] = row
        self._events[row.game_id].extend(envelopes)
        for seat, name, token_hash in seats:
            self._seats[row.game_id][seat] = (name, token_hash)

    async def game(self, game_id: str) -> GameRow | None:
        row = self._games.get(game_id)
        return replace(row, seq=len(self._events.get(game_id, []))) if row is not None else None

    async def games(self, status: str | None, limit: int = 200) -> list[GameRow]:
        rows = [row for row in self._games.values() if status is None or row.status == status]
        rows.sort(key=lambda row: row.created_at, reverse=True)
        return [replace(row, seq=len(self._events.get(row.game_id, []))) for row in rows[:limit]]

    async def add_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                       status: str | None = None, bot: str | None = None) -> None:
        taken = any(token_hash == held for seats in self._seats.values() for _, held in seats.values())
        if seat in self._seats[game_id] or taken:
            raise Conflict(f"UNIQUE constraint failed: seat {seat} of {game_id}")
        self._seats[game_id][seat] = (name, token_hash)
        if bot is not None:
            self._bots[game_id][seat] = bot
        if status is not None and game_id in self._games:
            self._games[game_id] = replace(self._games[game_id], status=status)

    async def activate(self, game_id: str) -> None:
        row = self._games.get(game_id)
        if row is not None and row.status == "waiting" and len(self._seats[game_id]) == row.seats:
            self._games[game_id] = replace(row, status="active")

    async def seat_names(self, game_id: str) -> dict[int, str]:
        return {seat: name for seat, (name, _) in self._seats.get(game_id, {}).items()}

    async def seat_of(self, game_id: str, token_hash: str) -> int | None:
        return next((seat for seat, (_, held) in self._seats.get(game_id, {}).items()
                     if held == token_hash), None)

    async def bots(self, game_id: str) -> dict[int, str]:
        return dict(self._bots.get(game_id, {}))

    async def games_with_bots(self, status: str = "active") -> list[str]:
        return [game_id for game_id, seats in self._bots.items()
                if seats and game_id in self._games and self._games[game_id].status == status]

    async def waiting_by(self, creator_addr: str) -> int:
        return sum(1 for row in self._games.values()
                   if row.creator_addr == creator_addr and row.status == "waiting")
