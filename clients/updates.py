"""What a game connection receives: envelopes, deduplicated and in order, and game updates."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

from server import protocol as p

Envelope = p.Envelope
Answer = p.Accepted | p.Rejected


def to_envelope(obj: Any) -> p.Envelope:
    """An envelope from its decoded JSON (a dict), or the envelope itself."""
    if isinstance(obj, p.Envelope):
        return obj
    return msgspec.convert(obj, p.Envelope)


def to_envelopes(objs: Iterable[Any]) -> list[p.Envelope]:
    return [to_envelope(obj) for obj in objs]


class SeqTracker:
    """The last seq seen of one game, and which envelopes are new.

    `seq` is None before the first welcome of a connection opened without `since`.
    """

    def __init__(self, seq: int | None = None) -> None:
        self.seq = seq

    def admit(self, envelopes: Iterable[p.Envelope]) -> tuple[list[p.Envelope], bool]:
        """The envelopes after `seq`, in order, each once; and whether one is missing.

        Envelopes at or below `seq` are duplicates and dropped. On a gap (an envelope
        further on than `seq + 1`) the ones before it are admitted and the rest are not.
        """
        fresh: list[p.Envelope] = []
        for env in sorted(envelopes, key=lambda e: e.seq):
            if self.seq is not None and env.seq <= self.seq:
                continue
            if self.seq is not None and env.seq != self.seq + 1:
                return fresh, True
            fresh.append(env)
            self.seq = env.seq
        return fresh, False


@dataclass(frozen=True)
class GameUpdate:
    """What changed: new envelopes (each delivered once, in seq order) and the game now.

    `welcome` is true for the first update of every (re)connection; after a reconnect
    its `events` are exactly the envelopes missed while away. `table` (an extension): the
    table as the frame showed it: `options`, `clock` (`remaining_ms`, `running`, `at`),
    `bots`, `dropped`, `abandoned`, `rematch` (None from a server without tables).
    """

    seq: int
    events: list[p.Envelope]
    view: Any
    legal: list[dict[str, Any]]
    active: list[int]
    outcome: Any
    welcome: bool = False
    table: Any = None
