"""Public Service effects, the player-board tables, and the waiting-benefits option."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.barcelona.commands import (
    BuildIntersection,
    BuildService,
    BuildStreet,
    ChooseBenefits,
    EndActions,
    EndTurn,
    MoveTram,
    PlaceCitizens,
    PlaceCobblestone,
    PlacePassenger,
    Store,
    TakeProject,
)
from domain.barcelona.components import (
    COBBLE_VP,
    INTERSECTION_COSTS,
    PASSENGER_COSTS,
    PASSENGER_VP,
    SAGRADA_TILES,
    Cost,
    Service,
    cerda_pool,
    modernisme_pool,
)
from domain.barcelona.scoring import final_parts
from domain.barcelona.state import Site, State, Task, active, put

from .helpers import at_crossing, laid, legal, new_game, play, with_player, with_task

SERVICES = ("market", "estacio", "hospital", "companys", "universitat")


def _service(service: Service, **changes: Any) -> State:
    state = at_crossing(laid(new_game(3), row1="service"), 7)
    services = (service, *(s for s in (*SERVICES, "pavello") if s != service))[:5]
    state = replace(state, services=services)
    state = with_player(state, 0, coins=3, **changes)
    return play(state, 0, BuildService(service))


def test_sant_antoni_market_gives_a_cloth_per_block_with_your_marker() -> None:
    state = at_crossing(laid(new_game(3), row1="service"), 7)
    sites = put(put(put(state.sites, 0, Site(0, (0,))), 1, Site(0, (0,))), 2, Site(1, (1, 0)))
    state = with_player(replace(state, sites=sites, services=SERVICES), 0, coins=3, cloths=0)
    state = play(state, 0, BuildService("market"))
    assert state.players[0].cloths == 2  # block (0,0) once, block (0,1)


def test_estacio_de_franca_moves_the_tram_and_the_passenger_ignores_its_coin_cost() -> None:
    state = _service("estacio")
    assert all(isinstance(c, MoveTram) for c in legal(state)[:-1])
    state = play(state, 0, MoveTram(5), PlacePassenger())
    assert state.players[0].coins == 0 and state.players[0].passengers == 1


def test_hospital_builds_an_intersection_ignoring_all_coin_costs() -> None:
    state = _service("hospital", intersections=2)
    state = with_player(state, 0, coins=0)
    assert BuildIntersection(12) in legal(state)  # 2 Coins on the board, 1 on the Diagonal
    state = with_player(_service("hospital", intersections=3), 0, coins=0, cloths=0)
    assert not any(isinstance(c, BuildIntersection) for c in legal(state))  # 1 Cloth remains


def test_passeig_de_lluis_companys_builds_wide_or_narrow_streets() -> None:
    state = _service("companys")
    wide = {c.space for c in legal(state) if isinstance(c, BuildStreet)}
    assert len(wide) == 44  # every empty street space, wide or narrow


def test_universitat_places_a_cobblestone_ignoring_adjacency() -> None:
    state = _service("universitat")
    assert len([c for c in legal(state) if isinstance(c, PlaceCobblestone)]) == 24


def test_pavello_takes_a_modernisme_project_ignoring_the_cloth_cost_of_the_space() -> None:
    state = _service("pavello", cloths=0)
    state = with_player(state, 0, coins=0, cloths=0)
    slots = {c.slot for c in legal(state) if isinstance(c, TakeProject)}
    assert slots == {0, 2}  # space 3's Cloth is waived; the Coins of spaces 2, 4, 5 are not
    assert all(isinstance(c, TakeProject) for c in legal(state)[:-1])


def test_museu_advances_twice_on_the_sagrada_familia_track() -> None:
    state = _service("museu")
    assert state.tasks[-1] == Task("sagrada", 0, n=2)


def test_public_service_tiles_cost_three_two_one_for_ten_six_three_vp() -> None:
    state = _service("museu")
    assert state.players[0].vp == 10
    state = at_crossing(laid(new_game(3), row1="service"), 7)
    state = replace(state, services=("museu", *SERVICES[:4]), services_left=(1, 3, 3, 3, 3))
    state = play(with_player(state, 0, coins=1), 0, BuildService("museu"))
    assert state.players[0].vp == 3 and state.players[0].coins == 0


def test_emptying_the_wide_stack_advances_two_cerda_steps() -> None:
    state = at_crossing(laid(new_game(2), row1="wide"), 7)
    state = play(with_player(state, 0, wide=1), 0, BuildStreet(8))
    assert state.players[0].wide == 0 and state.players[0].cerda >= 5


def test_coin_or_cloth_times_n_is_any_mix() -> None:
    state = with_task(at_crossing(new_game(2), 7), Task("store", 0, either=2))
    state = with_player(state, 0, coins=0, cloths=0)
    assert {Store(2, 0), Store(1, 1), Store(0, 2)} <= set(legal(state))
    assert Store(2, 1) not in legal(state)
    assert SAGRADA_TILES["2c"].either == 2


def test_player_board_tables() -> None:
    assert (Cost(), Cost(1), Cost(2), Cost(1, 1), Cost(2, 1)) == INTERSECTION_COSTS
    assert (Cost(1), Cost(0, 1), Cost(1, 1), Cost(2, 1), Cost(2, 2)) == PASSENGER_COSTS
    assert PASSENGER_VP == (1, 5, 10, 16, 23) and COBBLE_VP == (1, 2, 4, 7, 11, 16)
    state = new_game(2)
    assert [final_parts(with_player(state, 0, cobbles=n), 0)["cobblestones"]
            for n in range(7)] == [0, 1, 2, 4, 7, 11, 16]


def test_scoring_tile_catalogue_fourteen_cerda_and_eighteen_modernisme_plus_two_each() -> None:
    assert len(cerda_pool(False)) == 14 and len(modernisme_pool(False)) == 18
    assert len(cerda_pool(True)) == 16 and len(modernisme_pool(True)) == 20


def test_option_waiting_benefits_are_chosen_before_a_cerda_scoring() -> None:
    state = new_game(2, intersection_benefits="start_of_turn")
    state = replace(state, cerda_tiles=("coins", "cloths", "services"))
    state = with_player(state, 1, waiting=1, intersections=1)
    track = list(state.track)
    track[2] = (True,) * 6 + track[2][6:]
    state = at_crossing(replace(state, track=tuple(track)), 7)
    state = play(state, 0, EndActions(), EndTurn())
    assert state.phase == "pre_scoring" and active(state) == [1] and state.scored == 0
    state = play(state, 1, ChooseBenefits(("coin",)))
    assert state.scored == 1 and state.players[1].vp == 2 * 2  # 2 Coins scored


def test_option_waiting_benefits_are_chosen_before_the_final_scoring() -> None:
    state = new_game(2, intersection_benefits="start_of_turn")
    state = with_player(replace(state, end=True), 0, waiting=1, intersections=1)
    state = at_crossing(state, 7, seat=1)
    state = play(state, 1, EndActions(), EndTurn())
    assert state.phase == "pre_final" and active(state) == [0]
    state = play(state, 0, ChooseBenefits(("coin",)))
    assert state.phase == "over"


def test_placing_on_your_own_intersection_is_immediate_with_the_start_of_turn_option() -> None:
    state = with_player(new_game(2, intersection_benefits="start_of_turn"), 0,
                        hand=("upper", "middle"), intersections=1)
    state = replace(state, intersections=put(state.intersections, 8, 0))
    state = play(state, 0, PlaceCitizens(8, "upper"))
    assert state.tasks[-1].kind == "benefits" and state.players[0].waiting == 0
