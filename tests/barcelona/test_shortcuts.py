"""The shortcuts `evolve` takes answer as the slow ways do: each existence check of
exists.py is `bool()` of its list in actions.py, over the states random play reaches and
over those states with the holdings and the board the checks read changed at random (the
corners random play seldom reaches: no Coins, no Cloths, every Intersection built...);
the lowest visible track VP is the minimum over every row and space; every state `evolve`
makes needs no further step."""

from __future__ import annotations

from itertools import product
from random import Random
from typing import Any, get_args

import pytest
from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.actions import (
    action_commands,
    builds,
    placements,
    street_actions,
    task_actions,
)
from domain.barcelona.components import CLASSES, TRACK_SPACES, TRACK_VP, Action
from domain.barcelona.construction import built, lowest_visible
from domain.barcelona.events import Built, CitizensDrawn, Event
from domain.barcelona.evolve import _HANDLERS, until_choice
from domain.barcelona.exists import (
    can_act,
    can_build,
    can_do_task,
    can_place,
    has_street_action,
)
from domain.barcelona.state import Flag, State, Task, with_player
from domain.core.simulate import Simulation

from .test_properties import COMBOS

ACTIONS: tuple[Action, ...] = get_args(Action)
FLAGS: tuple[tuple[Flag, ...], ...] = ((), ("no_coins",), ("anywhere",), ("no_cloth",),
                                       ("free_passenger",))


def reached(seats: int, options: dict[str, Any], seed: int) -> list[State]:
    """Every state a seeded random game passes through."""
    sim, rng, states = Simulation(GAME, seats, options, seed=seed), Random(seed), []
    while sim.outcome() is None:
        states.append(sim.state)
        seat = rng.choice(sim.active())
        sim.command(seat, rng.choice(sim.legal(seat)))
    return [*states, sim.state]


def shaken(state: State, rng: Random) -> State:
    """`state` with a seat's holdings, the Intersections, Citizens, Streets and Sidewalk
    changed at random (not a state play reaches, but one each check must still answer as
    its list): often all but a few spaces taken, where the checks' shortcuts part ways."""
    seat = rng.randrange(state.seats)
    p = state.players[seat]
    state = with_player(state, seat, coins=rng.choice((0, 0, 1, 2, 3, p.coins)),
                        cloths=rng.choice((0, 1, 2, p.cloths)),
                        intersections=rng.choice((0, 1, 3, 4, 5, p.intersections)),
                        cobbles=rng.choice((0, 5, 6, p.cobbles)), hand=rng.choice(((), p.hand)),
                        wide=rng.choice((0, 1, p.wide)), narrow=rng.choice(((0, 0), (0, 1), p.narrow)),
                        tram=rng.choice((None, p.tram, rng.randrange(44))))
    return replace(state, intersections=_taken(state.intersections, rng, 0),
                   passengers=_taken(state.passengers, rng, 1),
                   display=tuple(rng.choice((None, t)) for t in state.display),
                   face_down=_taken(state.face_down, rng, True, False),
                   stacks=_taken(state.stacks, rng, ("upper",), ()),
                   streets=_taken(state.streets, rng, 1), sidewalk=_taken(state.sidewalk, rng, 0),
                   tiles_left=tuple(rng.choice((0, n)) for n in state.tiles_left),
                   crossing=rng.choice((None, 0, 6, 12, 13)))


def _taken(spaces: tuple[Any, ...], rng: Random, taken: Any, free: Any = None) -> tuple[Any, ...]:
    """`spaces` as they are, some of them changed, all taken but a few, or all free but a
    few."""
    match rng.randrange(4):
        case 0:
            return spaces
        case 1:
            return tuple(rng.choice((free, taken)) if rng.random() < 0.3 else s for s in spaces)
    few = set(rng.sample(range(len(spaces)), rng.randrange(3)))
    if rng.random() < 0.5:
        taken, free = free, taken
    return tuple(free if i in few else taken for i in range(len(spaces)))


def check(state: State) -> None:
    for seat in range(state.seats):
        assert can_place(state, seat) == bool(placements(state, seat))
        assert can_build(state, seat) == bool(builds(state, seat))
        assert has_street_action(state, seat) == bool(street_actions(state, seat))
        for action in ACTIONS:
            for flags in FLAGS:
                assert can_act(state, seat, action, flags) == \
                    bool(action_commands(state, seat, action, flags)), (action, flags)
        task = Task("act", seat, actions=(ACTIONS[seat], "intersection", "take"),
                    flags=FLAGS[seat])
        assert can_do_task(state, task) == bool(task_actions(state, task))
    if state.tasks and state.tasks[-1].kind == "act":
        assert can_do_task(state, state.tasks[-1]) == bool(task_actions(state, state.tasks[-1]))


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize(("name", "options"), COMBOS, ids=[name for name, _ in COMBOS])
def test_each_check_answers_as_its_list(seats: int, name: str, options: dict[str, Any]) -> None:
    rng = Random(seats)
    for state in reached(seats, options, seed=seats)[::3]:
        check(state)
        for _ in range(3):
            check(shaken(state, rng))


def test_every_event_has_its_handler() -> None:
    """The table `evolve` finds an event's consequences in names every event of the union
    (GameStarted's too: it makes a new first state, whatever came before)."""
    assert set(_HANDLERS) == set(get_args(Event))


def test_the_lowest_visible_track_vp_is_the_least_of_every_row() -> None:
    rng = Random(3)
    for _ in range(3000):
        covered = rng.random()
        track = tuple(tuple(rng.random() < covered for _ in range(TRACK_SPACES)) for _ in CLASSES)
        state = State(seats=2, track=track)
        shown = [v for row in track for i, v in TRACK_VP.items() if not row[i]]
        assert lowest_visible(state) == min(shown, default=0)


@pytest.mark.parametrize(("name", "options"), COMBOS, ids=[name for name, _ in COMBOS])
def test_every_state_evolve_makes_needs_no_step(name: str, options: dict[str, Any]) -> None:
    """`evolve` skips `until_choice` after an event that changes nothing (a Citizen
    uncovered): right only because every state it makes, the setup's included, is one
    `until_choice` leaves as it is."""
    for seats in (2, 3, 4):
        for state in reached(seats, options, seed=10 + seats):
            assert until_choice(state) is state


def test_building_is_looked_for_near_the_crossing_first_and_then_everywhere() -> None:
    """`can_build` counts the corners of the spaces around the turn's crossing alone before
    it counts the whole board: with the crossing anywhere (or none), it answers as
    `builds`, whether a Building is possible near it, elsewhere, or nowhere."""
    rng = Random(5)
    for state in reached(4, {}, seed=5)[::7]:
        for crossing in (None, *range(25)):
            state = replace(state, crossing=crossing)
            shaken_ = replace(state, stacks=tuple(rng.choice(((), ("middle",), ("upper", "working"),
                                                              s)) for s in state.stacks))
            for one in (state, shaken_):
                assert can_build(one, 0) == bool(builds(one, 0)), crossing


def test_a_draw_takes_from_the_bag_the_citizens_it_names() -> None:
    """The bag after a draw is looked up by the Citizens drawn (two at most), and counted
    for a longer draw."""
    state = replace(reached(2, {}, seed=1)[0], phase="draw")
    for n in range(5):
        for drawn in product(CLASSES, repeat=n):
            after = _HANDLERS[CitizensDrawn](state, CitizensDrawn(0, n, drawn))
            assert after.bag == tuple(left - drawn.count(c) for left, c in zip(state.bag, CLASSES,
                                                                             strict=True))


def test_the_placers_are_copied_only_when_a_crossing_empties() -> None:
    """A Building that leaves a Citizen on every crossing it used keeps the placers as they
    were (the same tuple); one that empties a crossing forgets who placed there."""
    state = reached(2, {}, seed=3)[0]
    stacks = (("upper", "middle"), ("working",), *((),) * 23)
    state = replace(state, stacks=stacks, placed_by=(0, 1, *(None,) * 23),
                    sites=(None,) * 20, tiles_left=(8, 12, 8, 7))
    kept = built(state, Built(0, 0, 0, (0,)))
    assert kept.placed_by is state.placed_by and kept.stacks[0] == ("upper",)
    emptied = built(state, Built(0, 0, 0, (0, 1)))
    assert emptied.placed_by == (0, None, *(None,) * 23) and emptied.stacks[1] == ()
