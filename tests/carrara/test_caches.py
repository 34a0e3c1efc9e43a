"""What the rules keep between states (views by state and player object, purchase and
building lists by value) answers exactly as if computed afresh."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from domain.carrara import GAME
from domain.carrara.commands import BuyBlocks, TakeCoins
from domain.carrara.components import SECTIONS
from domain.carrara.rules import buy_options
from domain.carrara.state import State
from domain.carrara.wheel import purchases
from domain.core import rng_for

from .helpers import new_game, with_player


def fresh(state: State) -> State:
    """An equal state made of new objects, which no cache by identity has seen."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.mark.parametrize("options", [{}, {"expansion": True, "board": "advanced"}])
def test_views_and_legal_lists_kept_between_states_are_those_built_afresh(
        options: dict[str, bool | str]) -> None:
    state, rng = new_game(4, seed=5, **options), Random(5)
    for seq in range(1, 400):
        if GAME.outcome(state) is not None:
            break
        again = fresh(state)
        for viewer in (*range(4), None):
            assert msgspec.to_builtins(GAME.view(state, viewer)) == \
                msgspec.to_builtins(GAME.view(again, viewer))
        seat = rng.choice(GAME.active(state))
        legal = GAME.legal(state, seat)
        assert legal == GAME.legal(again, seat)
        for event in GAME.decide(state, seat, rng.choice(legal), rng_for(5, seq)):
            state = GAME.evolve(state, event)


@pytest.mark.parametrize("coins", [0, 1, 3, 7, 12, 25, 60, 200])
def test_coins_beyond_a_sections_worth_change_no_purchase(coins: int) -> None:
    state = with_player(new_game(2, seed=3), 0, coins=coins)
    state = msgspec.structs.replace(state, phase="buy", wheel=((2, 1, 1, 0, 2, 1),) * SECTIONS)
    listed = [BuyBlocks(section, bought) for section in range(SECTIONS)
              for bought in purchases(state.wheel[section], section, coins)]
    assert buy_options(state, 0) == (listed or [TakeCoins()])
