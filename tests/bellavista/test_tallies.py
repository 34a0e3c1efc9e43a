"""The counts `evolve` carries from one placement to the next (`tallies_with`, kept by the
buildings tuple's identity) pinned to a recount from the buildings, over the states of
seeded random games; and the folds they make pinned to folds that recount every time."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.bellavista import GAME
from domain.bellavista import requirements as req
from domain.bellavista.events import Event
from domain.bellavista.options import Options
from domain.bellavista.requirements import (
    counts,
    eligible,
    eligible_for,
    may_take,
    tallies,
    tallies_with,
)
from domain.bellavista.state import Building, State
from domain.bellavista.town import town_of
from domain.core import EventCodec
from domain.core.simulate import Simulation

from .helpers import custom, started

GAMES = [(seats, layout, seed) for seats in (2, 3, 4)
         for layout, seed in (("rome", 11), ("random", 12), ("custom", 13), ("random", 14))]


def events(seats: int, layout: str, seed: int) -> list[Event]:
    options = msgspec.to_builtins(custom()) if layout == "custom" else {"layout": layout}
    sim = Simulation(GAME, seats, options, seed=seed)
    sim.play_randomly(Random(seed))
    codec = EventCodec(GAME)
    return [codec.decode(env) for env in sim.envelopes]


def recount(state: State) -> tuple[int, ...]:
    town = town_of(state.town)
    return tuple(counts(town, state.buildings, seat) for seat in range(state.seats))


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES)
def test_tallies_kept_by_evolve_are_a_recount_of_the_buildings(
        seats: int, layout: str, seed: int) -> None:
    state: State | None = None
    placed = 0
    for event in events(seats, layout, seed):
        before = state
        state = GAME.evolve(state, event)
        if before is not None and state.buildings is not before.buildings:
            placed += 1
            # what the placement kept, read back before anything recounts it
            assert req._kept[id(state.buildings)][3] == recount(state)
        assert tallies(state) == recount(state)
        for seat in range(seats):
            tally = recount(state)[seat]
            assert may_take(state, seat, tally) == bool(eligible_for(state, seat, tally))
            assert eligible(state, seat) == eligible_for(state, seat, tally)
    assert state is not None and state.phase == "over" and placed == len(state.buildings)


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES[::3])
def test_a_fold_that_recounts_at_every_event_makes_the_same_states(
        seats: int, layout: str, seed: int) -> None:
    kept: State | None = None
    fresh: State | None = None
    for event in events(seats, layout, seed):
        kept = GAME.evolve(kept, event)
        req._kept.clear()  # nothing kept: every placement recounts from the buildings
        fresh = GAME.evolve(fresh, event)
        assert msgspec.msgpack.encode(fresh) == msgspec.msgpack.encode(kept)
        assert fresh.phase == kept.phase


def test_one_buildings_tuple_in_two_towns_is_counted_in_each() -> None:
    rome, london = started(3, Options(layout="rome")), started(3, Options(layout="london"))
    here, there = town_of(rome.town), town_of(london.town)
    # a space of both towns whose facts differ between them
    cells = next(p.cells for p in here.placements[1]
                 if p.cells in there.by_cells and there.by_cells[p.cells].counts != p.counts)
    mine = (Building(0, "red", 1, cells),)
    assert tallies_with(rome, mine) == (here.by_cells[cells].counts, 0, 0)
    built = msgspec.structs.replace(london, buildings=mine)
    assert tallies(built) == (there.by_cells[cells].counts, 0, 0) == recount(built)


def test_a_neutral_building_counts_for_nobody() -> None:
    state = started(3)
    place = town_of(state.town).placements[2][0]
    assert tallies_with(state, (Building(None, "yellow", 2, place.cells),)) == (0, 0, 0)


def test_one_buildings_tuple_with_two_numbers_of_seats_is_counted_for_each() -> None:
    four = started(4)
    place = town_of(four.town).placements[1][0]
    mine = (Building(1, "green", 1, place.cells),)
    two = msgspec.structs.replace(started(2), town=four.town, buildings=mine)
    assert tallies(msgspec.structs.replace(four, buildings=mine)) == (0, place.counts, 0, 0)
    assert tallies(two) == (0, place.counts) == recount(two)
