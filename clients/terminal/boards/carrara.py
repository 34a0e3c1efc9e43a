"""The Palaces of Carrara in a terminal: the wheel, and each player's cities in a line."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from ..render import Names, register_renderer, render_value
from .common import style_of


def carrara(view: dict[str, Any], names: Names, seat: int | None, board: Any = None) -> RenderableType:
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


register_renderer("carrara", carrara)
