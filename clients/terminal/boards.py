"""Nicer renderers of some games' views; any other game is shown by the generic renderer.

Each one draws what a table of numbers shows badly (a map, a wheel) and hands the rest of
the view to the generic renderer, so nothing of the view is ever hidden. They read the
view as JSON only (no import of the game's code): a view of another shape makes them
raise, and the generic renderer takes over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .render import Names, register_renderer, render_value
from .words import details, humanize, register_labeler, seat_name, short
from .words import who as player_name

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


# Barcelona: the 5x5 city of crossings, streets and blocks, then the panels ---------------------

_CLS = {"upper": "U", "middle": "M", "working": "W"}
SEAT_STYLES = ("red", "blue", "green", "yellow")
_ACTIONS = {"cloth_vp": "cloth+3VP", "coins": "2 coins", "cerda": "+2 Cerdà", "cobblestone": "cobble",
            "wide": "wide", "narrow": "narrow", "intersection": "intersect", "take": "take proj",
            "improve": "improve", "service": "service", "tram": "tram", "walk_barcelona": "walk B",
            "walk_gracia": "walk G", "coin_cloth": "coin+cloth"}
_SPOTS = {"sagrada": "+1 Sagr", "coin_cloth": "coin+cloth", "coins2": "2 coins", "improve": "improve",
          "cerda2": "+2 Cerdà", "take": "take proj", "coin": "1 coin", "cloth": "1 cloth",
          "wide": "wide st", "narrow": "2 narrow", "cerda": "+1 Cerdà", "centre": "centre",
          "joy2": "+2 joy", "walk_b1": "1 step B", "walk_b2": "2 steps B", "walk_g1": "1 step G",
          "walk_g2": "2 steps G"}
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
_SIZE = 5
_CW, _SW = 8, 10  # a crossing's width, a street space's width between two crossings
_PITCH = _CW + _SW
_GUTTER = 11  # the row streets' actions


def crossing_name(x: int) -> str:
    """As domain/barcelona/geometry.crossing_name: rows A-E, columns 1-5."""
    return f"{'ABCDE'[x // _SIZE]}{x % _SIZE + 1}"


def _site_places() -> list[tuple[int, int, str]]:
    """Building spaces as geometry numbers them: (block row, block column, kind), block by
    block; a block on the Diagonal has its upper then its lower Corner triangle."""
    out = []
    for r in range(_SIZE - 1):
        for c in range(_SIZE - 1):
            out.extend([(r, c, "upper"), (r, c, "lower")] if r == c else [(r, c, "square")])
    return out


def site_name(b: int) -> str:
    r, c, kind = _site_places()[b]
    where = f"block {r + 1}-{c + 1}"
    return where if kind == "square" else f"{where} ({kind} corner)"


def seat_style(seat: Any) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)] if isinstance(seat, int) and seat >= 0 else ""


def _building(site: Any) -> tuple[str, str]:
    """A building space in a few characters: `L2[0,1]` (level, markers bottom first)."""
    if site is None:
        return "·", "dim"
    level = "C" if site["level"] == 0 else f"L{site['level']}"
    markers = site.get("markers") or []
    return f"{level}[{','.join(map(str, markers))}]", f"bold {seat_style(markers[-1])}" if markers \
        else "bold"


class _Canvas:
    def __init__(self, rows: int, cols: int) -> None:
        self.chars: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]

    def put(self, row: int, col: int, text: str, style: str = "") -> None:
        line = self.chars[row]
        for i, char in enumerate(text):
            if 0 <= col + i < len(line):
                line[col + i] = (char, style)

    def text(self) -> Text:
        out = Text()
        for n, line in enumerate(self.chars):
            if n:
                out.append("\n")
            for char, style in line:
                out.append(char, style=style or None)
        out.rstrip()
        return out


def _space_marks(space: dict[str, Any], trams: dict[int, list[int]], i: int) -> list[tuple[str, str]]:
    marks = []
    if space.get("tile") is not None:
        marks.append((f"[{space['tile']}]", f"bold {seat_style(space['tile'])}"))
    if space.get("passenger") is not None:
        marks.append((f"p{space['passenger']}", seat_style(space["passenger"])))
    marks.extend((f"T{seat}", f"reverse {seat_style(seat)}") for seat in trams.get(i, []))
    return marks


def _city(view: dict[str, Any]) -> Text:
    crossings, spaces, layout = view["crossings"], view["spaces"], view["layout"]
    if len(crossings) != _SIZE * _SIZE:
        raise ValueError("not a 5x5 city")
    trams: dict[int, list[int]] = {}
    for seat, player in enumerate(view["players"]):
        if player.get("tram") is not None:
            trams.setdefault(player["tram"], []).append(seat)
    used = set(view.get("used_streets") or [])
    canvas = _Canvas(1 + 4 * (_SIZE - 1) + 1, _GUTTER + (_SIZE - 1) * _PITCH + _CW + 2)

    def row_of(r: int) -> int:
        return 1 + 4 * r

    def col_of(c: int) -> int:
        return _GUTTER + c * _PITCH

    for c in range(_SIZE):  # the columns' actions above them, the rows' on the left
        canvas.put(0, col_of(c), _ACTIONS.get(layout[_SIZE + c], layout[_SIZE + c])[:_PITCH - 1],
                   "bold reverse cyan" if _SIZE + c in used else "cyan")
    for r in range(_SIZE):
        canvas.put(row_of(r), 0, _ACTIONS.get(layout[r], layout[r])[:_GUTTER - 1],
                   "bold reverse cyan" if r in used else "cyan")
    if len(layout) > 2 * _SIZE:
        canvas.put(row_of(0) + 1, 0, "╲ " + _ACTIONS.get(layout[-1], layout[-1])[:_GUTTER - 3],
                   "bold reverse cyan" if 2 * _SIZE in used else "cyan")
    for x, crossing in enumerate(crossings):
        r, c = divmod(x, _SIZE)
        row, col = row_of(r), col_of(c)
        current = view.get("crossing") == x
        canvas.put(row, col, crossing_name(x), "bold reverse" if current else "bold")
        if crossing["citizens"]:
            stack = _CLS.get(crossing["top"], "?")
            if crossing["citizens"] > 1:
                stack += _CLS.get(crossing["bottom"], "?").lower() if crossing["bottom"] else "?"
            canvas.put(row, col + 3, stack, f"bold {seat_style(crossing['placed_by'])}")
        if crossing["intersection"] is not None:
            canvas.put(row, col + 6, f"+{crossing['intersection']}",
                       f"bold reverse {seat_style(crossing['intersection'])}")
        elif not crossing["citizens"] and crossing["cost"]:
            canvas.put(row, col + 6, f"${crossing['cost']}", "yellow")
    for i, space in enumerate(spaces):
        a, b = space["ends"]
        (ra, ca), (rb, cb) = divmod(a, _SIZE), divmod(b, _SIZE)
        marks = _space_marks(space, trams, i)
        if ra == rb:  # along a row
            fill = "═" if space["wide"] else "─"
            row, col = row_of(ra), col_of(ca) + _CW
            canvas.put(row, col, fill * _SW, "dim")
            words = "".join(m for m, _ in marks)
            at = col + (_SW - len(words)) // 2
            for mark, style in marks:
                canvas.put(row, at, mark, style)
                at += len(mark)
        elif ca == cb:  # along a column
            col = col_of(ca) + 1
            for k in range(1, 4):
                canvas.put(row_of(ra) + k, col, "║" if space["wide"] else "│", "dim")
            for k, (mark, style) in enumerate(marks[:3], start=1):
                canvas.put(row_of(ra) + k, col + 1, mark, style)
        else:  # the Diagonal, through block (ra, ca)
            for k in range(1, 4):
                canvas.put(row_of(ra) + k, col_of(ca) + 2 + 4 * k, "╲", "bold dim" if space["wide"]
                           else "dim")
            at = col_of(ca) + 12
            for mark, style in marks:
                canvas.put(row_of(ra) + 2, at, mark, style)
                at += len(mark)
    places = _site_places()
    if len(view["sites"]) != len(places):
        raise ValueError("not Barcelona's building spaces")
    for site, (r, c, kind) in zip(view["sites"], places, strict=True):
        words, style = _building(site)
        left = col_of(c) + 6  # the block's inside, right of the column street's marks
        inside = _PITCH - 6
        if kind == "square":
            canvas.put(row_of(r) + 2, left + (inside - len(words)) // 2, words, style)
        elif kind == "upper":
            canvas.put(row_of(r) + 1, left + inside - len(words), words, style)
        else:
            canvas.put(row_of(r) + 3, left, words, style)
    return canvas.text()


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
        parts.append("one of: " + ", ".join(_ACTIONS.get(a, str(a)) for a in task["actions"]))
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


def _turn(view: dict[str, Any], names: Names) -> Text:
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
        out.append(f"\nCitizens on {crossing_name(view['crossing'])} this turn")
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
    table = Table.grid(padding=(0, 1))
    for _ in range(_SIZE):
        table.add_column(no_wrap=True)
    cells = []
    for spot, owner in zip(view["sidewalk"], view["cobblestones"], strict=True):
        name = _SPOTS.get(spot, str(spot))
        if owner is None:
            cells.append(Text(f"   {name}"))
        elif owner < 0:
            cells.append(Text(f"▣  {name}", style="dim"))
        else:
            cells.append(Text(f"▣{owner} {name}", style=f"bold {seat_style(owner)}"))
    for r in range(_SIZE):
        table.add_row(*cells[r * _SIZE:(r + 1) * _SIZE])
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
        shown_hand = (" ".join(_CLS.get(c, str(c)) for c in hand) or "none") if hand is not None \
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


def barcelona(view: dict[str, Any], names: Names, seat: int | None) -> RenderableType:
    city = _city(view)
    tracks = Group(Text("Citizen tracks", style="bold"), _tracks(view))
    sidewalk = Group(Text("Sidewalk (▣0: seat 0's Cobblestone)", style="bold"), _sidewalk(view))
    services = Group(Text("Public Services (tiles left, the next one's price → VP)", style="bold"),
                     _services(view))
    # the rest, but not the expansion's empty parts in a game without it
    rest = {k for k, v in view.items() if k in _SHOWN or (not view.get("expansion") and (
        k == "expansion" or (k in ("amenities", "violets", "hexes") and not v)))}
    return Group(
        Text("The city of Barcelona", style="bold"), city, Text(_BARCELONA_LEGEND, style="dim"),
        Text(), _turn(view, names), _projects_and_scoring(view),
        Columns([tracks, sidewalk], padding=(0, 4)), services,
        _players(view, names, seat),
        _rest(view, rest, names))


_PEDESTRIANS = ("Barcelona", "Gràcia")
_BENEFITS = {"coin": "1 coin", "vp": "2 VP", "cloth": "1 cloth", "cerda": "+1 Cerdà",
             "sagrada": "+1 Sagrada Família"}
_SAGRADA = {  # components.SAGRADA_TILES
    "1a": "5 VP", "1b": "3 VP + 1 coin/cloth", "1c": "1 coin + 1 cloth", "1d": "+1 Cerdà, 2 VP",
    "1x": "+1 joy", "2a": "7 VP", "2b": "5 VP + 1 coin/cloth", "2c": "2 coin/cloth",
    "2d": "+1 Cerdà, 4 VP", "2x": "1 step each", "3a": "10 VP", "3b": "6 VP + 2 coin/cloth",
    "3c": "3 coin/cloth", "3d": "+2 Cerdà, 4 VP", "3x": "+1 joy x3", "4a": "18 VP",
    "4b": "8 VP + 3 coin/cloth", "4c": "5 coin/cloth", "4d": "+3 Cerdà, 6 VP", "4x": "2 steps each"}


def barcelona_label(command: dict[str, Any], view: Any, names: Sequence[str | None]) -> str | None:
    """Barcelona's commands naming their places as the board does: crossings A1..E5, street
    spaces A1-A2, building spaces by block, Sidewalk spaces by what they give."""
    kind = command.get("type")
    if kind == "PlaceCitizens":
        cost = view["crossings"][command["crossing"]]["cost"]
        return f"place on {crossing_name(command['crossing'])}, {command['top']} on top" \
            + (f", pay ${cost}" if cost else "")
    if kind == "Build":
        level = "a Corner" if command["level"] == 0 else f"level {command['level']}"
        used = ", ".join(crossing_name(x) for x in command["crossings"])
        return f"build {level} on {site_name(command['site'])} with {used}"
    if kind in ("BuildStreet", "MoveTram"):
        space = view["spaces"][command["space"]]
        verb = "build a street on" if kind == "BuildStreet" else "move the Tram to"
        return f"{verb} {space['name']} ({space['street']}, {'wide' if space['wide'] else 'narrow'})"
    if kind == "BuildIntersection":
        return f"build an Intersection on {crossing_name(command['crossing'])}"
    if kind == "PlaceCobblestone":
        spot = command["spot"]
        what = _SPOTS.get(view["sidewalk"][spot], view["sidewalk"][spot])
        return f"place a Cobblestone on the Sidewalk, row {spot // _SIZE + 1} column " \
               f"{spot % _SIZE + 1} ({what})"
    if kind == "TakeProject":
        return f"take project {humanize(command['project'])} onto project space {command['slot'] + 1}"
    if kind == "ImproveProject":
        return f"improve project space {command['slot'] + 1}"
    if kind == "Store":
        return f"keep {command['coins']} coins and {command['cloths']} cloths in the Warehouse"
    if kind == "StepSagrada":
        return "step on the Sagrada Família track"
    if kind == "ChooseSagradaTile":
        tile = command["tile"]
        return f"choose Sagrada Família tile {tile} ({_SAGRADA[tile]})" if tile in _SAGRADA else None
    if kind == "BuildService":
        for service in view["services"]:
            if service["service"] == command["service"]:
                return (f"build Public Service {service['name']} ({service['coins']} coins → "
                        f"{service['vp']} VP)")
        return None
    if kind == "TakeAction":
        return f"take action: {_ACTIONS.get(command['action'], command['action'])}"
    if kind in ("Walk", "GiveJoy", "ChooseStartingJoy"):
        shown = dict(command, pedestrian=_PEDESTRIANS[command["pedestrian"]])
        return f"{humanize(kind)} ({details(shown, names)})"
    if kind == "ChooseBenefits":
        chosen = [_BENEFITS.get(b, str(b)) for b in command["benefits"]]
        return "Intersection benefits: " + (", ".join(chosen) or "none")
    return None  # the generic label


register_renderer("barcelona", barcelona)
register_labeler("barcelona", barcelona_label)
