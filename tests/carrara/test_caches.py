"""What the rules keep between states (each game's last shown views, purchase and building
lists by value) answers exactly as if computed afresh."""

from __future__ import annotations

from random import Random
from typing import Any, get_args

import msgspec
import pytest

from domain.carrara import GAME
from domain.carrara import describe as describe_module
from domain.carrara import view as view_module
from domain.carrara.commands import BuyBlocks, TakeCoins
from domain.carrara.components import SECTIONS
from domain.carrara.events import Event, GameEnded, TurnEnded
from domain.carrara.rules import buy_options
from domain.carrara.scoring import can_announce, objectives
from domain.carrara.state import State
from domain.carrara.view import View
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


def _states(seed: int, seats: int, options: dict[str, Any]) -> list[State]:
    """The states of a random game after each event, the last one over."""
    state, rng, out = new_game(seats, seed=seed, **options), Random(seed), []
    for seq in range(1, 2000):
        out.append(state)
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.active(state))
        for event in GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)),
                                 rng_for(seed, seq)):
            state = GAME.evolve(state, event)
            out.append(state)
    return out


def _shown(state: State) -> list[bytes]:
    return [msgspec.json.encode(GAME.view(state, viewer))
            for viewer in (None, *range(state.seats), state.seats)]


OPTION_SETS: list[dict[str, Any]] = [
    {}, {"expansion": True}, {"expansion": True, "board": "advanced"}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_views_built_from_any_state_shown_before_are_the_views_built_afresh(
        options: dict[str, Any]) -> None:
    """view.py builds a state's views from the parts of the game's last shown state whose
    parts of the state are the same objects (`_next`), else afresh (`_fresh`): in order,
    from older states (an undo, a look back), from the states of another game and after a
    fresh copy, every audience sees the same bytes, and a seat's view is the table's with
    its own players and every other field the very same object."""
    states = _states(3, 4, options) + _states(4, 3, options) + _states(8, 2, options)
    order = Random(5)
    for k, state in enumerate(states):
        if order.random() < 0.2:  # some other state shown last: older, later or another game's
            _shown(order.choice(states))
        assert _shown(state) == _shown(fresh(state)), k
        table = GAME.view(state, None)
        assert msgspec.json.encode(table) == msgspec.json.encode(view_module._fresh(state))
        for viewer in range(state.seats):
            seat = GAME.view(state, viewer)
            assert seat is GAME.view(state, viewer)  # built once per state
            if state.phase == "over":
                assert seat is table
                continue
            for name in View.__struct_fields__:
                if name != "players":
                    assert getattr(seat, name) is getattr(table, name), (k, name)
            own = seat.players[viewer]
            assert own.coins == state.players[viewer].coins and own.blocks is not None
            assert [p for i, p in enumerate(seat.players) if i != viewer] == \
                [p for i, p in enumerate(table.players) if i != viewer]


def test_each_view_taken_from_the_last_is_the_view_built_afresh() -> None:
    """`_next` from every earlier state of the same game and from another game's state
    (the parts it takes checked by identity only) gives `_fresh`'s bytes."""
    states = [s for s in _states(9, 3, {"expansion": True}) if s.phase != "over"]
    other = _states(10, 3, {"expansion": True})[5]
    rng = Random(9)
    for state in states[1:]:
        for last in (states[states.index(state) - 1], rng.choice(states), other):
            shown = view_module._Shown(last, view_module._fresh(last), [None] * 3)
            made = view_module._next(state, shown)
            assert msgspec.json.encode(made.table) == \
                msgspec.json.encode(view_module._fresh(state))


def test_can_announce_is_all_three_objectives() -> None:
    """can_announce checks the objectives one by one and stops at the first not met."""
    for options in OPTION_SETS:
        for state in _states(12, 2, options) + _states(13, 4, options):
            for seat in range(state.seats):
                assert can_announce(state, seat) == \
                    (state.end is None and all(objectives(state, seat)))


def test_every_event_has_its_own_sentence() -> None:
    """describe finds each event's sentence by its type: every event of the union has one."""
    for kind in get_args(Event):
        assert kind in describe_module._WORDS, kind.__name__
    assert GAME.describe(TurnEnded(2, True)) == "Seat 2 passes."
    assert GAME.describe(GameEnded("announced")) == \
        "The game is over (the end was announced); final scoring."
