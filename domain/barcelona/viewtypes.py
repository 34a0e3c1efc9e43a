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
# Tuples, not lists, for the same reason: the collector stops tracking a tuple once a
# collection finds its items untracked (ints, strs, these structs, such tuples), a list
# never, and the views kept for each game's next state must not be walked by its middle
# passes (at 1,000 games, 3-20 ms each). JSON encodes a tuple as the same array.
class PlayerView(msgspec.Struct, frozen=True, gc=False):
    vp: int
    coins: int
    cloths: int
    warehouse: int  # open Warehouse spaces
    hand: tuple[Cls, ...] | None  # the owner's alone
    hand_size: int
    cerda: int
    multiplier: int
    sagrada: int
    sagrada_tiles: tuple[str, ...]
    cobblestones_left: int
    narrow_stacks: tuple[int, ...]
    wide_stack: int
    intersections: int
    passengers: int
    marker_stacks: tuple[int, ...]
    projects: tuple[Condition | None, ...]
    project_tops: tuple[bool, ...]
    services: tuple[Service, ...]
    tram: int | None
    waiting_benefits: int
    joy: tuple[int, ...]
    walked: tuple[int, ...]
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
    actions: tuple[Action, ...]  # granted actions to choose from
    flags: tuple[str, ...]  # costs waived: no_coins, no_cloth, anywhere, free_passenger
    coins: int  # a gain to store
    cloths: int
    either: int  # gain that may be stored as a Coin or a Cloth
    steps: tuple[int, int]  # Pedestrian steps left, each
    joy: tuple[int, int]  # Joy due to a named Pedestrian
    chunks: tuple[int, ...]  # Joy due to either Pedestrian, chunk by chunk


class View(msgspec.Struct, frozen=True, gc=False):
    seats: int
    expansion: bool
    phase: Phase
    turn: int
    waiting_for: TaskView | None
    crossing: int | None
    used_streets: tuple[int, ...]
    layout: tuple[Action, ...]
    streets: tuple[str, ...]
    crossings: tuple[CrossingView, ...]
    spaces: tuple[StreetView, ...]
    sidewalk: tuple[Spot, ...]
    cobblestones: tuple[int | None, ...]
    sites: tuple[Site | None, ...]
    tiles_left: tuple[int, ...]
    bonuses: tuple[Bonus, ...]
    bonus_flipped: tuple[bool, ...]
    tracks: tuple[tuple[bool, ...], ...]
    track_vp: dict[int, int]
    building_vp: int
    cerda_tiles: tuple[Condition, ...]
    scored: int
    display: tuple[Condition | None, ...]
    face_down: tuple[bool, ...]
    projects_left: int
    projects_discarded: tuple[Condition, ...]  # face up: the next stack once this one runs out
    project_spaces: tuple[ProjectSpace, ...]
    services: tuple[ServiceView, ...]
    sagrada_tiles: tuple[str, ...]
    amenities: tuple[Amenity, ...]
    violets: tuple[Violet, ...]
    hexes: tuple[int | None, ...]
    bag_size: int
    citizens_outside: tuple[int, ...]  # per class row: placed beside the board, its row full
    end: bool
    finished: bool
    players: tuple[PlayerView, ...]
