"""Verifying a replay: the hash chain, a rebuild through the game's rules, the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from domain.core import Envelope, Timeline, fold, registry, verify_chain

from .format import Header, ReplayError, loads


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
    try:
        timeline = fold(game, envelopes)
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, KeyError) as exc:
        raise ReplayError(f"the events do not rebuild a game: {exc}") from None
    if header.outcome is not None:
        rebuilt = game.outcome(timeline.state)
        if rebuilt != header.outcome:
            raise ReplayError(f"the rebuilt outcome {rebuilt} differs from the header's")
    return Verified(header, timeline, envelopes)
