"""Nicer renderers of some games' views; any other game is shown by the generic renderer.

Each one draws what a table of numbers shows badly (a map, a wheel) and hands the rest of
the view to the generic renderer, so nothing of the view is ever hidden. They read the
view as JSON only (no import of the game's code): a view of another shape makes them
raise, and the generic renderer takes over.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .render import Names, register_renderer, render_value

COLOURS = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "pink": "magenta",
           "white": "white", "black": "bright_black", "purple": "purple", "orange": "orange1",
           "brown": "orange4", "grey": "grey50", "gray": "grey50"}


def style_of(colour: Any) -> str:
    return COLOURS.get(str(colour).lower(), "bold")


def _rest(view: dict[str, Any], skip: set[str], names: Names) -> RenderableType:
    return render_value({k: v for k, v in view.items() if k not in skip}, "", names)


# Bella Vista: the town as a grid of spaces -------------------------------------------------


def bellavista(view: dict[str, Any], names: Names, seat: int | None) -> RenderableType:
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
                 _rest(view, {"tiles", "buildings", "footprints"}, names))


# Carrara: the wheel, and each player's cities in a line ---------------------------------------


def carrara(view: dict[str, Any], names: Names, seat: int | None) -> RenderableType:
    wheel = view["wheel"]
    colours = list(wheel[0]["blocks"])
    table = Table(title="The wheel (blocks, price)", header_style="bold")
    table.add_column("section")
    for colour in colours:
        table.add_column(colour, style=style_of(colour), justify="right")
    for section in wheel:
        table.add_row(section["number"], *(
            f"{section['blocks'][c] or '·'} ({section['prices'][c]})" for c in colours))
    players = []
    for player in view["players"]:
        shown = dict(player)
        shown["cities"] = [
            f"{city['name']}: " + (", ".join(f"{b['kind']} {b['cost']}" for b in city["buildings"])
                                   or "-")
            + (" (upgraded)" if city.get("upgraded") else "")
            for city in player["cities"]]
        players.append(shown)
    rest = {k: v for k, v in view.items() if k not in ("wheel", "players")}
    return Group(table, render_value(rest, "", names), render_value(players, "players", names))


# Villa: the hedges as a map of joints and segments ----------------------------------------------


def villa(view: dict[str, Any], names: Names, seat: int | None) -> RenderableType:
    segments = view["segments"]
    points = [(s["x1"], s["y1"]) for s in segments] + [(s["x2"], s["y2"]) for s in segments]
    points += [tuple(j) for j in view.get("joints", [])]
    if not points:
        return _rest(view, set(), names)
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = min(xs), min(ys)
    cols, rows = 3 * (max(xs) - x0) + 1, 2 * (max(ys) - y0) + 1
    chars: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]
    for x, y in points:
        chars[2 * (y - y0)][3 * (x - x0)] = ("+", "dim")
    for s in segments:
        (ax, ay), (_bx, by) = sorted([(s["x1"], s["y1"]), (s["x2"], s["y2"])])
        style = style_of(s["colour"])
        if ay == by:
            row, col = 2 * (ay - y0), 3 * (ax - x0)
            chars[row][col + 1] = chars[row][col + 2] = ("─", style)
        else:
            chars[2 * (ay - y0) + 1][3 * (ax - x0)] = ("│", style)
    for area in view.get("areas", []):
        tokens = area.get("tokens") or []
        if not tokens:
            continue
        top = tokens[-1]
        for x, y in area["cells"][:1]:
            row, col = 2 * (y - y0) + 1, 3 * (x - x0) + 1
            if 0 <= row < rows and col + 1 < cols:
                chars[row][col] = (str(top["colour"])[:1].upper(), style_of(top["colour"]))
                chars[row][col + 1] = (str(len(tokens)), "bold")
    board = Text()
    for line in chars:
        for char, style in line:
            board.append(char, style=style or None)
        board.append("\n")
    legend = Text("+ joint   coloured lines: hedges   B2: top token's colour and token count "
                  "in a closed area", style="dim")
    return Group(Text("Hedges", style="bold"), board, legend,
                 _rest(view, {"segments", "joints"}, names))


register_renderer("bellavista", bellavista)
register_renderer("carrara", carrara)
register_renderer("villa", villa)
