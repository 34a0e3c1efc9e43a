"""What each audience sees: the whole table, and of the hidden Citizens only one's own.

A player's hand is shown to its owner alone (the others see its size); the lower
Citizen of a stack only to the player who placed it. The bag and the Modernisme stack
are sizes only. Once the game is over every view shows everything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
from msgspec.structs import replace

from domain.core.memo import capacity, per_state

from .actions import crossing_cost, service_price
from .components import (
    PROJECT_SPACES,
    SERVICE_NAMES,
    TRACK_VP,
    Action,
    Amenity,
    Bonus,
    Cls,
    Condition,
    ProjectSpace,
    Service,
    Spot,
    Violet,
    multiplier,
)
from .construction import lowest_visible
from .events import CitizensDrawn, CitizensPlaced, Event
from .geometry import SPACE_ENDS, SPACE_STREET, STREET_NAMES, WIDE, space_name
from .performing import sidewalk_spot
from .state import Phase, Player, Site, State, Task, top

T = TypeVar("T")


# gc=False: a view is built from the state and never refers back to itself, so no cycle
# can pass through it; the collector need not walk the parts kept for the next views.
class PlayerView(msgspec.Struct, frozen=True, gc=False):
    vp: int
    coins: int
    cloths: int
    warehouse: int  # open Warehouse spaces
    hand: list[Cls] | None  # the owner's alone
    hand_size: int
    cerda: int
    multiplier: int
    sagrada: int
    sagrada_tiles: list[str]
    cobblestones_left: int
    narrow_stacks: list[int]
    wide_stack: int
    intersections: int
    passengers: int
    marker_stacks: list[int]
    projects: list[Condition | None]
    project_tops: list[bool]
    services: list[Service]
    tram: int | None
    waiting_benefits: int
    joy: list[int]
    walked: list[int]
    hexes: int


class CrossingView(msgspec.Struct, frozen=True, gc=False):
    citizens: int
    top: Cls | None
    bottom: Cls | None  # the player who placed it alone
    placed_by: int | None
    intersection: int | None
    cost: int


class StreetView(msgspec.Struct, frozen=True, gc=False):
    name: str
    ends: tuple[int, int]
    street: str
    wide: bool
    tile: int | None
    passenger: int | None


class ServiceView(msgspec.Struct, frozen=True, gc=False):
    service: Service
    name: str
    left: int
    coins: int
    vp: int


class TaskView(msgspec.Struct, frozen=True, gc=False):
    """What the game waits for `seat` to choose, with its details (all public: they follow
    from what the table saw), so a client can say how many, which and at what cost."""

    kind: str
    seat: int
    n: int  # benefits to choose, Sagrada Família steps left, tile level
    actions: list[Action]  # granted actions to choose from
    flags: list[str]  # costs waived: no_coins, no_cloth, anywhere, free_passenger
    coins: int  # a gain to store
    cloths: int
    either: int  # gain that may be stored as a Coin or a Cloth
    steps: tuple[int, int]  # Pedestrian steps left, each
    joy: tuple[int, int]  # Joy due to a named Pedestrian
    chunks: list[int]  # Joy due to either Pedestrian, chunk by chunk


class View(msgspec.Struct, frozen=True, gc=False):
    seats: int
    expansion: bool
    phase: Phase
    turn: int
    waiting_for: TaskView | None
    crossing: int | None
    used_streets: list[int]
    layout: list[Action]
    streets: list[str]
    crossings: list[CrossingView]
    spaces: list[StreetView]
    sidewalk: list[Spot]
    cobblestones: list[int | None]
    sites: list[Site | None]
    tiles_left: list[int]
    bonuses: list[Bonus]
    bonus_flipped: list[bool]
    tracks: list[list[bool]]
    track_vp: dict[int, int]
    building_vp: int
    cerda_tiles: list[Condition]
    scored: int
    display: list[Condition | None]
    face_down: list[bool]
    projects_left: int
    projects_discarded: list[Condition]  # face up: the next stack once this one runs out
    project_spaces: list[ProjectSpace]
    services: list[ServiceView]
    sagrada_tiles: list[str]
    amenities: list[Amenity]
    violets: list[Violet]
    hexes: list[int | None]
    bag_size: int
    citizens_outside: list[int]  # per class row: placed beside the board, its row full
    end: bool
    finished: bool
    players: list[PlayerView]


# A state is shown to five audiences that differ only in one seat's hand and lower
# Citizens, and most of the table stays as it was from one state to the next: the table's
# view is built once per state, each seat's view from it, and each part is kept with the
# parts of the state it shows. `evolve` replaces only what an event changed, so the next
# state holds the very same tuples for the rest, found by identity (hashing them would cost
# about as much as building their views), and the same view objects serve every state that
# shows them (nothing mutates a view). PARTS holds the parts of memo.GAMES games in play.
PARTS = capacity(4096, __name__)
_parts: dict[tuple[str, int, int], tuple[tuple[Any, ...], Any]] = {}


def _kept(name: str, parts: tuple[Any, ...], make: Callable[[], T]) -> T:
    """`make()`, or what it made before for these same `parts` of a state (`make` shows
    nothing else). Found by the ids of the first and last part, then the parts compared,
    which costs nothing when they are the same objects. An entry keeps its parts alive, so
    their ids stay theirs while it is there."""
    key = (name, id(parts[0]), id(parts[-1]))
    entry = _parts.get(key)
    if entry is not None and entry[0] == parts:
        return entry[1]  # type: ignore[no-any-return]
    if len(_parts) >= PARTS.size:
        PARTS.trim(_parts)
    value = make()
    _parts[key] = (parts, value)
    return value


# Four players of each of some hundreds of games in play, asked again by their game's next
# command: the next state holds the same Player objects but the one an event changed.
@per_state(size=2048)
def _player(p: Player) -> PlayerView:
    """A player as the table sees them: the hand by its size."""
    return PlayerView(
        vp=p.vp, coins=p.coins, cloths=p.cloths, warehouse=p.capacity,
        hand=None, hand_size=len(p.hand), cerda=p.cerda,
        multiplier=multiplier(p.cerda), sagrada=p.sagrada, sagrada_tiles=list(p.sagrada_tiles),
        cobblestones_left=p.cobbles_left, narrow_stacks=list(p.narrow), wide_stack=p.wide,
        intersections=p.intersections, passengers=p.passengers, marker_stacks=list(p.markers),
        projects=list(p.projects), project_tops=list(p.tops), services=list(p.services),
        tram=p.tram, waiting_benefits=p.waiting, joy=list(p.joy), walked=list(p.walked),
        hexes=p.hexes,
    )


@per_state(size=2048)
def _own(p: Player) -> PlayerView:
    """A player as they see themselves: with their hand."""
    return replace(_player(p), hand=list(p.hand))


def _crossings(state: State) -> list[CrossingView]:
    """The crossings as the table sees them (every lower Citizen shown once the game is over)."""
    over = state.phase == "over"
    out = []
    for x, stack in enumerate(state.stacks):
        bottom = stack[0] if len(stack) > 1 and over else None
        out.append(CrossingView(len(stack), stack[-1] if stack else None, bottom,
                                state.placed_by[x], state.intersections[x],
                                crossing_cost(state, x)))
    return out


def _hidden(state: State) -> dict[int, list[tuple[int, Cls]]]:
    """Per seat, the lower Citizens it placed: (crossing, Citizen)."""
    out: dict[int, list[tuple[int, Cls]]] = {}
    for x, stack in enumerate(state.stacks):
        seat = state.placed_by[x]
        if len(stack) > 1 and seat is not None:
            out.setdefault(seat, []).append((x, stack[0]))
    return out


def _seat_crossings(state: State, table: list[CrossingView], viewer: int) -> list[CrossingView]:
    """The table's crossings, plus the lower Citizens `viewer` placed: only those differ, so
    the rest are shared (a view per seat after every command made this the costly part)."""
    own = _kept("hidden", (state.stacks, state.placed_by), lambda: _hidden(state)).get(viewer)
    if not own:
        return table
    out = list(table)
    for x, bottom in own:
        out[x] = replace(table[x], bottom=bottom)
    return out


def _players(state: State) -> list[PlayerView]:
    player = _own if state.phase == "over" else _player
    return [player(p) for p in state.players]


def _waiting(task: Task | None) -> TaskView | None:
    if task is None:
        return None
    return TaskView(task.kind, task.seat, task.n, list(task.actions), list(task.flags), task.coins,
                    task.cloths, task.either, task.steps, task.joy, list(task.chunks))


# What a street space's view holds apart from its tile and Passenger: fixed component data.
_SPACES = tuple((space_name(i), SPACE_ENDS[i], STREET_NAMES[SPACE_STREET[i]], WIDE[i])
                for i in range(len(SPACE_ENDS)))
_STREETS = list(STREET_NAMES)
_TRACK_VP = dict(TRACK_VP)
_PROJECT_SPACES = list(PROJECT_SPACES)


def _spaces(state: State) -> list[StreetView]:
    return [StreetView(name, ends, street, wide, tile, passenger) for (name, ends, street, wide),
            tile, passenger in zip(_SPACES, state.streets, state.passengers, strict=True)]


def _services(state: State) -> list[ServiceView]:
    return [ServiceView(kind, _name(kind), state.services_left[i],
                        *(service_price(state, i) if state.services_left[i] else (0, 0)))
            for i, kind in enumerate(state.services)]


def _tracks(state: State) -> tuple[list[list[bool]], int]:
    return [list(row) for row in state.track], lowest_visible(state)


@per_state(size=64, scaled=False)  # asked during the state's fan-out only: the states being shown
def _spectators(state: State) -> View:
    over = state.phase == "over"
    tracks, building_vp = _kept("tracks", (state.track,), lambda: _tracks(state))
    return View(
        seats=state.seats, expansion=state.expansion, phase=state.phase, turn=state.turn,
        waiting_for=_waiting(top(state)), crossing=state.crossing,
        used_streets=list(state.used), layout=list(state.layout), streets=_STREETS,
        crossings=_kept("crossings", (state.stacks, state.placed_by, state.intersections, over),
                        lambda: _crossings(state)),
        spaces=_kept("spaces", (state.streets, state.passengers), lambda: _spaces(state)),
        sidewalk=_kept("sidewalk", (state.expansion,),
                       lambda: [sidewalk_spot(state, i) for i in range(25)]),
        cobblestones=list(state.sidewalk), sites=list(state.sites),
        tiles_left=list(state.tiles_left), bonuses=list(state.bonuses),
        bonus_flipped=list(state.flipped), tracks=tracks,
        track_vp=_TRACK_VP, building_vp=building_vp,
        cerda_tiles=list(state.cerda_tiles), scored=state.scored,
        display=list(state.display), face_down=list(state.face_down),
        projects_left=len(state.projects_left), projects_discarded=list(state.discards),
        project_spaces=_PROJECT_SPACES,
        services=_kept("services", (state.seats, state.services, state.services_left),
                       lambda: _services(state)),
        sagrada_tiles=list(state.sagrada_left), amenities=list(state.amenities),
        violets=list(state.violets), hexes=list(state.hexes), bag_size=sum(state.bag),
        citizens_outside=list(state.outside),
        end=state.end, finished=over, players=_players(state),
    )


def _name(kind: Service) -> str:
    return SERVICE_NAMES[kind]


def view(state: State, viewer: int | None) -> View:
    table = _spectators(state)
    if viewer is None or state.phase == "over" or not 0 <= viewer < state.seats:
        return table
    players = list(table.players)
    players[viewer] = _own(state.players[viewer])
    return replace(table, players=players,
                   crossings=_seat_crossings(state, table.crossings, viewer))


def redact(event: Event, viewer: int | None) -> Event:
    """A player's drawn Citizens and the lower Citizen of a stack are theirs alone."""
    if isinstance(event, CitizensDrawn) and event.seat != viewer:
        return CitizensDrawn(event.seat, event.count, ())
    if isinstance(event, CitizensPlaced) and event.seat != viewer and event.bottom:
        return CitizensPlaced(event.seat, event.crossing, event.top, None, event.paid,
                              event.height)
    return event
