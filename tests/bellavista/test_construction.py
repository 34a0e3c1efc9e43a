"""II • Construction: A place a building, B earn coins, C take a contract (seed)."""

from __future__ import annotations

from random import Random

import pytest

from domain.bellavista import GAME
from domain.bellavista.commands import DeclineContract, PlaceBuilding, TakeContract
from domain.bellavista.events import BuildingPlaced
from domain.bellavista.state import Building, Card, State
from domain.bellavista.town import town_of
from domain.core import Illegal

from .helpers import building, construction, contract_id, custom, play, started

RNG = Random(0)


def build(seats: int, card: Card, zoning: str, *buildings: Building,
          contracts: tuple[int, ...] = ()) -> State:
    """Seat 0 is about to build `card`; seat 1 builds next."""
    others = [(1, Card(8))] if seats > 1 else []
    return construction(started(seats), [(0, card), *others], zoning, buildings, contracts)


def placed(state: State, command: PlaceBuilding) -> BuildingPlaced:
    events = GAME.decide(state, GAME.active(state)[0], command, RNG)
    assert isinstance(events[0], BuildingPlaced)
    return events[0]


def cells_of(state: State, command: PlaceBuilding) -> set[tuple[int, int]]:
    height = state.current().card.height
    return set(town_of(state.town).by_command[(height, command)].cells)


# -- B: earn coins ---------------------------------------------------------------------------

def test_andrea_building_6_next_to_a_2_and_a_1_earns_5_coins() -> None:
    state = build(4, Card(6), "no_rivers",
                  building(2, 2, (7, 3), (7, 4)), building(3, 1, (7, 6), (7, 7)))
    event = placed(state, PlaceBuilding(7, 5))
    assert event.coins == 5  # 2 coins for the shorter buildings, 3 for the tallest
    assert play(state, 0, PlaceBuilding(7, 5))[0].coins[0] == 20 + 5


def test_bruno_building_4_isolated_earns_3_coins() -> None:
    state = build(4, Card(4), "no_rivers", building(2, 2, (7, 3), (7, 4)))
    assert placed(state, PlaceBuilding(7, 0)).coins == 3


def test_anne_building_6_next_to_a_6_and_a_2_earns_1_coin() -> None:
    state = build(4, Card(6), "no_rivers", building(2, 6, (6, 4)), building(3, 2, (8, 3), (8, 4)))
    assert placed(state, PlaceBuilding(7, 4)).coins == 1


def test_strictly_equal_height_earns_nothing() -> None:
    state = build(4, Card(7), "no_rivers", building(2, 7, (6, 4)))
    assert placed(state, PlaceBuilding(7, 4)).coins == 0


def test_diagonal_buildings_are_not_adjacent_for_coins() -> None:
    state = build(4, Card(6), "no_rivers", building(2, 3, (6, 5), (6, 6)),
                  building(3, 8, (8, 4)))
    assert placed(state, PlaceBuilding(7, 5)).coins == 1 + 3  # the #8 is only diagonal


def test_two_architect_construction_example() -> None:
    # Anne is seat 0, Bruno seat 1; earlier rounds left these buildings
    prior = (building(1, 7, (0, 9)), building(1, 8, (0, 11)), building(1, 8, (11, 0)),
             building(0, 7, (6, 8)), building(0, 2, (7, 6), (7, 7)))
    striped_leaf = contract_id("one_tile", "leaf_striped")
    leaf = contract_id("one_tile", "leaf")
    border = contract_id("border")
    contracts = (striped_leaf, leaf, border, contract_id("rivers"))
    offers = [(0, Card(4)), (1, Card(6)), (0, Card(4, roofed=True)), (1, Card(5))]
    state = construction(started(2), offers, "community_parks", prior, contracts)
    # ANNE places her #4 beside a Park with no adjacent building: 3 coins, no contract
    state, events = play(state, 0, PlaceBuilding(2, 10))
    assert events[0].coins == 3 and state.phase == "place" and GAME.active(state) == [1]  # type: ignore[union-attr]
    # BRUNO's #6 next to ANNE's: 4 coins; 3 buildings on the striped Leaf meet a contract
    state, events = play(state, 1, PlaceBuilding(2, 9))
    assert events[0].coins == 4  # type: ignore[union-attr]
    assert GAME.legal(state, 1) == [TakeContract(striped_leaf), DeclineContract()]
    state, _ = play(state, 1, DeclineContract())
    # ANNE's second #4 earns only 1 coin and takes the unstriped Leaf contract (3 buildings)
    state, events = play(state, 0, PlaceBuilding(7, 8, rotation=1))
    assert events[0].coins == 1 and events[0].colour == "green"  # type: ignore[union-attr]
    assert TakeContract(leaf) in GAME.legal(state, 0)
    state, _ = play(state, 0, TakeContract(leaf))
    # BRUNO builds on the border: 3 coins, and takes the 4-buildings-on-the-border contract
    state, events = play(state, 1, PlaceBuilding(3, 0))
    assert events[0].coins == 3  # type: ignore[union-attr]
    assert TakeContract(border) in GAME.legal(state, 1)
    state, _ = play(state, 1, TakeContract(border))
    assert state.taken == ((leaf,), (border,))
    assert state.round == 2 and state.phase == "offer"


# -- A: place a building ---------------------------------------------------------------------

def test_andrea_spans_the_striped_flower_and_striped_butterfly_neighborhoods() -> None:
    state = build(4, Card(2), "subsidized_striped")
    assert PlaceBuilding(0, 5) in GAME.legal(state, 0)
    assert cells_of(state, PlaceBuilding(0, 5)) == {(0, 5), (0, 6)}
    with pytest.raises(Illegal, match=r"row 4, col 1: this placement breaks the zoning card "
                                      r"Subsidized Neighborhoods \(striped Flower"):
        placed(state, PlaceBuilding(4, 1))


@pytest.mark.parametrize(("zoning", "refused"), [
    ("subsidized_unstriped", PlaceBuilding(0, 4)),
    ("community_parks", PlaceBuilding(4, 1)),
    ("no_parks", PlaceBuilding(2, 9)),
    ("no_rivers", PlaceBuilding(2, 4)),
    ("no_borders", PlaceBuilding(0, 4)),
])
def test_the_zoning_card_restricts_every_placement(zoning: str, refused: PlaceBuilding) -> None:
    state = build(4, Card(6), zoning)
    town = town_of(state.town)
    legal = GAME.legal(state, 0)
    assert legal and refused not in legal
    assert all(town.by_command[(6, c)].allowed_by(zoning) for c in legal)  # type: ignore[index]
    with pytest.raises(Illegal, match="breaks the zoning card"):
        placed(state, refused)


def test_buildings_cannot_be_placed_on_parks_or_rivers() -> None:
    state = build(4, Card(6), "no_borders")
    with pytest.raises(Illegal, match=r"space \(1, 1\) is on Park 1; buildings cannot be placed "
                                      "on Parks or Rivers"):
        placed(state, PlaceBuilding(1, 1))
    with pytest.raises(Illegal, match=r"space \(4, 4\) is on River 1"):
        placed(state, PlaceBuilding(4, 4))


def test_a_space_holds_one_building_and_the_town_has_edges() -> None:
    state = build(4, Card(2), "no_rivers", building(2, 6, (7, 2)))
    with pytest.raises(Illegal, match=r"space \(7, 2\) already has a building"):
        placed(state, PlaceBuilding(7, 1))
    with pytest.raises(Illegal, match=r"space \(9, 11\) is outside the town"):
        placed(state, PlaceBuilding(9, 11))
    with pytest.raises(Illegal, match=r"rotation 2 mirror false: building #2 \(2 spaces\) has "
                                      r"the shapes rotation 0 mirror false, rotation 1 mirror false"):
        placed(state, PlaceBuilding(7, 0, 2))


def test_legal_lists_every_position_and_rotation_of_the_footprint() -> None:
    state = build(4, Card(1), "no_parks")
    rotations = {c.rotation for c in GAME.legal(state, 0)}  # type: ignore[union-attr]
    assert rotations == {0, 1}
    town = town_of(state.town)
    expected = [p.command for p in town.placements[1] if p.allowed_by("no_parks")]
    assert GAME.legal(state, 0) == expected


def _fill(state: State, *tiles: str) -> tuple[Building, ...]:
    town = town_of(custom().tiles)
    return tuple(building(None, 8, cell) for cell, tile in sorted(town.tile_of.items())
                 if tile in tiles)


def test_warning_no_legal_placement_means_the_border_and_no_coins_no_contract() -> None:
    full = _fill(started(), "leaf_striped", "leaf", "dove_striped", "dove")
    border = contract_id("border")
    state = build(4, Card(6), "subsidized_leaf_dove", *full, contracts=(border,))
    legal = GAME.legal(state, 0)
    town = town_of(state.town)
    assert legal and all(town.by_command[(6, c)].border for c in legal)  # type: ignore[index]
    assert PlaceBuilding(4, 1) not in legal
    with pytest.raises(Illegal, match=r"no placement respects the zoning card .* must go on "
                                      "the border"):
        placed(state, PlaceBuilding(4, 1))
    # an isolated building on the border would earn 3, and seat 0 has 3 border buildings
    state = build(4, Card(6), "subsidized_leaf_dove", *full, building(0, 1, (0, 3), (0, 4)),
                  building(0, 2, (0, 7), (0, 8)), building(0, 5, (0, 5), (0, 6)),
                  contracts=(border,))
    after, events = play(state, 0, PlaceBuilding(4, 0))
    assert events[0] == BuildingPlaced(0, 0, "red", 6, ((4, 0),), 0, forced=True)
    assert after.coins[0] == 20 and after.phase == "place" and GAME.active(after) == [1]
    assert GAME.view(state, None).now.rule == "border"  # type: ignore[union-attr]


def test_no_free_space_on_the_border_either_means_any_free_space() -> None:
    town = town_of(custom().tiles)
    blocked = _fill(started(), "leaf_striped", "leaf", "dove_striped", "dove")
    border = tuple(building(None, 8, p.cells[0]) for p in town.placements[8]
                   if p.border and town.tile_of[p.cells[0]] not in {b for b in
                                                                     ("leaf_striped", "leaf",
                                                                      "dove_striped", "dove")})
    state = build(4, Card(6), "subsidized_leaf_dove", *blocked, *border)
    legal = GAME.legal(state, 0)
    assert legal and PlaceBuilding(4, 1) in legal
    assert GAME.view(state, None).now.rule == "anywhere"  # type: ignore[union-attr]


# -- C: contracts ----------------------------------------------------------------------------

def test_andrea_meets_two_contracts_and_may_take_only_one() -> None:
    border, spanning = contract_id("border"), contract_id("spanning")
    mine = (building(0, 8, (0, 4)), building(0, 7, (0, 10)), building(0, 2, (0, 5), (0, 6)),
            building(0, 1, (7, 5), (7, 6)))
    state = build(4, Card(5), "no_rivers", *mine, contracts=(border, spanning, 0, 1))
    state, _ = play(state, 0, PlaceBuilding(11, 1))  # the 4th building on the border
    assert GAME.legal(state, 0) == [TakeContract(border), TakeContract(spanning),
                                    DeclineContract()]
    state, _ = play(state, 0, TakeContract(spanning))  # the one worth the most coins
    assert state.taken[0] == (spanning,) and state.contracts == (border, 0, 1)
    assert GAME.active(state) == [1]


def test_taking_a_contract_is_optional() -> None:
    border = contract_id("border")
    mine = (building(0, 8, (0, 4)), building(0, 7, (0, 10)), building(0, 6, (11, 2)))
    state = build(4, Card(5), "no_rivers", *mine, contracts=(border,))
    state, _ = play(state, 0, PlaceBuilding(11, 0))
    state, _ = play(state, 0, DeclineContract())
    assert state.taken[0] == () and state.contracts == (border,)


def test_one_contract_per_round_even_with_two_turns_and_no_refill_before_round_end() -> None:
    border, parks = contract_id("border"), contract_id("parks")
    mine = (building(0, 8, (0, 4)), building(0, 7, (0, 10)), building(0, 6, (11, 2)),
            building(0, 2, (2, 9), (2, 10)), building(0, 2, (8, 8), (7, 8)))
    offers = [(0, Card(5)), (1, Card(8)), (0, Card(4)), (1, Card(7))]
    state = construction(started(2), offers, "no_rivers", mine, (border, parks))
    state, _ = play(state, 0, PlaceBuilding(11, 0))
    state, _ = play(state, 0, TakeContract(border))
    assert state.contracts == (parks,)  # not replaced until the end of the round
    state, _ = play(state, 1, PlaceBuilding(4, 1))
    state, _ = play(state, 0, PlaceBuilding(8, 6))  # now 3 buildings beside Parks
    assert state.phase == "place" and GAME.active(state) == [1]  # no contract step at all
    with pytest.raises(Illegal):
        GAME.decide(state, 0, TakeContract(parks), RNG)


def test_a_building_with_no_free_spaces_anywhere_is_set_aside() -> None:
    from domain.bellavista.events import BuildingNotBuilt

    town = town_of(custom().tiles)
    free = {(7, 1), (0, 4), (11, 2)}
    full = tuple(building(None, 8, p.cells[0]) for p in town.placements[8]
                 if p.cells[0] not in free)
    state = construction(started(4), [(1, Card(8)), (0, Card(1))], "no_rivers", full)
    state, events = play(state, 1, PlaceBuilding(7, 1))
    assert BuildingNotBuilt(0, 0, 1) in events  # 2 spaces fit nowhere: the turn passes
    assert state.phase == "offer" and state.round == 2
