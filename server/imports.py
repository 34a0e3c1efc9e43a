"""Importing a replay file: only a finished game whose every move the rules re-simulate,
its result the log's own (the table's say included), its names and header checked; a fork's
first events must be those of a public game this server holds."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import msgspec

from domain.core import EventCodec, Outcome, rechain
from domain.core.table import logged_result
from replays.format import Header, ReplayError
from replays.resim import compare_prefix
from replays.verify import Verified, verify

from .limits import Refused, check_plain, clean_name
from .service import Problem, new_game_id
from .store import GameRow, now_ms
from .timelines import load_timeline

if TYPE_CHECKING:
    from .service import Service


class Imports:
    def __init__(self, service: Service) -> None:
        self.service = service

    async def accept(self, data: bytes, address: str = "") -> GameRow:
        """A finished game from a replay file whose every move the rules re-simulate (a fork's
        from its fork point, its first events being those of a public game held here)."""
        service = self.service
        # Re-simulating decides every move again: off the event loop, so other games keep moving.
        try:
            verified = await asyncio.to_thread(verify, data)
            header = verified.header
            names = self._import_names(header)
            outcome = self._proven_outcome(verified)
            if verified.prefix:
                await self._check_fork_source(verified)
        except (ReplayError, Refused) as exc:
            raise Problem(400, "bad_replay", f"The replay does not verify: {exc}.") from None
        game = service.kind(header.kind)
        new_id = new_game_id()
        envelopes = rechain(verified.envelopes, new_id)
        # An imported fork stays one, so its own replay names the prefix a verifier skips.
        source = (header.forked_from, header.forked_at) if verified.prefix else (header.game_id, None)
        row = GameRow(new_id, header.kind, service.options(game, header.options), header.seats,
                      "finished", header.seed or 0, len(envelopes), now_ms(), *source,
                      msgspec.json.encode(outcome), None, address)
        await service.store.create_game(row, envelopes, names)
        return row

    @staticmethod
    def _proven_outcome(verified: Verified) -> Outcome:
        """The outcome of a file the rules prove, or `Refused` saying why it cannot be imported."""
        if not verified.resimulated:
            raise Refused(f"it is {verified.proof()}; only a game whose every move the rules "
                          "re-simulate can be imported")
        rules = verified.timeline.game.outcome(verified.state) if verified.state is not None else None
        # The table's say counts too: an abandoned game is over, a dropped seat ranks last.
        outcome = logged_result(verified.header.seats, verified.envelopes, rules)
        if outcome is None:
            raise Refused(f"its game is not over at seq {verified.timeline.seq}; only finished "
                          "games can be imported")
        return outcome

    async def _check_fork_source(self, verified: Verified) -> None:
        """A fork's first events are proven by its source's log: this server must hold that
        game, public (else matching its secret history would reveal it), with that history."""
        service, header = self.service, verified.header
        origin = f"its first {verified.prefix} events are game {header.forked_from}'s"
        row = await service.store.game(header.forked_from) if header.forked_from else None
        if row is None or header.forked_at is None:
            raise Refused(f"{origin}, a game this server does not hold, so they cannot be proven")
        if await service.secret(row):
            raise Refused(f"{origin}, a game still being played")
        if not 0 <= header.forked_at <= row.seq:
            raise Refused(f"{origin} up to seq {header.forked_at}, past that game's end")
        game = service.kind(row.kind)
        if row.kind != header.kind:
            raise Refused(f"{origin}, a game of {game.title}")
        source = await load_timeline(service.store, EventCodec(game), row.game_id, header.forked_at,
                                     use_snapshots=False)
        why = compare_prefix(verified.envelopes[: verified.prefix], source.effective())
        if why is not None:
            raise Refused(f"{origin} at seq {header.forked_at}, but {why}")

    def _import_names(self, header: Header) -> list[tuple[int, str, str | None]]:
        """The header's seats and names, refused when no real game could have them."""
        game = self.service.kind(header.kind)
        if header.seats not in game.seat_counts:
            raise Refused(f"the header's seats: {game.title} is not played by {header.seats}")
        if len(header.names) > header.seats:
            raise Refused(f"the header names {len(header.names)} players for {header.seats} seats")
        if header.game_id is not None and not (0 < len(header.game_id) <= 64
                                               and header.game_id.isprintable()):
            raise Refused("the header's game_id: give 1 to 64 printable characters")
        if header.seed is not None:
            check_plain(header.seed, "the header's seed")
        return [(s, clean_name(name or f"Seat {s}", f"the header's names[{s}]"), None)
                for s, name in enumerate(header.names)]
