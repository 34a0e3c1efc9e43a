"""Whether a phase or task has anything left to choose, without listing it.

`evolve` asks this after every event to find the steps that need no choice; listing every
command (actions.py) only to test the list for emptiness was most of the cost of folding a
log. Each function here answers `bool()` of its list in actions.py, stopping at the first
command found (tests/barcelona/test_exists.py pins each to its list over random play).
"""

from __future__ import annotations

from .actions import NEAR, PLAIN, _board_commands, _levels
from .components import COBBLESTONES, INTERSECTION_COSTS, NEEDS, Action
from .geometry import AROUND, BUILDING_CORNERS, CROSSINGS, WIDE, on_diagonal, streets_of
from .state import Flag, State, Task

SIMPLE = frozenset(PLAIN)  # always possible
STREETS_OF = tuple(streets_of(x) for x in range(CROSSINGS))
# The building spaces in the order `can_build` looks at them, per crossing the Citizens of
# the turn went to (the last entry: no crossing): those around it first, where a Building
# is most often possible, so the look mostly stops at the first space or so.
SITES = range(len(BUILDING_CORNERS))


def _sites_from(x: int) -> tuple[int, ...]:
    return (*AROUND[x], *(b for b in SITES if b not in AROUND[x]))


SITES_FROM = (*(_sites_from(x) for x in range(CROSSINGS)), tuple(SITES))
ON_DIAGONAL = tuple(on_diagonal(x) for x in range(CROSSINGS))
OFF_DIAGONAL = tuple(x for x in range(CROSSINGS) if not ON_DIAGONAL[x])
WIDE_SPACES = tuple(i for i, wide in enumerate(WIDE) if wide)
NARROW_SPACES = tuple(i for i, wide in enumerate(WIDE) if not wide)
SIDEWALK = range(25)


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
        return p.wide != 0 and any(state.streets[i] is None for i in WIDE_SPACES)
    if action == "narrow":
        return sum(p.narrow) != 0 and any(state.streets[i] is None for i in NARROW_SPACES)
    if action == "intersection":
        return _intersection(state, seat, flags)
    return bool(_board_commands(state, seat, action, flags))  # the rarer ones: short lists


def _cobble_spot(walk: tuple[int | None, ...], anywhere: bool) -> bool:
    if anywhere:
        return None in walk
    return any(walk[i] is None and any(walk[j] is not None for j in NEAR[i]) for i in SIDEWALK)


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
        return any(owners[x] is None for x in OFF_DIAGONAL)
    return False


def can_do_task(state: State, task: Task) -> bool:
    """`bool(task_actions(state, task))`."""
    return any(can_act(state, task.seat, action, task.flags) for action in task.actions)


def has_street_action(state: State, seat: int) -> bool:
    """`bool(street_actions(state, seat))`."""
    if state.crossing is None:
        return False
    used, layout = state.used, state.layout
    return any(street not in used and can_act(state, seat, layout[street])
               for street in STREETS_OF[state.crossing])


def can_build(state: State, seat: int) -> bool:
    """`bool(builds(state, seat))`: a building space with at least 2 visible Citizens at
    its corners, a level it may take, and the class that level needs among them."""
    if CROSSINGS - state.stacks.count(()) < 2:
        return False
    x = state.crossing
    return any(_buildable(state, site) for site in SITES_FROM[CROSSINGS if x is None else x])


def _buildable(state: State, site: int) -> bool:
    stacks = state.stacks
    tops = [stacks[x][-1] for x in BUILDING_CORNERS[site] if stacks[x]]
    if len(tops) < 2:
        return False
    here = state.sites[site]
    for level in _levels(state, site, here.level if here else None):
        need, any_ = NEEDS[level]
        if len(tops) >= any_ + (1 if need else 0) and (need is None or need in tops):
            return True
    return False
