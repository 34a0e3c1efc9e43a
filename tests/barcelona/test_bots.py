"""The bots' questions of Barcelona: `determinize` deals anew only what a seat has not seen
(the other seats' hands, the lower Citizens they placed, the bag's make-up), and `evaluate`
measures a state from what the seat sees, within [-1, 1] and by rank once the game is over.

The states come from random games of every seat count and variant, sampled along the way.
How strong a bot is with `evaluate` is measured by `python -m bench bots`, not here.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from random import Random
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.barcelona import GAME
from domain.barcelona.bots import determinize, evaluate
from domain.barcelona.components import CLASSES
from domain.barcelona.options import Options
from domain.barcelona.state import State, with_player
from tests.barcelona.test_properties import COMBOS, check_components

VARIANTS = [pytest.param(seats, options, id=f"{seats}p-{name}")
            for seats in (2, 3, 4) for name, options in COMBOS]
EVERY = 6  # a state sampled every so many commands
RNGS = 8  # deals per state and seat


def _step(state: State, seat: int, command: Any, rng: Random) -> State:
    for event in GAME.decide(state, seat, command, rng):
        state = GAME.evolve(state, event)
    return state


@cache
def _game(seats: int, frozen_options: tuple[tuple[str, Any], ...], seed: int = 0) -> tuple[State, ...]:
    """Every EVERY-th state of a random game, its last (finished) state included."""
    options = msgspec.convert(dict(frozen_options), Options)
    state: State | None = None
    for event in GAME.start(options, seats, Random(seed)):
        state = GAME.evolve(state, event)
    assert state is not None
    rng, sampled, steps = Random(100 + seed), [], 0
    while GAME.outcome(state) is None:
        seat = GAME.active(state)[0]
        state = _step(state, seat, rng.choice(GAME.legal(state, seat)), rng)
        steps += 1
        if steps % EVERY == 0:
            sampled.append(state)
    return (*sampled, state)


def states(seats: int, options: dict[str, Any]) -> tuple[State, ...]:
    return _game(seats, tuple(sorted(options.items())))


def unseen(state: State, seat: int | None) -> Counter[str]:
    """The Citizens `seat` has not seen: the others' hands and lower Citizens, the bag."""
    pool: Counter[str] = Counter(dict(zip(CLASSES, state.bag, strict=True)))
    for s, p in enumerate(state.players):
        if s != seat:
            pool.update(p.hand)
    for x, stack in enumerate(state.stacks):
        if len(stack) > 1 and state.placed_by[x] != seat:
            pool[stack[0]] += 1
    return +pool


def hidden_of_others(state: State, seat: int | None) -> tuple[Any, ...]:
    hands = tuple(p.hand for s, p in enumerate(state.players) if s != seat)
    bottoms = tuple(stack[0] for x, stack in enumerate(state.stacks)
                    if len(stack) > 1 and state.placed_by[x] != seat)
    return hands, bottoms


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_a_determinized_state_looks_the_same_to_its_seat(seats: int, options: dict[str, Any]) -> None:
    for i, state in enumerate(states(seats, options)):
        for seat in range(seats):
            dealt = determinize(state, seat, Random(i * 10 + seat))
            assert GAME.view(dealt, seat) == GAME.view(state, seat)
            assert GAME.legal(dealt, seat) == GAME.legal(state, seat)
            assert GAME.active(dealt) == GAME.active(state)


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_determinize_deals_the_unseen_citizens_anew_and_keeps_everything_else(
        seats: int, options: dict[str, Any]) -> None:
    dealt_anew = 0
    for i, state in enumerate(states(seats, options)):
        for seat in range(seats):
            samples = [determinize(state, seat, Random(i * 100 + k)) for k in range(RNGS)]
            for dealt in samples:
                check_components(dealt)
                assert unseen(dealt, seat) == unseen(state, seat)
                assert dealt.players[seat] == state.players[seat]
                assert [len(p.hand) for p in dealt.players] == [len(p.hand) for p in state.players]
                assert [s[1:] for s in dealt.stacks] == [s[1:] for s in state.stacks]
                assert sum(dealt.bag) == sum(state.bag)
                assert replace(dealt, players=state.players, stacks=state.stacks,
                               bag=state.bag) == state
            hands, bottoms = hidden_of_others(state, seat)
            over = state.phase == "over"  # every view shows everything: nothing to deal
            if not over and len(unseen(state, seat)) > 1 and (any(hands) or bottoms):
                assert any(hidden_of_others(d, seat) != (hands, bottoms) for d in samples)
                dealt_anew += 1
    assert dealt_anew, "no state with hidden Citizens was sampled"


@pytest.mark.parametrize(("seats", "options"), [VARIANTS[0], VARIANTS[-1]])
def test_the_deal_depends_on_what_the_seat_sees_and_the_rng_alone(
        seats: int, options: dict[str, Any]) -> None:
    """Two states a seat cannot tell apart deal the same with the same rng: nothing of the
    real hidden order leaks into the sample a bot searches."""
    for i, state in enumerate(states(seats, options)):
        for seat in range(seats):
            other = determinize(state, seat, Random(-1 - i))
            assert determinize(other, seat, Random(i)) == determinize(state, seat, Random(i))


def test_a_spectator_gets_every_hand_and_lower_citizen_dealt_anew() -> None:
    for i, state in enumerate(states(3, {})):
        dealt = determinize(state, None, Random(i))
        assert GAME.view(dealt, None) == GAME.view(state, None)
        assert unseen(dealt, None) == unseen(state, None)


def test_once_over_nothing_is_hidden_and_determinize_keeps_the_state() -> None:
    state = states(2, {})[-1]
    assert state.phase == "over"
    for seat in (0, 1):
        assert determinize(state, seat, Random(1)) is state
        view = GAME.view(state, seat)
        assert all(p.hand is not None for p in view.players)
        assert all(c.bottom is not None for c, s in zip(view.crossings, state.stacks, strict=True)
                   if len(s) > 1)


def test_a_determinized_state_plays_on_to_the_end() -> None:
    for seats, options in ((2, {}), (4, {"expansion": True})):
        sampled = states(seats, options)
        for i, state in enumerate(sampled[: len(sampled) - 1: 5]):
            rng = Random(i)
            state = determinize(state, GAME.active(state)[0], rng)
            while GAME.outcome(state) is None:
                seat = GAME.active(state)[0]
                state = _step(state, seat, rng.choice(GAME.legal(state, seat)), rng)
            check_components(state)


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_evaluate_is_within_bounds_by_rank_at_the_end_and_blind_to_secrets(
        seats: int, options: dict[str, Any]) -> None:
    sampled = states(seats, options)
    for i, state in enumerate(sampled):
        for seat in range(seats):
            value = evaluate(state, seat)
            assert -1.0 <= value <= 1.0
            assert GAME.evaluate(state, seat) == value
            assert evaluate(determinize(state, seat, Random(i)), seat) == value
    final = sampled[-1]
    outcome = GAME.outcome(final)
    assert outcome is not None
    for seat, rank in enumerate(outcome.ranks):
        if rank == 1:
            assert evaluate(final, seat) == 1.0
        elif rank == max(outcome.ranks):
            assert evaluate(final, seat) == -1.0


def test_a_tie_for_first_between_all_is_worth_nothing() -> None:
    state = states(2, {})[-1]
    level = replace(state, players=(state.players[0],) * 2, sites=(None,) * len(state.sites))
    outcome = GAME.outcome(level)
    assert outcome is not None and outcome.ranks == [1, 1]
    assert evaluate(level, 0) == evaluate(level, 1) == 0.0


def test_more_vp_is_better_for_its_seat_and_no_better_for_the_others() -> None:
    for seats in (2, 3):
        for state in states(seats, {})[5:-1:10]:
            richer = with_player(state, 0, vp=state.players[0].vp + 20)
            assert evaluate(richer, 0) > evaluate(state, 0)
            assert all(evaluate(richer, s) <= evaluate(state, s) for s in range(1, seats))
            if seats == 2:  # the one opponent's margin shrinks by those 20 VP
                assert evaluate(richer, 1) < evaluate(state, 1)
