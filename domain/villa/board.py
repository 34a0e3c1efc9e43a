"""What the Hedges in play make of the grid: walls, joints, closed areas and their
neighbours, and where the Hedge in hand may go. Derived from the state and cached,
since `legal` runs on every update."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .geometry import (
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
    shift,
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
    for edge in colours:
        for point in edge_ends(edge):
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
    for edge in walls:
        a, b = (cell_area.get(c) for c in edge_cells(edge))
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


@lru_cache(maxsize=64)
def _placements(b: Board, hedge: int) -> tuple[tuple[int, int, int, bool], ...]:
    frontier = [p for p, n in b.degree.items() if n < 4]
    blocked = b.blocked
    out = []
    for rotation, mirrored in ORIENTATIONS:
        shape = oriented(hedge, rotation, mirrored)
        tried: set[Point] = set()
        for fx, fy in frontier:
            for px, py in shape.points:
                dx, dy = fx - px, fy - py
                if (dx, dy) in tried:
                    continue
                tried.add((dx, dy))
                if not any(shift(e, dx, dy) in blocked for e in shape.edges):
                    out.append((dx, dy, rotation, mirrored))
    return tuple(sorted(out))


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
