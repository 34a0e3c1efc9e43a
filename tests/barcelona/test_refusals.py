"""Refusals: each names the command, quotes its input, says which rule stops it, and
changes nothing."""

from __future__ import annotations

from random import Random

import pytest
from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.commands import (
    Build,
    BuildStreet,
    Command,
    EndTurn,
    PlaceCitizens,
    StepSagrada,
    TakeAction,
)
from domain.barcelona.state import State
from domain.core import Illegal

from .helpers import at_crossing, laid, new_game, stacks, with_player


def refusal(state: State, seat: int, command: Command) -> str:
    before = state
    with pytest.raises(Illegal) as info:
        GAME.decide(state, seat, command, Random(0))
    assert state == before
    return info.value.message


def test_refusal_when_it_is_not_the_seats_turn() -> None:
    assert refusal(new_game(3), 2, EndTurn()) == (
        "EndTurn is not possible now: the game waits for seat 0, not 2.")


def test_refusal_names_the_step_of_the_turn() -> None:
    assert refusal(new_game(2), 0, EndTurn()) == (
        "EndTurn is not possible now: this step is to place your Citizens on an empty crossing.")
    building = replace(stacks(at_crossing(new_game(2), 7), c8=("working",)), phase="build")
    assert "this step is to construct a Building (mandatory while one is possible)" in refusal(
        building, 0, EndTurn())


def test_refusal_of_an_occupied_crossing() -> None:
    state = stacks(with_player(new_game(2), 0, hand=("upper", "middle")), c7=("working",))
    assert refusal(state, 0, PlaceCitizens(7, "upper")) == (
        "PlaceCitizens crossing=7 top='upper': crossing B3 already holds Citizens.")


def test_refusal_of_a_citizen_not_in_hand() -> None:
    state = with_player(new_game(2), 0, hand=("upper", "middle"))
    assert refusal(state, 0, PlaceCitizens(7, "working")) == (
        "PlaceCitizens crossing=7 top='working': you hold no working Citizen.")


def test_refusal_of_a_diagonal_crossing_without_a_coin() -> None:
    state = with_player(new_game(2), 0, hand=("upper", "middle"), coins=0)
    assert refusal(state, 0, PlaceCitizens(12, "upper")) == (
        "PlaceCitizens crossing=12 top='upper': crossing C3 costs 1 Coin and you have 0.")


def test_refusal_of_a_crossing_off_the_board() -> None:
    assert "crossings are numbered 0 to 24" in refusal(new_game(2), 0, PlaceCitizens(25, "upper"))


def test_refusal_of_a_street_tile_on_a_taken_space() -> None:
    state = at_crossing(laid(new_game(2), row1="narrow"), 7)
    from domain.barcelona.state import put
    state = replace(state, streets=put(state.streets, 0, 1))
    assert refusal(state, 0, BuildStreet(0)) == (
        "BuildStreet space=0: street space A1-A2 already holds a Street tile.")


def test_refusal_of_an_action_not_on_the_crossings_streets() -> None:
    state = at_crossing(laid(new_game(2), row1="narrow", col2="wide", row0="coins"), 7)
    assert refusal(state, 0, TakeAction("coins")) == (
        "TakeAction action='coins' is not possible now: this step is to take the actions "
        "of your crossing's streets, or end them.")


def test_refusal_of_a_building_without_the_required_citizens() -> None:
    state = stacks(replace(new_game(2), phase="build", crossing=7), c1=("working",), c2=("working",))
    message = refusal(state, 0, Build(2, 2, (1, 2)))
    assert message.startswith(
        "Build site=2 level=2 crossings=(1, 2): a level 2 Building there needs 1 Middle")


def test_refusal_inside_a_task_names_the_task() -> None:
    from domain.barcelona.state import Task
    state = replace(at_crossing(new_game(2), 7), tasks=(Task("store", 0, coins=2),))
    assert refusal(state, 0, StepSagrada()) == (
        "StepSagrada is not possible now: this step is to choose what your Warehouse keeps (Store).")
