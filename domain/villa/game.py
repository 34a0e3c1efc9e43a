"""Villa on the decider contract: the wiring of the modules."""

from __future__ import annotations

from random import Random

from domain.core import Game, Outcome

from . import describe as log
from . import rules, scoring, setup, view
from .commands import Command
from .events import CircleLaid, Event, FeaturesRevealed, HedgeDrawn
from .options import Options
from .state import State, evolve
from .view import View


class Villa(Game[State, Command, Event, Options, View]):
    kind = "villa"
    title = "Villa"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    public_view = True  # nothing in play is secret: see view.py
    state_type = State

    def start(self, options: Options, seats: int, rng: Random) -> list[Event]:
        return setup.start(options, seats, rng)

    def decide(self, state: State, seat: int, command: Command, rng: Random) -> list[Event]:
        return rules.decide(state, seat, command, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def legal(self, state: State, seat: int) -> list[Command]:
        return rules.legal(state, seat)

    def active(self, state: State) -> list[int]:
        return rules.active(state)

    def view(self, state: State, viewer: int | None) -> View:
        return view.view(state, viewer)

    def redact(self, event: Event, viewer: int | None) -> Event:
        return event  # every event shows only what the whole table sees

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def irreversible(self, event: Event) -> bool:
        return isinstance(event, HedgeDrawn | FeaturesRevealed | CircleLaid)

    def describe(self, event: Event) -> str:
        return log.describe(event)

