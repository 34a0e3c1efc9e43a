"""Every component value of The Palaces of Carrara, each tagged with where it comes from.

`seed` is the German rules summary (shared/seeds/004_...), `research` is
shared/research/carrara.md (the published rulebook), `assumption` is a value Plaza
chose where both are silent; RULES.md lists each with its reason.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

import msgspec

# -- blocks and the wheel -------------------------------------------------------

Colour = Literal["white", "yellow", "red", "green", "blue", "black"]
# seed: the six block colours; the order is dearest first (research: section I prices).
COLOURS: Final[tuple[Colour, ...]] = get_args(Colour)
BLOCKS_PER_COLOUR: Final = 7  # research: 42 blocks, 7 of each colour
# research: prices in section I; each later section is 1 cheaper, 0 or less is free.
BASE_PRICE: Final[dict[Colour, int]] = {
    "white": 6, "yellow": 5, "red": 4, "green": 3, "blue": 2, "black": 1,
}
SECTIONS: Final = 6  # research: sections I-VI
WHEEL_FILL: Final = 11  # seed: refill section I until 11 blocks lie on the wheel
# research: the starting block of each seat, start player first.
STARTING_BLOCK: Final[tuple[Colour, ...]] = ("black", "blue", "green", "red")
STARTING_COINS: Final = 20  # research: 20 coins each
BROKE_COINS: Final = 2  # research: a player who cannot buy takes 2 coins
ROMAN: Final = ("I", "II", "III", "IV", "V", "VI")  # research: section names


def price(colour: Colour, section: int) -> int:
    """Price of one block of `colour` in section `section` (0 = section I)."""
    return max(0, BASE_PRICE[colour] - section)


# -- cities ---------------------------------------------------------------------

City = Literal["livorno", "pisa", "lucca", "viareggio", "massa", "lerici"]
CITIES: Final[tuple[City, ...]] = get_args(City)  # seed: the six cities, dearest first
CITY_NAMES: Final[dict[City, str]] = {
    "livorno": "Livorno", "pisa": "Pisa", "lucca": "Lucca",
    "viareggio": "Viareggio", "massa": "Massa", "lerici": "Lérici",
}
# seed: Livorno white; Pisa adds yellow; Lucca red; Viareggio green; Massa blue; Lérici all.
ACCEPTS: Final[dict[City, frozenset[Colour]]] = {
    city: frozenset(COLOURS[: i + 1]) for i, city in enumerate(CITIES)
}
# seed: buildings needed to score a city (2 in Livorno, Pisa, Lucca; 3 in the others).
CITY_SCORING_MINIMUM: Final[dict[City, int]] = {
    "livorno": 2, "pisa": 2, "lucca": 2, "viareggio": 3, "massa": 3, "lerici": 3,
}


# gc=False: frozen component values, in every state; no cycle can pass through them.
class Value(msgspec.Struct, frozen=True, gc=False):
    """What one unit of building cost scores on a space of the player board."""

    vp: int = 0
    coins: int = 0


# research: the basic side's city values (VP or coins per unit of building cost).
CITY_VALUE: Final[dict[City, Value]] = {
    "livorno": Value(vp=3), "pisa": Value(coins=3), "lucca": Value(vp=2),
    "viareggio": Value(coins=2), "massa": Value(vp=1), "lerici": Value(coins=1),
}

# -- buildings and objects ------------------------------------------------------

Kind = Literal["biblioteca", "cattedrale", "palazzo", "porta", "castello", "villa"]
KINDS: Final[tuple[Kind, ...]] = get_args(Kind)  # seed: the six building types
KIND_NAMES: Final[dict[Kind, str]] = {
    "biblioteca": "Biblioteca", "cattedrale": "Cattedrale", "palazzo": "Palazzo",
    "porta": "Porta", "castello": "Castello", "villa": "Villa",
}
Category = Literal["city", "land"]
CATEGORIES: Final[tuple[Category, ...]] = get_args(Category)
# seed: Biblioteca, Cattedrale, Palazzo, Porta are city buildings; Castello, Villa land.
CATEGORY_OF: Final[dict[Kind, Category]] = {
    "biblioteca": "city", "cattedrale": "city", "palazzo": "city", "porta": "city",
    "castello": "land", "villa": "land",
}
BASE_COSTS: Final = (1, 2, 3, 4, 5)  # seed: each type five times, costs 1-5
EIGHT_COST: Final = 8  # seed: the expansion's cost-8 buildings, one per type (research)
DISPLAY_SLOTS: Final = 9  # research: nine face-up building tiles

Item = Literal["book", "cup", "crown", "gate", "flag", "coat_of_arms"]
ITEMS: Final[tuple[Item, ...]] = get_args(Item)  # research: the six object types
ITEM_NAMES: Final[dict[Item, str]] = {
    "book": "book", "cup": "cup", "crown": "crown", "gate": "gate", "flag": "flag",
    "coat_of_arms": "coat of arms",
}
# research: Biblioteca gives a book, Palazzo a crown.
# assumption: see RULES.md (Porta a gate, Cattedrale a cup, Castello a coat of arms,
# Villa a flag).
ITEM_OF: Final[dict[Kind, Item]] = {
    "biblioteca": "book", "palazzo": "crown", "porta": "gate", "cattedrale": "cup",
    "castello": "coat_of_arms", "villa": "flag",
}
ITEMS_PER_TYPE: Final = 6  # research: 36 objects, 6 of each type
OBJECT_PRICE: Final = 10  # seed: an extra purchase costs 10 coins
MAX_SCORINGS: Final = 6  # research: six scoring markers per player
ANNOUNCE_VP: Final = 5  # seed: the announcer takes 5 VP


class Tile(msgspec.Struct, frozen=True, gc=False, order=True):
    """A building tile; its type and cost name it uniquely (each pair exists once)."""

    kind: Kind
    cost: int


BASE_TILES: Final[tuple[Tile, ...]] = tuple(Tile(k, c) for k in KINDS for c in BASE_COSTS)
EIGHT_TILES: Final[tuple[Tile, ...]] = tuple(Tile(k, EIGHT_COST) for k in KINDS)

# -- player board: categories and upgrades --------------------------------------

BoardSide = Literal["basic", "advanced"]
# research: advanced side, city buildings x 1 coin, land buildings x 1 VP.
CATEGORY_VALUE: Final[dict[Category, Value]] = {"city": Value(coins=1), "land": Value(vp=1)}

Space = Literal["livorno", "pisa", "lucca", "viareggio", "massa", "lerici", "city", "land"]
SPACES: Final[tuple[Space, ...]] = get_args(Space)  # research: 8 upgrade tiles
SPACE_NAMES: Final[dict[Space, str]] = {
    "livorno": "Livorno", "pisa": "Pisa", "lucca": "Lucca", "viareggio": "Viareggio",
    "massa": "Massa", "lerici": "Lérici", "city": "city buildings", "land": "land buildings",
}
# research: upgraded Lucca is 3 VP + 1 coin (15 VP and 5 coins for two buildings),
# upgraded Lérici 1 VP + 1 coin (cards III and VI: 12 VP and 12 coins for costs 4 + 8).
# assumption: see RULES.md. The other spaces follow the rule both examples share:
# one VP more than the printed value, and at least one coin.
UPGRADED_VALUE: Final[dict[Space, Value]] = {
    "livorno": Value(vp=4, coins=1), "pisa": Value(vp=1, coins=3),
    "lucca": Value(vp=3, coins=1), "viareggio": Value(vp=1, coins=2),
    "massa": Value(vp=2, coins=1), "lerici": Value(vp=1, coins=1),
    "city": Value(vp=1, coins=1), "land": Value(vp=2, coins=1),
}


def by_seats(seats: int, four: int, three: int, two: int) -> int:
    """A threshold printed as '4/3/2 players'."""
    return {4: four, 3: three}.get(seats, two)
