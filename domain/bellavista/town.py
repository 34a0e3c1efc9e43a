"""The geometry of one town: spaces, Parks and Rivers, the border, and every placement.

Built once per layout (cached), so `legal()` only filters precomputed placements by
free spaces and the zoning card.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any, TypeVar

from domain.core.memo import per_state

from .commands import PlaceBuilding
from .components import FOOTPRINTS, NEIGHBORHOODS, SUBSIDIZED, TILE_SIDE, ZONING, Cells, tile_kind
from .layouts import Layout

Cell = tuple[int, int]
T = TypeVar("T")
_SUBSIDIZED = {card: frozenset(tiles) for card, tiles in SUBSIDIZED.items()}

# A placement's facts that contract cards count, as counters packed in one int (`counts`):
# the counts of an architect's buildings are the sum of their placements' `counts`, one
# addition each instead of one test per building and card. A counter takes COUNTER_BITS
# bits; an architect has at most 16 buildings, so no counter spills into the next.
COUNTER_BITS = 8
COUNTER_MAX = (1 << COUNTER_BITS) - 1
WITHIN = {tile: i for i, tile in enumerate(NEIGHBORHOODS)}  # entirely on this tile
SPANNING, BORDER, RIVERS, PARKS = range(len(NEIGHBORHOODS), len(NEIGHBORHOODS) + 4)


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    """seed: adjacent means directly next to; diagonal spaces do not count."""
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def _normalise(cells: Cells) -> Cells:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(height: int) -> list[tuple[int, bool, Cells]]:
    """The distinct shapes of a building's footprint: (rotation, mirror, cells).

    A turn or mirror image that gives a shape already listed is left out, so each
    placement has exactly one command.
    """
    return list(_orientations(height))


@cache  # a new town (a random or custom layout) tries them at every corner of the town
def _orientations(height: int) -> tuple[tuple[int, bool, Cells], ...]:
    seen: set[Cells] = set()
    out = []
    for mirror in (False, True):
        shape = tuple((r, -c) for r, c in FOOTPRINTS[height]) if mirror else FOOTPRINTS[height]
        for rotation in range(4):
            cells = _normalise(shape)
            if cells not in seen:
                seen.add(cells)
                out.append((rotation, mirror, cells))
            shape = tuple((c, -r) for r, c in shape)  # a quarter turn clockwise
    return tuple(out)


class _Space:
    """The facts of one Neighborhood space; a placement's are those of its spaces together
    (a new town lists hundreds of placements: each is made of its spaces' facts)."""

    __slots__ = ("around", "bit", "border", "parks", "rivers", "tile")

    def __init__(self, town: Town, cell: Cell) -> None:
        around = [n for n in _neighbours(cell) if n in town.tile_of]
        self.tile = town.tile_of[cell]
        self.bit = town.bit[cell]
        self.around = town.mask(around)  # the spaces beside it
        self.parks = frozenset(town.park_of[n] for n in around if n in town.park_of)
        self.rivers = frozenset(town.river_of[n] for n in around if n in town.river_of)
        # seed: on the border if a space has an edge not adjacent to any other element
        self.border = len(around) < 4


class Placement:
    """One way to put a building of some height on free Neighborhood spaces, with its facts."""

    __slots__ = ("border", "cells", "command", "counts", "halo", "mask", "parks", "rivers",
                 "tiles", "within")

    def __init__(self, town: Town, command: PlaceBuilding, cells: Cells) -> None:
        self.command = command
        self.cells = cells
        mask = around = 0
        tiles: set[str] = set()
        # Its own spaces are Neighborhood spaces, so every Park or River beside one of them
        # is beside the placement.
        parks: frozenset[int] = frozenset()
        rivers: frozenset[int] = frozenset()
        border = False
        for cell in cells:
            space = town.spaces[cell]
            mask |= space.bit
            around |= space.around
            tiles.add(space.tile)
            parks |= space.parks
            rivers |= space.rivers
            border = border or space.border
        self.mask = mask
        self.halo = around & ~mask  # spaces a neighbour would occupy
        self.tiles = town.shared(frozenset(tiles))
        # The tile it stands on entirely, if any: what contracts on tiles count.
        self.within = next(iter(tiles)) if len(tiles) == 1 else None
        self.parks = town.shared(parks)
        self.rivers = town.shared(rivers)
        self.border = border
        counters = [WITHIN[self.within]] if self.within is not None else []
        for counter, fact in ((SPANNING, len(self.tiles) >= 2), (BORDER, border),
                              (RIVERS, bool(rivers)), (PARKS, bool(parks))):
            if fact:
                counters.append(counter)
        self.counts = sum(1 << (COUNTER_BITS * c) for c in counters)

    def allowed_by(self, zoning: str) -> bool:
        """Whether this placement respects the zoning card (seed: the five kinds)."""
        kind = ZONING[zoning]
        if kind == "subsidized":
            return self.tiles <= _SUBSIDIZED[zoning]
        if kind == "community_parks":
            return bool(self.parks)
        if kind == "no_parks":
            return not self.parks
        if kind == "no_rivers":
            return not self.rivers
        return not self.border


class Town:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.tile_of: dict[Cell, str] = {}
        for spot in layout:
            for dr in range(TILE_SIDE):
                for dc in range(TILE_SIDE):
                    self.tile_of[(spot.row * TILE_SIDE + dr, spot.col * TILE_SIDE + dc)] = spot.tile
        self.index = {cell: i for i, cell in enumerate(sorted(self.tile_of))}
        self.bit = {cell: 1 << i for cell, i in self.index.items()}  # a space in a mask
        self.park_of = self._areas("park")
        self.river_of = self._areas("river")
        self.homes = {cell: cell for cell, tile in self.tile_of.items()
                      if tile_kind(tile) == "neighborhood"}  # the one tuple of each space
        # A town is kept for each random or custom town in play: its hundreds of placements
        # share their equal sets of tiles, Parks and Rivers, and their spaces.
        self._sets: dict[frozenset[Any], frozenset[Any]] = {}
        self.spaces = {cell: _Space(self, cell) for cell in self.homes}
        # Buildings with the same footprint share one list of placements (built once).
        by_shape: dict[Cells, list[Placement]] = {}
        self.placements: dict[int, list[Placement]] = {}
        for height, shape in FOOTPRINTS.items():
            if shape not in by_shape:
                by_shape[shape] = self._placements(height)
            self.placements[height] = by_shape[shape]
        self.by_cells = {p.cells: p for ps in self.placements.values() for p in ps}
        self.by_command = {
            (h, p.command): p for h, ps in self.placements.items() for p in ps
        }
        # Which placements a zoning card allows (or the border) depends on the town alone;
        # listed once, `placing.placements` only drops the taken ones.
        self.on_border = {h: tuple(p for p in ps if p.border) for h, ps in self.placements.items()}
        self._zoned: dict[tuple[Cells, str], tuple[Placement, ...]] = {}

    def zoned(self, height: int, zoning: str) -> tuple[Placement, ...]:
        """The placements of a building of `height` that respect the zoning card, in order."""
        key = (FOOTPRINTS[height], zoning)  # heights of one footprint share their list
        found = self._zoned.get(key)
        if found is None:
            found = self._zoned[key] = tuple(p for p in self.placements[height]
                                             if p.allowed_by(zoning))
        return found

    def shared(self, items: frozenset[T]) -> frozenset[T]:
        """The one set equal to `items` that this town's placements hold."""
        return self._sets.setdefault(items, items)

    def mask(self, cells: Iterable[Cell]) -> int:
        bit = self.bit
        bits = 0
        for cell in cells:
            bits |= bit[cell]
        return bits

    def covered(self, cells: tuple[Cell, ...]) -> int:
        """`mask(cells)`, read off the placement on those cells when there is one (every
        building placed in play stands on one)."""
        place = self.by_cells.get(cells)
        return self.mask(cells) if place is None else place.mask

    def _areas(self, kind: str) -> dict[Cell, int]:
        """seed: adjacent Park tiles form one Park (and adjacent River tiles one River).

        Spaces of one kind that touch form one area; each area is named by a number.
        """
        cells = {cell for cell, tile in self.tile_of.items() if tile_kind(tile) == kind}
        area: dict[Cell, int] = {}
        for start in sorted(cells):
            if start in area:
                continue
            number = len(set(area.values()))
            area[start] = number
            todo = [start]
            while todo:
                for n in _neighbours(todo.pop()):
                    if n in cells and n not in area:
                        area[n] = number
                        todo.append(n)
        return area

    def _placements(self, height: int) -> list[Placement]:
        """Every position of the footprint on Neighborhood spaces (seed: never on a Park or
        River), in reading order of its top-left corner, then in the order of its shapes."""
        found = []
        # Each shape tried with its first space on each Neighborhood space: every position
        # once, without trying the corners of the town's bounding box where none fits.
        for i, (rotation, mirror, shape) in enumerate(_orientations(height)):
            first_row, first_col = shape[0]
            for r, c in self.homes:
                row, col = r - first_row, c - first_col
                cells = tuple([(row + dr, col + dc) for dr, dc in shape])
                if all(cell in self.homes for cell in cells):
                    cells = tuple([self.homes[cell] for cell in cells])
                    found.append(((row, col), i, PlaceBuilding(row, col, rotation, mirror), cells))
        found.sort(key=lambda f: (f[0], f[1]))
        return [Placement(self, command, cells) for _, _, command, cells in found]


# The towns of the games in play: the six presets, and a random or custom town per game
# (about 280 KiB each); fewer than the games in play would rebuild one at every call.
@lru_cache(maxsize=256)
def _town(layout: Layout) -> Town:
    return Town(layout)


# Hashing a layout (15 structs) costs about as much as applying an event, yet every state
# of a game holds the very same layout tuple: it is found by identity first (keeping at
# most 64 more towns alive than `_town` does), by value only on a miss.
@per_state(size=64)
def town_of(layout: Layout) -> Town:
    return _town(layout)
