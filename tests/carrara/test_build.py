"""Action II, building: the colour rules of the cities, paying, the display; the
expansion's cost-8 buildings, upgrade tiles and overbuilding."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import (
    Build,
    BuyObject,
    EndTurn,
    PayBlocks,
    SkipUpgrade,
    TakeUpgrade,
)
from domain.carrara.components import ACCEPTS, CITIES, COLOURS, UPGRADED_VALUE, Tile, Value
from domain.carrara.events import (
    BuildingBuilt,
    BuildingChosen,
    BuildingRevealed,
    UpgradeSkipped,
)
from domain.core import Illegal

from .helpers import act, blocks, board, new_game, play, show, with_player

ALL = blocks(white=5, yellow=5, red=5, green=5, blue=5, black=5)


def test_colour_rules_of_all_six_cities() -> None:
    assert {city: sorted(ACCEPTS[city], key=COLOURS.index) for city in CITIES} == {
        "livorno": ["white"],
        "pisa": ["white", "yellow"],
        "lucca": ["white", "yellow", "red"],
        "viareggio": ["white", "yellow", "red", "green"],
        "massa": ["white", "yellow", "red", "green", "blue"],
        "lerici": ["white", "yellow", "red", "green", "blue", "black"],
    }


@pytest.mark.parametrize("colour", COLOURS)
def test_colour_rules_each_colour_builds_only_where_accepted(colour: str) -> None:
    # seed: black only in Lérici, blue also Massa, ... white everywhere
    where = {"black": 1, "blue": 2, "green": 3, "red": 4, "yellow": 5, "white": 6}[colour]
    state = with_player(new_game(2), 0, blocks=blocks(**{colour: 5}))
    tile = next(t for t in state.display if t is not None)
    cities = {c.city for c in GAME.legal(state, 0) if isinstance(c, Build) and c.tile == tile}
    assert cities == set(CITIES[-where:])


def test_payment_lists_every_accepted_combination_of_the_due_blocks() -> None:
    state = with_player(new_game(2), 0, blocks=blocks(white=1, yellow=2, black=3))
    tile = Tile("villa", 2)
    state = replace(state, display=(tile, *state.display[1:]))
    state = play(state, 0, Build(tile, "pisa"))
    assert state.phase == "pay"
    assert sorted(c.blocks for c in GAME.legal(state, 0)) == sorted([  # type: ignore[union-attr]
        ("white", "yellow"), ("yellow", "yellow"),
    ])
    with pytest.raises(Illegal, match="Pisa does not accept black"):
        GAME.decide(state, 0, PayBlocks(("white", "black")), None)  # type: ignore[arg-type]


def test_build_pays_blocks_into_the_bag_and_refills_the_display() -> None:
    state = with_player(new_game(2), 0, blocks=blocks(red=2, green=1))
    tile = Tile("villa", 3)
    state = replace(state, display=(Tile("porta", 1), tile, *state.display[2:]))
    state = replace(state, pile=tuple(t for t in state.pile if t != tile))
    bag = state.bag
    state, events = act(state, 0, Build(tile, "viareggio"))
    assert events == [BuildingChosen(0, tile, "viareggio", None, 3)]
    state, events = act(state, 0, PayBlocks(("red", "red", "green")))
    assert events[0] == BuildingBuilt(0, tile, "viareggio", None, ("red", "red", "green"))
    revealed = events[1]
    assert isinstance(revealed, BuildingRevealed) and revealed.slot == 1
    assert state.display[1] == revealed.tile and revealed.tile not in state.pile
    assert state.players[0].cities[3] == (tile,)
    assert state.players[0].blocks == (0,) * 6
    assert state.bag == tuple(b + a for b, a in zip(bag, blocks(red=2, green=1), strict=True))
    assert state.phase == "purchase"


def test_build_only_face_up_buildings() -> None:
    state = with_player(new_game(2), 0, blocks=ALL)
    hidden = state.pile[0]
    assert all(c.tile != hidden for c in GAME.legal(state, 0) if isinstance(c, Build))
    with pytest.raises(Illegal, match="not face up"):
        GAME.decide(state, 0, Build(hidden, "lerici"), None)  # type: ignore[arg-type]


def test_build_needs_enough_accepted_blocks_and_the_refusal_says_so() -> None:
    state = with_player(new_game(2), 0, blocks=blocks(white=1, black=4))
    tile = Tile("palazzo", 4)
    state = replace(state, display=(tile, *state.display[1:]))
    refusal = r"Palazzo 4 city=Livorno: it needs 4 .*\(white\); you have 1"
    with pytest.raises(Illegal, match=refusal):
        GAME.decide(state, 0, Build(tile, "livorno"), None)  # type: ignore[arg-type]
    assert Build(tile, "lerici") in GAME.legal(state, 0)


def test_an_empty_pile_leaves_the_display_space_empty() -> None:
    state = with_player(new_game(2), 0, blocks=ALL)
    tile = state.display[4]
    assert tile is not None
    state = replace(state, pile=())
    state = play(state, 0, Build(tile, "lerici"))
    state, events = act(state, 0, GAME.legal(state, 0)[0])
    assert len(events) == 1 and state.display[4] is None


def test_basic_game_has_no_eight_buildings_and_no_overbuilding() -> None:
    state = with_player(new_game(2), 0, blocks=ALL, cities=board(lerici=[("villa", 1)]))
    legal = [c for c in GAME.legal(state, 0) if isinstance(c, Build)]
    assert legal and all(c.replaces is None and c.tile.cost <= 5 for c in legal)


def test_expansion_eight_building_costs_eight_blocks_and_gives_an_upgrade_tile() -> None:
    state = with_player(new_game(2, expansion=True, board="basic"), 0, blocks=blocks(white=8))
    tile = Tile("cattedrale", 8)
    assert Build(tile, "livorno") in GAME.legal(state, 0)
    state = play(state, 0, Build(tile, "livorno"), PayBlocks(("white",) * 8))
    assert state.phase == "upgrade" and tile not in state.eights
    # basic side: the six city upgrade tiles are on offer
    assert GAME.legal(state, 0) == [*(TakeUpgrade(c) for c in CITIES), SkipUpgrade()]
    state = play(state, 0, TakeUpgrade("lucca"))
    assert state.players[0].value("lucca") == Value(vp=3, coins=1)
    assert "lucca" not in state.upgrade_tiles and state.phase == "purchase"


def test_expansion_upgrade_tile_may_be_left() -> None:
    # seed: "kann er sich einen Aufwerter seiner Wahl nehmen" (may take one)
    state = with_player(new_game(2, expansion=True), 0, blocks=blocks(black=8))
    state = play(state, 0, Build(Tile("porta", 8), "lerici"), PayBlocks(("black",) * 8))
    state, events = act(state, 0, SkipUpgrade())
    assert events == [UpgradeSkipped(0)]
    assert state.phase == "purchase" and len(state.upgrade_tiles) == 8
    assert state.players[0].upgrades == ()


def test_expansion_upgrade_tile_changes_the_city_value_used_when_scoring() -> None:
    # research: Lucca upgraded, costs 2 + 3: 15 VP and 5 coins
    state = with_player(new_game(2, expansion=True), 0, upgrades=("lucca",),
                        cities=board(lucca=[("palazzo", 2), ("porta", 3)]))
    from domain.carrara.commands import ScoreCity
    state, events = act(state, 0, ScoreCity("lucca"))
    assert (events[0].vp, events[0].coins) == (15, 5)  # type: ignore[union-attr]


def test_expansion_advanced_side_offers_the_category_upgrade_tiles_too() -> None:
    state = with_player(new_game(2, expansion=True, board="advanced"), 0,
                        blocks=blocks(black=8))
    state = play(state, 0, Build(Tile("villa", 8), "lerici"), PayBlocks(("black",) * 8))
    assert len(GAME.legal(state, 0)) == 8 + 1  # eight tiles, or none
    state = play(state, 0, TakeUpgrade("land"))
    assert state.players[0].value("land") == Value(vp=2, coins=1)


def test_expansion_overbuild_pays_the_difference_and_removes_the_old_tile() -> None:
    # research: in Lucca a Castello 3 is replaced by a Biblioteca 4 for one yellow block
    old, new = Tile("castello", 3), Tile("biblioteca", 4)
    state = with_player(new_game(2, expansion=True), 0, blocks=blocks(yellow=1),
                        cities=board(lucca=[("castello", 3)]))
    state = show(state, new, owned=(old,))
    legal = [c for c in GAME.legal(state, 0) if isinstance(c, Build) and c.replaces]
    assert Build(new, "lucca", old) in legal
    assert all(c.tile.cost == 4 and c.replaces == old for c in legal)  # one block to pay
    state, events = act(state, 0, Build(new, "lucca", old))
    assert events == [BuildingChosen(0, new, "lucca", old, 1)]
    assert GAME.legal(state, 0) == [PayBlocks(("yellow",))]
    state = play(state, 0, PayBlocks(("yellow",)))
    assert state.players[0].cities[2] == (new,)
    assert old not in state.pile and old not in state.display


def test_expansion_overbuild_needs_a_more_expensive_building() -> None:
    state = with_player(new_game(2, expansion=True), 0, blocks=ALL,
                        cities=board(lerici=[("porta", 5)]))
    for c in GAME.legal(state, 0):
        if isinstance(c, Build) and c.replaces is not None:
            assert c.tile.cost > c.replaces.cost
    cheap = next(t for t in state.display if t is not None and t.cost <= 5)
    with pytest.raises(Illegal, match="must cost more"):
        GAME.decide(state, 0, Build(cheap, "lerici", Tile("porta", 5)), None)  # type: ignore[arg-type]


def test_expansion_eight_building_can_overbuild_paying_the_difference() -> None:
    state = with_player(new_game(2, expansion=True), 0, blocks=blocks(black=5),
                        cities=board(lerici=[("porta", 3)]))
    eight = Tile("castello", 8)
    assert Build(eight, "lerici", Tile("porta", 3)) in GAME.legal(state, 0)
    assert Build(eight, "lerici") not in GAME.legal(state, 0)


def test_after_building_only_the_object_purchase_or_the_end_of_turn_remain() -> None:
    state = with_player(new_game(2), 0, blocks=ALL)
    tile = next(t for t in state.display if t is not None)
    state = play(state, 0, Build(tile, "lerici"))
    state = play(state, 0, GAME.legal(state, 0)[0])
    assert set(map(type, GAME.legal(state, 0))) == {BuyObject, EndTurn}


def test_expansion_upgrade_tile_values() -> None:
    assert {space: (v.vp, v.coins) for space, v in UPGRADED_VALUE.items()} == {
        "livorno": (4, 1), "pisa": (1, 3), "lucca": (3, 1), "viareggio": (1, 2),
        "massa": (2, 1), "lerici": (1, 1), "city": (1, 1), "land": (2, 1),
    }
