"""The expansion's cards: every brown, purple, grey and green card, with the
rulebook's numbers and worked examples (research)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.carrara import GAME
from domain.carrara.cards import (
    BROWNS,
    GREENS,
    GREYS,
    PURPLES,
    brown_met,
    coins_per_vp,
    green_gain,
    green_majorities,
    grey_met,
    grey_vp,
    purple_met,
    purple_vp,
)
from domain.carrara.commands import AnnounceEnd, ChooseBonusCities, ChooseBonusTypes, EndTurn
from domain.carrara.components import CITIES, CITY_VALUE, UPGRADED_VALUE, Value
from domain.carrara.events import BonusChosen, GameEnded, TurnEnded
from domain.carrara.scoring import final_scores
from domain.core import Illegal

from .helpers import act, board, items, new_game, with_player

VALUES = [CITY_VALUE[c] for c in CITIES]


def test_there_are_6_brown_8_purple_9_grey_and_8_green_cards() -> None:
    assert (len(BROWNS), len(PURPLES), len(GREYS), len(GREENS)) == (6, 8, 9, 8)


# -- brown ---------------------------------------------------------------------------


def _brown(card: str, seats: int, tiles: object = None, scorings: int = 0, vp: int = 0,
           coins: int = 0, cities: int = 0) -> bool:
    return brown_met(card, seats, tiles or board(), scorings, vp, coins, cities)  # type: ignore[arg-type]


def test_brown_score_4_times() -> None:
    assert _brown("score_4_times", 2, scorings=4) and not _brown("score_4_times", 2, scorings=3)


@pytest.mark.parametrize(("seats", "need"), [(4, 2), (3, 3), (2, 4)])
def test_brown_expensive_buildings_of_cost_5_or_8(seats: int, need: int) -> None:
    tiles = board(lerici=[("villa", 8)] + [("porta", 5)] * (need - 1) + [("palazzo", 4)])
    assert _brown("expensive_buildings", seats, tiles)
    tiles = board(lerici=[("porta", 5)] * (need - 1) + [("palazzo", 4)] * 3)
    assert not _brown("expensive_buildings", seats, tiles)


@pytest.mark.parametrize(("seats", "need"), [(4, 6), (3, 7), (2, 8)])
def test_brown_number_of_buildings(seats: int, need: int) -> None:
    assert _brown("buildings", seats, board(massa=[("villa", 1)] * need))
    assert not _brown("buildings", seats, board(massa=[("villa", 1)] * (need - 1)))


@pytest.mark.parametrize(("seats", "need"), [(4, 20), (3, 25), (2, 30)])
def test_brown_victory_points(seats: int, need: int) -> None:
    assert _brown("victory_points", seats, vp=need)
    assert not _brown("victory_points", seats, vp=need - 1)


@pytest.mark.parametrize(("seats", "need"), [(4, 1), (3, 2), (2, 3)])
def test_brown_cities_scored(seats: int, need: int) -> None:
    assert _brown("cities_scored", seats, cities=need)
    assert not _brown("cities_scored", seats, cities=need - 1)


@pytest.mark.parametrize(("seats", "need"), [(4, 20), (3, 25), (2, 30)])
def test_brown_coins_and_its_two_coins_per_vp(seats: int, need: int) -> None:
    assert _brown("coins", seats, coins=need) and not _brown("coins", seats, coins=need - 1)
    assert coins_per_vp("coins") == 2 and coins_per_vp("buildings") == 5


def test_brown_coin_card_changes_the_final_coin_rate() -> None:
    state = new_game(2, expansion=True, brown="coins")
    state = with_player(state, 0, coins=15)
    assert final_scores(state)[0]["coins"] == 7


def test_brown_cards_give_no_vp() -> None:
    for brown in BROWNS:
        state = with_player(new_game(2, expansion=True, brown=brown, purple="objects",
                                     grey="total_cost", green="two_types"), 0, coins=0)
        assert final_scores(state)[0]["total"] == 0


# -- purple --------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "need"), [(4, 6), (3, 7), (2, 8)])
def test_purple_objects_three_vp_each(seats: int, need: int) -> None:
    assert purple_met("objects", seats, items(cup=need - 2, book=2))
    assert not purple_met("objects", seats, items(cup=need - 1))
    assert purple_vp("objects", items(cup=3, book=4)) == 21


def test_purple_pairs() -> None:
    assert purple_met("pairs", 2, items(cup=4, book=2))
    assert not purple_met("pairs", 2, items(cup=5, book=1))
    assert purple_vp("pairs", items(cup=4)) == 10  # research: 2 pairs
    assert purple_vp("pairs", items(cup=2, book=2, gate=3, flag=1)) == 17  # 3 pairs + 2


def test_purple_triplets() -> None:
    assert purple_met("triplets", 2, items(cup=6)) and not purple_met("triplets", 2,
                                                                        items(cup=5, gate=2))
    assert purple_vp("triplets", items(crown=4, flag=1, coat_of_arms=1)) == 10  # research


def test_purple_identical_objects() -> None:
    assert purple_met("identical", 2, items(cup=4)) and not purple_met("identical", 2,
                                                                         items(cup=3, gate=3))
    assert purple_vp("identical", items(cup=4, gate=3)) == 16  # research example
    assert [purple_vp("identical", items(cup=n)) for n in range(1, 7)] == [1, 3, 6, 10, 15, 21]


def test_purple_pair_and_quadruplet() -> None:
    assert purple_met("pair_and_quadruplet", 2, items(gate=6))  # 6 count as 4 + 2
    assert not purple_met("pair_and_quadruplet", 2, items(gate=5, book=1))
    assert purple_vp("pair_and_quadruplet", items(gate=4, book=2, flag=2)) == 22  # research
    assert purple_vp("pair_and_quadruplet", items(gate=4, book=4, flag=2, cup=2)) == 40


def test_purple_different_objects() -> None:
    assert purple_met("different", 2, items(cup=1, book=1, gate=1, flag=1))
    assert not purple_met("different", 2, items(cup=3, book=3, gate=3))
    # research: 7 objects, 5 different (18) and 2 different (3)
    assert purple_vp("different", items(cup=2, book=2, gate=1, flag=1, crown=1)) == 21
    sizes = [purple_vp("different", items(**dict.fromkeys(
        ["cup", "book", "gate", "flag", "crown", "coat_of_arms"][:n], 1))) for n in range(1, 7)]
    assert sizes == [1, 3, 7, 12, 18, 24]


def test_purple_groups_of_three_different() -> None:
    assert purple_met("groups_of_three", 2, items(cup=2, book=2, gate=2))
    assert not purple_met("groups_of_three", 2, items(cup=4, book=2))
    assert purple_vp("groups_of_three", items(cup=3, book=2, gate=2)) == 17  # research


def test_purple_pair_product() -> None:
    assert purple_met("pair_product", 2, items(cup=2, book=2, gate=2))
    assert not purple_met("pair_product", 2, items(cup=2, book=2, gate=1))
    # research: 3 flags x 2 books x 2 gates = 12, and 2 coats + 1 crown at 1 VP: 15
    assert purple_vp("pair_product", items(flag=3, book=2, gate=2, coat_of_arms=2,
                                           crown=1)) == 15


# -- grey ----------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "need"), [(4, 20), (3, 25), (2, 30)])
def test_grey_total_cost(seats: int, need: int) -> None:
    tiles = board(lerici=[("villa", 5)] * (need // 5))
    assert grey_met("total_cost", seats, tiles) and grey_vp("total_cost", tiles) == need
    assert not grey_met("total_cost", seats, board(lerici=[("villa", 5)] * (need // 5 - 1)))


def test_grey_two_buildings_in_three_cities() -> None:
    # research: 4 in Pisa, 2 in Massa, 1 in Lérici: 18 + 3 + 0, objective not met
    tiles = board(pisa=[("villa", 1)] * 4, massa=[("porta", 1)] * 2, lerici=[("villa", 2)])
    assert grey_vp("two_in_three_cities", tiles) == 21
    assert not grey_met("two_in_three_cities", 2, tiles)
    assert [grey_vp("two_in_three_cities", board(**{c: [("villa", 1)] * 2})) for c in CITIES] \
        == [11, 9, 7, 5, 3, 1]


def test_grey_three_buildings_in_two_cities() -> None:
    # research: 3 in Lucca, 4 in Massa, 6 in Lérici: 11 + 5 + 4
    tiles = board(lucca=[("villa", 1)] * 3, massa=[("porta", 1)] * 4, lerici=[("villa", 2)] * 6)
    assert grey_met("three_in_two_cities", 2, tiles)
    assert grey_vp("three_in_two_cities", tiles) == 20
    assert [grey_vp("three_in_two_cities", board(**{c: [("villa", 1)] * 3})) for c in CITIES] \
        == [17, 14, 11, 8, 5, 2]


def test_grey_four_buildings_in_one_city() -> None:
    tiles = board(lerici=[("villa", 1)] * 5)
    assert grey_met("four_in_one_city", 2, tiles) and grey_vp("four_in_one_city", tiles) == 3
    assert [grey_vp("four_in_one_city", board(**{c: [("villa", 1)] * 4})) for c in CITIES] \
        == [23, 19, 15, 11, 7, 3]
    assert not grey_met("four_in_one_city", 2, board(lerici=[("villa", 1)] * 3))


def test_grey_eight_building() -> None:
    assert grey_vp("eight_building", board(lucca=[("villa", 8)])) == 19
    assert grey_vp("eight_building", board(massa=[("villa", 8), ("porta", 8)])) == 16
    assert [grey_vp("eight_building", board(**{c: [("villa", 8)]})) for c in CITIES] \
        == [34, 26, 19, 13, 8, 4]
    assert grey_met("eight_building", 2, board(lucca=[("villa", 8)]))
    assert not grey_met("eight_building", 2, board(lucca=[("villa", 5)]))


@pytest.mark.parametrize(("seats", "need"), [(4, 2), (3, 3), (2, 4)])
def test_grey_land_buildings_six_vp_each(seats: int, need: int) -> None:
    tiles = board(lerici=[("villa", 1)] * need + [("porta", 1)])
    assert grey_met("land_buildings", seats, tiles)
    assert grey_vp("land_buildings", tiles) == 6 * need
    assert not grey_met("land_buildings", seats, board(lerici=[("castello", 1)] * (need - 1)))


@pytest.mark.parametrize(("seats", "need"), [(4, 4), (3, 5), (2, 6)])
def test_grey_city_buildings_three_vp_each(seats: int, need: int) -> None:
    tiles = board(lerici=[("porta", 1)] * need + [("villa", 1)])
    assert grey_met("city_buildings", seats, tiles)
    assert grey_vp("city_buildings", tiles) == 3 * need
    assert not grey_met("city_buildings", seats, board(lerici=[("porta", 1)] * (need - 1)))


def test_grey_city_product() -> None:
    # research: 2 Livorno, 3 Pisa, 2 Viareggio, 3 Massa: 2 x 3 x 3 = 18
    tiles = board(livorno=[("villa", 1)] * 2, pisa=[("villa", 1)] * 3,
                  viareggio=[("villa", 1)] * 2, massa=[("villa", 1)] * 3)
    assert grey_met("city_product", 2, tiles) and grey_vp("city_product", tiles) == 18
    assert not grey_met("city_product", 2, board(pisa=[("villa", 1)] * 6))


@pytest.mark.parametrize(("seats", "need"), [(4, 2), (3, 3), (2, 4)])
def test_grey_city_and_land_pairs(seats: int, need: int) -> None:
    tiles = board(lerici=[("porta", 1)] * need + [("villa", 1)] * need)
    assert grey_met("city_land_pairs", seats, tiles)
    assert not grey_met("city_land_pairs", seats,
                        board(lerici=[("porta", 1)] * 6 + [("villa", 1)] * (need - 1)))
    # research: city 5, 4, 2, 2 and land 4, 1: (5 + 4) + (4 + 1)
    tiles = board(lerici=[("porta", 5), ("porta", 4), ("palazzo", 2), ("palazzo", 2),
                          ("villa", 4), ("castello", 1)])
    assert grey_vp("city_land_pairs", tiles) == 14
    tiles = board(lerici=[("porta", 4), ("palazzo", 4), ("porta", 3), ("palazzo", 1),
                          ("villa", 5), ("castello", 4), ("villa", 2), ("castello", 1)])
    assert grey_vp("city_land_pairs", tiles) == 24


# -- green ---------------------------------------------------------------------------

# research: the example board of the green cards (Lérici carries an upgrade tile)
EXAMPLE = board(livorno=[("cattedrale", 3), ("porta", 2)], lucca=[("villa", 1)],
                massa=[("biblioteca", 2)], lerici=[("cattedrale", 4), ("biblioteca", 8)])
UPGRADED = [*VALUES[:5], UPGRADED_VALUE["lerici"]]


def test_green_two_cities_of_your_choice() -> None:
    # Livorno 15 VP, Lucca 2 VP, Massa 2 VP, Lérici 12 coins
    assert green_gain("two_cities", EXAMPLE, VALUES, ("livorno", "lerici")) == Value(15, 12)
    assert green_gain("two_cities", EXAMPLE, VALUES, ("lucca", "massa")) == Value(vp=4)
    assert green_gain("two_cities", EXAMPLE, VALUES, ("pisa", "viareggio")) == Value()


def test_green_livorno_and_lerici() -> None:
    assert green_gain("livorno_lerici", EXAMPLE, VALUES) == Value(vp=15, coins=12)
    # research: with Lérici upgraded, "27 VPs and 12 coins"
    assert green_gain("livorno_lerici", EXAMPLE, UPGRADED) == Value(vp=27, coins=12)


def test_green_pisa_and_massa() -> None:
    assert green_gain("pisa_massa", EXAMPLE, VALUES) == Value(vp=2)


def test_green_lucca_and_viareggio() -> None:
    assert green_gain("lucca_viareggio", EXAMPLE, VALUES) == Value(vp=2)


def test_green_two_building_types_of_your_choice() -> None:
    # research: Biblioteca (2 VP + 8 coins) and Cattedrale (9 VP + 4 coins)
    choice = ("biblioteca", "cattedrale")
    assert green_gain("two_types", EXAMPLE, VALUES, choice) == Value(vp=11, coins=12)
    # research: with Lérici upgraded, "23 VPs and 12 coins"
    assert green_gain("two_types", EXAMPLE, UPGRADED, choice) == Value(vp=23, coins=12)


def test_green_smallest_building_of_each_type() -> None:
    # research: Biblioteca 2 in Massa 2, Cattedrale 3 in Livorno 9, Porta 2 in Livorno 6,
    # Villa 1 in Lucca 2: 19 VP
    assert green_gain("smallest_of_each_type", EXAMPLE, VALUES) == Value(vp=19)


def test_green_region_majority_nine_vp_each_side_ties_share() -> None:
    other = board(pisa=[("villa", 5)], massa=[("porta", 3)])
    assert green_majorities("region_majority", [EXAMPLE, other]) == [9 + 9, 0]
    assert green_majorities("region_majority", [other, other]) == [9 + 9, 9 + 9]
    assert green_majorities("region_majority", [board(), board()]) == [0, 0]


def test_green_city_majority_per_city() -> None:
    other = board(livorno=[("villa", 5)], pisa=[("porta", 1)], lerici=[("porta", 12)])
    # EXAMPLE: Livorno 5 (tie), Lucca 1, Massa 2, Lérici 12 (tie);
    # other: Livorno 5 (tie), Pisa 1, Lérici 12 (tie)
    assert green_majorities("city_majority", [EXAMPLE, other]) == [14 + 10 + 6 + 4, 14 + 12 + 4]


def test_green_cards_add_to_the_final_scoring_with_coins_converted() -> None:
    state = new_game(2, expansion=True, green="livorno_lerici", purple="objects",
                     grey="total_cost", brown="buildings")
    state = with_player(state, 0, cities=EXAMPLE, coins=3)
    parts = final_scores(state)[0]
    assert parts["bonus"] == 15 and parts["coins"] == (3 + 12) // 5


def test_expansion_final_scoring_uses_the_purple_and_grey_cards() -> None:
    state = new_game(2, expansion=True, purple="pairs", grey="land_buildings",
                     green="pisa_massa", brown="buildings")
    state = with_player(state, 0, items=items(cup=2, book=1), coins=0,
                        cities=board(lerici=[("villa", 5), ("porta", 5)]))
    parts = final_scores(state)[0]
    assert (parts["objects"], parts["buildings"], parts["bonus"]) == (6, 6, 0)


def test_expansion_announcement_needs_the_three_drawn_objectives() -> None:
    state = new_game(2, expansion=True, brown="cities_scored", purple="identical",
                     grey="eight_building", green="two_cities")
    state = replace(state, phase="closing", city_scored_by=(0, 0, 0, None, None, None))
    state = with_player(state, 0, items=items(cup=4), cities=board(lerici=[("villa", 8)]))
    assert AnnounceEnd() in GAME.legal(state, 0)
    state = replace(state, city_scored_by=(0, 0, 1, None, None, None))
    assert AnnounceEnd() not in GAME.legal(state, 0)


def test_green_two_cities_each_player_chooses_at_the_final_scoring() -> None:
    state = new_game(2, expansion=True, green="two_cities", brown="buildings",
                     purple="objects", grey="total_cost")
    state = with_player(state, 0, cities=EXAMPLE, coins=0)
    state = replace(state, turn=1, phase="closing", end="last_building")
    state, events = act(state, 1, EndTurn())
    assert events == [TurnEnded(1), GameEnded("last_building")]
    assert state.phase == "bonus" and GAME.active(state) == [0, 1]
    assert GAME.outcome(state) is None
    legal = GAME.legal(state, 0)
    assert len(legal) == 15 and ChooseBonusCities(("livorno", "lerici")) in legal
    assert GAME.legal(state, 1) == legal
    state, events = act(state, 0, ChooseBonusCities(("livorno", "lerici")))
    assert events == [BonusChosen(0, ("livorno", "lerici"))]
    assert GAME.active(state) == [1] and GAME.legal(state, 0) == []
    state, _ = act(state, 1, ChooseBonusCities(("pisa", "lucca")))
    assert state.phase == "over"
    parts = final_scores(state)[0]
    assert parts["bonus"] == 15 and parts["coins"] == 12 // 5


def test_green_two_types_asks_for_types_in_board_order() -> None:
    state = replace(new_game(3, expansion=True, green="two_types"), phase="bonus")
    legal = GAME.legal(state, 2)
    assert len(legal) == 15 and all(isinstance(c, ChooseBonusTypes) for c in legal)
    with pytest.raises(Illegal, match="board order"):
        GAME.decide(state, 2, ChooseBonusTypes(("villa", "porta")), None)  # type: ignore[arg-type]
    with pytest.raises(Illegal, match="asks for ChooseBonusTypes"):
        GAME.decide(state, 2, ChooseBonusCities(("pisa", "lucca")), None)  # type: ignore[arg-type]


def test_other_green_cards_need_no_choice() -> None:
    for green in GREENS:
        state = new_game(2, expansion=True, green=green)
        state = GAME.evolve(state, GameEnded("announced"))
        assert state.phase == ("bonus" if green in ("two_cities", "two_types") else "over")
