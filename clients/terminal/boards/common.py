"""What the games' own terminal renderers share: seat and piece colours, a character canvas,
and the rest of a view handed to the generic renderer."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ..render import Names, render_value

COLOURS = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "pink": "magenta",
           "white": "white", "black": "bright_black", "purple": "purple", "orange": "orange1",
           "brown": "orange4", "grey": "grey50", "gray": "grey50"}
SEAT_STYLES = ("red", "blue", "green", "yellow")


def style_of(colour: Any) -> str:
    return COLOURS.get(str(colour).lower(), "bold")


def seat_style(seat: Any) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)] if isinstance(seat, int) and seat >= 0 else ""


def rest(view: dict[str, Any], skip: set[str], names: Names) -> RenderableType:
    """The parts of the view a renderer does not draw, shown generically."""
    return render_value({k: v for k, v in view.items() if k not in skip}, "", names)


class Canvas:
    """Rows of styled characters, written at (row, column)."""

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
