"""A pure, in-memory game run: the runtime's decisions without storage or sockets.

Used by game tests, golden replays and bots. It builds real envelopes (with
`at` standing for the seq, since the domain has no clock), so what it records
can be verified and rebuilt exactly like a stored game.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from .codec import EventCodec, tagged
from .envelope import Envelope
from .game import Game, Outcome
from .history import Timeline
from .pipeline import Proposal, Table, propose_command, propose_rewind, propose_start
from .rules import undo_target


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
        self.table = Table(game_id, seats, seed)
        self.codec = EventCodec(game)
        self.timeline = Timeline(game, self.codec)
        self.envelopes: list[Envelope] = []
        self._accept(propose_start(self.timeline, self.table, options))

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
            command = tagged(self.game.command_type).convert(command)
        proposal = propose_command(self.timeline, self.table, seat, command, ref or f"r{self.seq + 1}")
        return self._accept(proposal)

    def undo(self, seat: int, ref: str | None = None) -> Envelope:
        to_seq, _ = undo_target(self.game, self.timeline, seat)
        return self._accept(propose_rewind(self.timeline, self.table, seat, ref or f"u{self.seq + 1}",
                                           to_seq))[0]

    def play_randomly(self, rng: Random, max_steps: int = 100_000) -> Outcome | None:
        """Play legal moves chosen by `rng` until the game ends (or `max_steps`)."""
        for _ in range(max_steps):
            if self.outcome() is not None:
                break
            seat = rng.choice(self.active())
            self.command(seat, rng.choice(self.legal(seat)))
        return self.outcome()

    def _accept(self, proposal: Proposal) -> list[Envelope]:
        self.timeline.accept(proposal)
        self.envelopes.extend(proposal.envelopes)
        return proposal.envelopes
