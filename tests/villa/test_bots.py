"""What the greedy and search bots ask of Villa: `determinize` (the state itself, since a
Villa state hides nothing from a seat) and `evaluate` (the projected score margin)."""

from __future__ import annotations

import math
from functools import cache
from random import Random
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.villa import GAME
from domain.villa.bots import SCALE, evaluate, from_ranks, projected
from domain.villa.components import BAG
from domain.villa.events import AreaClosed, Event
from domain.villa.options import Options
from domain.villa.scoring import colour_scores
from domain.villa.state import State
from tests.villa.test_properties import VARIANTS

Game = tuple[list[State], list[Event]]


@cache
def played(variant: int, seed: int) -> Game:
    """Every state of one random game of a variant, and every event; kept, since several
    properties walk the same games."""
    seats, options = VARIANTS[variant]
    rng = Random(seed)
    events = GAME.start(msgspec.convert(options, Options), seats, rng)
    state: Any = None
    for event in events:
        state = GAME.evolve(state, event)
    states = [state]
    while GAME.outcome(state) is None:
        seat = rng.choice(GAME.active(state))
        step = GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)), rng)
        for event in step:
            state = GAME.evolve(state, event)
        states.append(state)
        events += step
    return states, events


games = st.tuples(st.integers(0, len(VARIANTS) - 1), st.integers(0, 7))


def viewers(state: State) -> list[int | None]:
    return [*range(state.seats), None]


# determinize -----------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_the_view_is_complete_so_determinize_returns_the_state_itself(
        game: tuple[int, int], rng_seed: int) -> None:
    """Nothing to deal anew: every audience gets the same view, no event is redacted, and
    the bag is exactly the Hedges the view does not show (on the table, in hand, in the
    circle), so every seat knows what is left in it."""
    states, events = played(*game)
    assert GAME.public_view
    assert all(GAME.redact(event, viewer) is event
               for event in events for viewer in viewers(states[0]))
    for state in states:
        shown = GAME.view(state, None)
        assert all(GAME.view(state, seat) == shown for seat in range(state.seats))
        on_view = {s.hedge for s in shown.segments} | {h.id for h in shown.circle}
        if shown.hand is not None:
            on_view.add(shown.hand.id)
        assert sorted(set(BAG) - on_view) == list(state.bag)
        assert shown.bag_size == len(state.bag)
        for seat in viewers(state):
            assert GAME.determinize(state, seat, Random(rng_seed)) is state


@settings(max_examples=12, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_a_determinized_state_looks_and_plays_the_same_to_its_seat(
        game: tuple[int, int], rng_seed: int) -> None:
    states, _ = played(*game)
    rng = Random(rng_seed)
    for state in states:
        for seat in range(state.seats):
            sample = GAME.determinize(state, seat, rng)
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert GAME.legal(sample, seat) == GAME.legal(state, seat)
            assert GAME.evaluate(sample, seat) == GAME.evaluate(state, seat)


# evaluate --------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(game=games)
def test_evaluate_is_within_bounds_and_the_same_for_a_side(game: tuple[int, int]) -> None:
    """Teammates (and a player's two colours) share one value; with two sides, the other
    side's value is its opposite."""
    states, _ = played(*game)
    for state in states:
        values = [evaluate(state, seat) for seat in range(state.seats)]
        assert all(-1.0 <= v <= 1.0 for v in values)
        sides = {state.teams[state.owners.index(seat)] for seat in range(state.seats)}
        if len(sides) == 2:
            for seat in range(state.seats):
                assert math.isclose(values[seat], -values[(seat + 1) % state.seats], abs_tol=1e-12)
        if state.team:
            assert values[0] == values[2] and values[1] == values[3]


@settings(max_examples=12, deadline=None)
@given(game=games)
def test_evaluate_at_the_end_follows_the_ranks(game: tuple[int, int]) -> None:
    states, _ = played(*game)
    end = states[-1]
    result = GAME.outcome(end)
    assert result is not None
    for seat in range(end.seats):
        value = evaluate(end, seat)
        if len(result.winners) == end.seats:
            assert value == 0.0
        elif seat in result.winners:
            assert value == 1.0
        elif result.ranks[seat] == max(result.ranks):
            assert value == -1.0


def test_ranks_give_one_to_the_first_minus_one_to_the_last_and_zero_to_a_draw() -> None:
    assert [from_ranks([1, 2], s) for s in range(2)] == [1.0, -1.0]
    assert [from_ranks([2, 1, 3], s) for s in range(3)] == [0.0, 1.0, -1.0]
    assert [from_ranks([1, 1, 3, 4], s) for s in range(4)] == [1.0, 1.0, 1 - 4 / 3, -1.0]
    assert [from_ranks([1, 2, 1, 2], s) for s in range(4)] == [1.0, -1.0, 1.0, -1.0]
    assert [from_ranks([1, 1], s) for s in range(2)] == [0.0, 0.0]


@settings(max_examples=12, deadline=None)
@given(game=games)
def test_evaluate_follows_the_score_margin_the_table_sees(game: tuple[int, int]) -> None:
    """Once every closed area is resolved, the margin of the view's scores decides the sign
    (a margin of 2 points or more: the tokens placed only break ties)."""
    states, _ = played(*game)
    for state in states:
        if state.phase == "over" or state.pending or state.resolving is not None:
            continue
        scores = GAME.view(state, None).scores
        for seat in range(state.seats):
            if state.team:  # teammates share a score: the team variant is tested above
                continue
            margin = scores[seat] - max(scores[:seat] + scores[seat + 1:])
            if abs(margin) >= 2:
                assert (evaluate(state, seat) > 0) == (margin > 0)


def test_a_two_point_lead_is_worth_tanh_of_two_fifths() -> None:
    """The scale: a basic two-player game with a seat two points ahead, as many tokens
    placed as the other, nothing pending."""
    states = [state for seed in range(8) for state in played(0, seed)[0]]
    for state in states:
        if state.pending or state.resolving is not None or state.phase == "over":
            continue
        scores = colour_scores(state)
        if abs(scores[0].total - scores[1].total) == 2 and scores[0].tokens == scores[1].tokens:
            leader = 0 if scores[0].total > scores[1].total else 1
            assert math.isclose(evaluate(state, leader), math.tanh(2 / SCALE))
            return
    raise AssertionError("no such state in the games")


@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 4))
def test_projected_points_count_the_tokens_due_in_areas_not_yet_resolved(
        seed: int, seats: int) -> None:
    """In the basic game (no Feature changes a count), the points projected while closed
    areas wait to be counted or tokens to be placed are the points once the turn is over,
    unless a colour ran out of tokens meanwhile (then which area misses out is a choice)."""
    states = _basic_game(seats, seed)
    for i, state in enumerate(states):
        if not (state.pending or state.resolving is not None):
            continue
        after = next(s for s in states[i:] if not s.pending and s.resolving is None)
        if any(after.supplies[c].left == 0 for c in after.in_play()):
            continue
        points, tokens = projected(state)
        assert points == [float(s.total) for s in colour_scores(after)]
        assert tokens == [s.tokens for s in colour_scores(after)]


def _basic_game(seats: int, seed: int) -> list[State]:
    """Every state of a random basic game, the passing ones within a command included (an
    area closed and not yet counted, tokens still to place)."""
    rng = Random(seed)
    state: Any = None
    for event in GAME.start(Options(), seats, rng):
        state = GAME.evolve(state, event)
    states = [state]
    while GAME.outcome(state) is None:
        seat = GAME.active(state)[0]
        events = GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)), rng)
        for event, following in zip(events, [*events[1:], None], strict=True):
            state = GAME.evolve(state, event)
            if not isinstance(following, AreaClosed):  # every area the Hedge closed is known
                states.append(state)
    return states
