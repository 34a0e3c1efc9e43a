"""Setup: what every game starts with, by player count and option."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.barcelona import GAME
from domain.barcelona.components import (
    BAG,
    BASE_ACTIONS,
    BASE_SERVICES,
    CLASSES,
    EXPANSION_ACTIONS,
    EXPANSION_SERVICES,
    MODERNISME_ONLY,
    OVERLAY,
    PRINTED_LAYOUT,
    PROMO_BONUSES,
    SIDEWALK,
    VIOLETS,
    modernisme_pool,
    multiplier,
)
from domain.barcelona.options import Options
from domain.barcelona.performing import sidewalk_spot
from domain.barcelona.state import active
from domain.core import registry

from .helpers import legal, new_game


def test_barcelona_is_registered_for_two_to_four_players() -> None:
    assert registry.get("barcelona") is GAME
    assert GAME.seat_counts == (2, 3, 4)


@pytest.mark.parametrize(("seats", "bag"), [(2, 54), (3, 63), (4, 72)])
def test_each_player_starts_with_two_citizens_from_the_bag(seats: int, bag: int) -> None:
    state = new_game(seats)
    assert all(len(p.hand) == 2 for p in state.players)
    assert sum(state.bag) == bag - 2 * seats


@pytest.mark.parametrize(("seats", "per_row"), [(2, 6), (3, 3), (4, 0)])
def test_covered_track_spaces_hold_citizens_of_their_row_and_the_rest_go_in_the_bag(
        seats: int, per_row: int) -> None:
    """research: "place a Citizen token of the corresponding type on each marked space";
    "place all remaining Citizen tokens in the cloth bag"."""
    state = new_game(seats)
    assert [sum(row) for row in state.track] == [per_row] * 3
    drawn = [sum(c == cls for p in state.players for c in p.hand) for cls in CLASSES]
    assert [state.bag[i] + drawn[i] for i in range(3)] == [n - per_row for n in BAG]


def test_player_board_starting_values() -> None:
    p = new_game(2).players[0]
    assert (p.coins, p.cloths, p.capacity, p.vp) == (1, 1, 4, 0)
    assert (p.cerda, multiplier(p.cerda), p.sagrada) == (3, 1, 0)
    assert p.markers == (2, 2, 2, 1, 1) and p.narrow == (4, 6) and p.wide == 5
    assert p.cobbles_left == 6 and p.intersections == 0 and p.passengers == 0


@pytest.mark.parametrize(("seats", "covered"), [(2, {0, 1}), (3, {0}), (4, set())])
def test_citizen_track_spaces_covered_at_the_start_by_player_count(seats: int, covered: set[int]) -> None:
    for row in new_game(seats).track:
        assert {i % 6 for i, c in enumerate(row) if c} == covered
        assert len(row) == 18


@pytest.mark.parametrize(("seats", "tiles"), [(2, 2), (3, 3), (4, 3)])
def test_two_players_leave_out_the_cheapest_public_service_tile(seats: int, tiles: int) -> None:
    state = new_game(seats)
    assert len(state.services) == 5 and len(set(state.services)) == 5
    assert set(state.services) <= set(BASE_SERVICES)
    assert state.services_left == (tiles,) * 5


def test_three_cerda_tiles_in_play_remove_their_modernisme_twins() -> None:
    state = new_game(3, seed=4)
    assert len(set(state.cerda_tiles)) == 3
    assert not set(state.cerda_tiles) & set(MODERNISME_ONLY)
    shown = [t for t in state.display if t]
    assert len(shown) == 4
    assert sorted([*shown, *state.projects_left]) == sorted(
        t for t in modernisme_pool(False) if t not in state.cerda_tiles)


def test_action_layout_random_by_default_or_as_printed() -> None:
    assert sorted(new_game(2, seed=1).layout) == sorted(BASE_ACTIONS)
    layouts = {new_game(2, seed=s).layout for s in range(5)}
    assert len(layouts) > 1
    assert new_game(2, layout="printed").layout == PRINTED_LAYOUT


def test_expansion_layout_is_always_random_with_its_three_actions() -> None:
    state = new_game(2, expansion=True)
    assert sorted(state.layout) == sorted(EXPANSION_ACTIONS)
    assert not {"coins", "cloth_vp", "cerda"} & set(state.layout)
    assert len({new_game(2, seed=s, expansion=True).layout for s in range(5)}) > 1


def test_printed_layout_with_the_expansion_is_refused_with_a_sentence() -> None:
    """seed: "With the expansion the layout is always random": asking for the printed
    one would change nothing, so it is refused like any other invalid option."""
    with pytest.raises(msgspec.ValidationError, match="always laid at random"):
        msgspec.convert({"expansion": True, "layout": "printed"}, Options)
    with pytest.raises(msgspec.ValidationError, match="always laid at random"):
        msgspec.json.decode(b'{"expansion": true, "layout": "printed"}', type=Options)


def test_expansion_setup_amenities_violets_services_sagrada_sidewalk() -> None:
    state = new_game(2, seed=3, expansion=True)
    assert len(state.amenities) == 6 and len(set(state.amenities)) == 6
    letters = sorted(next(k for k, pair in VIOLETS.items() if v in pair) for v in state.violets)
    assert letters == ["A", "B", "C"]
    assert len(set(state.services) & set(EXPANSION_SERVICES)) == 1
    assert sum(1 for t in state.sagrada_left if t.endswith("x")) == 4
    assert [sidewalk_spot(state, i) for i in range(25)] == list(OVERLAY)
    assert [sidewalk_spot(new_game(2), i) for i in range(25)] == list(SIDEWALK)
    assert all(p.joy == (1, 1) and p.walked == (0, 0) for p in state.players)
    assert len(state.hexes) == 14


def test_expansion_fourth_player_starts_both_pedestrians_at_joy_two() -> None:
    state = new_game(4, expansion=True)
    assert [p.joy for p in state.players] == [(1, 1), (1, 1), (1, 1), (2, 2)]


@pytest.mark.parametrize("seats", [3, 4])
def test_expansion_third_player_chooses_one_pedestrian_at_joy_two(seats: int) -> None:
    state = new_game(seats, expansion=True)
    assert active(state) == [2]
    from domain.barcelona.commands import ChooseStartingJoy
    assert legal(state, 2) == [ChooseStartingJoy(0), ChooseStartingJoy(1)]
    from .helpers import play
    state = play(state, 2, ChooseStartingJoy(1))
    assert state.players[2].joy == (1, 2) and active(state) == [0]


def test_promo_building_bonus_tiles_replace_the_five_vp_tiles_with_the_expansion() -> None:
    assert new_game(2).bonuses == ("vp5",) * 4
    state = new_game(2, expansion=True, promo_bonus=True)
    assert sorted(state.bonuses) == sorted(PROMO_BONUSES)


def test_promo_tiles_without_the_expansion_are_refused_with_a_sentence() -> None:
    """seed: the promo tiles replace the Building Bonus tiles "with the expansion";
    without it the option would change nothing."""
    with pytest.raises(msgspec.ValidationError, match="only with the Passeig de Gràcia"):
        msgspec.convert({"promo_bonus": True}, Options)
    with pytest.raises(ValueError, match="set expansion to true or promo_bonus to false"):
        Options(promo_bonus=True)


@pytest.mark.parametrize("expansion", [False, True])
def test_every_other_option_is_accepted_with_or_without_the_expansion(expansion: bool) -> None:
    changes: list[dict[str, Any]] = [
        {"intersection_benefits": "start_of_turn"}, {"confirm_end_of_turn": False},
        {"reveal_projects_at_once": True},
        {"promo_bonus": True} if expansion else {"layout": "printed"},
    ]
    for change in changes:
        options = msgspec.convert({"expansion": expansion, **change}, Options)
        assert new_game(2, **msgspec.to_builtins(options)).expansion == expansion


def test_options_refuse_unknown_fields() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"expansions": True}, Options)
    assert msgspec.convert({}, Options) == GAME.default_options()
