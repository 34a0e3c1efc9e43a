"""The event envelope: platform metadata around one game event, hash-chained.

`hash = sha256(prev_hash || canonical JSON of the envelope without hash)`, where
canonical JSON has sorted keys and no insignificant whitespace (PROTOCOL.md).
`data` is kept as canonical JSON bytes, so hashing never re-encodes the event.

`command` is the move that produced the envelope's event, as canonical JSON: the first
envelope of each accepted command carries it (a `Rewound` carries the undo), so the log
records what each seat chose next to what the rules made of it, and a verifier can decide
every move again. Setup envelopes and the rest of a command's events carry none. An
envelope without a command leaves the field out of its JSON, hashed form included, so
logs written before the field existed keep their hashes.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

GENESIS = "0" * 64
REWOUND = "Rewound"
# No command: the default, left out of the JSON (compared by identity when encoding, so
# every envelope without a command must hold this very object: `seal` sees to it).
NULL = msgspec.Raw(b"null")
# The command a `Rewound` records: the platform's undo, as a seat sends it.
UNDO = b'{"type":"Undo"}'


class Envelope(msgspec.Struct, frozen=True, omit_defaults=True):
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
    command: msgspec.Raw = NULL

    @property
    def commanded(self) -> bool:
        """Whether this envelope records the command (or undo) that began a move."""
        return self.command is not NULL and self.command != NULL


class _Unhashed(msgspec.Struct, frozen=True, omit_defaults=True):
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
    command: msgspec.Raw = NULL


_encoder = msgspec.json.Encoder(order="sorted")


def canonical(obj: Any) -> bytes:
    """Canonical JSON: sorted keys, compact, UTF-8."""
    return _encoder.encode(obj)


def _command(command: msgspec.Raw | bytes | None) -> msgspec.Raw:
    """The one `NULL` for no command (whatever spelling it came in), else the raw bytes."""
    if command is None or command is NULL or command == NULL or command == b"null":
        return NULL
    return command if isinstance(command, msgspec.Raw) else msgspec.Raw(command)


def hash_of(
    game_id: str, seq: int, type: str, v: int, actor: int | None, ref: str | None,
    at: int, irreversible: bool, prev_hash: str, data: msgspec.Raw,
    command: msgspec.Raw | None = None,
) -> str:
    body = _Unhashed(game_id, seq, type, v, actor, ref, at, irreversible, prev_hash, data,
                     _command(command))
    return hashlib.sha256(prev_hash.encode("ascii") + _encoder.encode(body)).hexdigest()


def seal(
    game_id: str, seq: int, type: str, v: int, actor: int | None, ref: str | None,
    at: int, irreversible: bool, prev_hash: str, data: bytes,
    command: msgspec.Raw | bytes | None = None,
) -> Envelope:
    """Build an envelope and compute its hash. `data` and `command` (the move it records,
    if any) must already be canonical JSON."""
    raw, cmd = msgspec.Raw(data), _command(command)
    digest = hash_of(game_id, seq, type, v, actor, ref, at, irreversible, prev_hash, raw, cmd)
    return Envelope(game_id, seq, type, v, actor, ref, at, irreversible, prev_hash, digest, raw,
                    cmd)


def verify_chain(envelopes: list[Envelope], first_prev: str = GENESIS) -> int | None:
    """Return the seq of the first envelope whose link or hash is wrong, or None."""
    prev = first_prev
    expected_seq = envelopes[0].seq if envelopes else 1
    for env in envelopes:
        if env.seq != expected_seq or env.prev_hash != prev:
            return env.seq
        digest = hash_of(env.game_id, env.seq, env.type, env.v, env.actor, env.ref, env.at,
                         env.irreversible, env.prev_hash, env.data, env.command)
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
                   env.irreversible, prev, bytes(env.data), env.command)
        out.append(new)
        prev = new.hash
    return out


class RewoundData(msgspec.Struct, frozen=True):
    """Data of the platform's own `Rewound` event: history after `to_seq` no longer counts."""

    to_seq: int
