"""What the live path keeps between states answers exactly as if computed afresh: each
game's last shown views (view.py `_next`, pinned to `_fresh`), the states `advance` made
(evolve.py `settling`), the redacted events and their sentences, the legal lists, the
taken spaces read off the placements (town.py `covered`)."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

import msgspec
import pytest

from domain.bellavista import GAME
from domain.bellavista import describe as describe_module
from domain.bellavista.events import ContractTaken, Event, HandDrawn, OfferMade
from domain.bellavista.evolve import _CASES
from domain.bellavista.state import Building, State
from domain.bellavista.town import town_of
from domain.bellavista.view import _fresh, _seat
from domain.core import rng_for
from domain.core.simulate import Simulation

from .helpers import custom

GAMES = [(seats, layout, seed) for seats in (2, 3, 4)
         for layout, seed in (("rome", 11), ("random", 12), ("custom", 13))]


def fresh(state: State) -> State:
    """An equal state made of new objects, which no cache by identity has seen."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


def _options(layout: str) -> dict[str, Any]:
    return msgspec.to_builtins(custom()) if layout == "custom" else {"layout": layout}


def _states(seats: int, layout: str, seed: int) -> list[State]:
    """The states of a random game after each event, as `decide` made them."""
    sim = Simulation(GAME, seats, _options(layout), seed=seed)
    sim.play_randomly(Random(seed))
    return [step.state for step in sim.timeline.steps]


def _plain(state: State) -> list[bytes]:
    """Every audience's view, built afresh (`_fresh`, then each seat from it)."""
    shown = _fresh(state)
    views = [shown.table] + [_seat(shown, viewer) for viewer in range(state.seats)]
    return [msgspec.json.encode(v) for v in views]


def _views(state: State) -> list[bytes]:
    return [msgspec.json.encode(GAME.view(state, v)) for v in (None, *range(state.seats))]


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES)
def test_views_from_the_last_shown_state_are_the_views_built_afresh(
        seats: int, layout: str, seed: int) -> None:
    """In order, after an older state of the game, after another game's state holding the
    same colours (the key the last shown is found by), and for fresh copies."""
    states = _states(seats, layout, seed)
    others = _states(seats, "random", seed + 100)
    rng = Random(seed)
    for i, state in enumerate(states):
        assert _views(state) == _plain(state), i
        if rng.random() < 0.2:
            older = states[rng.randrange(i + 1)]
            assert _views(older) == _plain(older)
        if rng.random() < 0.1:
            other = msgspec.structs.replace(others[min(i, len(others) - 1)],
                                            colours=state.colours)
            assert _views(other) == _plain(other)
        if rng.random() < 0.1:
            again = fresh(state)
            assert _views(again) == _plain(state)


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES[::2])
def test_a_seats_view_is_the_spectators_with_its_player_and_offers_replaced(
        seats: int, layout: str, seed: int) -> None:
    for state in _states(seats, layout, seed):
        table = GAME.view(state, None)
        for viewer in range(seats):
            seat = GAME.view(state, viewer)
            assert GAME.view(state, viewer) is seat  # made once per state
            for field in table.__struct_fields__:
                if field not in ("players", "offers"):
                    assert getattr(seat, field) is getattr(table, field), field
            assert [p is q for p, q in zip(seat.players, table.players, strict=True)] == \
                [s != viewer for s in range(seats)]


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES[::2])
def test_folding_what_decide_returned_gives_its_states_equal_to_a_plain_fold(
        seats: int, layout: str, seed: int) -> None:
    states = [s for s in _states(seats, layout, seed)
              if GAME.active(s) and GAME.legal(s, GAME.active(s)[0])]  # a player to move
    rng = Random(seed)
    for seq, state in enumerate(states[::3], start=1):
        seat = GAME.active(state)[0]
        legal = GAME.legal(state, seat)
        events = GAME.decide(state, seat, rng.choice(legal), rng_for(seed, seq))
        other = GAME.decide(state, seat, legal[0], rng_for(seed, seq))  # the last decided
        folded, plain, copy = state, fresh(state), fresh(state)
        for event in events:  # decided before the last: folded anew
            folded = GAME.evolve(folded, event)
            plain = _CASES[type(event)](plain, event)
            copy = GAME.evolve(copy, msgspec.structs.replace(event))
        assert msgspec.json.encode(folded) == msgspec.json.encode(plain) == \
            msgspec.json.encode(copy)
        made = GAME.evolve(state, other[0])
        assert GAME.evolve(state, other[0]) is made  # the state advance made
        assert made == _CASES[type(other[0])](fresh(state), other[0])
        assert GAME.evolve(fresh(state), other[0]) is not made


LINES: dict[type[Any], Callable[[Any], str]] = {
    HandDrawn: describe_module._drawn, OfferMade: describe_module._offered,
    ContractTaken: describe_module._taken}


def test_a_redacted_event_is_one_event_for_every_audience_and_its_sentence_the_plain_one(
        ) -> None:
    sim = Simulation(GAME, 4, {"layout": "paris"}, seed=5)
    sim.play_randomly(Random(5))
    seen = set()
    for step in sim.timeline.steps:
        event: Event = step.event
        shown = [GAME.redact(event, viewer) for viewer in (None, 0, 1, 2, 3)]
        if type(event) not in (HandDrawn, OfferMade, ContractTaken):
            assert all(s is event for s in shown)
            continue
        seen.add(type(event))
        hidden = [s for s in shown if s is not event]
        assert len(hidden) == 4 and all(s is hidden[0] for s in hidden)
        empty = msgspec.structs.replace(event, **{
            HandDrawn: {"cards": None}, OfferMade: {"card": None},
            ContractTaken: {"contract": None}}[type(event)])
        assert hidden[0] == empty
        line = LINES[type(event)]
        for _ in range(2):
            assert GAME.describe(hidden[0]) == line(empty)
            assert GAME.describe(event) == line(event)
            assert GAME.describe(msgspec.structs.replace(event)) == line(event)
    assert seen == {HandDrawn, OfferMade, ContractTaken}


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES[::2])
def test_legal_lists_are_listed_once_and_a_fresh_list_each_time(
        seats: int, layout: str, seed: int) -> None:
    for state in _states(seats, layout, seed)[::2]:
        for seat in range(seats):
            first = GAME.legal(state, seat)
            assert GAME.legal(fresh(state), seat) == first
            first.append(None)  # type: ignore[arg-type]
            assert None not in GAME.legal(state, seat)


@pytest.mark.parametrize(("seats", "layout", "seed"), GAMES[::2])
def test_the_spaces_a_building_covers_read_off_its_placement_are_its_cells_mask(
        seats: int, layout: str, seed: int) -> None:
    for state in _states(seats, layout, seed)[-1:]:
        town = town_of(state.town)
        assert state.buildings
        for building in state.buildings:
            assert town.covered(building.cells) == town.mask(building.cells)
            assert town.by_cells.get(building.cells) is not None
        # a building on cells no placement lists in that order: counted cell by cell
        odd = Building(0, "red", 2, tuple(reversed(state.buildings[-1].cells)))
        assert town.covered(odd.cells) == town.mask(odd.cells) == \
            town.mask(state.buildings[-1].cells)
