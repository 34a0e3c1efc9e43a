"""Every component value of Villa, each tagged with where it comes from.

Hedges lie on the edges of a square grid (see RULES.md, "Grid model"). A Hedge is a
path of four unit segments through five grid points; every point on it is a joint,
since its four segments all have different colours.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

Point = tuple[int, int]

# seed: "10 tokens for each of the four colors"; the colour names are the examples' names.
ColourName = Literal["blue", "green", "pink", "yellow"]
COLOURS: tuple[ColourName, ...] = ("blue", "green", "pink", "yellow")
TOKENS_PER_COLOUR = 10  # seed: "Each player takes 10 tokens of their chosen color"
FEATURES_REVEALED = 3  # seed: "flips over three of their tokens at random"
COPIES_PER_SHAPE = 4  # seed: "four repetitions of each shape"
BAG_SIZE = 32  # seed: "32 Hedges"
MAX_AREA_POINTS = 4  # seed: "points equal to the number of spaces inside it, up to a maximum of 4"

FeatureName = Literal[
    "bridge", "gazebo", "column", "statue", "flowerbed", "trees",
    "bird_bath", "sundial", "fountain", "well",
]
# seed: the ten Features of "Special Features" (one per token of a colour).
FEATURES: tuple[FeatureName, ...] = (
    "bridge", "gazebo", "column", "statue", "flowerbed", "trees",
    "bird_bath", "sundial", "fountain", "well",
)
BRIDGE_POINTS = 2  # seed: "2 points for each area with the same dimension"
GAZEBO_POINTS = 3  # seed: "3 points for each adjacent area that has no tokens of [its] color"
COLUMN_POINTS = 2  # seed: "2 points for each segment of your color in this area"
STATUE_POINTS = 6  # seed: "6 points if every segment in this area is also part of an adjacent area"
FLOWERBED_POINTS = 3  # seed: "3 points for each adjacent area with a Feature"
TREES_POINTS = 2  # seed: "Count all of the connected areas ...: scores 2 points for each"


class Shape(NamedTuple):
    name: str
    points: tuple[Point, ...]  # the path's five grid points, from its first end


# assumption: see RULES.md ("Components", Shapes). The nine open paths of four unit segments,
# up to rotation and mirroring; the straight one is the Starting Hedge, the other
# eight are the bag's shapes.
STRAIGHT = Shape("straight", ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
BAG_SHAPES: tuple[Shape, ...] = (
    Shape("long_l", ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1))),
    Shape("corner", ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))),
    Shape("bracket", ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2))),
    Shape("zigzag", ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2))),
    Shape("hook", ((0, 0), (1, 0), (1, 1), (0, 1), (-1, 1))),
    Shape("stairs", ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2))),
    Shape("step", ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1))),
    Shape("cup", ((0, 0), (1, 0), (1, 1), (0, 1), (0, 2))),
)


class Hedge(NamedTuple):
    id: int
    shape: Shape
    colours: tuple[int, ...]  # colour index of each segment, from the path's first end


def _colourings() -> tuple[tuple[int, ...], ...]:
    """assumption: see RULES.md ("Components", Colourings): the four cyclic shifts of blue, green,
    pink, yellow, so each colour sits once at each position of a shape."""
    base = tuple(range(len(COLOURS)))
    return tuple(base[k:] + base[:k] for k in range(COPIES_PER_SHAPE))


STARTING_HEDGE = Hedge(0, STRAIGHT, (0, 1, 2, 3))  # assumption: see RULES.md
STARTING_POINT: Point = (-2, 0)  # assumption: its middle joint is the origin
HEDGES: tuple[Hedge, ...] = (STARTING_HEDGE, *(
    Hedge(1 + s * COPIES_PER_SHAPE + k, shape, colours)
    for s, shape in enumerate(BAG_SHAPES)
    for k, colours in enumerate(_colourings())
))
BAG: tuple[int, ...] = tuple(h.id for h in HEDGES[1:])
