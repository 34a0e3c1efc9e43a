"""`evolve`: apply one event, then take every step that needs no choice (`until_choice`,
passing.py).

The consequences of each kind of event live in `performing` (actions), `construction`,
`pedestrians` and `turns` (the start and end of a turn, Cerdà Scoring, the display); this
module finds each event's in a table by its type, and applies the small ones.

It stops where a seat must choose (a command) or something random must be revealed
(flow.py then draws it and records it in an event, through `domain.core.settle`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import product
from typing import Any

from msgspec.structs import replace

from domain.core.memo import Folded

from .components import (
    BAG,
    BENEFIT_VP,
    CLASSES,
    HAND,
    SAGRADA_SLOTS,
    SAGRADA_TILES,
    Benefit,
    Cls,
    Reward,
    covered_at_start,
    modernisme_pool,
    sagrada_supply,
    service_tiles,
)
from .construction import built
from .events import (
    ActionsEnded,
    ActionTaken,
    BenefitsChosen,
    Built,
    CerdaScored,
    CitizensDrawn,
    CitizensPlaced,
    CitizenUncovered,
    CobblestonePlaced,
    Event,
    GameStarted,
    HexPlaced,
    IntersectionBuilt,
    JoyGiven,
    PassengerPlaced,
    ProjectImproved,
    ProjectsRefreshed,
    ProjectsReshuffled,
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
from .gains import gain, gained, pop, push, replace_top
from .passing import until_choice
from .pedestrians import add_joy, place_hex, step
from .performing import (
    cobblestone,
    improve,
    intersection,
    passenger,
    plain,
    service,
    street,
    take,
    tram,
)
from .state import Player, State, Task, put, top, with_player
from .turns import (
    end_turn,
    refreshed,
    reshuffled,
    revealed,
    scored_section,
    start_turn,
)

# -- setup ------------------------------------------------------------------------


def _setup(e: GameStarted) -> State:
    track = (covered_at_start(e.seats),) * len(CLASSES)
    # research: covered by Citizens of the row's class; "all remaining" go in the bag
    bag = tuple(n - sum(row) for n, row in zip(BAG, track, strict=True))
    return State(
        seats=e.seats, bag=bag, expansion=e.expansion, promo_bonus=e.promo_bonus,
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


# What a draw takes from the bag, per class, by the Citizens drawn (two at most; a longer
# draw is counted): a look-up where a loop over the draw cost about a tenth of the event.
_TAKEN = {drawn: tuple(drawn.count(c) for c in CLASSES)
          for n in range(HAND + 1) for drawn in product(CLASSES, repeat=n)}


def _citizens_drawn(s: State, e: CitizensDrawn) -> State:
    upper, middle, working = _TAKEN.get(e.citizens) or tuple(e.citizens.count(c) for c in CLASSES)
    left = s.bag
    bag = (left[0] - upper, left[1] - middle, left[2] - working)
    p = s.players[e.seat]
    players = put(s.players, e.seat, replace(p, hand=p.hand + e.citizens))
    if s.phase == "draw":
        return start_turn(s, bag, players, (s.turn + 1) % s.seats)
    if e.seat == s.seats - 1:  # the last hand of the setup
        s = start_turn(s, bag, players, s.turn)
        if s.expansion and s.seats >= 3:  # seed: the third player picks a die at Joy 2
            s = push(s, Task("starting_joy", 2))
        return s
    return replace(s, bag=bag, players=players)


# -- placing Citizens and Intersection benefits ------------------------------------


def _placed(s: State, e: CitizensPlaced) -> State:
    """The Citizens leave the hand for the crossing, whose owner gains a benefit, now or
    at the start of their turn (one change of the state: placing begins every turn)."""
    p = s.players[e.seat]
    stack = (e.bottom, e.top) if e.bottom else (e.top,)
    players = put(s.players, e.seat, replace(p, hand=_placed_from(p.hand, stack),
                                             coins=p.coins - e.paid))
    tasks = s.tasks
    owner = s.intersections[e.crossing]
    if owner is not None:
        if owner == e.seat or s.timing == "immediately":
            tasks = (*tasks, Task("benefits", owner, n=1))
        else:
            players = put(players, owner, replace(players[owner], waiting=players[owner].waiting + 1))
    return replace(s, players=players, tasks=tasks, stacks=put(s.stacks, e.crossing, stack),
                   placed_by=put(s.placed_by, e.crossing, e.seat), phase="actions",
                   crossing=e.crossing, used=())


@lru_cache(maxsize=256)  # a hand holds two Citizens (of three classes) at most
def _placed_from(hand: tuple[Cls, ...], stack: tuple[Cls, ...]) -> tuple[Cls, ...]:
    """The hand once the Citizens of this stack leave it."""
    left = list(hand)
    for c in stack:
        left.remove(c)
    return tuple(left)


def _benefits(s: State, e: BenefitsChosen) -> State:
    picked: set[Benefit] = set(e.benefits)
    return gain(s, e.seat, Reward(
        coins=int("coin" in picked), vp=BENEFIT_VP * ("vp" in picked),
        cloths=int("cloth" in picked), cerda=int("cerda" in picked),
        sagrada=int("sagrada" in picked)), tasks=_one_less(s))


def _one_less(s: State) -> tuple[Task, ...]:
    """The tasks once one of the top task's `n` is done (gone with the last one)."""
    task = top(s)
    assert task is not None
    return (*s.tasks[:-1], replace(task, n=task.n - 1)) if task.n > 1 else s.tasks[:-1]


# -- Sagrada Família, stores, steps --------------------------------------------------


def _sagrada_step(s: State, seat: int) -> State:
    tasks = _one_less(s)
    p = s.players[seat]
    at = p.sagrada + 1
    level = SAGRADA_SLOTS.get(at)
    if level is not None:
        mark = str(level)
        if any(t[0] == mark for t in s.sagrada_left):
            tasks = (*tasks, Task("sagrada_tile", seat, n=level))
    return replace(s, tasks=tasks, players=put(s.players, seat, replace(p, sagrada=at)))


def _sagrada_tile(s: State, e: SagradaTileChosen) -> State:
    p = s.players[e.seat]
    players, steps = gained(s, e.seat, SAGRADA_TILES[e.tile],
                            replace(p, sagrada_tiles=(*p.sagrada_tiles, e.tile)))
    return replace(s, players=players, sagrada_left=tuple(t for t in s.sagrada_left if t != e.tile),
                   tasks=s.tasks[:-1] + steps)


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


# `decide` folds its events to find what they reveal (flow.py); the platform then folds
# the very same event objects into the very same state object again: `fold` keeps what
# decide made (memo.Folded), so the second fold costs a look-up; a replay, whose events
# decide never made, only looks.
_FOLDED: Folded[State, Event] = Folded()
_folded = _FOLDED.entries


def evolve(state: State | None, event: Event) -> State:
    """Apply one event (`fold` may have applied it already to this same state object)."""
    entry = _folded.get(id(event))  # memo.Folded, looked up inline: once per event of a rebuild
    if entry is not None and entry[0] is state and entry[1] is event:
        return entry[2]
    if state is None:
        return _apply(state, event)
    new = _HANDLERS[type(event)](state, event)  # GameStarted's too (a test per event: 2%)
    # A state evolve made needs no step (test_shortcuts.py), so an event that changes
    # nothing (a Citizen uncovered, a tenth of a log) needs none either.
    return new if new is state else until_choice(new)  # _apply, a call less per event


def fold(state: State, event: Event) -> State:
    """`evolve`, kept for the platform's fold of the same event (decide's side)."""
    return _FOLDED.keep(state, event, _apply(state, event))


def _apply(state: State | None, event: Event) -> State:
    """Apply one event, then take the steps that need no choice."""
    if state is None or type(event) is GameStarted:
        assert isinstance(event, GameStarted), "the first event must be GameStarted"
        return _setup(event)
    return until_choice(_HANDLERS[type(event)](state, event))


def _started(s: State, e: GameStarted) -> State:
    return _setup(e)  # a new game: what came before does not count


def _unchanged(s: State, e: CitizenUncovered) -> State:
    return s  # the stack already shows it


def _actions_ended(s: State, e: ActionsEnded) -> State:
    return replace(s, phase="build")


def _turn_ended(s: State, e: TurnEnded) -> State:
    return end_turn(s)


def _skipped(s: State, e: Skipped) -> State:
    return pop(s)


def _sagrada_stepped(s: State, e: SagradaStepped) -> State:
    return _sagrada_step(s, e.seat)


def _stored(s: State, e: Stored) -> State:
    p = replace(s.players[e.seat], coins=e.coins, cloths=e.cloths)
    return replace(s, tasks=s.tasks[:-1], players=put(s.players, e.seat, p))  # one copy, not two


def _hex_placed(s: State, e: HexPlaced) -> State:
    return place_hex(pop(s), e.seat, e.spot, e.violet)


def _starting_joy(s: State, e: StartingJoyChosen) -> State:
    return add_joy(pop(s), e.seat, e.pedestrian, 1)


# What each event does to the state, found by its type: a `match` over the 26 events tried
# them one after the other, which cost a fold more than most events' own changes.
# tests/barcelona/test_shortcuts.py checks that every event of the union has its entry.
_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    GameStarted: _started, SetupDrawn: _drawn_setup, CitizensDrawn: _citizens_drawn, CitizensPlaced: _placed,
    ActionsEnded: _actions_ended, Built: built, CitizenUncovered: _unchanged,
    TurnEnded: _turn_ended, ProjectsRevealed: revealed, ProjectsRefreshed: refreshed,
    ProjectsReshuffled: reshuffled, CerdaScored: scored_section,
    # the street actions and those granted by tasks (performing.py)
    ActionTaken: plain, CobblestonePlaced: cobblestone, StreetBuilt: street,
    IntersectionBuilt: intersection, ProjectTaken: take, ProjectImproved: improve,
    ServiceBuilt: service, TramMoved: tram, PassengerPlaced: passenger,
    # the answers to a task
    BenefitsChosen: _benefits, Skipped: _skipped, SagradaStepped: _sagrada_stepped,
    SagradaTileChosen: _sagrada_tile, Stored: _stored, Walked: _walk, JoyGiven: _joy,
    HexPlaced: _hex_placed, StartingJoyChosen: _starting_joy,
}
