"""Building: which tiles a player can put where, and every way to pay for one."""

from __future__ import annotations

from functools import lru_cache

from .commands import Build
from .components import ACCEPTS, CITIES, COLOURS, City, Colour, Tile
from .state import Counts, Player, State


def accepted(player: Player, city: City) -> int:
    """How many of the player's blocks this city accepts."""
    return budgets(player.blocks)[CITIES.index(city)]


@lru_cache(maxsize=1024)
def budgets(blocks: Counts) -> tuple[int, ...]:
    """How many of these blocks each city accepts, in board order (seed: the colour rules)."""
    return tuple(sum(n for colour, n in zip(COLOURS, blocks, strict=True) if colour in ACCEPTS[city])
                 for city in CITIES)


def offered(state: State) -> list[Tile]:
    """Tiles a player may build: the face-up display and, with the expansion, the 8s."""
    return [t for t in state.display if t is not None] + list(state.eights)


def build_options(state: State, seat: int) -> list[Build]:
    """Every new building and (expansion) every upgrade the player can pay for."""
    player = state.players[seat]
    # Upgrades depend on the player's buildings, new buildings only on the budgets: a
    # player's blocks and the tiles on offer come round again from turn to turn.
    cities = player.cities if state.expansion else None
    return list(_builds(tuple(offered(state)), budgets(player.blocks), cities))


@lru_cache(maxsize=4096)
def _builds(tiles: tuple[Tile, ...], budgets: tuple[int, ...],
            cities: tuple[tuple[Tile, ...], ...] | None) -> tuple[Build, ...]:
    out: list[Build] = []
    for i, (city, budget) in enumerate(zip(CITIES, budgets, strict=True)):
        here = cities[i] if cities is not None else ()
        for tile in tiles:
            if tile.cost <= budget:
                out.append(Build(tile, city))
            if here:
                out += [Build(tile, city, old) for old in here
                        if old.cost < tile.cost and tile.cost - old.cost <= budget]
    return tuple(out)


def due(tile: Tile, replaces: Tile | None) -> int:
    """Blocks to pay: the cost, or for an upgrade the difference (seed)."""
    return tile.cost - (replaces.cost if replaces else 0)


def payments(player: Player, city: City, count: int) -> list[tuple[Colour, ...]]:
    """Every multiset of `count` of the player's blocks that the city accepts."""
    colours = [(c, n) for c, n in zip(COLOURS, player.blocks, strict=True)
               if n and c in ACCEPTS[city]]
    out: list[tuple[Colour, ...]] = []
    _pay(colours, 0, count, (), out)
    return out


def _pay(colours: list[tuple[Colour, int]], i: int, left: int, chosen: tuple[Colour, ...],
         out: list[tuple[Colour, ...]]) -> None:
    # A module function, not a closure: a nested function that calls itself is a cycle
    # (function, cell) that only the collector frees, once for every listing.
    if left == 0:
        out.append(chosen)
        return
    if i == len(colours):
        return
    colour, have = colours[i]
    for n in range(min(have, left), -1, -1):
        _pay(colours, i + 1, left - n, chosen + (colour,) * n, out)

