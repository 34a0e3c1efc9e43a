"""The end-game effects of the Features: points for a face-up Feature in an area."""

from __future__ import annotations

from .board import Board
from .components import (
    BRIDGE_POINTS,
    COLUMN_POINTS,
    FLOWERBED_POINTS,
    GAZEBO_POINTS,
    STATUE_POINTS,
    TREES_POINTS,
)
from .geometry import edge_cells
from .state import Area, State, Token


def feature_points(state: State, b: Board, area: Area, token: Token) -> int:
    """What a face-up Feature scores at the end; "adjacent" always means sharing a segment
    with the area the Feature is in (glossary)."""
    colour, near = token.colour, [state.areas[n] for n in b.adjacent[area.id]]
    match token.feature:
        case "bridge":  # every area of the same dimension, this one included
            return BRIDGE_POINTS * sum(len(a.cells) == len(area.cells) for a in state.areas)
        case "gazebo":
            return GAZEBO_POINTS * sum(all(t.colour != colour for t in a.tokens) for a in near)
        case "column":
            return COLUMN_POINTS * area.segments[colour]
        case "statue":
            return STATUE_POINTS if statue_holds(b, area) else 0
        case "flowerbed":
            return FLOWERBED_POINTS * sum(any(t.feature for t in a.tokens) for a in near)
        case "trees":
            return TREES_POINTS * len(connected(state, b, area.id, colour))
    return 0  # Bird Bath, Sundial, Fountain and Well act during the game


def statue_holds(b: Board, area: Area) -> bool:
    """Every segment of the area also borders another closed area (so a segment inside
    the area, with this area on both sides, fails)."""
    for edge in b.area_edges[area.id]:
        sides = [b.cell_area.get(cell) for cell in edge_cells(edge)]
        others = [side for side in sides if side != area.id]
        if len(others) != 1 or others[0] is None:
            return False
    return True


def connected(state: State, b: Board, start: int, colour: int) -> set[int]:
    """The connected areas (glossary): adjacent areas all belonging to `colour`, reached
    from `start`; empty when `start` itself does not belong to it."""
    if colour not in state.areas[start].winners:
        return set()
    found, todo = {start}, [start]
    while todo:
        for n in b.adjacent[todo.pop()]:
            if n not in found and colour in state.areas[n].winners:
                found.add(n)
                todo.append(n)
    return found
