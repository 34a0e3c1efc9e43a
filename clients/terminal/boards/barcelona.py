"""Barcelona in a terminal: the city (barcelona_city.py), then the turn, the Modernisme
display and scoring tiles, the Citizen tracks, the Sidewalk, the Public Services and a table
of the players; the rest of the view generically. Its moves' labels: barcelona_labels.py.
"""

from __future__ import annotations

from math import isqrt
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..render import Names, register_renderer
from ..words import humanize, seat_name, short
from ..words import who as player_name
from .barcelona_city import ACTIONS, CLS, city
from .barcelona_labels import SPOTS
from .common import rest, seat_style

_PHASES = {"setup": "setting up", "place": "placing Citizens", "actions": "street actions",
           "build": "construction", "confirm": "end of the turn", "reveal": "revealing projects",
           "pre_scoring": "before a Cerdà Scoring", "scoring": "Cerdà Scoring",
           "refresh": "refreshing the display", "draw": "drawing Citizens",
           "pre_final": "before the final scoring", "over": "game over"}
_TASKS = {"benefits": "choose Intersection benefits", "act": "take a granted action",
          "narrow": "a second Narrow Street", "passenger": "drop a Passenger",
          "store": "store a gain in the Warehouse", "sagrada": "steps on the Sagrada Família",
          "sagrada_tile": "choose a Sagrada Família tile", "walk": "walk a Pedestrian",
          "hex": "place a hexagonal Cobblestone", "starting_joy": "choose a starting Joy"}


def _cost(cost: dict[str, int]) -> str:
    parts = [f"{cost[k]} {k[:-1] if cost[k] == 1 else k}" for k in ("coins", "cloths") if cost.get(k)]
    return " + ".join(parts) or "free"


_BONUSES = {"vp5": "5 VP", "joy_b": "+1 Joy B, 2 VP", "joy_g": "+1 Joy G, 2 VP",
            "either": "coin or cloth"}
_FLAGS = {"no_coins": "no Coin costs", "no_cloth": "no Cloth cost for the space",
          "anywhere": "anywhere on the Sidewalk", "free_passenger": "the Passenger's Coin free"}


def _task_details(task: dict[str, Any]) -> str:
    """What the awaited choice is about: how many, which actions, what gain, waived costs."""
    kind, n, parts = task["kind"], task.get("n") or 0, []
    if n:
        parts.append({"benefits": f"up to {n}", "sagrada": f"{n} steps left",
                      "sagrada_tile": f"level {n}"}.get(kind, f"n {n}"))
    if task.get("actions"):
        parts.append("one of: " + ", ".join(ACTIONS.get(a, str(a)) for a in task["actions"]))
    gain = [f"{task[k]} {k}" for k in ("coins", "cloths") if task.get(k)]
    if task.get("either"):
        gain.append(f"{task['either']} coin or cloth")
    if gain:
        parts.append("gain " + " + ".join(gain))
    if any(task.get("steps") or ()):
        parts.append("steps B/G {}/{}".format(*task["steps"]))
    if any(task.get("joy") or ()):
        parts.append("joy B/G {}/{}".format(*task["joy"]))
    if task.get("chunks"):
        parts.append("joy to either " + "+".join(map(str, task["chunks"])))
    if task.get("flags"):
        parts.append(", ".join(_FLAGS.get(f, str(f)) for f in task["flags"]))
    return "; ".join(parts)


def _turn(view: dict[str, Any], names: Names, board: dict[str, Any]) -> Text:
    out = Text()
    if view.get("finished"):
        out.append("Game over", style="bold")
    else:
        out.append("Turn: ", style="bold")
        out.append(seat_name(view["turn"], names), style=f"bold {seat_style(view['turn'])}")
        out.append(f" — {_PHASES.get(view['phase'], view['phase'])}")
        task = view.get("waiting_for")
        if task:
            out.append("; waiting for ")
            out.append(seat_name(task["seat"], names), style=f"bold {seat_style(task['seat'])}")
            out.append(f" to {_TASKS.get(task['kind'], task['kind'])}")
            more = _task_details(task)
            if more:
                out.append(f" ({more})", style="yellow")
    if view.get("crossing") is not None and not view.get("finished"):
        out.append(f"\nCitizens on {board['crossings'][view['crossing']]['name']} this turn")
        used = [view["streets"][s] for s in view.get("used_streets") or []]
        out.append(f", used: {', '.join(used)}" if used else ", no street action yet")
    out.append(f"\nBag {view['bag_size']} Citizens · a Building earns {view['building_vp']} VP now")
    tiles = view["tiles_left"]
    out.append(" · Building tiles left: " + " ".join(
        f"{'C' if level == 0 else f'L{level}'}x{n}" for level, n in enumerate(tiles)))
    bonuses = [f"{r + 1}: {'taken' if flipped else _BONUSES.get(b, short(b))}"
               for r, (b, flipped) in enumerate(zip(view["bonuses"], view["bonus_flipped"],
                                                    strict=True))]
    out.append("\nBlock-row bonuses (first Building in the row): " + " · ".join(bonuses))
    if view.get("end") and not view.get("finished"):
        out.append("\nThe third Cerdà Scoring is done: the last turns are being played.",
                   style="bold red")
    return out


def _projects_and_scoring(view: dict[str, Any]) -> Text:
    out = Text()
    out.append("Modernisme display: ", style="bold")
    shown = []
    for tile, down in zip(view["display"], view["face_down"], strict=True):
        shown.append("(face down)" if down else "—" if tile is None else humanize(tile))
    out.append(" · ".join(shown) + f"   ({view['projects_left']} in the pile)")
    out.append("\nProject spaces (cost, x bottom/top, cost to raise): ", style="bold")
    out.append(" · ".join(f"{i + 1} {_cost(p['cost'])} x{p['bottom']}/{p['top']} ↑{_cost(p['improve'])}"
                          for i, p in enumerate(view["project_spaces"])))
    out.append("\nCerdà Scoring tiles: ", style="bold")
    out.append(" · ".join(f"{i + 1} {humanize(tile)}" + (" (scored)" if i < view["scored"] else "")
                          for i, tile in enumerate(view["cerda_tiles"])))
    out.append("\nSagrada Família tiles left: ", style="bold")
    out.append(" ".join(view["sagrada_tiles"]) or "none")
    return out


def _services(view: dict[str, Any]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    table.add_column(no_wrap=True)
    for service in view["services"]:
        table.add_row(service["service"], service["name"],
                      Text(f"{service['left']} left, {service['coins']} coins → {service['vp']} VP")
                      if service["left"] else Text("none left", style="dim"))
    return table


def _tracks(view: dict[str, Any]) -> Table:
    tracks = view["tracks"]
    vp = {int(k): v for k, v in view["track_vp"].items()}
    width = max(map(len, tracks))
    sections = 3 if width % 3 == 0 else 1
    size = width // sections
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    for _ in range(sections):
        table.add_column(no_wrap=True)
    for cls, row in zip(("upper", "middle", "working"), tracks, strict=False):
        table.add_row(cls, *(Text("".join("■" if x else "□" for x in row[s * size:(s + 1) * size]))
                             for s in range(sections)))
    table.add_row("VP", *(Text("".join(str(vp[i]) if i in vp else "·"
                                       for i in range(s * size, (s + 1) * size)), style="dim")
                          for s in range(sections)))
    return table


def _sidewalk(view: dict[str, Any]) -> Table:
    size = isqrt(len(view["sidewalk"]))  # a square, row by row from the top
    table = Table.grid(padding=(0, 1))
    for _ in range(size):
        table.add_column(no_wrap=True)
    cells = []
    for spot, owner in zip(view["sidewalk"], view["cobblestones"], strict=True):
        name = SPOTS.get(spot, str(spot))
        if owner is None:
            cells.append(Text(f"   {name}"))
        elif owner < 0:
            cells.append(Text(f"▣  {name}", style="dim"))
        else:
            cells.append(Text(f"▣{owner} {name}", style=f"bold {seat_style(owner)}"))
    for r in range(size):
        table.add_row(*cells[r * size:(r + 1) * size])
    return table


def _players(view: dict[str, Any], names: Names, seat: int | None) -> RenderableType:
    table = Table(header_style="bold", padding=(0, 1, 0, 0), box=None)
    columns = ["player", "VP", "coins", "cloths", "Cerdà", "Sagrada", "hand", "narrow", "wide",
               "markers", "cobbles", "int.", "pass."]
    expansion = view.get("expansion")
    for column in columns:
        table.add_column(column, justify="left" if column in ("player", "Sagrada", "hand")
                         else "right", no_wrap=True)
    spaces = view["project_spaces"]
    more = Text()
    for n, p in enumerate(view["players"]):
        hand = p.get("hand")
        shown_hand = (" ".join(CLS.get(c, str(c)) for c in hand) or "none") if hand is not None \
            else f"{p['hand_size']} hidden"
        who = f"{n} {player_name(n, names)}" + (" ◀ you" if n == seat else "")
        row: list[RenderableType] = [Text(who, style=f"bold {seat_style(n)}"), str(p["vp"]), str(p["coins"]),
               f"{p['cloths']}/{p['warehouse']}", f"{p['cerda']} x{p['multiplier']}",
               str(p["sagrada"]), shown_hand,
               "+".join(map(str, p["narrow_stacks"])), str(p["wide_stack"]),
               "+".join(map(str, p["marker_stacks"])), str(p["cobblestones_left"]),
               str(p["intersections"]), str(p["passengers"])]
        table.add_row(*row)
        projects = [f"{i + 1} {humanize(tile) if tile else '(empty)'} x"
                    f"{spaces[i]['top'] if top else spaces[i]['bottom']}"
                    for i, (tile, top) in enumerate(zip(p["projects"], p["project_tops"], strict=True))
                    if tile or top]
        more.append(f"{chr(10) if n else ''}{who}: ", style=f"bold {seat_style(n)}")
        more.append("projects " + (", ".join(projects) or "none"))
        more.append(" · Sagrada tiles " + (" ".join(p["sagrada_tiles"]) or "none"))
        more.append(" · services " + (", ".join(p["services"]) or "none"))
        if expansion:
            more.append(" · Pedestrians B/G: joy {}/{}, walked {}/{}".format(*p["joy"], *p["walked"])
                        + f" · {p['hexes']} hexes")
        if p.get("tram") is not None:
            more.append(f" · Tram on {view['spaces'][p['tram']]['name']}")
        if p.get("waiting_benefits"):
            more.append(f" · {p['waiting_benefits']} Intersection benefits due")
    note = Text("player: seat and name; cloths: held/Warehouse spaces open; narrow, wide, markers, "
                "cobbles: left in the supply (stack by stack); int., pass.: Intersections and "
                "Passengers placed",
                style="dim")
    return Group(table, note, more)


_SHOWN = {"crossings", "spaces", "layout", "streets", "crossing", "used_streets", "sites", "phase",
          "turn", "waiting_for", "display", "face_down", "projects_left", "project_spaces",
          "cerda_tiles", "scored", "services", "tracks", "track_vp", "building_vp", "players",
          "sidewalk", "cobblestones", "tiles_left", "bonuses", "bonus_flipped", "bag_size", "end",
          "finished", "seats", "sagrada_tiles"}

_BARCELONA_LEGEND = (
    "Crossings: U/M/W the visible Citizen (lower one in small letters, ? when hidden), +0 seat 0's "
    "Intersection, $1 cost to place. Streets: ─ narrow ═ wide ╲ Diagonal, [0] seat 0's tile, p0 "
    "Passenger, T0 Tram. Blocks: C Corner / L1-L3 Building [markers bottom first]. Cyan: each "
    "street's action (reverse: used this turn).")


def barcelona(view: dict[str, Any], names: Names, seat: int | None,
              board: Any = None) -> RenderableType:
    """The city, then the panels; `board` is the game's board data (a view without it is
    shown by the generic renderer)."""
    drawn = city(view, board)
    tracks = Group(Text("Citizen tracks", style="bold"), _tracks(view))
    sidewalk = Group(Text("Sidewalk (▣0: seat 0's Cobblestone)", style="bold"), _sidewalk(view))
    services = Group(Text("Public Services (tiles left, the next one's price → VP)", style="bold"),
                     _services(view))
    # the rest, but not the expansion's empty parts in a game without it
    shown = {k for k, v in view.items() if k in _SHOWN or (not view.get("expansion") and (
        k == "expansion" or (k in ("amenities", "violets", "hexes") and not v)))}
    return Group(
        Text("The city of Barcelona", style="bold"), drawn, Text(_BARCELONA_LEGEND, style="dim"),
        Text(), _turn(view, names, board), _projects_and_scoring(view),
        Columns([tracks, sidewalk], padding=(0, 4)), services,
        _players(view, names, seat),
        rest(view, shown, names))


register_renderer("barcelona", barcelona)
