"""Town layouts: the six example towns, random towns, and the check of a custom town.

A layout places the 15 tiles on a square grid of tiles (row, col): tiles touch
along whole edges, so a town is a polyomino of tiles.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Final, Literal, get_args

import msgspec

from .components import PARKS, RIVERS, TILES

# The 15 tiles by name, spelled out so the options' JSON schema lists them.
TileName = Literal[
    "flower_striped", "flower", "butterfly_striped", "butterfly", "leaf_striped", "leaf",
    "dove_striped", "dove", "park_1", "park_2", "park_3", "park_4", "park_5", "river_1", "river_2",
]
assert get_args(TileName) == TILES, "TileName must list components.TILES in order"


# gc=False: frozen component values, in every state; no cycle can pass through them.
class TileSpot(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One town tile at a tile position (row, col); tile `r, c` covers spaces 3r.., 3c.."""

    tile: TileName
    row: int
    col: int


Layout = tuple[TileSpot, ...]

# assumption: see RULES.md. The rulebook shows these six towns only as pictures (seed:
# "several example Town layouts, each named after a real city"); these are Plaza's own.
# Letters: F/f Flower, B/b Butterfly, L/l Leaf, D/d Dove (capital = striped),
# P a Park, R a River (numbered in reading order), '.' no tile. Every Park and River tile
# touches a Neighborhood tile (else no building could ever be beside it), and at least five
# pairs of Neighborhood tiles touch (a building spans two tiles only across such an edge).
PRESETS: Final[dict[str, tuple[str, ...]]] = {
    "london": ("PFbLP", "dlRR", "PBDf", ".P.P"),
    "new_york": ("PFbR", "RLdP", "PPBf", "l.DP"),
    "rome": ("PFb", "LDRP", "dlRB", "P.fP", "..P"),
    "bangkok": ("RFlP", "bPDL", "PdBf", ".PRP"),
    "berlin": (".PFbP", "PLDlP", "dBRR", ".Pf"),
    "paris": (".PFbP", "dLRRl", "PBDP", ".fP"),
}
# The Parks and Rivers each example town is drawn with, after adjacent tiles join
# (seed: adjacent Park tiles are one Park, adjacent River tiles one River): Central Park
# and the Tiergarten are two tiles each, the Thames, Tiber, Spree and Seine one River of two
# tiles, Manhattan and Bangkok lie between two separate River tiles.
AREAS: Final[dict[str, tuple[int, int]]] = {
    "london": (5, 1),
    "new_york": (4, 2),
    "rome": (5, 1),
    "bangkok": (5, 2),
    "berlin": (4, 1),
    "paris": (5, 1),
}
_LETTERS: Final = {
    "F": "flower_striped", "f": "flower", "B": "butterfly_striped", "b": "butterfly",
    "L": "leaf_striped", "l": "leaf", "D": "dove_striped", "d": "dove",
}


def parse(rows: Iterable[str]) -> Layout:
    """A layout from letter rows (see PRESETS); parks and rivers numbered in reading order."""
    parks, rivers = iter(PARKS), iter(RIVERS)
    spots = []
    for r, line in enumerate(rows):
        for c, letter in enumerate(line):
            if letter == ".":
                continue
            tile = next(parks) if letter == "P" else next(rivers) if letter == "R" else (
                _LETTERS[letter])
            spots.append(TileSpot(tile, r, c))  # type: ignore[arg-type]
    return tuple(spots)


def preset(name: str) -> Layout:
    return parse(PRESETS[name])


def _neighbours(pos: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = pos
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def _connected(cells: set[tuple[int, int]]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for nxt in _neighbours(todo.pop()):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


def holes(cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Empty positions enclosed by the town: not reachable from outside its bounding box."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    top, bottom, left, right = min(rows) - 1, max(rows) + 1, min(cols) - 1, max(cols) + 1
    outside, todo = {(top, left)}, [(top, left)]
    while todo:
        for r, c in _neighbours(todo.pop()):
            inside_box = top <= r <= bottom and left <= c <= right
            if inside_box and (r, c) not in cells and (r, c) not in outside:
                outside.add((r, c))
                todo.append((r, c))
    return sorted(
        (r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)
        if (r, c) not in cells and (r, c) not in outside
    )


def problem(spots: Iterable[TileSpot]) -> str | None:
    """Why a town cannot be played (a sentence), or None when it is valid.

    seed: "Assemble the 8 Neighborhood Tiles, 5 Park Tiles, and 2 River Tiles in any
    configuration you want, as long as all tiles are connected and there are no empty
    spaces within the Town."
    """
    spots = list(spots)
    names = [s.tile for s in spots]
    unknown = sorted(set(names) - set(TILES))
    if unknown:
        return f"tile {unknown[0]!r} does not exist; the tiles are {', '.join(TILES)}"
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        return f"tile {twice[0]!r} is placed more than once"
    missing = [t for t in TILES if t not in names]
    if missing:
        return f"tile {missing[0]!r} is missing: a town uses all 15 tiles"
    positions = [(s.row, s.col) for s in spots]
    clash = sorted({p for p in positions if positions.count(p) > 1})
    if clash:
        return f"two tiles share the position row {clash[0][0]}, col {clash[0][1]}"
    cells = set(positions)
    if not _connected(cells):
        return "the tiles are not all connected edge to edge"
    gaps = holes(cells)
    if gaps:
        return f"there is an empty space inside the town at row {gaps[0][0]}, col {gaps[0][1]}"
    return None


def random_layout(rng: Random) -> Layout:
    """A random valid town: grow a hole-free polyomino of 15 tiles, then deal the tiles."""
    while True:
        cells = {(0, 0)}
        while len(cells) < len(TILES):
            frontier = sorted({n for cell in cells for n in _neighbours(cell)} - cells)
            cells.add(rng.choice(frontier))
        if not holes(cells):
            break
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    tiles = list(TILES)
    rng.shuffle(tiles)
    places = zip(tiles, sorted(cells), strict=True)
    spots = [TileSpot(t, r - top, c - left) for t, (r, c) in places]  # type: ignore[arg-type]
    return tuple(sorted(spots, key=lambda s: (s.row, s.col)))

