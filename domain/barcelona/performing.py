"""The street actions and the actions granted by tasks, applied to the state."""

from __future__ import annotations

from msgspec.structs import replace

from .actions import (
    can_drop_passenger,
    intersection_cost,
    passenger_cost,
    project_cost,
    service_price,
)
from .components import (
    ACTION_CERDA,
    ACTION_COINS,
    CLOTH_VP,
    NARROW_EMPTY_CERDA,
    OVERLAY,
    PROJECT_SPACES,
    SERVICE_CERDA,
    SIDEWALK,
    SPOT_ACTION,
    SPOT_REWARD,
    SPOT_WALK,
    WALK_STEPS,
    WIDE_EMPTY_CERDA,
    Action,
    Reward,
    Service,
    Spot,
)
from .events import (
    ActionTaken,
    CobblestonePlaced,
    IntersectionBuilt,
    PassengerPlaced,
    ProjectImproved,
    ProjectTaken,
    ServiceBuilt,
    StreetBuilt,
    TramMoved,
)
from .gains import cerda_moved, gain, gained, push
from .geometry import BUILDING_BLOCK, PRINTED, SPACE_STREET, TOUCHING, WIDE
from .scoring import line_score_of
from .state import Flag, State, Task, put, take_leftmost, tiles_remain, top


def _begun(s: State, action: Action) -> tuple[tuple[Task, ...], tuple[int, ...], tuple[Flag, ...]]:
    """The tasks, the used streets and the flags once an action begins: an action from the
    turn's crossing uses up its street; one granted by a task (Sidewalk, Public Service,
    Passenger) pops that task and keeps its flags."""
    task = top(s)
    if task is not None and task.kind == "act":
        return s.tasks[:-1], s.used, task.flags
    return s.tasks, (*s.used, s.layout.index(action)), ()


# What each plain action gains (the Cerdà steps and the walks are gains as well).
PLAIN_GAINS: dict[Action, Reward] = {
    "cloth_vp": Reward(vp=CLOTH_VP, cloths=1), "coins": Reward(coins=ACTION_COINS),
    "cerda": Reward(cerda=ACTION_CERDA), "coin_cloth": Reward(coins=1, cloths=1),
}


def plain(s: State, e: ActionTaken) -> State:
    tasks, used, _ = _begun(s, e.action)
    if e.action in PLAIN_GAINS:
        players, gains = gained(s, e.seat, PLAIN_GAINS[e.action])
        return replace(s, players=players, tasks=tasks + gains, used=used)
    steps = (WALK_STEPS, 0) if e.action == "walk_barcelona" else (0, WALK_STEPS)
    return replace(s, tasks=(*tasks, Task("walk", e.seat, steps=steps)), used=used)


def cobblestone(s: State, e: CobblestonePlaced) -> State:
    tasks, used, _ = _begun(s, "cobblestone")
    p = s.players[e.seat]
    s = replace(s, tasks=tasks, used=used, sidewalk=put(s.sidewalk, e.spot, e.seat),
                players=put(s.players, e.seat, replace(p, cobbles=p.cobbles + 1)))
    spot = sidewalk_spot(s, e.spot)
    if spot in SPOT_ACTION:  # seed: a covered action is performed at once
        return push(s, Task("act", e.seat, actions=(SPOT_ACTION[spot],)))
    if spot in SPOT_WALK:
        ped, n = SPOT_WALK[spot]
        return push(s, Task("walk", e.seat, steps=(n, 0) if ped == 0 else (0, n)))
    return gain(s, e.seat, SPOT_REWARD[spot])


def sidewalk_spot(s: State, i: int) -> Spot:
    """seed: the base Sidewalk, or the expansion's overlay."""
    return (OVERLAY if s.expansion else SIDEWALK)[i]


def street(s: State, e: StreetBuilt) -> State:
    """seed: printed benefit, line scoring, and Cerdà steps for an emptied stack (the
    player's changes made at once: Streets are the commonest action)."""
    wide = WIDE[e.space]
    task = top(s)
    second = task is not None and task.kind == "narrow"
    if second:
        tasks, used = s.tasks[:-1], s.used
    else:
        tasks, used, _ = _begun(s, "wide" if wide else "narrow")
    p = s.players[e.seat]
    streets = put(s.streets, e.space, e.seat)
    vp, cerda = p.vp + line_score_of(streets, e.space), p.cerda
    wides, narrow = p.wide, p.narrow
    if wide:
        wides -= 1
        emptied = WIDE_EMPTY_CERDA if wides == 0 else 0
    else:
        taken = take_leftmost(narrow)
        assert taken is not None, "no Narrow Street left to build"
        narrow, emptied_stack = taken
        emptied = NARROW_EMPTY_CERDA if emptied_stack else 0
    if emptied:
        cerda, vp = cerda_moved(cerda, vp, emptied)
    if not wide and not second:
        tasks = (*tasks, Task("narrow", e.seat))
    p = replace(p, wide=wides, narrow=narrow, vp=vp, cerda=cerda)
    players, steps = gained(s, e.seat, PRINTED[e.space], p)
    return replace(s, players=players, streets=streets, tasks=tasks + steps, used=used)


def intersection(s: State, e: IntersectionBuilt) -> State:
    tasks, used, flags = _begun(s, "intersection")
    cost = intersection_cost(s, e.seat, e.crossing, flags)
    p = s.players[e.seat]
    p = replace(p, coins=p.coins - cost.coins, cloths=p.cloths - cost.cloths,
                intersections=p.intersections + 1)
    # The printed benefits summed as numbers, one Reward made at the end (a Reward per
    # street summed cost ~1,500 instructions each).
    vp = coins = cloths = cerda = sagrada = 0
    for i in TOUCHING[e.crossing]:
        if s.streets[i] is None:
            r = PRINTED[i]
            vp, coins, cloths = vp + r.vp, coins + r.coins, cloths + r.cloths
            cerda, sagrada = cerda + r.cerda, sagrada + r.sagrada
    total = Reward(vp=vp, coins=coins, cloths=cloths, cerda=cerda, sagrada=sagrada)
    players, steps = gained(s, e.seat, total, p)
    return replace(s, players=players, intersections=put(s.intersections, e.crossing, e.seat),
                   tasks=tasks + steps, used=used)


def take(s: State, e: ProjectTaken) -> State:
    tasks, used, flags = _begun(s, "take")
    cost = project_cost(e.slot, flags)
    p = s.players[e.seat]
    p = replace(p, coins=p.coins - cost.coins, cloths=p.cloths - cost.cloths,
                projects=put(p.projects, e.slot, e.project))
    i = s.display.index(e.project)  # seed: a face-down placeholder stays in the display
    return replace(s, tasks=tasks, used=used, players=put(s.players, e.seat, p),
                   display=put(s.display, i, None), face_down=put(s.face_down, i, True),
                   reveal_due=s.reveal_at_once and tiles_remain(s))


def improve(s: State, e: ProjectImproved) -> State:
    tasks, used, _ = _begun(s, "improve")
    cost = PROJECT_SPACES[e.slot].improve
    p = s.players[e.seat]
    p = replace(p, coins=p.coins - cost.coins, cloths=p.cloths - cost.cloths,
                tops=put(p.tops, e.slot, True))
    return replace(s, tasks=tasks, used=used, players=put(s.players, e.seat, p))


def service(s: State, e: ServiceBuilt) -> State:
    """seed: pay the top tile, gain its VP and +2 Cerdà, then its effect. (The player and
    the state changed once: a change per step cost five copies of the state.)"""
    tasks, used, _ = _begun(s, "service")
    i = s.services.index(e.service)
    coins, vp = service_price(s, i)
    p = s.players[e.seat]
    cerda, vp = cerda_moved(p.cerda, p.vp + vp, SERVICE_CERDA)
    p = replace(p, coins=p.coins - coins, vp=vp, cerda=cerda, services=(*p.services, e.service))
    s = replace(s, players=put(s.players, e.seat, p), tasks=tasks, used=used,
                services_left=put(s.services_left, i, s.services_left[i] - 1))
    return _service_effect(s, e.seat, e.service)


def _service_effect(s: State, seat: int, service: Service) -> State:
    acts: dict[Service, tuple[tuple[Action, ...], tuple[Flag, ...]]] = {
        "estacio": (("tram",), ("free_passenger",)), "hospital": (("intersection",), ("no_coins",)),
        "companys": (("wide", "narrow"), ()), "universitat": (("cobblestone",), ("anywhere",)),
        "pavello": (("take",), ("no_cloth",)),
    }
    if service in acts:
        actions, flags = acts[service]
        return push(s, Task("act", seat, actions=actions, flags=flags))
    match service:
        case "market":
            blocks = {BUILDING_BLOCK[i] for i, site in enumerate(s.sites)
                      if site and seat in site.markers}
            return gain(s, seat, Reward(cloths=len(blocks)))
        case "museu":
            return gain(s, seat, Reward(sagrada=2))
        case "guell":
            return push(s, Task("walk", seat, steps=(2, 2)))
        case "casaramona":
            return push(s, Task("walk", seat, steps=(1, 0), joy=(2, 0)))
    return push(s, Task("walk", seat, steps=(0, 1), joy=(0, 2)))  # palau


def tram(s: State, e: TramMoved) -> State:
    tasks, used, flags = _begun(s, "tram")
    p = replace(s.players[e.seat], tram=e.space)
    s = replace(s, tasks=tasks, used=used, players=put(s.players, e.seat, p))
    if can_drop_passenger(s, e.seat, flags):
        s = push(s, Task("passenger", e.seat, flags=flags))
    return s


def passenger(s: State, e: PassengerPlaced) -> State:
    """seed: pay, drop the leftmost Passenger; a Street tile there scores again for its
    owner; then the street's action may be taken."""
    task = top(s)
    assert task is not None
    # The players changed in one tuple and the state once (a change per step cost five
    # copies of the state).
    p = s.players[e.seat]
    cost = passenger_cost(p, task.flags)
    players = put(s.players, e.seat, replace(p, coins=p.coins - cost.coins, cloths=p.cloths - cost.cloths,
                                             passengers=p.passengers + 1))
    owner = s.streets[e.space]
    if owner is not None:
        vp = line_score_of(s.streets, e.space)
        if vp:
            players = put(players, owner, replace(players[owner], vp=players[owner].vp + vp))
    action = s.layout[SPACE_STREET[e.space]]
    return replace(s, players=players, passengers=put(s.passengers, e.space, e.seat),
                   tasks=(*s.tasks[:-1], Task("act", e.seat, actions=(action,))))
