"""What the greedy and search bots ask of Bella Vista: `determinize` (the other architects'
cards and face-down contracts dealt anew, as the seat cannot tell them apart) and `evaluate`
(the projected total's margin), on states of random games of every seat count and town."""

from __future__ import annotations

from collections import Counter
from functools import cache
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.bots import determinize, evaluate, from_ranks
from domain.bellavista.components import CONTRACTS
from domain.bellavista.options import Options
from domain.bellavista.requirements import met
from domain.bellavista.state import Card, State

from .helpers import custom, started
from .test_properties import LAYOUTS

VARIANTS = [(seats, layout) for seats in (2, 3, 4) for layout in LAYOUTS]
EVERY = 4  # a state in four of each game is checked: CI-sized, still a few hundred per run
RNGS = 12  # determinizations per state where one must differ


def options(layout: str) -> Options:
    return custom() if layout == "custom" else Options(layout=layout)  # type: ignore[arg-type]


@cache
def played(variant: int, seed: int) -> list[State]:
    """Every state of one random game of a variant after each command; kept, since several
    properties walk the same games."""
    seats, layout = VARIANTS[variant]
    rng = Random(seed)
    state: Any = None
    for event in GAME.start(options(layout), seats, rng):
        state = GAME.evolve(state, event)
    states = [state]
    while GAME.outcome(state) is None:
        seat = GAME.active(state)[0]
        for event in GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)), rng):
            state = GAME.evolve(state, event)
        states.append(state)
    return states


def sampled(variant: int, seed: int) -> list[State]:
    states = played(variant, seed)
    return [*states[seed % EVERY::EVERY], states[-1]]


games = st.tuples(st.integers(0, len(VARIANTS) - 1), st.integers(0, 5))


def face_down(state: State, seat: int) -> list[tuple[int, Card]]:
    """(position on the board or past it, card) of each face-down offer of `seat`."""
    return [(i, o.card) for i, o in enumerate((*state.spaces, *state.late))
            if o is not None and o.seat == seat and not o.revealed]


def secrets(state: State, seat: int) -> tuple[object, ...]:
    """What the others cannot see of an architect: hand, face-down offers, deck, contracts."""
    return (state.hands[seat], face_down(state, seat), state.decks[seat],
            sorted(state.taken[seat]))


def unbuilt(state: State, seat: int) -> Counter[Card]:
    return Counter([*state.hands[seat], *state.decks[seat], *(c for _, c in face_down(state, seat))])


def undrawn(state: State) -> set[int]:
    return {c.id for c in CONTRACTS if c.id not in state.contracts_drawn}


# determinize -----------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_a_determinized_state_looks_the_same_to_its_seat_and_lets_it_do_the_same(
        game: tuple[int, int], rng_seed: int) -> None:
    rng = Random(rng_seed)
    for state in sampled(*game):
        for seat in [*range(state.seats), None]:
            sample = determinize(state, seat, rng)
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            if seat is not None:
                assert GAME.legal(sample, seat) == GAME.legal(state, seat)
            assert GAME.active(sample) == GAME.active(state)


@settings(max_examples=12, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_each_architect_keeps_its_own_cards_counts_and_contract_pool(
        game: tuple[int, int], rng_seed: int) -> None:
    """Dealt anew: an other architect's cards among its hand, face-down offers and deck
    (its colour's cards not built yet, each place keeping its size), and the face-down
    contracts among the cards the seat has not seen, each to an architect meeting it."""
    rng = Random(rng_seed)
    for state in sampled(*game):
        seat = rng.randrange(state.seats)
        sample = determinize(state, seat, rng)
        assert secrets(sample, seat) == secrets(state, seat)
        others = [s for s in range(state.seats) if s != seat]
        for s in others:
            assert unbuilt(sample, s) == unbuilt(state, s)
            assert len(sample.hands[s]) == len(state.hands[s])
            assert [i for i, _ in face_down(sample, s)] == [i for i, _ in face_down(state, s)]
            assert list(sample.hands[s]) == sorted(sample.hands[s])
            assert list(sample.decks[s]) == sorted(sample.decks[s])
            assert len(sample.taken[s]) == len(state.taken[s])
            assert all(met(sample, s, c) for c in sample.taken[s])
        pool = {c for s in others for c in state.taken[s]} | undrawn(state)
        assert {c for s in others for c in sample.taken[s]} | undrawn(sample) == pool
        assert sorted(sample.contracts_drawn) == sorted(
            [*sample.contracts, *(c for cards in sample.taken for c in cards)])


@settings(max_examples=12, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_the_deal_depends_on_what_the_seat_sees_and_the_rng_alone(
        game: tuple[int, int], rng_seed: int) -> None:
    """Two states the seat cannot tell apart give it the same samples for the same rng: the
    deal does not follow where the real cards lie (a bot would read the secret through it)."""
    for state in sampled(*game):
        seat = GAME.active(state)[0] if GAME.active(state) else 0
        other = determinize(state, seat, Random(rng_seed))
        assert determinize(other, seat, Random(7)) == determinize(state, seat, Random(7))


def can_differ(state: State, seat: int) -> bool:
    """Whether another architect's cards can lie otherwise: two different cards and two
    places holding any (its hand, each face-down offer, its deck)."""
    if state.phase == "over":
        return False
    for s in range(state.seats):
        places = [len(state.hands[s]), *(1 for _ in face_down(state, s)), len(state.decks[s])]
        if s != seat and len(unbuilt(state, s)) >= 2 and sum(1 for n in places if n) >= 2:
            return True
    return False


@settings(max_examples=12, deadline=None)
@given(game=games)
def test_determinize_deals_the_other_architects_cards_anew(game: tuple[int, int]) -> None:
    checked = 0
    for state in sampled(*game):
        seat = GAME.active(state)[0] if GAME.active(state) else 0
        if not can_differ(state, seat):
            continue
        real = [secrets(state, s)[:3] for s in range(state.seats) if s != seat]
        samples = [determinize(state, seat, Random(i)) for i in range(RNGS)]
        assert any([secrets(sample, s)[:3] for s in range(state.seats) if s != seat] != real
                   for sample in samples)
        checked += 1
    assert checked > 0


def test_determinize_deals_the_face_down_contracts_anew_when_another_card_fits() -> None:
    """Over the games of every variant: whenever another contract card the seat has not seen
    meets the requirement of one an other architect took, some samples deal it."""
    checked = 0
    for variant in range(len(VARIANTS)):
        for state in sampled(variant, 0):
            seat = 0
            others = [s for s in range(1, state.seats) if state.taken[s]]
            pool = {c for s in others for c in state.taken[s]} | undrawn(state)
            if state.phase == "over" or not any(
                    met(state, s, c) for s in others for c in pool - set(state.taken[s])):
                continue
            real = [sorted(state.taken[s]) for s in others]
            samples = [determinize(state, seat, Random(i)) for i in range(RNGS)]
            assert any([sorted(sample.taken[s]) for s in others] != real for sample in samples)
            checked += 1
    assert checked > 0


def test_nothing_is_dealt_before_the_hands_or_once_the_game_is_over() -> None:
    for variant in range(len(VARIANTS)):
        states = played(variant, 0)
        for state in (states[0], states[-1]):
            assert determinize(state, 0, Random(1)) is state


def test_a_contract_its_taker_does_not_meet_in_a_state_made_by_hand_is_still_dealt() -> None:
    """No architect meets a contract before it builds; a state made by hand may say it took
    one all the same: the card is then dealt from the whole pool the seat has not seen."""
    state = started(2)
    card = min(undrawn(state))
    state = replace(state, taken=((), (card,)), contracts_drawn=(*state.contracts_drawn, card))
    samples = [determinize(state, 0, Random(i)) for i in range(RNGS)]
    assert all(GAME.view(sample, 0) == GAME.view(state, 0) for sample in samples)
    assert len({sample.taken[1] for sample in samples}) > 1


@settings(max_examples=6, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_a_determinized_state_plays_on_to_the_end(game: tuple[int, int], rng_seed: int) -> None:
    """The sample is a real state to `decide` and `evolve`: a random game goes on from it to
    the end, every card built or set aside and every hand and deck empty."""
    rng = Random(rng_seed)
    states = played(*game)
    state = determinize(states[rng.randrange(len(states))], rng.randrange(states[0].seats), rng)
    while GAME.outcome(state) is None:
        seat = GAME.active(state)[0]
        for event in GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)), rng):
            state = GAME.evolve(state, event)
    assert not any(state.hands) and not any(state.decks)


# evaluate --------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(game=games, rng_seed=st.integers(0, 2**32))
def test_evaluate_is_within_bounds_and_blind_to_the_others_secrets(
        game: tuple[int, int], rng_seed: int) -> None:
    rng = Random(rng_seed)
    for state in sampled(*game):
        for seat in range(state.seats):
            value = evaluate(state, seat)
            assert -1.0 <= value <= 1.0
            assert evaluate(determinize(state, seat, rng), seat) == value


def test_evaluate_at_the_end_follows_the_ranks() -> None:
    for variant in range(len(VARIANTS)):
        state = played(variant, 1)[-1]
        result = GAME.outcome(state)
        assert result is not None
        values = [GAME.evaluate(state, seat) for seat in range(state.seats)]
        assert values == [from_ranks(result.ranks, seat) for seat in range(state.seats)]
        for seat, rank in enumerate(result.ranks):
            if result.winners == [seat]:
                assert values[seat] == 1.0
            if rank == max(result.ranks) and rank > 1:
                assert values[seat] == -1.0


def test_from_ranks_gives_1_to_the_first_and_minus_1_to_the_last() -> None:
    assert [from_ranks([1, 2], s) for s in range(2)] == [1.0, -1.0]
    assert [from_ranks([2, 1, 3], s) for s in range(3)] == [0.0, 1.0, -1.0]
    assert [from_ranks([1, 1, 3, 4], s) for s in range(4)] == pytest.approx([1.0, 1.0, -1 / 3, -1.0])
    assert [from_ranks([1, 1], s) for s in range(2)] == [0.0, 0.0]


def test_more_coins_is_better_and_the_opponents_coins_are_worse() -> None:
    states = played(0, 2)
    state = states[len(states) // 2]
    assert state.phase != "over"
    richer = replace(state, coins=(state.coins[0] + 5, *state.coins[1:]))
    poorer = replace(state, coins=(state.coins[0], state.coins[1] + 5, *state.coins[2:]))
    assert evaluate(richer, 0) > evaluate(state, 0) > evaluate(poorer, 0)


def test_the_game_declares_both_functions() -> None:
    assert GAME.evaluate == evaluate and GAME.determinize == determinize
