"""Villa in a terminal: the Hedges as a map of joints and segments."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ..render import Names, register_renderer
from .common import rest, style_of


def villa(view: dict[str, Any], names: Names, seat: int | None, board: Any = None) -> RenderableType:
    segments = view["segments"]
    points = [(s["x1"], s["y1"]) for s in segments] + [(s["x2"], s["y2"]) for s in segments]
    points += [tuple(j) for j in view.get("joints", [])]
    if not points:
        return rest(view, set(), names)
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
                 rest(view, {"segments", "joints"}, names))


register_renderer("villa", villa)
