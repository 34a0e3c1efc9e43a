"""What the lobby offers for a game of Bella Vista: the town."""

from __future__ import annotations

from random import Random
from typing import Literal

import msgspec

from .layouts import Layout, TileSpot, preset, problem, random_layout

LayoutName = Literal["london", "new_york", "rome", "bangkok", "berlin", "paris", "random", "custom"]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`layout`: one of the six example towns, `random` (a new valid town each game), or
    `custom` with `tiles`: all 15 tiles, each at a tile position (row, col), connected edge
    to edge with no empty space inside the town."""

    layout: LayoutName = "london"
    tiles: tuple[TileSpot, ...] = ()

    def __post_init__(self) -> None:
        # Refuse a broken custom town when the options are read, with the reason.
        if self.layout == "custom":
            reason = problem(self.tiles)
            if reason is not None:
                raise ValueError(f"custom layout refused: {reason}")
        elif self.tiles:
            raise ValueError(f"tiles are only for the custom layout, not {self.layout!r}")


def build_town(options: Options, rng: Random) -> Layout:
    if options.layout == "custom":
        return tuple(sorted(options.tiles, key=lambda s: (s.row, s.col)))
    if options.layout == "random":
        return random_layout(rng)
    return preset(options.layout)
