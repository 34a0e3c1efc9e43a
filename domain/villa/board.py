"""What the Hedges in play make of the grid: walls, joints, closed areas and their
neighbours, and whether a Hedge may go somewhere. Derived from the state and cached,
since `legal`, `decide` and the view all ask it of every state."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .geometry import (
    HORIZONTAL,
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
from .kept import Kept
from .state import Area, Placement, State

Point = tuple[int, int]
Cells = tuple[tuple[Cell, ...], ...]  # the spaces of each closed area

# The frame of `Bits`: joints (x, y) with ORIGIN <= x, y < ORIGIN + WIDTH, joint (x, y) at bit
# (x - ORIGIN) * WIDTH + (y - ORIGIN). It is the same for every board, so placing.py can name
# each position's command once for all games. A board is drawn in it while its joints and
# blocked edges stay MARGIN inside it: a Hedge spans 4 units each way from its first end, and
# a position is checked up to 4 units further (from a joint of the board to a segment), so
# nothing it checks wraps from one row of bits to the next.
ORIGIN, WIDTH, MARGIN = -32, 64, 9


class Bits(NamedTuple):
    """A board as bitmaps in the fixed frame (Python integers, shifted and masked in C)."""

    joints: int  # joints with a free segment (fewer than 4 segments meet there)
    walls: tuple[int, int]  # blocked edges, per direction
    through: int  # `Board.through`
    low: int  # the least and greatest x of a joint in play
    high: int
    bottom: int  # the least and greatest y of a joint in play
    top: int


@dataclass(frozen=True, eq=False)  # compared by identity: kept per game (`board`)
class Board:
    colours: dict[Edge, int]  # every segment in play and its colour
    hedges: dict[Edge, int]  # the Hedge each segment belongs to
    degree: dict[Point, int]  # every joint in play and how many segments meet there
    through: frozenset[Point]  # the joints where a Hedge in play runs straight on
    cell_area: dict[Cell, int]  # the spaces of closed areas
    blocked: frozenset[Edge]  # taken, or inside a closed area: no Hedge may go there
    area_edges: tuple[tuple[Edge, ...], ...]  # per area, its segments around and inside
    adjacent: tuple[frozenset[int], ...]  # per area, the areas sharing a segment with it
    box: tuple[int, int, int, int] | None = None  # x0, y0, x1, y1 of the joints, if any
    bits: Bits | None = None  # None when the board reaches outside the frame


class _Built(NamedTuple):
    state: State  # the last state that asked
    placements: tuple[Placement, ...]
    areas: tuple[Area, ...]  # its areas: the next state mostly holds the very same tuple
    cells: Cells
    board: Board


def board(state: State) -> Board:
    """The board of a state. Each game keeps its last two boards: the next state mostly has
    the same (equal states of one game, as `decide` and the server each make them, share
    one), and the board after a Hedge is the board before it with four segments more."""
    kept = _BOARDS.get(state) or ()
    for built in kept:
        if built.state is state:
            return built.board
    placements, areas = state.placements, state.areas
    if kept and kept[0].areas is areas and kept[0].placements == placements:
        # The latest board, for a state that changed neither (a Hedge drawn, a turn ended).
        latest = kept[0]
        _BOARDS.put(state, (_Built(state, placements, areas, latest.cells, latest.board),
                            *kept[1:]))
        return latest.board
    cells = tuple(area.cells for area in areas)
    found = next((built for built in kept
                  if built.placements == placements and built.cells == cells), None)
    b = found.board if found is not None else _build(state, cells, kept)
    others = [built for built in kept if built is not found]
    # The board one Hedge before stays, before any other: the search bot (domain/core/bots.py)
    # tries many Hedges on one state in turn, and each child is built from that board.
    parent = placements[:-1]
    others.sort(key=lambda built: built.placements != parent)
    _BOARDS.put(state, (_Built(state, placements, areas, cells, b), *others[:1]))
    return b


_BOARDS: Kept[tuple[_Built, ...]] = Kept()


def _build(state: State, cells: Cells, kept: tuple[_Built, ...]) -> Board:
    placements = state.placements
    if len(placements) > 1:
        # The areas the last Hedge closed, which the board before it has not.
        placed = len(placements)
        fresh = sum(area.closed_at == placed for area in state.areas)
        before, older = placements[:-1], cells[:len(cells) - fresh]
        for built in kept:
            if built.placements == before and built.cells == older:
                child = extended(built.board, placements[-1], cells[len(cells) - fresh:])
                if child is not None:
                    return child
    colours: dict[Edge, int] = {}
    hedges: dict[Edge, int] = {}
    for p in placements:
        for edge, colour in laid(p.hedge, p.x, p.y, p.rotation, p.mirrored):
            colours[edge], hedges[edge] = colour, p.hedge
    return board_from(colours, hedges, cells)


def board_from(colours: dict[Edge, int], hedges: dict[Edge, int], areas: Cells) -> Board:
    """The board of these coloured segments (of these Hedges) with these closed areas."""
    degree: dict[Point, int] = {}
    for x, y, d in colours:  # `edge_ends` written out: a board is built whenever a Hedge is placed
        for point in ((x, y), (x + 1, y) if d == HORIZONTAL else (x, y + 1)):
            degree[point] = degree.get(point, 0) + 1
    cell_area = {cell: i for i, cells in enumerate(areas) for cell in cells}
    area_edges = tuple(_edges_of(cells, colours) for cells in areas)
    inside = {e for cells in areas for cell in cells for e in cell_edges(cell)}
    blocked = frozenset(inside | colours.keys())
    through = _through(hedges)
    return Board(colours, hedges, degree, through, cell_area, blocked, area_edges,
                 _adjacency(len(areas), colours, cell_area),
                 bounding_box(degree) if degree else None, _bits(degree, blocked, through))


def extended(parent: Board, p: Placement, areas: Cells) -> Board | None:
    """`parent` with one more Hedge and the areas it closed, as `board_from` would make it,
    at a fraction of its cost; None when the Hedge lies on a blocked edge or an area on a
    closed one's space (never in play), which only `board_from` handles."""
    segments = laid(p.hedge, p.x, p.y, p.rotation, p.mirrored)
    blocked = parent.blocked
    (e0, _), (e1, _), (e2, _), (e3, _) = segments  # a Hedge has four segments: written out
    if e0 in blocked or e1 in blocked or e2 in blocked or e3 in blocked or (areas and any(
            cell in parent.cell_area for cells in areas for cell in cells)):
        return None
    colours, hedges, degree = dict(parent.colours), dict(parent.hedges), dict(parent.degree)
    hedge, px, py = p.hedge, p.x, p.y
    for edge, colour in segments:
        colours[edge], hedges[edge] = colour, hedge
    shape = _laid_shape(hedge, p.rotation, p.mirrored)
    for x, y, n in shape.meets:
        point = (x + px, y + py)
        degree[point] = degree.get(point, 0) + n
    cell_area, adjacent = parent.cell_area, parent.adjacent
    new_edges: tuple[tuple[Edge, ...], ...] = ()
    inside: set[Edge] = set()
    if areas:  # the dicts of a board are never changed once made, so they may be shared
        cell_area = dict(cell_area)
        for i, cells in enumerate(areas, len(parent.area_edges)):
            cell_area.update(dict.fromkeys(cells, i))
        new_edges = tuple(_edges_of(cells, colours) for cells in areas)
        adjacent = _relinked(adjacent, len(areas), (e for edges in new_edges for e in edges),
                             cell_area)
        inside = {e for cells in areas for cell in cells for e in cell_edges(cell)}
    more = _through_at(hedges, segments, p.hedge)
    x0, y0, x1, y1 = shape.box
    x0, y0, x1, y1 = px + x0, py + y0, px + x1, py + y1
    if parent.box is not None:  # min and max written out
        a0, b0, a1, b1 = parent.box
        x0, y0, x1, y1 = (a0 if a0 < x0 else x0, b0 if b0 < y0 else y0,
                          a1 if a1 > x1 else x1, b1 if b1 > y1 else y1)
    bits = None if parent.bits is None else _more_bits(parent.bits, degree, p, shape, inside, more)
    inside.update(edge for edge, _ in segments)
    return Board(colours, hedges, degree, parent.through | more, cell_area,
                 parent.blocked | inside, parent.area_edges + new_edges, adjacent, (x0, y0, x1, y1), bits)


_MEETS = (1, 2, 2, 2, 1)  # how many of a Hedge's segments meet at each of its points


class _Shape(NamedTuple):
    """A Hedge laid one way with its first end on (0, 0), as `extended` adds it."""

    points: tuple[Point, ...]
    meets: tuple[tuple[int, int, int], ...]  # each point, and how many of its segments meet there
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 of its points
    joints: int  # its points as bits of the frame, moved up by _PAD (see `_more_bits`)
    walls: tuple[int, int]  # its segments of each direction, likewise


@cache
def _laid_shape(hedge: int, rotation: int, mirrored: bool) -> _Shape:
    shape = oriented(hedge, rotation, mirrored)
    walls = [0, 0]
    for x, y, d in shape.edges:
        walls[d] |= 1 << (x * WIDTH + y + _PAD)
    # segment i joins points i and i + 1
    meets = tuple((x, y, n) for (x, y), n in zip(shape.points, _MEETS, strict=True))
    return _Shape(shape.points, meets, bounding_box(shape.points),
                  sum(1 << (x * WIDTH + y + _PAD) for x, y in shape.points), (walls[0], walls[1]))


def _box(box: tuple[int, int, int, int] | None, segments: tuple[tuple[Edge, int], ...]
         ) -> tuple[int, int, int, int]:
    """`box` grown to hold the ends of these segments."""
    points = [point for edge, _ in segments for point in edge_ends(edge)]
    if box is not None:
        points += [box[:2], box[2:]]
    return bounding_box(points)


def _through(hedges: dict[Edge, int]) -> frozenset[Point]:
    """The joints where a segment goes on in line with a segment of the same Hedge."""
    out: set[Point] = set()
    for (x, y, d), hedge in hedges.items():
        end = (x + 1, y) if d == HORIZONTAL else (x, y + 1)
        if hedges.get((*end, d)) == hedge:
            out.add(end)
    return frozenset(out)


def _through_at(hedges: dict[Edge, int], segments: tuple[tuple[Edge, int], ...], hedge: int
                ) -> frozenset[Point]:
    """`_through`'s joints at either end of these segments of `hedge`."""
    out: set[Point] = set()
    for (x, y, d), _ in segments:
        before = (x - 1, y, d) if d == HORIZONTAL else (x, y - 1, d)
        end = (x + 1, y) if d == HORIZONTAL else (x, y + 1)
        if hedges.get(before) == hedge:
            out.add((x, y))
        if hedges.get((*end, d)) == hedge:
            out.add(end)
    return frozenset(out)


def _edges_of(cells: tuple[Cell, ...], walls: dict[Edge, int]) -> tuple[Edge, ...]:
    """The segments around an area and inside it, each once."""
    return tuple(sorted({e for cell in cells for e in cell_edges(cell) if e in walls}))


def _adjacency(count: int, walls: dict[Edge, int], cell_area: dict[Cell, int]
               ) -> tuple[frozenset[int], ...]:
    links: list[set[int]] = [set() for _ in range(count)]
    _link(links, walls, cell_area)
    return tuple(frozenset(s) for s in links)


def _relinked(adjacent: tuple[frozenset[int], ...], new: int, walls: Iterable[Edge],
              cell_area: dict[Cell, int]) -> tuple[frozenset[int], ...]:
    """`adjacent` with `new` areas more, whose walls these are. Old walls between old areas
    stay as they were: a new segment never lies on an edge of a closed area's space (those
    are blocked), so only links to new areas are new, and only the areas they touch get a
    new set."""
    links: dict[int, set[int]] = {}
    for x, y, d in walls:  # `_link`, into sets made only for the areas touched
        a = cell_area.get((x, y - 1) if d == HORIZONTAL else (x - 1, y))
        b = cell_area.get((x, y))
        if a is not None and b is not None and a != b:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    old = len(adjacent)
    return (*(s | links[i] if i in links else s for i, s in enumerate(adjacent)),
            *(frozenset(links.get(i, ())) for i in range(old, old + new)))


def _link(links: list[set[int]], walls: Iterable[Edge], cell_area: dict[Cell, int]) -> None:
    """Link the areas on either side of each of these walls."""
    for x, y, d in walls:  # `edge_cells` written out, as in `board_from`
        a = cell_area.get((x, y - 1) if d == HORIZONTAL else (x - 1, y))
        b = cell_area.get((x, y))
        if a is not None and b is not None and a != b:
            links[a].add(b)
            links[b].add(a)


_LOW, _HIGH = ORIGIN + MARGIN, ORIGIN + WIDTH - MARGIN  # where a joint may be, on each axis


def _framed(x: int, y: int) -> bool:
    return _LOW <= x < _HIGH and _LOW <= y < _HIGH


def _bit(x: int, y: int) -> int:
    return 1 << ((x - ORIGIN) * WIDTH + y - ORIGIN)


def _bits(degree: dict[Point, int], blocked: frozenset[Edge], through: frozenset[Point]
          ) -> Bits | None:
    """The board's bits, or None when it does not fit in the frame."""
    if not degree or not all(_framed(x, y) for x, y in degree) or not all(
            _framed(x, y) for x, y, _ in blocked):
        return None
    walls = [0, 0]
    for x, y, d in blocked:
        walls[d] |= _bit(x, y)
    xs, ys = [x for x, _ in degree], [y for _, y in degree]
    return Bits(sum(_bit(x, y) for (x, y), n in degree.items() if n < 4), (walls[0], walls[1]),
                sum(_bit(x, y) for x, y in through), min(xs), max(xs), min(ys), max(ys))


# A Hedge's points and segments lie at most 4 joints before its first end on each axis:
# its bits, moved up by _PAD, are all above bit 0 (see `_Shape`).
_PAD = 4 * WIDTH + 4


def _more_bits(bits: Bits, degree: dict[Point, int], p: Placement, shape: _Shape,
               inside: set[Edge], through: frozenset[Point]) -> Bits | None:
    """`bits` with the joints and segments of this Hedge (`shape` laid at `p`), the edges
    inside the areas it closed blocked, these joints where a Hedge runs straight on."""
    x0, y0, x1, y1 = shape.box
    if not (p.x + x0 >= _LOW and p.x + x1 < _HIGH and p.y + y0 >= _LOW and p.y + y1 < _HIGH):
        return None
    # The Hedge's bits laid at its first end (a bit inside the margin, so `at` > 0).
    at = (p.x - ORIGIN) * WIDTH + p.y - ORIGIN - _PAD
    walls = (bits.walls[0] | shape.walls[0] << at, bits.walls[1] | shape.walls[1] << at)
    if inside:
        added = _inside_bits(inside)
        if added is None:
            return None
        walls = (walls[0] | added[0], walls[1] | added[1])
    joints = bits.joints | shape.joints << at
    full = [(x + p.x, y + p.y) for x, y in shape.points if degree[(x + p.x, y + p.y)] >= 4]
    if full:  # no free segment left there
        joints &= ~sum(_bit(x, y) for x, y in full)
    return Bits(joints, walls, bits.through | sum(_bit(x, y) for x, y in through),
                min(bits.low, p.x + x0), max(bits.high, p.x + x1),
                min(bits.bottom, p.y + y0), max(bits.top, p.y + y1))


def _inside_bits(edges: set[Edge]) -> tuple[int, int] | None:
    """These edges (each once) as bits of the frame, per direction; None if one lies outside. Each
    direction is summed from its lowest bit up, in small integers, then shifted there once."""
    ks: tuple[list[int], list[int]] = ([], [])
    for x, y, d in edges:  # `_framed` and `_bit` written out
        if not (_LOW <= x < _HIGH and _LOW <= y < _HIGH):
            return None
        ks[d].append((x - ORIGIN) * WIDTH + y - ORIGIN)
    out = [0, 0]
    for d, found in enumerate(ks):
        if found:
            low = min(found)
            out[d] = sum(1 << (k - low) for k in found) << low
    return out[0], out[1]


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


def closures(b: Board, new: tuple[tuple[Edge, int], ...]) -> list[list[Cell]]:
    """The areas that the new segments close: the regions next to them that no longer
    reach past the Hedges in play. Each as its sorted spaces, in a stable order.

    A new region needs a cycle of segments: new faces = new edges - new points (Euler), and a
    Hedge is a path, so one meeting the Hedges in play at fewer than two joints closes
    nothing. Most placements are such, and the bots try hundreds: no flood fill for them."""
    degree = b.degree
    if len({point for (x, y, d), _ in new  # `edge_ends` written out
            for point in ((x, y), (x + 1, y) if d == HORIZONTAL else (x, y + 1))
            if point in degree}) < 2:
        return []
    # The blocked edges are the segments in play and the edges inside closed areas, which no
    # flood from outside them reaches (an area is closed by segments): the same walls, one copy.
    walls = b.blocked.union(edge for edge, _ in new)
    box = _box(b.box, new)
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
