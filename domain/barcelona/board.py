"""The static board data clients draw from (`Game.board()`, served at
`GET /api/kinds/barcelona/board`): the city's geometry and the fixed component values a board
prints, all taken from geometry.py and components.py, so no client copies them by hand.
"""

from __future__ import annotations

from functools import cache

import msgspec

from . import components as c
from . import geometry as g


class Crossing(msgspec.Struct, frozen=True):
    name: str  # A1 .. E5: rows A-E from the top, columns 1-5 from the left
    row: int
    column: int
    streets: tuple[int, ...]  # its row, its column, and the Diagonal if it lies on it


class Space(msgspec.Struct, frozen=True):
    name: str  # its two crossings: A1-A2
    ends: tuple[int, int]
    street: int
    wide: bool
    printed: c.Benefit  # the benefit printed on it


class Site(msgspec.Struct, frozen=True):
    name: str
    block: tuple[int, int]  # (block row, block column) from the top left
    kind: str  # square, or the Diagonal block's upper or lower Corner triangle
    corners: tuple[int, ...]  # its corner crossings


class HexSpace(msgspec.Struct, frozen=True):
    reward: c.HexReward
    violets: tuple[int, ...]  # the violet spaces next to it


class Board(msgspec.Struct, frozen=True):
    size: int  # crossings per side
    crossings: tuple[Crossing, ...]
    streets: tuple[str, ...]  # rows 0-4, columns 5-9, the Diagonal 10
    spaces: tuple[Space, ...]
    sites: tuple[Site, ...]
    sidewalk: tuple[c.Spot, ...]  # row by row from the top
    overlay: tuple[c.Spot, ...]  # Passeig de Gràcia's Sidewalk
    classes: tuple[c.Cls, ...]  # the Citizen tracks' rows, top first
    sections: int  # of the Citizen tracks
    section_spaces: int
    covered_at_start: dict[int, tuple[bool, ...]]  # per seat count: track spaces covered
    cerda_spaces: int
    cerda_start: int
    cerda_labels: dict[int, int]  # Cerdà track space -> multiplier
    sagrada_top: int  # the Sagrada Família track's last step
    sagrada_slots: dict[int, int]  # Sagrada Família step -> tile level
    sagrada_tiles: dict[str, c.Reward]
    warehouse: int  # Warehouse spaces: the open ones, then those under Cobblestones
    cobble_vp: tuple[int, ...]
    marker_stacks: tuple[int, ...]
    intersection_costs: tuple[c.Cost, ...]
    intersection_unlocks: tuple[c.Benefit, ...]
    passenger_costs: tuple[c.Cost, ...]
    passenger_vp: tuple[int, ...]
    condition_vp: dict[c.Condition, int]
    service_names: dict[c.Service, str]
    hex_spaces: tuple[HexSpace, ...]


# Which benefit a printed Reward is: the name of its one non-zero field.
_BENEFIT_OF_FIELD: dict[str, c.Benefit] = {
    "coins": "coin", "cloths": "cloth", "vp": "vp", "cerda": "cerda", "sagrada": "sagrada"}


def _benefit(reward: c.Reward) -> c.Benefit:
    return next(b for f, b in _BENEFIT_OF_FIELD.items() if getattr(reward, f))


@cache
def board(seat_counts: tuple[int, ...]) -> Board:
    return Board(
        size=g.SIZE,
        crossings=tuple(Crossing(g.crossing_name(x), *divmod(x, g.SIZE), g.streets_of(x))
                        for x in range(g.CROSSINGS)),
        streets=g.STREET_NAMES,
        spaces=tuple(Space(g.space_name(i), ends, g.SPACE_STREET[i], g.WIDE[i],
                           _benefit(g.PRINTED[i])) for i, ends in enumerate(g.SPACE_ENDS)),
        sites=tuple(Site(g.building_name(b), block, kind, corners) for b, (block, kind, corners)
                    in enumerate(g.BUILDINGS)),
        sidewalk=c.SIDEWALK, overlay=c.OVERLAY,
        classes=c.CLASSES, sections=c.SECTIONS, section_spaces=c.SECTION_SPACES,
        covered_at_start={seats: c.covered_at_start(seats) for seats in seat_counts},
        cerda_spaces=c.CERDA_SPACES, cerda_start=c.CERDA_START, cerda_labels=c.CERDA_LABELS,
        sagrada_top=c.SAGRADA_TOP, sagrada_slots=c.SAGRADA_SLOTS, sagrada_tiles=c.SAGRADA_TILES,
        warehouse=c.WAREHOUSE_OPEN + c.COBBLESTONES, cobble_vp=c.COBBLE_VP,
        marker_stacks=c.MARKER_STACKS,
        intersection_costs=c.INTERSECTION_COSTS, intersection_unlocks=c.BENEFITS,
        passenger_costs=c.PASSENGER_COSTS, passenger_vp=c.PASSENGER_VP,
        condition_vp=c.CONDITION_VP, service_names=c.SERVICE_NAMES,
        hex_spaces=tuple(HexSpace(reward, violets) for reward, violets in c.HEX_SPACES),
    )
