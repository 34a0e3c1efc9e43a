"""Playthroughs, as OpenSpiel keeps them: what every audience saw at every step of a game.

A step is the setup, or one move (a command or an undo with the events it made). After each,
a playthrough records the move's events, the view of every audience (spectators, then each
seat), each seat's legal commands and the seats the game waits for. Views and legal lists are
kept as digests (16 hex digits of a SHA-256 of their canonical JSON), not whole: a whole
view per audience per step would make a golden game's files megabytes long, and a digest is
enough to show which step and which audience a rules change touched. How many legal commands
each seat had is kept in the clear, to read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.core import Envelope, Timeline
from domain.core.registry import AnyGame


class Step(msgspec.Struct, frozen=True):
    seq: int
    events: str
    active: list[int]
    views: list[str]  # spectators first, then seat 0, 1...
    legal: list[str]
    moves: list[int]  # how many legal commands each seat had


class Meta(msgspec.Struct, frozen=True):
    """The first line of a playthrough: how its game was played, to record it again."""

    play: int
    undo: float = 0.0


def digest(value: Any) -> str:
    """As the wire encodes it (a view may have whole-number keys, which sorted JSON lacks)."""
    return hashlib.sha256(msgspec.json.encode(value)).hexdigest()[:16]


def events_digest(envelopes: Sequence[Envelope]) -> str:
    """The move's events as the rules made them (not `at`, a clock reading, nor hashes)."""
    return digest([(env.type, env.v, env.actor, env.ref, env.irreversible, env.data, env.command)
                   for env in envelopes])


def step_of(game: AnyGame, seats: int, timeline: Timeline, envelopes: Sequence[Envelope]) -> Step:
    state = timeline.state
    active = game.active(state)
    legal = [game.legal(state, seat) for seat in range(seats)]
    views = [digest(game.view(state, audience)) for audience in [None, *range(seats)]]
    return Step(envelopes[-1].seq if envelopes else timeline.seq, events_digest(envelopes),
                active, views, [digest(moves) for moves in legal], [len(moves) for moves in legal])


class Recorder:
    """A `Watch` for `verify` or a simulation: the steps of a game as it is played."""

    def __init__(self, game: AnyGame, seats: int) -> None:
        self.game, self.seats = game, seats
        self.steps: list[Step] = []

    def __call__(self, timeline: Timeline, envelopes: Sequence[Envelope]) -> None:
        self.steps.append(step_of(self.game, self.seats, timeline, envelopes))


_encoder = msgspec.json.Encoder(order="sorted")
_meta = msgspec.json.Decoder(Meta)
_step = msgspec.json.Decoder(Step)


def dumps(meta: Meta, steps: list[Step]) -> bytes:
    return b"\n".join([_encoder.encode(meta), *(_encoder.encode(step) for step in steps)]) + b"\n"


def loads(data: bytes) -> tuple[Meta, list[Step]]:
    lines = [line for line in data.splitlines() if line.strip()]
    return _meta.decode(lines[0]), [_step.decode(line) for line in lines[1:]]


def changes(old: Step, new: Step) -> list[str]:
    """What differs between two records of one step, in words."""
    out = []
    if old.seq != new.seq:
        out.append(f"seq {old.seq} -> {new.seq}")
    if old.events != new.events:
        out.append("events")
    if old.active != new.active:
        out.append(f"active {old.active} -> {new.active}")
    names = ["spectators", *(f"seat {seat}" for seat in range(len(new.legal)))]
    out += [f"view of {name}" for name, a, b in zip(names, old.views, new.views, strict=False)
            if a != b]
    out += [f"legal of seat {seat} ({a} -> {b} moves)" if a != b else f"legal of seat {seat}"
            for seat, (x, y, a, b) in enumerate(zip(old.legal, new.legal, old.moves, new.moves,
                                                    strict=False)) if x != y]
    return out


def diff(old: list[Step], new: list[Step]) -> list[str]:
    """One line per step that changed (`step N (seq S): what`), and a line if the length did."""
    lines = []
    for index, (a, b) in enumerate(zip(old, new, strict=False)):
        what = changes(a, b)
        if what:
            lines.append(f"step {index} (seq {b.seq}): {', '.join(what)}")
    if len(old) != len(new):
        lines.append(f"{len(old)} steps -> {len(new)} steps")
    return lines
