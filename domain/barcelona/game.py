"""Barcelona on the Plaza decider contract."""

from __future__ import annotations

from random import Random

from domain.core import Game, Outcome

from .board import Board, board
from .bots import bot_move
from .commands import Command
from .components import (
    AMENITIES,
    AMENITIES_DEALT,
    BASE_ACTIONS,
    BASE_SERVICES,
    DISPLAY,
    EXPANSION_ACTIONS,
    EXPANSION_SERVICES,
    PRINTED_LAYOUT,
    PROMO_BONUSES,
    SECTIONS,
    SERVICE_STACKS,
    VIOLETS,
    Violet,
    cerda_pool,
    modernisme_pool,
)
from .describe import describe
from .engine import evolve
from .events import (
    CitizensDrawn,
    CitizensPlaced,
    CitizenUncovered,
    Event,
    GameStarted,
    ProjectsRefreshed,
    ProjectsReshuffled,
    ProjectsRevealed,
    SetupDrawn,
)
from .options import Options
from .rules import active, decide, draw_citizens, legal
from .scoring import outcome
from .state import State
from .view import View, view


def setup_drawn(options: Options, rng: Random) -> SetupDrawn:
    """seed/research: the random setup, all of it face up."""
    exp = options.expansion
    if exp or options.layout == "random":  # seed: always random with the expansion
        actions = EXPANSION_ACTIONS if exp else BASE_ACTIONS
        layout = tuple(rng.sample(actions, len(actions)))
    else:
        layout = PRINTED_LAYOUT
    tiles = tuple(rng.sample(cerda_pool(exp), SECTIONS))
    if exp:  # seed: one expansion stack and four of the base seven
        services = (rng.choice(EXPANSION_SERVICES), *rng.sample(BASE_SERVICES, SERVICE_STACKS - 1))
    else:
        services = tuple(rng.sample(BASE_SERVICES, SERVICE_STACKS))
    if not exp:
        return SetupDrawn(layout, tiles, services)
    amenities = tuple(rng.sample(AMENITIES, AMENITIES_DEALT))
    picked: list[Violet] = [rng.choice(VIOLETS[letter]) for letter in "ABC"]
    violets = tuple(rng.sample(picked, len(picked)))
    bonuses = tuple(rng.sample(PROMO_BONUSES, 4)) if options.promo_bonus else ()
    return SetupDrawn(layout, tiles, services, amenities, violets, bonuses)


class Barcelona(Game[State, Command, Event, Options, View]):
    kind = "barcelona"
    title = "Barcelona"
    seat_counts = (2, 3, 4)
    options_type = Options
    command_type = Command
    event_type = Event
    view_type = View
    state_type = State

    def start(self, options: Options, seats: int, rng: Random) -> list[Event]:
        events: list[Event] = [GameStarted(seats, **{f: getattr(options, f) for f in (
            "expansion", "promo_bonus", "layout", "intersection_benefits",
            "confirm_end_of_turn", "reveal_projects_at_once")})]
        events.append(setup_drawn(options, rng))
        state = evolve(evolve(None, events[0]), events[1])
        pool = sorted(modernisme_pool(options.expansion))
        pool = [t for t in pool if t not in state.cerda_tiles]
        shown = [pool.pop(rng.randrange(len(pool))) for _ in range(DISPLAY)]
        reveal: Event = ProjectsRevealed(tuple(range(DISPLAY)), tuple(shown))
        events.append(reveal)
        state = evolve(state, reveal)
        for seat in range(seats):  # research: two Citizens each from the bag, hidden
            drawn = draw_citizens(state, seat, rng)
            events.append(drawn)
            state = evolve(state, drawn)
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
        """A player's drawn Citizens and the lower Citizen of a stack are theirs alone."""
        if isinstance(event, CitizensDrawn) and event.seat != viewer:
            return CitizensDrawn(event.seat, event.count, ())
        if isinstance(event, CitizensPlaced) and event.seat != viewer and event.bottom:
            return CitizensPlaced(event.seat, event.crossing, event.top, None, event.paid,
                                  event.height)
        return event

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def irreversible(self, event: Event) -> bool:
        """Draws from the bag and the Modernisme stack, its reshuffle, the setup, and a
        hidden Citizen uncovered: each shows what was hidden or random."""
        return isinstance(event, CitizensDrawn | ProjectsRevealed | ProjectsRefreshed
                          | ProjectsReshuffled | SetupDrawn | CitizenUncovered)

    def describe(self, event: Event) -> str:
        return describe(event)

    def bot_move(self, state: State, seat: int, rng: Random) -> Command | None:
        return bot_move(legal(state, seat), rng)

    def board(self) -> Board:
        """The city's geometry and the fixed component values the clients draw."""
        return board(self.seat_counts)


GAME = Barcelona()
