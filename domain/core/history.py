"""Folding an event log into states, with the platform's `Rewound` events.

The effective history is the log with rewound ranges skipped. A `Timeline`
keeps one immutable state per effective event, so a rewind is a pop, not a
rebuild, and the effective events are at hand for forks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .codec import EventCodec
from .envelope import REWOUND, Envelope, RewoundData
from .game import Game


@dataclass(frozen=True, slots=True)
class Step:
    """One effective event and the state right after it."""

    env: Envelope
    event: Any
    state: Any


class Timeline:
    """The effective history of one game and the state after each of its events."""

    def __init__(self, game: Game[Any, Any, Any, Any, Any], codec: EventCodec | None = None,
                 base: list[Step] | None = None, seq: int = 0) -> None:
        self.game = game
        self.codec = codec or EventCodec(game)
        self.steps: list[Step] = list(base or [])
        self.seq = seq  # the last envelope applied (game event or Rewound)

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else None

    def apply(self, env: Envelope, event: Any | None = None) -> None:
        if env.seq != self.seq + 1:
            raise ValueError(f"envelope seq {env.seq} does not follow {self.seq}")
        if event is None:
            event = self.codec.decode(env)
        if env.type == REWOUND:
            self.rewind(event.to_seq if isinstance(event, RewoundData) else int(event))
        else:
            self.steps.append(Step(env, event, self.game.evolve(self.state, event)))
        self.seq = env.seq

    def apply_all(self, envelopes: Iterable[Envelope]) -> None:
        for env in envelopes:
            self.apply(env)

    def rewind(self, to_seq: int) -> None:
        """Drop effective events after `to_seq`."""
        steps = self.steps
        while steps and steps[-1].env.seq > to_seq:
            steps.pop()

    def effective(self) -> list[Envelope]:
        return [step.env for step in self.steps]

    def trim(self, keep: int) -> None:
        """Forget all but the last `keep` steps (the state stays; older rewinds need a rebuild)."""
        if len(self.steps) > keep:
            del self.steps[: len(self.steps) - keep]


def fold(game: Game[Any, Any, Any, Any, Any], envelopes: Iterable[Envelope]) -> Timeline:
    timeline = Timeline(game)
    timeline.apply_all(envelopes)
    return timeline
