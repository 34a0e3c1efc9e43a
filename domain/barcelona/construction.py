"""Constructing a Building: bonus tile, Citizen tracks, VP, effects and markers."""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from msgspec.structs import replace

from .components import (
    BONUS_REWARD,
    CERDA_OF_LEVEL,
    CLASSES,
    LEVEL3_VP,
    SAGRADA_OF_LEVEL,
    TRACK_VP,
)
from .events import (
    Built,
)
from .gains import cerda_moved, gain
from .geometry import BUILDING_BLOCK
from .pedestrians import add_joy
from .state import Site, State, Task, first_left, put


def built(s: State, e: Built) -> State:
    """seed: bonus tile, Citizens to the tracks, VP, effects, then the Building marker.
    The builder's VP, Cerdà and markers change once, at the end (a Building is the
    costliest event to fold, and each change of the state copies it)."""
    row = BUILDING_BLOCK[e.site][0]
    if not s.flipped[row]:
        s = replace(s, flipped=put(s.flipped, row, True))
        reward, joy_to = BONUS_REWARD[s.bonuses[row]]
        if joy_to is not None:
            s = add_joy(s, e.seat, joy_to, 1)
        s = gain(s, e.seat, reward)
    moved = _to_tracks(s, e.crossings)
    p = s.players[e.seat]
    cerda, vp = cerda_moved(p.cerda, p.vp + lowest_of(moved["track"]), CERDA_OF_LEVEL[e.level])
    if e.level == 3:
        vp += LEVEL3_VP
    tasks = s.tasks
    if SAGRADA_OF_LEVEL[e.level]:
        tasks = (*tasks, Task("sagrada", e.seat, n=SAGRADA_OF_LEVEL[e.level]))
    old = s.sites[e.site]
    markers, stock = old.markers if old else (), p.markers
    spot = first_left(stock)
    if spot is not None:  # seed: with no markers left the Building is unmarked
        markers, stock = (*markers, e.seat), put(stock, spot, stock[spot] - 1)
        if p.markers[spot] == 1:
            cerda, vp = cerda_moved(cerda, vp, 1)
    players = put(s.players, e.seat, replace(p, vp=vp, cerda=cerda, markers=stock))
    return replace(s, players=players, tasks=tasks, sites=put(s.sites, e.site, Site(e.level, markers)),
                   tiles_left=put(s.tiles_left, e.level, s.tiles_left[e.level] - 1), phase="confirm",
                   **moved)


def _to_tracks(s: State, crossings: tuple[int, ...]) -> dict[str, tuple[Any, ...]]:
    """seed: each used Citizen goes to the leftmost empty space of its row (research:
    beside the board, out of the game, when the row is full): the state's new stacks,
    placers, tracks and Citizens outside."""
    stacks, placed_by, track = list(s.stacks), list(s.placed_by), list(s.track)
    outside = s.outside
    for x in crossings:
        stack = stacks[x]
        stacks[x] = stack[:-1]
        if len(stack) == 1:
            placed_by[x] = None
        row = CLASSES.index(stack[-1])
        spaces = track[row]
        if all(spaces):
            outside = put(outside, row, outside[row] + 1)
        else:
            track[row] = put(spaces, spaces.index(False), True)
    return {"stacks": tuple(stacks), "placed_by": tuple(placed_by), "track": tuple(track),
            "outside": outside}


# The track spaces that show VP, left to right: their VP never falls from left to right
# (tests/barcelona/test_shortcuts.py), so the leftmost one still visible in any row shows
# the lowest VP.
VP_SPACES = tuple(sorted(TRACK_VP))
_VP_SPACES_OF = itemgetter(*VP_SPACES)


def lowest_visible(s: State) -> int:
    """seed: the lowest VP value still visible on any Citizen track (0 if none)."""
    return lowest_of(s.track)


def lowest_of(track: tuple[tuple[bool, ...], ...]) -> int:
    """`lowest_visible` of these track rows."""
    firsts = [shown.index(False) for row in track if False in (shown := _VP_SPACES_OF(row))]
    return TRACK_VP[VP_SPACES[min(firsts)]] if firsts else 0
