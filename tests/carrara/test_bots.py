"""What the greedy and search bots ask of The Palaces of Carrara: `determinize` (the other
screens and the bag dealt anew, as the seat cannot tell them apart) and `evaluate` (the
projected total's margin), on states of random games of every seat count and variant.

How strong a bot plays is measured by `python -m bench bots`, not here."""

from __future__ import annotations

from functools import cache
from random import Random
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.bots import evaluate, unseen_block_count, unseen_objects
from domain.carrara.cards import purple_met
from domain.carrara.components import COLOURS, ITEMS
from domain.carrara.options import Options
from domain.carrara.sampling import determinize
from domain.carrara.state import State

from .helpers import new_game, with_player

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (seats, options)
    for seats in (2, 3, 4)
    for options in ({}, {"expansion": True}, {"expansion": True, "board": "basic"})
] + [
    # the green cards that ask for a choice after the last round (the bonus step), the
    # majorities, the brown coins card and purple sets
    (2, {"expansion": True, "green": "two_cities", "brown": "coins", "purple": "pairs"}),
    (3, {"expansion": True, "green": "city_majority", "purple": "different"}),
    (4, {"expansion": True, "green": "two_types", "brown": "coins"}),
]
EVERY = 20  # one state in twenty of each game, and one payment in three: ~25 a game
RNGS = 6  # determinizations per state of which one at least must differ


@cache
def played(variant: int) -> tuple[State, ...]:
    """Every state of one random game of a variant; kept, several properties walk them."""
    seats, options = VARIANTS[variant]
    rng = Random(variant)
    state: Any = None
    for event in GAME.start(msgspec.convert(options, Options), seats, rng):
        state = GAME.evolve(state, event)
    states = [state]
    while GAME.outcome(state) is None:
        seat = GAME.active(state)[0]
        for event in GAME.decide(state, seat, rng.choice(GAME.legal(state, seat)), rng):
            state = GAME.evolve(state, event)
        states.append(state)
    return tuple(states)


def sampled(variant: int) -> list[State]:
    """Every EVERY-th state, one in three with a payment pending, and the last."""
    states = played(variant)
    paying = [s for s in states if s.phase == "pay"][::3]
    return [*states[::EVERY], *paying, states[-1]]


ALL = pytest.mark.parametrize("variant", range(len(VARIANTS)),
                              ids=[f"{s}p-{'-'.join(f'{v}' for v in o.values()) or 'base'}"
                                   for s, o in VARIANTS])


def audiences(state: State) -> list[int | None]:
    return [*range(state.seats), None]


def pooled(state: State, seat: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What `seat` has not seen, per colour and per type: the bag's blocks with those behind
    the other screens, and the objects behind the other screens."""
    others = [s for s in range(state.seats) if s != seat]
    blocks = tuple(state.bag[c] + sum(state.players[s].blocks[c] for s in others)
                   for c in range(len(COLOURS)))
    items = tuple(sum(state.players[s].items[i] for s in others) for i in range(len(ITEMS)))
    return blocks, items


def holdings(state: State) -> tuple[Any, ...]:
    """Where the blocks and objects are: the bag, and each screen's."""
    return state.bag, tuple((p.blocks, p.items) for p in state.players)


def closed(state: State, seat: int | None) -> State:
    """The state with what `seat` cannot see emptied: the other screens and the bag."""
    players = tuple(p if s == seat else replace(p, coins=0, blocks=(), items=())
                    for s, p in enumerate(state.players))
    return replace(state, players=players, bag=())


# -- determinize -------------------------------------------------------------------------


@ALL
def test_the_seat_sees_the_same_view_in_a_determinized_state(variant: int) -> None:
    rng = Random(variant)
    for state in sampled(variant):
        for seat in audiences(state):
            sample = determinize(state, seat, rng)
            assert GAME.view(sample, seat) == GAME.view(state, seat), (state.phase, seat)


@ALL
def test_determinize_deals_the_unseen_components_anew_and_keeps_them_all(variant: int) -> None:
    """Only the other screens and the bag change; the bag keeps its size, the blocks and
    objects the seat has not seen are the same multiset; before the end some
    determinization differs from the real state."""
    moved = 0
    for state in sampled(variant):
        for seat in audiences(state):
            samples = [determinize(state, seat, Random(n)) for n in range(RNGS)]
            for sample in samples:
                assert closed(sample, seat) == closed(state, seat)
                assert pooled(sample, seat) == pooled(state, seat)
                assert sum(sample.bag) == sum(state.bag)
                assert all(p.coins >= 0 for p in sample.players)
            if state.phase != "over":  # at least the others' coins are guessed anew
                assert any(sample != state for sample in samples), (state.phase, seat)
                moved += any(holdings(sample) != holdings(state) for sample in samples)
    assert moved  # some blocks or objects went elsewhere, not only coins


@ALL
def test_a_sample_depends_on_the_seats_view_and_the_rng_alone(variant: int) -> None:
    """Two states the seat cannot tell apart give the same sample for the same rng: the
    bots then choose the same, whatever the real screens hold."""
    for at, state in enumerate(sampled(variant)):
        for seat in audiences(state):
            other = determinize(state, seat, Random(at))
            assert determinize(other, seat, Random(-at)) == determinize(state, seat, Random(-at))


def test_once_the_game_is_over_every_screen_is_lifted_and_nothing_is_dealt() -> None:
    state = played(0)[-1]
    assert state.phase == "over"
    for seat in audiences(state):
        assert determinize(state, seat, Random(1)) is state
        assert GAME.view(state, seat) == GAME.view(state, None)


@ALL
def test_the_seat_has_the_same_commands_and_every_active_seat_some(variant: int) -> None:
    """`legal` of the seat reads only what it sees; the seats that must move still can (a
    player paying for a chosen building holds blocks the city accepts), and the state plays
    on through `decide` and `evolve`."""
    rng = Random(variant)
    for state in sampled(variant):
        for seat in range(state.seats):
            sample = determinize(state, seat, rng)
            assert GAME.legal(sample, seat) == GAME.legal(state, seat)
            for actor in GAME.active(sample):
                commands = GAME.legal(sample, actor)
                assert commands, (sample.phase, actor)
                for event in GAME.decide(sample, actor, rng.choice(commands), rng):
                    GAME.evolve(sample, event)


@ALL
def test_an_announcer_keeps_the_purple_objective_it_announced_with(variant: int) -> None:
    """Objects are never given back: an announcer still meets the purple card in every
    determinization of another seat."""
    for state in played(variant):
        if state.announcer is None or state.phase == "over":
            continue
        for seat in range(state.seats):
            if seat != state.announcer:
                sample = determinize(state, seat, Random(seat))
                assert purple_met(state.cards.purple, state.seats,
                                  sample.players[state.announcer].items)


def test_the_game_declares_the_bots_functions() -> None:
    assert GAME.evaluate is evaluate
    assert GAME.determinize is determinize


# -- evaluate ----------------------------------------------------------------------------


@ALL
def test_evaluate_stays_within_bounds_and_reads_no_other_screen(variant: int) -> None:
    rng = Random(variant)
    for state in sampled(variant):
        for seat in range(state.seats):
            value = evaluate(state, seat)
            assert -1.0 <= value <= 1.0
            assert evaluate(determinize(state, seat, rng), seat) == value


@ALL
def test_evaluate_at_the_end_follows_the_ranks(variant: int) -> None:
    state = played(variant)[-1]
    outcome = GAME.outcome(state)
    assert outcome is not None
    worst = max(outcome.ranks)
    for seat, rank in enumerate(outcome.ranks):
        value = evaluate(state, seat)
        if worst == 1:
            assert value == 0.0
        elif rank == 1:
            assert value == 1.0
        elif rank == worst:
            assert value == -1.0
        else:
            assert -1.0 < value < 1.0


def test_evaluate_at_the_end_of_a_tie_for_everyone_is_zero_and_a_sole_winner_one() -> None:
    state = played(0)[-1]
    equal = replace(state, players=tuple(replace(p, vp=0, coins=0, blocks=(0,) * 6, items=(0,) * 6,
                                                 cities=((),) * 6, announced=False)
                                         for p in state.players))
    assert [evaluate(equal, s) for s in range(state.seats)] == [0.0] * state.seats
    ahead = with_player(equal, 1, vp=50)
    assert evaluate(ahead, 1) == 1.0 and evaluate(ahead, 0) == -1.0


def test_evaluate_likes_points_coins_and_blocks_of_its_own() -> None:
    state = new_game(3, seed=2)
    base = evaluate(state, 0)
    assert base == pytest.approx(evaluate(state, 1), abs=0.1)  # nothing played yet
    assert evaluate(with_player(state, 0, vp=10), 0) > base
    assert evaluate(with_player(state, 0, coins=40), 0) > base
    assert evaluate(with_player(state, 1, vp=10), 0) < base
    white = tuple(n + (c == 0) for c, n in enumerate(state.players[0].blocks))
    assert evaluate(replace(with_player(state, 0, blocks=white),
                            bag=tuple(n - (c == 0) for c, n in enumerate(state.bag))), 0) > base


def test_what_the_table_sees_of_the_other_screens_is_their_sums() -> None:
    state = new_game(4, seed=1)
    assert unseen_block_count(state, 0) == 3  # the other three starting blocks
    moved = with_player(with_player(state, 1, blocks=(0,) * 6), 2, items=(1, 0, 0, 0, 0, 0))
    assert unseen_block_count(moved, 0) == 3  # the table sees the bag's size, not its make-up
    assert unseen_objects(state, 0) == (0,) * 6
    assert unseen_objects(moved, 0) == (0,) * 6


def test_an_announcer_keeps_a_rare_objective_even_when_dealing_seldom_meets_it() -> None:
    """Four identical objects: three other players seldom deal them to the announcer, so
    after a few tries it draws objects until it meets the card, the rest dealt at random."""
    state = new_game(4, seed=3, expansion=True, purple="identical")
    state = with_player(state, 1, items=(4, 0, 0, 0, 0, 0), announced=True)
    state = with_player(state, 2, items=(1, 2, 0, 0, 0, 0))
    supply = (state.supply[0] - 5, state.supply[1] - 2, *state.supply[2:])
    state = replace(state, supply=supply, end="announced", announcer=1)
    for n in range(10):
        sample = determinize(state, 0, Random(n))
        assert purple_met("identical", 4, sample.players[1].items)
        assert pooled(sample, 0) == pooled(state, 0)
        assert determinize(with_player(state, 2, items=(0, 2, 0, 0, 0, 0)), 0, Random(n)) == sample
