"""Encoding a game's events into envelope data and back, with upcasting of old versions."""

from __future__ import annotations

import hashlib
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


class EventCodec:
    """Turns a game's events into (type, v, canonical bytes) and envelopes back into events."""

    def __init__(self, game: Game[Any, Any, Any, Any, Any]) -> None:
        self.game = game
        self._decoder = msgspec.json.Decoder(game.event_type)
        self._rewound = msgspec.json.Decoder(RewoundData)

    def encode(self, event: Any) -> tuple[str, int, bytes]:
        tag = tag_of(event)
        return tag, self.game.event_versions.get(tag, 1), canonical(event)

    def decode(self, env: Envelope) -> Any:
        """The game event an envelope carries, upcast to the current version; or the
        platform's own (`RewoundData`, a table event)."""
        if env.type == REWOUND:
            return self._rewound.decode(env.data)
        if env.type in TABLE_TYPES:
            return table_decoder.decode(env.data)
        return self.game_event(env)

    def game_event(self, env: Envelope) -> Any:
        """The game's own event an envelope carries (neither a rewind nor the table's)."""
        if env.v == self.game.event_versions.get(env.type, 1):
            return self._decoder.decode(env.data)
        return self.upcast(env.type, env.v, msgspec.json.decode(env.data))

    def upcast(self, tag: str, v: int, data: dict[str, Any]) -> Any:
        current = self.game.event_versions.get(tag, 1)
        if v > current:
            raise ValueError(f"event {tag} v{v} is newer than this code (v{current})")
        for step in range(v, current):
            data = self.game.upcasters[(tag, step)](data)
        return msgspec.convert(data, self.game.event_type)


def rng_for(seed: int, seq: int, purpose: str = "") -> Random:
    """The random source of the decision made at `seq` of a game with secret `seed`.

    Reproducible by whoever holds the seed; unguessable by anyone else, since each
    seq's generator is keyed by a hash of the seed rather than the seed itself. A
    `purpose` (a bot's seat, say) gives a source independent of the game's own.
    """
    key = f"plaza:{seed}:{seq}" + (f":{purpose}" if purpose else "")
    digest = hashlib.sha256(key.encode()).digest()
    return _Deferred(int.from_bytes(digest, "big"))


class _Deferred(Random):
    """A `Random(key)` that seeds itself on its first draw: most commands draw nothing, and
    seeding the Mersenne Twister from a 256-bit key costs more than deciding many a command.
    Every draw goes through `random` or `getrandbits`, so it draws exactly what Random(key) would."""

    _key: int | None

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._key = a  # Random.__init__ lands here: remember, seed later

    def _seeded(self) -> None:
        if self._key is not None:
            key, self._key = self._key, None
            super().seed(key)

    def random(self) -> float:
        self._seeded()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._seeded()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        self._seeded()
        return super().getstate()
