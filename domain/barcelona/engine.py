"""`evolve`: apply one event, then resolve everything that needs no choice.

Resolution stops where a seat must choose (a command) or something random must be
revealed (`rules.decide` then draws it and records it in an event).
"""

from __future__ import annotations

from msgspec.structs import replace

from .actions import (
    builds,
    can_drop_passenger,
    intersection_cost,
    passenger_cost,
    placements,
    project_cost,
    service_price,
    street_actions,
    task_actions,
)
from .components import (
    ACTION_CERDA,
    ACTION_COINS,
    BENEFIT_VP,
    BONUS_REWARD,
    CERDA_OF_LEVEL,
    CERDA_START,
    CLASSES,
    CLOTH_VP,
    LEVEL3_VP,
    NARROW_EMPTY_CERDA,
    OVERLAY,
    PROJECT_SPACES,
    SAGRADA_OF_LEVEL,
    SAGRADA_SLOTS,
    SAGRADA_TILES,
    SAGRADA_TOP,
    SECTIONS,
    SERVICE_CERDA,
    SIDEWALK,
    SPOT_ACTION,
    SPOT_REWARD,
    SPOT_WALK,
    TRACK_VP,
    WALK_STEPS,
    WIDE_EMPTY_CERDA,
    Action,
    Benefit,
    Reward,
    Service,
    Spot,
    covered_at_start,
    modernisme_pool,
    sagrada_supply,
    scoring_space,
    service_tiles,
)
from .events import (
    ActionsEnded,
    ActionTaken,
    BenefitsChosen,
    Built,
    CerdaScored,
    CitizensDrawn,
    CitizensPlaced,
    CobblestonePlaced,
    Event,
    GameStarted,
    HexPlaced,
    IntersectionBuilt,
    JoyGiven,
    PassengerPlaced,
    ProjectImproved,
    ProjectsRefreshed,
    ProjectsRevealed,
    ProjectTaken,
    SagradaStepped,
    SagradaTileChosen,
    ServiceBuilt,
    SetupDrawn,
    Skipped,
    StartingJoyChosen,
    Stored,
    StreetBuilt,
    TramMoved,
    TurnEnded,
    Walked,
)
from .gains import add_vp, gain, move_cerda, pay, pop, push, replace_top
from .geometry import BUILDING_BLOCK, PRINTED, SPACE_STREET, TOUCHING, WIDE
from .pedestrians import add_joy, hex_free, place_hex, step
from .scoring import cerda_scoring, line_score
from .state import Flag, Player, Site, State, Task, put, top, with_player

__all__ = ["cerda_gains", "evolve", "lowest_visible", "section_due", "settle"]


# -- setup ------------------------------------------------------------------------


def _setup(e: GameStarted) -> State:
    track = (covered_at_start(e.seats),) * len(CLASSES)
    return State(
        seats=e.seats, expansion=e.expansion, promo_bonus=e.promo_bonus,
        layout_mode=e.layout, timing=e.intersection_benefits, confirm=e.confirm_end_of_turn,
        reveal_at_once=e.reveal_projects_at_once, players=(Player(),) * e.seats,
        track=track, sidewalk=put((None,) * 25, 12, -1),
        sagrada_left=sagrada_supply(e.expansion),
    )


def _drawn_setup(s: State, e: SetupDrawn) -> State:
    pool = tuple(sorted(t for t in modernisme_pool(s.expansion) if t not in e.cerda_tiles))
    s = replace(s, layout=e.layout, cerda_tiles=e.cerda_tiles, services=e.services,
                services_left=(service_tiles(s.seats),) * len(e.services),
                projects_left=pool, amenities=e.amenities, violets=e.violets,
                hexes=(None,) * (14 if s.expansion else 0))
    if e.bonuses:
        s = replace(s, bonuses=e.bonuses)
    if s.expansion and s.seats == 4:  # seed: the fourth player starts both at Joy 2
        s = with_player(s, 3, joy=(2, 2))
    return s


def _citizens_drawn(s: State, e: CitizensDrawn) -> State:
    bag = list(s.bag)
    for c in e.citizens:
        bag[CLASSES.index(c)] -= 1
    p = s.players[e.seat]
    s = with_player(replace(s, bag=tuple(bag)), e.seat, hand=p.hand + e.citizens)
    if s.phase == "draw":
        return _start_turn(replace(s, turn=(s.turn + 1) % s.seats))
    if e.seat == s.seats - 1:  # the last hand of the setup
        s = _start_turn(s)
        if s.expansion and s.seats >= 3:  # seed: the third player picks a die at Joy 2
            s = push(s, Task("starting_joy", 2))
    return s


def _start_turn(s: State) -> State:
    s = replace(s, phase="place", crossing=None, used=())
    p = s.players[s.turn]
    if p.waiting:  # option: Intersection benefits waiting for this turn
        s = with_player(s, s.turn, waiting=0)
        s = push(s, Task("benefits", s.turn, n=p.waiting))
    return s


# -- placing Citizens and Intersection benefits ------------------------------------


def _placed(s: State, e: CitizensPlaced) -> State:
    p = s.players[e.seat]
    hand = list(p.hand)
    stack = (e.bottom, e.top) if e.bottom else (e.top,)
    for c in stack:
        hand.remove(c)
    s = with_player(s, e.seat, hand=tuple(hand), coins=p.coins - e.paid)
    s = replace(s, stacks=put(s.stacks, e.crossing, stack),
                placed_by=put(s.placed_by, e.crossing, e.seat),
                phase="actions", crossing=e.crossing, used=())
    owner = s.intersections[e.crossing]
    if owner is None:
        return s
    if owner == e.seat or s.timing == "immediately":
        return push(s, Task("benefits", owner, n=1))
    return with_player(s, owner, waiting=s.players[owner].waiting + 1)


def _benefits(s: State, e: BenefitsChosen) -> State:
    task = top(s)
    assert task is not None
    s = replace_top(s, replace(task, n=task.n - 1)) if task.n > 1 else pop(s)
    picked: set[Benefit] = set(e.benefits)
    return gain(s, e.seat, Reward(
        coins=int("coin" in picked), vp=BENEFIT_VP * ("vp" in picked),
        cloths=int("cloth" in picked), cerda=int("cerda" in picked),
        sagrada=int("sagrada" in picked)))


# -- actions ---------------------------------------------------------------------


def _begin(s: State, action: Action) -> tuple[State, tuple[Flag, ...]]:
    """An action from the turn's crossing uses up its street; one granted by a task
    (Sidewalk, Public Service, Passenger) pops that task and keeps its flags."""
    task = top(s)
    if task is not None and task.kind == "act":
        return pop(s), task.flags
    return replace(s, used=(*s.used, s.layout.index(action))), ()


def _plain(s: State, e: ActionTaken) -> State:
    s, _ = _begin(s, e.action)
    match e.action:
        case "cloth_vp":
            return gain(s, e.seat, Reward(vp=CLOTH_VP, cloths=1))
        case "coins":
            return gain(s, e.seat, Reward(coins=ACTION_COINS))
        case "cerda":
            return move_cerda(s, e.seat, ACTION_CERDA)
        case "coin_cloth":
            return gain(s, e.seat, Reward(coins=1, cloths=1))
    ped = 0 if e.action == "walk_barcelona" else 1
    steps = (WALK_STEPS, 0) if ped == 0 else (0, WALK_STEPS)
    return push(s, Task("walk", e.seat, steps=steps))


def _cobblestone(s: State, e: CobblestonePlaced) -> State:
    s, _ = _begin(s, "cobblestone")
    s = replace(s, sidewalk=put(s.sidewalk, e.spot, e.seat))
    s = with_player(s, e.seat, cobbles=s.players[e.seat].cobbles + 1)
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


def _street(s: State, e: StreetBuilt) -> State:
    """seed: printed benefit, line scoring, and Cerdà steps for an emptied stack."""
    wide = WIDE[e.space]
    task = top(s)
    second = task is not None and task.kind == "narrow"
    if second:
        s = pop(s)
    else:
        s, _ = _begin(s, "wide" if wide else "narrow")
    p = s.players[e.seat]
    s = replace(s, streets=put(s.streets, e.space, e.seat))
    if wide:
        s = with_player(s, e.seat, wide=p.wide - 1)
        emptied = WIDE_EMPTY_CERDA if p.wide == 1 else 0
    else:
        k = next(i for i, n in enumerate(p.narrow) if n)
        s = with_player(s, e.seat, narrow=put(p.narrow, k, p.narrow[k] - 1))
        emptied = NARROW_EMPTY_CERDA if p.narrow[k] == 1 else 0
    s = add_vp(s, e.seat, line_score(s, e.space))
    if emptied:
        s = move_cerda(s, e.seat, emptied)
    if not wide and not second:
        s = push(s, Task("narrow", e.seat))
    return gain(s, e.seat, PRINTED[e.space])


def _intersection(s: State, e: IntersectionBuilt) -> State:
    s, flags = _begin(s, "intersection")
    cost = intersection_cost(s, e.seat, e.crossing, flags)
    s = pay(s, e.seat, cost.coins, cost.cloths)
    s = replace(s, intersections=put(s.intersections, e.crossing, e.seat))
    s = with_player(s, e.seat, intersections=s.players[e.seat].intersections + 1)
    total = Reward()
    for i in TOUCHING[e.crossing]:
        if s.streets[i] is None:
            r = PRINTED[i]
            total = Reward(vp=total.vp + r.vp, coins=total.coins + r.coins,
                           cloths=total.cloths + r.cloths, cerda=total.cerda + r.cerda,
                           sagrada=total.sagrada + r.sagrada)
    return gain(s, e.seat, total)


def _take(s: State, e: ProjectTaken) -> State:
    s, flags = _begin(s, "take")
    cost = project_cost(e.slot, flags)
    s = pay(s, e.seat, cost.coins, cost.cloths)
    p = s.players[e.seat]
    s = with_player(s, e.seat, projects=put(p.projects, e.slot, e.project))
    i = s.display.index(e.project)  # seed: a face-down placeholder stays in the display
    return replace(s, display=put(s.display, i, None), face_down=put(s.face_down, i, True),
                   reveal_due=s.reveal_at_once and bool(s.projects_left))


def _improve(s: State, e: ProjectImproved) -> State:
    s, _ = _begin(s, "improve")
    cost = PROJECT_SPACES[e.slot].improve
    s = pay(s, e.seat, cost.coins, cost.cloths)
    return with_player(s, e.seat, tops=put(s.players[e.seat].tops, e.slot, True))


def _service(s: State, e: ServiceBuilt) -> State:
    """seed: pay the top tile, gain its VP and +2 Cerdà, then its effect."""
    s, _ = _begin(s, "service")
    i = s.services.index(e.service)
    coins, vp = service_price(s, i)
    s = pay(s, e.seat, coins, 0)
    s = replace(s, services_left=put(s.services_left, i, s.services_left[i] - 1))
    s = with_player(s, e.seat, services=(*s.players[e.seat].services, e.service))
    s = move_cerda(add_vp(s, e.seat, vp), e.seat, SERVICE_CERDA)
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


def _tram(s: State, e: TramMoved) -> State:
    s, flags = _begin(s, "tram")
    s = with_player(s, e.seat, tram=e.space)
    if can_drop_passenger(s, e.seat, flags):
        s = push(s, Task("passenger", e.seat, flags=flags))
    return s


def _passenger(s: State, e: PassengerPlaced) -> State:
    """seed: pay, drop the leftmost Passenger; a Street tile there scores again for its
    owner; then the street's action may be taken."""
    task = top(s)
    assert task is not None
    s = pop(s)
    p = s.players[e.seat]
    cost = passenger_cost(p, task.flags)
    s = pay(s, e.seat, cost.coins, cost.cloths)
    s = with_player(s, e.seat, passengers=p.passengers + 1)
    s = replace(s, passengers=put(s.passengers, e.space, e.seat))
    owner = s.streets[e.space]
    if owner is not None:
        s = add_vp(s, owner, line_score(s, e.space))
    action = s.layout[SPACE_STREET[e.space]]
    return push(s, Task("act", e.seat, actions=(action,)))


# -- construction -------------------------------------------------------------------


def _built(s: State, e: Built) -> State:
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
    """seed: the used Citizen goes to the leftmost empty space of its row (assumption:
    back to the bag when the row is full)."""
    stack = s.stacks[x]
    citizen = stack[-1]
    s = replace(s, stacks=put(s.stacks, x, stack[:-1]),
                placed_by=s.placed_by if len(stack) > 1 else put(s.placed_by, x, None))
    row = CLASSES.index(citizen)
    spaces = s.track[row]
    if all(spaces):
        return replace(s, bag=put(s.bag, row, s.bag[row] + 1))
    i = spaces.index(False)
    return replace(s, track=put(s.track, row, put(spaces, i, True)))


def lowest_visible(s: State) -> int:
    """seed: the lowest VP value still visible on any Citizen track (0 if none)."""
    seen = [v for row in s.track for i, v in TRACK_VP.items() if not row[i]]
    return min(seen, default=0)


# -- Sagrada Família, stores, steps --------------------------------------------------


def _sagrada_step(s: State, seat: int) -> State:
    task = top(s)
    assert task is not None
    s = replace_top(s, replace(task, n=task.n - 1)) if task.n > 1 else pop(s)
    at = s.players[seat].sagrada + 1
    s = with_player(s, seat, sagrada=at)
    level = SAGRADA_SLOTS.get(at)
    if level is not None and any(t[0] == str(level) for t in s.sagrada_left):
        s = push(s, Task("sagrada_tile", seat, n=level))
    return s


def _sagrada_tile(s: State, e: SagradaTileChosen) -> State:
    s = pop(s)
    s = replace(s, sagrada_left=tuple(t for t in s.sagrada_left if t != e.tile))
    p = s.players[e.seat]
    s = with_player(s, e.seat, sagrada_tiles=(*p.sagrada_tiles, e.tile))
    return gain(s, e.seat, SAGRADA_TILES[e.tile])


def _walk(s: State, e: Walked) -> State:
    task = top(s)
    assert task is not None
    steps = list(task.steps)
    steps[e.pedestrian] -= 1
    s = replace_top(s, replace(task, steps=(steps[0], steps[1])))
    return step(s, e.seat, e.pedestrian)


def _joy(s: State, e: JoyGiven) -> State:
    task = top(s)
    assert task is not None
    if task.joy[e.pedestrian]:
        joy = task.joy[e.pedestrian]
        rest = (0, task.joy[1]) if e.pedestrian == 0 else (task.joy[0], 0)
        s = replace_top(s, replace(task, joy=rest))
    else:
        joy = task.chunks[0]
        s = replace_top(s, replace(task, chunks=task.chunks[1:]))
    return add_joy(s, e.seat, e.pedestrian, joy)


# -- end of turn, Cerdà Scoring, end of game --------------------------------------------


def _end_turn(s: State) -> State:
    """seed: placeholders revealed at the end of the turn, then the Cerdà Scoring check."""
    if any(s.face_down):
        if s.projects_left:
            return replace(s, phase="reveal")
        s = replace(s, face_down=(False,) * len(s.face_down))
    return _check_scoring(s)


def section_due(s: State) -> bool:
    """seed: a row of the earliest unscored section is filled to its scoring space."""
    return s.scored < SECTIONS and any(row[scoring_space(s.scored)] for row in s.track)


def _waiting_first(s: State, phase: str) -> State | None:
    """option: benefits still waiting are chosen before a scoring and before the end."""
    order = [(s.turn + k) % s.seats for k in range(s.seats)]
    waiting = [seat for seat in order if s.players[seat].waiting]
    if s.timing != "start_of_turn" or not waiting:
        return None
    tasks = [Task("benefits", seat, n=s.players[seat].waiting) for seat in waiting]
    for seat in waiting:
        s = with_player(s, seat, waiting=0)
    return push(replace(s, phase=phase), *tasks)


def _check_scoring(s: State) -> State:
    if section_due(s):
        return _waiting_first(s, "pre_scoring") or replace(s, phase="scoring")
    if s.end and s.turn == s.seats - 1:
        return _waiting_first(s, "pre_final") or replace(s, phase="over")
    return replace(s, phase="draw")


def cerda_gains(s: State) -> tuple[int, ...]:
    """seed: what every player scores with the section's tile."""
    tile = s.cerda_tiles[s.scored]
    return tuple(cerda_scoring(s, seat, tile) for seat in range(s.seats))


def _scored(s: State, e: CerdaScored) -> State:
    """seed: then the tile is flipped; markers above the start return after the first
    and second scoring; the third triggers the end."""
    for seat, vp in enumerate(e.vp):
        s = add_vp(s, seat, vp)
    scored = s.scored + 1
    if scored < SECTIONS:
        for seat, p in enumerate(s.players):
            s = with_player(s, seat, cerda=min(p.cerda, CERDA_START))
    return replace(s, scored=scored, end=s.end or scored == SECTIONS, phase="refresh")


def _revealed(s: State, e: ProjectsRevealed) -> State:
    display, down = list(s.display), list(s.face_down)
    for slot, tile in zip(e.slots, e.projects, strict=True):
        display[slot], down[slot] = tile, False
    left = list(s.projects_left)
    for tile in e.projects:
        left.remove(tile)
    s = replace(s, display=tuple(display), face_down=tuple(down), projects_left=tuple(left),
                reveal_due=False)
    if not s.projects_left:  # nothing left to reveal: placeholders stay empty
        s = replace(s, face_down=(False,) * len(down))
    return _check_scoring(s) if s.phase == "reveal" else s


def _refreshed(s: State, e: ProjectsRefreshed) -> State:
    """seed: the four displayed tiles are discarded and four new ones revealed."""
    left = list(s.projects_left)
    for tile in e.projects:
        left.remove(tile)
    display = (*e.projects, *(None,) * (len(s.display) - len(e.projects)))
    s = replace(s, display=display, face_down=(False,) * len(display), projects_left=tuple(left))
    return _check_scoring(s)


# -- settling: everything that needs no choice -----------------------------------------


def _task_settled(s: State, task: Task) -> bool:
    """Whether the top task has nothing left to choose (it is then dropped)."""
    p = s.players[task.seat]
    match task.kind:
        case "act":
            return not task_actions(s, task)
        case "narrow":
            return not task_actions(s, replace(task, actions=("narrow",)))
        case "passenger":
            return not can_drop_passenger(s, task.seat, task.flags)
        case "sagrada":
            return task.n <= 0 or p.sagrada >= SAGRADA_TOP
        case "walk":
            return not any(task.steps) and not any(task.joy) and not task.chunks
        case "hex":
            return not hex_free(s)
    return False


def settle(s: State) -> State:
    while True:
        task = top(s)
        if task is not None:
            if not _task_settled(s, task):
                return s
            s = pop(s)
            continue
        match s.phase:
            case "place" if not placements(s, s.turn):
                s = _end_turn(replace(s, end=True))  # assumption: nobody can place
            case "actions" if not _actions_left(s):
                s = replace(s, phase="build")
            case "build" if not builds(s, s.turn):
                s = replace(s, phase="confirm")
            case "confirm" if not s.confirm:
                s = _end_turn(s)
            case "pre_scoring":
                s = replace(s, phase="scoring")
            case "pre_final":
                s = replace(s, phase="over")
            case _:
                return s


def _actions_left(s: State) -> bool:
    return bool(street_actions(s, s.turn))


def evolve(state: State | None, event: Event) -> State:
    if isinstance(event, GameStarted):
        return _setup(event)
    assert state is not None, "the first event must be GameStarted"
    return settle(_apply(state, event))


def _apply(s: State, e: Event) -> State:
    match e:
        case SetupDrawn():
            return _drawn_setup(s, e)
        case ProjectsRevealed():
            return _revealed(s, e)
        case ProjectsRefreshed():
            return _refreshed(s, e)
        case CitizensDrawn():
            return _citizens_drawn(s, e)
        case CitizensPlaced():
            return _placed(s, e)
        case BenefitsChosen():
            return _benefits(s, e)
        case ActionTaken():
            return _plain(s, e)
        case CobblestonePlaced():
            return _cobblestone(s, e)
        case StreetBuilt():
            return _street(s, e)
        case IntersectionBuilt():
            return _intersection(s, e)
        case ProjectTaken():
            return _take(s, e)
        case ProjectImproved():
            return _improve(s, e)
        case ServiceBuilt():
            return _service(s, e)
        case TramMoved():
            return _tram(s, e)
        case PassengerPlaced():
            return _passenger(s, e)
        case Built():
            return _built(s, e)
        case CerdaScored():
            return _scored(s, e)
    return _apply_step(s, e)


def _apply_step(s: State, e: Event) -> State:
    match e:
        case Skipped():
            return pop(s)
        case ActionsEnded():
            return replace(s, phase="build")
        case SagradaStepped(seat):
            return _sagrada_step(s, seat)
        case SagradaTileChosen():
            return _sagrada_tile(s, e)
        case Stored(seat, coins, cloths):
            return with_player(pop(s), seat, coins=coins, cloths=cloths)
        case TurnEnded():
            return _end_turn(s)
        case Walked():
            return _walk(s, e)
        case JoyGiven():
            return _joy(s, e)
        case HexPlaced(seat, spot, violet):
            return place_hex(pop(s), seat, spot, violet)
        case StartingJoyChosen(seat, pedestrian):
            return add_joy(pop(s), seat, pedestrian, 1)
    return s  # CitizenUncovered: the stack already shows it
