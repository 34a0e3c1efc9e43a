"""The fast paths pinned to the plain computations they stand for, over the states of
seeded random games (every layout kind and seat count)."""

from __future__ import annotations

from random import Random
from typing import get_args

import msgspec
import pytest

from domain.bellavista import GAME
from domain.bellavista.components import CONTRACTS
from domain.bellavista.describe import _LINES
from domain.bellavista.events import Event, GameStarted
from domain.bellavista.evolve import _CASES
from domain.bellavista.layouts import TileSpot
from domain.bellavista.requirements import (
    counts,
    eligible,
    is_met,
    owned,
    progress,
)
from domain.bellavista.state import State
from domain.bellavista.town import _town, town_of
from domain.bellavista.view import _tiles, _tiles_by_value
from domain.core import EventCodec
from domain.core.simulate import Simulation

from .helpers import custom

GAMES = [(seats, layout, seed) for seats in (2, 3, 4)
         for layout, seed in (("rome", 1), ("random", 2), ("custom", 3))]


def states(seats: int, layout: str, seed: int) -> list[State]:
    """Every state of a random game, each rebuilt from its events by `evolve`."""
    options = msgspec.to_builtins(custom()) if layout == "custom" else {"layout": layout}
    sim = Simulation(GAME, seats, options, seed=seed)
    sim.play_randomly(Random(seed))
    codec = EventCodec(GAME)
    out: list[State] = []
    state: State | None = None
    for env in sim.envelopes:
        state = GAME.evolve(state, codec.decode(env))
        out.append(state)
    assert out[-1].phase == "over"
    return out


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES)
def test_contracts_met_by_counters_are_those_progress_finds_met(
        seats: int, layout: str, seed: int) -> None:
    met = 0
    for state in states(seats, layout, seed):
        town = town_of(state.town)
        for seat in range(seats):
            mine = owned(state, seat)
            tally = counts(town, state.buildings, seat)
            plain = []
            for contract in CONTRACTS:
                have, need = progress(contract, mine, seats)
                assert is_met(contract.id, tally, seats) == (have >= need)
                met += have >= need
                if have >= need and contract.id in state.contracts:
                    plain.append(contract.id)
            expected = [] if state.took_this_round[seat] else [
                c for c in state.contracts if c in plain]
            assert eligible(state, seat) == expected
    assert met, "a game where no card is ever met pins nothing"


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES)
def test_current_is_the_builders_card_of_the_sequence(seats: int, layout: str, seed: int) -> None:
    for state in states(seats, layout, seed):
        if state.builder < state.builders():
            assert state.current() is state.sequence()[state.builder]
        else:
            with pytest.raises(IndexError):
                state.current()


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES[:3])
def test_builders_is_the_length_of_the_sequence(seats: int, layout: str, seed: int) -> None:
    for state in states(seats, layout, seed):
        assert state.builders() == len(state.sequence())


def test_evolve_and_describe_have_one_case_per_event_type() -> None:
    assert {GameStarted, *_CASES} == set(get_args(Event))
    assert GameStarted not in _CASES
    assert set(_LINES) == set(get_args(Event))


def test_a_town_found_by_identity_is_the_town_of_an_equal_layout() -> None:
    layout = custom().tiles
    assert layout is not None
    copy = tuple(TileSpot(s.tile, s.row, s.col) for s in layout)
    assert copy is not layout
    assert town_of(layout) is town_of(copy) is _town(layout)
    assert town_of(layout) is town_of(layout)
    other = (*layout[1:], layout[0])  # the same tiles listed in another order
    assert town_of(other) is not town_of(layout)
    assert _tiles(layout) is _tiles(copy) is _tiles_by_value(layout)
