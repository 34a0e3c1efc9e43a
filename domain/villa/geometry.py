"""The square grid under the board: joints, segments, spaces and the moves of a Hedge.

A joint is a grid point `(x, y)`. A segment is the unit edge `(x, y, 0)` from `(x, y)` to
`(x + 1, y)` or `(x, y, 1)` from `(x, y)` to `(x, y + 1)`. A space (cell) `(x, y)` is the
unit square whose lower-left corner is the joint `(x, y)`.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from functools import cache, lru_cache
from itertools import pairwise
from typing import NamedTuple

from .components import HEDGES, Point

Edge = tuple[int, int, int]
Cell = tuple[int, int]
HORIZONTAL, VERTICAL = 0, 1

# Rotations by quarter turns, each with or without mirroring first: the eight ways to
# lay a Hedge down (RULES.md: pieces may be turned and flipped over).
ORIENTATIONS: tuple[tuple[int, bool], ...] = tuple(
    (rotation, mirrored) for mirrored in (False, True) for rotation in range(4))


def edge_between(a: Point, b: Point) -> Edge:
    """The segment joining two neighbouring joints."""
    (ax, ay), (bx, by) = a, b
    if ay == by and abs(ax - bx) == 1:
        return (min(ax, bx), ay, HORIZONTAL)
    if ax == bx and abs(ay - by) == 1:
        return (ax, min(ay, by), VERTICAL)
    raise ValueError(f"joints {a} and {b} are not neighbours")


def edge_ends(edge: Edge) -> tuple[Point, Point]:
    x, y, d = edge
    return ((x, y), (x + 1, y)) if d == HORIZONTAL else ((x, y), (x, y + 1))


def edge_cells(edge: Edge) -> tuple[Cell, Cell]:
    """The two spaces a segment separates."""
    x, y, d = edge
    return ((x, y - 1), (x, y)) if d == HORIZONTAL else ((x - 1, y), (x, y))


def cell_edges(cell: Cell) -> tuple[Edge, Edge, Edge, Edge]:
    """The four sides of a space: bottom, top, left, right."""
    x, y = cell
    return ((x, y, HORIZONTAL), (x, y + 1, HORIZONTAL), (x, y, VERTICAL), (x + 1, y, VERTICAL))


def neighbours(cell: Cell) -> tuple[tuple[Edge, Cell], ...]:
    """Each side of a space (as `cell_edges` lists them) with the space beyond it."""
    x, y = cell  # written out: `region` asks this of every space it floods
    return (((x, y, HORIZONTAL), (x, y - 1)), ((x, y + 1, HORIZONTAL), (x, y + 1)),
            ((x, y, VERTICAL), (x - 1, y)), ((x + 1, y, VERTICAL), (x + 1, y)))


def orient(point: Point, rotation: int, mirrored: bool) -> Point:
    """Mirror across the vertical axis (if asked), then turn by quarter turns anticlockwise."""
    x, y = point
    if mirrored:
        x = -x
    for _ in range(rotation % 4):
        x, y = -y, x
    return (x, y)


class Oriented(NamedTuple):
    """A Hedge laid one way, with its first end at (0, 0)."""

    points: tuple[Point, ...]
    edges: tuple[Edge, ...]  # segment i joins points i and i + 1
    colours: tuple[int, ...]
    straight: tuple[Point, ...]  # the inner points where it runs straight on


@cache
def oriented(hedge: int, rotation: int, mirrored: bool) -> Oriented:
    piece = HEDGES[hedge]
    points = tuple(orient(p, rotation, mirrored) for p in piece.shape.points)
    edges = tuple(edge_between(a, b) for a, b in pairwise(points))
    straight = tuple(p for a, p, b in zip(points, points[1:], points[2:], strict=False)
                     if a[0] + b[0] == 2 * p[0] and a[1] + b[1] == 2 * p[1])
    return Oriented(points, edges, piece.colours, straight)


def shift(edge: Edge, dx: int, dy: int) -> Edge:
    return (edge[0] + dx, edge[1] + dy, edge[2])


@lru_cache(maxsize=8192)  # every board is built from the Hedges in play: about 33 per game
def laid(hedge: int, x: int, y: int, rotation: int, mirrored: bool) -> tuple[tuple[Edge, int], ...]:
    """The coloured segments of a Hedge whose first end lies on joint (x, y)."""
    shape = oriented(hedge, rotation, mirrored)
    return tuple((shift(e, x, y), c) for e, c in zip(shape.edges, shape.colours, strict=True))


def region(start: Cell, walls: Container[Edge], box: tuple[int, int, int, int],
           seen: set[Cell]) -> list[Cell] | None:
    """The spaces reachable from `start` without crossing a wall, or None if they reach
    past `box` (x0, y0, x1, y1 of the joints in play), i.e. the region is open. Marks
    the spaces inside the box it floods as `seen`.

    It stops as soon as the region proves open, since flooding the open space around the
    board is most of the work whenever a Hedge is placed: on reaching past the box, or a
    space seen by an earlier flood. A closed region is always flooded whole, so a later
    flood only meets the spaces of an open one, left partly flooded."""
    x0, y0, x1, y1 = box
    if not (x0 <= start[0] < x1 and y0 <= start[1] < y1):
        return None
    todo, cells, flooded = [start], [start], {start}
    while todo:
        for edge, other in neighbours(todo.pop()):
            if edge in walls or other in flooded:
                continue
            if other in seen or not (x0 <= other[0] < x1 and y0 <= other[1] < y1):
                seen.update(flooded)
                return None
            flooded.add(other)
            todo.append(other)
            cells.append(other)
    seen.update(flooded)
    return cells


def bounding_box(points: Iterable[Point]) -> tuple[int, int, int, int]:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))
