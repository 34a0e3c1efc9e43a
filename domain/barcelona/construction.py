"""Constructing a Building: bonus tile, Citizen tracks, VP, effects and markers."""

from __future__ import annotations

from functools import lru_cache

from msgspec.structs import replace

from .components import (
    BONUS_REWARD,
    CERDA_OF_LEVEL,
    CLASSES,
    LEVEL3_VP,
    SAGRADA_OF_LEVEL,
    TRACK_VP,
    Cls,
)
from .events import (
    Built,
)
from .gains import cerda_moved, gain
from .geometry import BUILDING_BLOCK
from .pedestrians import add_joy
from .state import Site, State, Task, put, take_leftmost


def built(s: State, e: Built) -> State:
    """seed: bonus tile, Citizens to the tracks, VP, effects, then the Building marker.
    The builder's VP, Cerdà and markers change once, at the end (a Building is the
    costliest event to fold, and each change of the state copies it)."""
    seat, level = e.seat, e.level
    row = BUILDING_BLOCK[e.site][0]
    if not s.flipped[row]:
        s = _bonus(s, seat, row)
    stacks, placed_by, track, outside = _to_tracks(s, e.crossings)
    p = s.players[seat]
    cerda, vp = cerda_moved(p.cerda, p.vp + lowest_of(track), CERDA_OF_LEVEL[level])
    if level == 3:
        vp += LEVEL3_VP
    tasks = s.tasks
    if SAGRADA_OF_LEVEL[level]:
        tasks = (*tasks, Task("sagrada", seat, n=SAGRADA_OF_LEVEL[level]))
    old = s.sites[e.site]
    markers, stock = old.markers if old else (), p.markers
    taken = take_leftmost(stock)
    if taken is not None:  # seed: with no markers left the Building is unmarked
        markers, (stock, emptied) = (*markers, seat), taken
        if emptied:
            cerda, vp = cerda_moved(cerda, vp, 1)
    players = put(s.players, seat, replace(p, vp=vp, cerda=cerda, markers=stock))
    return replace(s, players=players, tasks=tasks, sites=put(s.sites, e.site, Site(level, markers)),
                   tiles_left=put(s.tiles_left, level, s.tiles_left[level] - 1), phase="confirm",
                   stacks=stacks, placed_by=placed_by, track=track, outside=outside)


def _bonus(s: State, seat: int, row: int) -> State:
    """seed: the first Building of a row flips its bonus tile for the builder."""
    s = replace(s, flipped=put(s.flipped, row, True))
    reward, joy_to = BONUS_REWARD[s.bonuses[row]]
    if joy_to is not None:
        s = add_joy(s, seat, joy_to, 1)
    return gain(s, seat, reward)


Tracks = tuple[tuple[tuple[Cls, ...], ...], tuple[int | None, ...], tuple[tuple[bool, ...], ...],
               tuple[int, ...]]
_ROW_OF: dict[Cls, int] = {c: i for i, c in enumerate(CLASSES)}


def _to_tracks(s: State, crossings: tuple[int, ...]) -> Tracks:
    """seed: each used Citizen goes to the leftmost empty space of its row (research:
    beside the board, out of the game, when the row is full): the state's new stacks,
    placers, tracks and Citizens outside. (The placers are copied only when a crossing
    empties: a copy of 25 costs ~2,000 instructions.)"""
    stacks, track = list(s.stacks), list(s.track)
    placers: list[int | None] | None = None
    outside = s.outside
    for x in crossings:
        stack = stacks[x]
        stacks[x] = stack[:-1]
        if len(stack) == 1:
            if placers is None:
                placers = list(s.placed_by)
            placers[x] = None
        row = _ROW_OF[stack[-1]]
        covered = covered_next(track[row])
        if covered is None:
            outside = put(outside, row, outside[row] + 1)
        else:
            track[row] = covered
    return (tuple(stacks), s.placed_by if placers is None else tuple(placers), tuple(track),
            outside)


@lru_cache(maxsize=1024)  # the rows play reaches are a few dozen
def covered_next(row: tuple[bool, ...]) -> tuple[bool, ...] | None:
    """The track row with its leftmost empty space covered (None: the row is full)."""
    return None if all(row) else put(row, row.index(False), True)


# The track spaces that show VP, left to right: their VP never falls from left to right
# (tests/barcelona/test_shortcuts.py), so the leftmost one still visible in any row shows
# the lowest VP.
VP_SPACES = tuple(sorted(TRACK_VP))
_SPACE_VP = tuple((space, TRACK_VP[space]) for space in VP_SPACES)


def lowest_visible(s: State) -> int:
    """seed: the lowest VP value still visible on any Citizen track (0 if none)."""
    return lowest_of(s.track)


def lowest_of(track: tuple[tuple[bool, ...], ...]) -> int:
    """`lowest_visible` of these track rows: the first VP space, left to right, that some
    row leaves visible (a loop: a Building asks, and a list of each row's first costs
    twice as much)."""
    for space, vp in _SPACE_VP:
        for row in track:
            if not row[space]:
                return vp
    return 0

