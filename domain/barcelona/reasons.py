"""Why a command is refused: one sentence that quotes the input and names the rule."""

from __future__ import annotations

import msgspec

from .actions import crossing_cost, service_price
from .commands import (
    Build,
    BuildService,
    BuildStreet,
    Command,
    PlaceCitizens,
    PlaceCobblestone,
    TakeProject,
)
from .components import LEVELS, NEEDS, SERVICE_NAMES
from .geometry import BUILDING_CORNERS, CROSSINGS, SPACES, WIDE, crossing_name, space_name
from .state import State, Task, active, top

PHASE_STEPS = {
    "setup": "wait for the setup",
    "place": "place your Citizens on an empty crossing",
    "actions": "take the actions of your crossing's streets, or end them",
    "build": "construct a Building (mandatory while one is possible)",
    "confirm": "end your turn",
    "over": "nothing: the game is over",
}
TASK_STEPS = {
    "benefits": "choose your Intersection benefits",
    "act": "perform the action you were granted, or skip it",
    "narrow": "place a second Narrow tile, or skip it",
    "passenger": "drop a Passenger on the Tram's space, or skip it",
    "store": "choose what your Warehouse keeps (Store)",
    "sagrada": "take a Sagrada Família step, or skip the rest",
    "sagrada_tile": "choose a Sagrada Família tile",
    "walk": "walk your Pedestrians or give them Joy",
    "hex": "place a hexagonal Cobblestone",
    "starting_joy": "choose the Pedestrian that starts at Joy 2",
}


def label(command: Command) -> str:
    fields = msgspec.structs.asdict(command)
    args = " ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{type(command).__name__} {args}".strip()


def step_of(state: State, task: Task | None) -> str:
    if task is not None:
        return TASK_STEPS[task.kind]
    return PHASE_STEPS.get(state.phase, "wait")


def why_illegal(state: State, seat: int, command: Command) -> str:
    name = label(command)
    waiting = active(state)
    if seat not in waiting:
        seats = " and ".join(str(s) for s in waiting) or "nobody"
        return f"{name} is not possible now: the game waits for seat {seats}, not {seat}."
    task = top(state)
    specific = None if task is not None else _specific(state, seat, command)
    if specific:
        return f"{name}: {specific}."
    return f"{name} is not possible now: this step is to {step_of(state, task)}."


def _specific(state: State, seat: int, command: Command) -> str | None:
    match command:
        case PlaceCitizens(x, top_cls) if state.phase == "place":
            return _why_place(state, seat, x, top_cls)
        case Build(site, level, crossings) if state.phase == "build":
            return _why_build(state, site, level, crossings)
        case BuildStreet(space) if state.phase == "actions":
            if not 0 <= space < len(SPACES):
                return f"street spaces are numbered 0 to {len(SPACES) - 1}"
            if state.streets[space] is not None:
                return f"street space {space_name(space)} already holds a Street tile"
            kind = "Wide" if WIDE[space] else "Narrow"
            return f"{space_name(space)} is a {kind} space and no {kind} Street action is open to you"
        case PlaceCobblestone(spot) if state.phase == "actions":
            if not 0 <= spot < 25 or state.sidewalk[spot] is not None:
                return f"Sidewalk space {spot} is not an empty space"
            return "a Cobblestone goes next to another Cobblestone, with the action open to you"
        case TakeProject(project, _) if state.phase == "actions":
            if project not in state.display:
                return f"{project!r} is not face up in the Modernisme display"
        case BuildService(service) if state.phase == "actions":
            if service not in state.services:
                return f"{SERVICE_NAMES.get(service, service)} is not among this game's Public Services"
            i = state.services.index(service)
            if service in state.players[seat].services:
                return "you have built that Public Service already"
            if state.services_left[i] and state.players[seat].coins < service_price(state, i)[0]:
                return f"its top tile costs {service_price(state, i)[0]} Coins"
    return None


def _why_place(state: State, seat: int, x: int, top_cls: str) -> str:
    if not 0 <= x < CROSSINGS:
        return f"crossings are numbered 0 to {CROSSINGS - 1}"
    if state.stacks[x]:
        return f"crossing {crossing_name(x)} already holds Citizens"
    if top_cls not in state.players[seat].hand:
        return f"you hold no {top_cls} Citizen"
    return f"crossing {crossing_name(x)} costs {crossing_cost(state, x)} Coin and you have " \
           f"{state.players[seat].coins}"


def _why_build(state: State, site: int, level: int, crossings: tuple[int, ...]) -> str:
    if not 0 <= site < len(BUILDING_CORNERS):
        return f"building spaces are numbered 0 to {len(BUILDING_CORNERS) - 1}"
    if level not in LEVELS:
        return "levels are 0 (Corner), 1, 2 and 3"
    if not state.tiles_left[level]:
        return f"no tile of level {level} is left"
    corners = BUILDING_CORNERS[site]
    if any(x not in corners or not state.stacks[x] for x in crossings):
        return "the Citizens must be visible on the crossings around that space"
    need, any_ = NEEDS[level]
    extra = f"1 {need.title()} Citizen and " if need else ""
    return (f"a level {level} Building there needs {extra}{any_} more visible Citizens, "
            "listed once each in increasing crossing order, on a space it may cover")
