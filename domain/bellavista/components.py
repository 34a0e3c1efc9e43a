"""Every component value of Bella Vista, each tagged with where it comes from.

Tags: `seed` (the rulebook text in ../shared/seeds/000 or its Japanese twin 001),
`assumption: see RULES.md` (a value Plaza designed because no text or public
source gives it; RULES.md says why). No public reference data exists for this game.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

import msgspec

# -- architects ------------------------------------------------------------------

# seed: "4 colored sets — Red, Blue, Green and Yellow"; "each architect chooses a color"
Colour = Literal["red", "blue", "green", "yellow"]
COLOURS: Final[tuple[Colour, ...]] = get_args(Colour)
# seed: only the Red and Blue sets have the two-architect Construction Cards and Roof Tiles
TWO_ARCHITECT_COLOURS: Final[tuple[Colour, ...]] = ("red", "blue")
# seed: two-architect game: Red and Blue also build Green and Yellow under their roof tiles;
# assumption: see RULES.md (Red takes Green, Blue takes Yellow)
ROOFED_COLOUR: Final = {"red": "green", "blue": "yellow"}

HEIGHTS: Final = tuple(range(1, 9))  # seed: 8 buildings numbered by height, 8 construction cards
ROUNDS: Final = 8  # seed: "the 8th round ends the game"
COINS: Final = {2: 30, 3: 20, 4: 20}  # seed: "Take 20 Coins each" / "Each architect takes 30 Coins"
HAND_SIZE: Final = {2: 5, 3: 3, 4: 3}  # seed: draw 3 cards / "each draws a hand of 5 cards"
OFFERS_PER_ROUND: Final = {2: 2, 3: 1, 4: 1}  # seed: "The Offer Phase will be done twice"

# -- offer board -------------------------------------------------------------------

# seed: 2/4 side has 5 spaces worth 0 to 7; the examples pay 7, 5, 3 (3rd space), 1 and 0
OFFER_COSTS_2_4: Final = (7, 5, 3, 1, 0)
# assumption: see RULES.md (seed: "4 Offer Spaces, worth 0 to 6 Coins")
OFFER_COSTS_3: Final = (6, 4, 2, 0)


def offer_costs(seats: int) -> tuple[int, ...]:
    return OFFER_COSTS_3 if seats == 3 else OFFER_COSTS_2_4


# -- town tiles ----------------------------------------------------------------------

TILE_SIDE: Final = 3  # assumption: see RULES.md (every tile is 3 x 3 spaces)
TileKind = Literal["neighborhood", "park", "river"]

# seed: Flower, Butterfly and Leaf neighborhoods, striped and unstriped;
# assumption: see RULES.md (the fourth motif of the 8 neighborhoods is the Dove)
MOTIFS: Final = ("flower", "butterfly", "leaf", "dove")
NEIGHBORHOODS: Final = tuple(
    f"{motif}_striped" if striped else motif for motif in MOTIFS for striped in (True, False)
)
PARKS: Final = tuple(f"park_{i}" for i in range(1, 6))  # seed: 5 Park Tiles
RIVERS: Final = ("river_1", "river_2")  # seed: 2 River Tiles
TILES: Final = NEIGHBORHOODS + PARKS + RIVERS  # seed: 8 + 5 + 2 = 15 modular town tiles


def tile_kind(tile: str) -> TileKind:
    if tile in PARKS:
        return "park"
    if tile in RIVERS:
        return "river"
    return "neighborhood"


def tile_label(tile: str) -> str:
    """'flower_striped' -> 'striped Flower'; 'park_2' -> 'Park 2'."""
    if tile.endswith("_striped"):
        return f"striped {tile.removesuffix('_striped').capitalize()}"
    if tile in PARKS or tile in RIVERS:
        kind, number = tile.split("_")
        return f"{kind.capitalize()} {number}"
    return f"unstriped {tile.capitalize()}"


# -- building footprints ---------------------------------------------------------------

Cells = tuple[tuple[int, int], ...]
_TWO: Final[Cells] = ((0, 0), (0, 1))  # 2 spaces in a row
_ONE: Final[Cells] = ((0, 0),)
# assumption: see RULES.md (shorter buildings cover more spaces, as the Grouping note implies;
# five 2-space buildings each so that the spanning contract is met in a normal game)
FOOTPRINTS: Final[dict[int, Cells]] = {
    1: _TWO,
    2: _TWO,
    3: _TWO,
    4: _TWO,
    5: _TWO,
    6: _ONE,
    7: _ONE,
    8: _ONE,
}

# -- zoning cards (10) -------------------------------------------------------------------

ZoningKind = Literal["subsidized", "community_parks", "no_parks", "no_rivers", "no_borders"]
STRIPED: Final = tuple(n for n in NEIGHBORHOODS if n.endswith("_striped"))
UNSTRIPED: Final = tuple(n for n in NEIGHBORHOODS if not n.endswith("_striped"))


def _motifs(*motifs: str) -> tuple[str, ...]:
    return tuple(n for n in NEIGHBORHOODS if n.split("_")[0] in motifs)


# seed: 6 different Subsidized Neighborhoods cards (one shows the striped neighborhoods);
# assumption: see RULES.md (which neighborhoods each of the six shows)
SUBSIDIZED: Final[dict[str, tuple[str, ...]]] = {
    "subsidized_striped": STRIPED,
    "subsidized_unstriped": UNSTRIPED,
    "subsidized_flower_butterfly": _motifs("flower", "butterfly"),
    "subsidized_leaf_dove": _motifs("leaf", "dove"),
    "subsidized_flower_leaf": _motifs("flower", "leaf"),
    "subsidized_butterfly_dove": _motifs("butterfly", "dove"),
}
# seed: Community Parks, No Parks, No Rivers, No Borders; 10 zoning cards in all
ZONING: Final[dict[str, ZoningKind]] = {
    **{card: "subsidized" for card in SUBSIDIZED},
    "community_parks": "community_parks",
    "no_parks": "no_parks",
    "no_rivers": "no_rivers",
    "no_borders": "no_borders",
}

# -- objectives --------------------------------------------------------------------------

HeightObjective = Literal["parks", "rivers", "border"]
GroupingObjective = Literal["largest_group", "groups", "isolated"]
HEIGHT_OBJECTIVES: Final[tuple[HeightObjective, ...]] = ("parks", "rivers", "border")  # seed
GROUPING_OBJECTIVES: Final[tuple[GroupingObjective, ...]] = (  # seed: the three cards
    "largest_group",
    "groups",
    "isolated",
)
COINS_PER_GROUP_SPACE: Final = 2  # seed: "2 Coins for each space" of the largest group
COINS_PER_GROUP: Final = 10  # seed: "10 Coins for each of your Groups"
PENALTY_PER_LONE_BUILDING: Final = 5  # seed: "a 5-Coin penalty for each" lone building

# -- earning coins -------------------------------------------------------------------------

COIN_PER_SHORTER_NEIGHBOUR: Final = 1  # seed: "1 Coin for each adjacent Building ... shorter"
TALLEST_BONUS: Final = 3  # seed: "3 Coins if ... strictly taller than all adjacent" or isolated

# -- contract cards (18) ---------------------------------------------------------------------

ContractKind = Literal["one_tile", "tiles", "spanning", "border", "rivers", "parks"]


# gc=False: frozen component values, in every state; no cycle can pass through them.
class Contract(msgspec.Struct, frozen=True, gc=False):
    """One contract card: a requirement and the coins it is worth at the end."""

    id: int
    kind: ContractKind
    coins: int
    count: int  # buildings required with 3 or 4 architects (see `needed`)
    tiles: tuple[str, ...] = ()

    def needed(self, seats: int) -> int:
        """seed: 3 instead of 2 buildings in a two-architect game, for these three kinds."""
        if seats == 2 and self.kind in ("one_tile", "rivers", "parks"):
            return self.count + 1
        return self.count


def _contracts() -> tuple[Contract, ...]:
    cards: list[Contract] = []
    # seed: 8 cards "2 Buildings built entirely on the Neighborhood Tile shown";
    # assumption: see RULES.md (one card per neighborhood, 5 coins each)
    for tile in NEIGHBORHOODS:
        cards.append(Contract(len(cards), "one_tile", 5, 2, (tile,)))
    # seed: 4 cards with two neighborhoods; assumption: see RULES.md (pairs, 4 coins)
    for pair in (("flower_striped", "leaf"), ("butterfly_striped", "dove"),
                 ("leaf_striped", "flower"), ("dove_striped", "butterfly")):
        cards.append(Contract(len(cards), "tiles", 4, 1, pair))
    # seed: 2 cards with four neighborhoods; assumption: see RULES.md (quartets, 8 coins)
    for quartet in (("flower_striped", "butterfly_striped", "leaf", "dove"),
                    ("leaf_striped", "dove_striped", "flower", "butterfly")):
        cards.append(Contract(len(cards), "tiles", 8, 1, quartet))
    # seed: the four remaining kinds; assumption: see RULES.md (their coins)
    cards.append(Contract(len(cards), "spanning", 6, 2))
    cards.append(Contract(len(cards), "border", 5, 4))
    cards.append(Contract(len(cards), "rivers", 5, 2))
    cards.append(Contract(len(cards), "parks", 3, 2))
    return tuple(cards)


CONTRACTS: Final = _contracts()
FACE_UP_CONTRACTS: Final = 4  # seed: "Draw the top four cards and place them face-up"
