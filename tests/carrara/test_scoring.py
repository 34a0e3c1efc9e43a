"""Action III, scoring: cities, building types, the advanced side's categories."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.commands import ScoreCategory, ScoreCity, ScoreType
from domain.carrara.components import CITIES, ITEM_OF
from domain.carrara.events import CategoryScored, CityScored, TypeScored
from domain.core import Illegal

from .helpers import act, board, items, new_game, with_player


def test_score_city_needs_two_buildings_in_livorno_pisa_lucca_and_three_elsewhere() -> None:
    two = [("villa", 1), ("porta", 2)]
    state = with_player(new_game(2), 0, cities=board(**{c: two for c in CITIES}))
    scorable = {c.city for c in GAME.legal(state, 0) if isinstance(c, ScoreCity)}
    assert scorable == {"livorno", "pisa", "lucca"}
    three = [*two, ("castello", 3)]
    state = with_player(state, 0, cities=board(**{c: three for c in CITIES}))
    scorable = {c.city for c in GAME.legal(state, 0) if isinstance(c, ScoreCity)}
    assert scorable == set(CITIES)
    state = with_player(state, 0, cities=board(massa=two))
    with pytest.raises(Illegal, match="needs 3 of your buildings there; you have 2"):
        GAME.decide(state, 0, ScoreCity("massa"), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("city", "vp", "coins"), [
    ("livorno", 3 * 9, 0), ("pisa", 0, 3 * 9), ("lucca", 2 * 9, 0),
    ("viareggio", 0, 2 * 9), ("massa", 9, 0), ("lerici", 0, 9),
])
def test_score_city_multiplies_the_summed_costs_by_the_city_value(
        city: str, vp: int, coins: int) -> None:
    # research: Massa with costs 1 + 3 + 5 gives 9 VP
    tiles = [("palazzo", 1), ("porta", 3), ("villa", 5)]
    state = with_player(new_game(2), 0, cities=board(**{city: tiles}))
    state, events = act(state, 0, ScoreCity(city))  # type: ignore[arg-type]
    assert events == [CityScored(0, city, vp, coins, ("crown", "gate", "flag"))]  # type: ignore[arg-type]
    p = state.players[0]
    assert (p.vp, p.coins, p.scorings) == (vp, 20 + coins, 1)
    assert p.items == items(crown=1, gate=1, flag=1)
    assert state.supply == (5, 5, 4, 4, 4, 5)  # book, cup, crown, gate, flag, coat of arms


def test_score_city_once_per_game_for_the_whole_table() -> None:
    tiles = board(pisa=[("villa", 2), ("porta", 4)])
    state = with_player(with_player(new_game(3), 0, cities=tiles), 1, cities=tiles)
    state, _ = act(state, 0, ScoreCity("pisa"))
    assert state.city_scored_by[1] == 0
    state = replace(state, turn=1, phase="action")
    assert ScoreCity("pisa") not in GAME.legal(state, 1)
    with pytest.raises(Illegal, match="seat 0 has already scored that city"):
        GAME.decide(state, 1, ScoreCity("pisa"), None)  # type: ignore[arg-type]


def test_score_objects_only_while_the_supply_lasts() -> None:
    tiles = board(pisa=[("villa", 2), ("villa", 4)])
    state = with_player(new_game(2), 0, cities=tiles)
    state = replace(state, supply=items(flag=1, book=5))
    state, events = act(state, 0, ScoreCity("pisa"))
    assert events == [CityScored(0, "pisa", 0, 18, ("flag",))]  # still 18 coins
    assert state.supply == items(book=5)


def test_score_type_scores_each_building_with_its_own_city_value() -> None:
    # research: Biblioteca 3 in Pisa (9 coins) and Biblioteca 2 in Massa (2 VP), 2 books
    tiles = board(pisa=[("biblioteca", 3)], massa=[("biblioteca", 2), ("porta", 5)])
    state = with_player(new_game(2), 0, cities=tiles)
    state, events = act(state, 0, ScoreType("biblioteca"))
    assert events == [TypeScored(0, "biblioteca", 2, 9, ("book", "book"))]
    assert state.players[0].scored_kinds == ("biblioteca",)


def test_score_type_needs_a_building_of_it_and_once_per_player() -> None:
    tiles = board(massa=[("palazzo", 5), ("palazzo", 1)])
    state = with_player(with_player(new_game(2), 0, cities=tiles), 1, cities=tiles)
    assert {c.kind for c in GAME.legal(state, 0) if isinstance(c, ScoreType)} == {"palazzo"}
    state, events = act(state, 0, ScoreType("palazzo"))
    assert events == [TypeScored(0, "palazzo", 6, 0, ("crown", "crown"))]  # research example
    state = replace(state, phase="action")
    with pytest.raises(Illegal, match="already scored that building type"):
        GAME.decide(state, 0, ScoreType("palazzo"), None)  # type: ignore[arg-type]
    state = replace(state, turn=1)
    assert ScoreType("palazzo") in GAME.legal(state, 1)  # another player still may


def test_objects_of_each_building_type() -> None:
    assert ITEM_OF == {
        "biblioteca": "book", "palazzo": "crown", "porta": "gate", "cattedrale": "cup",
        "castello": "coat_of_arms", "villa": "flag",
    }


def test_six_scoring_markers_per_player() -> None:
    tiles = board(lerici=[("villa", 1), ("porta", 1), ("castello", 1)])
    state = with_player(new_game(2), 0, cities=tiles, scorings=5)
    assert any(isinstance(c, ScoreType) for c in GAME.legal(state, 0))
    state = with_player(state, 0, scorings=6)
    assert not any(isinstance(c, ScoreType | ScoreCity) for c in GAME.legal(state, 0))
    with pytest.raises(Illegal, match="all 6 scoring markers"):
        GAME.decide(state, 0, ScoreType("villa"), None)  # type: ignore[arg-type]


def test_advanced_side_category_spaces_score_once_without_objects() -> None:
    tiles = board(livorno=[("porta", 3), ("villa", 1)], lerici=[("palazzo", 2), ("castello", 4),
                                                                ("cattedrale", 2)])
    state = with_player(new_game(2, expansion=True), 0, cities=tiles)
    legal = GAME.legal(state, 0)
    assert ScoreCategory("city") in legal and ScoreCategory("land") in legal
    after, events = act(state, 0, ScoreCategory("city"))
    assert events == [CategoryScored(0, "city", 0, 3 + 2 + 2)]  # research: x 1 coin
    assert after.players[0].items == (0,) * 6 and after.supply == state.supply
    after, events = act(state, 0, ScoreCategory("land"))
    assert events == [CategoryScored(0, "land", 1 + 4, 0)]  # research: x 1 VP
    after = replace(after, phase="action")
    assert ScoreCategory("land") not in GAME.legal(after, 0)


def test_basic_side_has_no_category_spaces() -> None:
    state = with_player(new_game(2), 0, cities=board(lerici=[("villa", 1)]))
    assert not any(isinstance(c, ScoreCategory) for c in GAME.legal(state, 0))
    with pytest.raises(Illegal, match="advanced side"):
        GAME.decide(state, 0, ScoreCategory("land"), None)  # type: ignore[arg-type]


def test_score_type_objects_only_while_the_supply_lasts() -> None:
    tiles = board(lerici=[("porta", 1), ("porta", 2), ("porta", 3)])
    state = replace(with_player(new_game(2), 0, cities=tiles), supply=items(gate=2))
    state, events = act(state, 0, ScoreType("porta"))
    assert events == [TypeScored(0, "porta", 0, 6, ("gate", "gate"))]  # coins in full
    assert state.supply == items()
