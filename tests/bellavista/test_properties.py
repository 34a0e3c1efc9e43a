"""Random full games on every layout and seat count, with the contract and secrecy checks.

PLAZA_PROPERTY_GAMES sets the number of games per (layout, seats); CI plays a few.
"""

from __future__ import annotations

import os
import time
from random import Random

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.bellavista import GAME
from domain.bellavista.commands import (
    ChooseColour,
    Command,
    DeclineContract,
    MakeOffer,
    PlaceBuilding,
    TakeContract,
)
from domain.bellavista.components import ROUNDS, TILES
from domain.bellavista.events import ContractTaken, HandDrawn, OfferMade
from domain.bellavista.layouts import PRESETS, TileSpot, preset
from domain.bellavista.view import View
from domain.core import EventCodec, Illegal
from domain.core.simulate import Simulation
from tests.support.contract import play_and_check

from .helpers import custom

GAMES = int(os.environ.get("PLAZA_PROPERTY_GAMES", "0")) or 8
LAYOUTS = [*PRESETS, "random", "custom"]


def options(layout: str) -> dict[str, object]:
    if layout == "custom":
        return msgspec.to_builtins(custom())  # type: ignore[no-any-return]
    return {"layout": layout}


def without_own_secrets(view: View, seat: int) -> View:
    """A seat's view with its own hand and face-down cards hidden: the spectators' view
    (taken contract cards are everyone's once the game is over)."""
    players = list(view.players)
    contracts = players[seat].contracts if view.phase == "over" else None
    players[seat] = msgspec.structs.replace(players[seat], hand=None, contracts=contracts)
    offers = tuple(msgspec.structs.replace(o, card=None) if o.seat == seat and not o.revealed else o
                   for o in view.offers)
    return msgspec.structs.replace(view, players=tuple(players), offers=offers)


def check_secrecy(sim: Simulation) -> None:
    """No audience sees another seat's hand, face-down offer or taken contract card, in views
    or in events (each step checks the events it has not seen yet)."""
    spectators = GAME.view(sim.state, None)
    for seat in range(sim.seats):
        mine = GAME.view(sim.state, seat)
        assert mine.players[seat].hand == sim.state.hands[seat]
        assert without_own_secrets(mine, seat) == spectators
    assert all(p.hand is None for p in spectators.players)
    over = sim.state.phase == "over"
    assert all((p.contracts is not None) == over for p in spectators.players)
    codec = EventCodec(GAME)
    start = getattr(sim, "checked_events", 0)
    sim.checked_events = len(sim.envelopes)  # type: ignore[attr-defined]
    for env in sim.envelopes[start:]:
        event = codec.decode(env)
        if isinstance(event, HandDrawn | OfferMade | ContractTaken):
            for viewer in [None, *range(sim.seats)]:
                visible = _secret(GAME.redact(event, viewer))
                assert visible == (_secret(event) if viewer == event.seat else None)


def _secret(event: HandDrawn | OfferMade | ContractTaken) -> object:
    if isinstance(event, HandDrawn):
        return event.cards
    return event.card if isinstance(event, OfferMade) else event.contract


def check_end(sim: Simulation) -> None:
    state = sim.state
    per_architect = 16 if sim.seats == 2 else 8
    assert state.round == ROUNDS and state.phase == "over"
    assert all(not h for h in state.hands) and all(not d for d in state.decks)
    not_built = sum(1 for e in sim.envelopes if e.type == "BuildingNotBuilt")
    neutral = ROUNDS - 1 if sim.seats == 3 else 0
    assert len(state.buildings) + not_built == per_architect * sim.seats + neutral
    if sim.seats > 2:
        assert not_built == 0, "a 3- or 4-architect town must take every building"


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_random_games_play_to_the_end_and_keep_every_secret(layout: str, seats: int) -> None:
    for game in range(GAMES):
        seed = game * 7919 + seats
        sim = play_and_check(GAME, seats, options(layout), seed=seed, rng_seed=seed,
                             each_step=check_secrecy)
        check_end(sim)


@settings(max_examples=12, deadline=None)
@given(st.permutations(TILES), st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32))
def test_any_tiles_dealt_on_any_town_shape_take_every_building(
        tiles: list[str], shape: str, seed: int) -> None:
    spots = [TileSpot(t, s.row, s.col)  # type: ignore[arg-type]
             for t, s in zip(tiles, preset(shape), strict=True)]
    custom_town = {"layout": "custom", "tiles": msgspec.to_builtins(spots)}
    sim = Simulation(GAME, 4, custom_town, seed=seed)
    sim.play_randomly(Random(seed))
    check_end(sim)


def test_legal_is_fast_enough_to_send_on_every_update() -> None:
    """legal() runs for the active seat on every update: far under 5 ms on average."""
    sim = Simulation(GAME, 4, {"layout": "berlin"}, seed=3)
    rng, spent, calls = Random(3), 0.0, 0
    while sim.outcome() is None:
        seat = sim.active()[0]
        began = time.perf_counter()
        legal = sim.legal(seat)
        spent += time.perf_counter() - began
        calls += 1
        sim.command(seat, rng.choice(legal))
    assert spent / calls < 0.005


COMMANDS = st.one_of(
    st.builds(ChooseColour, st.sampled_from(["red", "blue", "green", "yellow", "pink"])),
    st.builds(MakeOffer, st.integers(-2, 8), st.integers(-1, 10), st.booleans()),
    st.builds(PlaceBuilding, st.integers(-2, 16), st.integers(-2, 16), st.integers(-1, 5),
              st.booleans()),
    st.builds(TakeContract, st.integers(-1, 20)),
    st.just(DeclineContract()),
)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 4), st.integers(0, 60), COMMANDS)
def test_any_command_is_either_legal_or_refused_with_a_sentence(seats: int, steps: int,
                                                                command: Command) -> None:
    sim = Simulation(GAME, seats, {"layout": "rome"}, seed=steps)
    rng = Random(steps)
    for _ in range(steps):
        if sim.outcome() is not None:
            return
        seat = sim.active()[0]
        sim.command(seat, rng.choice(sim.legal(seat)))
    if sim.outcome() is not None:
        return
    seat = sim.active()[0]
    try:
        GAME.decide(sim.state, seat, command, Random(0))
    except Illegal as refused:
        assert command not in sim.legal(seat)
        assert refused.message.endswith(".") and len(refused.message) > 20
    else:
        assert command in sim.legal(seat)
