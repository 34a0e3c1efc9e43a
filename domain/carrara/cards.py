"""The expansion's objective cards: brown (end condition), purple (objects), grey
(buildings) and green (bonus). The basic game uses the first card of the brown,
purple and grey piles, which are printed on its objectives board (research).

Each card is data: an objective test (`*_met`) and a final scoring (`*_vp`), both
pure functions of one player's holdings, so the rules tests can check every card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, get_args

from .components import (
    CATEGORY_OF,
    CITIES,
    EIGHT_COST,
    KINDS,
    City,
    Tile,
    Value,
    by_seats,
)

Brown = Literal[
    "score_4_times", "expensive_buildings", "buildings", "victory_points", "cities_scored",
    "coins",
]
Purple = Literal[
    "objects", "pairs", "triplets", "identical", "pair_and_quadruplet", "different",
    "groups_of_three", "pair_product",
]
Grey = Literal[
    "total_cost", "two_in_three_cities", "three_in_two_cities", "four_in_one_city",
    "eight_building", "land_buildings", "city_buildings", "city_product", "city_land_pairs",
]
Green = Literal[
    "two_cities", "livorno_lerici", "pisa_massa", "lucca_viareggio", "two_types",
    "smallest_of_each_type", "region_majority", "city_majority",
]
BROWNS: Final[tuple[Brown, ...]] = get_args(Brown)  # research: 6 brown cards
PURPLES: Final[tuple[Purple, ...]] = get_args(Purple)  # research: 8 purple cards
GREYS: Final[tuple[Grey, ...]] = get_args(Grey)  # research: 9 grey cards
GREENS: Final[tuple[Green, ...]] = get_args(Green)  # research: 8 green cards, II-IX
GREEN_NUMBER: Final[dict[Green, str]] = dict(zip(GREENS, ("II", "III", "IV", "V", "VI",
                                                           "VII", "VIII", "IX"), strict=True))
# seed/research: the basic game's three objectives.
BASIC_CARDS: Final[tuple[Brown, Purple, Grey]] = ("score_4_times", "objects", "total_cost")
# assumption: see RULES.md. Which brown, purple and grey card carries the "2" of the
# first expansion game is not published; green II is the only one known.
FIRST_GAME: Final[tuple[Brown, Purple, Grey, Green]] = (
    "buildings", "pairs", "land_buildings", "two_cities",
)

Buildings = Sequence[Sequence[Tile]]  # one sequence of tiles per city, in CITIES order


def all_tiles(cities: Buildings) -> list[Tile]:
    return [tile for city in cities for tile in city]


# -- brown: end conditions, no VP -------------------------------------------------


def brown_met(card: Brown, seats: int, cities: Buildings, scorings: int, vp: int,
              coins: int, cities_scored: int) -> bool:
    """research: each brown objective, with its 4/3/2-player threshold."""
    tiles = all_tiles(cities)
    match card:
        case "score_4_times":
            return scorings >= 4
        case "expensive_buildings":
            return sum(1 for t in tiles if t.cost >= 5) >= by_seats(seats, 2, 3, 4)
        case "buildings":
            return len(tiles) >= by_seats(seats, 6, 7, 8)
        case "victory_points":
            return vp >= by_seats(seats, 20, 25, 30)
        case "cities_scored":
            return cities_scored >= by_seats(seats, 1, 2, 3)
        case "coins":
            return coins >= by_seats(seats, 20, 25, 30)


def coins_per_vp(brown: Brown | None) -> int:
    """research: 5 coins make 1 VP at the end; with the brown coin card, 2."""
    return 2 if brown == "coins" else 5


# -- purple: objects ----------------------------------------------------------------

IDENTICAL_VP: Final = {2: 3, 3: 6, 4: 10, 5: 15, 6: 21}  # research: purple "identical"
DIFFERENT_VP: Final = {2: 3, 3: 7, 4: 12, 5: 18, 6: 24}  # research: purple "different"


def _pairs(counts: Sequence[int]) -> int:
    return sum(c // 2 for c in counts)


def _groups_of_three(counts: Sequence[int]) -> int:
    """The most disjoint sets of three different objects."""
    k = 0
    while sum(min(c, k + 1) for c in counts) >= 3 * (k + 1):
        k += 1
    return k


def _pair_and_quadruplets(counts: Sequence[int]) -> int:
    """The most disjoint (quadruplet, pair) combinations, each of one type apiece
    (six identical objects count as one of each, research)."""
    best = 0
    for quads in range(sum(c // 4 for c in counts) + 1):
        # take quadruplets from the largest piles first, then count pairs in the rest
        rest = sorted(counts, reverse=True)
        left = quads
        for i, c in enumerate(rest):
            take = min(left, c // 4)
            rest[i] -= 4 * take
            left -= take
        if left == 0:
            best = max(best, min(quads, _pairs(rest)))
    return best


def _layers(counts: Sequence[int]) -> list[int]:
    """Sets of different objects, largest first: layer k holds the types with more than k."""
    return [sum(1 for c in counts if c > k) for k in range(max(counts, default=0))]


def purple_met(card: Purple, seats: int, counts: Sequence[int]) -> bool:
    """research: each purple objective."""
    match card:
        case "objects":
            return sum(counts) >= by_seats(seats, 6, 7, 8)
        case "pairs" | "pair_product":
            return _pairs(counts) >= 3
        case "triplets":
            return sum(c // 3 for c in counts) >= 2
        case "identical":
            return max(counts, default=0) >= 4
        case "pair_and_quadruplet":
            return _pair_and_quadruplets(counts) >= 1
        case "different":
            return sum(1 for c in counts if c) >= 4
        case "groups_of_three":
            return _groups_of_three(counts) >= 2


def purple_vp(card: Purple, counts: Sequence[int]) -> int:
    """research: the final scoring of each purple card; objects it does not count are
    worth 1 VP each (with the basic card every object counts)."""
    total = sum(counts)
    match card:
        case "objects":
            return 3 * total
        case "pairs":
            return 5 * _pairs(counts) + (total - 2 * _pairs(counts))
        case "triplets":
            sets = sum(c // 3 for c in counts)
            return 7 * sets + (total - 3 * sets)
        case "identical":
            return sum(IDENTICAL_VP.get(c, c) for c in counts)
        case "pair_and_quadruplet":
            combos = _pair_and_quadruplets(counts)
            return 20 * combos + (total - 6 * combos)
        case "different":
            return sum(DIFFERENT_VP.get(size, size) for size in _layers(counts))
        case "groups_of_three":
            sets = _groups_of_three(counts)
            return 8 * sets + (total - 3 * sets)
        case "pair_product":
            groups = sorted((c for c in counts if c >= 2), reverse=True)[:3]
            product = 1
            for g in groups:
                product *= g
            return (product if groups else 0) + (total - sum(groups))


# -- grey: buildings ------------------------------------------------------------------

# research: VP per city for the grey cards "2 in 3 cities", "3 in 2", "4 in 1", "cost 8".
PER_CITY_VP: Final[dict[Grey, tuple[int, ...]]] = {
    "two_in_three_cities": (11, 9, 7, 5, 3, 1),
    "three_in_two_cities": (17, 14, 11, 8, 5, 2),
    "four_in_one_city": (23, 19, 15, 11, 7, 3),
    "eight_building": (34, 26, 19, 13, 8, 4),
}
# research: "2 buildings in each of 3 cities", "3 in each of 2", "4 in 1"
GROUP_SIZE: Final[dict[Grey, int]] = {
    "two_in_three_cities": 2, "three_in_two_cities": 3, "four_in_one_city": 4,
}
GROUPS_NEEDED: Final[dict[Grey, int]] = {
    "two_in_three_cities": 3, "three_in_two_cities": 2, "four_in_one_city": 1,
}


def _category_costs(cities: Buildings, category: str) -> list[int]:
    return sorted((t.cost for t in all_tiles(cities) if CATEGORY_OF[t.kind] == category),
                  reverse=True)


def grey_met(card: Grey, seats: int, cities: Buildings) -> bool:
    """research: each grey objective, with its 4/3/2-player threshold."""
    sizes = [len(c) for c in cities]
    match card:
        case "total_cost":
            return sum(t.cost for t in all_tiles(cities)) >= by_seats(seats, 20, 25, 30)
        case "two_in_three_cities" | "three_in_two_cities" | "four_in_one_city":
            size = GROUP_SIZE[card]
            return sum(1 for n in sizes if n >= size) >= GROUPS_NEEDED[card]
        case "eight_building":
            return any(t.cost == EIGHT_COST for t in all_tiles(cities))
        case "land_buildings":
            return len(_category_costs(cities, "land")) >= by_seats(seats, 2, 3, 4)
        case "city_buildings":
            return len(_category_costs(cities, "city")) >= by_seats(seats, 4, 5, 6)
        case "city_product":
            return sum(1 for n in sizes if n >= 2) >= 3
        case "city_land_pairs":
            need = by_seats(seats, 2, 3, 4)
            return min(len(_category_costs(cities, c)) for c in ("city", "land")) >= need


def grey_vp(card: Grey, cities: Buildings) -> int:
    """research: the final scoring of each grey card."""
    sizes = [len(c) for c in cities]
    match card:
        case "total_cost":
            return sum(t.cost for t in all_tiles(cities))
        case "two_in_three_cities" | "three_in_two_cities" | "four_in_one_city":
            per = PER_CITY_VP[card]
            return sum(per[i] * (n // GROUP_SIZE[card]) for i, n in enumerate(sizes))
        case "eight_building":
            per = PER_CITY_VP[card]
            return sum(per[i] * sum(1 for t in c if t.cost == EIGHT_COST)
                       for i, c in enumerate(cities))
        case "land_buildings":
            return 6 * len(_category_costs(cities, "land"))
        case "city_buildings":
            return 3 * len(_category_costs(cities, "city"))
        case "city_product":
            top = sorted((n for n in sizes if n), reverse=True)[:3]
            product = 1
            for n in top:
                product *= n
            return product if top else 0
        case "city_land_pairs":
            pairs = zip(_category_costs(cities, "city"), _category_costs(cities, "land"),
                        strict=False)
            return sum(a + b for a, b in pairs)


# -- green: bonus scoring -------------------------------------------------------------

# research: the two green cards that let each player choose what is scored again
CHOOSING_GREENS: Final[tuple[Green, ...]] = ("two_cities", "two_types")
GREEN_CITIES: Final[dict[Green, tuple[City, City]]] = {
    "livorno_lerici": ("livorno", "lerici"),
    "pisa_massa": ("pisa", "massa"),
    "lucca_viareggio": ("lucca", "viareggio"),
}
REGION_VP: Final = 9  # research: card VIII
CITY_MAJORITY_VP: Final = (14, 12, 10, 8, 6, 4)  # research: card IX


def _city_gain(cities: Buildings, values: Sequence[Value], index: int) -> Value:
    total = sum(t.cost for t in cities[index])
    return Value(values[index].vp * total, values[index].coins * total)


def _kind_gain(cities: Buildings, values: Sequence[Value], kind: str,
               smallest: bool = False) -> Value:
    placed = [(t.cost, i) for i, c in enumerate(cities) for t in c if t.kind == kind]
    if smallest:
        placed = sorted(placed)[:1]
    return Value(sum(values[i].vp * cost for cost, i in placed),
                 sum(values[i].coins * cost for cost, i in placed))


def _add(values: Sequence[Value]) -> Value:
    return Value(sum(v.vp for v in values), sum(v.coins for v in values))


def green_gain(card: Green, cities: Buildings, values: Sequence[Value],
               choice: Sequence[str] = ()) -> Value:
    """research: cards II-VII score a player's own board like the scoring action (no
    objects); for II and VI `choice` names the player's two cities or types. VIII and IX
    are majorities, see `green_majorities`."""
    match card:
        case "two_cities":
            return _add([_city_gain(cities, values, CITIES.index(c)) for c in choice])
        case "livorno_lerici" | "pisa_massa" | "lucca_viareggio":
            pair = GREEN_CITIES[card]
            return _add([_city_gain(cities, values, CITIES.index(c)) for c in pair])
        case "two_types":
            return _add([_kind_gain(cities, values, k) for k in choice])
        case "smallest_of_each_type":
            return _add([_kind_gain(cities, values, k, smallest=True) for k in KINDS])
        case "region_majority" | "city_majority":
            return Value()


def green_majorities(card: Green, boards: Sequence[Buildings]) -> list[int]:
    """research: VP per seat for cards VIII and IX; ties all score; Plaza requires a
    total above 0 (assumption: see RULES.md)."""
    if card == "region_majority":
        groups = [(0, 1, 2, REGION_VP), (3, 4, 5, REGION_VP)]
    elif card == "city_majority":
        groups = [(i, i, i, vp) for i, vp in enumerate(CITY_MAJORITY_VP)]
    else:
        return [0] * len(boards)
    out = [0] * len(boards)
    for *indexes, vp in groups:
        totals = [sum(t.cost for i in set(indexes) for t in board[i]) for board in boards]
        top = max(totals)
        for seat, total in enumerate(totals):
            if top > 0 and total == top:
                out[seat] += vp
    return out
