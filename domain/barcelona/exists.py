"""Whether a phase or task has anything left to choose, without listing it.

`evolve` asks this after every event to find the steps that need no choice; listing every
command (actions.py) only to test the list for emptiness was most of the cost of folding a
log. Each function here answers `bool()` of its list in actions.py, stopping at the first
command found (tests/barcelona/test_shortcuts.py pins each to its list over random play).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import get_args

from .actions import NEAR, PLAIN, project_cost, tram_moves
from .components import (
    COBBLESTONES,
    COVERS,
    INTERSECTION_COSTS,
    NEEDS,
    PROJECT_SPACES,
    SERVICE_TILES,
    Action,
    Cls,
    Cost,
    service_tiles,
)
from .geometry import (
    AROUND,
    BUILDING_CORNERS,
    CROSSINGS,
    IS_TRIANGLE,
    SPACE_ENDS,
    WIDE,
    next_spaces,
    on_diagonal,
    streets_of,
)
from .state import Flag, State, Task

SIMPLE = frozenset(PLAIN)  # always possible
STREETS_OF = tuple(streets_of(x) for x in range(CROSSINGS))
SITES = range(len(BUILDING_CORNERS))
# A field of 3 bits per building space holds how many of its corners (4 at most) show a
# Citizen: _ADDS[x] adds 1 to the field of every space crossing x is a corner of.
_FIELD = 3
_ADDS = tuple(sum(1 << (_FIELD * site) for site in AROUND[x]) for x in range(CROSSINGS))
_LOWEST = sum(1 << (_FIELD * site) for site in SITES)  # the lowest bit of every field
_COUNT = (1 << _FIELD) - 1  # a field, once shifted down
# The lowest bits of the fields of the spaces around each crossing (the last: none).
_AROUND = (*(sum(1 << (_FIELD * site) for site in AROUND[x]) for x in range(CROSSINGS)), 0)
ON_DIAGONAL = tuple(on_diagonal(x) for x in range(CROSSINGS))
OFF_DIAGONAL = tuple(x for x in range(CROSSINGS) if not ON_DIAGONAL[x])
# The owners of the Wide, the Narrow street spaces, and what stands on the crossings off the
# diagonal, picked out of a tuple at C speed.
WIDE_OWNERS = itemgetter(*(i for i, wide in enumerate(WIDE) if wide))
# The Narrow spaces, as a mask for `compress`: most are free, and `None in` a lazy compress
# stops at the first (an itemgetter picked all 32 first: 610 against 230 ns a call).
NARROW = tuple(not wide for wide in WIDE)
OFF_DIAGONAL_OF = itemgetter(*OFF_DIAGONAL)
DIAGONAL = tuple(x for x in range(CROSSINGS) if ON_DIAGONAL[x])
SIDEWALK = range(25)
# The stacks at the corners of each building space, picked out of a tuple at C speed.
CORNER_STACKS = tuple(itemgetter(*corners) for corners in BUILDING_CORNERS)
IMPROVE_COSTS = tuple(space.improve for space in PROJECT_SPACES)
# The street spaces a Tram may enter from each space in one step.
NEXT_TO = tuple(tuple(n for via in ends for n in next_spaces(space, via))
                for space, ends in enumerate(SPACE_ENDS))


def can_place(state: State, seat: int) -> bool:
    """`bool(placements(state, seat))`: a Citizen in hand and an empty crossing whose cost
    (1 Coin on a diagonal crossing with no Intersection, else 0) the player can pay."""
    p = state.players[seat]
    if not p.hand:
        return False
    stacks = state.stacks
    if p.coins >= 1:
        return () in stacks
    if p.coins < 0:
        return False
    if () in OFF_DIAGONAL_OF(stacks):  # (a generator over the 25 cost ~10 times as much)
        return True
    owners = state.intersections
    for x in DIAGONAL:  # noqa: SIM110 (see _can_take)
        if not stacks[x] and owners[x] is not None:
            return True
    return False


def can_act(state: State, seat: int, action: Action, flags: tuple[Flag, ...] = ()) -> bool:
    """`bool(action_commands(state, seat, action, flags))`."""
    return action in SIMPLE or _CAN[action](state, seat, flags)


def _can_cobble(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    if COBBLESTONES - state.players[seat].cobbles == 0:
        return False
    walk = state.sidewalk
    if "anywhere" in flags:
        return None in walk
    for i in SIDEWALK:
        if walk[i] is None:
            for j in NEAR[i]:
                if walk[j] is not None:
                    return True
    return False


def _can_wide(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    return state.players[seat].wide != 0 and None in WIDE_OWNERS(state.streets)


def _can_narrow(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    return sum(state.players[seat].narrow) != 0 and None in compress(state.streets, NARROW)


def _intersection(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    """A free crossing costs the board's price, plus 1 Coin on the diagonal (no
    Intersection covers a free crossing); "no_coins" waives every Coin."""
    p = state.players[seat]
    if p.intersections >= len(INTERSECTION_COSTS):
        return False
    board = INTERSECTION_COSTS[p.intersections]
    if p.cloths < board.cloths:
        return False
    coins = 0 if "no_coins" in flags else board.coins
    owners = state.intersections
    if p.coins >= coins + ("no_coins" not in flags):
        return None in owners
    if p.coins >= coins:
        return None in OFF_DIAGONAL_OF(owners)
    return False


def _can_improve(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    p = state.players[seat]
    tops, coins, cloths = p.tops, p.coins, p.cloths
    for slot, cost in enumerate(IMPROVE_COSTS):  # zip(strict=True) parses its keyword: ~1,000 instructions
        if not tops[slot] and coins >= cost.coins and cloths >= cost.cloths:
            return True
    return False


@lru_cache(maxsize=32)  # one entry per combination of flags a task grants (a handful)
def _project_costs(flags: tuple[Flag, ...]) -> tuple[Cost, ...]:
    return tuple(project_cost(slot, flags) for slot in range(len(PROJECT_SPACES)))


def _can_take(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    """A face-up Modernisme tile in the display, and an empty Project space whose cost the
    player can pay. (Loops: any() of a generator costs about three times as much here.)"""
    down = state.face_down
    for i, tile in enumerate(state.display):
        if tile is not None and not down[i]:
            break
    else:
        return False
    p = state.players[seat]
    projects, coins, cloths = p.projects, p.coins, p.cloths
    for slot, cost in enumerate(_project_costs(flags)):
        if projects[slot] is None and coins >= cost.coins and cloths >= cost.cloths:
            return True
    return False


CHEAPEST_SERVICE = min(coins for coins, _ in SERVICE_TILES)


def _can_serve(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    """A Public Service stack not empty, not built by the player yet, its top tile paid."""
    p = state.players[seat]
    if p.coins < CHEAPEST_SERVICE:  # most often the answer (4 calls in 5 are False)
        return False
    first = service_tiles(state.seats)
    left = state.services_left
    for i, kind in enumerate(state.services):
        if left[i] and kind not in p.services and p.coins >= SERVICE_TILES[first - left[i]][0]:
            return True
    return False


def _can_ride(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    """`bool(tram_moves(state, seat))`: a Tram may always enter a space next to its own
    (1 counted space at most) unless a Tram stands there; only when every one does is the
    search of actions.py needed."""
    here = state.players[seat].tram
    trams = {p.tram for p in state.players}
    if here is None:  # the first time: any space with no Tram and no Passenger
        for space, passenger in enumerate(state.passengers):
            if passenger is None and space not in trams:
                return True
        return False
    for space in NEXT_TO[here]:
        if space not in trams:
            return True
    return bool(tram_moves(state, seat))


def _never(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    return False


# The check of each action that is not always possible, found by the action (a chain of
# comparisons tried them one after the other).
_CAN: dict[Action, Callable[[State, int, tuple[Flag, ...]], bool]] = {
    **dict.fromkeys(get_args(Action), _never),
    "cobblestone": _can_cobble, "wide": _can_wide, "narrow": _can_narrow,
    "intersection": _intersection, "take": _can_take, "improve": _can_improve,
    "service": _can_serve, "tram": _can_ride,
}


def can_do_task(state: State, task: Task) -> bool:
    """`bool(task_actions(state, task))`."""
    for action in task.actions:  # noqa: SIM110 (see _can_take)
        if can_act(state, task.seat, action, task.flags):
            return True
    return False


def has_street_action(state: State, seat: int) -> bool:
    """`bool(street_actions(state, seat))`."""
    if state.crossing is None:
        return False
    used, layout = state.used, state.layout
    streets = STREETS_OF[state.crossing]
    # The streets whose action is always possible first: a check costs 0.5-1 us, and in
    # 1 call in 9 a later street's action needs none (evolve asks after every action).
    for street in streets:
        if street not in used and layout[street] in SIMPLE:
            return True
    for street in streets:  # noqa: SIM110 (see _can_take)
        if street not in used and _CAN[layout[street]](state, seat, ()):
            return True
    return False


def can_build(state: State, seat: int) -> bool:
    """`bool(builds(state, seat))`: a building space with at least 2 visible Citizens at
    its corners, a level it may take, and the class that level needs among them."""
    # The spaces around the turn's crossing first, their corners counted alone: a Building
    # is most often possible there (6 calls in 10 end here), and counting the Citizens of
    # all 25 crossings costs ~7,000 instructions (each item of a C loop costs ~200 on this
    # CPython).
    stacks, crossing = state.stacks, state.crossing
    if crossing is not None:
        for site in AROUND[crossing]:
            corners = CORNER_STACKS[site](stacks)
            visible = len(corners) - corners.count(())
            if visible >= 2 and _buildable(state, site, visible, corners):
                return True
    # Then the visible Citizens around every building space counted at once, in 3-bit
    # fields of one number (see _ADDS), and only the spaces counting 2 or more looked at.
    counts = sum(compress(_ADDS, stacks))  # (a map over the crossings' numbers: 1.4 against 0.6 us)
    spaces = ((counts >> 1) | (counts >> 2)) & _LOWEST & ~_AROUND[
        CROSSINGS if crossing is None else crossing]
    while spaces:
        low = spaces & -spaces
        at = low.bit_length() - 1
        site = at // _FIELD
        if _buildable(state, site, (counts >> at) & _COUNT, CORNER_STACKS[site](stacks)):
            return True
        spaces ^= low
    return False


def _upon(triangle: bool, current: int | None) -> tuple[tuple[int, int, Cls | None], ...]:
    """(level, Citizens it takes, class it needs) of each level that may be built on a
    space holding `current` (actions._levels, but for the tiles left)."""
    levels = ((0,) if current is None else ()) if triangle else \
        tuple(lv for lv in (1, 2, 3) if current is None or current in COVERS[lv])
    return tuple((lv, NEEDS[lv][1] + (1 if NEEDS[lv][0] else 0), NEEDS[lv][0]) for lv in levels)


# Per building space, per level built there (None: nothing yet), what may be built on it.
UPON = tuple({current: _upon(IS_TRIANGLE[site], current) for current in (None, 0, 1, 2, 3)}
             for site in SITES)


def _buildable(state: State, site: int, visible: int, corners: tuple[tuple[Cls, ...], ...]
               ) -> bool:
    """Whether a level may be built on `site`, around which `visible` Citizens show, on
    these corners' stacks."""
    here = state.sites[site]
    left = state.tiles_left
    for level, size, need in UPON[site][here.level if here else None]:
        if not left[level] or visible < size:
            continue
        if need is None:
            return True
        for stack in corners:  # the class it needs on top of a corner
            if stack and stack[-1] == need:
                return True
    return False
