"""The shapes of what each audience sees (view.py builds them)."""

from __future__ import annotations

import msgspec

from .components import (
    Action,
    Amenity,
    Bonus,
    Cls,
    Condition,
    ProjectSpace,
    Service,
    Spot,
    Violet,
)
from .state import Phase, Site


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
