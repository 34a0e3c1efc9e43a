"""Rematches: at the end of a game, the same table again (kind, options, table options),
its seats in rotated order so that another player begins.

The first player to ask creates the rematch and records it in the finished game's log as
`RematchOffered`, which every viewer of that game receives; each player who accepts (asks
too) gets their rotated seat with a new token. Bots accept at once, at their level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from domain.core.table import RematchOffered

from .protocol import Rematched
from .service import Problem

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
        """The rematch's game id, creating and announcing it if nobody has yet."""
        runtime = await self.service.runtime.get(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        async with runtime.lock:
            known = runtime.tableside.side.rematch
            if known is not None:
                return known
            table = msgspec.json.decode(row.table) if row.table else {}
            new_row, _ = await self.service.create(row.kind, row.seats, msgspec.json.decode(row.options),
                                                   None, table=table)
            offered = await runtime.tableside.append([RematchOffered(new_row.game_id)], None,
                                                     after_the_end=True)
            known = runtime.tableside.side.rematch
        if not offered:  # another process offered one first: that one stands
            if known is None:
                raise Problem(409, "game_started", "The rematch could not be offered; try again.")
            return known
        await self._seat_bots(row, new_row.game_id)
        return new_row.game_id

    async def _seat_bots(self, row: GameRow, new_id: str) -> None:
        for seat, level in (await self.service.store.bots(row.game_id)).items():
            await self.service.join(new_id, f"Bot {rotated(seat, row.seats) + 1}",
                                    rotated(seat, row.seats), bot=level)


def rotated(seat: int, seats: int) -> int:
    """The seat's place in the rematch: everyone moves one place up, so seat 1 begins."""
    return (seat - 1) % seats
