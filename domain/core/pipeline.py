"""The one way a decision enters a game's history, for the server's runtime and for Simulation.

A `propose_*` function decides (or sets up, or takes back) against a timeline and seals
the resulting envelopes into a `Proposal`, changing nothing. The caller makes it durable
(the runtime commits it to the store; Simulation just keeps it), then applies it with
`Timeline.accept`. So what a stored game and a simulated game record is the same by
construction, and a failed commit leaves the timeline as it was.

Each proposal of a command (or undo) records it, as canonical JSON, on its first envelope:
the log then proves itself, since a verifier holding the seed can decide every move again
(replays/resim.py) and compare what it makes with what was recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from .codec import rng_for, tag_of
from .envelope import REWOUND, UNDO, Envelope, RewoundData, canonical, seal
from .game import Outcome
from .history import Step, Timeline
from .rules import decide_checked
from .table import TableEvent


@dataclass(frozen=True)
class Table:
    """The fixed facts of one game that every decision needs."""

    game_id: str
    seats: int
    seed: int


class Proposal(msgspec.Struct, frozen=True):
    """Sealed envelopes not yet applied, the steps they make, and the outcome they reach."""

    envelopes: list[Envelope]
    steps: list[Step]
    rewind_to: int | None = None
    outcome: Outcome | None = None

    @property
    def seq(self) -> int:
        return self.envelopes[-1].seq

    @property
    def last_hash(self) -> str:
        return self.envelopes[-1].hash


def propose_events(timeline: Timeline, table: Table, events: list[Any], actor: int | None,
                   ref: str | None, at: int | None = None, command: bytes | None = None) -> Proposal:
    """Seal `events` after the timeline's last envelope; `at` is the time (None: the seq,
    for a domain with no clock) written into each envelope, `command` (canonical JSON) the
    move that made them, recorded on the first."""
    game, codec = timeline.game, timeline.codec
    state, prev, seq = timeline.state, _chained(timeline), timeline.seq
    envelopes, steps = [], []
    for event in events:
        tag, v, data = codec.encode(event)
        seq += 1
        env = seal(table.game_id, seq, tag, v, actor, ref, seq if at is None else at,
                   game.irreversible(event), prev, data, command)
        command = None
        state = game.evolve(state, event)
        envelopes.append(env)
        steps.append(Step(env, event, state))
        prev = env.hash
    outcome = game.outcome(state) if state is not None else None
    return Proposal(envelopes, steps, outcome=outcome)


def propose_table(timeline: Timeline, table: Table, events: list[TableEvent], actor: int | None,
                  at: int, ref: str | None = None) -> Proposal:
    """Seal the table's own events (a clock ran out, a seat was taken over): they change
    who plays and the clocks, never the game's state. `ref`: the seat's, when it asked."""
    prev, seq, envelopes = _chained(timeline), timeline.seq, []
    for event in events:
        seq += 1
        env = seal(table.game_id, seq, tag_of(event), 1, actor, ref, at, False, prev,
                   canonical(event))
        envelopes.append(env)
        prev = env.hash
    return Proposal(envelopes, [])


def propose_start(timeline: Timeline, table: Table, options: Any, at: int | None = None) -> Proposal:
    """The game's setup, drawn from the seed at seq 0."""
    events = timeline.game.start(options, table.seats, rng_for(table.seed, 0))
    return propose_events(timeline, table, events, None, None, at)


def propose_command(timeline: Timeline, table: Table, seat: int, command: Any, ref: str,
                    at: int | None = None) -> Proposal:
    """Decide `command` of `seat`; raises a `Rejection` when it is refused. Its randomness
    comes from the seed and the seq it would take, so any process decides it alike."""
    rng = rng_for(table.seed, timeline.seq + 1)
    events = decide_checked(timeline.game, timeline.state, table.seats, seat, command, rng)
    return propose_events(timeline, table, events, seat, ref, at, canonical(command))


def propose_rewind(timeline: Timeline, table: Table, seat: int, ref: str, to_seq: int,
                   at: int | None = None) -> Proposal:
    """A `Rewound` envelope taking the effective history back to `to_seq` (see `undo_target`)."""
    seq = timeline.seq + 1
    env = seal(table.game_id, seq, REWOUND, 1, seat, ref, seq if at is None else at, False,
               _chained(timeline), canonical(RewoundData(to_seq)), UNDO)
    return Proposal([env], [], rewind_to=to_seq)


def _chained(timeline: Timeline) -> str:
    if timeline.last_hash is None:
        raise ValueError(f"the hash of envelope {timeline.seq} is not known: load it before deciding")
    return timeline.last_hash
