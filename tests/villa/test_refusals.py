"""Refused commands: nothing happens, and the sentence quotes the input and the rule."""

from __future__ import annotations

from random import Random

import pytest
from msgspec.structs import replace

from domain.core import Illegal
from domain.villa import GAME
from domain.villa.commands import (
    ChooseTokenOrder,
    Command,
    DrawHedge,
    KeepBirdBath,
    PlaceToken,
    PlaceWell,
    ResolveArea,
)
from domain.villa.state import State, Supply

from .helpers import BLUE, begin, closing, counted, lay


def refused(state: State, seat: int, command: Command, words: str) -> None:
    with pytest.raises(Illegal, match=words):
        GAME.decide(state, seat, command, Random(0))


def test_a_step_out_of_turn_order_names_what_the_game_waits_for() -> None:
    refused(begin(2), 0, PlaceToken(), r"PlaceToken is not possible now.*draw a Hedge")
    refused(begin(2), 0, KeepBirdBath(), "KeepBirdBath is not possible now")


def test_choosing_an_area_that_does_not_wait() -> None:
    state, _ = lay(begin(4), 29, 2, 0)
    state, _ = lay(state, 17, 3, 0, 1, True)
    refused(state, 1, ResolveArea(7), r"ResolveArea area=7.*\[0, 1\]")
    refused(state, 1, DrawHedge(), "not possible now.*closed area to resolve")


def test_ordering_a_colour_that_is_not_tied() -> None:
    state, _ = counted(closing(2, 0, expert=True, two_player_expert=True,
                               features=["bridge", "column", "well"]), [2, 0, 2, 0])
    refused(state, 0, ChooseTokenOrder(1), r"ChooseTokenOrder colour=1.*\[0, 2\]")


def test_tokens_that_may_not_be_placed() -> None:
    state, _ = counted(closing(2, 0, expert=True, features=["bridge", "column", "well"]),
                       [3, 1, 0, 0])
    refused(state, 0, PlaceToken("trees"), "blue has no trees face up")
    refused(state, 0, PlaceToken("bridge", flipped=True), "flipped only when no neutral")
    refused(state, 0, PlaceToken("well"), "exactly one segment")
    refused(state, 0, PlaceWell(BLUE), "not possible now")


def test_a_feature_on_another_players_turn_is_refused() -> None:
    state = closing(2, 1, expert=True, features=["bridge", "column", "well"])
    supplies = list(state.supplies)
    supplies[BLUE] = Supply(0, ("bridge", "column", "well"), 7)
    state, _ = counted(replace(state, supplies=tuple(supplies)), [3, 1, 0, 0])
    assert GAME.active(state) == [0]  # blue must flip one of its Features
    refused(state, 0, PlaceToken("bridge"), "only on your own turn")
    refused(state, 0, PlaceToken(), "no neutral token left")
