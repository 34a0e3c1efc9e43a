"""Refusals: each names the command, quotes its input and says which rule stops it."""

from __future__ import annotations

from random import Random

import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import (
    AnnounceEnd,
    Build,
    BuyBlocks,
    BuyObject,
    Command,
    EndTurn,
    PayBlocks,
    ScoreCity,
    TakeUpgrade,
    TurnWheel,
)
from domain.carrara.components import Tile
from domain.carrara.state import State
from domain.core import Illegal

from .helpers import new_game, play, with_player


def refusal(state: State, seat: int, command: Command) -> str:
    with pytest.raises(Illegal) as info:
        GAME.decide(state, seat, command, Random(0))
    return info.value.message


def test_refusal_when_it_is_not_the_seats_turn() -> None:
    assert refusal(new_game(3), 2, TurnWheel()) == (
        "TurnWheel is not possible now: the game waits for seat 0, not 2.")


def test_refusal_names_the_step_of_the_turn() -> None:
    assert refusal(new_game(2), 0, EndTurn()) == (
        "EndTurn is not possible now: this step of your turn is to choose an action "
        "(buy blocks, build or score).")
    state = replace(new_game(2), phase="buy")
    assert "this step of your turn is to buy blocks from one section" in refusal(
        state, 0, ScoreCity("pisa"))


def test_refusal_of_blocks_in_the_wrong_order() -> None:
    state = replace(new_game(2), phase="buy")
    message = refusal(state, 0, BuyBlocks(0, ("black", "white")))
    assert "blocks=['black', 'white']" in message and "dearest colour first" in message


def test_refusal_of_a_section_that_does_not_exist() -> None:
    state = replace(new_game(2), phase="buy")
    assert "section=6" in refusal(state, 0, BuyBlocks(6, ("white",)))


def test_refusal_of_a_payment_of_the_wrong_size() -> None:
    state = with_player(new_game(2), 0, blocks=(3, 0, 0, 0, 0, 0))
    tile = next(t for t in state.display if t is not None and t.cost <= 3)
    state = play(state, 0, Build(tile, "livorno"))
    message = refusal(state, 0, PayBlocks(("white",) * (tile.cost + 1)))
    assert f"needs exactly {tile.cost} blocks" in message


def test_refusal_of_an_object_not_for_sale() -> None:
    state = replace(new_game(2), phase="purchase", for_sale=("cup",))
    assert refusal(state, 0, BuyObject("book")) == (
        "BuyObject item='book': that object is not for sale on the board.")


def test_refusal_of_an_upgrade_tile_already_taken() -> None:
    state = replace(new_game(2, expansion=True), phase="upgrade", upgrade_tiles=("pisa",))
    assert "space='lucca'" in refusal(state, 0, TakeUpgrade("lucca"))


def test_refusal_of_an_announcement_after_another() -> None:
    state = replace(new_game(3), phase="closing", end="announced", announcer=2)
    assert refusal(state, 0, AnnounceEnd()) == (
        "AnnounceEnd: seat 2 has already announced the end.")


def test_refusal_of_an_overbuild_in_the_basic_game() -> None:
    state = with_player(new_game(2), 0, blocks=(5, 0, 0, 0, 0, 0))
    tile = next(t for t in state.display if t is not None)
    message = refusal(state, 0, Build(tile, "livorno", Tile("villa", 1)))
    assert "expansion rule" in message
