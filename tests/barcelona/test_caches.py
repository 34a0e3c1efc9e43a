"""What the rules keep between states (the states decide folded, the phase's lists per state,
the views' parts by the state's tuples) answers exactly as if computed afresh."""

from __future__ import annotations

from random import Random
from typing import Any, get_args

import msgspec
import pytest

from domain.barcelona import GAME
from domain.barcelona import describe as describe_module
from domain.barcelona.actions import crossing_cost, placements
from domain.barcelona.commands import PlaceCitizens
from domain.barcelona.components import CLASSES
from domain.barcelona.events import Built, CitizensDrawn, Event
from domain.barcelona.state import State
from domain.barcelona.view import View
from domain.core import rng_for

from .helpers import new_game, with_player


def fresh(state: State) -> State:
    """An equal state made of new objects, which no cache by identity has seen."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.mark.parametrize("options", [{}, {"expansion": True, "promo_bonus": True}])
def test_what_is_kept_between_states_is_what_is_built_afresh(options: dict[str, bool]) -> None:
    state, rng = new_game(4, seed=7, **options), Random(7)
    for seq in range(1, 300):
        if GAME.outcome(state) is not None:
            break
        again = fresh(state)
        for viewer in (*range(4), None):
            assert msgspec.to_builtins(GAME.view(state, viewer)) == \
                msgspec.to_builtins(GAME.view(again, viewer))
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        assert legal == GAME.legal(again, seat)
        # decide folds its events; two decisions on one state keep each its own states
        other = GAME.decide(state, seat, legal[0], rng_for(7, seq))
        events = GAME.decide(state, seat, rng.choice(legal), rng_for(7, seq))
        assert GAME.evolve(state, other[0]) == GAME.evolve(fresh(state), other[0])
        folded = again
        for event in events:
            state = GAME.evolve(state, event)  # the states decide folded
            folded = GAME.evolve(folded, msgspec.structs.replace(event))  # folded afresh
        assert state == folded


def _states(seed: int, seats: int, options: dict[str, Any]) -> list[State]:
    """The states of a random game after each command, the last one over."""
    state, rng, out = new_game(seats, seed=seed, **options), Random(seed), []
    for seq in range(1, 2000):
        out.append(state)
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.active(state))
        for event in GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)),
                                 rng_for(seed, seq)):
            state = GAME.evolve(state, event)
    return out


def _shown(state: State) -> list[Any]:
    return [msgspec.json.encode(GAME.view(state, viewer)) for viewer in (None, 0, 1, 2, 3)]


OPTION_SETS: list[dict[str, Any]] = [
    {}, {"expansion": True, "promo_bonus": True, "intersection_benefits": "start_of_turn"},
    {"layout": "printed", "confirm_end_of_turn": False, "reveal_projects_at_once": True}]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_views_built_from_any_state_shown_before_are_the_views_built_afresh(
        options: dict[str, Any]) -> None:
    """view.py builds a state's views from the parts of the game's last shown state whose
    parts of the state are the same objects (`_next`), else afresh (`_fresh`): in order,
    from older states (an undo, a look back), from the states of another game and after a
    fresh copy, every audience sees the same bytes, and a seat's view is the table's with
    its own players and crossings and every other field the very same object."""
    states = _states(3, 4, options) + _states(4, 3, options)
    order = Random(5)
    for k, state in enumerate(states):
        if order.random() < 0.2:  # some other state shown last: older, later or another game's
            _shown(order.choice(states))
        assert _shown(state) == _shown(fresh(state))
        table = GAME.view(state, None)
        for viewer in range(state.seats):
            seat = GAME.view(state, viewer)
            assert seat is GAME.view(state, viewer)  # built once per state
            if state.phase == "over":
                assert seat is table
                continue
            for name in View.__struct_fields__:
                if name not in ("players", "crossings"):
                    assert getattr(seat, name) is getattr(table, name), (k, name)


def test_placements_list_each_free_crossing_a_player_can_pay_with_each_class_on_top() -> None:
    """actions.placements without a per-crossing cost call: as the plain rule says."""
    rng = Random(11)
    for state in _states(6, 4, {}) + _states(7, 2, {"expansion": True}):
        for seat in range(state.seats):
            for coins in (0, 1, 3):
                player = state.players[seat]
                hand = tuple(rng.sample(CLASSES * 2, rng.choice((0, 1, 2))))
                there = with_player(state, seat, coins=coins, hand=hand)
                tops = sorted(set(hand), key=hand.index)
                plain = tuple(PlaceCitizens(x, top) for x in range(25) if not there.stacks[x]
                              and crossing_cost(there, x) <= coins for top in tops)
                assert placements(there, seat) == plain
                assert player is state.players[seat]


def test_every_event_has_its_own_sentence() -> None:
    """describe finds each event's sentence by its type: every event of the union has one."""
    for kind in get_args(Event):
        assert kind in describe_module._LINES, kind.__name__
    assert GAME.describe(CitizensDrawn(1, 2, ())) == "Seat 1 draws Citizens from the bag: 2 hidden."
    assert GAME.describe(Built(0, 3, 1, (4, 5))) == \
        "Seat 0 constructs a Level 1 Building on block 1-3 with A5, B1."
