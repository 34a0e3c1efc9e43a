"""The Palaces of Carrara on the Plaza decider contract."""

from __future__ import annotations

from random import Random

from domain.core import Game, Illegal, Outcome

from .cards import BROWNS, FIRST_GAME, GREENS, GREYS, PURPLES
from .commands import Command
from .components import BASE_TILES, DISPLAY_SLOTS
from .describe import describe
from .events import BlocksDrawn, BuildingRevealed, CardsDrawn, Event, GameStarted
from .options import Options, problems
from .rules import active, decide, legal
from .scoring import outcome
from .state import State, evolve
from .view import View, view


def _cards(options: Options, rng: Random) -> CardsDrawn:
    """expansion: one card of each colour at random, the first-game cards, or as named."""
    if options.first_game:
        brown, purple, grey, green = FIRST_GAME
    else:
        brown, purple = rng.choice(BROWNS), rng.choice(PURPLES)
        grey, green = rng.choice(GREYS), rng.choice(GREENS)
    return CardsDrawn(options.brown or brown, options.purple or purple,
                      options.grey or grey, options.green or green)


class PalacesOfCarrara(Game[State, Command, Event, Options, View]):
    kind = "carrara"
    title = "The Palaces of Carrara"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    state_type = State

    def start(self, options: Options, seats: int, rng: Random) -> list[Event]:
        # Refused here rather than when the options are decoded: a game stored with
        # them before they were refused must still load.
        wrong = problems(options)
        if wrong:
            raise Illegal(" ".join(wrong))
        events: list[Event] = [GameStarted(seats, options.expansion, options.side())]
        if options.expansion:
            events.append(_cards(options, rng))
        pile = list(BASE_TILES)
        for slot in range(DISPLAY_SLOTS):  # research: nine tiles face up
            events.append(BuildingRevealed(slot, pile.pop(rng.randrange(len(pile)))))
        return events

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
        # No event carries a screen's contents (see events.py): each is what the table saw.
        return event

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def irreversible(self, event: Event) -> bool:
        """Bag draws, pile reveals and card draws show what was hidden or random."""
        return isinstance(event, BlocksDrawn | BuildingRevealed | CardsDrawn)

    def describe(self, event: Event) -> str:
        return describe(event)


GAME = PalacesOfCarrara()
