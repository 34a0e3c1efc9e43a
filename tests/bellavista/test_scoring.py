"""End of the Game: Height and Grouping objectives, contracts, the winner (seed)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.bellavista import GAME
from domain.bellavista.scoring import breakdown, grouping_score, height_score
from domain.bellavista.state import Building, State

from .helpers import building, contract_id, started


def ended(seats: int, *buildings: Building, height: str = "parks",
          grouping: str = "groups") -> State:
    return replace(started(seats), buildings=buildings, phase="over", height_objective=height,
                   grouping_objective=grouping)


# The 9 spaces of the unstriped Dove tile, filled by one architect's #1 to #4 and #6
NINE = (building(0, 1, (6, 0), (6, 1)), building(0, 2, (7, 0), (7, 1)),
        building(0, 3, (8, 0), (8, 1)), building(0, 4, (6, 2), (7, 2)),
        building(0, 6, (8, 2)))


def test_anne_largest_group_of_9_spaces_earns_18() -> None:
    state = ended(4, *NINE, building(0, 7, (0, 4)), building(0, 8, (0, 7)))
    assert grouping_score(state, 0, "largest_group") == 18  # 9 x 2


def test_anne_buildings_6_5_and_3_beside_a_river_earn_14() -> None:
    state = ended(4, building(0, 6, (2, 4)), building(0, 5, (2, 7), (2, 8)),
                  building(0, 3, (6, 3), (6, 4)), building(0, 8, (0, 3)))
    assert height_score(state, 0, "rivers") == 14  # 3 + 6 + 5


def test_adjacent_river_tiles_are_a_single_river() -> None:
    # (2, 5) touches River 1 only, (2, 6) River 2 only: both one River, counted once each
    state = ended(4, building(0, 2, (2, 5), (2, 6)))
    assert height_score(state, 0, "rivers") == 2


def test_anne_building_8_beside_two_parks_earns_8_for_each_16() -> None:
    state = ended(4, building(0, 8, (8, 8)))
    assert height_score(state, 0, "parks") == 16


def test_adjacent_park_tiles_are_a_single_park() -> None:
    # (8, 5) touches Park 4 and (8, 6) Park 5; the two tiles touch: one Park
    state = ended(4, building(0, 2, (8, 5), (8, 6)))
    assert height_score(state, 0, "parks") == 2


def test_border_objective_sums_the_heights_of_buildings_on_the_border() -> None:
    state = ended(4, building(0, 6, (0, 4)), building(0, 5, (4, 1), (5, 1)), building(0, 7, (11, 1)),
                  building(1, 8, (0, 7)))
    assert height_score(state, 0, "border") == 13
    assert height_score(state, 1, "border") == 8


def test_10_coins_for_each_group_of_at_least_two_adjacent_buildings() -> None:
    state = ended(4, building(0, 5, (0, 3), (0, 4)), building(0, 6, (0, 5)),  # group 1
                  building(0, 7, (8, 8)), building(0, 8, (7, 8)),  # group 2
                  building(1, 4, (1, 5), (2, 5)),  # another architect's: in no group of seat 0
                  building(0, 4, (11, 0), (11, 1)))  # alone
    assert grouping_score(state, 0, "groups") == 20


def test_5_coin_penalty_for_each_building_in_no_group() -> None:
    state = ended(4, building(0, 5, (0, 3), (1, 3)), building(0, 6, (0, 4)),
                  building(0, 4, (11, 0), (11, 1)), building(0, 7, (4, 1)), building(0, 8, (5, 0)))
    assert grouping_score(state, 0, "isolated") == -15  # (4, 1) and (5, 0) are only diagonal


def test_diagonal_buildings_do_not_form_a_group() -> None:
    state = ended(4, building(0, 7, (0, 3)), building(0, 6, (1, 4)))
    assert grouping_score(state, 0, "groups") == 0
    assert grouping_score(state, 0, "isolated") == -10


def test_the_total_adds_coins_objectives_and_contracts() -> None:
    state = ended(4, building(0, 8, (8, 8)), height="parks", grouping="isolated")
    state = replace(state, taken=((contract_id("border"), contract_id("parks")), (), (), ()))
    assert breakdown(state, 0) == {"coins": 20, "height_objective": 16,
                                   "grouping_objective": -5, "contracts": 5 + 3, "total": 39}


def test_the_highest_total_wins() -> None:
    state = ended(4, building(1, 8, (8, 8)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [1] and outcome.ranks == [2, 1, 2, 2]


def test_a_tie_goes_to_the_largest_group_then_the_victory_is_shared() -> None:
    state = ended(2, building(0, 7, (0, 3)), building(0, 6, (0, 4)),
                  building(1, 1, (6, 0), (7, 0)), building(1, 8, (7, 1)),
                  grouping="groups", height="rivers")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores[0] == outcome.scores[1]
    assert outcome.winners == [1] and outcome.ranks == [2, 1]  # 3 spaces beat 2
    shared = ended(2, building(0, 7, (0, 3)), building(1, 6, (11, 0)), grouping="groups",
                   height="rivers")
    result = GAME.outcome(shared)
    assert result is not None and result.winners == [0, 1] and result.ranks == [1, 1]


def test_no_outcome_before_the_end() -> None:
    assert GAME.outcome(started(4)) is None
