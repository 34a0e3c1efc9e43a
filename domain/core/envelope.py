"""The event envelope: platform metadata around one game event, hash-chained.

`hash = sha256(prev_hash || canonical JSON of the envelope without hash)`, where
canonical JSON has sorted keys and no insignificant whitespace (PROTOCOL.md).
`data` is kept as canonical JSON bytes, so hashing never re-encodes the event.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

GENESIS = "0" * 64
REWOUND = "Rewound"


class Envelope(msgspec.Struct, frozen=True, omit_defaults=False):
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
    data: msgspec.Raw


class _Unhashed(msgspec.Struct, frozen=True):
    game_id: str
    seq: int
    type: str
    v: int
    actor: int | None
    ref: str | None
    at: int
    irreversible: bool
    prev_hash: str
    data: msgspec.Raw


_encoder = msgspec.json.Encoder(order="sorted")


def canonical(obj: Any) -> bytes:
    """Canonical JSON: sorted keys, compact, UTF-8."""
    return _encoder.encode(obj)


def hash_of(
    game_id: str, seq: int, type: str, v: int, actor: int | None, ref: str | None,
    at: int, irreversible: bool, prev_hash: str, data: msgspec.Raw,
) -> str:
    body = _Unhashed(game_id, seq, type, v, actor, ref, at, irreversible, prev_hash, data)
    return hashlib.sha256(prev_hash.encode("ascii") + _encoder.encode(body)).hexdigest()


def seal(
    game_id: str, seq: int, type: str, v: int, actor: int | None, ref: str | None,
    at: int, irreversible: bool, prev_hash: str, data: bytes,
) -> Envelope:
    """Build an envelope and compute its hash. `data` must already be canonical JSON."""
    raw = msgspec.Raw(data)
    digest = hash_of(game_id, seq, type, v, actor, ref, at, irreversible, prev_hash, raw)
    return Envelope(game_id, seq, type, v, actor, ref, at, irreversible, prev_hash, digest, raw)


def verify_chain(envelopes: list[Envelope], first_prev: str = GENESIS) -> int | None:
    """Return the seq of the first envelope whose link or hash is wrong, or None."""
    prev = first_prev
    expected_seq = envelopes[0].seq if envelopes else 1
    for env in envelopes:
        if env.seq != expected_seq or env.prev_hash != prev:
            return env.seq
        digest = hash_of(env.game_id, env.seq, env.type, env.v, env.actor, env.ref, env.at,
                         env.irreversible, env.prev_hash, env.data)
        if digest != env.hash:
            return env.seq
        prev = env.hash
        expected_seq += 1
    return None


def rechain(envelopes: list[Envelope], game_id: str) -> list[Envelope]:
    """The same events, renumbered from 1 and chained anew under `game_id`."""
    out: list[Envelope] = []
    prev = GENESIS
    for seq, env in enumerate(envelopes, start=1):
        new = seal(game_id, seq, env.type, env.v, env.actor, env.ref, env.at,
                   env.irreversible, prev, bytes(env.data))
        out.append(new)
        prev = new.hash
    return out


class RewoundData(msgspec.Struct, frozen=True):
    """Data of the platform's own `Rewound` event: history after `to_seq` no longer counts."""

    to_seq: int
