"""Contract cards of every kind (seed: Reference: Contract Cards)."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.commands import PlaceBuilding, TakeContract
from domain.bellavista.components import CONTRACTS, NEIGHBORHOODS
from domain.bellavista.events import ContractsRevealed, ContractTaken
from domain.bellavista.flow import end_round
from domain.bellavista.layouts import PRESETS
from domain.bellavista.requirements import met, owned, progress
from domain.bellavista.state import Building, Card, State
from domain.core.simulate import Simulation

from .helpers import building, construction, contract_id, fold, play, started


def holding(seats: int, *buildings: Building) -> State:
    return replace(started(seats), buildings=buildings)


def test_the_18_contract_cards() -> None:
    kinds = Counter(c.kind for c in CONTRACTS)
    assert kinds == {"one_tile": 8, "tiles": 6, "spanning": 1, "border": 1, "rivers": 1,
                     "parks": 1}
    assert {c.tiles[0] for c in CONTRACTS if c.kind == "one_tile"} == set(NEIGHBORHOODS)
    assert Counter(len(c.tiles) for c in CONTRACTS if c.kind == "tiles") == {2: 4, 4: 2}
    assert all(c.coins > 0 for c in CONTRACTS)


@pytest.mark.parametrize(("seats", "needed"), [(2, 3), (3, 2), (4, 2)])
def test_two_buildings_entirely_on_the_tile_shown_three_with_two_architects(
        seats: int, needed: int) -> None:
    card = contract_id("one_tile", "flower")
    two = holding(seats, building(0, 5, (3, 0), (3, 1)), building(0, 6, (5, 2)))
    three = replace(two, buildings=(*two.buildings, building(0, 7, (4, 1))))
    assert met(two, 0, card) == (needed == 2)
    assert met(three, 0, card)
    assert not met(three, 1, card)  # another architect's buildings do not count


def test_warning_a_building_spanning_two_tiles_is_entirely_on_neither() -> None:
    # the #2 covers (2, 5) on the striped Flower and (2, 6) on the striped Butterfly
    state = holding(4, building(0, 5, (0, 3), (0, 4)), building(0, 2, (2, 5), (2, 6)))
    assert not met(state, 0, contract_id("one_tile", "flower_striped"))
    pair = next(c for c in CONTRACTS if c.kind == "tiles" and "butterfly_striped" in c.tiles)
    assert progress(pair, owned(state, 0), 4)[0] == 0
    state = replace(state, buildings=(*state.buildings, building(0, 8, (1, 4))))
    assert met(state, 0, contract_id("one_tile", "flower_striped"))


@pytest.mark.parametrize("seats", [2, 4])
def test_one_building_entirely_on_each_of_the_two_neighborhoods_shown(seats: int) -> None:
    card = contract_id("tiles", "flower_striped", "leaf")
    state = holding(seats, building(0, 5, (0, 3), (0, 4)))
    assert not met(state, 0, card)
    state = replace(state, buildings=(*state.buildings, building(0, 6, (7, 7))))
    assert met(state, 0, card)


def test_one_building_entirely_on_each_of_the_four_neighborhoods_shown() -> None:
    card = contract_id("tiles", "flower_striped", "butterfly_striped", "leaf", "dove")
    three = holding(4, building(0, 5, (0, 3), (0, 4)), building(0, 6, (0, 7)),
                    building(0, 7, (7, 7)))
    assert not met(three, 0, card)
    four = replace(three, buildings=(*three.buildings, building(0, 8, (7, 1))))
    assert met(four, 0, card)


@pytest.mark.parametrize("seats", [2, 4])
def test_two_buildings_spanning_two_adjacent_neighborhood_tiles(seats: int) -> None:
    card = contract_id("spanning")
    one = holding(seats, building(0, 2, (2, 5), (2, 6)), building(0, 5, (0, 3), (0, 4)))
    assert not met(one, 0, card)
    two = replace(one, buildings=(*one.buildings, building(0, 1, (7, 5), (7, 6))))
    assert met(two, 0, card)


@pytest.mark.parametrize("seats", [2, 4])
def test_four_buildings_on_the_border_of_town(seats: int) -> None:
    card = contract_id("border")
    three = holding(seats, building(0, 5, (0, 3), (0, 4)), building(0, 6, (4, 0)),
                    building(0, 7, (11, 2)), building(0, 8, (4, 1)))
    assert not met(three, 0, card)
    four = replace(three, buildings=(*three.buildings, building(0, 4, (1, 11), (2, 11))))
    assert met(four, 0, card)


@pytest.mark.parametrize(("seats", "needed"), [(2, 3), (4, 2)])
def test_buildings_adjacent_to_rivers_three_with_two_architects(seats: int, needed: int) -> None:
    card = contract_id("rivers")
    two = holding(seats, building(0, 5, (2, 3), (2, 4)), building(0, 6, (6, 8)))
    assert met(two, 0, card) == (needed == 2)
    three = replace(two, buildings=(*two.buildings, building(0, 7, (4, 2))))
    assert met(three, 0, card)


@pytest.mark.parametrize(("seats", "needed"), [(2, 3), (3, 2)])
def test_buildings_adjacent_to_parks_three_with_two_architects(seats: int, needed: int) -> None:
    card = contract_id("parks")
    two = holding(seats, building(0, 5, (0, 3), (0, 4)), building(0, 6, (2, 9)))
    assert met(two, 0, card) == (needed == 2)
    three = replace(two, buildings=(*two.buildings, building(0, 7, (8, 8))))
    assert met(three, 0, card)


def test_a_two_architect_roofed_building_counts_for_its_architect() -> None:
    card = contract_id("one_tile", "flower")
    roofed = Building(0, "green", 5, ((3, 0), (3, 1)))
    state = holding(2, roofed, building(0, 6, (5, 2)), building(0, 7, (4, 1)))
    assert met(state, 0, card)



def test_a_taken_contract_lies_face_down_its_owner_alone_sees_it_until_the_end() -> None:
    border = contract_id("border")
    mine = (building(0, 8, (0, 4)), building(0, 7, (0, 10)), building(0, 6, (11, 2)))
    state = construction(started(4), [(0, Card(5)), (1, Card(8))], "no_rivers", mine,
                         (border, 0, 1, 2))
    state, _ = play(state, 0, PlaceBuilding(11, 0))
    state, events = play(state, 0, TakeContract(border))
    assert events[0] == ContractTaken(0, border)
    for viewer in (None, 1, 2, 3):  # the spectators and the other seats
        hidden = GAME.redact(events[0], viewer)
        assert hidden == ContractTaken(0, None) and str(border) not in GAME.describe(hidden)
        seen = GAME.view(state, viewer).players[0]
        assert seen.contracts is None and seen.contracts_taken == 1
    assert GAME.redact(events[0], 0) == events[0]
    own = GAME.view(state, 0).players[0]
    assert [(c.id, c.coins) for c in own.contracts or []] == [(border, 5)]
    # seed: the coins are added at the end, where everyone sees the cards
    last = replace(state, round=8, phase="round_end")
    ending = end_round(last, Random(0))
    assert ContractsRevealed(0, (border,)) in ending and ContractsRevealed(1, ()) in ending
    assert all(GAME.irreversible(e) for e in ending if isinstance(e, ContractsRevealed))
    over = fold(last, ending)
    for viewer in (None, 0, 1):
        assert [c.id for c in GAME.view(over, viewer).players[0].contracts or []] == [border]

RATE_GAMES = 40  # per layout and seat count: 280 games, about a second and a half


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_contract_card_is_met_in_a_normal_game(seats: int) -> None:
    """Random games on the six example towns and random towns: each of the 18 cards has its
    requirement met by some architect in at least one game in eight (RULES.md gives the
    figures: the spanning card, the rarest, is met in 19% of these games with 3 architects; it
    was in 3% to 8% with 3 or 4 architects and the first footprints)."""
    met_in: Counter[int] = Counter()
    games = 0
    for layout in [*PRESETS, "random"]:
        for game in range(RATE_GAMES):
            seed = game * 7919 + seats
            sim = Simulation(GAME, seats, {"layout": layout}, seed=seed)
            sim.play_randomly(Random(seed))
            games += 1
            met_in.update(c.id for c in CONTRACTS
                          if any(met(sim.state, seat, c.id) for seat in range(seats)))
    rates = {c.id: met_in[c.id] / games for c in CONTRACTS}
    assert min(rates.values()) >= 0.12, rates
