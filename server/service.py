"""What the HTTP routes do, apart from HTTP: games, seats, forks, replays, views at a seq."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

import msgspec

from domain.core import (
    REWOUND,
    Outcome,
    Rejection,
    RewoundData,
    Timeline,
    rechain,
    registry,
    rng_for,
)
from domain.core.bots import LEVELS
from domain.core.registry import AnyGame
from replays.format import FORMAT, Header, dumps

from .games import Runtime
from .limits import Limits, Refused, check_plain, clean_name
from .protocol import GameInfo
from .store import Conflict, GameRow, Store, now_ms
from .tableside import parse_table
from .timelines import load_timeline


class Problem(Exception):
    """An HTTP error answer: status, stable code, sentence."""

    def __init__(self, status: int, code: str, message: str, retry_after: int = 0) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.retry_after = retry_after


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    return secrets.token_hex(6)


def new_token() -> str:
    return secrets.token_hex(24)  # 192 bits; hex, so it never starts with a dash


class Service:
    def __init__(self, store: Store, runtime: Runtime, limits: Limits | None = None) -> None:
        self.store = store
        self.runtime = runtime
        self.limits = limits or Limits()

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
        bots = await self.store.bots(row.game_id)
        return GameInfo(
            row.game_id, row.kind, game.title if game else row.kind,
            [names.get(seat) for seat in range(row.seats)], msgspec.json.decode(row.options),
            row.status, row.seq, row.created_at, row.forked_from, row.forked_at, outcome,
            row.practice, msgspec.json.decode(row.table) if row.table else {},
            {str(seat): level for seat, level in sorted(bots.items())})

    @staticmethod
    def table(raw: dict[str, Any]) -> bytes | None:
        """The table's options, encoded (None: the plain table, no clock, nobody replaced)."""
        if not raw:
            return None
        try:
            check_plain(raw, "table")
            return msgspec.json.encode(parse_table(raw))
        except (Refused, ValueError) as exc:
            raise Problem(400, "bad_table", str(exc)) from None

    def options(self, game: AnyGame, options: dict[str, Any]) -> bytes:
        try:
            check_plain(options, "options")
            value = msgspec.convert(options, game.options_type)
        except Refused as exc:
            raise Problem(400, "bad_options", str(exc)) from None
        except msgspec.ValidationError as exc:
            raise Problem(400, "bad_options", f"options: {exc}") from None
        return msgspec.json.encode(value)

    async def create(self, kind: str, seats: int, options: dict[str, Any],
                     seed: int | None, address: str = "",
                     table: dict[str, Any] | None = None,
                     game_id: str | None = None) -> tuple[GameRow, str]:
        """A new waiting game and its creator's token. A chosen seed makes it a practice
        game: its creator can predict every draw, so it is marked as such everywhere.
        `game_id`: a given id (a rematch's); `Conflict` if a game has it already."""
        game = self.kind(kind)
        if seats not in game.seat_counts:
            counts = ", ".join(map(str, game.seat_counts))
            raise Problem(400, "bad_seats", f"{game.title} is played by {counts} players, not {seats}.")
        encoded = self.options(game, options)
        self._check_setup(game, encoded, seats)
        tabled = self.table(table or {})
        await self._check_waiting(address)
        token = new_token()
        row = GameRow(game_id or new_game_id(), kind, encoded, seats, "waiting",
                      seed if seed is not None else secrets.randbits(62), 0, now_ms(),
                      None, None, None, hash_token(token), address, practice=seed is not None,
                      table=tabled)
        await self.store.create_game(row)
        return row, token

    async def _check_waiting(self, address: str) -> None:
        """One client may keep only so many games waiting, so the lobby stays everyone's."""
        if address and await self.store.waiting_by(address) >= self.limits.waiting_per_address:
            raise Problem(429, "too_many_games",
                          f"You already have {self.limits.waiting_per_address} games waiting for "
                          "players; start or finish one of them first.")

    @staticmethod
    def _check_setup(game: AnyGame, options: bytes, seats: int) -> None:
        """Refuse options the game cannot start with now, not when the last seat joins."""
        try:
            game.start(msgspec.json.decode(options, type=game.options_type), seats, rng_for(0, 0))
        except Rejection as exc:
            raise Problem(400, "bad_options", exc.message) from None
        except ValueError as exc:
            raise Problem(400, "bad_options", str(exc)) from None

    async def join(self, game_id: str, name: str, seat: int | None, bot: str | None = None,
                   source_token: str | None = None) -> tuple[int, str]:
        """Take a seat; `bot`: the level of the server's bot that takes it."""
        row = await self.row(game_id)
        try:
            name = clean_name(name)
        except Refused as exc:
            raise Problem(400, "bad_name", str(exc)) from None
        if row.status != "waiting":
            raise Problem(409, "game_started", "This game has already started; you can watch it.")
        if bot is None and await self.private(row):
            seat = await self._source_seat(row, seat, source_token)
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
        token = new_token()
        try:
            await self.store.add_seat(game_id, seat, name, hash_token(token), bot=bot)
        except Conflict:
            raise Problem(409, "seat_taken", f"Seat {seat} was just taken.") from None
        held = self.runtime.games.get(game_id)
        if bot is not None and held is not None:  # a game loaded later reads its bots from the store
            held.bots.add(seat, bot)
        # Counted after our seat is stored: two joins racing for the last seats may each have
        # seen the other's seat free, but the later of them sees both.
        if len(await self.store.seat_names(game_id)) == row.seats:
            await self.store.activate(game_id)
            runtime = await self.runtime.get(game_id)
            if runtime is not None:
                await runtime.start()  # a second start finds the setup there and catches up
        return seat, token

    async def add_bots(self, game_id: str, token: str | None, level: str = "random",
                       seats: list[int] | None = None,
                       levels: dict[int, str] | None = None) -> list[int]:
        """Seat the server's bots on `seats` (default: every free seat; a full table starts),
        each at its level in `levels`, else at `level`; their seats. Only the game's creator
        or one of its seated players may."""
        row = await self.row(game_id)
        await self._check_host(row, token)
        if row.status != "waiting":
            raise Problem(409, "game_started", "This game has already started; its seats are taken.")
        taken = await self.store.seat_names(game_id)
        free = [seat for seat in range(row.seats) if seat not in taken]
        chosen = free if seats is None else seats
        if not chosen or any(seat not in free for seat in chosen):
            raise Problem(409, "seat_taken", f"Bots can take only free seats; free: {free or 'none'}.")
        levels = {seat: (levels or {}).get(seat, level) for seat in chosen}
        for seat, named in levels.items():
            if named not in LEVELS:
                raise Problem(400, "bad_level", f"level of seat {seat}: {named!r} is none of "
                              f"{', '.join(LEVELS)}.")
        for seat in chosen:
            await self.join(game_id, f"Bot {seat + 1}", seat, bot=levels[seat])
        return chosen

    async def _check_host(self, row: GameRow, token: str | None) -> None:
        if token is None:
            raise Problem(403, "not_allowed", "Only the game's creator or one of its players may "
                          "seat bots: send the creator's or a seat's token.")
        digest = hash_token(token)
        if digest != row.creator_hash and await self.store.seat_of(row.game_id, digest) is None:
            raise Problem(401, "bad_token", "That token is neither the creator's nor a seat's of this game.")

    async def caller(self, game_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None for spectators (no token)."""
        if token is None:
            if await self.private(await self.row(game_id)):
                raise Problem(403, "private_fork", "This fork of an unfinished game is open only to "
                              "that game's players, until it ends: send your seat's token.")
            return None
        seat = await self.store.seat_of(game_id, hash_token(token))
        if seat is None:
            raise Problem(401, "bad_token", "That token does not belong to a seat of this game.")
        return seat

    # -- history ----------------------------------------------------------------------

    async def timeline_at(self, row: GameRow, at: int | None) -> Timeline:
        runtime = await self.runtime.peek(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        if at is None or at == runtime.seq:
            return runtime.timeline
        if not 0 <= at <= runtime.seq:
            raise Problem(400, "bad_seq", f"at: {at} is outside this game's history (0 to {runtime.seq}).")
        return await load_timeline(self.store, runtime.codec, row.game_id, at)

    # -- secrets of unfinished games ---------------------------------------------------------

    async def secret(self, row: GameRow) -> bool:
        """Whether the game's history still hides something from somebody: until it ends,
        and for a fork, until the game it was forked from has ended too."""
        return row.status != "finished" or await self.private(row)

    async def private(self, row: GameRow) -> bool:
        """A fork of a game whose secrets are still kept: open only to its players' seats."""
        if row.forked_at is None or row.forked_from is None:
            return False
        source = await self.store.game(row.forked_from)
        return source is not None and await self.secret(source)

    async def _source_seat(self, fork: GameRow, seat: int | None, source_token: str | None) -> int:
        """The seat a joiner of a private fork may take: the one it holds in the source."""
        assert fork.forked_from is not None
        if source_token is None:
            raise Problem(403, "private_fork", "This is a fork of an unfinished game: each seat goes "
                          "only to that seat's player there (send source_token).")
        held = await self.store.seat_of(fork.forked_from, hash_token(source_token))
        if held is None or (seat is not None and seat != held):
            raise Problem(403, "private_fork", "source_token does not hold that seat in the game "
                          f"this one was forked from ({fork.forked_from}).")
        return held

    async def fork(self, source: str, at: int, token: str | None,
                   name: str = "") -> tuple[GameRow, tuple[int, str] | None]:
        """A new waiting game from the source's history up to `at`, with a fresh seed.

        Anyone may fork a finished game. A game that still hides something may be forked
        only by one of its seats, who holds the same seat in the fork at once; each other
        seat goes only to that seat's player (see `join`)."""
        row = await self.row(source)
        restricted = await self.secret(row)
        seat = await self.caller(source, token)
        if restricted and seat is None:
            raise Problem(403, "not_allowed", "Only this game's players may fork it before it ends "
                          "(its hidden cards would show): send your seat's token.")
        timeline = await self.timeline_at(row, at)
        new_id = new_game_id()
        envelopes = rechain(timeline.effective(), new_id)
        fork = GameRow(new_id, row.kind, row.options, row.seats, "waiting", secrets.randbits(62),
                       len(envelopes), now_ms(), source, at, None, table=row.table)
        await self.store.create_game(fork, envelopes)
        if not restricted or seat is None or token is None:
            return fork, None
        names = await self.store.seat_names(source)
        return fork, await self.join(new_id, name or names.get(seat, f"Seat {seat + 1}"), seat,
                                     source_token=token)

    async def replay(self, row: GameRow, seat: int | None) -> bytes:
        runtime = await self.runtime.peek(row.game_id)
        if runtime is None:
            raise Problem(404, "unknown_kind", f"The game kind {row.kind!r} is not installed.")
        names = await self.store.seat_names(row.game_id)
        envelopes = await self.store.events(row.game_id)
        public = not await self.secret(row)
        outcome = msgspec.json.decode(row.outcome, type=Outcome) if row.outcome else None
        if not public:
            envelopes = [runtime.audiences.redacted(env, runtime.codec.decode(env), seat)
                         for env in envelopes]
        header = Header(FORMAT, row.kind, msgspec.json.decode(row.options), row.seats,
                        [names.get(s) for s in range(row.seats)], game_id=row.game_id,
                        seed=row.seed if public else None, outcome=outcome,
                        forked_from=row.forked_from if row.forked_at is not None else None,
                        forked_at=row.forked_at, prefix=await self._fork_prefix(row))
        return dumps(header, envelopes)

    async def _fork_prefix(self, row: GameRow) -> int | None:
        """How many of a fork's first envelopes are its source's history (None: not a fork):
        a verifier re-simulates the fork's own moves only after them."""
        if row.forked_at is None or row.forked_from is None:
            return None
        kept: list[int] = []  # the seqs of the source's effective history at the fork point
        for env in await self.store.events(row.forked_from, upto=row.forked_at):
            if env.type == REWOUND:
                to_seq = msgspec.json.decode(env.data, type=RewoundData).to_seq
                while kept and kept[-1] > to_seq:
                    kept.pop()
            else:
                kept.append(env.seq)
        return len(kept)
