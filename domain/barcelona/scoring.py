"""Scoring: the condition counts shared by Cerdà and Modernisme tiles, the Cerdà
Scoring, the final scoring and `outcome`."""

from __future__ import annotations

from domain.core import Outcome, ranks_from

from .components import (
    COBBLE_VP,
    CONDITION_CAP,
    CONDITION_VP,
    PASSENGER_VP,
    PROJECT_SPACES,
    Condition,
    Violet,
    multiplier,
)
from .geometry import (
    ALONG,
    AROUND,
    BLOCKS,
    BUILDING_BLOCK,
    IS_TRIANGLE,
    SPACE_STREET,
    STREET_SPACES,
    WIDE,
)
from .state import Player, State


def _block_line(state: State, seat: int) -> int:
    """seed: blocks in the longest uninterrupted row or column of blocks with a marker."""
    mine = {BUILDING_BLOCK[i] for i, s in enumerate(state.sites) if s and seat in s.markers}
    best = 0
    for line in range(BLOCKS):
        for cells in ([(line, c) for c in range(BLOCKS)], [(r, line) for r in range(BLOCKS)]):
            run = 0
            for cell in cells:
                run = run + 1 if cell in mine else 0
                best = max(best, run)
    return best


def corners(state: State, seat: int) -> int:
    """seed: your Corner Buildings, at most one per block."""
    return len({BUILDING_BLOCK[i] for i, s in enumerate(state.sites)
                if s and IS_TRIANGLE[i] and seat in s.markers})


def _bottom_markers(state: State, seat: int) -> int:
    return sum(1 for i, s in enumerate(state.sites)
               if s and not IS_TRIANGLE[i] and s.markers and s.markers[0] == seat)


def _built_around(state: State, sites: tuple[int, ...]) -> int:
    return sum(1 for i in sites if state.sites[i] is not None)


def _own_line(state: State, seat: int, wide: bool) -> int:
    """seed: your longest line of own tiles on one street, at most 4."""
    best = 0
    for spaces in STREET_SPACES:
        if WIDE[spaces[0]] != wide:
            continue
        run = 0
        for i in spaces:
            run = run + 1 if state.streets[i] == seat else 0
            best = max(best, run)
    return best


def count(state: State, seat: int, condition: Condition) -> int:
    """The player's count for a scoring condition (seed: reference table), capped."""
    p = state.players[seat]
    value = _count(state, seat, p, condition)
    cap = CONDITION_CAP.get(condition)
    return min(value, cap) if cap is not None else value


def _count(state: State, seat: int, p: Player, condition: Condition) -> int:
    simple = {
        "coins": p.coins, "cloths": p.cloths, "services": len(p.services),
        "top_markers": sum(p.tops), "cobblestones": p.cobbles, "narrow": p.narrow_placed,
        "wide": p.wide_placed, "passengers": p.passengers, "intersections": p.intersections,
        "projects": sum(1 for t in p.projects if t is not None),
        "empty_spots": p.markers.count(0), "multiplier": multiplier(p.cerda),
        "joy_barcelona": p.joy[0], "joy_gracia": p.joy[1],
    }
    if condition in simple:
        return simple[condition]
    match condition:
        case "block_line":
            return _block_line(state, seat)
        case "corners":
            return corners(state, seat)
        case "bottom_markers":
            return _bottom_markers(state, seat)
        case "busy_intersections":
            return sum(1 for x, o in enumerate(state.intersections)
                       if o == seat and _built_around(state, AROUND[x]) >= 3)
        case "busy_passengers":
            return sum(1 for i, o in enumerate(state.passengers)
                       if o == seat and _built_around(state, ALONG[i]) >= 2)
        case "narrow_line":
            return _own_line(state, seat, wide=False)
        case "wide_line":
            return _own_line(state, seat, wide=True)
    return 0


def cerda_scoring(state: State, seat: int, tile: Condition) -> int:
    """seed: tile value x the player's count x the player's Cerdà multiplier."""
    p = state.players[seat]
    return CONDITION_VP[tile] * count(state, seat, tile) * multiplier(p.cerda)


def violet_count(state: State, seat: int, violet: Violet) -> int:
    """seed: the violet Cobblestones' conditions."""
    p = state.players[seat]
    match violet:
        case "a_spots":
            return p.markers.count(0)
        case "a_top_projects":
            return sum(1 for t, up in zip(p.projects, p.tops, strict=True) if t and up)
        case "b_passengers":
            return sum(1 for i, o in enumerate(state.passengers)
                       if o == seat and state.streets[i] is not None)
        case "b_corners":
            return corners(state, seat)
        case "c_multiplier":
            return multiplier(p.cerda)
    return len(p.sagrada_tiles)


def line_score(state: State, space: int) -> int:
    """seed: contiguous Street tiles in the street's line through `space`, 2 VP each
    Wide, 1 VP each Narrow, whoever owns them."""
    return line_score_of(state.streets, space)


def line_score_of(streets: tuple[int | None, ...], space: int) -> int:
    """`line_score` with these Street tiles."""
    spaces = STREET_SPACES[SPACE_STREET[space]]
    at = spaces.index(space)
    total = 0
    for step in (-1, 1):
        i = at + step
        while 0 <= i < len(spaces) and streets[spaces[i]] is not None:
            total += 2 if WIDE[spaces[i]] else 1
            i += step
    return total + (2 if WIDE[space] else 1)


def final_parts(state: State, seat: int) -> dict[str, int]:
    """seed: the final scoring, part by part."""
    p = state.players[seat]
    projects = sum(
        CONDITION_VP[t] * count(state, seat, t)
        * (PROJECT_SPACES[i].top if p.tops[i] else PROJECT_SPACES[i].bottom)
        for i, t in enumerate(p.projects) if t is not None)
    parts = {
        "play": p.vp,
        "cobblestones": COBBLE_VP[p.cobbles - 1] if p.cobbles else 0,
        "passengers": PASSENGER_VP[p.passengers - 1] if p.passengers else 0,
        "projects": projects,
    }
    if state.expansion:  # seed: a Pedestrian not on its starting space adds its Joy
        parts["pedestrians"] = sum(j for j, w in zip(p.joy, p.walked, strict=True) if w)
    parts["total"] = sum(parts.values())
    return parts


def markers_on_board(state: State, seat: int) -> int:
    return sum(s.markers.count(seat) for s in state.sites if s)


def outcome(state: State) -> Outcome | None:
    """Most VP wins; ties: Cerdà track, Sagrada Família track, markers on the board."""
    if state.phase != "over":
        return None
    parts = [final_parts(state, seat) for seat in range(state.seats)]
    keys = [(parts[s]["total"], p.cerda, p.sagrada, markers_on_board(state, s))
            for s, p in enumerate(state.players)]
    ranks, winners = ranks_from(keys)
    return Outcome([p["total"] for p in parts], ranks, winners,
                   {"players": parts,
                    "tie_break": "Cerdà track, Sagrada Família track, Building markers"})
