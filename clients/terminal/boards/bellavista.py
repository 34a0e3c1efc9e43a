"""Bella Vista in a terminal: the town as a grid of spaces."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import Names, register_renderer
from .common import rest, style_of


def bellavista(view: dict[str, Any], names: Names, seat: int | None, board: Any = None) -> RenderableType:
    tiles = view["tiles"]
    size = max(tile["row"] + tile["size"] for tile in tiles)
    width = max(tile["col"] + tile["size"] for tile in tiles)
    grid: list[list[Text]] = [[Text(" . ", style="dim") for _ in range(width)]
                              for _ in range(size)]
    for tile in tiles:
        kind = tile["kind"]
        mark = {"park": " p ", "river": " ~ "}.get(kind)
        if mark is None:
            letter = str(tile["tile"])[:1]
            mark = f" {letter.upper() if 'striped' in str(tile['tile']) else letter} "
        style = {"park": "green", "river": "cyan"}.get(kind, "dim")
        for r in range(tile["row"], tile["row"] + tile["size"]):
            for c in range(tile["col"], tile["col"] + tile["size"]):
                grid[r][c] = Text(mark, style=style)
    for building in view["buildings"]:
        owner = building.get("owner")
        text = f"{building['height']}" + ("*" if owner is None else "")
        for r, c in building["cells"]:
            grid[r][c] = Text(f"{text:^3}", style=f"bold reverse {style_of(building['colour'])}")
    town = Table.grid()
    for row in grid:
        town.add_row(Text.assemble(*row))
    legend = Text("p park  ~ river  letters: neighborhoods (capital = striped)  "
                  "digits: building heights (* neutral)", style="dim")
    return Group(Text("Town", style="bold"), town, legend,
                 rest(view, {"tiles", "buildings", "footprints"}, names))


register_renderer("bellavista", bellavista)
