"""Random full games through the shared contract checks, for every variant.

The number of games per variant is PLAZA_PROPERTY_GAMES (default: a few, for CI)."""

from __future__ import annotations

import os
from collections import Counter
from itertools import combinations
from random import Random
from typing import Any

import pytest

from domain.core import Illegal
from domain.core.simulate import Simulation
from domain.villa import GAME
from domain.villa.board import board
from domain.villa.commands import Command, PlaceHedge, PlaceToken, PlaceWell, SwapBirdBath
from domain.villa.components import FEATURES, TOKENS_PER_COLOUR
from domain.villa.geometry import bounding_box, region
from domain.villa.state import State
from tests.support.contract import check_rebuild, check_views, play_and_check

GAMES = int(os.environ.get("PLAZA_PROPERTY_GAMES", "0")) or 6

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}),
    (2, {"expert": True}), (3, {"expert": True}), (4, {"expert": True}),
    (4, {"team": True}), (4, {"expert": True, "team": True}),
    (2, {"expert": True, "two_player_expert": True}),
    (3, {"open_circle": True}), (4, {"expert": True, "team": True, "open_circle": True}),
]


def check_tokens(state: State) -> None:
    """Tokens are neither made nor lost: placed ones lie in areas, the rest in supply."""
    on_board = Counter(t.colour for a in state.areas for t in a.tokens)
    for colour in state.in_play():
        supply = state.supplies[colour]
        assert supply.placed + supply.left == TOKENS_PER_COLOUR
        assert on_board[colour] == supply.placed


def check_secrets(sim: Simulation) -> None:
    """The bag has no order in the state, and no view shows a Hedge still in it."""
    state = sim.state
    assert list(state.bag) == sorted(state.bag)
    spectators = GAME.view(state, None)
    assert all(GAME.view(state, seat) == spectators for seat in range(sim.seats))
    shown = {s.hedge for s in spectators.segments} | {h.id for h in spectators.circle}
    if spectators.hand is not None:
        shown.add(spectators.hand.id)
    assert not shown & set(state.bag)


def check_areas(state: State) -> None:
    """The closed areas are exactly the bounded regions the Hedges cut out of the plane."""
    b = board(state)
    xs = [x for x, _ in b.degree]
    ys = [y for _, y in b.degree]
    seen: set[tuple[int, int]] = set()
    bounded = []
    for x in range(min(xs) - 1, max(xs) + 1):
        for y in range(min(ys) - 1, max(ys) + 1):
            if (x, y) not in seen:
                cells = region((x, y), set(b.colours), bounding_box(b.degree), seen)
                if cells is not None:
                    bounded.append(sorted(cells))
    assert sorted(bounded) == sorted(sorted(a.cells) for a in state.areas)


def check_step(sim: Simulation) -> None:
    check_tokens(sim.state)
    check_areas(sim.state)
    check_secrets(sim)
    if sim.state.phase == "place":
        seat = sim.active()[0]
        with pytest.raises(Illegal):
            GAME.decide(sim.state, seat, PlaceHedge(999, 999), Random(0))


@pytest.mark.parametrize(("seats", "options"), VARIANTS, ids=lambda v: str(v))
def test_random_games_keep_the_contract(seats: int, options: dict[str, Any]) -> None:
    for game in range(GAMES):
        sim = play_and_check(GAME, seats, options, seed=game, rng_seed=1000 + game,
                             each_step=check_step)
        state = sim.state
        assert state.ended and state.phase == "over"
        assert ("last_hedge" in state.ended) == (state.hedges_left == 0)


def finish(seats: int, options: dict[str, Any], seed: int) -> State:
    sim = Simulation(GAME, seats, options, seed=seed)
    sim.play_randomly(Random(seed))
    return sim.state


def test_random_games_close_areas_of_many_sizes_and_end_both_ways() -> None:
    sizes: Counter[int] = Counter()
    endings: Counter[str] = Counter()
    for seed in range(max(GAMES, 24)):
        state = finish(2 + seed % 3, {}, seed)
        sizes.update(len(a.cells) for a in state.areas)
        endings.update(state.ended)
    assert {1, 2, 3, 4, 5, 6} <= set(sizes) and max(sizes) >= 8
    assert endings["last_token"] and endings["last_hedge"]


def keen(command: Command) -> bool:
    """A Feature face up, a Well or a Bird Bath switch."""
    if isinstance(command, PlaceToken):
        return command.feature is not None and not command.flipped
    return isinstance(command, PlaceWell | SwapBirdBath)


@pytest.mark.parametrize(("seats", "options"), [
    (3, {}), (4, {"team": True}), (2, {"two_player_expert": True})], ids=str)
def test_games_that_place_every_feature_they_can_keep_the_rules(
        seats: int, options: dict[str, Any]) -> None:
    """Players who prefer Features, Wells and Bird Bath switches, with every triple of
    Features in turn, so the in-game effects run often; checked as the contract does."""
    triples = list(combinations(FEATURES, 3))
    for game in range(GAMES * 2):
        features = list(triples[(game * 37) % len(triples)])
        sim = Simulation(GAME, seats, {**options, "expert": True, "features": features},
                         seed=game)
        rng = Random(game)
        while sim.outcome() is None:
            seat = rng.choice(sim.active())
            legal = sim.legal(seat)
            sim.command(seat, rng.choice([c for c in legal if keen(c)] or legal))
            check_tokens(sim.state)
        check_areas(sim.state)
        check_views(GAME, sim)
        check_rebuild(GAME, sim)
