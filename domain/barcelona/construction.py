"""Constructing a Building: bonus tile, Citizen tracks, VP, effects and markers."""

from __future__ import annotations

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
from .gains import add_vp, gain, move_cerda, push
from .geometry import BUILDING_BLOCK
from .pedestrians import add_joy
from .state import Site, State, Task, put, with_player


def built(s: State, e: Built) -> State:
    """seed: bonus tile, Citizens to the tracks, VP, effects, then the Building marker."""
    row = BUILDING_BLOCK[e.site][0]
    if not s.flipped[row]:
        s = replace(s, flipped=put(s.flipped, row, True))
        reward, joy_to = BONUS_REWARD[s.bonuses[row]]
        if joy_to is not None:
            s = add_joy(s, e.seat, joy_to, 1)
        s = gain(s, e.seat, reward)
    for x in e.crossings:
        s = _to_track(s, x)
    s = add_vp(s, e.seat, lowest_visible(s))
    s = move_cerda(s, e.seat, CERDA_OF_LEVEL[e.level])
    if e.level == 3:
        s = add_vp(s, e.seat, LEVEL3_VP)
    if SAGRADA_OF_LEVEL[e.level]:
        s = push(s, Task("sagrada", e.seat, n=SAGRADA_OF_LEVEL[e.level]))
    old = s.sites[e.site]
    markers = old.markers if old else ()
    p = s.players[e.seat]
    spot = next((i for i, n in enumerate(p.markers) if n), None)
    if spot is not None:  # seed: with no markers left the Building is unmarked
        markers = (*markers, e.seat)
        s = with_player(s, e.seat, markers=put(p.markers, spot, p.markers[spot] - 1))
        if p.markers[spot] == 1:
            s = move_cerda(s, e.seat, 1)
    s = replace(s, sites=put(s.sites, e.site, Site(e.level, markers)),
                tiles_left=put(s.tiles_left, e.level, s.tiles_left[e.level] - 1))
    return replace(s, phase="confirm")


def _to_track(s: State, x: int) -> State:
    """seed: the used Citizen goes to the leftmost empty space of its row (research:
    beside the board, out of the game, when the row is full)."""
    stack = s.stacks[x]
    citizen = stack[-1]
    s = replace(s, stacks=put(s.stacks, x, stack[:-1]),
                placed_by=s.placed_by if len(stack) > 1 else put(s.placed_by, x, None))
    row = CLASSES.index(citizen)
    spaces = s.track[row]
    if all(spaces):
        return replace(s, outside=put(s.outside, row, s.outside[row] + 1))
    i = spaces.index(False)
    return replace(s, track=put(s.track, row, put(spaces, i, True)))


def lowest_visible(s: State) -> int:
    """seed: the lowest VP value still visible on any Citizen track (0 if none)."""
    seen = [v for row in s.track for i, v in TRACK_VP.items() if not row[i]]
    return min(seen, default=0)
