"""Wire frames of PROTOCOL.md, version 1, as msgspec types.

This module imports nothing but msgspec: clients may import it, and nothing else
of `server/`. Game-specific parts (commands, views, event data) are `Any` here;
their JSON Schemas come from each game's types via `GET /api/kinds`.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

MAX_FRAME = 1 << 20  # 1 MiB
INT64 = 2**63 - 1
# Whole numbers a client may send: the store keeps 64-bit integers, and a larger one
# must be refused at the edge, not inside a transaction shared with other games.
Seq = Annotated[int, msgspec.Meta(ge=0, le=INT64)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=INT64)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=63)]
SeatCount = Annotated[int, msgspec.Meta(ge=1, le=64)]
Name = Annotated[str, msgspec.Meta(max_length=200)]
Token = Annotated[str, msgspec.Meta(max_length=200)]


class Envelope(msgspec.Struct, frozen=True):
    """One event as it travels: platform metadata plus the (possibly redacted) game event."""

    game_id: str
    seq: int
    type: str
    v: int
    actor: int | None
    ref: str | None
    at: int
    irreversible: bool
    prev_hash: str
    hash: str
    data: Any
    # Extension: the command that began this move (on a move's first envelope only; absent
    # from setup events, the rest of a move, older logs, and where it would show a secret).
    command: Any = None


# Client -> server -------------------------------------------------------------


class Hello(msgspec.Struct, tag="hello", tag_field="op", frozen=True, forbid_unknown_fields=False):
    game: Annotated[str, msgspec.Meta(max_length=200)]
    token: Token | None = None
    since: Seq | None = None


class Command(msgspec.Struct, tag="command", tag_field="op", frozen=True):
    ref: str
    command: dict[str, Any]
    after: Seq | None = None


class Undo(msgspec.Struct, tag="undo", tag_field="op", frozen=True):
    ref: str


class Ping(msgspec.Struct, tag="ping", tag_field="op", frozen=True):
    pass


class Leave(msgspec.Struct, tag="leave", tag_field="op", frozen=True):
    """An extension: the seat leaves the game; a bot plays it until its player reclaims it."""

    ref: str


class Reclaim(msgspec.Struct, tag="reclaim", tag_field="op", frozen=True):
    """An extension: the seat's player takes it back from the bot that played it."""

    ref: str


ClientFrame = Hello | Command | Undo | Ping | Leave | Reclaim

# Server -> client -------------------------------------------------------------


class Welcome(msgspec.Struct, tag="welcome", tag_field="op", frozen=True):
    game: str
    kind: str
    seat: int | None
    seq: int
    events: list[Any]
    view: Any
    legal: list[Any]
    active: list[int]
    outcome: Any
    log: list[str] = []  # an extension: each event in words, as the game describes it
    table: Any = None  # an extension: clocks, who plays each seat (domain/core/table.py)


class Update(msgspec.Struct, tag="update", tag_field="op", frozen=True):
    seq: int
    events: list[Any]
    view: Any
    legal: list[Any]
    active: list[int]
    outcome: Any
    log: list[str] = []  # an extension: each event in words, as the game describes it
    table: Any = None  # an extension: clocks, who plays each seat (domain/core/table.py)


class Accepted(msgspec.Struct, tag="accepted", tag_field="op", frozen=True):
    ref: str
    seq: int


class Rejected(msgspec.Struct, tag="rejected", tag_field="op", frozen=True):
    ref: str
    code: str
    message: str


class Error(msgspec.Struct, tag="error", tag_field="op", frozen=True, omit_defaults=True):
    code: str
    message: str
    ref: str | None = None  # an extension: the ref of the command this answers, when known


class Pong(msgspec.Struct, tag="pong", tag_field="op", frozen=True):
    pass


ServerFrame = Welcome | Update | Accepted | Rejected | Error | Pong

# Error codes (PROTOCOL.md) -------------------------------------------------------

# `busy` (lost too many races in a row) and `internal` (a fault of the server's) are not
# recorded under the ref: sending the same ref again is a fresh try.
REJECT_CODES = ("not_a_seat", "not_your_turn", "illegal", "stale", "game_over", "undo_refused",
                "busy", "internal", "unavailable")
# `no_hello`: the connection sent no hello in time (it is closed); `internal`: a fault of the
# server's while handling the frame (the connection stays open).
ERROR_CODES = ("bad_json", "bad_frame", "too_large", "rate_limited", "unknown_game", "bad_token",
               "no_hello", "private_fork", "internal")
# `{"error": {"code", "message"}}` answers over HTTP.
HTTP_CODES = ("bad_json", "bad_frame", "bad_query", "bad_options", "bad_seats", "bad_seat", "bad_name",
              "bad_seq", "bad_replay", "bad_token", "not_allowed", "private_fork", "unknown_game",
              "unknown_kind", "not_found", "bad_method", "too_slow", "game_started", "seat_taken",
              "too_large", "rate_limited", "too_many_games", "unavailable", "internal", "bad_table",
              "bad_level", "not_finished")

# HTTP bodies --------------------------------------------------------------------


class NewGame(msgspec.Struct, frozen=True):
    kind: Annotated[str, msgspec.Meta(max_length=64)]
    seats: SeatCount
    options: dict[str, Any] = {}
    seed: Seed | None = None  # a known seed makes a practice game: its draws are predictable
    # An extension: the table's options: clock (a preset name or {bank_ms, increment_ms} or
    # {per_move_ms}), on_expiry (bot, drop, abandon), leave_after_s, bot_level.
    table: dict[str, Any] = {}


class AddBots(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An extension: which free seats get bots (default: all) and at which level each."""

    level: Annotated[str, msgspec.Meta(max_length=16)] = "random"
    seats: list[SeatNumber] | None = None
    levels: dict[str, Annotated[str, msgspec.Meta(max_length=16)]] = {}  # seat -> level


class JoinGame(msgspec.Struct, frozen=True):
    name: Name
    seat: SeatNumber | None = None
    # An extension: joining a fork of an unfinished game needs that seat's token in the source.
    source_token: Token | None = None


class Joined(msgspec.Struct, frozen=True):
    seat: int
    token: str


class ForkGame(msgspec.Struct, frozen=True):
    at: Seq


class Rematched(msgspec.Struct, frozen=True):
    """An extension: the rematch of a finished game, and the caller's seat in it."""

    game_id: str
    seat: int
    token: str


class Outcome(msgspec.Struct, frozen=True):
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    breakdown: dict[str, Any] = {}


class GameInfo(msgspec.Struct, frozen=True):
    """Game metadata. `seats` holds each seat's player name (None while the seat is free)."""

    game_id: str
    kind: str
    title: str
    seats: list[str | None]
    options: dict[str, Any]
    status: str
    seq: int
    created_at: int
    forked_from: str | None = None
    forked_at: int | None = None
    outcome: Outcome | None = None
    practice: bool = False  # an extension: the creator chose the seed, so draws are predictable
    table: dict[str, Any] = {}  # an extension: the table's options (clock, leavers)
    bots: dict[str, str] = {}  # an extension: seats seated with bots -> their level


class Created(GameInfo, frozen=True):
    """The answer to creating a game: its metadata and the creator's token (an extension),
    which lets the creator seat the server's bots."""

    creator_token: str = ""


class Forked(GameInfo, frozen=True):
    """The answer to a fork: its metadata and, for a fork of an unfinished game, the seat
    the caller holds in it (an extension)."""

    joined: Joined | None = None


class StateAnswer(msgspec.Struct, frozen=True):
    game: str
    seq: int
    view: Any
    legal: list[Any]
    active: list[int]
    outcome: Any
    seat: int | None = None  # an extension: whose view this is (None: spectators)
    table: Any = None  # an extension: the table now, as in frames (None for a past `at`)


class EventsAnswer(msgspec.Struct, frozen=True):
    seq: int
    events: list[Any]


client_decoder = msgspec.json.Decoder(ClientFrame)
server_decoder = msgspec.json.Decoder(ServerFrame)
encoder = msgspec.json.Encoder()
