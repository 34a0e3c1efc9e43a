"""The street actions, one test per action rule."""

from __future__ import annotations

from msgspec.structs import replace

from domain.barcelona.commands import (
    BuildIntersection,
    BuildService,
    BuildStreet,
    ChooseSagradaTile,
    EndActions,
    ImproveProject,
    MoveTram,
    PlaceCobblestone,
    PlacePassenger,
    Skip,
    StepSagrada,
    Store,
    TakeAction,
    TakeProject,
)
from domain.barcelona.components import SAGRADA_TILES, Action
from domain.barcelona.geometry import PRINTED, TOUCHING, space_name
from domain.barcelona.state import State, Task, put

from .helpers import at_crossing, laid, legal, new_game, play, with_player, with_task


def _at(**streets: Action) -> State:
    """Seat 0 on crossing 7 (row 2, column 3) with these actions on its streets."""
    return at_crossing(laid(new_game(2), **streets), 7)


def test_gain_cloth_and_vp_gives_the_vp_even_when_the_cloth_does_not_fit() -> None:
    state = with_player(_at(row1="cloth_vp"), 0, coins=2, cloths=2)
    state = play(state, 0, TakeAction("cloth_vp"))
    assert state.players[0].vp == 3
    assert state.tasks[-1].kind == "store"  # full Warehouse: keep, discard or drop
    assert Store(1, 3) in legal(state) and Store(2, 2) in legal(state)
    assert Store(2, 3) not in legal(state)


def test_gain_coins_gives_two_coins() -> None:
    state = play(_at(row1="coins"), 0, TakeAction("coins"))
    assert state.players[0].coins == 3


def test_plus_two_cerda_and_forfeited_steps_above_the_top_give_two_vp_each() -> None:
    state = with_player(_at(row1="cerda"), 0, cerda=8)
    state = play(state, 0, TakeAction("cerda"))
    assert state.players[0].cerda == 9 and state.players[0].vp == 2


def test_a_full_warehouse_may_discard_to_make_room_or_take_part_of_a_gain() -> None:
    state = with_player(_at(row1="coins"), 0, coins=1, cloths=3)
    state = play(state, 0, TakeAction("coins"))
    choices = legal(state)
    assert Store(3, 1) in choices and Store(1, 3) in choices and Store(0, 0) in choices
    assert Store(4, 0) not in choices  # only 2 Coins were gained
    state = play(state, 0, Store(3, 1))
    assert (state.players[0].coins, state.players[0].cloths) == (3, 1)


def test_place_cobblestone_next_to_a_cobblestone_and_gain_the_covered_benefit() -> None:
    state = _at(row1="cobblestone")
    spots = {c.spot for c in legal(state) if isinstance(c, PlaceCobblestone)}
    assert spots == {7, 11, 13, 17}  # around the printed centre
    state = play(state, 0, PlaceCobblestone(7))  # "Coin"
    p = state.players[0]
    assert p.coins == 2 and p.cobbles == 1 and p.capacity == 5 and state.sidewalk[7] == 0


def test_a_covered_action_is_performed_at_once_with_its_costs() -> None:
    state = play(_at(row1="cobblestone"), 0, PlaceCobblestone(11), )  # "+1 Cerdà"
    assert state.players[0].cerda == 4
    state = replace(_at(row1="cobblestone"), sidewalk=put(_at().sidewalk, 11, 1))
    state = play(state, 0, PlaceCobblestone(10))  # "2 narrow"
    assert state.tasks[-1].kind == "act" and state.tasks[-1].actions == ("narrow",)
    assert Skip() in legal(state)


def test_build_wide_street_places_one_wide_tile_and_scores_the_line() -> None:
    state = _at(row1="wide")
    spaces = {c.space for c in legal(state) if isinstance(c, BuildStreet)}
    assert len(spaces) == 12  # assumption: row 3, column 3 and the Diagonal are wide
    state = replace(state, streets=put(state.streets, 9, 1))  # row 3, 2nd space, opponent's
    state = play(state, 0, BuildStreet(10))
    gained = PRINTED[10].vp
    assert state.players[0].vp == 4 + gained and state.players[0].wide == 4


def test_build_narrow_streets_up_to_two_from_the_leftmost_stack() -> None:
    state = play(_at(row1="narrow"), 0, BuildStreet(0))
    while state.tasks and state.tasks[-1].kind != "narrow":
        state = play(state, 0, legal(state)[-1])
    assert state.tasks[-1].kind == "narrow"
    state = play(state, 0, BuildStreet(19))
    while state.tasks:
        state = play(state, 0, legal(state)[-1])
    assert state.players[0].narrow == (2, 6) and state.streets[0] == state.streets[19] == 0


def test_emptying_a_narrow_stack_advances_one_cerda_step() -> None:
    state = with_player(_at(row1="narrow"), 0, narrow=(1, 6))
    state = play(state, 0, BuildStreet(1))
    assert state.players[0].narrow == (0, 6) and state.players[0].cerda >= 4


def test_build_an_intersection_pays_board_and_crossing_cost_and_gains_the_open_benefits() -> None:
    state = with_player(_at(row1="intersection"), 0, intersections=1, coins=3)
    state = replace(state, streets=put(state.streets, TOUCHING[6][0], 1))
    state = play(state, 0, BuildIntersection(6))  # diagonal crossing: +1 Coin
    open_ = [i for i in TOUCHING[6] if i != TOUCHING[6][0]]
    p = state.players[0]
    assert state.intersections[6] == 0 and p.intersections == 2
    coins = sum(PRINTED[i].coins for i in open_)
    assert p.coins == 3 - 2 + coins or state.tasks  # a full Warehouse asks what to keep
    assert p.vp == sum(PRINTED[i].vp for i in open_)


def test_take_a_modernisme_project_pays_the_space_and_leaves_a_placeholder() -> None:
    state = _at(row1="take")
    tile = state.display[0]
    assert tile is not None
    state = play(state, 0, TakeProject(tile, 1))  # space 2 costs 1 Coin
    p = state.players[0]
    assert p.projects[1] == tile and p.coins == 0
    assert state.face_down[0] and state.display[0] is None


def test_improve_a_project_space_moves_its_marker_up_paying_the_improve_cost() -> None:
    state = _at(row1="improve")
    assert set(legal(state)) >= {ImproveProject(0), ImproveProject(1), ImproveProject(3)}
    assert ImproveProject(2) not in legal(state)  # 2 Cloths
    state = play(state, 0, ImproveProject(0))
    assert state.players[0].tops[0] and state.players[0].cloths == 0


def test_build_a_public_service_pays_the_top_tile_and_gains_vp_cerda_and_effect() -> None:
    state = replace(_at(row1="service"), services=("museu", "market", "estacio", "hospital",
                                                   "companys"))
    state = with_player(state, 0, coins=3)
    state = play(state, 0, BuildService("museu"))
    p = state.players[0]
    assert (p.coins, p.vp, p.cerda) == (0, 10, 5) and state.services_left[0] == 1
    assert state.tasks[-1] == Task("sagrada", 0, n=2)


def test_public_services_one_of_each_type_per_player() -> None:
    state = replace(_at(row1="service"), services=("museu", "market", "estacio", "hospital",
                                                   "companys"))
    state = with_player(state, 0, coins=3, services=("museu",))
    assert BuildService("museu") not in legal(state)


def test_move_your_tram_first_anywhere_then_drop_a_passenger_and_take_the_street_action() -> None:
    state = with_player(_at(row1="tram", row0="coins"), 0, coins=3)
    assert len([c for c in legal(state) if isinstance(c, MoveTram)]) == 44
    state = play(state, 0, MoveTram(1))  # row 1, second space
    assert state.players[0].tram == 1 and legal(state) == [PlacePassenger(), Skip()]
    state = play(state, 0, PlacePassenger())
    assert state.passengers[1] == 0 and state.players[0].coins == 2
    assert TakeAction("coins") in legal(state)  # the street's action (row 1)


def test_the_tram_moves_one_or_two_spaces_with_own_tiles_free() -> None:
    state = with_player(_at(row1="tram"), 0, tram=0)
    moves = {c.space for c in legal(state) if isinstance(c, MoveTram)}
    assert 1 in moves and 2 in moves and 3 not in moves and 0 not in moves
    state = replace(state, streets=put(put(state.streets, 1, 0), 2, 0))
    moves = {c.space for c in legal(state) if isinstance(c, MoveTram)}
    assert 3 in moves and space_name(3) == "A4-A5"


def test_a_passenger_on_a_street_tile_scores_the_line_again_for_its_owner() -> None:
    state = with_player(_at(row1="tram"), 0, tram=None)
    state = replace(state, streets=put(put(state.streets, 1, 1), 2, 1))
    state = play(state, 0, MoveTram(2), PlacePassenger())
    assert state.players[1].vp == 2


def test_sagrada_familia_steps_are_optional_and_a_slot_gives_a_tile_of_its_level() -> None:
    state = with_task(_at(), Task("sagrada", 0, n=2))
    assert legal(state) == [StepSagrada(), Skip()]
    state = play(state, 0, StepSagrada())
    assert state.players[0].sagrada == 1
    choices = legal(state)
    assert {c.tile for c in choices if isinstance(c, ChooseSagradaTile)} == {"1a", "1b", "1c", "1d"}
    state = play(state, 0, ChooseSagradaTile("1a"))
    assert state.players[0].vp == SAGRADA_TILES["1a"].vp and "1a" not in state.sagrada_left
    state = play(state, 0, Skip())
    assert state.players[0].sagrada == 1 and not state.tasks


def test_actions_end_with_end_actions() -> None:
    state = play(_at(row1="coins"), 0, EndActions())
    assert state.phase in ("build", "confirm")
