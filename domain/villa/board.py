"""What the Hedges in play make of the grid: walls, joints, closed areas and their
neighbours, and where the Hedge in hand may go. Derived from the state and cached,
since `legal` runs on every update."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from .geometry import (
    HORIZONTAL,
    ORIENTATIONS,
    Cell,
    Edge,
    bounding_box,
    cell_edges,
    edge_cells,
    edge_ends,
    laid,
    oriented,
    region,
)
from .state import Placement, State

Point = tuple[int, int]


@dataclass(frozen=True, eq=False)  # hashed by identity: cached per state
class Board:
    colours: dict[Edge, int]  # every segment in play and its colour
    hedges: dict[Edge, int]  # the Hedge each segment belongs to
    degree: dict[Point, int]  # every joint in play and how many segments meet there
    through: frozenset[Point]  # the joints where a Hedge in play runs straight on
    cell_area: dict[Cell, int]  # the spaces of closed areas
    blocked: frozenset[Edge]  # taken, or inside a closed area: no Hedge may go there
    area_edges: tuple[tuple[Edge, ...], ...]  # per area, its segments around and inside
    adjacent: tuple[frozenset[int], ...]  # per area, the areas sharing a segment with it


def board(state: State) -> Board:
    return _board(state.placements, tuple(area.cells for area in state.areas))


@lru_cache(maxsize=256)
def _board(placements: tuple[Placement, ...], areas: tuple[tuple[Cell, ...], ...]) -> Board:
    colours: dict[Edge, int] = {}
    hedges: dict[Edge, int] = {}
    for p in placements:
        for edge, colour in laid(p.hedge, p.x, p.y, p.rotation, p.mirrored):
            colours[edge], hedges[edge] = colour, p.hedge
    return board_from(colours, hedges, areas)


def board_from(colours: dict[Edge, int], hedges: dict[Edge, int],
               areas: tuple[tuple[Cell, ...], ...]) -> Board:
    """The board of these coloured segments (of these Hedges) with these closed areas."""
    degree: dict[Point, int] = {}
    for x, y, d in colours:  # `edge_ends` written out: a board is built whenever a Hedge is placed
        for point in ((x, y), (x + 1, y) if d == HORIZONTAL else (x, y + 1)):
            degree[point] = degree.get(point, 0) + 1
    cell_area = {cell: i for i, cells in enumerate(areas) for cell in cells}
    area_edges = tuple(_edges_of(cells, colours) for cells in areas)
    inside = {e for cells in areas for cell in cells for e in cell_edges(cell)}
    return Board(colours, hedges, degree, _through(hedges), cell_area,
                 frozenset(inside | colours.keys()), area_edges,
                 _adjacency(len(areas), colours, cell_area))


def _through(hedges: dict[Edge, int]) -> frozenset[Point]:
    """The joints where a segment goes on in line with a segment of the same Hedge."""
    out: set[Point] = set()
    for (x, y, d), hedge in hedges.items():
        end = (x + 1, y) if d == HORIZONTAL else (x, y + 1)
        if hedges.get((*end, d)) == hedge:
            out.add(end)
    return frozenset(out)


def _edges_of(cells: tuple[Cell, ...], walls: dict[Edge, int]) -> tuple[Edge, ...]:
    """The segments around an area and inside it, each once."""
    return tuple(sorted({e for cell in cells for e in cell_edges(cell) if e in walls}))


def _adjacency(count: int, walls: dict[Edge, int], cell_area: dict[Cell, int]
               ) -> tuple[frozenset[int], ...]:
    links: list[set[int]] = [set() for _ in range(count)]
    for x, y, d in walls:  # `edge_cells` written out, as in `board_from`
        a = cell_area.get((x, y - 1) if d == HORIZONTAL else (x - 1, y))
        b = cell_area.get((x, y))
        if a is not None and b is not None and a != b:
            links[a].add(b)
            links[b].add(a)
    return tuple(frozenset(s) for s in links)


def fits(b: Board, hedge: int, x: int, y: int, rotation: int, mirrored: bool) -> bool:
    """The seed's placement rule on the grid: no segment on a taken edge or inside a
    closed area, no crossing, and at least one joint shared with a Hedge in play. Every
    point of a Hedge is a joint (its four segments differ in colour), so touching anywhere
    is touching at joints, and segments meet only at grid points, never side by side."""
    segments = laid(hedge, x, y, rotation, mirrored)
    if any(edge in b.blocked for edge, _ in segments):
        return False
    if crossing(b, hedge, x, y, rotation, mirrored) is not None:
        return False
    return any(point in b.degree for edge, _ in segments for point in edge_ends(edge))


def crossing(b: Board, hedge: int, x: int, y: int, rotation: int, mirrored: bool
             ) -> Point | None:
    """A joint where the Hedge would run straight across a Hedge in play that also runs
    straight on there (a "+"), which only one lying over the other can do: an overlap.
    Straight on in the same direction would share a segment, so this is the only case."""
    for px, py in oriented(hedge, rotation, mirrored).straight:
        if (px + x, py + y) in b.through:
            return (px + x, py + y)
    return None


def placements(b: Board, hedge: int) -> list[tuple[int, int, int, bool]]:
    """Every (x, y, rotation, mirrored) where the Hedge may be laid."""
    return list(_placements(b, hedge))


# `_placements` draws the board as bitmaps: Python integers whose bit (x - x0) * width +
# (y - y0) stands for joint (x, y), or for the segment (x, y, d) in the bitmap of direction d.
# Shifting a bitmap by a Hedge's point or segment then tries every position at once, in C,
# where trying them one by one took milliseconds per call of `legal`.
_REACH = 9  # margin of the bitmaps: a Hedge spans 4 units each way from its first end,
# and a position is checked up to 4 units further (from a joint of the board to a segment)
_ORIENTATION = tuple((tag >> 1, bool(tag & 1)) for tag in range(8))  # of 2 * rotation + mirrored


def _shifted(bitmap: int, by: int) -> int:
    """Bit i + by of `bitmap` moved to i."""
    return bitmap >> by if by >= 0 else bitmap << -by


@lru_cache(maxsize=64)
def _placements(b: Board, hedge: int) -> tuple[tuple[int, int, int, bool], ...]:
    """Per orientation, the positions where a point of the Hedge lies on a joint with a free
    segment, less those where a segment of it lies on a blocked edge or it would cross a
    Hedge in play."""
    if not b.blocked:
        return ()
    # The box: every joint ends a segment in play, and those are blocked edges.
    x0 = min(b.blocked)[0] - _REACH
    y0 = min(b.blocked, key=itemgetter(1))[1] - _REACH
    width = max(b.blocked, key=itemgetter(1))[1] + 1 + _REACH - y0 + 1  # one bit per point
    joints = sum(1 << ((x - x0) * width + y - y0) for (x, y), n in b.degree.items() if n < 4)
    walls = [0, 0]  # per direction
    for x, y, d in b.blocked:
        walls[d] |= 1 << ((x - x0) * width + y - y0)
    through = sum(1 << ((x - x0) * width + y - y0) for x, y in b.through)
    keys: list[int] = []
    for rotation, mirrored in ORIENTATIONS:
        shape = oriented(hedge, rotation, mirrored)
        fit = 0
        for x, y in shape.points:
            fit |= _shifted(joints, x * width + y)
        for x, y, d in shape.edges:
            fit &= ~_shifted(walls[d], x * width + y)
        for x, y in shape.straight:  # `crossing`
            fit &= ~_shifted(through, x * width + y)
        # sort key of each position: its bit (ordered as (x, y) is), then the orientation
        tag = 2 * rotation + mirrored
        digits = bin(fit)[:1:-1]  # lowest bit first, without "0b"
        bit = digits.find("1")
        while bit >= 0:
            keys.append(8 * bit + tag)
            bit = digits.find("1", bit + 1)
    keys.sort()
    row = 8 * width
    return tuple([(key // row + x0, (key % row >> 3) + y0, *_ORIENTATION[key & 7]) for key in keys])


def closures(b: Board, new: tuple[tuple[Edge, int], ...]) -> list[list[Cell]]:
    """The areas that the new segments close: the regions next to them that no longer
    reach past the Hedges in play. Each as its sorted spaces, in a stable order."""
    walls = set(b.colours) | {edge for edge, _ in new}
    points = set(b.degree) | {p for edge, _ in new for p in edge_ends(edge)}
    box = bounding_box(points)
    seen: set[Cell] = set()
    found = []
    for edge, _ in new:
        for cell in edge_cells(edge):
            if cell in seen or cell in b.cell_area:
                continue
            cells = region(cell, walls, box, seen)
            if cells is not None:
                found.append(sorted(cells))
    return sorted(found)
