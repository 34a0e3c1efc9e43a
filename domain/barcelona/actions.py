"""Every complete command of one action, placement, construction or gain choice.

`rules.legal` assembles these per phase and task; `evolve` asks the same functions
whether an optional step has anything left to choose (so it can pass by itself).
"""

from __future__ import annotations

from itertools import combinations

from domain.core.memo import per_state

from .commands import (
    Build,
    BuildIntersection,
    BuildService,
    BuildStreet,
    Command,
    ImproveProject,
    MoveTram,
    PlaceCitizens,
    PlaceCobblestone,
    Store,
    TakeAction,
    TakeProject,
)
from .components import (
    BENEFITS,
    CLASSES,
    COVERS,
    INTERSECTION_COSTS,
    NEEDS,
    PASSENGER_COSTS,
    PROJECT_SPACES,
    SERVICE_TILES,
    Action,
    Benefit,
    Cost,
    benefit_limit,
    service_tiles,
)
from .geometry import (
    BUILDING_CORNERS,
    CROSSINGS,
    IS_TRIANGLE,
    SPACES,
    WIDE,
    on_diagonal,
    streets_of,
    tram_destinations,
)
from .state import Flag, Player, State, Task

PLAIN: tuple[Action, ...] = ("cloth_vp", "coins", "cerda", "coin_cloth", "walk_barcelona",
                             "walk_gracia")


def crossing_cost(state: State, x: int) -> int:
    """seed: diagonal crossings cost 1 Coin unless an Intersection covers them."""
    return 1 if on_diagonal(x) and state.intersections[x] is None else 0


# Every placement, made once: a legal list holds these very commands (equal to any other
# PlaceCitizens of the same crossing and class, and nothing mutates a command).
_PLACE = {top: tuple(PlaceCitizens(x, top) for x in range(CROSSINGS)) for top in CLASSES}
_UNPAYABLE = frozenset(x for x in range(CROSSINGS) if on_diagonal(x))  # with no Coin


def placements(state: State, seat: int) -> tuple[Command, ...]:
    """Each empty crossing whose cost the player can pay, with each class in hand on top
    (crossing by crossing, the classes in the hand's order). `legal` keeps its list per
    state and seat, so this is not kept again."""
    player = state.players[seat]
    hand = player.hand
    if not hand:
        return ()
    stacks = state.stacks
    empty = [x for x in range(CROSSINGS) if not stacks[x]]
    if player.coins < 1:  # crossing_cost: 1 Coin on the Diagonal unless an Intersection
        held = state.intersections
        empty = [x for x in empty if x not in _UNPAYABLE or held[x] is not None]
    made = [_PLACE[top] for top in sorted(set(hand), key=hand.index)]
    return tuple([commands[x] for x in empty for commands in made])


def benefit_choices(state: State, seat: int) -> list[tuple[Benefit, ...]]:
    """seed: up to 1 / 2 / 3 different benefits among those unlocked so far."""
    built = state.players[seat].intersections
    unlocked = BENEFITS[:built]
    out: list[tuple[Benefit, ...]] = []
    for k in range(benefit_limit(built) + 1):
        out += list(combinations(unlocked, k))
    return out


def with_flags(cost: Cost, flags: tuple[Flag, ...], cloth_free: bool = False) -> Cost:
    coins = 0 if "no_coins" in flags else cost.coins
    cloths = 0 if cloth_free else cost.cloths
    return Cost(coins, cloths)


def intersection_cost(state: State, seat: int, x: int, flags: tuple[Flag, ...]) -> Cost:
    board = INTERSECTION_COSTS[state.players[seat].intersections]
    total = Cost(board.coins + crossing_cost(state, x), board.cloths)
    return with_flags(total, flags)


def project_cost(slot: int, flags: tuple[Flag, ...]) -> Cost:
    return with_flags(PROJECT_SPACES[slot].cost, flags, cloth_free="no_cloth" in flags)


def passenger_cost(player: Player, flags: tuple[Flag, ...]) -> Cost:
    cost = PASSENGER_COSTS[player.passengers]
    return Cost(0, cost.cloths) if "free_passenger" in flags else cost


def service_price(state: State, i: int) -> tuple[int, int]:
    """(coins, VP) of the top tile of stack `i`."""
    return SERVICE_TILES[service_tiles(state.seats) - state.services_left[i]]


def _near(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 5)
    return tuple((r + dr) * 5 + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if 0 <= r + dr < 5 and 0 <= c + dc < 5)


NEAR = tuple(_near(i) for i in range(25))  # the Sidewalk spaces next to each


def cobble_spots(state: State, anywhere: bool) -> list[int]:
    """seed: an empty Sidewalk space next to any Cobblestone (the centre counts)."""
    walk = state.sidewalk
    return [i for i in range(25) if walk[i] is None
            and (anywhere or any(walk[j] is not None for j in NEAR[i]))]


def street_spaces(state: State, wide: bool) -> list[int]:
    return [i for i in range(len(SPACES)) if WIDE[i] == wide and state.streets[i] is None]


def tram_moves(state: State, seat: int) -> list[int]:
    """seed: the first time any space with no Tram and no Passenger; then a move."""
    trams = frozenset(p.tram for p in state.players if p.tram is not None)
    here = state.players[seat].tram
    if here is None:
        return [i for i in range(len(SPACES)) if i not in trams and state.passengers[i] is None]
    own = frozenset(i for i, o in enumerate(state.streets) if o == seat)
    return list(tram_destinations(here, own, trams))


def action_commands(state: State, seat: int, action: Action, flags: tuple[Flag, ...] = ()
                    ) -> list[Command]:
    """Every complete command of one action whose cost the player can pay."""
    p = state.players[seat]
    if action in PLAIN:
        return [TakeAction(action)]
    if action == "cobblestone":
        if not p.cobbles_left:
            return []
        return [PlaceCobblestone(i) for i in cobble_spots(state, "anywhere" in flags)]
    if action in ("wide", "narrow"):
        wide = action == "wide"
        if (p.wide if wide else sum(p.narrow)) == 0:
            return []
        return [BuildStreet(i) for i in street_spaces(state, wide)]
    if action == "intersection":
        if p.intersections >= len(INTERSECTION_COSTS):
            return []
        return [BuildIntersection(x) for x in range(CROSSINGS) if state.intersections[x] is None
                and p.can_pay(intersection_cost(state, seat, x, flags))]
    return _board_commands(state, seat, action, flags)


def _board_commands(state: State, seat: int, action: Action, flags: tuple[Flag, ...]
                    ) -> list[Command]:
    p = state.players[seat]
    if action == "take":
        slots = [s for s in range(len(PROJECT_SPACES))
                 if p.projects[s] is None and p.can_pay(project_cost(s, flags))]
        shown = [t for t, down in zip(state.display, state.face_down, strict=True)
                 if t is not None and not down]
        return [TakeProject(t, s) for t in sorted(set(shown)) for s in slots]
    if action == "improve":
        return [ImproveProject(s) for s in range(len(PROJECT_SPACES))
                if not p.tops[s] and p.can_pay(PROJECT_SPACES[s].improve)]
    if action == "service":
        return [BuildService(kind) for i, kind in enumerate(state.services)
                if state.services_left[i] and kind not in p.services
                and p.coins >= service_price(state, i)[0]]
    if action == "tram":
        return [MoveTram(i) for i in tram_moves(state, seat)]
    return []


def task_actions(state: State, task: Task) -> list[Command]:
    out: list[Command] = []
    for action in task.actions:
        out += action_commands(state, task.seat, action, task.flags)
    return out


def can_drop_passenger(state: State, seat: int, flags: tuple[Flag, ...]) -> bool:
    p = state.players[seat]
    if p.tram is None or state.passengers[p.tram] is not None:
        return False
    return p.passengers < len(PASSENGER_COSTS) and p.can_pay(passenger_cost(p, flags))


def store_choices(state: State, task: Task) -> list[Store]:
    """seed: keep any part of a gain, discarding stored resources to make room; the
    Warehouse holds one resource per open space."""
    p = state.players[task.seat]
    out = []
    for coins in range(p.capacity + 1):
        for cloths in range(p.capacity + 1 - coins):
            extra = max(0, coins - p.coins - task.coins) + max(0, cloths - p.cloths - task.cloths)
            if extra <= task.either:
                out.append(Store(coins, cloths))
    return out


@per_state
def builds(state: State, seat: int) -> tuple[Build, ...]:
    """seed: every legal construction with the visible Citizens around a space."""
    out: list[Build] = []
    for site, corners in enumerate(BUILDING_CORNERS):
        here = state.sites[site]
        visible = [x for x in corners if state.stacks[x]]
        if len(visible) < 2:
            continue
        for level in _levels(state, site, here.level if here else None):
            need, any_ = NEEDS[level]
            size = any_ + (1 if need else 0)
            for used in combinations(visible, size):
                if need is None or any(state.stacks[x][-1] == need for x in used):
                    out.append(Build(site, level, used))
    return tuple(out)


def _levels(state: State, site: int, current: int | None) -> list[int]:
    if IS_TRIANGLE[site]:
        return [0] if current is None and state.tiles_left[0] else []
    return [lv for lv in (1, 2, 3) if state.tiles_left[lv]
            and (current is None or current in COVERS[lv])]


def street_actions(state: State, seat: int) -> tuple[Command, ...]:
    """seed: the actions of the crossing's streets not taken yet this turn (`legal` keeps
    its list per state and seat, so this is not kept again)."""
    if state.crossing is None:
        return ()
    out: list[Command] = []
    for street in streets_of(state.crossing):
        if street not in state.used:
            out += action_commands(state, seat, state.layout[street])
    return tuple(out)
