"""The replay file (PROTOCOL.md): JSON Lines, a header then one envelope per line."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.core import Envelope, Outcome

FORMAT = "plaza-replay/1"


class Header(msgspec.Struct, frozen=True, omit_defaults=True):
    format: str
    kind: str
    options: dict[str, Any]
    seats: int
    names: list[str | None]
    game_id: str | None = None
    seed: int | None = None
    outcome: Outcome | None = None
    # A fork's: the game and seq it was forked from, and how many of the file's first
    # envelopes are that game's effective history, re-chained (its own moves follow them).
    forked_from: str | None = None
    forked_at: int | None = None
    prefix: int | None = None


class ReplayError(ValueError):
    """A replay file that cannot be read; the message says which line and why."""


_header = msgspec.json.Decoder(Header)
_envelope = msgspec.json.Decoder(Envelope)
_encoder = msgspec.json.Encoder(order="sorted")


def dumps(header: Header, envelopes: list[Envelope]) -> bytes:
    lines = [_encoder.encode(header)]
    lines.extend(_encoder.encode(env) for env in envelopes)
    return b"\n".join(lines) + b"\n"


def loads(data: bytes) -> tuple[Header, list[Envelope]]:
    lines = [line for line in data.splitlines() if line.strip()]
    if not lines:
        raise ReplayError("the replay file is empty")
    try:
        header = _header.decode(lines[0])
    except msgspec.DecodeError as exc:
        raise ReplayError(f"line 1 is not a replay header: {exc}") from None
    if header.format != FORMAT:
        raise ReplayError(f"line 1: format is {header.format!r}, expected {FORMAT!r}")
    envelopes = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            envelopes.append(_envelope.decode(line))
        except msgspec.DecodeError as exc:
            raise ReplayError(f"line {number} is not an envelope: {exc}") from None
    return header, envelopes
