"""What the Hedges in play make of the grid: walls, joints, closed areas and their
neighbours, and where the Hedge in hand may go. Derived from the state and cached,
since `legal` runs on every update."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_

from .geometry import (
    HORIZONTAL,
    ORIENTATIONS,
    VERTICAL,
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
    return Board(colours, hedges, degree, cell_area, frozenset(inside | colours.keys()),
                 area_edges, _adjacency(len(areas), colours, cell_area))


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
    closed area, and at least one joint shared with a Hedge in play. Every point of a
    Hedge is a joint (its four segments differ in colour), so touching anywhere is
    touching at joints, and segments meet only at grid points, never side by side."""
    segments = laid(hedge, x, y, rotation, mirrored)
    if any(edge in b.blocked for edge, _ in segments):
        return False
    return any(point in b.degree for edge, _ in segments for point in edge_ends(edge))


def placements(b: Board, hedge: int) -> list[tuple[int, int, int, bool]]:
    """Every (x, y, rotation, mirrored) where the Hedge may be laid."""
    return list(_placements(b, hedge))


# `_placements` draws the board as bitmaps: Python integers whose bit (x - x0) * width +
# (y - y0) stands for joint (x, y), or for the segment (x, y, d) in the bitmap of direction d.
# Shifting a bitmap by a Hedge's point or segment then tries every position at once, in C,
# where trying them one by one took milliseconds per call of `legal`.
_REACH = 9  # margin of the bitmaps: a Hedge spans 4 units each way from its first end,
# and a position is checked up to 4 units further (from a joint of the board to a segment)


def _bitmap(bits: Iterable[int]) -> int:
    return reduce(or_, (1 << bit for bit in bits), 0)


def _shifted(bitmap: int, by: int) -> int:
    """Bit i + by of `bitmap` moved to i."""
    return bitmap >> by if by >= 0 else bitmap << -by


def _ones(bitmap: int) -> list[int]:
    """The bits set, lowest first."""
    digits = bin(bitmap)[:1:-1]  # lowest bit first, without "0b"
    out, i = [], digits.find("1")
    while i >= 0:
        out.append(i)
        i = digits.find("1", i + 1)
    return out


@lru_cache(maxsize=64)
def _placements(b: Board, hedge: int) -> tuple[tuple[int, int, int, bool], ...]:
    """Per orientation, the positions where a point of the Hedge lies on a joint with a free
    segment, less those where a segment of it lies on a blocked edge."""
    frontier = [p for p, n in b.degree.items() if n < 4]
    if not frontier:
        return ()
    xs = [x for x, _ in frontier] + [x for x, _, _ in b.blocked]
    ys = [y for _, y in frontier] + [y for _, y, _ in b.blocked]
    x0, y0 = min(xs) - _REACH, min(ys) - _REACH
    width = max(ys) + _REACH - y0 + 1  # so (x, y) <-> bit is one to one within the margin
    joints = _bitmap((x - x0) * width + y - y0 for x, y in frontier)
    walls = [_bitmap((x - x0) * width + y - y0 for x, y, d in b.blocked if d == direction)
             for direction in (HORIZONTAL, VERTICAL)]
    keys: list[int] = []
    for rotation, mirrored in ORIENTATIONS:
        shape = oriented(hedge, rotation, mirrored)
        fit = 0
        for x, y in shape.points:
            fit |= _shifted(joints, x * width + y)
        for x, y, d in shape.edges:
            fit &= ~_shifted(walls[d], x * width + y)
        # sort key: the position's bit (ordered as (x, y) is), then the orientation
        tag = 2 * rotation + mirrored
        keys += [8 * bit + tag for bit in _ones(fit)]
    keys.sort()
    out = []
    for key in keys:
        x, y = divmod(key >> 3, width)
        out.append((x + x0, y + y0, (key & 7) >> 1, bool(key & 1)))
    return tuple(out)


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
