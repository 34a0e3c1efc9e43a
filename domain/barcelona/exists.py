"""Whether a phase or task has anything left to choose, without listing it.

`evolve` asks this after every event to find the steps that need no choice; listing every
command (actions.py) only to test the list for emptiness was most of the cost of folding a
log. Each function here answers `bool()` of its list in actions.py, stopping at the first
command found (tests/barcelona/test_shortcuts.py pins each to its list over random play).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import itemgetter

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
# The owners of the Wide, the Narrow street spaces and of the crossings off the diagonal,
# picked out of a tuple at C speed.
WIDE_OWNERS = itemgetter(*(i for i, wide in enumerate(WIDE) if wide))
NARROW_OWNERS = itemgetter(*(i for i, wide in enumerate(WIDE) if not wide))
OFF_DIAGONAL_OWNERS = itemgetter(*OFF_DIAGONAL)
SIDEWALK = range(25)
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
    owners = state.intersections
    return any(not stacks[x] and (not ON_DIAGONAL[x] or owners[x] is not None)
               for x in range(CROSSINGS))


def can_act(state: State, seat: int, action: Action, flags: tuple[Flag, ...] = ()) -> bool:
    """`bool(action_commands(state, seat, action, flags))`."""
    if action in SIMPLE:
        return True
    p = state.players[seat]
    if action == "cobblestone":
        if COBBLESTONES - p.cobbles == 0:
            return False
        return _cobble_spot(state.sidewalk, "anywhere" in flags)
    if action == "wide":
        return p.wide != 0 and None in WIDE_OWNERS(state.streets)
    if action == "narrow":
        return sum(p.narrow) != 0 and None in NARROW_OWNERS(state.streets)
    if action == "intersection":
        return _intersection(state, seat, flags)
    return _board_action(state, seat, action, flags)


def _cobble_spot(walk: tuple[int | None, ...], anywhere: bool) -> bool:
    if anywhere:
        return None in walk
    for i in SIDEWALK:
        if walk[i] is None:
            for j in NEAR[i]:
                if walk[j] is not None:
                    return True
    return False


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
        return None in OFF_DIAGONAL_OWNERS(owners)
    return False


def _board_action(state: State, seat: int, action: Action, flags: tuple[Flag, ...]) -> bool:
    """`bool(_board_commands(...))`."""
    if action == "take":
        return _can_take(state, seat, flags)
    if action == "improve":
        p = state.players[seat]
        for top, cost in zip(p.tops, IMPROVE_COSTS, strict=True):
            if not top and p.coins >= cost.coins and p.cloths >= cost.cloths:
                return True
        return False
    if action == "service":
        return _can_serve(state, seat)
    if action == "tram":
        return _can_ride(state, seat)
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
    for project, cost in zip(p.projects, _project_costs(flags), strict=True):
        if project is None and p.coins >= cost.coins and p.cloths >= cost.cloths:
            return True
    return False


def _can_serve(state: State, seat: int) -> bool:
    """A Public Service stack not empty, not built by the player yet, its top tile paid."""
    p = state.players[seat]
    first = service_tiles(state.seats)
    left = state.services_left
    for i, kind in enumerate(state.services):
        if left[i] and kind not in p.services and p.coins >= SERVICE_TILES[first - left[i]][0]:
            return True
    return False


def _can_ride(state: State, seat: int) -> bool:
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
    for street in STREETS_OF[state.crossing]:
        if street not in used and can_act(state, seat, layout[street]):
            return True
    return False


def can_build(state: State, seat: int) -> bool:
    """`bool(builds(state, seat))`: a building space with at least 2 visible Citizens at
    its corners, a level it may take, and the class that level needs among them."""
    # The visible Citizens around every building space counted at once, in 3-bit fields of
    # one number (see _ADDS); then only the spaces counting 2 or more are looked at, those
    # around the turn's crossing first (where a Building is most often possible).
    counts = sum(map(_ADDS.__getitem__, compress(range(CROSSINGS), state.stacks)))
    two = ((counts >> 1) | (counts >> 2)) & _LOWEST
    near = two & _AROUND[CROSSINGS if state.crossing is None else state.crossing]
    for spaces in (near, two ^ near):
        while spaces:
            low = spaces & -spaces
            at = low.bit_length() - 1
            if _buildable(state, at // _FIELD, (counts >> at) & _COUNT):
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


def _buildable(state: State, site: int, visible: int) -> bool:
    """Whether a level may be built on `site`, around which `visible` Citizens show."""
    here = state.sites[site]
    left = state.tiles_left
    tops: list[Cls] | None = None
    for level, size, need in UPON[site][here.level if here else None]:
        if not left[level] or visible < size:
            continue
        if need is None:
            return True
        if tops is None:
            stacks = state.stacks
            tops = [stacks[x][-1] for x in BUILDING_CORNERS[site] if stacks[x]]
        if need in tops:
            return True
    return False
