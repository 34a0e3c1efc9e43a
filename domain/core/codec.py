"""Encoding a game's events into envelope data and back, with upcasting of old versions."""

from __future__ import annotations

import hashlib
import typing
from functools import cache
from random import Random
from typing import Any

import msgspec

from .envelope import REWOUND, Envelope, RewoundData, canonical
from .game import Game
from .table import TABLE_TYPES, table_decoder


def tag_of(struct: Any) -> str:
    """The stable wire tag of a tagged msgspec Struct instance."""
    tag = type(struct).__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{type(struct).__name__} has no string tag")
    return tag


class Tagged:
    """Reads one tagged union of Structs (a game's commands, its events) from JSON or from
    builtins, with msgspec's own results and errors.

    `msgspec.convert(obj, union)` and `msgspec.json.decode(data, type=union)` build the
    union's tag lookup again on every call: 24-27 µs a Barcelona command (23 kinds), a
    twentieth of the server's whole cost of one. A kept decoder, or converting to the
    member the tag names, costs 0.3-0.4 µs."""

    def __init__(self, union: Any) -> None:
        self.union = union
        members = typing.get_args(union) or (union,)
        self._field = members[0].__struct_config__.tag_field
        self._by_tag = {member.__struct_config__.tag: member for member in members
                        if member.__struct_config__.tag_field == self._field}
        self.decoder = msgspec.json.Decoder(union)

    def decode(self, data: bytes) -> Any:
        return self.decoder.decode(data)

    def convert(self, obj: Any) -> Any:
        if type(obj) is dict:
            tag = obj.get(self._field)
            member = self._by_tag.get(tag) if type(tag) is str else None
            if member is not None:
                return msgspec.convert(obj, member)
        return msgspec.convert(obj, self.union)  # no member named: msgspec's own error


@cache
def tagged(union: Any) -> Tagged:
    """The kept reader of this union (one per game's commands, one per its events)."""
    return Tagged(union)


class EventCodec:
    """Turns a game's events into (type, v, canonical bytes) and envelopes back into events."""

    def __init__(self, game: Game[Any, Any, Any, Any, Any]) -> None:
        self.game = game
        self._events = tagged(game.event_type)
        # An event's data at its current version, decoded (`game_event` without its checks,
        # for a fold's loop that has checked the version itself).
        self.decode_data = self._events.decoder.decode
        self.rewound = msgspec.json.Decoder(RewoundData).decode  # a Rewound envelope's data

    def encode(self, event: Any) -> tuple[str, int, bytes]:
        tag = tag_of(event)
        return tag, self.game.event_versions.get(tag, 1), canonical(event)

    def decode(self, env: Envelope) -> Any:
        """The game event an envelope carries, upcast to the current version; or the
        platform's own (`RewoundData`, a table event)."""
        if env.type == REWOUND:
            return self.rewound(env.data)
        if env.type in TABLE_TYPES:
            return table_decoder.decode(env.data)
        return self.game_event(env)

    def game_event(self, env: Envelope) -> Any:
        """The game's own event an envelope carries (neither a rewind nor the table's)."""
        if env.v == self.game.event_versions.get(env.type, 1):
            return self.decode_data(env.data)
        return self.upcast(env.type, env.v, msgspec.json.decode(env.data))

    def upcast(self, tag: str, v: int, data: dict[str, Any]) -> Any:
        current = self.game.event_versions.get(tag, 1)
        if v > current:
            raise ValueError(f"event {tag} v{v} is newer than this code (v{current})")
        for step in range(v, current):
            data = self.game.upcasters[(tag, step)](data)
        return self._events.convert(data)


def rng_for(seed: int, seq: int, purpose: str = "") -> Random:
    """The random source of the decision made at `seq` of a game with secret `seed`.

    Reproducible by whoever holds the seed; unguessable by anyone else, since each
    seq's generator is keyed by a hash of the seed rather than the seed itself. A
    `purpose` (a bot's seat, say) gives a source independent of the game's own.
    """
    return _Deferred(f"plaza:{seed}:{seq}" + (f":{purpose}" if purpose else ""))


class _Deferred(Random):
    """A `Random(int(sha256(key)))` that hashes its key and seeds itself on its first draw:
    most commands draw nothing, and seeding the Mersenne Twister from a 256-bit key costs
    more than deciding many a command (the hash alone 1.5 µs, of 2.4 for the whole rng_for).
    Every draw goes through `random` or `getrandbits`, so it draws exactly what that Random
    would."""

    _key: str | None

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._key = a  # Random.__init__ lands here: remember, seed later

    def _seeded(self) -> None:
        if self._key is not None:
            key, self._key = self._key, None
            super().seed(int.from_bytes(hashlib.sha256(key.encode()).digest(), "big"))

    def random(self) -> float:
        self._seeded()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._seeded()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        self._seeded()
        return super().getstate()
