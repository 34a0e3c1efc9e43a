"""Passeig de Gràcia: Pedestrians, Joy, Amenities, arrivals, hexagonal Cobblestones,
the overlay Sidewalk, the new tiles, and the promo Building Bonus tiles."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.barcelona.commands import (
    Build,
    BuildService,
    GiveJoy,
    PlaceCobblestone,
    PlaceHex,
    Skip,
    TakeAction,
    Walk,
)
from domain.barcelona.components import HEX_SPACES, arrival_reward
from domain.barcelona.pedestrians import performed
from domain.barcelona.scoring import count, final_parts
from domain.barcelona.state import State, Task, put

from .helpers import at_crossing, laid, legal, new_game, play, stacks, with_player, with_task

AMENITIES = ("theatre", "discordia", "pedrera", "bench", "gazebo", "carousel")


def _game(**changes: Any) -> State:
    state = replace(new_game(2, expansion=True), amenities=AMENITIES)
    return with_player(at_crossing(state, 7), 0, **changes)


def _walking(state: State, steps: tuple[int, int] = (3, 0)) -> State:
    return with_task(state, Task("walk", 0, steps=steps))


def test_expansion_actions_move_a_pedestrian_up_to_three_steps_one_at_a_time() -> None:
    state = at_crossing(laid(new_game(2, expansion=True), row1="walk_barcelona"), 7)
    state = play(state, 0, TakeAction("walk_barcelona"))
    assert legal(state) == [Walk(0), Skip()]
    state = play(state, 0, Walk(0), Walk(0))
    assert state.players[0].walked == (2, 0)
    state = play(state, 0, Skip())
    assert not state.tasks and state.players[0].walked == (2, 0)


def test_gain_one_coin_and_one_cloth_is_a_plain_gain_action() -> None:
    state = at_crossing(laid(new_game(2, expansion=True), row1="coin_cloth"), 7)
    state = play(state, 0, TakeAction("coin_cloth"))
    assert (state.players[0].coins, state.players[0].cloths) == (2, 2)


def test_a_step_beside_an_amenity_performed_at_least_step_number_times_gives_joy() -> None:
    state = play(_walking(_game(services=("museu",))), 0, Walk(0))  # theatre, step 1
    assert state.players[0].joy == (2, 1)
    state = play(state, 0, Walk(0))  # discordia, step 2, no project
    assert state.players[0].joy == (2, 1)
    state = _walking(_game(projects=("coins", "cloths", None, None, None), walked=(1, 0)))
    assert play(state, 0, Walk(0)).players[0].joy == (2, 1)


def test_the_handshake_on_one_row_gives_both_pedestrians_joy() -> None:
    state = play(_walking(_game(walked=(0, 3))), 0, Walk(0))
    assert state.players[0].joy == (2, 2)
    state = play(_walking(_game(walked=(1, 2))), 0, Walk(0))
    assert state.players[0].joy == (2, 2)


def test_arrival_scores_the_table_and_the_die_returns_at_joy_one_with_steps_left() -> None:
    state = play(_walking(_game(walked=(3, 0), joy=(5, 1))), 0, Walk(0))
    p = state.players[0]
    assert p.vp == 10 and p.walked == (0, 0) and p.joy == (1, 1)
    assert state.tasks[-1].kind == "hex"  # Joy 5: a hexagonal Cobblestone
    assert state.tasks[-2].steps == (2, 0)  # the steps left may still be used


def test_arrival_table_and_bga_scores_joy_one_like_joy_two() -> None:
    assert arrival_reward(1)[0].vp == arrival_reward(2)[0].vp == 3
    assert [arrival_reward(j)[0].vp for j in (3, 4, 5, 6)] == [6, 6, 10, 15]
    assert [arrival_reward(j)[1] for j in (1, 2, 3, 4, 5, 6)] == [False] * 3 + [True] * 3
    assert arrival_reward(6)[0].either == 1


def test_joy_never_exceeds_six() -> None:
    state = play(_walking(_game(walked=(0, 3), joy=(6, 6))), 0, Walk(0))
    assert state.players[0].joy == (6, 6)


def test_hexagonal_cobblestone_gains_the_reward_times_the_chosen_violet_count() -> None:
    state = replace(_game(cerda=7), violets=("a_spots", "b_corners", "c_multiplier"))
    state = with_task(state, Task("hex", 0))
    spots = {(c.spot, c.violet) for c in legal(state) if isinstance(c, PlaceHex)}
    assert len(spots) == sum(len(v) for _, v in HEX_SPACES)
    state = play(state, 0, PlaceHex(11, 2))  # 4 VP x multiplier 3
    assert state.players[0].vp == 12 and state.hexes[11] == 0
    assert HEX_SPACES[11] == ("vp4", (2,))


def test_overlay_sidewalk_joy_goes_to_either_pedestrian_and_walk_spaces_move_one() -> None:
    state = at_crossing(laid(new_game(2, expansion=True), row1="cobblestone"), 7)
    state = replace(state, amenities=AMENITIES, sidewalk=put(put(state.sidewalk, 7, 1), 2, 1))
    state = play(state, 0, PlaceCobblestone(13))  # "1B"
    assert legal(state) == [Walk(0), Skip()]
    state = play(state, 0, Skip())
    state2 = with_task(_game(), Task("walk", 0, chunks=(2,)))
    assert legal(state2) == [GiveJoy(0), GiveJoy(1)]
    assert play(state2, 0, GiveJoy(1)).players[0].joy == (1, 3)


def test_expansion_public_services_walk_and_give_joy() -> None:
    base = replace(_game(coins=3), services=("guell", "casaramona", "palau", "museu", "market"),
                   services_left=(2,) * 5, layout=laid(new_game(2, expansion=True), row1="service").layout)
    state = play(base, 0, BuildService("guell"))
    assert state.tasks[-1].steps == (2, 2)
    state = play(base, 0, BuildService("casaramona"))
    assert set(legal(state)) == {Walk(0), GiveJoy(0)}  # either order, the Joy is due
    state = play(state, 0, Walk(0), GiveJoy(0))  # the Theatre step: +1, then +2
    assert state.players[0].joy == (4, 1) and not state.tasks


def test_expansion_sagrada_familia_tiles() -> None:
    from domain.barcelona.components import SAGRADA_TILES
    assert SAGRADA_TILES["1x"].joy == (1,) and SAGRADA_TILES["2x"].steps == 1
    assert SAGRADA_TILES["3x"].joy == (1, 1, 1) and SAGRADA_TILES["4x"].steps == 2


def test_joy_scoring_tiles_count_the_current_joy_of_each_pedestrian() -> None:
    state = _game(joy=(4, 2))
    assert count(state, 0, "joy_barcelona") == 4 and count(state, 0, "joy_gracia") == 2


def test_final_scoring_adds_the_joy_of_pedestrians_away_from_their_start() -> None:
    state = _game(joy=(4, 3), walked=(2, 0))
    assert final_parts(state, 0)["pedestrians"] == 4


def test_amenities_count_what_is_on_the_boards() -> None:
    p = _game(narrow=(0, 3), wide=3, cobbles=2, intersections=1, passengers=2).players[0]
    assert performed(p, "gazebo") == 3 and performed(p, "carousel") == 2
    assert performed(p, "batllo") == 2 and performed(p, "bench") == 1
    assert performed(p, "station") == 2


def test_promo_building_bonus_tiles_give_their_reward_to_the_first_builder_of_the_row() -> None:
    state = new_game(2, expansion=True, promo_bonus=True)
    state = replace(state, bonuses=("joy_b", "joy_g", "either", "vp5"))
    state = stacks(replace(state, phase="build", crossing=7), c1=("working",), c2=("working",))
    state = play(state, 0, Build(2, 1, (1, 2)))
    p = state.players[0]
    assert p.joy == (2, 1) and p.vp == 2 + 1


def test_violet_conditions_count_what_the_player_has() -> None:
    from domain.barcelona.scoring import violet_count
    from domain.barcelona.state import Site
    state = _game(markers=(0, 0, 2, 1, 1), projects=("coins", None, "cloths", None, None),
                  tops=(True, True, False, False, False), cerda=5, sagrada_tiles=("1a", "2b"))
    sites = put(put(state.sites, 0, Site(0, (0,))), 1, Site(0, (0,)))
    streets = put(state.streets, 3, 1)
    passengers = put(put(state.passengers, 3, 0), 4, 0)
    state = replace(state, sites=sites, streets=streets, passengers=passengers)
    counts = {v: violet_count(state, 0, v) for v in (
        "a_spots", "a_top_projects", "b_passengers", "b_corners", "c_multiplier", "c_sagrada")}
    assert counts == {"a_spots": 2, "a_top_projects": 1, "b_passengers": 1, "b_corners": 1,
                      "c_multiplier": 2, "c_sagrada": 2}


def test_no_hexagonal_cobblestone_is_placed_once_the_supply_is_empty() -> None:
    state = replace(_game(), hexes=(1,) * 14)
    state = with_task(state, Task("hex", 0))
    from domain.barcelona.evolve import until_choice
    assert until_choice(state).tasks == ()


def test_sagrada_level_three_joy_three_times_each_to_either_pedestrian() -> None:
    state = with_task(_game(), Task("walk", 0, chunks=(1, 1, 1)))
    state = play(state, 0, GiveJoy(0), GiveJoy(1), GiveJoy(0))
    assert state.players[0].joy == (3, 2) and not state.tasks


def test_jardi_gazebo_counts_pairs_of_narrow_tiles() -> None:
    assert [performed(_game(narrow=n).players[0], "gazebo") for n in ((4, 6), (2, 6), (0, 5), (0, 4))] == [
        0, 1, 2, 3]
