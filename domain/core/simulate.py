"""A pure, in-memory game run: the runtime's decisions without storage or sockets.

Used by game tests, golden replays and bots. It builds real envelopes (with
`at` standing for the seq, since the domain has no clock), so what it records
can be verified and rebuilt exactly like a stored game.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from .codec import EventCodec, rng_for
from .envelope import GENESIS, REWOUND, Envelope, RewoundData, canonical, seal
from .game import Game, Outcome
from .history import Timeline
from .rules import decide_checked, undo_target


class Simulation:
    def __init__(self, game: Game[Any, Any, Any, Any, Any], seats: int,
                 options: Any = None, seed: int = 0, game_id: str = "sim") -> None:
        if options is None:
            options = game.default_options()
        elif isinstance(options, dict):
            options = msgspec.convert(options, game.options_type)
        self.game = game
        self.seats = seats
        self.options = options
        self.seed = seed
        self.game_id = game_id
        self.codec = EventCodec(game)
        self.timeline = Timeline(game, self.codec)
        self.envelopes: list[Envelope] = []
        self._append(game.start(options, seats, rng_for(seed, 0)), actor=None, ref=None)

    # -- reading ----------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.timeline.state

    @property
    def seq(self) -> int:
        return self.timeline.seq

    def active(self) -> list[int]:
        return self.game.active(self.state)

    def legal(self, seat: int) -> list[Any]:
        return self.game.legal(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    # -- acting -----------------------------------------------------------------

    def command(self, seat: int, command: Any, ref: str | None = None) -> list[Envelope]:
        """Decide and apply one command; raises `Rejection` and changes nothing when refused."""
        if isinstance(command, dict):
            command = msgspec.convert(command, self.game.command_type)
        rng = rng_for(self.seed, self.seq + 1)
        events = decide_checked(self.game, self.state, self.seats, seat, command, rng)
        return self._append(events, actor=seat, ref=ref or f"r{self.seq + 1}")

    def undo(self, seat: int, ref: str | None = None) -> Envelope:
        to_seq, _ = undo_target(self.game, self.timeline, seat)
        data = canonical(RewoundData(to_seq))
        env = self._seal(REWOUND, 1, seat, ref or f"u{self.seq + 1}", False, data)
        self.timeline.apply(env, RewoundData(to_seq))
        self.envelopes.append(env)
        return env

    def play_randomly(self, rng: Random, max_steps: int = 100_000) -> Outcome | None:
        """Play legal moves chosen by `rng` until the game ends (or `max_steps`)."""
        for _ in range(max_steps):
            if self.outcome() is not None:
                break
            seat = rng.choice(self.active())
            self.command(seat, rng.choice(self.legal(seat)))
        return self.outcome()

    # -- internals --------------------------------------------------------------

    def _append(self, events: list[Any], actor: int | None, ref: str | None) -> list[Envelope]:
        out = []
        for event in events:
            tag, v, data = self.codec.encode(event)
            env = self._seal(tag, v, actor, ref, self.game.irreversible(event), data)
            self.timeline.apply(env, event)
            self.envelopes.append(env)
            out.append(env)
        return out

    def _seal(self, tag: str, v: int, actor: int | None, ref: str | None,
              irreversible: bool, data: bytes) -> Envelope:
        prev = self.envelopes[-1].hash if self.envelopes else GENESIS
        seq = self.seq + 1
        return seal(self.game_id, seq, tag, v, actor, ref, seq, irreversible, prev, data)
