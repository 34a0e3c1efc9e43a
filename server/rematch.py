"""Rematches: at the end of a game, the same table again (kind, options, table options),
its seats in rotated order so that another player begins.

The first player to ask creates the rematch and records it in the finished game's log as
`RematchOffered`, which every viewer of that game receives; each player who accepts (asks
too) gets their rotated seat with a new token. Bots accept at once, at their level.
"""

from __future__ import annotations

import contextlib
import hashlib
from typing import TYPE_CHECKING

import msgspec

from domain.core.table import RematchOffered

from .protocol import Rematched
from .service import Problem
from .store import Conflict

if TYPE_CHECKING:
    from .service import Service
    from .store import GameRow


class Rematches:
    def __init__(self, service: Service) -> None:
        self.service = service

    async def accept(self, game_id: str, token: str | None) -> Rematched:
        service = self.service
        row = await service.row(game_id)
        if row.status != "finished":
            raise Problem(409, "not_finished", "A rematch can be asked for once the game has ended.")
        seat = await service.caller(game_id, token) if token is not None else None
        if seat is None:
            raise Problem(403, "not_allowed", "Only this game's players may ask for its rematch: "
                          "send your seat's token.")
        new_id = await self._offered(row)
        names = await service.store.seat_names(game_id)
        new_seat, new_token = await service.join(new_id, names.get(seat, f"Seat {seat + 1}"),
                                                 rotated(seat, row.seats))
        return Rematched(new_id, new_seat, new_token)

    async def _offered(self, row: GameRow) -> str:
        """The rematch's game id, creating and announcing it if nobody has yet.

        Its id follows from the finished game's, so processes that create it at once make
        one game, not one each (the store refuses the second row): an id of their own left
        an empty game waiting for good in the lobby whenever the other's offer was logged
        first. Whoever logs the offer seats the bots."""
        runtime = await self.service.runtime.get(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        new_id = rematch_id(row.game_id)
        async with runtime.lock:
            known = runtime.tableside.side.rematch
            if known is not None:
                return known
            table = msgspec.json.decode(row.table) if row.table else {}
            with contextlib.suppress(Conflict):  # another process made it: that row stands
                await self.service.create(row.kind, row.seats, msgspec.json.decode(row.options),
                                          None, table=table, game_id=new_id)
            offered = await runtime.tableside.append([RematchOffered(new_id)], None,
                                                     after_the_end=True)
        if offered:
            await self._seat_bots(row, new_id)
        elif runtime.tableside.side.rematch != new_id:
            raise Problem(409, "game_started", "The rematch could not be offered; try again.")
        return new_id

    async def _seat_bots(self, row: GameRow, new_id: str) -> None:
        for seat, level in (await self.service.store.bots(row.game_id)).items():
            await self.service.join(new_id, f"Bot {rotated(seat, row.seats) + 1}",
                                    rotated(seat, row.seats), bot=level)


def rematch_id(game_id: str) -> str:
    """The id of a game's rematch: the same from every process, and like any other id."""
    return hashlib.sha256(f"rematch of {game_id}".encode()).hexdigest()[:12]


def rotated(seat: int, seats: int) -> int:
    """The seat's place in the rematch: everyone moves one place up, so seat 1 begins."""
    return (seat - 1) % seats
