"""Verifying a replay: the hash chain, a rebuild through the game's rules, the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from domain.core import REWOUND, Envelope, RewoundData, Timeline, fold, registry, verify_chain

from .format import Header, ReplayError, loads

_rewound = msgspec.json.Decoder(RewoundData)


@dataclass(frozen=True)
class Verified:
    header: Header
    timeline: Timeline
    envelopes: list[Envelope]

    @property
    def events(self) -> int:
        return len(self.envelopes)

    @property
    def state(self) -> Any:
        return self.timeline.state


def verify(data: bytes) -> Verified:
    """Check a replay file; raise `ReplayError` saying what is wrong."""
    header, envelopes = loads(data)
    game = registry.get(header.kind)
    if game is None:
        raise ReplayError(f"unknown game kind {header.kind!r}")
    bad = verify_chain(envelopes)
    if bad is not None:
        raise ReplayError(f"the hash chain breaks at seq {bad}")
    check_sequence(envelopes)
    try:
        timeline = fold(game, envelopes)
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, KeyError) as exc:
        raise ReplayError(f"the events do not rebuild a game: {exc}") from None
    except Exception as exc:  # a game's evolve meeting events no real game produces
        raise ReplayError(f"the events do not rebuild a game: {type(exc).__name__}: {exc}") from None
    if header.outcome is not None:
        rebuilt = game.outcome(timeline.state)
        if rebuilt != header.outcome:
            raise ReplayError(f"the rebuilt outcome {rebuilt} differs from the header's")
    return Verified(header, timeline, envelopes)


def check_sequence(envelopes: list[Envelope]) -> None:
    """Seqs run 1, 2, 3...; a rewind goes back to an earlier seq, never below 0."""
    for expected, env in enumerate(envelopes, start=1):
        if env.seq != expected:
            raise ReplayError(f"seq {env.seq} stands where seq {expected} should")
        if env.type == REWOUND:
            try:
                to_seq = _rewound.decode(msgspec.json.encode(env.data)).to_seq
            except msgspec.DecodeError as exc:
                raise ReplayError(f"seq {env.seq}: a Rewound event without a valid to_seq: {exc}") from None
            if not 0 <= to_seq < env.seq:
                raise ReplayError(f"seq {env.seq}: a Rewound event to seq {to_seq}, "
                                  f"outside 0 to {env.seq - 1}")
