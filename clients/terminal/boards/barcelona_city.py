"""Barcelona's city in characters: the crossings with their Citizen stacks, the streets with
their tiles, Passengers and Trams, the blocks' buildings and each street's action.

The geometry (crossing names and places, building spaces) comes from the game's board data
(`GET /api/kinds/barcelona/board`), the rest from the view.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .common import Canvas, seat_style

CLS = {"upper": "U", "middle": "M", "working": "W"}
ACTIONS = {"cloth_vp": "cloth+3VP", "coins": "2 coins", "cerda": "+2 Cerdà", "cobblestone": "cobble",
           "wide": "wide", "narrow": "narrow", "intersection": "intersect", "take": "take proj",
           "improve": "improve", "service": "service", "tram": "tram", "walk_barcelona": "walk B",
           "walk_gracia": "walk G", "coin_cloth": "coin+cloth"}
_CW, _SW = 8, 10  # a crossing's width, a street space's width between two crossings
_PITCH = _CW + _SW
_GUTTER = 11  # the row streets' actions
Mark = tuple[str, str]  # text and style


def _building(site: Any) -> Mark:
    """A building space in a few characters: `L2[0,1]` (level, markers bottom first)."""
    if site is None:
        return "·", "dim"
    level = "C" if site["level"] == 0 else f"L{site['level']}"
    markers = site.get("markers") or []
    return f"{level}[{','.join(map(str, markers))}]", f"bold {seat_style(markers[-1])}" if markers \
        else "bold"


def _space_marks(space: dict[str, Any], trams: dict[int, list[int]], i: int) -> list[Mark]:
    marks = []
    if space.get("tile") is not None:
        marks.append((f"[{space['tile']}]", f"bold {seat_style(space['tile'])}"))
    if space.get("passenger") is not None:
        marks.append((f"p{space['passenger']}", seat_style(space["passenger"])))
    marks.extend((f"T{seat}", f"reverse {seat_style(seat)}") for seat in trams.get(i, []))
    return marks


class _City:
    """The canvas of one view: crossing (r, c) at row 1 + 4r, column GUTTER + c * PITCH."""

    def __init__(self, view: dict[str, Any], board: dict[str, Any]) -> None:
        self.view = view
        self.board = board
        self.size: int = board["size"]
        if len(view["crossings"]) != len(board["crossings"]):
            raise ValueError(f"not a {self.size}x{self.size} city")
        self.used = set(view.get("used_streets") or [])
        self.canvas = Canvas(1 + 4 * (self.size - 1) + 1,
                             _GUTTER + (self.size - 1) * _PITCH + _CW + 2)

    @staticmethod
    def row_of(r: int) -> int:
        return 1 + 4 * r

    @staticmethod
    def col_of(c: int) -> int:
        return _GUTTER + c * _PITCH

    def place(self, x: int) -> tuple[int, int]:
        """The (block row, column) of crossing `x`."""
        crossing = self.board["crossings"][x]
        return crossing["row"], crossing["column"]

    def actions(self) -> None:
        """The columns' actions above them, the rows' on the left, the Diagonal's below A1."""
        layout, size, put = self.view["layout"], self.size, self.canvas.put

        def style(street: int) -> str:
            return "bold reverse cyan" if street in self.used else "cyan"

        for c in range(size):
            put(0, self.col_of(c), ACTIONS.get(layout[size + c], layout[size + c])[:_PITCH - 1],
                style(size + c))
        for r in range(size):
            put(self.row_of(r), 0, ACTIONS.get(layout[r], layout[r])[:_GUTTER - 1], style(r))
        if len(layout) > 2 * size:
            put(self.row_of(0) + 1, 0, "╲ " + ACTIONS.get(layout[-1], layout[-1])[:_GUTTER - 3],
                style(2 * size))

    def crossings(self) -> None:
        put = self.canvas.put
        for x, crossing in enumerate(self.view["crossings"]):
            r, c = self.place(x)
            row, col = self.row_of(r), self.col_of(c)
            current = self.view.get("crossing") == x
            put(row, col, self.board["crossings"][x]["name"], "bold reverse" if current else "bold")
            if crossing["citizens"]:
                stack = CLS.get(crossing["top"], "?")
                if crossing["citizens"] > 1:
                    stack += CLS.get(crossing["bottom"], "?").lower() if crossing["bottom"] else "?"
                put(row, col + 3, stack, f"bold {seat_style(crossing['placed_by'])}")
            if crossing["intersection"] is not None:
                put(row, col + 6, f"+{crossing['intersection']}",
                    f"bold reverse {seat_style(crossing['intersection'])}")
            elif not crossing["citizens"] and crossing["cost"]:
                put(row, col + 6, f"${crossing['cost']}", "yellow")

    def spaces(self) -> None:
        trams: dict[int, list[int]] = {}
        for seat, player in enumerate(self.view["players"]):
            if player.get("tram") is not None:
                trams.setdefault(player["tram"], []).append(seat)
        for i, space in enumerate(self.view["spaces"]):
            a, b = space["ends"]
            (ra, ca), (rb, cb) = self.place(a), self.place(b)
            marks = _space_marks(space, trams, i)
            if ra == rb:
                self._along_row(ra, ca, space["wide"], marks)
            elif ca == cb:
                self._along_column(ra, ca, space["wide"], marks)
            else:  # the Diagonal, through block (ra, ca)
                self._diagonal(ra, ca, space["wide"], marks)

    def _along_row(self, r: int, c: int, wide: bool, marks: list[Mark]) -> None:
        row, col = self.row_of(r), self.col_of(c) + _CW
        self.canvas.put(row, col, ("═" if wide else "─") * _SW, "dim")
        words = "".join(m for m, _ in marks)
        self._marks(row, col + (_SW - len(words)) // 2, marks)

    def _along_column(self, r: int, c: int, wide: bool, marks: list[Mark]) -> None:
        col = self.col_of(c) + 1
        for k in range(1, 4):
            self.canvas.put(self.row_of(r) + k, col, "║" if wide else "│", "dim")
        for k, (mark, style) in enumerate(marks[:3], start=1):
            self.canvas.put(self.row_of(r) + k, col + 1, mark, style)

    def _diagonal(self, r: int, c: int, wide: bool, marks: list[Mark]) -> None:
        for k in range(1, 4):
            self.canvas.put(self.row_of(r) + k, self.col_of(c) + 2 + 4 * k, "╲",
                            "bold dim" if wide else "dim")
        self._marks(self.row_of(r) + 2, self.col_of(c) + 12, marks)

    def _marks(self, row: int, at: int, marks: list[Mark]) -> None:
        for mark, style in marks:
            self.canvas.put(row, at, mark, style)
            at += len(mark)

    def sites(self) -> None:
        places = self.board["sites"]
        if len(self.view["sites"]) != len(places):
            raise ValueError("not Barcelona's building spaces")
        for site, place in zip(self.view["sites"], places, strict=True):
            (r, c), kind = place["block"], place["kind"]
            words, style = _building(site)
            left = self.col_of(c) + 6  # the block's inside, right of the column street's marks
            inside = _PITCH - 6
            if kind == "square":
                self.canvas.put(self.row_of(r) + 2, left + (inside - len(words)) // 2, words, style)
            elif kind == "upper":
                self.canvas.put(self.row_of(r) + 1, left + inside - len(words), words, style)
            else:
                self.canvas.put(self.row_of(r) + 3, left, words, style)


def city(view: dict[str, Any], board: dict[str, Any]) -> Text:
    drawing = _City(view, board)
    drawing.actions()
    drawing.crossings()
    drawing.spaces()
    drawing.sites()
    return drawing.canvas.text()
