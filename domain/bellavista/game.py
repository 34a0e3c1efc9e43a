"""Bella Vista on the core contract: the wiring of the modules of this package."""

from __future__ import annotations

from random import Random

from domain.core import Game, Outcome

from .commands import Command
from .components import COLOURS
from .events import (
    CardRevealed,
    ContractsDrawn,
    ContractsRevealed,
    Event,
    GameStarted,
    HandDrawn,
    ObjectivesDrawn,
    StartingOrderDrawn,
    ZoningRevealed,
)
from .evolve import evolve
from .flow import setup
from .log import describe
from .options import Options, build_town
from .rules import active, decide, legal
from .scoring import outcome
from .state import State
from .view import View, redact, view

# Events that reveal a draw or a face-down card: undo never goes back across them.
_REVEALING = (GameStarted, ObjectivesDrawn, ZoningRevealed, ContractsDrawn, StartingOrderDrawn,
              HandDrawn, CardRevealed, ContractsRevealed)


class BellaVista(Game[State, Command, Event, Options, View]):
    kind = "bellavista"
    title = "Bella Vista"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    state_type = State

    def start(self, options: Options, seats: int, rng: Random) -> list[Event]:
        assert seats in self.seat_counts and seats <= len(COLOURS)
        return setup(seats, options.layout, build_town(options, rng), rng)

    def decide(self, state: State, seat: int, command: Command, rng: Random) -> list[Event]:
        return decide(state, seat, command, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def legal(self, state: State, seat: int) -> list[Command]:
        return legal(state, seat)

    def active(self, state: State) -> list[int]:
        return active(state)

    def view(self, state: State, viewer: int | None) -> View:
        return view(state, viewer)

    def redact(self, event: Event, viewer: int | None) -> Event:
        return redact(event, viewer)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def irreversible(self, event: Event) -> bool:
        return isinstance(event, _REVEALING)

    def describe(self, event: Event) -> str:
        return describe(event)


GAME = BellaVista()
