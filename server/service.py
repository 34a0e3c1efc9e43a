"""What the HTTP routes do, apart from HTTP: games, seats, forks, replays, views at a seq."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

import msgspec

from domain.core import Outcome, Rejection, Timeline, rechain, registry, rng_for
from domain.core.registry import AnyGame
from replays.format import FORMAT, Header, ReplayError, dumps
from replays.verify import verify

from .protocol import GameInfo
from .runtime import Runtime
from .store import Conflict, GameRow, Store, now_ms
from .timelines import load_timeline


class Problem(Exception):
    """An HTTP error answer: status, stable code, sentence."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    return secrets.token_hex(6)


class Service:
    def __init__(self, store: Store, runtime: Runtime) -> None:
        self.store = store
        self.runtime = runtime

    # -- games --------------------------------------------------------------------------

    def kind(self, kind: str) -> AnyGame:
        game = registry.get(kind)
        if game is None:
            known = ", ".join(sorted(registry.games())) or "none"
            raise Problem(404, "unknown_kind", f"There is no game kind {kind!r}; known: {known}.")
        return game

    async def row(self, game_id: str) -> GameRow:
        row = await self.store.game(game_id)
        if row is None:
            raise Problem(404, "unknown_game", f"There is no game {game_id!r}.")
        return row

    async def info(self, row: GameRow) -> GameInfo:
        names = await self.store.seat_names(row.game_id)
        game = registry.get(row.kind)
        outcome = msgspec.json.decode(row.outcome) if row.outcome else None
        return GameInfo(
            row.game_id, row.kind, game.title if game else row.kind,
            [names.get(seat) for seat in range(row.seats)], msgspec.json.decode(row.options),
            row.status, row.seq, row.created_at, row.forked_from, row.forked_at, outcome)

    def options(self, game: AnyGame, options: dict[str, Any]) -> bytes:
        try:
            value = msgspec.convert(options, game.options_type)
        except msgspec.ValidationError as exc:
            raise Problem(400, "bad_options", f"options: {exc}") from None
        return msgspec.json.encode(value)

    async def create(self, kind: str, seats: int, options: dict[str, Any],
                     seed: int | None) -> GameRow:
        game = self.kind(kind)
        if seats not in game.seat_counts:
            counts = ", ".join(map(str, game.seat_counts))
            raise Problem(400, "bad_seats", f"{game.title} is played by {counts} players, not {seats}.")
        encoded = self.options(game, options)
        self._check_setup(game, encoded, seats)
        row = GameRow(new_game_id(), kind, encoded, seats, "waiting",
                      seed if seed is not None else secrets.randbits(62), 0, now_ms(),
                      None, None, None)
        await self.store.create_game(row)
        return row

    @staticmethod
    def _check_setup(game: AnyGame, options: bytes, seats: int) -> None:
        """Refuse options the game cannot start with now, not when the last seat joins."""
        try:
            game.start(msgspec.json.decode(options, type=game.options_type), seats, rng_for(0, 0))
        except Rejection as exc:
            raise Problem(400, "bad_options", exc.message) from None
        except ValueError as exc:
            raise Problem(400, "bad_options", str(exc)) from None

    async def join(self, game_id: str, name: str, seat: int | None,
                   bot: bool = False) -> tuple[int, str]:
        row = await self.row(game_id)
        name = name.strip()
        if not name or len(name) > 40:
            raise Problem(400, "bad_name", "name: give a name of 1 to 40 characters.")
        if row.status != "waiting":
            raise Problem(409, "game_started", "This game has already started; you can watch it.")
        taken = await self.store.seat_names(game_id)
        if seat is None:
            free = [s for s in range(row.seats) if s not in taken]
            if not free:
                raise Problem(409, "seat_taken", "Every seat of this game is taken.")
            seat = free[0]
        if not 0 <= seat < row.seats:
            raise Problem(400, "bad_seat", f"seat: {seat} is not a seat of this {row.seats}-seat game.")
        if seat in taken:
            raise Problem(409, "seat_taken", f"Seat {seat} is taken by {taken[seat]}.")
        token = secrets.token_hex(24)  # 192 bits; hex, so it never starts with a dash
        full = len(taken) + 1 == row.seats
        try:
            await self.store.add_seat(game_id, seat, name, hash_token(token),
                                      status="active" if full else None, bot=bot)
        except Conflict:
            raise Problem(409, "seat_taken", f"Seat {seat} was just taken.") from None
        held = self.runtime.games.get(game_id)
        if bot and held is not None:  # a game loaded later reads its bots from the store
            held.bots.add(seat)
        if full:
            runtime = await self.runtime.get(game_id)
            if runtime is not None:
                await runtime.start()
        return seat, token

    async def add_bots(self, game_id: str) -> list[int]:
        """Seat the server's bots on every free seat (which starts the game); their seats."""
        row = await self.row(game_id)
        if row.status != "waiting":
            raise Problem(409, "game_started", "This game has already started; its seats are taken.")
        taken = await self.store.seat_names(game_id)
        free = [seat for seat in range(row.seats) if seat not in taken]
        if not free:
            raise Problem(409, "seat_taken", "Every seat of this game is taken.")
        for seat in free:
            await self.join(game_id, f"Bot {seat + 1}", seat, bot=True)
        return free

    async def caller(self, game_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None for spectators (no token)."""
        if token is None:
            return None
        seat = await self.store.seat_of(game_id, hash_token(token))
        if seat is None:
            raise Problem(401, "bad_token", "That token does not belong to a seat of this game.")
        return seat

    # -- history ----------------------------------------------------------------------

    async def timeline_at(self, row: GameRow, at: int | None) -> Timeline:
        runtime = await self.runtime.get(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        if at is None or at == runtime.seq:
            return runtime.timeline
        if not 0 <= at <= runtime.seq:
            raise Problem(400, "bad_seq", f"at: {at} is outside this game's history (0 to {runtime.seq}).")
        return await load_timeline(self.store, runtime.codec, row.game_id, at)

    async def fork(self, source: str, at: int) -> GameRow:
        row = await self.row(source)
        timeline = await self.timeline_at(row, at)
        new_id = new_game_id()
        envelopes = rechain(timeline.effective(), new_id)
        fork = GameRow(new_id, row.kind, row.options, row.seats, "waiting", secrets.randbits(62),
                       len(envelopes), now_ms(), source, at, None)
        await self.store.create_game(fork, envelopes)
        return fork

    async def replay(self, row: GameRow, seat: int | None) -> bytes:
        runtime = await self.runtime.get(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        names = await self.store.seat_names(row.game_id)
        envelopes = await self.store.events(row.game_id)
        finished = row.status == "finished"
        outcome = msgspec.json.decode(row.outcome, type=Outcome) if row.outcome else None
        if not finished:
            envelopes = [runtime.audiences.redacted(env, runtime.codec.decode(env), seat)
                         for env in envelopes]
        header = Header(FORMAT, row.kind, msgspec.json.decode(row.options), row.seats,
                        [names.get(s) for s in range(row.seats)], game_id=row.game_id,
                        seed=row.seed if finished else None, outcome=outcome)
        return dumps(header, envelopes)

    async def import_replay(self, data: bytes) -> GameRow:
        try:
            verified = verify(data)
        except ReplayError as exc:
            raise Problem(400, "bad_replay", f"The replay does not verify: {exc}.") from None
        header = verified.header
        game = self.kind(header.kind)
        new_id = new_game_id()
        envelopes = rechain(verified.envelopes, new_id)
        outcome = game.outcome(verified.state) if verified.state is not None else None
        status = "finished" if outcome is not None else "imported"
        row = GameRow(new_id, header.kind, msgspec.json.encode(header.options), header.seats,
                      status, header.seed or 0, len(envelopes), now_ms(), header.game_id, None,
                      msgspec.json.encode(outcome) if outcome else None)
        names = [(s, header.names[s] or f"Seat {s}", None) for s in range(header.seats)
                 if s < len(header.names)]
        await self.store.create_game(row, envelopes, names)
        return row
