"""The components: 32 Hedges of 8 shapes, four copies each, none alike; the Starting Hedge."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise, product

from domain.villa.components import (
    BAG,
    BAG_SHAPES,
    BAG_SIZE,
    COLOURS,
    FEATURES,
    HEDGES,
    STARTING_HEDGE,
    STRAIGHT,
    Point,
)
from domain.villa.geometry import ORIENTATIONS, edge_between, orient


def canonical(points: tuple[Point, ...], colours: tuple[int, ...]) -> frozenset[object]:
    """A coloured piece as the set of its coloured segments, the same however it is laid:
    turned, flipped over, read from either end, moved."""
    forms = []
    for rotation, mirrored in ORIENTATIONS:
        turned = [orient(p, rotation, mirrored) for p in points]
        x0 = min(x for x, _ in turned)
        y0 = min(y for _, y in turned)
        moved = [(x - x0, y - y0) for x, y in turned]
        segments = frozenset((edge_between(a, b), c)
                             for (a, b), c in zip(pairwise(moved), colours, strict=True))
        forms.append(tuple(sorted(segments)))
    return frozenset([min(forms)])


def test_thirty_two_hedges_of_eight_shapes_four_copies_each() -> None:
    assert len(BAG) == BAG_SIZE == 32 and len(HEDGES) == 33
    assert len(BAG_SHAPES) == 8
    assert set(Counter(HEDGES[h].shape.name for h in BAG).values()) == {4}


def test_each_hedge_is_four_segments_of_four_different_colours() -> None:
    for hedge in HEDGES:
        assert len(hedge.shape.points) == 5
        assert sorted(hedge.colours) == list(range(len(COLOURS)))


def test_no_two_pieces_are_the_same_even_turned_or_flipped() -> None:
    forms = [canonical(h.shape.points, h.colours) for h in HEDGES]
    assert len(set(forms)) == 33


def test_the_starting_hedge_is_unique_a_shape_not_in_the_bag() -> None:
    assert STARTING_HEDGE.shape == STRAIGHT
    assert all(HEDGES[h].shape != STRAIGHT for h in BAG)


def test_the_shapes_are_the_nine_open_paths_of_four_segments() -> None:
    """Every self-avoiding open path of four unit segments is one of the nine shapes."""
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    ours = {canonical(s.points, (0, 0, 0, 0)) for s in (STRAIGHT, *BAG_SHAPES)}
    for walk in product(steps, repeat=4):
        points = [(0, 0)]
        for dx, dy in walk:
            points.append((points[-1][0] + dx, points[-1][1] + dy))
        if len(set(points)) == 5:
            assert canonical(tuple(points), (0, 0, 0, 0)) in ours
    assert len(ours) == 9


def test_each_colour_sits_once_at_each_position_of_a_shape() -> None:
    for shape in BAG_SHAPES:
        copies = [HEDGES[h].colours for h in BAG if HEDGES[h].shape == shape]
        for position in range(4):
            assert sorted(c[position] for c in copies) == [0, 1, 2, 3]


def test_ten_different_features() -> None:
    assert len(set(FEATURES)) == 10
