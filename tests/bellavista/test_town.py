"""The Town: its tiles, the example layouts, random and custom towns, adjacency, border."""

from __future__ import annotations

from collections import Counter
from random import Random

import msgspec
import pytest

from domain.bellavista import GAME
from domain.bellavista.components import NEIGHBORHOODS, PARKS, RIVERS, tile_kind
from domain.bellavista.layouts import (
    AREAS,
    PRESETS,
    TileSpot,
    parse,
    preset,
    problem,
    random_layout,
)
from domain.bellavista.options import Options
from domain.bellavista.town import Town, orientations, town_of

from .helpers import TEST_TOWN, custom


def test_the_town_is_8_neighborhood_2_river_and_5_park_tiles() -> None:
    assert len(NEIGHBORHOODS) == 8 and len(RIVERS) == 2 and len(PARKS) == 5
    names = {n.removesuffix("_striped") for n in NEIGHBORHOODS}
    assert {"flower", "butterfly", "leaf"} <= names
    assert sum(n.endswith("_striped") for n in NEIGHBORHOODS) == 4


def test_the_six_example_layouts_are_offered_as_presets() -> None:
    assert set(PRESETS) == {"london", "new_york", "rome", "bangkok", "berlin", "paris"}
    for name in PRESETS:
        assert problem(preset(name)) is None, name
        kinds = Counter(tile_kind(s.tile) for s in preset(name))
        assert kinds == {"neighborhood": 8, "park": 5, "river": 2}


def beside_a_building_space(name: str) -> set[str]:
    """The Park and River tiles of a preset with a Neighborhood space directly beside one of
    their spaces."""
    t = town_of(preset(name))
    return {t.tile_of[n] for r, c in t.homes for n in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                      (r, c + 1))
            if n in t.tile_of and tile_kind(t.tile_of[n]) != "neighborhood"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_river_and_park_tile_of_an_example_town_has_a_building_space_beside_it(
        name: str) -> None:
    # seed: zoning, contracts and Height objectives all count buildings adjacent to a Park
    # or a River, so a tile with no space beside it would play no part in the game
    assert beside_a_building_space(name) == set(PARKS) | set(RIVERS)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_example_towns_keep_separate_parks_and_rivers_apart(name: str) -> None:
    # seed: adjacent Park (River) tiles are a single Park (River); each town is drawn with
    # the number of Parks and Rivers of AREAS, so no Park meant to be its own merges
    t = town_of(preset(name))
    assert set(AREAS) == set(PRESETS)
    assert (len(set(t.park_of.values())), len(set(t.river_of.values()))) == AREAS[name]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_example_towns_have_neighborhood_tiles_side_by_side_to_span(name: str) -> None:
    # seed: a contract asks for buildings spanning two adjacent Neighborhood tiles
    spots = {(s.row, s.col): tile_kind(s.tile) for s in preset(name)}
    touching = sum(1 for (r, c), kind in spots.items() for n in ((r + 1, c), (r, c + 1))
                   if kind == "neighborhood" and spots.get(n) == "neighborhood")
    assert touching >= 5


def test_a_random_layout_is_connected_with_no_empty_space_inside() -> None:
    layouts = {random_layout(Random(seed)) for seed in range(50)}
    assert len(layouts) == 50
    assert all(problem(layout) is None for layout in layouts)


def test_the_random_layout_is_drawn_at_setup_and_written_into_the_event() -> None:
    events = GAME.start(Options(layout="random"), 3, Random(5))
    first = events[0]
    assert first.town == random_layout(Random(5))  # type: ignore[union-attr]


REFUSALS = [
    (list(parse(TEST_TOWN))[:-1], "tile 'park_5' is missing"),
    ([*parse(TEST_TOWN)[:-1], TileSpot("park_1", 3, 3)], "'park_1' is placed more than once"),
    ([*parse(TEST_TOWN)[:-1], TileSpot("park_5", 0, 0)], "two tiles share the position row 0"),
    ([*parse(TEST_TOWN)[:-1], TileSpot("park_5", 6, 6)], "not all connected"),
    ([*parse(TEST_TOWN)[:-1], TileSpot("mall", 3, 3)], "Invalid enum value 'mall'"),
    (list(parse(("PFBL.", "fR.RP", "dblP.", "DPP.."))), "empty space inside the town at row 1, "
                                                        "col 2"),
]


@pytest.mark.parametrize(("tiles", "reason"), REFUSALS)
def test_a_custom_layout_is_refused_with_a_clear_reason(tiles: list[TileSpot], reason: str) -> None:
    data = {"layout": "custom", "tiles": msgspec.to_builtins(tiles)}
    with pytest.raises(msgspec.ValidationError, match=reason):
        msgspec.convert(data, Options)


def test_a_valid_custom_layout_is_accepted_and_played() -> None:
    options = msgspec.convert({"layout": "custom", "tiles": msgspec.to_builtins(
        parse(TEST_TOWN))}, Options)
    events = GAME.start(options, 4, Random(0))
    assert events[0].town == tuple(sorted(parse(TEST_TOWN), key=lambda s: (s.row, s.col)))  # type: ignore[union-attr]


def test_tiles_are_only_accepted_with_the_custom_layout() -> None:
    with pytest.raises(msgspec.ValidationError, match="only for the custom layout"):
        msgspec.convert({"layout": "rome", "tiles": msgspec.to_builtins(parse(TEST_TOWN))},
                        Options)


def test_options_have_a_json_schema_and_forbid_unknown_fields() -> None:
    schema = msgspec.json.schema(Options)
    props = schema["$defs"]["Options"]["properties"]
    assert set(props["layout"]["enum"]) == {*PRESETS, "random", "custom"}
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"layuot": "rome"}, Options)


def town() -> Town:
    return town_of(custom().tiles)


def test_adjacent_means_orthogonal_never_diagonal() -> None:
    t = town()
    # (2, 8) is in striped Butterfly; (3, 9) is Park 2, diagonal to it
    diagonal = t.by_cells[((2, 8),)]
    assert not diagonal.parks
    beside = t.by_cells[((2, 9),)]  # striped Leaf, directly above Park 2
    assert beside.parks


def test_on_the_border_when_a_space_has_an_edge_touching_no_element() -> None:
    t = town()
    assert t.by_cells[((0, 4),)].border  # top row
    assert t.by_cells[((4, 0),)].border  # left edge
    assert not t.by_cells[((4, 1),)].border  # inside Flower
    # a building is on the border when at least one of its spaces is
    assert t.by_cells[((3, 0), (3, 1))].border


def test_parks_and_rivers_have_no_building_spaces() -> None:
    t = town()
    spaces = {cell for ps in t.placements.values() for p in ps for cell in p.cells}
    assert all(tile_kind(t.tile_of[cell]) == "neighborhood" for cell in spaces)
    assert len(spaces) == 72


def test_adjacent_park_tiles_form_one_park_and_adjacent_river_tiles_one_river() -> None:
    t = town()
    assert len(set(t.park_of.values())) == 3  # P1 alone, P2+P3, P4+P5
    assert len(set(t.river_of.values())) == 1


def test_footprints_list_every_distinct_rotation_and_mirror() -> None:
    # two spaces in a row lie along a row or a column; turns and mirror images repeat them
    assert all(len(orientations(h)) == 2 for h in range(1, 6))
    assert all(len(orientations(h)) == 1 for h in range(6, 9))
